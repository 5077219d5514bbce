"""A client and a responder of actorbench's secure sessions written on
python3-dissononce (the Noise handshake) and python3-cryptography (the
session's AEAD): an implementation of the README's wire format that shares
no code with the C++ one.

Layers, each in one place:
  frame()/read_frame()/datagram: the game server's framing (change here
      when the front door changes);
  hello/reply: framing bytes (type, version) around the Noise messages;
  Channel: the secure channel's packets (epoch || counter || AEAD), with
      its key chain (each epoch's key Noise's REKEY of the one before).
"""
import socket
import struct

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
from dissononce.cipher.aesgcm import AESGCMCipher
from dissononce.cipher.chachapoly import ChaChaPolyCipher
from dissononce.dh.x25519.private import PrivateKey
from dissononce.dh.x25519.public import PublicKey
from dissononce.dh.x25519.x25519 import X25519DH
from dissononce.hash.sha256 import SHA256Hash
from dissononce.processing.handshakepatterns.interactive.IK import IKHandshakePattern
from dissononce.processing.handshakepatterns.interactive.NK import NKHandshakePattern
from dissononce.processing.impl.cipherstate import CipherState
from dissononce.processing.impl.handshakestate import HandshakeState
from dissononce.processing.impl.symmetricstate import SymmetricState

# -- the game server's framing -------------------------------------------------
HELLO, PACKET, STATS_REQUEST, ACCEPTED, REJECTED, STATS, WELCOME, BYE, CHALLENGE = range(1, 10)
REASONS = {1: "malformed", 2: "forged", 3: "duplicate", 4: "too_old"}
COOKIE_BYTES = 16  # over UDP a hello goes behind the server's cookie (zeros at first)


def packet_name(packet):
    """How a verdict names a packet: its epoch and counter (its first 9
    bytes) and its last 8 bytes (the end of its tag), zeros where it is
    shorter."""
    head = packet[:9] + bytes(9 - min(len(packet), 9))
    tail = bytes(8 - min(len(packet), 8)) + packet[-8:] if packet else bytes(8)
    return head + tail


def verdict_of(kind, payload):
    """(verdict, name of the packet it names: packet_name) of an accepted or
    rejected frame; None for any other frame."""
    if kind == ACCEPTED and len(payload) == 17:
        return "accepted", payload
    if kind == REJECTED and len(payload) == 18:
        return REASONS.get(payload[0], "reason %d" % payload[0]), payload[1:]
    return None


def frame(kind, payload=b""):
    """length (4, big-endian, 1 + payload) || type (1) || payload"""
    return struct.pack(">IB", 1 + len(payload), kind) + payload


def parse_frame(data):
    """(type, payload) of one whole frame."""
    (length,) = struct.unpack(">I", data[:4])
    if length < 1 or len(data) != 4 + length:
        raise ValueError("not one frame: %d bytes, length %d" % (len(data), length))
    return data[4], data[5:]


