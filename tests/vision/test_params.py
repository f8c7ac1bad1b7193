from __future__ import annotations

import pytest

from vision.params import ProfileError, TileSetParams, load_params


def test_defaults_need_nothing():
    p = TileSetParams()
    assert p.style == "auto" and p.body_bgr is None and p.back == "auto" and p.tile_length_px is None


def test_profile_tiles_key_is_read_and_other_keys_ignored(tmp_path):
    f = tmp_path / "table.yaml"
    f.write_text("camera: {index: 0}\nzones: {centre: [[0, 0], [1, 0], [1, 1]]}\n"
                 "tiles:\n  style: chinese\n  body_bgr: [20, 20, 20]\n  tile_mm: [22, 56]\n  tile_length_px: 88\n")
    p = load_params(f)
    assert p.style == "chinese"
    assert p.body_bgr == (20, 20, 20)
    assert p.tile_length_px == 88.0
    assert abs(p.aspect() - 56 / 22) < 1e-9


def test_profile_without_tiles_gives_defaults(tmp_path):
    f = tmp_path / "p.yaml"
    f.write_text("camera: {index: 1}\n")
    assert load_params(f) == TileSetParams()


@pytest.mark.parametrize(
    ("body", "field"),
    [("tiles: {style: domino}\n", "tiles.style"), ("tiles: {body_bgr: [1, 2]}\n", "tiles.body_bgr"),
     ("tiles: {tile_length_px: -3}\n", "tiles.tile_length_px"), ("tiles: {colour: red}\n", "tiles.colour")],
)
def test_invalid_field_is_named(tmp_path, body, field):
    f = tmp_path / "bad.yaml"
    f.write_text(body)
    with pytest.raises(ProfileError) as exc:
        load_params(f)
    assert field in str(exc.value) and "bad.yaml" in str(exc.value)


def test_unreadable_profile(tmp_path):
    with pytest.raises(ProfileError, match="cannot read"):
        load_params(tmp_path / "missing.yaml")
    f = tmp_path / "x.yaml"
    f.write_text("tiles: [unclosed\n")
    with pytest.raises(ProfileError, match="YAML"):
        load_params(f)
