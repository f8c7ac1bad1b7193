"""Twenty-first round of 2026-11-27 (docs/vision.md, "Pips run together on a diagonal beside
blurred rows"): each scene test fails on the code before the change it names."""

from __future__ import annotations

from .scenes import assert_read_right, read_scene3d


def test_a_diagonal_of_pips_beside_blurred_rows_of_three_is_counted_by_its_peaks():
    # scene3d 21304: two 6-5s blurred by motion.  The 6's rows of three ran together into two
    # streaks (counted three each), the 5's corner, middle and corner into one blob filling a
    # quarter of its box, left out; the size of one pip was taken as the median of every
    # spot kept, streaks included, so the blob was not "two or three pips' area" and both
    # read 6-2 at 0.82.  Rows of three no longer set the size of one pip there, nor count as
    # "a pip of several peaks' area" that forbids the split
    assert_read_right(*read_scene3d(21304, 24), (((297, 103), [6, 5]), ((617, 258), [6, 5])))
