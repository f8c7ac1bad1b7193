"""Fifty-fifth round of 2026-11-30 (docs/vision.md, "Tiles joined by a cloth's thin lines;
pieces of a group moved across; odd sure splits; blobs over a tile found").

* LINES_OPEN: a cloth's thin lines join tiles into one net whose rectangle is most of the
  frame.  Such a blob, filling little of its rectangle, is opened as a blob of about one
  tile is (OPEN_WIDTH), and what then stands alone is proposed as a tile freed by an
  opening.
* PIECE_SHIFT: a piece of a group whose every outline cuts a pip is read again moved
  across by a share of its width, either way.  The reading that holds every pip whole, with
  the most pips, is taken (a row whose side widened its outline).
* SURE_ODD_ASPECT: a single way whose seams show, but whose pieces have no tile's
  proportions, is still taken for sure.  If every piece of it is then dropped, the grids of
  the tiles' nominal proportions are read as a group.
* BLOB_HOLDER: a blob whose middle lies in a tile found already is still divided when that
  tile is small against it; the ways must line up with the tiles found.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d

# scene3d 25849: wooden tiles on cream cloth ruled with green lines; the 5-1 lies on a line
LINES = [((433, 362), (5, 1))]
# scene3d 25634: three Western tiles side by side whose row's side widened the group
SHIFT = [((788, 440), (5, 1)), ((822, 422), (4, 1))]
# scene3d 26013: four Chinese tiles side by side, cut 2 x 2 for sure by the size expected
ODD = [((308, 50), (4, 1)), ((318, 79), (6, 4)), ((328, 107), (4, 2))]
# scene3d 24907: a 3-3 and a 1-1 beside a tile read alone over the middle of their blob
HOLDER = [((228, 142), (3, 3)), ((245, 172), (1, 1))]


def test_a_tile_on_a_cloths_line_is_read():
    labels, tl, rs = read_scene3d(25849)
    assert_read_right(labels, tl, rs, LINES)


def test_without_the_lines_opening_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "LINES_OPEN", 0, 25849, *LINES[0])


def test_pieces_moved_across_read_the_row():
    labels, tl, rs = read_scene3d(25634)
    assert_read_right(labels, tl, rs, SHIFT)


def test_without_moving_pieces_the_row_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PIECE_SHIFT", 0, 25634, *SHIFT[0])


def test_an_odd_sure_split_dropped_is_read_other_ways():
    labels, tl, rs = read_scene3d(26013)
    assert_read_right(labels, tl, rs, ODD)


def test_without_the_odd_ways_the_row_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SURE_ODD_ASPECT", 0, 26013, *ODD[1])


def test_a_blob_over_a_small_tile_found_is_divided():
    labels, tl, rs = read_scene3d(24907)
    assert_read_right(labels, tl, rs, HOLDER)


def test_without_it_the_blob_is_left_alone(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "BLOB_HOLDER", 0, 24907, *HOLDER[0])


def _ruled(width: float) -> tuple[np.ndarray, list]:
    """A light cloth ruled with dark lines ``width`` pixels wide, two dark tiles lying on
    lines (working-image scale: 640 x 360)."""
    img = np.full((360, 640, 3), 215, np.uint8)
    for y0 in range(-200, 400, 60):
        cv2.line(img, (0, y0), (639, y0 + 200), (60, 140, 40), int(width))
    tiles = [((200.0, 150.0), (56.0, 24.0), 20.0), ((420.0, 230.0), (56.0, 24.0), -30.0)]
    for r in tiles:
        cv2.fillConvexPoly(img, np.round(cv2.boxPoints(r)).astype(np.int32), (40, 90, 150))
    return img, tiles


def _opened_near(img, tiles, source: str = "") -> list[bool]:
    """Which of ``tiles`` a tile freed by an opening (of ``source``, when given) lies on."""
    R._LOCAL.alive = []
    R._proposals(img, R.TileSetParams(), 56.0)
    got = [c.rect for c in R._LOCAL.opened if c.source.startswith(source)]
    return [any(np.hypot(g[0][0] - t[0][0], g[0][1] - t[0][1]) < 6 for g in got) for t in tiles]


def test_thin_lines_are_opened_away_from_tiles():
    img, tiles = _ruled(3)
    assert _opened_near(img, tiles, "lines/open") == [True, True]


def test_the_lines_opening_can_be_turned_off(monkeypatch):
    monkeypatch.setattr(R, "LINES_OPEN", 0)
    img, tiles = _ruled(3)
    # (the first tile is freed by the pattern's own opening too; the second only by this)
    assert _opened_near(img, tiles, "lines/open") == [False, False]
    assert _opened_near(img, tiles)[1] is False
