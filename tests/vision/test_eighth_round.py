"""Eighth round of 2026-11-25 (docs/vision.md, "Oval pips, spinners without a bar, rows of
spotted backs, thin dividers in rows"): each scene test fails on the code before its
change."""

from __future__ import annotations

from dataclasses import replace

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def test_a_row_of_spotted_backs_is_cut_into_backs():
    # scene3d 13548 / 13522 / 13570: spotted backs touching in a row — every way of cutting
    # the group was dropped because all its pieces were backs (a cup's inside cut in three
    # reads so); each piece showing its own three spots centred on it, the cut is right
    assert_read_right(*read_scene3d(13548), (((251, 169), None), ((284, 181), None), ((317, 194), None)))
    assert_read_right(*read_scene3d(13522), (((621, 521), None), ((656, 512), None)))
    assert_read_right(*read_scene3d(13570), (((1035, 644), None), ((955, 611), None)))


def test_a_row_of_western_tiles_with_thin_dividers_is_read():
    # scene3d 951095 / 951146: rows of three and four Western tiles whose thin divider
    # lines, in the pieces, are too faint for a bar (the frame's other tiles show theirs):
    # every piece failed the bar test and the rows were dropped
    assert_read_right(*read_scene3d(951095, 31), (((966, 55), [6, 1]),))
    assert_read_right(*read_scene3d(951146, 21), (((163, 297), [4, 3]), ((185, 271), [5, 3])))


def _piece(**kw) -> R._Read:
    base = R._Read("up", (3, 1), 1, False, 1.0, 0, False, 4)
    return replace(base, **kw)


def test_a_faint_middle_line_is_a_bar_only_where_the_tiles_have_bars():
    faint = _piece(mid_run=0.7)
    assert R._faint_bar(faint, True).has_bar
    assert not R._faint_bar(faint, None).has_bar and not R._faint_bar(faint, False).has_bar
    # edge to edge: a seam, not a bar; too short: nothing
    assert not R._faint_bar(_piece(mid_run=0.95), True).has_bar
    assert not R._faint_bar(_piece(mid_run=0.4), True).has_bar
