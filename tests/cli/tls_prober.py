#!/usr/bin/env python3
"""tls_prober.py PORTS SECONDS STOP_FILE [CERT KEY]

Hammers TLS ports (comma-separated, on 127.0.0.1) with connections that end
badly, the way a port scanner, a health check or a crashed client does: in
turn a raw TCP connect and close, a connect and reset, plain-text bytes, a
ClientHello and close, and (with CERT and KEY) a complete mutually
authenticated handshake closed without close_notify. It loops until SECONDS
have passed or STOP_FILE exists, whichever comes first, and prints how many
probes of each kind it made. Every socket operation has a timeout, so it
always ends by itself.
"""
import os
import socket
import ssl
import struct
import sys
import time


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=2)
    s.settimeout(2)
    return s


def raw_close(port, _):
    connect(port).close()


def reset(port, _):
    s = connect(port)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def plain_text(port, _):
    s = connect(port)
    s.sendall(b"GET / HTTP/1.0\r\n\r\n")
    s.close()


def client_hello(port, _):
    """Sends a ClientHello, waits briefly for the server's first flight, closes."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = ctx.wrap_bio(incoming, outgoing)
    try:
        tls.do_handshake()
    except ssl.SSLWantReadError:
        pass
    s = connect(port)
    s.sendall(outgoing.read())
    s.settimeout(0.05)
    try:
        s.recv(4096)
    except OSError:
        pass
    s.close()


def handshake_then_close(port, ctx):
    """A full handshake with a trusted certificate, then a close without close_notify."""
    s = connect(port)
    tls = ctx.wrap_socket(s, do_handshake_on_connect=False)
    try:
        tls.do_handshake()
        tls.settimeout(0.05)
        try:
            tls.recv(1)  # the server's session tickets or its alert
        except OSError:
            pass
    except OSError:
        pass
    # Closes the socket without ssl's unwrap(): no close_notify.
    socket.socket.close(tls)


def main():
    ports = [int(p) for p in sys.argv[1].split(",")]
    deadline = time.monotonic() + float(sys.argv[2])
    stop_file = sys.argv[3]
    probes = [raw_close, reset, plain_text, client_hello]
    ctx = None
    if len(sys.argv) > 5:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        ctx.load_cert_chain(sys.argv[4], sys.argv[5])
        probes.append(handshake_then_close)
    counts = {p.__name__: 0 for p in probes}
    failures = 0
    while time.monotonic() < deadline and not os.path.exists(stop_file):
        for probe in probes:
            for port in ports:
                try:
                    probe(port, ctx)
                    counts[probe.__name__] += 1
                except OSError:
                    failures += 1
        time.sleep(0.01)
    print("prober: " + ", ".join(f"{n} {k}" for k, n in counts.items())
          + f", {failures} failed to connect")


if __name__ == "__main__":
    main()
