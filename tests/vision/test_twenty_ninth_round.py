"""Twenty-ninth round of 2026-11-27 (docs/vision.md, "Backs beside a cloth's thin rims; rows
of tiles side by side cut at the tiles' nominal width"): each test fails on the code before
the round (145b0a4) — but three guards, each failing on a first version of an item (21171,
21856, 18779 and 23376)."""

from __future__ import annotations

import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d, sure_near


def test_backs_beside_the_thin_rims_of_a_checked_cloth_are_not_the_cloth():
    # scene3d 23708: twelve grey brushed backs on a yellow gingham.  The rims of the cloth's
    # white cells, blended with the yellow, make a colour that covers 5 % of the frame —
    # a table colour at BACK_TABLE_SHARE — within TABLE_BACK_GAP of the backs' grey: every
    # back was dropped as a patch of the cloth.  A cloth colour now counts by its solid
    # patches (the binned pixels of that colour opened by 2 x 2): the rims, one bin wide,
    # are no patch that a back could be
    assert_read_right(*read_scene3d(23708, 24), (((746, 504), None), ((305, 392), None), ((132, 203), None),
                                                 ((673, 376), None), ((878, 533), None)))


def test_the_stripes_of_a_cloth_are_still_the_cloth():
    # scene3d 21171: green and red stripes about 20 pixels wide.  Opened by 3 x 3 bins (the
    # first version) the green stripes were no patch either, and six pieces of them were
    # read as backs; opened by 2 x 2 they stay the cloth
    labels, tl, readings = read_scene3d(21171, 24)
    for point in ((55, 404), (124, 462), (197, 522), (524, 400), (544, 535), (714, 663)):
        assert not sure_near(readings, point, 0.3 * tl), (point, sure_near(readings, point, 0.3 * tl))


def test_a_row_side_by_side_narrower_than_single_tiles_is_cut_at_their_nominal_width():
    # scene3d 23653: four blurred black tiles side by side, 53 x 37 working pixels.  The
    # single tiles' outlines, with their sides, are 35 x 15.4: three tiles across is 0.44
    # off, four is 0.56 off, and pieces of that length : width (2.3) do not fit either —
    # the row was never cut.  Cut also to the tiles' nominal proportions (TILE_ASPECTS),
    # four pieces of 2.8 : 1 are read
    assert_read_right(*read_scene3d(23653, 24), (((74, 498), [6, 5]), ((55, 484), [5, 2]), ((36, 470), [1, 1])))


def test_nominal_grids_are_rows_side_by_side_only():
    # the first version cut to the nominal proportions every way a blob divides: scene3d
    # 21856's column of three tiles end to end beside the cloth was cut three by two, and
    # the cloth's strip read as three backs; a second, rows only, cut 18779's row of three
    # black tiles end to end a little off its seams: 3-1 and 2-2 for a 4-3 and a 3-2
    labels, tl, readings = read_scene3d(21856, 24)
    for point in ((799, 487), (800, 400), (804, 310)):
        assert not sure_near(readings, point, 0.3 * tl), (point, sure_near(readings, point, 0.3 * tl))
    labels, tl, readings = read_scene3d(18779, 24)
    for point, pips in (((195, 164), [4, 3]), ((236, 199), [3, 2])):
        for r in sure_near(readings, point, 0.25 * tl):
            assert r.face == "up" and sorted(r.pips) == sorted(pips), (point, r)
    # ... and a third, rows of two too, cut a single tile with its side beside it in two:
    # 23376's 4-1 read 5-4 beside a false 3-1, 21789's 5-5 read 5-1 beside a false 3-1
    for seed, point in ((23376, (73, 465)), (21789, (1117, 196))):
        labels, tl, readings = read_scene3d(seed, 24)
        assert not sure_near(readings, point, 0.25 * tl), (seed, sure_near(readings, point, 0.25 * tl))


def test_grids_scaled_adds_rows_side_by_side_of_the_nominal_proportions(monkeypatch):
    # a row of tiles side by side, 53 long across them and 37 along them, the single tiles
    # measured 35.4 x 15.4 with their sides: of the measured proportions, three pieces
    # (2.1 : 1); of the nominal ones, a row of four too (2.8 : 1, within GRID_SCALE_ASPECT
    # of 2.5 : 1), after the measured ways
    c = R._Cand(((50.0, 50.0), (37.0, 53.0), 0.0), 37.0 * 53.0 * 0.9, 0.9, 0.9, "t", None)
    measured = R._grid_scaled(c, 35.4, 15.4)
    grids = R._grids_scaled(c, 35.4, 15.4)
    assert [len(p) for p, _ in measured] == [3]
    assert [len(p) for p, _ in grids] == [3, 4]
    assert np.allclose([r[1] for r in grids[1][0]], [37.0, 13.25])
    # ... and no block (two by three pieces of 2 : 1) of the nominal proportions, which the
    # measured ones do not give
    block = R._Cand(((50.0, 50.0), (70.0, 56.0), 0.0), 3528.0, 0.9, 0.9, "t", None)
    assert R._grid_scaled(block, 35.4, 15.4) == [] and R._grid_scaled(block, 35.4, 35.4 / 2.0) != []
    assert R._grids_scaled(block, 35.4, 15.4) == []
    # a row end to end (three of 2.7 : 1): since the forty-second round, rows end to end of
    # SCALED_END_ROW tiles or more are cut at the nominal proportions too (scene3d 26231)
    row = R._Cand(((50.0, 50.0), (106.0, 13.0), 0.0), 1240.0, 0.9, 0.9, "t", None)
    assert R._grid_scaled(row, 35.4, 15.4) == [] and R._grid_scaled(row, 35.4, 35.4 / 2.5) != []
    assert [len(p) for p, _ in R._grids_scaled(row, 35.4, 15.4)] == [3]
    monkeypatch.setattr(R, "SCALED_END_ROW", 0)
    assert R._grids_scaled(row, 35.4, 15.4) == []
