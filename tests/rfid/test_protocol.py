"""The shared codec (firmware/tgproto.py) and its frame parser."""

from __future__ import annotations

import builtins
import importlib.util
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rfid.protocol import FIRMWARE_DIR, P


def load_without_crc_hqx():
    """Load tgproto as MicroPython would: binascii has no crc_hqx, the table CRC is used."""
    real_import = builtins.__import__

    def fake_import(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "binascii" and fromlist and "crc_hqx" in fromlist:
            raise ImportError("no crc_hqx on MicroPython")
        return real_import(name, globals, locals, fromlist, level)

    spec = importlib.util.spec_from_file_location("tgproto_mpy", FIRMWARE_DIR / "tgproto.py")
    mod = importlib.util.module_from_spec(spec)
    builtins.__import__ = fake_import
    try:
        spec.loader.exec_module(mod)
    finally:
        builtins.__import__ = real_import
    return mod


def test_crc16_ccitt_false_check_value():
    assert P.crc16(b"123456789") == 0x29B1  # the catalogue check value of CRC-16/CCITT-FALSE


def test_table_crc_matches_binascii():
    mpy = load_without_crc_hqx()
    assert mpy.crc16 is not P.crc16
    rng = random.Random(3)
    for n in (0, 1, 5, 60, 200):
        data = bytes(rng.randrange(256) for _ in range(n))
        assert mpy.crc16(data) == P.crc16(data)
    assert mpy.encode(7, P.T_SCAN, b"\x00\x00\x00\x09") == P.encode(7, P.T_SCAN, b"\x00\x00\x00\x09")


def test_frame_layout():
    f = P.encode(0x12, P.T_SCAN, P.scan_payload(5))
    assert f[0] == 0xA5 and f[1] == 4 and f[2] == 0x12 and f[3] == P.T_SCAN and f[-1] == 0x7E
    assert len(f) == 4 + P.OVERHEAD
    assert P.FrameParser().feed(f) == [(0x12, P.T_SCAN, P.scan_payload(5))]


def test_payload_roundtrips():
    assert P.decode_tag_on(P.tag_on_payload(3, 77, b"\x04\xa1\xb2\xc3")) == (3, 77, b"\x04\xa1\xb2\xc3")
    assert P.decode_tag_on(P.tag_on_payload(15, 1, bytes(range(7))))[2] == bytes(range(7))
    assert P.decode_tag_off(P.tag_off_payload(2, 9)) == (2, 9)
    assert P.decode_slot(P.slot_payload(4, 10, P.S_DOWN)) == (4, 10, P.S_DOWN)
    assert P.decode_scan(P.scan_payload(2**32 - 1)) == 2**32 - 1
    h = P.decode_hello(P.hello_payload(16, b"\x01\x02"))
    assert h["protocol"] == P.PROTOCOL_VERSION and h["slots"] == 16 and h["board_id"] == b"\x01\x02"
    slots = [(P.S_OK, i, bytes([i] * 4) if i % 3 == 0 else None) for i in range(20)]
    slots[5] = (P.S_MULTI, 4, None)
    parts = P.snapshot_payloads(40, slots)
    assert len(parts) == 3 and all(len(p) <= P.MAX_PAYLOAD for p in parts)
    got = []
    for p in parts:
        scan, total, first, entries = P.decode_snapshot(p)
        assert scan == 40 and total == 20 and first == len(got)
        got += entries
    assert got == slots


@pytest.mark.parametrize("bad", [
    (P.decode_tag_on, b"\x01\x00\x00\x00\x01\x04\xa1"),  # 2-byte UID
    (P.decode_tag_off, b"\x01\x00"),
    (P.decode_slot, P.slot_payload(1, 1, 0)[:-1] + b"\x09"),  # unknown status
    (P.decode_scan, b"\x00\x01"),
    (P.decode_snapshot, P.snapshot_payloads(1, [(P.S_OK, 0, b"\x01\x02\x03\x04")])[0][:-1]),
    (P.decode_snapshot, P.snapshot_payloads(1, [(P.S_OK, 0, None)])[0] + b"\x00"),
])
def test_malformed_payloads_are_rejected(bad):
    fn, payload = bad
    with pytest.raises(ValueError):
        fn(payload)


def frames(n, start_seq=0):
    return [P.encode((start_seq + i) & 0xFF, P.T_TAG_ON, P.tag_on_payload(i % 16, i, bytes([i & 0xFF] * 4)))
            for i in range(n)]


def test_garbage_between_frames_is_skipped_and_reported_with_offset():
    fs = frames(3)
    stream = fs[0] + b"\x00\xa5\xff\x13" + fs[1] + fs[2]
    p = P.FrameParser()
    got = p.feed(stream)
    assert [g[0] for g in got] == [0, 1, 2]
    assert p.errors, "the skipped bytes must be reported"
    kinds = {e[0] for e in p.errors}
    assert "garbage" in kinds
    assert min(e[1] for e in p.errors) == len(fs[0])  # where: right after the first frame


def test_truncated_frame_then_valid_frames():
    fs = frames(4)
    stream = fs[0] + fs[1][:5] + fs[2] + fs[3]
    p = P.FrameParser()
    got = p.feed(stream)
    assert [g[0] for g in got] == [0, 2, 3]  # frame 1 is lost, never half-decoded
    assert any(e[0] in ("crc", "trailer", "length") for e in p.errors)


def test_bad_crc_is_rejected():
    f = bytearray(frames(1)[0])
    f[-2] ^= 1
    p = P.FrameParser()
    assert p.feed(bytes(f)) == []
    assert p.errors[0][0] == "crc" and p.errors[0][1] == 0


def test_flipped_payload_bit_is_rejected():
    f = bytearray(frames(1)[0])
    f[6] ^= 0x40
    assert P.FrameParser().feed(bytes(f)) == []


def test_byte_at_a_time_and_pending():
    fs = b"".join(frames(10))
    p = P.FrameParser()
    got = []
    for b in fs:
        got += p.feed(bytes([b]))
    assert [g[0] for g in got] == list(range(10)) and p.errors == []
    p.feed(frames(1)[0][:6])
    assert p.pending() == 6
    p.expire()
    assert p.pending() == 0 and "truncated" in {e[0] for e in p.errors}


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.integers(min_value=1, max_value=64))
def test_fuzz_arbitrary_bytes_never_crash_and_only_valid_frames_come_out(data, chunk):
    p = P.FrameParser()
    out = []
    for i in range(0, len(data), chunk):
        out += p.feed(data[i:i + chunk])
    for seq, t, payload in out:
        # every frame that comes out is byte-for-byte present in the input, with its CRC
        assert P.encode(seq, t, payload) in data
    assert p.pending() <= P.MAX_PAYLOAD + P.OVERHEAD


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 39), st.binary(min_size=1, max_size=30)), max_size=8),
       st.integers(min_value=1, max_value=50))
def test_fuzz_garbage_between_frames_loses_nothing_and_invents_nothing(injections, chunk):
    fs = frames(40)
    pieces = [bytes(f) for f in fs]
    for where, junk in injections:
        pieces[where] = junk + pieces[where]
    stream = b"".join(pieces)
    p = P.FrameParser()
    out = []
    for i in range(0, len(stream), chunk):
        out += p.feed(stream[i:i + chunk])
    out += p.expire()  # the line goes quiet
    # nothing invented: every decoded frame is one that was sent, in order ...
    assert [P.encode(*f) for f in out] == fs
    # ... and the garbage was reported
    if injections:
        assert p.errors or p.skipped


def test_fake_start_byte_in_garbage_does_not_swallow_the_last_frame():
    fs = frames(2)
    stream = fs[0] + b"\xa5\xc8" + fs[1]  # a fake frame start claiming 200 bytes
    p = P.FrameParser()
    assert [f[0] for f in p.feed(stream)] == [0]
    assert p.pending() > 0
    assert [f[0] for f in p.expire()] == [1]
