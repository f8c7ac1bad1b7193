"""``tiengow calibrate …`` end to end on synthetic images; failures leave the profile untouched."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import yaml

from api.cli import build_parser, main
from calibration.profile import load_profile

from .conftest import board_views, render_table

STEPS = ["board", "markers", "layout-sheet", "camera", "table", "zones", "tiles", "rfid", "check"]


@pytest.mark.parametrize("step", STEPS)
def test_every_step_has_help(step, capsys):
    with pytest.raises(SystemExit) as ei:
        build_parser().parse_args(["calibrate", step, "--help"])
    assert ei.value.code == 0
    assert "usage: tiengow calibrate " + step in capsys.readouterr().out
    args = build_parser().parse_args(["calibrate", step] + (["x.png"] if step in ("table", "tiles") else []))
    assert callable(args.func)


def test_printables(tmp_path, capsys):
    for step, stem in (("board", "b"), ("markers", "m"), ("layout-sheet", "l")):
        assert main(["calibrate", step, "--out", str(tmp_path / stem), "--dpi", "100"]) == 0
        assert (tmp_path / f"{stem}.png").stat().st_size > 1000
        assert (tmp_path / f"{stem}.pdf").read_bytes().startswith(b"%PDF")
    assert "print at 100 %" in capsys.readouterr().out


@pytest.fixture
def workdir(tmp_path, views, true_camera, table_image):
    K, dist = true_camera
    (tmp_path / "views").mkdir()
    for k, v in enumerate(views[:8]):
        cv2.imwrite(str(tmp_path / "views" / f"v{k}.png"), v)
    (tmp_path / "blurred").mkdir()
    for k, v in enumerate(board_views(K, dist, n=3, seed=9, blur=9.0)):
        cv2.imwrite(str(tmp_path / "blurred" / f"b{k}.png"), v)
    cv2.imwrite(str(tmp_path / "table.png"), table_image)
    from calibration.synth import table_texture

    cv2.imwrite(str(tmp_path / "bare.png"), render_table(K, dist, texture=table_texture(markers={})))
    return tmp_path


def run(*argv) -> int:
    return main(["calibrate", *map(str, argv)])


def test_camera_table_zones_check(workdir, capsys):
    prof = workdir / "cal.yaml"
    assert run("camera", workdir / "views", "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "reprojection error" in out and "saved" in out
    assert load_profile(prof).camera.views >= 6
    assert run("table", workdir / "table.png", "--profile", prof, "--annotated", workdir / "ann.png") == 0
    p = load_profile(prof)
    assert p.table.undistorted and p.zones is not None
    ann = cv2.imread(str(workdir / "ann.png"))
    assert ann.shape == (720, 960, 3) and not np.array_equal(ann, cv2.imread(str(workdir / "table.png")))
    assert run("check", workdir / "table.png", "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "ok    camera   reprojection error" in out
    assert "markers visible now: 4 of 4" in out
    assert "ok    zones    all zones fully in view" in out
    assert "--    tiles" in out


def _unchanged(prof, before):
    assert prof.read_bytes() == before


def test_failures_leave_the_profile_untouched(workdir, capsys):
    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--profile", prof) == 0
    before = prof.read_bytes()
    # a blurred board
    assert run("camera", workdir / "blurred", "--profile", prof) == 2
    err = capsys.readouterr().err
    assert "tiengow calibrate: camera not calibrated, " in err and "blurred" in err
    _unchanged(prof, before)
    # no markers
    assert run("table", workdir / "bare.png", "--profile", prof) == 2
    assert "no table markers found" in capsys.readouterr().err
    _unchanged(prof, before)
    # two markers
    from calibration.geometry import detect_markers

    img = cv2.imread(str(workdir / "table.png"))
    found = detect_markers(img)
    for i in (1, 2):
        cv2.fillConvexPoly(img, found[i].astype(np.int32), (90, 120, 150))
    cv2.imwrite(str(workdir / "two.png"), img)
    assert run("table", workdir / "two.png", "--profile", prof) == 2
    assert "only markers [0, 3] found" in capsys.readouterr().err
    _unchanged(prof, before)
    # a photo without the layout sheet
    assert run("tiles", workdir / "table.png", "--profile", prof) == 2
    assert "layout sheet not found" in capsys.readouterr().err
    _unchanged(prof, before)
    # zones from a bad file
    (workdir / "z.yaml").write_text(yaml.safe_dump({"centre": [[0, 0], [1, 0]]}))
    assert run("zones", "--from", workdir / "z.yaml", "--profile", prof) == 2
    _unchanged(prof, before)


def test_profile_with_a_missing_field(workdir, capsys):
    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--profile", prof) == 0
    data = yaml.safe_load(prof.read_text())
    del data["table"]["homography"]
    prof.write_text(yaml.safe_dump(data))
    before = prof.read_bytes()
    assert run("check", "--profile", prof) == 2
    err = capsys.readouterr().err
    assert "calibration profile cal.yaml: table.homography: Field required" in err
    assert run("table", workdir / "table.png", "--profile", prof) == 2
    _unchanged(prof, before)


def test_zones_edit_and_show(workdir, capsys):
    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--profile", prof) == 0
    zones = load_profile(prof).zones
    zones["centre"] = [(350, 350), (550, 350), (550, 550), (350, 550)]
    (workdir / "z.yaml").write_text(yaml.safe_dump({"zones": {k: [list(p) for p in v] for k, v in zones.items()}}))
    assert run("zones", "--from", workdir / "z.yaml", "--show", workdir / "table.png", "--out", workdir / "zv.png",
               "--profile", prof) == 0
    assert load_profile(prof).zones["centre"][1] == (550.0, 350.0)
    assert cv2.imread(str(workdir / "zv.png")) is not None


def test_rfid_from_file(workdir, capsys):
    prof = workdir / "cal.yaml"
    (workdir / "uids.txt").write_text("04000001\n04000001\n04000002\nskip\n")
    assert run("rfid", "--uids", workdir / "uids.txt", "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "already enrolled as 6-6" in out and "2 tags enrolled; no tag yet for: 1-1, 1-1," in out
    assert load_profile(prof).rfid.tags == {"04000001": "6-6", "04000002": "6-6"}


def test_tiles_step(workdir, capsys):
    from calibration.synth import layout_photo

    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--profile", prof) == 0
    cv2.imwrite(str(workdir / "layout.png"), layout_photo("ivory-chinese", seed=21))
    cv2.imwrite(str(workdir / "short.png"), layout_photo("ivory-chinese", seed=22, missing=(3,)))
    before = prof.read_bytes()
    assert run("tiles", workdir / "short.png", "--profile", prof) == 2
    assert "slot 4 (1-1): no tile seen" in capsys.readouterr().out
    _unchanged(prof, before)
    assert run("tiles", workdir / "layout.png", "--back", "plain", "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "read 32 of 32 tiles in their places" in out
    t = load_profile(prof).tiles
    assert t.style == "chinese" and t.back == "plain" and abs(t.tile_mm[1] - 64) < 1.5
    # tile length in the table camera's pixels: 64 mm at the table centre of the 960x720 view
    assert 30 < t.tile_length_px < 90
    assert run("check", "--profile", prof) == 0
    assert "ok    tiles    colour separation margin" in capsys.readouterr().out


class FakeCapture:
    """Stands in for cv2.VideoCapture: plays a list of frames, each shown three times."""

    frames: list = []

    def __init__(self, index):
        self.index = index
        self.queue = [f for f in self.frames for _ in range(3)]

    def isOpened(self):
        return self.index == 0

    def read(self):
        if not self.queue:
            return False, None
        return True, self.queue.pop(0)

    def release(self):
        pass


def test_live_camera_and_table(workdir, views, table_image, monkeypatch, capsys):
    monkeypatch.setattr(cv2, "VideoCapture", FakeCapture)
    FakeCapture.frames = list(views[:7])
    prof = workdir / "cal.yaml"
    assert run("camera", "--camera", 0, "--views", 6, "--interval", 0, "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "view 6/6:" in out and "too like view" in out  # repeated frames are not kept
    assert load_profile(prof).camera.views == 6
    FakeCapture.frames = [table_image] * 2
    assert run("table", "--camera", 0, "--profile", prof) == 0
    assert "camera 0: 4 markers found" in capsys.readouterr().out
    assert run("check", "--camera", 0, "--profile", prof) == 0
    assert "markers visible now: 4 of 4" in capsys.readouterr().out
    before = prof.read_bytes()
    assert run("table", "--camera", 3, "--profile", prof) == 2
    assert "camera 3 could not be opened" in capsys.readouterr().err
    _unchanged(prof, before)


def test_a4_layout_sheets_and_two_photos(tmp_path, capsys):
    from calibration.boards import LAYOUT_A4
    from calibration.synth import layout_photo

    assert run("layout-sheet", "--paper", "a4", "--out", tmp_path / "lay", "--dpi", 80) == 0
    assert {p.name for p in tmp_path.iterdir()} == {"lay-1.png", "lay-1.pdf", "lay-2.png", "lay-2.pdf"}
    for k, spec in enumerate(LAYOUT_A4):
        cv2.imwrite(str(tmp_path / f"p{k}.png"), layout_photo("white-western", seed=30 + k, spec=spec))
    prof = tmp_path / "cal.yaml"
    assert run("tiles", tmp_path / "p0.png", tmp_path / "p1.png", "--profile", prof) == 0
    assert "read 32 of 32 tiles" in capsys.readouterr().out
    assert load_profile(prof).tiles.style == "western"


def test_unwritable_annotation_fails_cleanly(workdir, capsys):
    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--annotated", workdir / "no" / "such" / "dir.png",
               "--profile", prof) == 2
    assert "could not write the image" in capsys.readouterr().err
    assert not prof.exists()


def test_watch_notices_a_bump_and_saves_the_correction(workdir, table_image, true_camera, monkeypatch, capsys):
    from .conftest import table_pose

    K, dist = true_camera
    prof = workdir / "cal.yaml"
    assert run("table", workdir / "table.png", "--profile", prof) == 0
    before = load_profile(prof).table.homography
    bumped = render_table(K, dist, pose=table_pose(dx=30, tx=10))
    dark = (table_image * 0.05).astype(np.uint8)
    monkeypatch.setattr(cv2, "VideoCapture", FakeCapture)
    FakeCapture.frames = [table_image, table_image, dark, bumped, bumped]  # each frame shown 3 times
    assert run("check", "--camera", 0, "--watch", 60, "--interval", 0, "--annotated", workdir / "live.png",
               "--save-corrections", "--profile", prof) == 0
    out = capsys.readouterr().out
    assert "lost    markers []" in out and "keeping the last good table geometry" in out
    assert "bumped  markers [0, 1, 2, 3]" in out and "geometry corrected" in out
    assert "1 bump(s) corrected" in out and "saved" in out
    assert load_profile(prof).table.homography != before
    assert cv2.imread(str(workdir / "live.png")) is not None
