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


def _spotted_back(body, spots):
    img = np.zeros((100, 230, 3), np.uint8)
    img[:] = body
    for (x, y), col in spots:
        cv2.circle(img, (x, y), 9, col, -1, cv2.LINE_AA)
    return cv2.GaussianBlur(img, (0, 0), 1.0), np.float32([[0, 0], [229, 0], [229, 99], [0, 99]])


WHITE, DARK_RED = (235, 235, 235), (40, 30, 110)
ORANGE = (40, 120, 200)  # an amber back as dark as its dark red middle spot is light


def test_a_spotted_back_whose_middle_spot_is_of_the_other_polarity_is_a_back():
    # on an amber back the white end spots are lighter than the body and the dark red middle
    # one darker: the pips of one polarity only are seen, the middle alone or the two ends
    img, c = _spotted_back(ORANGE, [((70, 70), WHITE), ((115, 50), DARK_RED), ((160, 30), WHITE)])
    rd = _read_tile(img, c, "auto", None)
    assert rd is not None and rd.face == "down" and rd.spots_back
    # the middle one alone, too dark to show its red
    pale = (222, 226, 226)  # white spots hardly lighter than a light amber back
    img, c = _spotted_back((120, 190, 235), [((70, 70), pale), ((115, 50), (45, 45, 60)), ((160, 30), pale)])
    rd = _read_tile(img, c, "auto", None)
    assert rd is not None and rd.face == "down" and rd.spots_back


def test_a_one_one_is_not_a_diagonal_pair():
    img, c = _spotted_back(ORANGE, [((57, 50), DARK_RED), ((172, 50), DARK_RED)])
    rd = _read_tile(img, c, "auto", None)
    assert rd is not None and rd.face == "up" and rd.halves == (1, 1)


def _white(pips=()):
    img = np.full((100, 200, 3), 252, np.uint8)
    for x, y in pips:
        cv2.circle(img, (x, y), 8, (230, 215, 200), 2, cv2.LINE_AA)  # a pale ring, all but washed out
    return cv2.GaussianBlur(img, (0, 0), 1.0)


def test_an_overexposed_face_with_faint_ring_pips_is_no_sure_back():
    # a white 1-1 shot overexposed: its pips are faint rings under the pip level; it read as
    # a plain back at 0.95 (a confident wrong reading); now a back, unsure
    rd = _read_tile(_white([(50, 50), (150, 50)]), FULL, "auto", None)
    assert rd is not None and rd.face == "down" and rd.quality <= 0.5
    rd = _read_tile(_white(), FULL, "auto", None)
    assert rd is not None and rd.face == "down" and rd.quality == 1.0
