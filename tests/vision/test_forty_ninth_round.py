"""Forty-ninth round of 2026-11-29 (docs/vision.md, "Rows whose side shows; pips run into
a V; a tile's side read as a pip; lone tiles laid at their own size").

A row of tiles side by side under a tilted camera has the side of its end tile in its
blob: cut into equal pieces, every cut falls into the next tile.  The row is now also cut
after shortening it by ROW_TRIM_MORE (0.45) of a piece at either end — ways read only when
no other way of the group reads clean, a face of one or two pips in them reported unsure
(TRIM_MORE_PIPS).  And in reading a face, a blob of two or three pips run together that
fills up to RUN_BOX_FILL (0.6, was 0.35) of its box is split at its peaks, and a thin
sliver along an end (SLIVER_LONG) is no pip.  Tiles found by their pips alone
(_pip_fallback) are laid at the size the perspective model expects where they lie
(PF_PERSP), and re-cut by their own colour where the rectangle laid takes in the cloth
(PF_RECUT).
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, near, read_scene3d


def test_a_row_whose_side_shows_is_read():
    # scene3d 24006: three amber tiles side by side, 132 px across for 111 px of faces
    labels, tl, rs = read_scene3d(24006)
    assert_read_right(labels, tl, rs, [((643, 349), (6, 5)), ((657, 314), (4, 4)), ((672, 279), (6, 3))])


def test_the_shorter_cut_found_it(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "ROW_TRIM_MORE", (), 24006, (657, 314), (4, 4))


def test_a_one_one_in_a_shorter_cut_is_unsure(monkeypatch):
    # scene3d 24324: a row cut shorter whose piece across two tiles shows a pip of each;
    # the 2-2 there reads as a 1-1 — not for sure
    labels, tl, rs = read_scene3d(24324)
    lab, got = near(labels, rs, tl, (416, 410))
    assert sorted(lab["pips"]) == [2, 2]
    assert all(r.uncertain for r in got if r.pips is not None and sorted(r.pips) != [2, 2]), got
    monkeypatch.setattr(R, "TRIM_MORE_PIPS", 0)
    labels, tl, rs = read_scene3d(24324)
    _, got = near(labels, rs, tl, (416, 410))
    assert any(not r.uncertain and r.pips is not None and sorted(r.pips) == [1, 1] for r in got), got


def test_pips_run_into_a_v_and_a_side_sliver():
    # scene3d 24008: an amber 5-2 whose 5's middle pip ran into the two below it (read
    # 2-2 unsure), and a 4-2 whose outline runs past its end onto its side (read 5-2)
    labels, tl, rs = read_scene3d(24008)
    assert_read_right(labels, tl, rs, [((318, 514), (5, 2)), ((1042, 474), (4, 2))])


def test_the_v_split_found_the_five(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "RUN_BOX_FILL", 0.35, 24008, (318, 514), (5, 2))


def test_the_sliver_rule_found_the_four(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SLIVER_LONG", 0, 24008, (1042, 474), (4, 2))


def test_lone_tiles_found_by_their_pips_are_read():
    # scene3d 26145 (red, purple and pale green stripes): tiles whose outlines merge with a
    # stripe, found by their pips (_pip_fallback) — laid at the size the perspective model
    # expects where they lie (PF_PERSP), and re-cut by their own colour where the ring of
    # the rectangle laid is off it (PF_RECUT)
    labels, tl, rs = read_scene3d(26145)
    assert_read_right(labels, tl, rs, [((973, 168), (5, 4)), ((477, 432), (5, 2))])


def test_the_perspective_size_found_one(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PF_PERSP", (), 26145, (973, 168), (5, 4))


def test_the_recut_found_the_other(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PF_RECUT", 0, 26145, (477, 432), (5, 2))


def test_no_recut_of_three_spots_across_a_tile():
    # the 2-2 of 26145: three of its spots lie across it; re-cut along them, a piece of it
    # and of the cloth read a whole 3-1 — re-cuts only for four spots or more
    labels, tl, rs = read_scene3d(26145)
    lab, got = near(labels, rs, tl, (603, 346))
    assert sorted(lab["pips"]) == [2, 2]
    assert not [r for r in got if not r.uncertain and r.pips is not None and sorted(r.pips) != [2, 2]], got
