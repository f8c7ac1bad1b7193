"""Fifty-first round of 2026-11-30 (docs/vision.md, "Squares of two tiles side by side").

Two tiles side by side make a square that a group's ways cut along or across them.

* Western tiles whose thin bars do not show as bars: cut along their seam, both pieces
  read whole but barless, and a pair of barless pieces was taken for a cut across the
  seam.  When the other cut puts a line from edge to edge across both its pieces'
  middles (the seam, SQUARE_SEAM_BARS), the barless pair is taken.
* A face beside a back in an unpainted set: squares were judged with red asked for (two
  faces side by side are told apart only by their red counts), so the unpainted 6-1 read
  no tile and the group was lost.  A square with a way holding a back is judged as the
  frame's set is (SQUARE_BACK_UNPAINTED).

And plain backs: a loose face read as a plain back is judged as a back again, unless it is
of a table colour (REST_BACKS, REST_NOT_TABLE); a row of backs with no line between them is
kept by the notches of their rounded corners (BACK_ROW_NOTCH, within BACK_NOTCH_LONG and
BACK_NOTCH_SHORT of a tile's size); a back's size is judged by its area too
(BACK_AREA_ASPECT).
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near


def test_a_square_of_western_tiles_cut_along_its_seam_is_read():
    # scene3d 25362: a 5-1 beside a 6-5 on green felt, thin bars with brass spinners read
    # as no bar; cut across, both pieces show the seam from edge to edge
    labels, tl, rs = read_scene3d(25362)
    assert_read_right(labels, tl, rs, [((747, 259), (6, 5)), ((717, 297), (5, 1))])


def test_the_seam_of_the_other_cut_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SQUARE_SEAM_BARS", 0, 25362, (717, 297), (5, 1))


def test_a_face_beside_a_back_in_an_unpainted_set_is_read():
    # scene3d 26072: an unpainted Western 6-1 beside a plain back, a square of two
    labels, tl, rs = read_scene3d(26072)
    assert_read_right(labels, tl, rs, [((965, 319), (6, 1)), ((982, 354), None)])


def test_the_unpainted_judgement_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SQUARE_BACK_UNPAINTED", 0, 26072, (965, 319), (6, 1))


def test_the_seam_test_wants_the_other_cut_across_with_a_line_on_both_pieces():
    # two pieces side by side, their length along x (a square 40 x 40), and the square cut
    # across them
    along = [((20.0, 10.0), (40.0, 20.0), 0.0), ((20.0, 30.0), (40.0, 20.0), 0.0)]
    across = [((10.0, 20.0), (20.0, 40.0), 0.0), ((30.0, 20.0), (20.0, 40.0), 0.0)]
    along_again = [((20.0, 11.0), (40.0, 20.0), 0.0), ((20.0, 31.0), (40.0, 20.0), 0.0)]

    def up(mid_run: float) -> tuple:
        return None, R._Read("up", (6, 5), 0, False, 1.0, 0, False, 11, mid_run=mid_run), False

    seam, faint = up(1.0), up(0.4)
    reads = {id(across[0]): seam, id(across[1]): seam, id(along_again[0]): seam, id(along_again[1]): seam}
    assert R._square_seamed(along, [along, across], reads)
    # a line on one piece only, or the other way cut the same way: no seam told
    reads[id(across[1])] = faint
    assert not R._square_seamed(along, [along, across], reads)
    assert not R._square_seamed(along, [along, along_again], reads)
    # end to end pieces are no square
    assert not R._square_seamed([along[0], ((60.0, 10.0), (40.0, 20.0), 0.0)], [across], reads)


def test_a_loose_back_of_the_tables_colour_is_no_back():
    # scene3d 24446: a patch of wood grain outlined as a loose face reads as a plain back of
    # the wood's own colour; loose backs (REST_BACKS, on since this round) must not be of a
    # table colour (REST_NOT_TABLE)
    labels, tl, rs = read_scene3d(24446)
    assert not sure_near(rs, (1037, 267), 0.25 * tl)


def test_the_table_colour_test_keeps_it_out(monkeypatch):
    monkeypatch.setattr(R, "REST_NOT_TABLE", 0)
    labels, tl, rs = read_scene3d(24446)
    assert sure_near(rs, (1037, 267), 0.25 * tl)


def test_a_row_of_white_backs_with_no_line_between_them_is_read():
    # scene3d 26072: three white backs side by side on dark cloth, overexposed as one
    # patch; only the notches of their rounded corners at the ends of each seam show
    labels, tl, rs = read_scene3d(26072)
    assert_read_right(labels, tl, rs, [((726, 599), None), ((763, 582), None), ((802, 566), None)])


def test_the_notches_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "BACK_ROW_NOTCH", 0.0, 26072, (763, 582), None)


def test_backs_across_the_tilt_are_sized_by_their_area():
    # scene3d 26212: three black backs side by side across a tilted camera's view, 124 x 43
    # where the faces read are 105 x 45 — too long by their length, a tile's by their area
    labels, tl, rs = read_scene3d(26212)
    assert_read_right(labels, tl, rs, [((676, 375), None), ((678, 415), None), ((681, 456), None)])


def test_the_area_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "BACK_AREA_ASPECT", 0, 26212, (678, 415), None)


def _row_image(notched: bool, seam_at: float = 0.5):
    """Two light tiles side by side (40 x 20 each, a 40 x 40 square) on a dark table, their
    corners rounded where they meet (``notched``) or one straight block, at 4x scale."""
    import cv2
    import numpy as np

    img = np.full((240, 240, 3), 40, np.uint8)
    if notched:
        for y0 in (40, 120):
            cv2.rectangle(img, (40, y0 + 8), (199, y0 + 71), (230, 230, 230), -1)
            cv2.rectangle(img, (48, y0), (191, y0 + 79), (230, 230, 230), -1)
            for cx, cy in ((48, y0 + 8), (191, y0 + 8), (48, y0 + 71), (191, y0 + 71)):
                cv2.circle(img, (cx, cy), 8, (230, 230, 230), -1)
    else:
        cv2.rectangle(img, (40, 40), (199, 199), (230, 230, 230), -1)
    return img


def test_the_notch_is_where_rounded_corners_meet():
    # work scale 0.25: the pieces are 40 x 20 work pixels, one above the other
    p0, p1 = ((30.0, 20.0), (40.0, 20.0), 0.0), ((30.0, 40.0), (40.0, 20.0), 0.0)
    assert R._seam_notch(_row_image(True), p0, p1, 0.25) >= R.BACK_ROW_NOTCH
    assert R._seam_notch(_row_image(False), p0, p1, 0.25) < 0.5 * R.BACK_ROW_NOTCH


def test_a_back_is_sized_by_its_area_only_in_a_tiles_proportions():
    import numpy as np

    def box(lo, sh):
        return np.float32([[0, 0], [lo, 0], [lo, sh], [0, sh]])

    size = (100.0, 45.0)
    assert R._back_sized(box(100, 45), size, None, (0.8, 1.15), (0.7, 1.2))
    # 124 x 43: too long by its length, of a tile's area and near enough its proportions
    assert R._back_sized(box(124, 43), size, None, (0.8, 1.15), (0.7, 1.2))
    # 140 x 32 (4.4 : 1): a tile's area, not its proportions
    assert not R._back_sized(box(140, 32), size, None, (0.8, 1.15), (0.7, 1.2))


def test_a_chip_cut_in_two_is_no_row_of_backs():
    # scene3d 24298: a poker chip on wood cut in two 2 : 1 pieces, 0.83 of a tile's length;
    # its round outline reads as notched where it was cut (BACK_NOTCH_LONG keeps it out)
    labels, tl, rs = read_scene3d(24298)
    assert not sure_near(rs, (174, 660), 0.4 * tl)


def test_the_length_asked_of_notched_rows_keeps_it_out(monkeypatch):
    monkeypatch.setattr(R, "BACK_NOTCH_LONG", (0.8, 1.15))
    labels, tl, rs = read_scene3d(24298)
    assert sure_near(rs, (174, 660), 0.4 * tl)
