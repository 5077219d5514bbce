#!/usr/bin/python3
"""CTest: the C++ secure session (session_peer) against one written on
dissononce and python3-cryptography (noise_peer), past several rekeys.

usage: session_interop_test.py SESSION_PEER

For each handshake pattern (NK, IK), key agreement library (libsodium,
OpenSSL), role of the C++ side (responder, initiator) and channel AEAD
(libsodium's and OpenSSL's ChaCha20-Poly1305, OpenSSL's AES-256-GCM and
AES-128-GCM): the handshake, then 10 packets each way with both senders
moving an epoch every 3 packets (epochs 0 to 3 both ways), a lost packet
that was the only one of its epoch, a replay (duplicate), a tampered
packet and random bytes of an unknown epoch (both forged). Exit 0 when
every run holds, 1 naming the first that does not."""
import os
import select
import struct
import subprocess
import sys
import time

from cryptography.exceptions import InvalidTag

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import noise_peer as peer  # noqa: E402

REKEY_AFTER = 3
CHANNELS = [("sodium", "chacha20-poly1305"), ("openssl", "chacha20-poly1305"),
            ("openssl", "aes-256-gcm"), ("openssl", "aes-128-gcm")]


class Failure(Exception):
    pass


class Peer:
    """session_peer's records: type (1) || length (4, big-endian) || payload."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)

    def send(self, kind, payload):
        self.proc.stdin.write(kind.encode() + struct.pack(">I", len(payload)) + payload)
        self.proc.stdin.flush()

    def _exactly(self, n, deadline):
        out = b""
        while len(out) < n:
            left = deadline - time.time()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(left, 0))
            if not ready:
                raise Failure("session_peer sent nothing within 10 s")
            chunk = os.read(self.proc.stdout.fileno(), n - len(out))
            if not chunk:
                raise Failure("session_peer ended: %s" % self.proc.stderr.read().decode().strip())
            out += chunk
        return out

    def receive(self, want):
        deadline = time.time() + 10
        head = self._exactly(5, deadline)
        (length,) = struct.unpack(">I", head[1:])
        kind, payload = chr(head[0]), self._exactly(length, deadline)
        if kind != want:
            raise Failure("a %s record (%r), expected %s" % (kind, payload[:40], want))
        return payload

    def close(self):
        self.proc.stdin.close()
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Failure("session_peer did not end within 10 s of its input")
        if code != 0:
            raise Failure("session_peer exit %d: %s" % (code, self.proc.stderr.read().decode()))


def handshake(binary, pattern, ka, backend, cipher, cpp_role):
    """Starts session_peer and runs the handshake: (peer, send key, receive key)."""
    client_secret = os.urandom(32)
    client_public = peer.public_key_of(client_secret)
    common = [binary, cpp_role, pattern, ka, backend, cipher, str(REKEY_AFTER)]
    if cpp_role == "responder":
        p = Peer(common + ([client_public.hex()] if pattern == "ik" else []))
        server_key = p.receive("K")
        client = peer.Initiator(server_key, b"a token",
                                static=client_secret if pattern == "ik" else None)
        p.send("H", client.hello)
        send, receive = client.finish(p.receive("R"))
        return p, send, receive
    responder = peer.Responder(os.urandom(32),
                               known_clients=[client_public] if pattern == "ik" else None)
    ik_keys = [client_secret.hex(), client_public.hex()] if pattern == "ik" else []
    p = Peer(common + [responder.public_key.hex()] + ik_keys)
    reply, token, (send, receive) = responder.reply(p.receive("H"))
    if token != b"a token":
        raise Failure("the hello carried %r, not the token" % bytes(token))
    p.send("R", reply)
    return p, send, receive


def exchange(p, channel, text):
    """Sends a sealed `text`; the echo must open and say it back: (the
    packet's epoch, the echo's)."""
    packet = channel.seal(text)
    p.send("P", packet)
    back = p.receive("P")
    try:
        opened = channel.open(back)
    except InvalidTag:
        raise Failure("the echo of %r did not open (epoch %d)" % (text, back[0]))
    if opened != b"echo:" + text:
        raise Failure("the echo of %r was %r" % (text, opened))
    return packet[0], back[0]


def verdict(p, packet, want):
    p.send("P", packet)
    got = p.receive("V").decode()
    if got != want:
        raise Failure("a packet judged %s, expected %s" % (got, want))


def session(binary, pattern, ka, backend, cipher, cpp_role):
    p, send, receive = handshake(binary, pattern, ka, backend, cipher, cpp_role)
    try:
        channel = peer.Channel(send, receive, cipher, rekey_after=REKEY_AFTER)
        epochs = [exchange(p, channel, b"m%d" % i) for i in range(10)]
        sent, echoed = [e[0] for e in epochs], [e[1] for e in epochs]
        if max(sent) != 3 or max(echoed) != 3:
            raise Failure("epochs sent %s, echoed %s: not past three rekeys" % (sent, echoed))
        # The only packet of its epoch is lost: the next epoch's still opens.
        channel.rekey()
        channel.seal(b"lost")
        channel.rekey()
        after = channel.seal(b"after the loss")
        p.send("P", after)
        if channel.open(p.receive("P")) != b"echo:after the loss":
            raise Failure("the packet after the loss was not echoed")
        verdict(p, after, "duplicate")
        tampered = bytearray(channel.seal(b"tampered"))
        tampered[-1] ^= 1
        verdict(p, bytes(tampered), "forged")
        verdict(p, bytes([(channel.epoch + 100) % 256]) + os.urandom(40), "forged")
        exchange(p, channel, b"still open")
    finally:
        p.close()


def main():
    if len(sys.argv) != 2:
        print("usage: session_interop_test.py SESSION_PEER", file=sys.stderr)
        return 2
    runs = 0
    for pattern in ("nk", "ik"):
        for ka in ("sodium", "openssl"):
            for cpp_role in ("responder", "initiator"):
                for backend, cipher in CHANNELS:
                    what = "%s, %s key agreement, C++ %s, %s %s" % (pattern.upper(), ka, cpp_role,
                                                                   backend, cipher)
                    try:
                        session(sys.argv[1], pattern, ka, backend, cipher, cpp_role)
                    except (Failure, InvalidTag, ValueError) as e:
                        print("session_interop_test: FAIL (%s): %s" % (what, e or repr(e)))
                        return 1
                    runs += 1
    print("session_interop_test: OK: %d sessions (NK and IK, libsodium and OpenSSL key "
          "agreement, either role, 4 AEADs): 10 packets each way over epochs 0-3, a lost "
          "epoch, a duplicate, 2 forgeries" % runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
