"""Helpers of the tests that probe a running server (basp_oversized_header,
fd_exhaustion): start it, read its port, its memory and CPU time from /proc.
Every wait is bounded; every process started here is killed at exit."""
import atexit
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time

_started = []


def _kill_all():
    for p in _started:
        if p.poll() is None:
            p.kill()
            p.wait()


atexit.register(_kill_all)
# A failed check ends the test at once, with what the server logged.
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))


def without_vptr_checks(environ):
    """The environment for a server run out of file descriptors on purpose.
    UndefinedBehaviorSanitizer's vptr check probes an object it has not seen
    before through a pipe(), and with no descriptor left reports "invalid
    vptr" on a valid object (seen on std::cout and on CAF's message tuples):
    under the sanitizers such a server runs without that one check."""
    env = dict(environ)
    supp = os.path.join(os.path.dirname(os.path.abspath(__file__)), "no_vptr_check.supp")
    env["UBSAN_OPTIONS"] = ":".join(filter(None, [env.get("UBSAN_OPTIONS", ""),
                                                 "suppressions=" + supp]))
    return env


class server:
    """A server process whose output goes to a file; `port` is the one it
    printed (a line matching `pattern`, group 1)."""

    def __init__(self, argv, pattern, open_files=None):
        self.log_file = tempfile.NamedTemporaryFile(prefix="server-probe-", delete=False)
        limit = None
        env = None
        if open_files is not None:
            limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
            env = without_vptr_checks(os.environ)
        self.proc = subprocess.Popen(argv, stdout=self.log_file, stderr=subprocess.STDOUT,
                                     preexec_fn=limit, env=env)
        _started.append(self.proc)
        self.port = None
        for _ in range(100):
            m = re.search(pattern, self.log())
            if m:
                self.port = int(m.group(1))
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        fail("the server did not start within 10 s")

    def log(self):
        with open(self.log_file.name, errors="replace") as f:
            return f.read()

    def status(self, field):
        """VmRSS, VmHWM, ... of /proc/PID/status, in bytes."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
        fail(f"no {field} in /proc/{self.proc.pid}/status")

    def cpu_seconds(self):
        """User + system time so far, from /proc/PID/stat."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


_servers = []


def start(argv, pattern, open_files=None):
    s = server(argv, pattern, open_files)
    _servers.append(s)
    return s


def fail(why):
    print("FAILED:", why)
    for s in _servers:
        print(f"--- {' '.join(s.proc.args)} logged:")
        print(s.log())
    sys.exit(1)


def run(argv, timeout):
    """Runs a command to its end (at most `timeout` s); its exit code and
    output (stdout and stderr together)."""
    try:
        done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, text=True)
    except subprocess.TimeoutExpired:
        fail(f"{' '.join(argv)} did not end within {timeout} s")
    return done.returncode, done.stdout


# How `serve` and `node` print where they listen.
SERVE_PORT = r"actorbench serve: listening on [^ ]*:(\d+) "
NODE_PORT = r"actorbench node listening on [^ ]*:(\d+)"
