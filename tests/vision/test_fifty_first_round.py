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
    # two pieces side by side along x (a square 40 x 40), and the square cut across them
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
