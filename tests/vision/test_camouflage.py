"""Tiles that hardly stand out from the table, and readings that used to go wrong
(regressions of the 2026-11-22 round; see docs/vision.md)."""

from __future__ import annotations

import numpy as np

from vision.evaluate import score_frame
from vision.recognizer import _read_tile, _table_colours, recognize
from vision.scene import HandPlacement, Layout, TilePlacement, render_layout


def _layout(names, colours, table, style="western", L=84.0, **kw):
    tiles = tuple(TilePlacement(n, "up", (130.0 + 170 * (i % 5), 110.0 + 170 * (i // 5)), 25.0 * i)
                  for i, n in enumerate(names))
    return Layout(tiles=tiles, style=style, colours=colours, table=table, tile_length_px=L, **kw)


def test_dark_tiles_on_dark_blue_felt_are_found():
    # ebony tiles are as dark as blue felt: only their colour tells them apart
    names = ["6-6", "5-1", "4-1", "6-1", "3-1", "2-1", "6-4", "5-5", "4-4", "1-1"]
    img, labels = render_layout(_layout(names, "ebony", "blue_felt", light=0.35, blur=0.8), 960, 540, seed=21)
    sc = score_frame(recognize(img), labels, 84.0)
    assert sc.missed == 0 and sc.false_tiles == 0 and sc.wrong_confident == 0, sc.errors
    assert sc.identity_ok == len(labels), sc.errors


def test_table_colours_are_the_large_areas():
    img = np.zeros((90, 160, 3), np.uint8)
    img[:] = (110, 60, 25)  # blue felt
    img[30:50, 40:60] = (22, 30, 44)  # one dark tile: too small to be the table
    cols = _table_colours(img)
    assert len(cols) == 1
    check = np.zeros((90, 160, 3), np.uint8)
    check[:] = (60, 60, 170)
    check[:, 80:] = (230, 230, 235)  # two colours, each half the image
    assert len(_table_colours(check)) == 2


def _canon_tile(pips_xy, body, pip, red_xy=(), red=(40, 40, 205), blur=0.0, r=9):
    """A 2:1 Western tile filling a 200x100 image (divider bar at the middle)."""
    img = np.zeros((100, 200, 3), np.uint8)
    img[:] = body
    img[15:85, 98:102] = pip
    import cv2

    for x, y in pips_xy:
        cv2.circle(img, (x, y), r, pip, -1, cv2.LINE_AA)
    for x, y in red_xy:
        cv2.circle(img, (x, y), r, red, -1, cv2.LINE_AA)
    if blur:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    corners = np.float32([[0, 0], [199, 0], [199, 99], [0, 99]])
    return img, corners


def test_red_pip_on_a_dark_body_is_counted_and_red():
    # a 6-1: six light pips in one half, one red pip (hardly lighter than the body) in the other
    six = [(x, y) for x in (125, 150, 175) for y in (30, 70)]
    img, corners = _canon_tile(six, (22, 30, 44), (215, 228, 235), red_xy=[(50, 50)], red=(30, 25, 120), blur=1.5)
    rd = _read_tile(img, corners, "western", None)
    assert rd is not None and rd.face == "up"
    assert rd.halves == (6, 1) and rd.red == 1


def test_a_blurred_row_of_three_touching_pips_counts_three():
    # rows of pips that touch (blur): each row is as many pip widths long as it has pips
    six = [(x, y) for x in (130, 148, 166) for y in (30, 70)]
    img, corners = _canon_tile(six, (22, 30, 44), (215, 228, 235), blur=2.0)
    rd = _read_tile(img, corners, "western", None)
    assert rd is not None and rd.halves == (6, 0)


def test_big_pips_run_together_in_a_row_longer_than_the_width_allows_are_a_six():
    # a Western 6-5 with big pips: each row of three touching pips in the six is longer than
    # three quarters of the tile's width (the limit for one blob); it was read as a blank
    # half, 5-0, with confidence 0.9
    six = [(x, y) for x in (124, 150, 176) for y in (28, 72)]
    five = [(28, 25), (72, 25), (50, 50), (28, 75), (72, 75)]
    img, corners = _canon_tile(six + five, (200, 235, 245), (30, 30, 30), blur=1.2, r=13)
    rd = _read_tile(img, corners, "western", None)
    assert rd is not None and rd.face == "up"
    assert rd.halves == (6, 5)


def test_a_hand_beside_a_tile_leaves_it_readable():
    tiles = (TilePlacement("6-1", "up", (300.0, 220.0), 90.0),)
    # fingers pointing at the tile, their tips at its edge (2 % of it covered: not occluded)
    hand = HandPlacement((410.0, 220.0), angle=180.0)
    img, labels = render_layout(Layout(tiles=tiles, hands=(hand,), colours="white", table="grey_cloth",
                                       style="chinese", tile_length_px=100), 700, 440, seed=8)
    assert not labels[0].occluded and labels[0].visible < 1.0  # the hand is right at its edge
    readings = [r for r in recognize(img) if abs(r.center[0] - 300) < 30 and abs(r.center[1] - 220) < 30]
    assert [r.name for r in readings] == ["6-1"], readings


def test_plain_backs_in_a_row_with_tiles_are_read():
    # back, back, 6-5, back side by side (long sides touching): the backs merge with the tile
    # in every colour mask; they are kept because they lie in a row with a tile read face up
    L = 90.0
    W = L / 2.0
    faces = [None, None, "6-5", None]
    tiles = tuple(TilePlacement(n, "down" if n is None else "up", (300.0 + i * (W + 0.5), 220.0), 90.0)
                  for i, n in enumerate(faces))
    lay = Layout(tiles=tiles, style="western", colours="black", table="floral_cloth", back="plain",
                 tile_length_px=L)
    img, labels = render_layout(lay, 700, 440, seed=31)
    readings = recognize(img)
    sc = score_frame(readings, labels, L)
    assert sc.false_tiles == 0 and sc.wrong_confident == 0, sc.errors
    assert sc.identity_ok == 4, sc.errors


def test_a_plain_back_of_the_table_colour_is_the_table_not_a_tile():
    from vision.recognizer import _drop_table_backs, _Read

    white, red, navy = (np.array(v, np.float64) for v in ((247, 129, 129), (108, 173, 152), (40, 135, 105)))
    sq = np.float64([[0, 0], [80, 0], [80, 40], [0, 40]])
    up = _Read("up", (6, 6), 6, False, 1.0, 0, False, 12, navy)
    back = _Read("down", None, 0, False, 1.0, 0, False, 0, navy + 3)
    cloth_back = _Read("down", None, 0, False, 1.0, 0, False, 0, white + (4, 2, 2))  # two white squares
    spotted = _Read("down", None, 0, False, 1.0, 0, True, 3, white + 4)
    raw = [(sq, up, False), (sq + 100, up, False), (sq + 200, back, False), (sq + 300, cloth_back, False),
           (sq + 400, spotted, False)]
    kept = _drop_table_backs(raw, [white.astype(np.uint8), red.astype(np.uint8)])
    assert [id(r[1]) for r in kept] == [id(up), id(up), id(back), id(spotted)]
    # navy covers so much of the frame that it counts as a table colour too: the tiles read
    # face up have it, so a navy back stays
    kept = _drop_table_backs(raw, [white.astype(np.uint8), navy.astype(np.uint8)])
    assert [id(r[1]) for r in kept] == [id(up), id(up), id(back), id(spotted)]
    # a back of the cloth's lightness but off its hue (a* and b* 8 apart: BACK_HUE) is a back
    ivory = _Read("down", None, 0, False, 1.0, 0, False, 0, white + (-2, 4, 4))
    kept = _drop_table_backs(raw[:2] + [(sq + 300, ivory, False)], [white.astype(np.uint8), red.astype(np.uint8)])
    assert [id(r[1]) for r in kept] == [id(up), id(up), id(ivory)]
    # nothing read face up: nothing tells a set seen from the back from the table
    assert len(_drop_table_backs(raw[2:], [white.astype(np.uint8)])) == 3


def test_a_chinese_tile_foreshortened_across_is_still_tile_shaped():
    # a 2.5 : 1 tile seen 30 degrees off vertical, foreshortened across its width, with an
    # outline a pixel inside its edges: about 3 : 1 (it was left out of the tiles at 3.01)
    from vision.recognizer import _Cand, _is_tile_shape

    rect = ((100.0, 74.0), (51.0, 16.9), -52.0)
    assert _is_tile_shape(_Cand(rect, 0.93 * 51 * 16.9, 0.93, 0.9, "light@205", np.zeros((4, 1, 2), np.int32)))
    # a row of two tiles end to end is not one tile
    rect2 = ((100.0, 74.0), (84.0, 18.0), -52.0)
    assert not _is_tile_shape(_Cand(rect2, 0.93 * 84 * 18, 0.93, 0.9, "light@205", np.zeros((4, 1, 2), np.int32)))


def test_two_plain_backs_end_to_end_are_tiles():
    # a pair of face-down tiles with no face-up tile beside them: one blob, split at its seam
    # into two plain backs, each of the size of the tiles read in the image (they were
    # dropped: a plain back piece was kept only beside a tile read face up)
    import math

    ups = [TilePlacement(n, "up", (150.0 + 170 * i, 110.0), 20.0 * i) for i, n in enumerate(["6-6", "5-1", "4-4"])]
    a = math.radians(30)
    pair = [TilePlacement("2-2", "down", (300.0, 330.0), 30.0),
            TilePlacement("3-1", "down", (300.0 + 84 * math.cos(a), 330.0 + 84 * math.sin(a)), 30.0)]
    lay = Layout(tiles=tuple(ups + pair), style="chinese", colours="ebony", table="light_wood",
                 tile_length_px=84.0, back="plain")
    img, labels = render_layout(lay, 800, 480, seed=31)
    sc = score_frame(recognize(img), labels, 84.0)
    assert sc.identity_ok == 5 and sc.false_tiles == 0, sc.errors


def test_a_western_blank_half_in_a_group_of_touching_tiles_is_read_surely():
    # four Western tiles side by side, one of them a 4-0: the group is read every way and
    # the blank half was reported unsure (0.45) for fear of a pip lost at the cut
    import math

    L, a = 90.0, math.radians(20.0)
    n = np.array([-math.sin(a), math.cos(a)])
    row = [TilePlacement(None, "up", tuple(np.array([300.0, 240.0]) + k * (L / 2) * n), 20.0, pips=p)
           for k, p in enumerate([(6, 1), (4, 0), (2, 2), (5, 3)])]
    others = [TilePlacement(None, "up", (640.0, 100.0 + 140 * i), 10.0, pips=p)
              for i, p in enumerate([(6, 6), (5, 5), (3, 1)])]
    lay = Layout(tiles=tuple(row + others), style="western", colours="navy", table="light_wood", tile_length_px=L)
    img, labels = render_layout(lay, 800, 480, seed=41)
    sc = score_frame(recognize(img), labels, L)
    assert sc.identity_ok == len(labels) == 7, sc.errors


def test_white_tiles_on_a_red_and_white_checked_cloth_are_found():
    # white tiles on the white squares of a checked cloth: every mask joins them with the
    # cloth's white squares (which touch at their corners) into one blob, and nothing was
    # read at all; the cloth's lattice of red squares shows where it is covered
    names = ["6-6", "5-1", "4-1", "6-1", "3-1", "2-1", "6-4", "5-5", "4-4", "1-1"]
    for style, L, seed in (("western", 84.0, 77), ("chinese", 96.0, 43)):
        img, labels = render_layout(_layout(names, "white", "check_cloth", style=style, L=L, light=0.2, blur=0.6),
                                    960, 540, seed=seed)
        sc = score_frame(recognize(img), labels, L)
        assert sc.false_tiles == 0 and sc.wrong_confident == 0, sc.errors
        assert sc.identity_ok >= 8, sc.errors


def test_small_white_tiles_close_together_on_a_checked_cloth_are_found():
    # white tiles hardly longer than the cloth's squares, a few close together: the white
    # squares they touch join them all into one region of the cloth's other colour, and a
    # rectangle grown from all their covered parts holds the cloth's pattern (nothing was
    # read); each tile's covered parts give its own rectangle
    names = ["6-6", "5-1", "4-1", "6-1", "3-1", "2-1", "6-4", "5-5", "4-4", "1-1", "3-3", "5-3"]
    L = 70.0
    tiles = tuple(TilePlacement(n, "up", (250.0 + 1.3 * L * (i % 4), 150.0 + 1.2 * L * (i // 4)), 10.0 + 23.0 * i)
                  for i, n in enumerate(names))
    lay = Layout(tiles=tiles, style="chinese", colours="white", table="check_cloth", tile_length_px=L,
                 light=0.2, blur=0.8)
    img, labels = render_layout(lay, 960, 540, seed=9)
    sc = score_frame(recognize(img), labels, L)
    assert sc.false_tiles == 0 and sc.wrong_confident == 0, sc.errors
    assert sc.identity_ok >= 5, sc.errors
