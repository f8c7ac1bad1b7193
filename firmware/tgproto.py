# tiengow wire protocol codec: framing, CRC-16, message layouts.
#
# One file, two runtimes: this module runs unchanged on MicroPython (the Pico firmware
# imports it) and on CPython (the host imports the very same file through rfid.protocol).
# Keep it that way: no f-strings, no dataclasses, no typing, no bytearray.find, no slice
# deletion.  See PROTOCOL.md for the byte layout.
#
#   A5 | LEN | SEQ | TYPE | PAYLOAD (LEN bytes) | CRC_HI | CRC_LO | 7E
#
# CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over LEN, SEQ, TYPE and PAYLOAD.

import struct

PROTOCOL_VERSION = 1
FIRMWARE_VERSION = (0, 1, 0)

SOF = 0xA5
EOF = 0x7E
_SOF_B = b"\xa5"
HEADER = 4  # SOF LEN SEQ TYPE
OVERHEAD = 7  # HEADER + CRC(2) + EOF
MAX_PAYLOAD = 200

# Device -> host.
T_HELLO = 0x01
T_HEARTBEAT = 0x02
T_SCAN = 0x03
T_TAG_ON = 0x10
T_TAG_OFF = 0x11
T_SLOT = 0x12
T_SNAPSHOT = 0x20
T_ERROR = 0x30
# Host -> device.
C_HELLO = 0x81
C_SNAPSHOT = 0x82
C_PING = 0x83
C_STOP = 0x8F
STOP_MAGIC = b"REPL"

# Slot (reader) status.
S_OK = 0  # reader answers; a tag is present or not
S_DOWN = 1  # reader does not answer on SPI
S_MULTI = 2  # more than one tag on this antenna (anticollision saw a collision)
S_ERROR = 3  # reader answers but the tag could not be read for several polls
STATUS_NAMES = ("ok", "down", "multi", "error")

# Error codes (T_ERROR).
E_BAD_FRAME = 1  # the device dropped a garbled frame from the host
E_UNKNOWN_CMD = 2
E_BAD_PAYLOAD = 3
E_TX_OVERFLOW = 4  # the device could not send everything (frames were lost)

TYPE_NAMES = {
    T_HELLO: "hello", T_HEARTBEAT: "heartbeat", T_SCAN: "scan", T_TAG_ON: "tag_on",
    T_TAG_OFF: "tag_off", T_SLOT: "slot", T_SNAPSHOT: "snapshot", T_ERROR: "error",
    C_HELLO: "get_hello", C_SNAPSHOT: "get_snapshot", C_PING: "ping", C_STOP: "stop",
}

# ---------------------------------------------------------------- CRC-16/CCITT-FALSE
try:
    from binascii import crc_hqx as _crc_hqx  # CPython: C speed

    def crc16(data, crc=0xFFFF):
        return _crc_hqx(data, crc)

except ImportError:  # MicroPython
    _TABLE = []
    for _i in range(256):
        _c = _i << 8
        for _j in range(8):
            _c = ((_c << 1) ^ 0x1021) if _c & 0x8000 else (_c << 1)
        _TABLE.append(_c & 0xFFFF)

    def crc16(data, crc=0xFFFF):
        t = _TABLE
        for b in data:
            crc = ((crc << 8) & 0xFF00) ^ t[((crc >> 8) ^ b) & 0xFF]
        return crc


# ---------------------------------------------------------------- framing
def encode(seq, mtype, payload=b""):
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("payload too long")
    body = bytes((n, seq & 0xFF, mtype & 0xFF)) + payload
    c = crc16(body)
    return _SOF_B + body + bytes(((c >> 8) & 0xFF, c & 0xFF, EOF))


