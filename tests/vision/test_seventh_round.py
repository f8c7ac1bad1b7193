"""Seventh round of 2026-11-25 (docs/vision.md, "Rows of three pips longer than three
widths, ..."): each scene test fails on the code before its change (the bar's, with the
longer rows taken at the old area bound)."""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def test_a_six_whose_rows_run_together_with_their_rings_is_a_six():
    # scene3d 12528 / 12579 / 12605: Chinese 6-1s whose six engraved pips, each with a dark
    # ring, run together into two rows of three — 3.6 to 3.9 times as long as wide.  A row
    # past 3.5 widths was dropped as a line, and the six read as a sure 3.
    for seed, centre in ((12528, (202, 472)), (12579, (1228, 88)), (12605, (1212, 375))):
        assert_read_right(*read_scene3d(seed), ((centre, [6, 1]),))


def test_a_bar_as_long_as_a_row_of_three_pips_is_no_row():
    # scene3d 12686: a Western 2-2 whose bar, with its spinner, is not found as a bar; 3.9
    # times as long as wide it would pass for a row of three pips but has 0.65 of their
    # area (a 5-2)
    assert_read_right(*read_scene3d(12686), (((144, 135), [2, 2]),))


def test_a_one_one_in_a_short_crop_is_no_spotted_back():
    # scene3d 12615: a Western 1-1 whose bar is not seen, in a crop squeezed to 1.6 : 1 —
    # its two red pips fell within the spotted back's reach of the centre and it read as a
    # sure back
    assert_read_right(*read_scene3d(12615), (((1210, 595), [1, 1]),))


def test_two_pips_on_the_middle_line_or_both_red_are_a_one_one():
    assert R._one_one([(20, 26, False, 77), (58, 24, False, 77)], 48)
    assert R._one_one([(24, 13, True, 9), (54, 34, True, 9)], 48)
    assert not R._one_one([(24, 13, False, 9), (54, 34, False, 9)], 48)
