"""The real firmware loop in its own process on a pty; the host talks to it with pyserial."""

from __future__ import annotations

import random
import time

import pytest
import serial

from rfid.protocol import P
from tests.rfid.conftest import TAGS

pytestmark = pytest.mark.timeout(60)

EMPTY = {f"seat{i}.play": ([], "ok") for i in range(4)}


def expect(**zones):
    want = dict(EMPTY)
    for k, v in zones.items():
        want[k.replace("_", ".")] = (v, "ok")
    return want


def read_frames(s, parser, seconds):
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out += parser.feed(s.read(4096))
    return out


def test_plain_pyserial_handshake_and_events(sim):
    with serial.Serial(sim.port, 115200, timeout=0.05) as s:
        s.reset_input_buffer()
        s.write(P.encode(0, P.C_HELLO))
        p = P.FrameParser()
        frames = read_frames(s, p, 0.3)
        hello = [P.decode_hello(f[2]) for f in frames if f[1] == P.T_HELLO]
        assert hello and hello[0]["protocol"] == P.PROTOCOL_VERSION and hello[0]["slots"] == 16
        assert hello[0]["firmware"] == P.FIRMWARE_VERSION
        scans = [P.decode_scan(f[2]) for f in frames if f[1] == P.T_SCAN]
        assert len(scans) > 3 and scans == list(range(scans[0], scans[0] + len(scans)))
        seqs = [f[0] for f in frames]
        assert all((b - a) & 0xFF == 1 for a, b in zip(seqs, seqs[1:], strict=False))
        sim.place(7, "04112233445566")
        frames = read_frames(s, p, 0.3)
        ons = [P.decode_tag_on(f[2]) for f in frames if f[1] == P.T_TAG_ON]
        assert [(slot, uid.hex().upper()) for slot, _scan, uid in ons] == [(7, "04112233445566")]
        s.write(P.encode(1, P.C_SNAPSHOT))
        frames = read_frames(s, p, 0.3)
        entries = []
        for f in frames:
            if f[1] == P.T_SNAPSHOT:
                entries += P.decode_snapshot(f[2])[3]
        assert len(entries) == 16 and entries[7][2] == bytes.fromhex("04112233445566")
        assert all(e[2] is None for i, e in enumerate(entries) if i != 7)
        assert p.errors == []


def test_garbled_command_from_the_host_is_reported_by_the_board(sim):
    with serial.Serial(sim.port, 115200, timeout=0.05) as s:
        s.reset_input_buffer()
        good = P.encode(0, P.C_HELLO)
        s.write(b"\x13\xa5\x02\x00" + good[:-2] + b"\x00" + good[-1:] + good)  # junk, a bad CRC, then ok
        p = P.FrameParser()
        frames = read_frames(s, p, 0.4)
        errors = [P.decode_error(f[2]) for f in frames if f[1] == P.T_ERROR]
        assert errors and errors[0][0] == P.E_BAD_FRAME
        assert "garbled input from host" in errors[0][1] and "at byte 0" in errors[0][1]
        assert any(f[1] == P.T_HELLO for f in frames)  # the good command after it was answered
        s.write(P.encode(1, 0x99))
        frames = read_frames(s, p, 0.3)
        assert any(f[1] == P.T_ERROR and P.decode_error(f[2])[0] == P.E_UNKNOWN_CMD for f in frames)


def test_place_and_remove_4_and_7_byte_tags(sim, watch):
    sim.place(0, "04A1B2C3")
    sim.place(5, "04112233445566")
    sim.place(15, "04AABBCCDDEEFF")
    want = expect(seat0_play=[(0, "6-6")], seat1_play=[(1, "5-4")], seat3_play=[(3, "2-1")])
    watch.wait(lambda s: s == want, what="three tiles")
    sim.remove(5)
    watch.wait(lambda s: s == expect(seat0_play=[(0, "6-6")], seat3_play=[(3, "2-1")]), what="removal")
    assert watch.driver.tracker.stats["resyncs"] == 0 and watch.driver.tracker.stats["gaps"] == 0
    assert all(ob.source == "rfid" and all(t.face == "unknown" for t in ob.tiles) for ob in watch.all)


@pytest.mark.parametrize("fault, evidence", [
    ("garbage 64", "garbage"),
    ("noise 9", "resync"),
    ("truncate", "resync"),
    ("badcrc", "bad CRC"),
    ("drop 3", "sequence gap"),
])
def test_line_faults_end_in_a_clear_status_and_the_right_state(sim, watch, fault, evidence):
    sim.place(1, "04A1B2C3")
    watch.wait(lambda s: s == expect(seat0_play=[(1, "6-6")]))
    # the fault hits the next frame(s); the tag changes happen right in the middle of it
    sim.command(fault)
    sim.remove(1)
    sim.place(9, "04C0FFEE")
    watch.wait(lambda s: s == expect(seat2_play=[(1, "1-1")]), what=f"state after {fault}")
    log = "\n".join(watch.driver.log_lines)
    assert evidence in log, log
    if fault.startswith(("garbage", "noise", "truncate", "badcrc")):
        assert "at stream byte" in log  # where in the stream it happened
    # nothing that was not there: only the 6-6 at seat0 slot 1 and the 1-1 at seat2 slot 1 ever showed
    shown = {(ob.zone, t.slot, t.name) for ob in watch.all for t in ob.tiles}
    assert shown <= {("seat0.play", 1, "6-6"), ("seat2.play", 1, "1-1")}, shown