class FrameParser:
    """Incremental frame decoder with resynchronisation.

    feed(data) returns a list of (seq, type, payload) for every frame that passed all checks:
    start byte, length within MAX_PAYLOAD, CRC-16 and end byte.  Anything else is skipped
    one byte at a time, scanning for the next start byte, and recorded in self.errors as
    (kind, stream_offset, nbytes) with kind one of 'garbage' (bytes before a start byte),
    'length' (impossible length byte), 'crc' (CRC mismatch: garbled or truncated frame),
    'trailer' (end byte missing: truncated or garbled frame).  Offsets count bytes since the
    parser was created or reset, so a report can say where in the stream it happened.
    """

    def __init__(self, max_errors=64):
        self.buf = b""
        self.offset = 0  # stream offset of buf[0]
        self.errors = []
        self.max_errors = max_errors
        self.frames = 0
        self.skipped = 0  # bytes discarded in total
        self.bad_frames = 0  # candidate frames rejected in total

    def reset(self):
        self.buf = b""
        self.offset = 0
        self.errors = []

    def _err(self, kind, off, n):
        errs = self.errors
        if errs and errs[-1][0] == kind == "garbage" and errs[-1][1] + errs[-1][2] == off:
            errs[-1] = (kind, errs[-1][1], errs[-1][2] + n)
        elif len(errs) < self.max_errors:
            errs.append((kind, off, n))

    def pending(self):
        """Bytes held back waiting for the rest of a frame."""
        return len(self.buf)

    def expire(self):
        """The line went quiet with a partial frame held back: give up on it.  Only its start
        byte is dropped; whatever follows is parsed again (a fake start byte in garbage must
        not swallow the real frames after it).  Returns the frames recovered that way."""
        out = []
        first = True
        while self.buf:
            if first:
                self.bad_frames += 1
                self._err("truncated", self.offset, len(self.buf))
                first = False
            self.buf = self.buf[1:]
            self.offset += 1
            self.skipped += 1
            out += self.feed(b"")
        return out

    def feed(self, data):
        buf = self.buf + bytes(data) if self.buf else bytes(data)
        out = []
        i = 0
        n = len(buf)
        off = self.offset
        while i < n:
            j = buf.find(_SOF_B, i)
            if j < 0:
                self._err("garbage", off + i, n - i)
                self.skipped += n - i
                i = n
                break
            if j > i:
                self._err("garbage", off + i, j - i)
                self.skipped += j - i
                i = j
            if n - i < 2:
                break
            ln = buf[i + 1]
            if ln > MAX_PAYLOAD:
                self._err("length", off + i, 1)
                self.bad_frames += 1
                self.skipped += 1
                i += 1
                continue
            end = i + ln + OVERHEAD
            if end > n:
                break
            if buf[end - 1] != EOF:
                self._err("trailer", off + i, 1)
                self.bad_frames += 1
                self.skipped += 1
                i += 1
                continue
            c = crc16(buf[i + 1:end - 3])
            if c != (buf[end - 3] << 8) | buf[end - 2]:
                self._err("crc", off + i, 1)
                self.bad_frames += 1
                self.skipped += 1
                i += 1
                continue
            out.append((buf[i + 2], buf[i + 3], buf[i + 4:end - 3]))
            i = end
        self.frames += len(out)
        self.buf = buf[i:]
        self.offset = off + i
        return out


# ---------------------------------------------------------------- message payloads
# Every decoder checks the exact length for its type and raises ValueError otherwise, so a
# frame that passed the CRC but carries the wrong layout is rejected, never guessed at.

def hello_payload(n_slots, board_id=b"", name=b"tiengow-pico"):
    fw = FIRMWARE_VERSION
    return bytes((PROTOCOL_VERSION, fw[0], fw[1], fw[2], n_slots, len(board_id))) + board_id + name


def decode_hello(p):
    if len(p) < 6 or len(p) < 6 + p[5]:
        raise ValueError("hello: short payload")
    k = p[5]
    return {
        "protocol": p[0], "firmware": (p[1], p[2], p[3]), "slots": p[4],
        "board_id": bytes(p[6:6 + k]), "name": bytes(p[6 + k:]).decode(),
    }


