"""Thirty-ninth round of 2026-11-28 (docs/vision.md, "A spotted back's end counted twice; a
speck on a plain back; a dark rim round a vivid back").

1. A spotted back whose white end spot was counted as two pips run together, though it is
   the other end's size, is a back (`_spot_counted_twice`), as sure as it would be had the
   spot been counted once.
2. A plain back with a speck on it reads a 1-0 with no bar, unsure; of the colour of backs
   read sure in the frame and of no face read whole there, and not near white, it is read
   as a back (`_specked_backs`).
3. A plain back framed all round by a dark line (its rim) is no phone's screen when its
   colour is vivid (`_vivid`): it is no longer made unsure.
4. A tile read alone and unsure is read again at its other outlines (the proposal's own,
   snapped to edges, re-cut by colour; none much shorter), and the first that reads whole
   is taken.
5. Three faces read whole with a bar short of their edges: the frame's bars tell nothing of
   a split (`_bars_judged`), though fewer than half its faces show one.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, near, read_scene3d


def test_a_spotted_back_with_an_end_counted_twice():
    # the three spots lie on the back's diagonal through its centre, the middle one red; the
    # right end spot (area 104) was counted as two pips, though the left one (106) is one
    assert R._spot_counted_twice([(33, 14, False, 106), (55, 25, True, 73), (76, 35, False, 104)], [1, 1, 2], 110, 48)
    assert R._spot_counted_twice([(36, 13, False, 128), (59, 24, False, 50), (83, 34, False, 125)], [2, 1, 2], 119, 48)
    # ends of unlike size: two pips run together at one end may be so
    assert not R._spot_counted_twice([(33, 14, False, 60), (55, 25, True, 73), (76, 35, False, 130)],
                                     [1, 1, 2], 110, 48)
    # the middle one counted as two: no single spot there
    assert not R._spot_counted_twice([(33, 14, False, 106), (55, 25, True, 73), (76, 35, False, 104)],
                                     [1, 2, 1], 110, 48)


def test_black_spotted_backs_side_by_side_are_read():
    # scene3d 25999: three black spotted backs side by side and one alone, each read 3-1
    # unsure (one end spot counted twice) before; 24090: a back read 3-2 (both ends so)
    labels, tl, rs = read_scene3d(25999)
    assert_read_right(labels, tl, rs, [((340, 590), None), ((373, 598), None), ((406, 608), None),
                                       ((984, 341), None)])
    labels, tl, rs = read_scene3d(24090)
    assert_read_right(labels, tl, rs, [((708, 386), None)])


def _q():
    return np.float32([[0, 0], [80, 0], [80, 35], [0, 35]])


def test_a_speck_on_a_back_of_the_backs_colour():
    back, face = np.array([40.0, 130, 130]), np.array([200.0, 128, 128])
    ups = [(_q(), R._Read("up", (5, 5), 0, False, 1.0, 0, False, 10, face), False) for _ in range(2)]
    downs = [(_q(), R._Read("down", None, 0, False, 1.0, 0, False, 0, back + 2), False) for _ in range(3)]
    one = (_q(), R._Read("up", (1, 0), 0, False, 1.0, 0, False, 1, back), False)
    assert R._specked_backs(ups + downs + [one])[-1][1].face == "down"
    # two backs of that colour only (a pale frame's faces may be read as backs), a bar seen
    # (a Western 1-0), the faces' own colour, or a near-white body: left as it is
    assert R._specked_backs(ups + downs[:2] + [one])[-1][1].face == "up"
    bar = (_q(), R._Read("up", (1, 0), 0, True, 1.0, 0, False, 1, back), False)
    assert R._specked_backs(ups + downs + [bar])[-1][1].face == "up"
    like_face = (_q(), R._Read("up", (1, 0), 0, False, 1.0, 0, False, 1, face + 5), False)
    downs_f = [(_q(), R._Read("down", None, 0, False, 1.0, 0, False, 0, face + 5), False) for _ in range(3)]
    assert R._specked_backs(ups + downs_f + [like_face])[-1][1].face == "up"
    pale = np.array([240.0, 128, 128])
    downs_p = [(_q(), R._Read("down", None, 0, False, 1.0, 0, False, 0, pale), False) for _ in range(3)]
    ups_d = [(_q(), R._Read("up", (5, 5), 0, False, 1.0, 0, False, 10, back), False) for _ in range(2)]
    one_p = (_q(), R._Read("up", (1, 0), 0, False, 1.0, 0, False, 1, pale), False)
    assert R._specked_backs(ups_d + downs_p + [one_p])[-1][1].face == "up"


def test_specked_backs_are_read():
    # scene3d 25177: a grey back with a speck near its middle (the faces are white), and
    # 22826: a black back with a fleck at its corner (the faces are amber), each read 1-0
    # unsure before
    labels, tl, rs = read_scene3d(25177)
    assert_read_right(labels, tl, rs, [((932, 655), None)])
    labels, tl, rs = read_scene3d(22826)
    assert_read_right(labels, tl, rs, [((1138, 46), None)])


def test_a_face_of_a_pale_frame_stays_a_face():
    # scene3d 25191: white faces, four of them read as backs (their pips washed out); a 5-3
    # read 1-0 is of those "backs'" colour, and must not be made a back sure
    labels, tl, rs = read_scene3d(25191)
    lab, got = near(labels, rs, tl, (870, 448))
    assert lab["pips"] is not None
    assert not any(r.face == "down" and not r.uncertain for r in got)


def test_a_vivid_body_is_no_phone():
    assert R._vivid(np.array([64.0, 104, 138])) and not R._vivid(np.array([45.0, 130, 118]))
    assert not R._vivid(None)
    # a phone: a dark grey screen in a darker bezel, framed all round
    img = np.full((200, 300, 3), 150, np.uint8)
    cv2.rectangle(img, (96, 71), (204, 129), (20, 20, 20), -1)
    cv2.rectangle(img, (100, 75), (200, 125), (60, 60, 60), -1)
    assert R._framed(img, np.float32([[100, 75], [200, 75], [200, 125], [100, 125]]))


def test_dark_green_backs_with_a_dark_rim_are_read():
    # scene3d 24212: two dark green backs whose rim is darker all round, unsure before (the
    # frame of a phone's screen)
    labels, tl, rs = read_scene3d(24212)
    assert_read_right(labels, tl, rs, [((945, 390), None), ((732, 418), None)])


def test_a_tile_read_unsure_is_read_at_its_other_outlines():
    # scene3d 23376: a 5-1 read 5-2 unsure at its re-cut outline, whole at the proposal's
    # own; 23434: a 6-4 read 6-3
    labels, tl, rs = read_scene3d(23376)
    assert_read_right(labels, tl, rs, [((116, 85), (5, 1))])
    labels, tl, rs = read_scene3d(23434)
    assert_read_right(labels, tl, rs, [((779, 533), (6, 4))])


def _face_read(bar: bool):
    q = np.float32([[0, 0], [80, 0], [80, 40], [0, 40]])
    return q, R._Read("up", (5, 5), 0, bar, 1.0, 0, False, 10, np.array([230.0, 128, 128])), False


def test_bars_seen_on_three_faces_tell_nothing_of_a_split():
    # long Chinese-looking faces (2 : 1 would make the bars faint, _faint_bars): three of
    # ten faces read whole with a bar short of their edges — Western tiles whose thin bars
    # were mostly missed: a piece's bar or none judges no split; two such faces do not
    wide = np.float32([[0, 0], [100, 0], [100, 40], [0, 40]])
    faces = [(wide, rd, o) for _, rd, o in [_face_read(False)] * 7]
    three = faces + [(wide, rd, o) for _, rd, o in [_face_read(True)] * 3]
    assert R._bars_judged(three, "auto") is None
    assert R._bars_judged(three[:-1], "auto") is False


def test_western_tiles_with_thin_bars_in_a_split():
    # scene3d 25998: a 2-1 and a 6-2 side by side, split at their seam; 7 of the frame's 20
    # faces show their thin bars, the frame was judged Chinese and the 6-2's bar made the
    # split wrong: both were dropped
    labels, tl, rs = read_scene3d(25998)
    assert_read_right(labels, tl, rs, [((228, 188), (2, 1)), ((207, 238), (6, 2))])