def test_unplug_and_replug_mid_stream_resyncs_without_losing_state(sim, watch):
    sim.place(2, "04A1B2C3")
    sim.place(6, "04112233445566")
    watch.wait(lambda s: s == expect(seat0_play=[(2, "6-6")], seat1_play=[(2, "5-4")]))
    sim.unplug()
    st = watch.wait(lambda s: all(v[1] == "lost" for v in s.values()), what="lost")
    assert st["seat0.play"][0] == [(2, "6-6")]  # the last known tiles are kept, marked lost
    sim.remove(6)  # the table changes while the cable is out
    sim.place(12, "04C0FFEE")
    time.sleep(0.3)
    sim.replug()
    watch.wait(lambda s: s == expect(seat0_play=[(2, "6-6")], seat3_play=[(0, "1-1")]), what="after replug")
    assert watch.driver.connects >= 2 and watch.driver.tracker.stats["reconnects"] >= 1
    assert any("disconnected" in line for line in watch.driver.log_lines)


def test_usb_replug_with_board_reboot(sim, watch):
    """A real unplug powers the Pico down: it comes back with fresh sequence and scan numbers."""
    sim.place(0, "04A1B2C3")
    watch.wait(lambda s: s == expect(seat0_play=[(0, "6-6")]))
    time.sleep(1.0)
    before = watch.driver.tracker.last_scan
    sim.unplug()
    watch.wait(lambda s: s["seat0.play"][1] == "lost", what="lost")
    sim.reboot()
    sim.remove(0)
    sim.place(13, "04112233445566")
    time.sleep(0.2)
    sim.replug()
    watch.wait(lambda s: s == expect(seat3_play=[(1, "5-4")]), what="after reboot")
    assert watch.driver.tracker.last_scan < before  # the board's scan count started over


def test_board_reboot_while_connected_is_noticed(sim, watch):
    sim.place(0, "04A1B2C3")
    watch.wait(lambda s: s == expect(seat0_play=[(0, "6-6")]))
    sim.reboot()
    sim.place(1, "04C0FFEE")
    watch.wait(lambda s: s == expect(seat0_play=[(0, "6-6"), (1, "1-1")]), what="after reboot")
    log = "\n".join(watch.driver.log_lines)
    assert "restarted" in log or "gap" in log, log


@pytest.mark.parametrize("miso", [0x00, 0xFF])
def test_reader_that_stops_answering_is_reported(sim, watch, miso):
    sim.place(4, "04A1B2C3")
    sim.place(5, "04C0FFEE")
    watch.wait(lambda s: s == expect(seat1_play=[(0, "6-6"), (1, "1-1")]))
    sim.kill(4, miso)
    st = watch.wait(lambda s: s["seat1.play"][1] == "stale", what="stale zone")
    assert st["seat1.play"][0] == [(1, "1-1")]  # the silent reader's tile is not claimed
    slot4 = [v for v in watch.driver.slots() if v.index == 4][0]
    assert slot4.status == "down" and slot4.tile is None
    assert any("reader 4 does not answer" in line for line in watch.driver.log_lines)
    sim.revive(4)
    watch.wait(lambda s: s == expect(seat1_play=[(0, "6-6"), (1, "1-1")]), what="revived")


def test_two_tags_on_one_antenna(sim, watch):
    sim.place(3, "04A1B2C3", "04C0FFEE")  # both at once: tag A is never alone on the antenna
    st = watch.wait(lambda s: s["seat0.play"][0] == [(3, None)], what="collision")
    ob = watch.thread.latest()["seat0.play"]
    assert ob.tiles[0].uncertain and ob.names() == []
    assert any("more than one tag" in line for line in watch.driver.log_lines)
    assert st["seat0.play"][1] == "ok"
    sim.remove(3, "04A1B2C3")
    watch.wait(lambda s: s == expect(seat0_play=[(3, "1-1")]), what="one tag left")
    shown = {(ob.zone, t.slot, t.name) for ob in watch.all for t in ob.tiles}
    assert ("seat0.play", 3, "6-6") not in shown  # never guessed one of the two


def test_random_soak_never_reports_a_tag_that_was_not_there(sim, watch):
    rng = random.Random(5)
    uids = list(TAGS)
    placed: dict[int, list[str]] = {}
    ever = set()
    faults = ["garbage 30", "noise 5", "truncate", "badcrc", "drop 2", "drop 1"]
    for _ in range(60):
        r = rng.random()
        if r < 0.45:
            slot = rng.randrange(16)
            free = [u for u in uids if all(u not in v for v in placed.values())]
            if free and not placed.get(slot):
                u = rng.choice(free)
                sim.place(slot, u)
                placed[slot] = [u]
                ever.add((slot, TAGS[u]))
        elif r < 0.8:
            if placed:
                slot = rng.choice(sorted(placed))
                sim.remove(slot)
                del placed[slot]
        else:
            sim.command(rng.choice(faults))
        time.sleep(rng.choice((0.0, 0.005, 0.02)))
    want = dict(EMPTY)
    for slot, (u,) in placed.items():
        z = f"seat{slot // 4}.play"
        want[z] = (sorted(want[z][0] + [(slot % 4, TAGS[u])]), "ok")
    watch.wait(lambda s: {k: (sorted(v[0]), v[1]) for k, v in s.items()} == want, what="final state")
    for ob in watch.all:
        seat = int(ob.zone[4])
        for t in ob.tiles:
            assert (seat * 4 + t.slot, t.name) in ever, (ob, "was never there")
    assert watch.driver.tracker.stats["resyncs"] >= 2  # the faults really did happen
