"""Fifty-third round of 2026-11-30 (docs/vision.md, "Tiles on stripes of their own colour;
backs of the cloth's colour raised off it").

On a striped cloth one of whose colours is the tiles', a tile differs from the cloth's
model only where it hides a stripe of the other colour: its mask is a row of bands.  The
cloth's model takes shifts along the stripes too (PAT_ALONG, _stripes_along: a median of
seven, not three, so a tile on a repeat no longer leaks into it), and the pattern's opened
mask is also looked at closed with a disc as wide as a stripe (PAT_FILL), which joins the
bands.

And plain backs of a table colour, dropped as the cloth, are kept when raised off it
(RAISED_BACKS, _raised): every side an edge, the cloth's hue beyond every side, its
lightness beyond one side at least.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d

# scene3d 25018: faces on a striped cloth, found by the pattern's mask once it is closed
FILLED = [((694, 69), (3, 3)), ((843, 286), (4, 4)), ((367, 380), (6, 4))]
# scene3d 25605: faces whose stripes' model needed the shifts along the stripes
ALONG = [((527, 330), (6, 4)), ((128, 444), (6, 6))]


def test_faces_on_stripes_are_read_from_the_closed_pattern_mask():
    labels, tl, rs = read_scene3d(25018)
    assert_read_right(labels, tl, rs, FILLED)


def test_without_the_closing_they_are_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PAT_FILL", 0, 25018, *FILLED[0])


def test_faces_read_with_the_shifts_along_the_stripes():
    labels, tl, rs = read_scene3d(25605)
    assert_read_right(labels, tl, rs, ALONG)


def test_without_the_shifts_along_the_stripes_they_are_lost(monkeypatch):
    # (since the fifty-fifth round a blob over a small tile found is divided too,
    # BLOB_HOLDER, and that reads this 6-4 as well: both off)
    monkeypatch.setattr(R, "BLOB_HOLDER", 0)
    assert_lost_with_rule_off(monkeypatch, "PAT_ALONG", 0, 25605, *ALONG[0])


def test_stripes_along_a_tilted_cloth():
    yy, xx = np.mgrid[0:200, 0:300].astype(np.float64)
    # stripes along (cos 30°, sin 30°): the grey changes across them only
    across = -xx * np.sin(np.radians(30)) + yy * np.cos(np.radians(30))
    img = np.where((across // 9) % 2 == 0, 200, 70).astype(np.uint8)
    t = R._stripes_along(img)
    assert t is not None
    assert abs(abs(float(t @ [np.cos(np.radians(30)), np.sin(np.radians(30))])) - 1.0) < 0.02


def test_plain_and_checked_images_have_no_stripes():
    assert R._stripes_along(np.full((50, 80), 120, np.uint8)) is None
    yy, xx = np.mgrid[0:120, 0:160]
    assert R._stripes_along(np.where(((xx // 10) + (yy // 10)) % 2 == 0, 220, 40).astype(np.uint8)) is None


# scene3d 25720: green backs on green felt, of the cloth's colour — dropped as the cloth
# until a back raised off it (every side an edge, the cloth's hue beyond) was kept
GREEN_BACKS = [((1037, 584), None), ((1211, 467), None), ((122, 532), None)]


def test_backs_of_the_cloths_colour_raised_off_it_are_kept():
    labels, tl, rs = read_scene3d(25720)
    assert_read_right(labels, tl, rs, GREEN_BACKS)


def test_without_raised_backs_they_are_dropped(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "RAISED_BACKS", 0, 25720, *GREEN_BACKS[0])


def _felt(colour=(60, 140, 50)) -> np.ndarray:
    rng = np.random.default_rng(3)
    img = np.full((160, 240, 3), colour, np.uint8)
    return cv2.add(img, rng.integers(0, 6, img.shape, dtype=np.uint8))


BACK = np.float32([[80, 60], [160, 60], [160, 100], [80, 100]])


def test_a_back_with_a_side_and_a_shadow_is_raised():
    img = _felt()
    cv2.rectangle(img, (82, 101), (163, 106), (30, 70, 25), -1)  # its shadow below
    cv2.rectangle(img, (80, 60), (160, 100), (25, 60, 20), -1)  # its side
    cv2.rectangle(img, (82, 61), (158, 97), (70, 160, 58), -1)  # its top, a little lighter
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert R._raised(img, gray, BACK)


def test_a_patch_of_cloth_is_not_raised():
    img = _felt()
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert not R._raised(img, gray, BACK)


def test_a_patch_between_stripes_of_another_colour_is_not_raised():
    img = _felt()
    img[:60] = (40, 40, 200)  # red stripes above and below it
    img[100:] = (40, 40, 200)
    img[60:100, :80] = (40, 40, 200)  # and red either end
    img[60:100, 160:] = (40, 40, 200)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert not R._raised(img, gray, BACK)


def test_a_piece_of_a_dark_stripe_between_light_ones_is_not_raised(monkeypatch):
    # grey on grey: the hue is the same beyond every side, the lightness on none
    img = np.full((160, 240, 3), 200, np.uint8)
    img[60:100, 80:160] = 70
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert not R._raised(img, gray, BACK)
    monkeypatch.setattr(R, "RAISED_L", 255.0)
    assert R._raised(img, gray, BACK)
