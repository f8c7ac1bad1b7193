"""RFID enrollment from a stream of reads: prompts, duplicates, malformed reads, missing tiles."""

from __future__ import annotations

import pytest

from calibration.profile import ProfileError, parse_profile
from calibration.rfid_enroll import Enrollment, uids_from_lines
from referee.tiles import FULL_SET


def uid(k: int) -> str:
    return f"04{k:06X}"


def test_full_set_in_layout_order():
    en = Enrollment()
    assert en.prompt().startswith("[1/32] place 6-6 (1 of 2) (Heaven)")
    out = []
    en.run([uid(k) for k in range(32)], say=out.append)
    assert en.done and en.missing() == []
    m = en.mapping()
    assert m["tags"][uid(0)] == "6-6" and m["tags"][uid(31)] == "2-1"
    assert sorted(m["tags"].values()) == sorted(t.name for t in FULL_SET)
    assert parse_profile({"version": 2, "rfid": m}).rfid.tags == m["tags"]


def test_duplicate_and_invalid_reads_do_not_advance():
    en = Enrollment()
    assert en.feed(uid(1)).kind == "enrolled"
    ev = en.feed(uid(1).lower())  # the same tag again (any case)
    assert ev.kind == "duplicate" and "already enrolled as 6-6" in ev.message
    assert en.current == "6-6"
    ev = en.feed("hello")
    assert ev.kind == "invalid"
    assert en.current == "6-6"
    assert en.feed(uid(2)).tile == "6-6"
    assert en.current == "1-1"


def test_skip_and_missing():
    en = Enrollment()
    out: list[str] = []
    en.run(["skip", uid(5), uid(6)], say=out.append)  # skip the first 6-6
    assert en.skipped == ["6-6"]
    missing = en.missing()
    assert missing.count("6-6") == 1 and missing.count("1-1") == 1 and len(missing) == 30
    assert any("6-6 skipped" in line for line in out)


def test_resume_asks_only_for_what_is_missing():
    en = Enrollment({"tags": {uid(1): "6-6", uid(2): "6-6"}})
    assert en.current == "1-1"
    assert len(en.queue) == 30


def test_uids_from_lines():
    assert list(uids_from_lines(["04A1B2C3\n", "\n", "# note\n", "skip  # none\n"])) == ["04A1B2C3", "skip"]


def test_duplicate_tag_in_stored_mapping_is_refused():
    with pytest.raises(ProfileError, match="rfid"):
        parse_profile({"version": 2, "rfid": {"tags": {uid(1): "6-3", uid(2): "6-3"}}})


def test_enrollment_from_the_simulated_board():
    """The RFID engineer's simulated board (real firmware loop on a pty) and host driver."""
    control = pytest.importorskip("rfid.sim.control")
    pytest.importorskip("rfid.driver")
    from calibration.rfid_enroll import board_uids

    with control.SimBoard(readers=16) as sim:
        reads = board_uids(sim.port, settle=0.3, idle_timeout=20)
        en = Enrollment()
        try:
            sim.place(5, "04A1B2C3")  # one tile on any reader
            assert en.feed(next(reads)).tile == "6-6"
            sim.remove(5)
            for slot, u in ((0, "04000010"), (1, "04000011"), (2, "04000012")):
                sim.place(slot, u)  # three at once, in reader order
            evs = [en.feed(next(reads)) for _ in range(3)]
            assert [(e.uid, e.tile) for e in evs] == [("04000010", "6-6"), ("04000011", "1-1"),
                                                      ("04000012", "1-1")]
            sim.place(7, "04A1B2C3")  # the first tile again
            ev = en.feed(next(reads))
            assert ev.kind == "duplicate" and en.current == "4-4"
        finally:
            reads.close()
    assert len(en.tags) == 4


def test_stored_section_round_trips_through_the_registry():
    registry = pytest.importorskip("rfid.registry")
    sec = parse_profile({"version": 2, "rfid": {"tags": {"04A1B2C3": "6-6"}, "slots_per_seat": 2}}).rfid
    for m in (sec.mapping(), sec.model_dump()):  # both forms are what TagRegistry.from_mapping takes
        reg = registry.TagRegistry.from_mapping(m)
        assert reg.tile_for("04a1b2c3") == "6-6" and reg.slots_per_seat == 2


def test_split_reads():
    from calibration.rfid_enroll import split_reads

    reads, rest = split_reads(b"04a1b2c3\r\n04112233445566\n0F00A1")
    assert reads == ["04A1B2C3", "04112233445566"] and rest == b"0F00A1"
    reads, rest = split_reads(rest + b"B2C3\n")
    assert reads == ["0F00A1B2C3"] and rest == b""
    # an RDM6300 frame: STX, 10 hex ID, 2 hex checksum, ETX
    reads, rest = split_reads(b"\x020F00A1B2C3F1\x03\x0204")
    assert reads == ["0F00A1B2C3"] and rest == b"04"
    assert split_reads(b"noise\n\n")[0] == []