class Link:
    """Frames over TCP (a stream) or UDP (one frame per datagram)."""

    def __init__(self, host, port, transport, timeout=5.0):
        self.udp = transport == "udp"
        kind = socket.SOCK_DGRAM if self.udp else socket.SOCK_STREAM
        self.sock = socket.socket(socket.AF_INET, kind)
        self.sock.settimeout(timeout)
        self.sock.connect((host, port))

    def send(self, kind, payload=b""):
        self.sock.sendall(frame(kind, payload))

    def receive(self):
        if self.udp:
            return parse_frame(self.sock.recv(65536))
        header = self._exactly(4)
        (length,) = struct.unpack(">I", header)
        return parse_frame(header + self._exactly(length))

    def _exactly(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise ConnectionError("connection closed")
            out += chunk
        return out

    def close(self):
        self.sock.close()


# -- the handshake: framing bytes around Noise messages ------------------------
VERSION = 2
NK_HELLO, REPLY, IK_HELLO = 1, 2, 3
PROLOGUE = b"actorbench handshake" + bytes([VERSION])


def _state():
    return HandshakeState(SymmetricState(CipherState(ChaChaPolyCipher()), SHA256Hash()), X25519DH())


def _pair(secret):
    """The key pair of a 32-byte X25519 secret."""
    return X25519DH().generate_keypair(PrivateKey(secret))


def _keys(cipherstates):
    # dissononce has no accessor for a CipherState's key; the channel needs
    # the raw key because its nonce layout is not Noise's transport one.
    return cipherstates[0]._key, cipherstates[1]._key


class Initiator:
    """The client side: hello() to send, finish(reply) -> (send, receive) keys."""

    def __init__(self, server_key, token=b"", static=None, prologue=PROLOGUE):
        self.hs = _state()
        pattern = IKHandshakePattern() if static else NKHandshakePattern()
        s = _pair(static) if static else None
        self.hs.initialize(pattern, True, prologue, s=s, rs=PublicKey(server_key))
        message = bytearray()
        self.hs.write_message(token, message)
        self.hello = bytes([IK_HELLO if static else NK_HELLO, VERSION]) + bytes(message)

    def finish(self, reply):
        if reply[:2] != bytes([REPLY, VERSION]):
            raise ValueError("not a reply: %s" % reply[:2].hex())
        payload = bytearray()
        send, receive = _keys(self.hs.read_message(reply[2:], payload))
        return send, receive


def public_key_of(secret):
    """The X25519 public key of a 32-byte secret."""
    return _pair(secret).public.data


class Responder:
    """The server side: reply(hello) -> (reply bytes, token, (send, receive)).
    NK, or IK when `known_clients` (the client static public keys accepted)
    is given; the IK client's key is then in `client_static`."""

    def __init__(self, static_secret, prologue=PROLOGUE, known_clients=None):
        self.static = _pair(static_secret)
        self.prologue = prologue
        self.known_clients = known_clients
        self.client_static = None

    @property
    def public_key(self):
        return self.static.public.data

    def reply(self, hello):
        ik = self.known_clients is not None
        if hello[:2] != bytes([IK_HELLO if ik else NK_HELLO, VERSION]):
            raise ValueError("not an %s hello: %s" % ("IK" if ik else "NK", hello[:2].hex()))
        hs = _state()
        pattern = IKHandshakePattern() if ik else NKHandshakePattern()
        hs.initialize(pattern, False, self.prologue, s=self.static)
        token = bytearray()
        hs.read_message(hello[2:], token)
        if ik:
            self.client_static = hs.rs.data
            if self.client_static not in self.known_clients:
                raise ValueError("an IK hello from an unknown client key")
        message = bytearray()
        initiator_first = hs.write_message(b"", message)
        # Split's first key is the initiator's sending key.
        from_client, to_client = _keys(initiator_first)
        return bytes([REPLY, VERSION]) + bytes(message), bytes(token), (to_client, from_client)


# -- the secure channel ---------------------------------------------------------
AEADS = {"chacha20-poly1305": (ChaCha20Poly1305, 32), "aes-256-gcm": (AESGCM, 32),
         "aes-128-gcm": (AESGCM, 16)}
# Noise's own cipher objects, whose rekey() is Noise's REKEY.
NOISE_CIPHERS = {"chacha20-poly1305": ChaChaPolyCipher(), "aes-256-gcm": AESGCMCipher()}
# Epochs past its current one a receiver opens (channel_receiver::look_ahead).
LOOK_AHEAD = 8


def rekey(key, cipher):
    """The next epoch's 32-byte key: Noise's REKEY (the first 32 bytes of
    ENCRYPT(k, 2^64-1, b"", 32 zeros)), by dissononce for its ciphers
    (which returns the tag too: Noise keeps 32 bytes). AES-128-GCM, not a
    Noise cipher, runs it keyed with the key's first 16 bytes."""
    if cipher in NOISE_CIPHERS:
        return NOISE_CIPHERS[cipher].rekey(key)[:32]
    make, size = AEADS[cipher]
    return make(key[:size]).encrypt(bytes(4) + b"\xff" * 8, bytes(32), b"")[:32]


class Channel:
    """epoch (1) || counter (8, big-endian) || ciphertext || tag (16); the
    nonce is epoch || counter || zeros (12 bytes), no associated data. The
    sender moves to the next epoch after `rekey_after` packets (never when
    None) or when rekey() asks; the receiver follows packets up to
    LOOK_AHEAD epochs ahead (it keeps no replay window: callers judge)."""

    def __init__(self, send_key, receive_key, cipher="chacha20-poly1305", rekey_after=None):
        self.cipher = cipher
        self.rekey_after = rekey_after
        self.send_key, self.send_epoch, self.counter = send_key, 0, 0
        self.receive_keys, self.receive_epoch = [receive_key], 0
        self.rekey_due = False

    def _aead(self, key):
        make, size = AEADS[self.cipher]
        return make(key[:size])

    @staticmethod
    def _nonce(header):
        return header + bytes(12 - len(header))

    @property
    def epoch(self):
        """The epoch of the packets sealed now (counting past 255)."""
        return self.send_epoch

    def rekey(self):
        """Makes the next seal start a new epoch."""
        self.rekey_due = True

    def seal(self, plaintext):
        if self.rekey_due or (self.rekey_after is not None and self.counter >= self.rekey_after):
            self.send_key = rekey(self.send_key, self.cipher)
            self.send_epoch, self.counter, self.rekey_due = self.send_epoch + 1, 0, False
        header = struct.pack(">BQ", self.send_epoch % 256, self.counter)
        self.counter += 1
        return header + self._aead(self.send_key).encrypt(self._nonce(header), plaintext, None)

    def open(self, packet):
        """The plaintext; cryptography's InvalidTag for a packet that does
        not verify, or of an epoch out of reach."""
        base = self.receive_epoch
        reach = [e for e in range(max(0, base - 1), base + LOOK_AHEAD + 1) if e % 256 == packet[0]]
        if not reach:
            raise InvalidTag()
        epoch = reach[0]
        while len(self.receive_keys) <= epoch:
            self.receive_keys.append(rekey(self.receive_keys[-1], self.cipher))
        plain = self._aead(self.receive_keys[epoch]).decrypt(self._nonce(packet[:9]), packet[9:],
                                                             None)
        self.receive_epoch = max(base, epoch)
        return plain
