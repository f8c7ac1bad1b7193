"""Fifty-sixth round of 2026-11-30 (docs/vision.md, "Rows of short tiles end to end; loose
faces seen aslant; red counts between tied ways").

* END_ROW_SHORT: a row of tiles end to end, one tile wide, whose tiles are shorter than
  the size the frame's single tiles gave (that size includes their sides and shadows),
  is also cut into pieces of its own length.  No grid of the tiles' proportions divided
  it, so the row was lost whole.  Pairs count too (END_ROW_MIN).
* LOOSE_ASPECT: a loose face (notched by its pips at the edge) may be as short as 1.6 : 1,
  as a face seen aslant is — looked for after the short faces, where none lies, its ends in
  the frame.
* TIE_RED_COUNTS: of a group's ways that read equally clean, in a set whose red pips show,
  the way whose every face has the red count of its tile is taken.
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d

# scene3d 24560: three yellow tiles end to end on red cloth, shorter than the frame's tiles
ROW = [((358, 98), (6, 1)), ((377, 149), (2, 2)), ((400, 202), (6, 1))]
# scene3d 24530: a black 3-3 and 5-5 end to end on wood
PAIR = [((753, 48), (3, 3)), ((825, 70), (5, 5))]
# scene3d 24107 and 24229: loose faces of 1.7 : 1 and 1.6 : 1
LOOSE = [(24107, (346, 619), (6, 4)), (24229, (129, 91), (5, 1))]
# scene3d 24569: a 3-3 and a 6-4 side by side, also cut along them into a 6-3 and a 4-3
TIE = [((479, 279), (3, 3)), ((526, 294), (6, 4))]


def test_a_row_of_short_tiles_end_to_end_is_read():
    labels, tl, rs = read_scene3d(24560)
    assert_read_right(labels, tl, rs, ROW)


def test_without_cutting_by_the_rows_own_length_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "END_ROW_SHORT", 0, 24560, *ROW[1])


def test_a_pair_of_short_tiles_end_to_end_is_read():
    labels, tl, rs = read_scene3d(24530)
    assert_read_right(labels, tl, rs, PAIR)


def test_with_rows_of_three_only_the_pair_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "END_ROW_MIN", 3, 24530, *PAIR[0])


def test_loose_faces_seen_aslant_are_read(monkeypatch):
    # (24229's cream cloth is traced blurred since the sixty-second round, EDGE_BLUR_WIDE, and
    # its 5-1 then lost: the loose face is read as this round read it without that tracing)
    monkeypatch.setattr(R, "EDGE_BLUR_WIDE", 0)
    for seed, point, pips in LOOSE:
        labels, tl, rs = read_scene3d(seed)
        assert_read_right(labels, tl, rs, [(point, pips)])


def test_with_the_old_least_aspect_the_loose_face_is_lost(monkeypatch):
    seed, point, pips = LOOSE[0]
    assert_lost_with_rule_off(monkeypatch, "LOOSE_ASPECT", 1.8, seed, point, pips)


def test_red_counts_choose_between_tied_ways():
    labels, tl, rs = read_scene3d(24569)
    assert_read_right(labels, tl, rs, TIE)


def test_without_the_red_counts_the_pair_is_unsure(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "TIE_RED_COUNTS", 0, 24569, *TIE[0])


def _row(centre=(200.0, 150.0)) -> R._Cand:
    """The outline of three short tiles end to end, as scene3d 24560's (working pixels)."""
    return R._Cand((centre, (21.1, 90.6), -23.2), 1630.0, 0.85, 0.8, "t", None)


def test_a_short_row_is_cut_in_three_by_its_own_length(monkeypatch):
    monkeypatch.setattr(R._LOCAL, "frame_wh", (640, 360), raising=False)
    assert R._grid_splits(_row(), 35.8, 17.8) == []  # (no grid of the size expected)
    ways = R._grids_scaled(_row(), 35.8, 17.8)
    assert [len(p) for p, _ in ways] == [3]
    assert all(abs(max(r[1]) - 30.2) < 0.1 and abs(min(r[1]) - 21.1) < 0.1 for r in ways[0][0])


def test_no_such_cut_when_off_or_when_the_frame_cuts_the_row(monkeypatch):
    monkeypatch.setattr(R._LOCAL, "frame_wh", (640, 360), raising=False)
    assert R._grids_scaled(_row((200.0, 30.0)), 35.8, 17.8) == []  # (its end off the frame)
    monkeypatch.setattr(R, "END_ROW_SHORT", 0)
    assert R._grids_scaled(_row(), 35.8, 17.8) == []
