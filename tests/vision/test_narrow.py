"""Faces of which a mask caught only a lengthwise part (_narrow_faces, 2026-11-25 round 2;
docs/vision.md, "Painted or not, narrow faces")."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.recognizer import _narrow_faces, recognize
from vision.scene3d import generate_scene3d


def test_ivory_tiles_on_a_cloth_of_their_colour_whose_lower_part_is_shaded_are_read():
    # scene3d seed 1120: ivory Chinese tiles on a beige woven cloth, thick sides seen; each
    # mask holds only the lit part of these three faces, too narrow for a tile (3.3-3.6 : 1)
    img, labels, tl = generate_scene3d(1120, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((186, 204), (186, 233), (323, 255)):
        lab = min(labels, key=lambda la: math.dist(la["center"], want))
        got = min(readings, key=lambda r: math.dist(r.center, lab["center"]))
        assert math.dist(got.center, lab["center"]) < 0.2 * tl, f"no reading at {want}"
        assert not got.uncertain and sorted(got.pips) == sorted(lab["pips"]), (got, lab["pips"])


def _cand(rect, fill):
    from vision.recognizer import _Cand

    box = cv2.boxPoints(rect).astype(np.int32)
    w, h = rect[1]
    return _Cand(rect, w * h * fill, fill, fill, "test", box)


def test_narrow_faces_only_where_nothing_was_found_and_of_a_tiles_length():
    tile = ((100.0, 100.0), (50.0, 20.0), 0.0)
    narrow = _cand(((300.0, 100.0), (52.0, 15.0), 0.0), 0.9)  # 3.5 : 1
    over = _cand(((101.0, 101.0), (52.0, 15.0), 0.0), 0.9)  # over the tile found
    short = _cand(((300.0, 300.0), (30.0, 9.0), 0.0), 0.9)  # not a tile's length
    thin = _cand(((500.0, 300.0), (52.0, 10.0), 0.0), 0.9)  # 5.2 : 1, a strip
    loose = _cand(((500.0, 100.0), (52.0, 15.0), 0.0), 0.7)  # ill-filled
    got = _narrow_faces([narrow, over, short, thin, loose], [tile], 50.0)
    assert got == [narrow.rect]
