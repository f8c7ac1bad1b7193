"""A sliver of the tile's side or of the table along the outline's edge is no pip
(_read_tile, SLIVER; 2026-11-25 round 2, docs/vision.md)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognizer import _read_tile

AMBER, SIDE = (60, 170, 225), (30, 80, 120)
FULL = np.float32([[0, 0], [199, 0], [199, 99], [0, 99]])


def _back(strip=None):
    img = np.zeros((100, 200, 3), np.uint8)
    img[:] = AMBER
    if strip is not None:
        cv2.rectangle(img, strip[0], strip[1], SIDE, -1)
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def test_a_strip_of_side_at_a_backs_end_is_no_pip():
    # an outline a little off at one end of an amber back takes in a strip of its side:
    # it was read as a face up 1-0 (uncertain, never right)
    rd = _read_tile(_back(((9, 36), (17, 64))), FULL, "auto", None)
    assert rd is not None and rd.face == "down"


def test_a_round_pip_near_the_end_still_counts():
    img = _back()
    cv2.circle(img, (16, 50), 8, SIDE, -1, cv2.LINE_AA)
    cv2.circle(img, (150, 50), 8, SIDE, -1, cv2.LINE_AA)
    rd = _read_tile(img, FULL, "auto", None)
    assert rd is not None and rd.face == "up" and rd.n_pips == 2
