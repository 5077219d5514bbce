#!/usr/bin/python3
"""CTest: the C++ client (interop_client) completes the handshake with a
responder written on dissononce and exchanges sealed packets with it.

usage: responder_test.py INTEROP_CLIENT

The responder speaks the game server's TCP framing: it answers the hello
with a welcome, each packet with accepted or rejected (forged, duplicate),
and a stats_request with one packet it seals to the client two epochs on
(the epoch before lost). The client's sender moves an epoch every two
packets, so its packets span epochs 0 and 1 (Noise's REKEY, here computed by
dissononce). Exit 0 when the
client reports OK and the responder saw what it should, 1 otherwise."""
import os
import socket
import subprocess
import sys
import threading

from cryptography.exceptions import InvalidTag

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import noise_peer as peer  # noqa: E402


class Stream:
    """The server's end of one TCP connection, as peer.Link reads frames."""

    def __init__(self, sock):
        self.sock = sock

    def send(self, kind, payload=b""):
        self.sock.sendall(peer.frame(kind, payload))

    receive = peer.Link.receive
    _exactly = peer.Link._exactly
    udp = False


def serve(listener, responder, seen):
    conn, _ = listener.accept()
    conn.settimeout(10)
    link = Stream(conn)
    kind, hello = link.receive()
    assert kind == peer.HELLO, kind
    reply, token, (send, receive) = responder.reply(hello)
    link.send(peer.WELCOME, reply)
    channel = peer.Channel(send, receive, "chacha20-poly1305")
    counters = set()
    while True:
        try:
            kind, payload = link.receive()
        except (ConnectionError, OSError):
            return
        if kind == peer.STATS_REQUEST:
            channel.rekey()
            channel.seal(b"lost on the way")
            channel.rekey()
            link.send(peer.PACKET, channel.seal(b"from the responder"))
            continue
        if kind != peer.PACKET:
            return
        try:
            channel.open(payload)
        except InvalidTag:
            seen.append("forged")
            link.send(peer.REJECTED, bytes([2]) + peer.packet_name(payload))
            continue
        if payload[:9] in counters:  # epoch and counter
            seen.append("duplicate")
            link.send(peer.REJECTED, bytes([3]) + peer.packet_name(payload))
            continue
        counters.add(payload[:9])
        seen.append("accepted %d" % payload[0])
        link.send(peer.ACCEPTED, peer.packet_name(payload))  # verdicts name their packet


def main():
    if len(sys.argv) != 2:
        print("usage: responder_test.py INTEROP_CLIENT", file=sys.stderr)
        return 2
    responder = peer.Responder(os.urandom(32))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(20)
    seen = []
    thread = threading.Thread(target=serve, args=(listener, responder, seen), daemon=True)
    thread.start()
    port = listener.getsockname()[1]
    run = subprocess.run([sys.argv[1], str(port), responder.public_key.hex()],
                         capture_output=True, text=True, timeout=60)
    thread.join(timeout=10)
    print(run.stdout + run.stderr, end="")
    want = ["accepted 0", "accepted 0", "accepted 1", "forged", "duplicate"]
    if run.returncode != 0 or seen != want:
        print("responder_test: FAIL: client exit %d, responder saw %s (want %s)"
              % (run.returncode, seen, want))
        return 1
    print("responder_test: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
