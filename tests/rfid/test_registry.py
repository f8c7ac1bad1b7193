from __future__ import annotations

import pytest
import yaml

from rfid.registry import RegistryError, TagRegistry, enroll, normalize_uid, unenroll


def test_roundtrip_through_plain_mapping_and_yaml():
    data = {"seats": 4, "slots_per_seat": 4,
            "tags": {"04a1b2c3": "Heaven", "04:11:22:33:44:55:66": "6-6", "0F00A1B2C3": "4-5"},
            "readers": {"16": "centre:0", "b:3": "seat0.pile:1"}}
    reg = TagRegistry.from_mapping(data)
    m = reg.to_mapping()
    assert m["tags"] == {"04A1B2C3": "6-6", "04112233445566": "6-6", "0F00A1B2C3": "5-4"}
    again = TagRegistry.from_mapping(yaml.safe_load(yaml.safe_dump({"rfid": m}))["rfid"])
    assert again.to_mapping() == m
    assert again.tile_for(bytes.fromhex("04A1B2C3")) == "6-6"
    assert again.zone_for(16) == ("centre", 0)
    assert again.zone_for(3, board="b") == ("seat0.pile", 1)
    assert again.zone_for(3) == ("seat0.play", 3)


def test_default_layout_4_by_4():
    reg = TagRegistry()
    assert [reg.zone_for(i) for i in (0, 3, 4, 15)] == [("seat0.play", 0), ("seat0.play", 3),
                                                       ("seat1.play", 0), ("seat3.play", 3)]
    assert reg.zone_for(16) is None
    assert reg.zones() == ["seat0.play", "seat1.play", "seat2.play", "seat3.play"]
    assert TagRegistry(seats=4, slots_per_seat=5).zone_for(19) == ("seat3.play", 4)


@pytest.mark.parametrize("data, words", [
    ({"tags": {"04A1B2C3": "7-7"}}, ["04A1B2C3", "7-7"]),
    ({"tags": {"04A1B2": "6-6"}}, ["04A1B2", "hex digits"]),
    ({"tags": {"04A1B2ZZ": "6-6"}}, ["04A1B2ZZ"]),
    ({"tags": {"04A1B2C1": "6-6", "04A1B2C2": "6-6", "04A1B2C3": "6-6"}}, ["04A1B2C3", "2 6-6 tiles"]),
    ({"tags": {"04A1B2C1": "5-4", "04A1B2C2": "Nine"}}, ["Nine"]),  # ambiguous name: two tiles
    ({"tags": {"04A1B2C1": "5-4", "04A1B2C2": "4-5"}}, ["04A1B2C2", "1 5-4 tile"]),
    ({"seats": 0}, ["seats"]),
    ({"tags": {}, "bogus": 1}, ["bogus"]),
    ({"readers": {"x": "centre:0"}}, ["readers['x']"]),
    ({"readers": {"3": "centre"}}, ["zone:slot"]),
])
def test_validation_errors_name_the_entry(data, words):
    with pytest.raises(RegistryError) as ei:
        TagRegistry.from_mapping(data)
    for w in words:
        assert w in str(ei.value)


def test_enroll_detects_duplicates_and_counts_missing():
    reg = TagRegistry()
    assert len(reg.missing_tiles()) == 32
    assert enroll(reg, "04a1b2c3", "6-6") == "04A1B2C3"
    assert enroll(reg, "04A1B2C3", "6-6") == "04A1B2C3"  # same again: no-op
    with pytest.raises(RegistryError, match="already enrolled as 6-6"):
        enroll(reg, "04A1B2C3", "1-1")
    enroll(reg, "04A1B2C3", "1-1", replace=True)
    assert reg.tile_for("04A1B2C3") == "1-1"
    missing = reg.missing_tiles()
    assert len(missing) == 31 and missing.count("6-6") == 2 and missing.count("1-1") == 1
    assert unenroll(reg, "04a1b2c3") == "1-1" and reg.tile_for("04A1B2C3") is None
    assert not reg.complete()


def test_full_set_enrolment_is_complete():
    from referee.tiles import FULL_SET

    reg = TagRegistry()
    for i, t in enumerate(FULL_SET):
        enroll(reg, f"04{i:06X}", t.name)
    assert reg.complete() and reg.missing_tiles() == [] and len(reg) == 32
    with pytest.raises(RegistryError):
        enroll(reg, "04FFFFFF", "2-1")


def test_normalize_uid():
    assert normalize_uid("04 a1 b2 c3") == "04A1B2C3"
    assert normalize_uid(b"\x04\x11\x22\x33\x44\x55\x66") == "04112233445566"
    with pytest.raises(RegistryError):
        normalize_uid(1234)
    assert TagRegistry().tile_for("garbage") is None


def test_unquoted_uid_in_yaml_is_refused_with_a_hint():
    data = yaml.safe_load("tags:\n  04112233445566: '6-6'\n  12345678: '5-4'\n")
    with pytest.raises(RegistryError, match="quote every UID"):
        TagRegistry.from_mapping(data)
