"""Forty-sixth round of 2026-11-29 (docs/vision.md, "Red pips on a blue body").

A blue body's a* is as high as a red pip's: the redness the pips' response counts twice
(_pip_response) stood out all over the body (its grain, the body between white pips), and
the red pips were not red against it (_red_pixels).  On a blue body the recognizer now
measures redness on a* only where the hue is not blue (_redness), takes red pips for light
ones and the body's blue shade for no dark pip; and two halves whose bodies' means differ
are still one tile when their medians agree (a strip of cloth at one end, HALVES_MEDIAN).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.recognizer as R
from vision.scene3d import generate_scene3d

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d


def _label_corners(labels, point):
    """The corners, ordered as the recognizer orders them, of the labelled tile nearest ``point``."""
    lab = min(labels, key=lambda la: (la["center"][0] - point[0]) ** 2 + (la["center"][1] - point[1]) ** 2)
    return R._order_corners(cv2.minAreaRect(np.float32(lab["corners"])))


def test_redness_is_lowered_on_blue_only():
    lab = np.full((2, 4, 3), 128, np.uint8)
    lab[0, 0, 1:] = (164, 52)   # a blue body
    lab[0, 1, 1:] = (176, 160)  # a red pip
    lab[0, 2, 1:] = (128, 128)  # a white pip
    lab[0, 3, 1:] = (150, 140)  # pink
    lab[1, 0, 1:] = (100, 110)  # cyan: a* below neutral already, kept
    out = R._redness(lab)
    assert out[0, :, 1].tolist() == [128, 176, 128, 150]
    assert out[1, 0, 1] == 100
    assert (out[..., [0, 2]] == lab[..., [0, 2]]).all()  # lightness and b* untouched
    plain = np.full((2, 2, 3), (60, 135, 140), np.uint8)  # no blue pixel: the crop itself
    assert R._redness(plain) is plain


def test_halves_alike_by_their_medians():
    lab = np.full((10, 40, 3), (100, 165, 55), np.uint8)  # a blue body
    body = np.full((10, 40), 255, np.uint8)
    assert R._halves_alike(lab, body, 20)
    lab[:, :6] = (200, 60, 180)  # a strip of green cloth at one end: a minority of its half
    assert R._halves_alike(lab, body, 20)
    lab[:, :14] = (200, 60, 180)  # most of the half: another thing
    assert not R._halves_alike(lab, body, 20)


@pytest.mark.parametrize("seed, point, want", [
    (26437, (558, 301), (4, 2)),  # red 4 and white 2 on a blue body: read (5, 0) before
    (26393, (925, 441), (6, 4)),  # pale red 4 on light blue: read (5, 0)
])
def test_a_blue_faces_pips_are_counted(seed, point, want):
    img, labels, _tl = generate_scene3d(seed, 1280, 720, n_tiles=24)
    rd = R._read_tile(img, _label_corners(labels, point), "auto", None)
    assert rd is not None and rd.face == "up" and rd.halves == want
    assert rd.red == (4 if 4 in want else 0) + (1 if 1 in want else 0)  # the red pips are red


def test_a_black_face_is_no_blue_one(monkeypatch):
    # a black body tinted blue (scene3d 26209, an ebony 4-2) is read as before: no _redness
    img, labels, _tl = generate_scene3d(26209, 1280, 720, n_tiles=24)
    calls = []
    real = R._redness
    monkeypatch.setattr(R, "_redness", lambda lab: calls.append(1) or real(lab))
    rd = R._read_tile(img, _label_corners(labels, (619, 71)), "auto", None)
    assert rd is not None and rd.face == "up"
    assert not calls


def test_tiles_on_a_blue_set_are_read():
    # scene3d 26437: blue tiles with red and white pips on green felt; 12 of its 24 tiles
    # were read before this round
    labels, tl, rs = read_scene3d(26437)
    assert_read_right(labels, tl, rs, [((558, 301), (4, 2)), ((196, 69), (4, 4)), ((1088, 251), (6, 4)),
                                       ((1103, 286), (2, 2))])


@pytest.mark.parametrize("constant, off, seed, point, pips", [
    ("BLUE_BODY", 10_000, 26437, (1088, 251), (6, 4)),
    ("HALVES_MEDIAN", False, 26437, (558, 301), (4, 2)),
    ("BLUE_SHADE", 10_000, 26437, (196, 69), (4, 4)),
])
def test_with_the_rule_off_the_tile_is_lost(constant, off, seed, point, pips, monkeypatch):
    assert_lost_with_rule_off(monkeypatch, constant, off, seed, point, pips)
