#!/usr/bin/python3
"""CTest: a client on dissononce completes the handshake with game_server
and gets the verdicts its packets deserve.

usage: game_client_test.py GAME_SERVER tcp|udp

Starts the server on a free loopback port with chacha20-poly1305, reads its
port and key from its output, then: handshake (hello -> welcome; over UDP
hello with a zero cookie -> challenge -> hello with its cookie -> welcome),
three sealed packets (accepted), one with a byte flipped (forged), one sent
again (duplicate), one packet in each of epochs 1 to 3 and, epoch 4's only
packet lost, one of epoch 5 (accepted), each verdict naming its packet; over
UDP then the server's bye at its idle timeout, which must open under the client's
receiving key as an empty message. Exit 0 when all hold, 1 with the reason otherwise."""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import noise_peer as peer  # noqa: E402


def fail(why):
    print("game_client_test: FAIL: " + why)
    sys.exit(1)


def start_server(binary, transport):
    # Over UDP a short idle timeout brings the server's sealed bye.
    idle = ["--idle-timeout", "1.5"] if transport == "udp" else []
    proc = subprocess.Popen([binary, "--port", "0", "--transport", transport, "--duration", "60",
                             "--cipher", "chacha20-poly1305"] + idle,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = key = None
    deadline = time.time() + 15
    while time.time() < deadline and (port is None or key is None):
        line = proc.stdout.readline()
        if not line:
            break
        m = re.match(r"game_server: listening on .*:(\d+),", line)
        port = int(m.group(1)) if m else port
        m = re.match(r"game_server: server key ([0-9a-f]{64})$", line.strip())
        key = bytes.fromhex(m.group(1)) if m else key
    if port is None or key is None:
        proc.kill()
        fail("the server printed no port and key within 15 s")
    return proc, port, key


def handshake(link, key, udp):
    """Over UDP the hello goes behind a cookie: zeros first, then the one the
    server's challenge gives."""
    client = peer.Initiator(key)
    cookie = bytes(peer.COOKIE_BYTES)
    for attempt in range(10):  # UDP: the hello, challenge or welcome may be lost
        link.send(peer.HELLO, cookie + client.hello if udp else client.hello)
        try:
            kind, payload = link.receive()
        except TimeoutError:
            if udp:
                continue
            raise
        if udp and kind == peer.CHALLENGE and len(payload) == peer.COOKIE_BYTES:
            cookie = payload
            continue
        if kind != peer.WELCOME:
            fail("hello answered with frame type %d, not welcome" % kind)
        return client.finish(payload)
    fail("no welcome after 10 hellos")


def verdict(link, packet):
    """The verdict on `packet` (named by its epoch, counter and last 8 bytes)."""
    kind, payload = link.receive()
    got = peer.verdict_of(kind, payload)
    if got is None:
        fail("a packet answered with frame type %d (%d bytes)" % (kind, len(payload)))
    if got[1] != peer.packet_name(packet):
        fail("a verdict for packet %s, expected one for %s"
             % (got[1].hex(), peer.packet_name(packet).hex()))
    return got[0]


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("tcp", "udp"):
        print("usage: game_client_test.py GAME_SERVER tcp|udp", file=sys.stderr)
        return 2
    binary, transport = sys.argv[1], sys.argv[2]
    proc, port, key = start_server(binary, transport)
    try:
        link = peer.Link("127.0.0.1", port, transport, timeout=1.0 if transport == "udp" else 5.0)
        send, receive = handshake(link, key, transport == "udp")
        channel = peer.Channel(send, receive, "chacha20-poly1305")
        link.sock.settimeout(5.0)
        sent = []
        for i in range(3):
            sent.append(channel.seal(b"move %d" % i))
            link.send(peer.PACKET, sent[-1])
            got = verdict(link, sent[-1])
            if got != "accepted":
                fail("sealed packet %d: %s, not accepted" % (i, got))
        tampered = bytearray(channel.seal(b"tampered"))
        tampered[-1] ^= 1
        link.send(peer.PACKET, bytes(tampered))
        got = verdict(link, bytes(tampered))
        if got != "forged":
            fail("tampered packet: %s, not forged" % got)
        link.send(peer.PACKET, sent[1])
        got = verdict(link, sent[1])
        if got != "duplicate":
            fail("replayed packet: %s, not duplicate" % got)
        # Past the first rekey: the client's sender moves epochs (Noise's
        # REKEY, computed by dissononce) and the server follows, also over a
        # lost packet that was the only one of its epoch.
        for i in range(3):
            channel.rekey()
            packet = channel.seal(b"rekeyed %d" % i)
            link.send(peer.PACKET, packet)
            got = verdict(link, packet)
            if got != "accepted":
                fail("a packet of epoch %d: %s, not accepted" % (packet[0], got))
        channel.rekey()
        channel.seal(b"lost")
        channel.rekey()
        after_loss = channel.seal(b"after the loss")
        link.send(peer.PACKET, after_loss)
        got = verdict(link, after_loss)
        if got != "accepted":
            fail("the packet after a lost epoch (epoch %d): %s, not accepted"
                 % (after_loss[0], got))
        bye = ""
        if transport == "udp":  # the server ends the idle session: a sealed empty message
            link.sock.settimeout(10.0)
            kind, payload = link.receive()
            if kind != peer.BYE:
                fail("an idle session got frame type %d, not bye" % kind)
            try:
                message = channel.open(payload)
            except Exception as e:  # cryptography's InvalidTag, or a short payload
                fail("the server's bye did not open under the session's key (%r)" % e)
            if message != b"":
                fail("the server's bye carried %d bytes, not an empty message" % len(message))
            bye = ", a sealed bye"
        link.close()
        print("game_client_test: OK (%s): handshake, 3 accepted, 1 forged, 1 duplicate, "
              "epochs 1-3 and 5 accepted (4 lost)%s" % (transport, bye))
        return 0
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    sys.exit(main())
