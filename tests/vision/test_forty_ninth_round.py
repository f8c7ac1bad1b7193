"""Forty-ninth round of 2026-11-29 (docs/vision.md, "Rows whose side shows; pips run into
a V; a tile's side read as a pip; lone tiles laid at their own size").

A row of tiles side by side under a tilted camera has the side of its end tile in its
blob: cut into equal pieces, every cut falls into the next tile.  The row is now also cut
after shortening it by ROW_TRIM_MORE (0.45) of a piece at either end — ways read only when
no other way of the group reads clean, a face of one or two pips in them reported unsure
(TRIM_MORE_PIPS).  And in reading a face, a blob of two or three pips run together that
fills up to RUN_BOX_FILL (0.6, was 0.35) of its box is split at its peaks, and a thin
sliver along an end (SLIVER_LONG) is no pip.  (Tiles found by their pips alone laid at
the size the perspective model expects, PF_PERSP, and re-cut by their own colour,
PF_RECUT, were tried and taken out again: a false tile of the own generator's 947743,
and losses — docs/vision.md.)
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
