"""The tile-set learner on generated photos of the layout sheet (three sets, known colours).

Tolerances: all 32 tiles read in their places; tile size within 1.5 mm; style right; body
colour within ΔE 10, pip and red-pip colours within ΔE 20 of the paint (blur and the lighting
gradient mix pip edges with the body).
"""

from __future__ import annotations

import numpy as np
import pytest

from calibration.synth import TILE_SETS, layout_photo, render_plane, table_texture
from calibration.tileset import TileLearnError, delta_e, learn_tileset


@pytest.mark.parametrize("set_name, seed", [("black-chinese", 1), ("ivory-chinese", 2), ("white-western", 3)])
def test_learns_each_set(set_name, seed):
    style, size, body, pip, red = TILE_SETS[set_name]
    res = learn_tileset(layout_photo(set_name, seed=seed), cross_check=True)
    assert res.ok, [s.describe() for s in res.problems]
    assert all(s.read == s.expected for s in res.slots)
    p = res.params
    assert p.style == style
    assert abs(p.tile_mm[0] - size[0]) < 1.5 and abs(p.tile_mm[1] - size[1]) < 1.5
    assert delta_e(p.body_bgr, body) < 10
    assert delta_e(p.pip_bgr, pip) < 20
    assert delta_e(p.red_pip_bgr, red) < 20
    assert res.margin > 40
    # vision's recognizer, given the learned parameters, ran on the sheet without failing (its
    # accuracy is vision's to test; the figure is reported to the user)
    if res.vision_agreement is not None:
        assert all(0 <= n <= 32 for n in res.vision_agreement)
        assert "vision.recognizer reads" in res.notes[-1]
    else:
        assert not any("failed" in n for n in res.notes), res.notes


def test_names_missing_and_misplaced_tiles():
    img = layout_photo("ivory-chinese", seed=7, missing=(5,), swaps={20: "6-3", 31: "1-1"})
    res = learn_tileset(img)
    probs = {s.index + 1: s.describe() for s in res.problems}
    assert set(probs) == {6, 21, 32}
    assert probs[6] == "slot 6 (4-4): no tile seen"
    assert probs[21].startswith("slot 21 (5-1): reads as 6-3")
    assert probs[32].startswith("slot 32 (2-1): reads as 1-1")


def test_tilted_blurry_photo_still_reads():
    res = learn_tileset(layout_photo("black-chinese", seed=11, tilt_deg=25, blur_sigma=1.3))
    assert sum(s.ok for s in res.slots) >= 30


def test_no_sheet_in_the_photo():
    from calibration.synth import camera_matrix, look_at_pose

    K = camera_matrix(1600, 1200, 62)
    rv, tv = look_at_pose((450, 1100, -900), (450, 450, 0))
    table = render_plane(table_texture(), (900, 900), K, None, rv, tv, (1600, 1200))
    with pytest.raises(TileLearnError) as ei:
        learn_tileset(table)
    assert "layout sheet not found" in str(ei.value)
    assert "those are table markers" in str(ei.value)


def test_empty_sheet():
    img = layout_photo("black-chinese", seed=5, missing=tuple(range(32)))
    with pytest.raises(TileLearnError, match="only 0 of 32 tiles seen"):
        learn_tileset(img)


def test_delta_e():
    assert delta_e((0, 0, 0), (0, 0, 0)) == 0
    assert delta_e((0, 0, 0), (255, 255, 255)) == pytest.approx(100, abs=1)
    assert np.isfinite(delta_e((40, 40, 200), (230, 230, 230)))


def test_strong_distortion_with_the_cameras_intrinsics():
    from calibration.synth import camera_matrix

    K, d = camera_matrix(1280, 720, 62), np.array([-0.15, 0.03, 0, 0, 0])
    img = layout_photo("white-western", seed=41, tilt_deg=15, image_size=(1280, 720), dist=tuple(d))
    res = learn_tileset(img, K=K, dist=d)
    assert res.ok, [s.describe() for s in res.problems]
    assert abs(res.params.tile_mm[1] - 50) < 1.5


def test_two_a4_sheets():
    from calibration.boards import LAYOUT_A4

    a = layout_photo("black-chinese", seed=3, spec=LAYOUT_A4[0])
    b = layout_photo("black-chinese", seed=4, spec=LAYOUT_A4[1], missing=(20,))
    res = learn_tileset([b, a])  # any order
    assert [s.describe() for s in res.problems] == ["slot 21 (5-1): no tile seen"]
    assert abs(res.params.tile_mm[1] - 60) < 1.5
    with pytest.raises(TileLearnError, match=r"no photo of layout sheet A4 2 of 2 \(slots 17-32\)"):
        learn_tileset([a])