def heartbeat_payload(uptime_ms, scan, read_errors, tx_dropped):
    return struct.pack(">IIHH", uptime_ms & 0xFFFFFFFF, scan & 0xFFFFFFFF, read_errors & 0xFFFF,
                       tx_dropped & 0xFFFF)


def decode_heartbeat(p):
    if len(p) != 12:
        raise ValueError("heartbeat: bad length")
    return struct.unpack(">IIHH", p)


def scan_payload(scan):
    return struct.pack(">I", scan & 0xFFFFFFFF)


def decode_scan(p):
    if len(p) != 4:
        raise ValueError("scan: bad length")
    return struct.unpack(">I", p)[0]


def tag_on_payload(slot, scan, uid):
    return struct.pack(">BI", slot, scan & 0xFFFFFFFF) + bytes(uid)


def decode_tag_on(p):
    if len(p) not in (9, 12):  # 4- or 7-byte UID
        raise ValueError("tag_on: bad length")
    slot, scan = struct.unpack(">BI", p[:5])
    return slot, scan, bytes(p[5:])


def tag_off_payload(slot, scan):
    return struct.pack(">BI", slot, scan & 0xFFFFFFFF)


def decode_tag_off(p):
    if len(p) != 5:
        raise ValueError("tag_off: bad length")
    return struct.unpack(">BI", p)


def slot_payload(slot, scan, status):
    return struct.pack(">BIB", slot, scan & 0xFFFFFFFF, status)


def decode_slot(p):
    if len(p) != 6:
        raise ValueError("slot: bad length")
    slot, scan, status = struct.unpack(">BIB", p)
    if status >= len(STATUS_NAMES):
        raise ValueError("slot: unknown status")
    return slot, scan, status


SNAPSHOT_CHUNK = 8  # slots per snapshot frame (8 * 13 + 7 bytes < MAX_PAYLOAD)


def snapshot_payloads(scan, slots):
    """slots: list of (status, since_scan, uid_bytes_or_None). Returns a list of payloads."""
    total = len(slots)
    out = []
    first = 0
    while True:
        part = slots[first:first + SNAPSHOT_CHUNK]
        p = struct.pack(">IBBB", scan & 0xFFFFFFFF, total, first, len(part))
        for status, since, uid in part:
            u = uid or b""
            p += struct.pack(">BIB", status, since & 0xFFFFFFFF, len(u)) + u
        out.append(p)
        first += SNAPSHOT_CHUNK
        if first >= total:
            return out


def decode_snapshot(p):
    """Returns (scan, total, first, [(status, since, uid_or_None), ...])."""
    if len(p) < 7:
        raise ValueError("snapshot: short payload")
    scan, total, first, count = struct.unpack(">IBBB", p[:7])
    if first + count > total:
        raise ValueError("snapshot: slots out of range")
    i = 7
    entries = []
    for _ in range(count):
        if i + 6 > len(p):
            raise ValueError("snapshot: truncated entry")
        status, since, ulen = struct.unpack(">BIB", p[i:i + 6])
        if status >= len(STATUS_NAMES) or ulen not in (0, 4, 7) or (ulen and status != S_OK):
            raise ValueError("snapshot: bad entry")
        i += 6
        if i + ulen > len(p):
            raise ValueError("snapshot: truncated uid")
        entries.append((status, since, bytes(p[i:i + ulen]) if ulen else None))
        i += ulen
    if i != len(p):
        raise ValueError("snapshot: trailing bytes")
    return scan, total, first, entries


def error_payload(code, text):
    if isinstance(text, str):
        text = text.encode()
    return bytes((code,)) + text[:MAX_PAYLOAD - 1]


def decode_error(p):
    if len(p) < 1:
        raise ValueError("error: empty payload")
    return p[0], bytes(p[1:]).decode("utf-8", "replace")


def uid_hex(uid):
    s = ""
    for b in uid:
        s += "0123456789ABCDEF"[b >> 4] + "0123456789ABCDEF"[b & 15]
    return s
