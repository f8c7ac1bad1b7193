"""Striped cloths, spotted backs on loose outlines, and a crash in _bar_pieces — readings
that went wrong on scenes of `vision.scene3d` (2026-11-25, third round; docs/vision.md,
"Striped cloths and spotted backs")."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.recognizer import _table_colours, recognize
from vision.scene3d import generate_scene3d


def _right(readings, labels, tl) -> int:
    n = 0
    for lab in labels:
        got = [r for r in readings if math.dist(r.center, lab["center"]) < 0.3 * tl]
        if not got or got[0].uncertain or got[0].face != lab["face"]:
            continue
        n += lab["face"] == "down" or sorted(got[0].pips) == sorted(lab["pips"])
    return n


def test_a_stripe_lit_across_a_gradient_is_one_colour_of_the_table():
    # three stripes: blue, yellow and green; the green one (a fifth of the cloth) darkens
    # across the frame, its colour the same, so that its pixels fall into two lightness
    # bins, neither holding BG_SHARE of the frame
    h, w = 120, 200
    lab = np.zeros((h, w, 3), np.uint8)
    for y in range(h):
        band = y % 10
        if band < 4:
            lab[y] = (107, 147, 68)  # blue
        elif band < 8:
            lab[y] = (177, 131, 186)  # yellow
        else:
            lab[y, :, 0] = np.linspace(150, 106, w)  # green, lit from the left
            lab[y, :, 1:] = (88, 167)
    img = cv2.cvtColor(lab, cv2.COLOR_Lab2BGR)
    cols = _table_colours(img)
    green = (88, 167)  # the green's a and b
    assert len(cols) == 3
    assert any(abs(int(c[1]) - green[0]) < 12 and abs(int(c[2]) - green[1]) < 12 for c in cols), cols


def test_green_tiles_on_a_striped_cloth_of_three_colours_are_found():
    # scene3d seed 2123: green tiles on ochre, purple and dark red stripes; with only two of
    # the cloth's colours known its third joined every tile to the stripes: none was read
    img, labels, tl = generate_scene3d(2123, 1280, 720, n_tiles=24)
    assert _right(recognize(img), labels, tl) >= 9


def test_spotted_backs_whose_only_outline_is_loose_are_read():
    # scene3d seed 3154: red spotted backs on a striped cloth; their outline takes in a
    # little of their side (a loose face, _narrow_faces) and re-cut by colour it holds the
    # three diagonal spots: a back
    img, labels, tl = generate_scene3d(3154, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((475, 182), (611, 434)):
        lab = min(labels, key=lambda la: math.dist(la["center"], want))
        assert lab["face"] == "down"
        got = [r for r in readings if math.dist(r.center, lab["center"]) < 0.25 * tl]
        assert got and got[0].face == "down" and not got[0].uncertain, (want, got)


def test_two_lines_at_one_multiple_of_half_a_tile_do_not_crash_the_bar_cut():
    # scene3d seed 2174: two lines across a row of Western tiles rounded to the same divider
    # bar; the spacing between the bars was then divided by zero
    img, labels, tl = generate_scene3d(2174, 1280, 720, n_tiles=24)
    readings = recognize(img)
    assert _right(readings, labels, tl) >= 10


def test_light_faces_a_little_lighter_than_the_cloth_around_them_are_found():
    # scene3d seed 2200: light faces on a pale cloth, lit from one side; each face only about
    # 15 grey levels above the cloth beside it (rel+ at 128 + 18 held a sliver of it)
    img, labels, tl = generate_scene3d(2200, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((636, 439), (773, 419), (643, 386), (970, 95)):
        lab = min(labels, key=lambda la: math.dist(la["center"], want))
        got = [r for r in readings if math.dist(r.center, lab["center"]) < 0.25 * tl]
        assert got and not got[0].uncertain and sorted(got[0].pips) == sorted(lab["pips"]), (want, got)
