"""Forty-fourth round of 2026-11-29 (docs/vision.md, "A face's body by its own lightness;
rows cut as the camera sees them").

- A reading is dropped as two things side by side when much of its body is far off the
  body's lightness (OFF_BODY).  That lightness was the median of the face's middle, which
  big dark pips pull down: now it is the median of the body pixels themselves
  (OFF_BODY_OWN).
- A row of tiles is cut into equal pieces.  Under a tilted camera its tiles are not equal
  (the near ones look longer) and its blob takes in the side of its far end: the row is
  also cut as the perspective model expects (PERSP_ROW, _perspective_row) and shortened at
  either end (ROW_TRIM, _trimmed_row), more ways to read.
"""

from __future__ import annotations

import numpy as np
import pytest

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d

ROW3 = [((50.0 + 100.0 * i, 20.0), (100.0, 40.0), 0.0) for i in range(3)]


def test_a_row_cut_in_perspective_keeps_its_ends_and_grows_towards_the_larger_sizes():
    row = R._perspective_row(ROW3, lambda p: 80.0 + 0.1 * p[0])
    lens = [p[1][0] for p in row]
    assert lens[0] < lens[1] < lens[2]
    assert sum(lens) == pytest.approx(300.0)
    assert row[0][0][0] - lens[0] / 2 == pytest.approx(0.0) and row[2][0][0] + lens[2] / 2 == pytest.approx(300.0)
    assert all(p[1][1] == 40.0 and p[2] == 0.0 for p in row)


def test_a_row_of_one_size_or_no_row_is_not_cut_again():
    assert R._perspective_row(ROW3, lambda p: 90.0) is None      # sizes within PERSP_ROW
    assert R._perspective_row(ROW3, None) is None                # no model
    bent = [ROW3[0], ((150.0, 30.0), (100.0, 40.0), 0.0), ROW3[2]]
    assert R._perspective_row(bent, lambda p: 80.0 + 0.1 * p[0]) is None


def test_a_row_along_its_rectangles_height_is_cut_along_it_too():
    col = [((20.0, 50.0 + 100.0 * i), (40.0, 100.0), 0.0) for i in range(3)]
    row = R._perspective_row(col, lambda p: 80.0 + 0.1 * p[1])
    assert [p[1][0] for p in row] == [40.0] * 3
    assert row[0][1][1] < row[2][1][1]
    tr = R._trimmed_row(col, 0.1, 0)
    assert tr[0][0][1] - tr[0][1][1] / 2 == pytest.approx(10.0) and tr[2][0][1] + tr[2][1][1] / 2 == pytest.approx(300.0)


def test_a_trimmed_row_drops_a_share_of_a_piece_at_one_end_only():
    first, last = R._trimmed_row(ROW3, 0.1, 0), R._trimmed_row(ROW3, 0.1, 1)
    assert first[0][0][0] - first[0][1][0] / 2 == pytest.approx(10.0)
    assert first[2][0][0] + first[2][1][0] / 2 == pytest.approx(300.0)
    assert last[0][0][0] - last[0][1][0] / 2 == pytest.approx(0.0)
    assert last[2][0][0] + last[2][1][0] / 2 == pytest.approx(290.0)


def test_the_row_ways_are_the_perspective_and_the_trimmed_cuts():
    ways = R._row_ways(ROW3, lambda p: 80.0 + 0.1 * p[0])
    assert len(ways) == 5  # in perspective; trimmed at each end, each also in perspective
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(R, "ROW_TRIM", 0.0)
        assert len(R._row_ways(ROW3, lambda p: 80.0 + 0.1 * p[0])) == 1
        mp.setattr(R, "PERSP_ROW", 0.0)
        assert R._row_ways(ROW3, lambda p: 80.0 + 0.1 * p[0]) == []


def test_big_dark_pips_do_not_make_a_white_face_two_things():
    # scene3d 26317: white tiles with big dark pips on blue cloth, the 6-5 alone; its
    # middle's median lies between pips and body, and every white pixel was "off" it
    labels, tl, rs = read_scene3d(26317)
    assert_read_right(labels, tl, rs, [((151, 504), (6, 5)), ((1088, 329), (6, 4))])


def test_a_row_under_a_tilted_camera_is_read():
    # scene3d 26306: two rows of three orange tiles end to end, their tiles 79 to 92 px
    # long, their blobs with a side at an end: equal pieces cut every tile into the next
    labels, tl, rs = read_scene3d(26306)
    assert_read_right(labels, tl, rs, [((466, 188), (5, 1)), ((474, 271), (3, 3)), ((479, 361), (6, 5)),
                                       ((698, 376), (6, 4)), ((708, 286), (6, 6)), ((716, 201), (4, 4))])
    assert not [r for r in rs if not r.uncertain and r.face == "up" and
                min(np.hypot(r.center[0] - la["center"][0], r.center[1] - la["center"][1]) for la in labels) > 0.3 * tl]


def test_a_row_of_backs_and_faces_under_a_tilted_camera_is_read():
    # scene3d 26321: spotted backs and faces of black tiles end to end, three a row; the
    # 5-3, 3-1, back row's 3-1 lost a pip to the cut cut at equal pieces
    labels, tl, rs = read_scene3d(26321)
    assert_read_right(labels, tl, rs, [((475, 236), (3, 1)), ((446, 168), (5, 3))])


@pytest.mark.parametrize("constant, off, seed, point, pips", [
    ("OFF_BODY_OWN", False, 26317, (151, 504), (6, 5)),
    ("PERSP_ROW", 0.0, 26306, (708, 286), (6, 6)),
    ("PERSP_ROW", 0.0, 26321, (475, 236), (3, 1)),
    ("ROW_TRIM", 0.0, 26306, (479, 361), (6, 5)),
    ("ROW_TRIM", 0.0, 26321, (475, 236), (3, 1)),
])
def test_with_the_rule_off_the_tile_is_lost(constant, off, seed, point, pips, monkeypatch):
    assert_lost_with_rule_off(monkeypatch, constant, off, seed, point, pips)
