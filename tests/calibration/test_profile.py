"""The profile file: round trip, validation messages that name the field, migration, atomic save."""

from __future__ import annotations

import os

import pytest
import yaml

from calibration.profile import (
    CURRENT_VERSION,
    ZONE_NAMES,
    Profile,
    ProfileError,
    load_profile,
    migrate,
    parse_profile,
    save_profile,
)
from calibration.zones import default_zones

CAMERA = {
    "image_size": [960, 720],
    "matrix": [[800.0, 0.0, 480.0], [0.0, 801.0, 360.0], [0.0, 0.0, 1.0]],
    "dist": [-0.1, 0.02, 0.0, 0.0, 0.0],
    "reprojection_error": 0.2,
}


def full_profile() -> Profile:
    return parse_profile({
        "version": 2,
        "camera": CAMERA,
        "table": {
            "homography": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            "image_size": [960, 720],
            "markers": {0: [50, 50], 1: [850, 50], 2: [850, 850], 3: [50, 850]},
        },
        "zones": default_zones((900, 900)),
        "tiles": {"style": "chinese", "body_bgr": [30, 28, 28], "pip_bgr": [230, 230, 230],
                  "red_pip_bgr": [40, 40, 200], "tile_mm": [23, 60]},
        "rfid": {"tags": {"04A1B2C3": "6-6", "04A1B2C4": "Heaven"}},
    })


def test_round_trip(tmp_path):
    p = tmp_path / "cal.yaml"
    prof = full_profile()
    save_profile(prof, p)
    back = load_profile(p)
    assert back == prof
    data = yaml.safe_load(p.read_text())
    assert data["version"] == CURRENT_VERSION
    assert list(data["zones"]) == list(ZONE_NAMES)
    assert back.rfid.tags == {"04A1B2C3": "6-6", "04A1B2C4": "6-6"}
    assert back.tiles.body_bgr == (30, 28, 28)


@pytest.mark.parametrize(
    "patch, field",
    [
        ({"tiles": {"body_bgr": [1, 2]}}, "tiles.body_bgr"),
        ({"tiles": {"body_bgr": [1, 2, 300]}}, "tiles.body_bgr"),
        ({"tiles": {"style": "korean"}}, "tiles.style"),
        ({"camera": {k: v for k, v in CAMERA.items() if k != "reprojection_error"}}, "camera.reprojection_error"),
        ({"camera": {**CAMERA, "matrix": [[0, 0, 0], [0, 1, 0], [0, 0, 1]]}}, "camera.matrix"),
        ({"zones": {"seat9.play": [[0, 0], [1, 0], [1, 1]]}}, "zones"),
        ({"rfid": {"tags": {"04A1B2C3": "7-7"}}}, "rfid"),
        ({"rfid": {"tags": {"04A1B2C3": "6-3", "04A1B2C4": "6-3"}}}, "rfid"),
        ({"colour": 3}, "colour"),
    ],
)
def test_errors_name_the_field(patch, field):
    with pytest.raises(ProfileError) as ei:
        parse_profile({"version": 2, **patch}, "x.yaml")
    msg = str(ei.value)
    assert msg.startswith("calibration profile x.yaml: ")
    assert f" {field}" in msg, msg


def test_missing_version_and_future_version():
    with pytest.raises(ProfileError, match="version: missing"):
        parse_profile({"tiles": {}}, "x.yaml")
    with pytest.raises(ProfileError, match="version: 9 is newer"):
        parse_profile({"version": 9}, "x.yaml")


def test_bad_yaml_and_missing_file(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("version: 2\ncamera: [unclosed\n")
    with pytest.raises(ProfileError, match="bad.yaml: not valid YAML at line"):
        load_profile(p)
    with pytest.raises(ProfileError, match="no such file"):
        load_profile(tmp_path / "none.yaml")


V1 = {
    "version": 1,
    "camera_matrix": CAMERA["matrix"],
    "dist_coeffs": [-0.1, 0.02, 0, 0, 0],
    "image_size": [960, 720],
    "reprojection_error": 0.3,
    "homography": [[0.9, 0.0, -10.0], [0.0, 0.9, -5.0], [0.0, 0.0, 1.0]],
    "table_size_mm": [800, 800],
    "marker_mm": 50,
    "tile_colors": {"body": [30, 30, 30], "pip": [220, 220, 220], "red": [40, 40, 200]},
    "tile_mm": [23, 60],
    "rfid_tags": {"04a1b2c3": "6-6"},
}


def test_migrate_v1(tmp_path):
    p = tmp_path / "old.yaml"
    p.write_text(yaml.safe_dump(V1))
    prof = load_profile(p)
    assert prof.version == 2
    assert prof.camera.matrix[0][0] == 800.0 and prof.camera.reprojection_error == 0.3
    assert prof.table.size_mm == (800.0, 800.0) and prof.table.undistorted is False
    assert prof.table.markers[2] == (755.0, 755.0)  # 50 mm markers, 20 mm from the corner
    assert prof.tiles.red_pip_bgr == (40, 40, 200) and prof.tiles.tile_mm == (23.0, 60.0)
    assert prof.rfid.tags == {"04A1B2C3": "6-6"}
    save_profile(prof, p)
    assert yaml.safe_load(p.read_text())["version"] == 2
    assert load_profile(p) == prof


def test_migrate_v1_rejects_unknown_key():
    with pytest.raises(ValueError, match="colours: not a version 1 key"):
        migrate({**V1, "colours": 1})


def test_failed_save_leaves_file_untouched(tmp_path, monkeypatch):
    p = tmp_path / "cal.yaml"
    save_profile(full_profile(), p)
    before = p.read_bytes()

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_profile(Profile(), p)
    assert p.read_bytes() == before
    assert [f.name for f in tmp_path.iterdir()] == ["cal.yaml"]  # no temporary left behind


def test_invalid_profile_is_never_written(tmp_path):
    p = tmp_path / "cal.yaml"
    save_profile(full_profile(), p)
    before = p.read_bytes()
    bad = full_profile().model_copy(update={"zones": {"centre": [(0, 0), (1, 0), (1, 1)]}})
    with pytest.raises(ProfileError, match="zones: missing zone 'seat0.play'"):
        save_profile(bad, p)
    assert p.read_bytes() == before


def test_unquoted_numeric_uid_is_explained(tmp_path):
    p = tmp_path / "cal.yaml"
    p.write_text("version: 2\nrfid:\n  tags:\n    12345678: 6-6\n")
    with pytest.raises(ProfileError, match="rfid.tags: tag UID 12345678 was read as a number: put UIDs in quotes"):
        load_profile(p)


def test_table_and_camera_must_agree():
    base = full_profile().to_data()
    base["table"]["undistorted"] = True
    parse_profile(base)  # same image size: fine
    del base["camera"]
    with pytest.raises(ProfileError, match="table.undistorted: true, but there is no camera section"):
        parse_profile(base, "x.yaml")
    base = full_profile().to_data()
    base["table"]["undistorted"] = True
    base["table"]["image_size"] = [1280, 720]
    with pytest.raises(ProfileError, match=r"table.image_size: \[1280, 720\] differs from camera.image_size"):
        parse_profile(base, "x.yaml")
