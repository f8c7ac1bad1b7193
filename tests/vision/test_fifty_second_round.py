"""Fifty-second round of 2026-11-30 (docs/vision.md, "Backs with an open side").

A cloth striped as wide as a tile and of the tiles' own colour: the bands between its
stripes are cut into tile-long pieces, each a plain patch of a tile's size and a tile's
colour, read as backs.  A real back's every side is an edge, or the side of a neighbour
read; a side with no edge, the same colour on both sides of it and nothing read beyond it
is open, and a back with an open side is dropped (OPEN_BACKS, OPEN_EDGE, OPEN_GAP).  One
dropped can open its neighbour's side, so the pieces of a band go one after another.

And faces laid by `_pip_fallback` on a cloth as dark as they: the tile's colour "runs on"
beyond its ends into the cloth, which refused it as part of something longer; a rectangle
both of whose ends are edges is a tile (RUNS_ON_EDGED, _ends_edged).
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near

# scene3d 25709: a cream cloth with blue stripes; four pieces of two bands read as backs
BANDS = [(388, 565), (372, 472), (387, 201), (371, 108)]


def test_bands_of_a_striped_cloth_are_no_backs():
    labels, tl, rs = read_scene3d(25709)
    for p in BANDS:
        assert not sure_near(rs, p, 0.25 * tl), p


def test_the_open_sides_dropped_them(monkeypatch):
    monkeypatch.setattr(R, "OPEN_BACKS", 0)
    labels, tl, rs = read_scene3d(25709)
    assert sum(bool([r for r in sure_near(rs, p, 0.25 * tl) if r.face == "down"]) for p in BANDS) >= 3


def test_a_back_beside_a_back_not_read_is_kept():
    # scene3d 25994: two blue backs side by side on a checked cloth, the left one not read;
    # the seam between them is faint but an edge still (and of the backs' colour beyond)
    labels, tl, rs = read_scene3d(25994)
    assert_read_right(labels, tl, rs, [((1183, 119), None)])


def _cloth() -> np.ndarray:
    rng = np.random.default_rng(7)
    img = np.full((200, 300, 3), (190, 205, 215), np.uint8)
    return cv2.add(img, rng.integers(0, 12, img.shape, dtype=np.uint8))


# a rectangle 80 x 40 (long along x), corners in order
BOX = np.float32([[100, 80], [180, 80], [180, 120], [100, 120]])


def test_a_side_on_plain_cloth_is_open():
    img = _cloth()
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert all(R._side_open(img, gray, BOX, i, [], 5.0) for i in range(4))


def test_a_side_with_an_edge_a_colour_or_a_neighbour_beyond_is_not_open():
    img = _cloth()
    cv2.rectangle(img, (100, 80), (180, 120), (60, 70, 80), 2)  # an outline: edges all round
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert not any(R._side_open(img, gray, BOX, i, [], 5.0) for i in range(4))
    img = _cloth()
    img[:, 180:] = (40, 120, 200)  # beyond the right end, another colour (an edge too)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert not R._side_open(img, gray, BOX, 1, [], 5.0)
    img = _cloth()
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    beyond = np.float32([[180, 80], [260, 80], [260, 120], [180, 120]]).reshape(-1, 1, 2)  # a neighbour read
    assert not R._side_open(img, gray, BOX, 1, [beyond], 5.0)
    assert R._side_open(img, gray, BOX, 3, [beyond], 5.0)  # (its other end is open still)


def test_a_black_tile_on_a_black_cloth_is_laid_by_its_pips():
    # scene3d 25697: a black 6-6 on near-black cloth, found only by its pips
    labels, tl, rs = read_scene3d(25697)
    assert_read_right(labels, tl, rs, [((885, 81), (6, 6))])


def test_its_ends_edges_kept_it(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "RUNS_ON_EDGED", 0, 25697, (885, 81), (6, 6))


def test_ends_are_edges_where_a_tile_ends_not_across_its_middle():
    rng = np.random.default_rng(3)
    img = cv2.add(np.full((200, 300, 3), 30, np.uint8), rng.integers(0, 6, (200, 300, 3), dtype=np.uint8))
    cv2.rectangle(img, (100, 80), (180, 120), (45, 45, 45), -1)  # a dark tile, a little lighter
    cv2.rectangle(img, (100, 80), (180, 120), (90, 90, 90), 1)  # its rim
    assert R._ends_edged(img, BOX)
    img = cv2.add(np.full((200, 300, 3), 30, np.uint8), rng.integers(0, 6, (200, 300, 3), dtype=np.uint8))
    cv2.rectangle(img, (40, 80), (240, 120), (45, 45, 45), -1)  # something longer: the box in its middle
    cv2.rectangle(img, (40, 80), (240, 120), (90, 90, 90), 1)
    assert not R._ends_edged(img, BOX)
