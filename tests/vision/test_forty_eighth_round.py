"""Forty-eighth round of 2026-11-29 (docs/vision.md, "Stripes of the tiles' own colour").

On a striped cloth seen in perspective the model of the cloth (_pattern_background) is off
by a pixel along each stripe's edge, and the streaks that leaves in the pattern's mask join
a tile's outline: its rectangle is ill filled and no tile is proposed.  The pattern's mask
is now looked at opened too (PAT_OPEN).  And a face notched by pips or by a stripe of its
own colour is taken as a loose face when its convex hull fills LOOSE_HULL (0.85, was 0.9)
of its rectangle; a loose face must still read whole.  And a split taken for its seams one
of whose pieces shows it is wrong keeps its other pieces that read whole (SURE_KEEP_WHOLE).
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d


def test_amber_tiles_on_amber_stripes_are_read():
    # scene3d 25843: amber tiles on purple, amber and white stripes; 2 of 24 read before
    labels, tl, rs = read_scene3d(25843)
    assert_read_right(labels, tl, rs, [((495, 478), (6, 5)), ((637, 458), (2, 2)), ((115, 91), (1, 1)),
                                       ((330, 504), (5, 1))])


def test_the_opened_pattern_mask_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PAT_OPEN", 0, 25843, (330, 504), (5, 1))


def test_faces_on_wood_notched_deeper_are_loose_faces():
    # scene3d 25863 (wood): three faces whose outlines' convex hulls fill 0.85-0.9
    labels, tl, rs = read_scene3d(25863)
    assert_read_right(labels, tl, rs, [((1213, 375), (4, 2)), ((819, 382), (4, 3)), ((774, 615), (6, 4))])


def test_the_looser_hull_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "LOOSE_HULL", 0.9, 25863, (819, 382), (4, 3))


def test_the_opening_clears_thin_streaks_and_keeps_a_tile():
    # the mechanism on a drawn mask: a tile-sized block with one-pixel streaks through it
    # and beside it; opened with PAT_OPEN's disc, the streaks are gone, the block is whole
    m = np.zeros((120, 200), np.uint8)
    cv2.rectangle(m, (60, 40), (110, 64), 255, -1)
    for x in range(0, 200, 12):
        cv2.line(m, (x, 0), (x + 40, 119), 255, 1)
    opened = cv2.morphologyEx(m, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (R.PAT_OPEN,) * 2))
    n, _lbl, st, _c = cv2.connectedComponentsWithStats(opened)
    assert n == 2  # the block alone
    x, y, w, h, a = st[1]
    assert max(abs(x - 60), abs(y - 40), abs(x + w - 111), abs(y + h - 65)) <= 2  # (a streak's foot)
    assert 0.97 * 51 * 25 <= a <= 1.05 * 51 * 25
    raw = cv2.connectedComponentsWithStats(m)[2]
    assert max(raw[1:, 4]) > 1.2 * 51 * 25  # (unopened, the streaks cross it: one blob with them)


def test_a_sure_split_keeps_its_pieces_that_read_whole():
    # scene3d 25277: a 3-2 with a spinner end to end with a 4-4, split at their seam; the
    # 3-2's piece shows the split wrong, and the 4-4, read whole, was dropped with it
    labels, tl, rs = read_scene3d(25277)
    assert_read_right(labels, tl, rs, [((553, 292), (4, 4))])


def test_keeping_them_found_it(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SURE_KEEP_WHOLE", False, 25277, (553, 292), (4, 4))
