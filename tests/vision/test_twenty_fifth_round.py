"""Twenty-fifth round of 2026-11-27 (docs/vision.md, "Two tiles side by side whose outline
holds their faces only"): the tests of what the round reads fail on the code before it."""

from __future__ import annotations

import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def _cand(w: float, h: float) -> R._Cand:
    return R._Cand(((100.0, 100.0), (w, h), 0.0), w * h, 0.95, 0.9, "test", np.zeros((4, 1, 2), np.int32))


def test_two_tiles_side_by_side_narrower_than_two_widths_are_cut_along():
    # the tiles' size measured with their sides, 115 x 55; two side by side whose outline
    # holds their faces only, 114 x 90: 90 / 55 = 1.64 tiles across was no count of two
    # (0.28 off at most), so only the way across both (two 57 x 90 pieces) was tried
    ways = [[p[1] for p in parts] for parts, _ in R._grid_splits(_cand(114, 90), 115, 55)]
    assert [(114, 45.0), (114, 45.0)] in ways, ways
    # (but no more room beyond two widths: scene3d 22236, three navy tiles side by side,
    # 118 x 106 against tiles of 101 x 45, is no pair of 52 px wide pieces)
    assert not any(len(parts) == 2 for parts, _ in R._grid_splits(_cand(118, 106), 101, 45))


def test_a_square_of_two_tiles_is_read_along_them():
    # scene3d 22437: a 6-4 and a 3-3 side by side on red felt.  Only the way across them was
    # tried, and it read as a 4-3 (a false tile) and a 6-3 (a wrong one) at 0.97
    assert_read_right(*read_scene3d(22437, 24), (((696, 159), [6, 4]), ((738, 161), [3, 3])))
