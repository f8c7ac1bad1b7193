"""Twenty-second round of 2026-11-27 (docs/vision.md, "Rows end to end with a face of two
pips; a face's own rim taken for a seam"): each scene test fails on the code before the
change it names."""

from __future__ import annotations

from .scenes import assert_read_right, read_scene3d


def test_a_row_end_to_end_of_two_backs_and_a_face_of_two_pips_is_read():
    # scene3d 21751: three white tiles end to end on blue cloth, a 1-1 and two plain backs.
    # The row is split right, but a way with backs in it needed a face read whole with four
    # pips or more (FIRST_READ_MIN_PIPS) unless it was a pair, and the row was dropped: all
    # three missed.  A row whose pieces all lie end to end, with no spotted back in it, now
    # asks what a pair asks — two pips, on a face of a body read whole in the frame
    assert_read_right(*read_scene3d(21751, 24), (((615, 464), [1, 1]), ((623, 546), None), ((632, 632), None)))


def test_a_lone_face_whose_rim_shows_along_one_side_is_not_two_tiles():
    # scene3d 21591: a green 6-5 alone on green cloth, its white pips on a grainy face.  Its
    # outline trimmed of its side reads 6-5 whole, but the bevel along one long edge,
    # lighter than the face, is a line along the piece a fifth of its width in: taken for
    # the seam of two tiles side by side, the reading was dropped and the tile missed.  On
    # a lone outline (not a piece of a group) a line along that lies only near a side no
    # longer drops a reading that is whole
    assert_read_right(*read_scene3d(21591, 24), (((602, 221), [6, 5]),))
