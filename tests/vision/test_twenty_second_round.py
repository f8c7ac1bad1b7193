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
