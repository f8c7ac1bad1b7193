"""Sixty-sixth round of 2026-12-02 (docs/vision.md, "A row with a piece unsure named like
another; two tiles cut along their bars").

* EXCESS_SURE: a way of splitting a group is dropped when its pieces name more of a tile
  than one set holds (a wrong cut).  A piece the way already reports unsure (a 4-4 read
  4-3, its layout no die's) names nothing for sure, so it no longer counts: the row's
  other pieces, read whole, are kept, and the piece is reported unsure.  Only one such
  piece a way: two unsure pieces still count (33847).
* SURE_PAIR_ACROSS: a square of two tiles side by side cut for sure along a seam that
  shows (two Western tiles' bars in line) keeps the square cut the other way aside, read
  as a group when both sure pieces are dropped.
* FIT_RANGE: the length of a tile the perspective fit expects stays within 0.1 of the
  shortest and longest it gives where its tiles lie (not only within LENGTH_CLAMP of the
  median): extrapolated to a corner, it dropped tiles there as too short.
"""

from __future__ import annotations

from .scenes import assert_read_by_rule, read_scene3d, sure_at


def test_a_row_with_a_piece_misread_as_its_neighbour_is_kept(monkeypatch):
    # scene3d 24367: four black Western tiles side by side, 5-4, 6-5, 4-3, 4-4; the 4-4's
    # piece reads 4-3 with no die's layout (unsure), and two 4-3s are more than a set
    # holds: the whole row was dropped
    assert_read_by_rule(monkeypatch, 24367, [((366, 319), (6, 5)), ((343, 292), (5, 4)), ((388, 346), (4, 3))],
                        "EXCESS_SURE", 0)


def test_the_piece_read_as_another_tile_is_reported_unsure():
    # the 4-4's piece of that row: found, and reported unsure (not a second 4-3 for sure)
    labels, tl, rs = read_scene3d(24367)
    near = [r for r in rs if abs(r.center[0] - 411) + abs(r.center[1] - 374) < 0.35 * tl]
    assert len(near) == 1 and near[0].uncertain
    assert not sure_at(24367, (411, 374))


def test_a_row_of_three_ivory_tiles_is_kept(monkeypatch):
    # scene3d 26225: 3-3, 6-5, 3-2 side by side; the 3-3's piece reads 3-2, unsure
    assert_read_by_rule(monkeypatch, 26225, [((1059, 569), (6, 5)), ((1101, 567), (3, 2))], "EXCESS_SURE", 0)


def test_a_row_with_two_pieces_unsure_still_counts_them():
    # scene3d 33847: four Western tiles side by side (4-3, 3-3, 3-1, 4-2), one way cut a
    # third of a width off reads 4-1, 3-1 and two 4-2s without die layouts.  Had the two
    # unsure 4-2s been left out of the set's count, the 4-2 would have been read 4-1 for sure
    assert not any(r.face == "up" and sorted(r.pips) == [1, 4] for r in sure_at(33847, (225, 131)))


def test_two_tiles_side_by_side_cut_along_their_bars_are_read_across(monkeypatch):
    # scene3d 26169: a 1-1 beside a 5-4 (Western, grey felt), their bars in line: the
    # square was cut along the bars for sure, both pieces dropped, both tiles lost
    assert_read_by_rule(monkeypatch, 26169, [((527, 586), (1, 1))], "SURE_PAIR_ACROSS", 0)


def test_a_tile_far_from_the_fit_s_tiles_is_not_too_short(monkeypatch):
    # scene3d 24969: a 6-3 beside a 6-5 was read with it as one tile (12-8, unsure) by
    # the frame's plain fit; with the fit held to FIT_RANGE of what it gives where its
    # tiles lie, the two are read apart, both for sure
    assert_read_by_rule(monkeypatch, 24969, [((1078, 350), (6, 3))], "FIT_RANGE", 0)

