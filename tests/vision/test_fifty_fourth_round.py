"""Fifty-fourth round of 2026-11-30 (docs/vision.md, "Two tiles side by side whose
square the size expected cuts the wrong way").

Two tiles side by side make a near-square outline.  Under a tilted camera their sides
show, so each tile looks wider than the frame's measured tiles.  The size expected then
divides the square only the wrong way: across both tiles, each piece half of one tile and
half of the other.  Such a pair is now also cut into two pieces of the tiles' nominal
proportions (PAIR_SCALED, in _grids_scaled), and also cut across, the other way
(PAIR_ACROSS).  Both ways are read, and the readings decide which is right.  A pair way
with a piece that reads as a back is not taken (PAIR_SCALED_FACES): a single tile with
its side beside it is such a square too.  Nor is one with a piece that shows a line
across its middle (PAIR_SEAM): the seam of two tiles cut across.  Nor is one when another
way of the group read every piece as a sure face (PAIR_OTHER_WHOLE).
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near

# scene3d 24406: a 3-3 and a 5-2 side by side, their square cut only the wrong way before
PAIR = [((1186, 299), (3, 3)), ((1212, 314), (5, 2))]
# scene3d 24195: a 5-2 and a 5-1 whose square no grid of the size expected divides: its
# ways are only the scaled ones, looked at last in _select
LATER = [((70, 138), (5, 2)), ((105, 141), (5, 1))]


def test_a_pair_side_by_side_is_cut_along_its_seam():
    labels, tl, rs = read_scene3d(24406)
    assert_read_right(labels, tl, rs, PAIR)


def test_without_the_pair_ways_the_pair_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PAIR_SCALED", 0, 24406, *PAIR[0])


def test_a_pair_no_grid_of_the_size_expected_divides_is_read():
    labels, tl, rs = read_scene3d(24195)
    assert_read_right(labels, tl, rs, LATER)


def test_without_the_pair_ways_that_pair_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PAIR_SCALED", 0, 24195, *LATER[1])


def _square(w: float, h: float, fill: float = 0.9) -> R._Cand:
    return R._Cand(((100.0, 100.0), (w, h), 0.0), w * h * fill, fill, 0.9, "t", None)


def test_a_square_gets_a_pair_of_the_nominal_proportions():
    R._LOCAL.pair_scaled = set()
    # two tiles 32 x 18 side by side; the frame's tiles measured 35.5 x 14.8 (scene3d 24406)
    ways = R._grids_scaled(_square(32.4, 35.5), 35.5, 14.8)
    pairs = [w for w, _ in ways if len(w) == 2]
    sides = sorted(tuple(round(v) for v in w[0][1]) for w in pairs)
    assert sides == [(16, 36), (32, 18)]
    # the way the size expected gives (16 x 36) was there before; the other is the pair's
    assert [tuple(round(v) for v in w[0][1]) for w in pairs if id(w[0]) in R._LOCAL.pair_scaled] == [(32, 18)]


def test_the_square_is_cut_across_too():
    R._LOCAL.pair_scaled = set()
    # scene3d 960118: the nominal pair is 28 x 68; cut the other way, 56 x 34 (1.66 : 1, no
    # proportions of the frame's or the nominal ones) — read too, and right there
    ways = R._grids_scaled(_square(56.5, 67.7), 73.1, 38.0)
    pairs = sorted(tuple(round(v) for v in w[0][1]) for w, _ in ways if len(w) == 2)
    assert pairs == [(28, 68), (56, 34)]
    assert all(id(p) in R._LOCAL.pair_scaled for w, _ in ways for p in w)


def test_without_pair_across_only_the_nominal_pair(monkeypatch):
    R._LOCAL.pair_scaled = set()
    monkeypatch.setattr(R, "PAIR_ACROSS", 0)
    ways = R._grids_scaled(_square(56.5, 67.7), 73.1, 38.0)
    assert sorted(tuple(round(v) for v in w[0][1]) for w, _ in ways if len(w) == 2) == [(28, 68)]


def test_an_oblong_blob_gets_no_pair_way():
    R._LOCAL.pair_scaled = set()
    # a blob 1.9 : 1, not a square: no pair of the nominal proportions
    ways = R._grids_scaled(_square(36.0, 68.0), 35.5, 14.8)
    assert not any(id(p) in R._LOCAL.pair_scaled for w, _ in ways for p in w)


def test_a_pair_way_a_size_off_is_not_offered():
    R._LOCAL.pair_scaled = set()
    # pieces 48 long against tiles 40 long (20 % off, PAIR_SCALED_SIZE 12 %): three tiles
    # side by side, scene3d 24828, not a pair
    ways = R._grids_scaled(_square(48.8, 48.2), 40.1, 17.3)
    assert not [w for w, _ in ways if len(w) == 2 and id(w[0]) in R._LOCAL.pair_scaled]


def _backs_near(readings, point, reach=25.0):
    return [r for r in readings if r.face == "down" and
            abs(r.center[0] - point[0]) <= reach and abs(r.center[1] - point[1]) <= reach]


# scene3d 25355: a lone 1-1 whose side shows; its outline is a square, whose pair way reads
# the face and, in the side, a back where there is none
SIDE = (1214, 536)


def test_a_pair_way_with_a_back_is_not_taken():
    labels, tl, rs = read_scene3d(25355)
    assert not _backs_near(rs, SIDE)
    assert not any(abs(lb["center"][0] - SIDE[0]) < 20 and abs(lb["center"][1] - SIDE[1]) < 20 for lb in labels)


def test_with_backs_allowed_in_pair_ways_a_false_back_is_read(monkeypatch):
    monkeypatch.setattr(R, "PAIR_SCALED_FACES", 0)
    labels, tl, rs = read_scene3d(25355)
    assert _backs_near(rs, SIDE)


# scene3d 27987: a 4-1 and a 6-5 side by side; cut across, the pair way reads a 6-1 and a
# 5-4 — the 5-4 with the tiles' seam across its middle
ACROSS = (1224, 345)


def test_a_pair_way_cut_across_a_seam_is_not_taken():
    labels, tl, rs = read_scene3d(27987)
    assert not [r for r in rs if not r.uncertain and abs(r.center[0] - ACROSS[0]) <= 12 and
                abs(r.center[1] - ACROSS[1]) <= 12]


def test_without_the_seam_check_the_wrong_way_is_read(monkeypatch):
    # (27987's other way reads a sure 4-1 and 6-5, so PAIR_OTHER_WHOLE guards it too)
    monkeypatch.setattr(R, "PAIR_SEAM", 9.0)
    monkeypatch.setattr(R, "PAIR_OTHER_WHOLE", 0)
    labels, tl, rs = read_scene3d(27987)
    got = [r for r in rs if not r.uncertain and abs(r.center[0] - ACROSS[0]) <= 12 and
           abs(r.center[1] - ACROSS[1]) <= 12]
    assert got and got[0].pips == (6, 1)


def test_a_pair_way_is_not_taken_over_another_way_read_whole(monkeypatch):
    # scene3d 23376: a 4-1 and a 5-3 side by side.  The way of the size expected reads a
    # sure 6-1 and 5-3 and is dropped; the pair way, cut across them, reads a sure 5-4
    # and 3-1 (the twenty-ninth round's guard, tests/vision/test_twenty_ninth_round.py)
    labels, tl, rs = read_scene3d(23376)
    assert not sure_near(rs, (73, 465), 0.25 * tl)
    monkeypatch.setattr(R, "PAIR_OTHER_WHOLE", 0)
    labels, tl, rs = read_scene3d(23376)
    assert [r.pips for r in sure_near(rs, (73, 465), 0.25 * tl)] == [(3, 1)]
