"""125 kHz RDM6300 / ID-12LA style readers: parser, and the driver over real ptys."""

from __future__ import annotations

import os
import time
import tty

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rfid.driver import DriverThread
from rfid.em4100 import Em4100Driver, Em4100Parser, encode_frame
from rfid.registry import TagRegistry

ID_A, ID_B = "0F00A1B2C3", "1A2B3C4D5E"


def test_known_frame_and_checksum():
    # 62 E3 08 6C ED -> XOR 08, the RDM6300 datasheet example
    f = encode_frame("62E3086CED")
    assert f == b"\x0262E3086CED08\x03"
    assert Em4100Parser().feed(f) == ["62E3086CED"]
    assert Em4100Parser().feed(encode_frame("62E3086CED", crlf=True)) == ["62E3086CED"]


@pytest.mark.parametrize("bad", [
    b"\x0262E3086CED09\x03",  # wrong checksum
    b"\x0262E3086CEX08\x03",  # not hex
    b"\x0262E3086CED08\r\n\x04",  # wrong end byte
    b"\x0262E3086C",  # truncated
])
def test_bad_frames_are_reported_never_read(bad):
    p = Em4100Parser()
    assert p.feed(bad + b"\x00" * 20) == []
    assert p.errors


def test_resync_after_garbage_and_truncation():
    p = Em4100Parser()
    stream = b"xx\x02\x02" + encode_frame(ID_A)[:7] + encode_frame(ID_B, crlf=True) + b"\x03\xff" + encode_frame(ID_A)
    assert p.feed(stream) == [ID_B, ID_A]
    assert any(e[0] == "garbage" and e[1] == 0 for e in p.errors)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.integers(1, 40))
def test_fuzz_parser(data, chunk):
    p = Em4100Parser()
    out = []
    for i in range(0, len(data), chunk):
        out += p.feed(data[i:i + chunk])
    for uid in out:  # every ID that comes out was in the input, whole, with a valid checksum
        assert encode_frame(uid)[:13] in data.upper()


@pytest.mark.timeout(30)
def test_driver_over_ptys_one_reader_per_slot():
    reg = TagRegistry.from_mapping({"tags": {ID_A: "6-6", ID_B: "5-4"}})
    pairs = [os.openpty() for _ in range(2)]
    for _m, s in pairs:
        tty.setraw(s)
    ports = [os.ttyname(s) for _m, s in pairs]
    drv = Em4100Driver(ports, reg, hold=0.3)
    th = DriverThread(drv).start()
    try:
        def wait(pred, what, timeout=5.0):
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                st = {z: ([(t.slot, t.name) for t in ob.tiles], ob.status) for z, ob in th.latest().items()}
                if st and pred(st):
                    return st
                time.sleep(0.01)
            raise AssertionError(f"timed out: {what}; {th.latest()}; {drv.log_lines}")

        wait(lambda s: s["seat0.play"] == ([], "ok"), "ports open")
        os.write(pairs[1][0], b"\x00\x17" + encode_frame(ID_B, crlf=True))
        wait(lambda s: s["seat0.play"] == ([(1, "5-4")], "ok"), "tag on reader 1")
        os.write(pairs[0][0], encode_frame(ID_A)[:9] + encode_frame(ID_A))  # truncated, then whole
        st = wait(lambda s: (0, "6-6") in s["seat0.play"][0], "tag on reader 0")
        assert any("stream byte" in line for line in drv.log_lines)
        # the RDM6300 repeats while the tag stays; reader 1 falls silent -> gone after `hold`
        end = time.monotonic() + 0.6
        while time.monotonic() < end:
            os.write(pairs[0][0], encode_frame(ID_A))
            time.sleep(0.05)
        st = wait(lambda s: s["seat0.play"] == ([(0, "6-6")], "ok"), "reader 1 released its tag")
        # unplug reader 0
        os.close(pairs[0][0])
        os.close(pairs[0][1])
        st = wait(lambda s: s["seat0.play"][1] == "stale", "reader 0 down")
        assert st["seat0.play"][0] == []
        shown = {(t.slot, t.name) for ob in drv.latest.values() for t in ob.tiles}
        assert shown <= {(0, "6-6"), (1, "5-4")}
    finally:
        th.stop()
        for m, s in pairs[1:]:
            os.close(m)
            os.close(s)
