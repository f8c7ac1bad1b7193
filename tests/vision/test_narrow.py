"""Faces of which a mask caught only a lengthwise part or a notched outline (_narrow_faces), rows
of touching tiles cut at their seams (_snap_row) — 2026-11-25 round 2;
docs/vision.md, "Painted or not, narrow faces")."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.recognizer import _narrow_faces, recognize
from vision.scene3d import generate_scene3d


def test_ivory_tiles_on_a_cloth_of_their_colour_whose_lower_part_is_shaded_are_read():
    # scene3d seed 1120: ivory Chinese tiles on a beige woven cloth, thick sides seen; each
    # mask holds only the lit part of these three faces, too narrow for a tile (3.3-3.6 : 1)
    img, labels, tl = generate_scene3d(1120, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((186, 204), (186, 233), (323, 255)):
        lab = min(labels, key=lambda la: math.dist(la["center"], want))
        got = min(readings, key=lambda r: math.dist(r.center, lab["center"]))
        assert math.dist(got.center, lab["center"]) < 0.2 * tl, f"no reading at {want}"
        assert not got.uncertain and sorted(got.pips) == sorted(lab["pips"]), (got, lab["pips"])


def _cand(rect, fill):
    from vision.recognizer import _Cand

    box = cv2.boxPoints(rect).astype(np.int32)
    w, h = rect[1]
    return _Cand(rect, w * h * fill, fill, fill, "test", box)


def test_narrow_faces_only_where_nothing_was_found_and_of_a_tiles_length():
    tile = ((100.0, 100.0), (50.0, 20.0), 0.0)
    narrow = _cand(((300.0, 100.0), (52.0, 15.0), 0.0), 0.9)  # 3.5 : 1
    over = _cand(((101.0, 101.0), (52.0, 15.0), 0.0), 0.9)  # over the tile found
    short = _cand(((300.0, 300.0), (30.0, 9.0), 0.0), 0.9)  # not a tile's length
    thin = _cand(((500.0, 300.0), (52.0, 10.0), 0.0), 0.9)  # 5.2 : 1, a strip
    loose = _cand(((500.0, 100.0), (52.0, 15.0), 0.0), 0.7)  # ill-filled
    got = _narrow_faces([narrow, over, short, thin, loose], [tile], 50.0)
    assert got == [narrow.rect]


def _read_at(readings, labels, tl, want):
    lab = min(labels, key=lambda la: math.dist(la["center"], want))
    got = min(readings, key=lambda r: math.dist(r.center, lab["center"]))
    assert math.dist(got.center, lab["center"]) < 0.2 * tl, f"no reading at {want}"
    assert not got.uncertain and sorted(got.pips) == sorted(lab["pips"]), (got, lab["pips"])


def test_faces_notched_by_pips_at_their_edge_are_read_where_nothing_else_was_found():
    # scene3d seed 1378: tiles on a cloth near their colour; the only outline of these two
    # is notched where pips near the edge run into the cloth (fill 0.73-0.80 of its
    # rectangle, its convex hull 0.96): a loose face, read last where nothing was found
    img, labels, tl = generate_scene3d(1378, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((819, 481), (794, 65)):
        _read_at(readings, labels, tl, want)


def test_a_patch_of_table_does_not_read_as_a_tile_by_the_body_colour_of_one_outlier():
    # scene3d seed 1296: six specks of a woven cloth in a 3-3's places were read as a tile
    # (pip fallback), its "body" (the cloth) within reach of one tile's only; two must agree
    from vision.evaluate import score_frame

    img, labels, tl = generate_scene3d(1296, 1280, 720, n_tiles=24)
    sc = score_frame(recognize(img), labels, tl)
    assert sc.false_tiles == 0, sc.errors


def test_a_rows_cuts_move_to_its_seams_not_to_rows_of_pips():
    # three dark tiles end to end, the last one's blob taking in its shadow: split evenly,
    # the cuts fall 5 and 10 px past the seams; two pips near the second tile's end make a
    # bump across half the row, which is no seam
    from vision.recognizer import _snap_row

    g = np.full((100, 300), 120, np.uint8)
    g[30:70, 20:290] = 25
    g[30:70, 104:106] = 10
    g[30:70, 189:191] = 10
    for y in (38, 62):
        cv2.circle(g, (114, y), 4, 230, -1)
    parts = [((65.0, 50.0), (90.0, 40.0), 0.0), ((155.0, 50.0), (90.0, 40.0), 0.0), ((245.0, 50.0), (90.0, 40.0), 0.0)]
    got = _snap_row(g, parts)
    assert got is not None
    cuts = [got[0][0][0] + got[0][1][0] / 2, got[1][0][0] + got[1][1][0] / 2]
    assert abs(cuts[0] - 105) <= 1.5 and abs(cuts[1] - 190) <= 1.5, cuts
    assert abs(got[0][0][0] - got[0][1][0] / 2 - 20) < 0.5 and abs(got[2][0][0] + got[2][1][0] / 2 - 290) < 0.5
    assert all(p[1][1] == 40.0 and p[2] == 0.0 for p in got)


def test_two_chinese_tiles_side_by_side_are_not_cut_across():
    # a blob 100 x 84 of two 100 x 42 tiles, the tiles about 105 x 46 (sides included):
    # cut along, two tiles; cut across, two pieces 50 x 84 (1.7 : 1), whose counts of
    # tiles fit the blob as well but which have no tile's proportions
    from vision.recognizer import _grid_splits

    ways = _grid_splits(_cand(((200.0, 200.0), (100.0, 84.0), 0.0), 0.95), 105.0, 46.0)
    assert ways
    for parts, _pairs in ways:
        for p in parts:
            lo, sh = max(p[1]), min(p[1])
            assert lo / sh > 2.0, parts


def test_a_group_near_a_tilted_camera_is_split_by_the_size_tiles_have_there():
    # scene3d seed 1715: three tiles end to end near the camera, longer there than the
    # median tile; split by the median size they did not fit, by the perspective model
    # (fitted to the single tiles found) they do
    img, labels, tl = generate_scene3d(1715, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((1072, 645), (990, 600), (907, 557)):
        _read_at(readings, labels, tl, want)


def test_a_group_that_reads_two_ways_takes_the_one_naming_no_tile_twice_too_many():
    # scene3d seed 1740: four tiles side by side read clean cut 4 x 1 and 2 x 2; the 2 x 2
    # way names the 5-1 (a military tile: one in a set) twice
    img, labels, tl = generate_scene3d(1740, 1280, 720, n_tiles=24)
    readings = recognize(img)
    for want in ((328, 78), (361, 99), (394, 121), (425, 142)):
        _read_at(readings, labels, tl, want)


def test_a_way_naming_a_military_tile_twice_is_no_way():
    # scene3d seed 1612: three tiles side by side cut in two along their length read as two
    # 5-3s (at 0.67): a false tile and a wrong one
    from vision.evaluate import score_frame

    img, labels, tl = generate_scene3d(1612, 1280, 720, n_tiles=24)
    sc = score_frame(recognize(img), labels, tl)
    assert sc.false_tiles == 0 and sc.wrong_confident == 0, sc.errors


def _rd_up(halves, red):
    from vision.recognizer import _Read

    return _Read(face="up", halves=halves, red=red, has_bar=False, quality=1.0, ambiguous_mid=0, spots_back=False,
                 n_pips=sum(halves))


def _quad(cx, cy, lo, sh):
    return np.float32([[cx - lo / 2, cy - sh / 2], [cx + lo / 2, cy - sh / 2], [cx + lo / 2, cy + sh / 2],
                       [cx - lo / 2, cy + sh / 2]])


def _resolve(ways):
    """``ways``: per way, its pieces as ((cx, cy), (long, short), halves, red); the group is
    resolved among three tiles read whole elsewhere (100 x 40, 2.5 : 1).  Returns, per piece
    kept, whether it is named for sure."""
    from vision.recognizer import UNCERTAIN_BELOW, _name_and_confidence, _resolve_groups

    raw = [(_quad(x, 500, 100, 40), _rd_up((3, 1), 4), False) for x in (100, 300, 500)]
    alts, tent = [], {}
    for way in ways:
        alt = []
        for (cx, cy), (lo, sh), halves, red in way:
            rect = ((cx, cy), (lo, sh), 0)
            tent[id(rect)] = (_quad(cx, cy, lo, sh), _rd_up(halves, red), False)
            alt.append(rect)
        alts.append(alt)
    return [_name_and_confidence(rd, True)[2] >= UNCERTAIN_BELOW for _, rd, _ in _resolve_groups([alts], tent, raw,
                                                                                                "chinese")]


def test_a_group_read_clean_two_different_ways_is_reported_unsure():
    # a group that reads as two tiles cut along (6-4 and 6-2) and as two other tiles cut
    # across (5-3 and 4-1), both of a tile's shape
    along = [((200, 180), (100, 40), (6, 4), 4), ((200, 220), (100, 40), (6, 2), 0)]
    across = [((180, 200), (100, 40), (5, 3), 0), ((220, 200), (100, 40), (4, 1), 5)]
    assert _resolve([along, across]) == [False, False]
    # the same with only the first way: read as it is
    assert _resolve([along]) == [True, True]


def test_a_square_of_two_western_tiles_read_clean_either_way_is_unsure():
    # two 2 : 1 tiles side by side make a square: cut either way, two 2 : 1 pieces (2.0 and
    # 2.3 here); their proportions tell nothing, whatever the tiles' elsewhere (2.5)
    one = [((200, 175), (100, 50), (6, 3), 0), ((200, 225), (100, 50), (1, 1), 2)]
    other = [((178, 200), (100, 43), (3, 1), 1), ((222, 200), (100, 43), (6, 1), 1)]
    assert _resolve([one, other]) == [False, False]
