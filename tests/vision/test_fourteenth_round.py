"""Fourteenth round of 2026-11-26 (docs/vision.md, "Rows of touching tiles with one piece
that reads no tile; rows of three big pips along the tile"): the scene tests of each change
fail on the code before it; the guard tests each fail with their guard removed."""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d, sure_near


def test_a_chinese_row_with_a_piece_of_more_than_six_pips_keeps_its_other_tiles():
    # scene3d 17739: three tiles end to end; the end piece (a 6-3) takes in the cloth beyond
    # it and reads 8-3 — no tile.  The way was dropped, and with it the 4-3 and the 2-2 that
    # read whole; now the odd piece is unsure and the others stand
    labels, tl, readings = read_scene3d(17739, 24)
    assert_read_right(labels, tl, readings, (((183, 190), [4, 3]), ((222, 196), [2, 2])))
    assert not [r for r in sure_near(readings, (139, 189), 0.3 * tl) if sorted(r.pips or ()) != [3, 6]]


def test_a_row_with_a_piece_whose_outline_cuts_a_pip_keeps_its_other_tiles(monkeypatch):
    # scene3d 17914: four Western tiles side by side; the end piece (a 5-5) is cut through a
    # pip and reads 3-2.  The three others read whole: they stand, the cut piece is unsure.
    # (Since the fifty-fifth round the cut piece is also read moved across, PIECE_SHIFT: it
    # then reads a whole 5-3, the way names the 5-3 twice and is refused, and the 5-3 here
    # is lost — a known cost of that rule, docs/vision.md.  This rule is tested without it)
    monkeypatch.setattr(R, "PIECE_SHIFT", 0)
    labels, tl, readings = read_scene3d(17914, 24)
    assert_read_right(labels, tl, readings, (((579, 511), [5, 3]), ((560, 549), [3, 3]), ((541, 586), [5, 1])))
    assert not [r for r in sure_near(readings, (525, 623), 0.3 * tl) if sorted(r.pips or ()) != [5, 5]]


def test_a_cut_piece_is_kept_only_beside_pieces_that_read_whole():
    # scene3d 17061: three pieces across a row, one cut through a pip and one reading 2-1
    # where a 2-2 lies (a piece offset from its tile, named by its halves only in a set read
    # as unpainted): without the guard the way was taken and the 2-1 reported sure
    labels, tl, readings = read_scene3d(17061, 24)
    assert not [r for r in sure_near(readings, (1056, 117), 0.3 * tl) if sorted(r.pips or ()) != [2, 2]]


def test_a_piece_with_a_reading_at_the_higher_level_waits_for_that_pass():
    # scene3d 15301: a piece reads 2-0 at the usual level and 6-2, whole, at the higher one;
    # taken as the row's one odd piece it was reported unsure before the pass that reads it
    # right was tried
    assert_read_right(*read_scene3d(15301, 24), (((869, 402), [6, 2]),))


def test_a_row_of_three_big_pips_along_the_tile_counts_three():
    # scene3d 17748: orange tiles whose 6 half has big black pips close together; each row
    # of three runs into one blob longer than the tile is wide, and was dropped — the 6-4s
    # and the 6-3 read 4-0 and 3-0, unsure.  A row along the tile within a half counts three
    assert_read_right(*read_scene3d(17748, 24), (((485, 317), [6, 4]), ((286, 98), [6, 3]), ((843, 226), [6, 4])))


def test_a_row_along_a_face_blurred_along_it_is_unsure():
    # scene3d 17214: a 6-6 blurred along its length — its rows of three run together and
    # two of the four were lost with their red (read 3-3, sure, at 0.82); 17833: a 6-5
    # read 5-3 at 0.76.  A face whose spots all show the blur is unsure when such a row
    # was counted
    labels, tl, readings = read_scene3d(17214, 24)
    assert not [r for r in sure_near(readings, (132, 552), 0.3 * tl) if sorted(r.pips or ()) != [6, 6]]
    labels, tl, readings = read_scene3d(17833, 24)
    assert not [r for r in sure_near(readings, (481, 547), 0.3 * tl) if sorted(r.pips or ()) != [5, 6]]


def test_the_size_of_one_pip_leaves_rows_of_three_out():
    # scene3d 15334: a 6-5 whose 6 reads as two rows of three; with those rows in the
    # median pip area, the 5's diagonal of three pips run together was not seen as pips
    # left out, and the tile read 6-2, sure
    labels, tl, readings = read_scene3d(15334, 24)
    assert not [r for r in sure_near(readings, (394, 395), 0.3 * tl) if sorted(r.pips or ()) != [5, 6]]


def test_a_row_of_three_along_the_tile_counts_three_whatever_its_peaks():
    # scene3d 18045: a 6-1 whose rows of three run together; one row's response showed two
    # peaks and it was counted two: 5-1, sure.  A row kept for three pips' length and area
    # counts three
    assert_read_right(*read_scene3d(18045, 24), (((733, 115), [6, 1]),))
