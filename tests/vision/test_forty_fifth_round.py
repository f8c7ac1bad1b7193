"""Forty-fifth round of 2026-11-29 (docs/vision.md, "A cloth printed with small spots").

A cloth printed with small dots or flowers all over (scene3d's small print) cuts a tile's
outline wherever a spot touches it and joins the tile to the cloth: frames on such cloths
lost most of their tiles.  The recognizer now looks for such a print (_print_cloth: spots
alike, evenly spaced, over most of the frame), paints its spots over (_wipe_print) and
proposes outlines on that image too, adding those where no tile was outlined already.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

import vision.recognizer as R
from vision.scene3d import generate_scene3d

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d


def _work_gray(img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    s = min(1.0, R.WORK_MAX / max(h, w))
    small = cv2.resize(img, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


@pytest.mark.parametrize("seed, op", [
    (26367, cv2.MORPH_BLACKHAT),   # purple dots on grey-green
    (26369, cv2.MORPH_BLACKHAT),   # dark dots on light grey
    (26330, cv2.MORPH_TOPHAT),     # light green dots on blue
    (22784, cv2.MORPH_BLACKHAT),   # blue dots on white
])
def test_a_printed_cloth_is_found_with_its_spots_polarity(seed, op):
    img, _labels, _tl = generate_scene3d(seed, 1280, 720, n_tiles=24)
    assert R._print_cloth(_work_gray(img)) == op


@pytest.mark.parametrize("seed", [
    22735,  # wood grain
    22749,  # woven cloth
    22763,  # gingham
    22770,  # dark gingham
    22766,  # light wood
])
def test_grain_weave_and_checks_are_no_print(seed):
    img, _labels, _tl = generate_scene3d(seed, 1280, 720, n_tiles=24)
    assert R._print_cloth(_work_gray(img)) is None


def test_no_real_photo_is_taken_for_a_printed_cloth(photos_dir):
    photos = sorted(photos_dir.glob("*.png"))
    assert photos, photos_dir
    for p in photos:
        assert R._print_cloth(_work_gray(cv2.imread(str(p)))) is None, p.name


def test_the_spots_are_painted_over_and_the_tiles_stay():
    yy, xx = np.mgrid[0:360, 0:640]
    dots = (yy % 12 - 6) ** 2 + ((xx + 6 * (yy // 12 % 2)) % 12 - 6) ** 2 <= 5
    img = np.where(dots[..., None], np.uint8([90, 40, 120]), np.uint8([170, 180, 175])).astype(np.uint8)
    img[100:140, 200:290] = (215, 225, 230)  # a tile, face up, with two dark pips
    cv2.circle(img, (220, 120), 4, (30, 30, 30), -1)
    cv2.circle(img, (270, 120), 4, (30, 30, 30), -1)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    op = R._print_cloth(gray)
    assert op == cv2.MORPH_BLACKHAT
    wiped = R._wipe_print(img, gray, op)
    cloth = wiped[200:340, 350:630].reshape(-1, 3).astype(np.float32)
    assert np.abs(cloth - np.float32([170, 180, 175])).max(axis=1).mean() < 6  # the dots gone
    assert np.abs(wiped[105:135, 205:285].astype(np.float32) - np.float32([215, 225, 230])).max() < 30  # pips too
    # the tile's edges stay where they were
    g2 = cv2.cvtColor(wiped, cv2.COLOR_BGR2GRAY).astype(np.float32)
    assert g2[120, 195] < g2[120, 205] - 20 and g2[95, 245] < g2[105, 245] - 20


def test_tiles_on_a_printed_cloth_are_read():
    # scene3d 26367: white tiles on grey-green cloth printed with purple dots; five of its
    # 24 tiles were read before this round, 15 after
    labels, tl, rs = read_scene3d(26367)
    assert_read_right(labels, tl, rs, [((683, 312), (6, 4)), ((780, 402), (6, 5)), ((399, 434), (1, 1)),
                                       ((522, 320), None), ((226, 520), (2, 1))])
    assert not [r for r in rs if not r.uncertain and
                min(math.dist(r.center, la["center"]) for la in labels) > 0.3 * tl]  # nothing false


def test_tiles_on_a_white_cloth_with_blue_dots_are_read():
    labels, tl, rs = read_scene3d(22784)
    assert_read_right(labels, tl, rs, [((449, 221), (5, 3)), ((521, 140), (2, 1)), ((761, 149), (5, 1))])


def test_a_crop_is_read_with_the_whole_frames_print():
    img, labels, tl = generate_scene3d(26367, 1280, 720, n_tiles=24)
    whole = R.analyze(img)
    assert whole.context.print_op == cv2.MORPH_BLACKHAT
    x0, y0, x1, y1 = 580, 220, 880, 500  # the 6-4 at (683, 312) and the 6-5 at (780, 402)
    crop = R.analyze(img[y0:y1, x0:x1], context=whole.context)
    got = sorted(tuple(sorted(r.pips)) for r in crop.readings if r.face == "up" and not r.uncertain and r.pips)
    assert (4, 6) in got and (5, 6) in got
    # without the print, the crop is read as the whole frame was before this round
    bare = R.analyze(img[y0:y1, x0:x1], context=replace(whole.context, print_op=None))
    got_bare = sorted(tuple(sorted(r.pips)) for r in bare.readings if r.face == "up" and not r.uncertain and r.pips)
    assert got_bare != got


@pytest.mark.parametrize("seed, point, pips", [
    (26367, (683, 312), (6, 4)),
    (26367, (522, 320), None),
    (22784, (449, 221), (5, 3)),
])
def test_with_the_rule_off_the_tile_is_lost(seed, point, pips, monkeypatch):
    if pips is None:
        # (since the fifty-seventh round a lone back is also judged against a length fit
        # that holds it, LONE_BACK_REFIT, which finds 26367's back without the print too)
        monkeypatch.setattr(R, "LONE_BACK_REFIT", 0)
    assert_lost_with_rule_off(monkeypatch, "PRINT_COVER", 0.0, seed, point, pips)
