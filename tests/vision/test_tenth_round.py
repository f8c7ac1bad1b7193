"""Tenth round of 2026-11-26 (docs/vision.md, "A smaller rectangle over a cluster of pips"):
each scene test fails on the code before its change (the others guard it and its helper)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d, sure_near


def test_tiles_found_by_their_pips_where_the_tiles_read_include_their_shadow():
    # scene3d 14485 (black Western tiles on dark green felt) and 951089: the tiles read were
    # read with their shadow or side, so the rectangle laid over a cluster of pips was too
    # big to fit (a ring of felt or shadow inside it, or the frame's edge): a little smaller,
    # it reads the tile
    assert_read_right(*read_scene3d(14485, 24), (((569, 559), [5, 4]),))
    assert_read_right(*read_scene3d(951089, 15), (((476, 238), [3, 3]),))


def test_no_smaller_rectangle_across_two_tiles_end_to_end():
    # scene3d 950053: Chinese tiles end to end (5-2, 4-2, 6-6), black on wood; a rectangle a
    # tenth smaller fits the 5 of one and the 4 of the next between their ends and reads a
    # whole 5-4 — but the tiles' colour goes on beyond both its ends
    labels, tl, readings = read_scene3d(950053, 12)
    assert not sure_near(readings, (1160, 370), 0.25 * tl)


def test_runs_on_looks_beyond_both_ends_only():
    img = np.full((200, 300, 3), (40, 110, 40), np.uint8)
    body = R.cv2.cvtColor(np.full((1, 1, 3), 25, np.uint8), R.cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32)
    quad = np.float32([[100, 80], [200, 80], [200, 120], [100, 120]])
    img[80:121, 100:231] = 25  # the body goes on beyond one end only (a tile with its shadow)
    assert not R._runs_on(img, quad, body)
    img[80:121, 70:100] = 25  # ... and beyond the other
    assert R._runs_on(img, quad, body)
    assert R.PF_SIZES[0] == 1.0  # the full size first: a rectangle is made smaller only where it fits nowhere


def test_a_ring_pip_broken_in_two_is_one_pip():
    # scene3d 14993 (ring pips painted round their rims, a ring broken where it is faint)
    # and 14948: the two pieces were counted as two pips, 7-5 and 7-6
    assert_read_right(*read_scene3d(14993, 24), (((626, 218), [6, 5]),))
    assert_read_right(*read_scene3d(14948, 24), (((455, 355), [6, 6]),))
    # pieces are much smaller than a pip and much closer than two pips ever lie
    assert R.FRAGMENT_AREA < 1.0 and R.FRAGMENT_REACH < 1.0


def test_a_stray_red_pip_as_white_as_the_frames_white_pips_is_no_red_pip():
    # scene3d 14954, 15018, 15162: a 5-5, a 6-2, a 5-5 of a painted set with one pip taken
    # for red (a* 136-138 where the frame's white pips reach 136-145 and its red ones start
    # at 143-167): the red count named no tile, unsure
    assert_read_right(*read_scene3d(14954, 24), (((287, 556), [5, 5]),))
    assert_read_right(*read_scene3d(15018, 24), (((951, 307), [6, 2]),))
    assert_read_right(*read_scene3d(15162, 24), (((1020, 651), [5, 5]),))


def test_rank_all_red_clears_a_stray_red_only_below_the_frames_reds():
    sure = [(None, R._Read("up", (3, 1), 1, False, 1.0, 0, False, 4, red_a=165.0 + i, white_a=135.0 + i), False)
            for i in range(4)]

    def stray(white_a):
        return (None, R._Read("up", (5, 5), 1, False, 1.0, 0, False, 10, red_rank=False, white_a=white_a), False)

    assert R._name_and_confidence(stray(137.0)[1], True)[2] < R.UNCERTAIN_BELOW
    out = R._rank_all_red(sure + [stray(137.0), stray(150.0)])
    assert out[-2][1].red_rank is True  # as white as the frame's white pips
    assert R._name_and_confidence(out[-2][1], True)[2] >= R.UNCERTAIN_BELOW
    assert out[-1][1].red_rank is False  # redder than them: a red pip, the count stays off


def test_a_western_blank_half_whose_bar_does_not_show_is_read_when_it_is_clean():
    # scene3d 950090 (a 2-0 and a 3-0), 950114, 950176: Western tiles with a blank half and
    # no bar seen were unsure (a half whose pips were all lost looks the same) — a blank
    # half shows no response at all, even at 0.3 of the pips' level
    assert_read_right(*read_scene3d(950090, 24), (((573, 223), [2, 0]), ((1001, 375), [3, 0])))
    assert_read_right(*read_scene3d(950114, 18), (((458, 380), [3, 0]),))
    assert_read_right(*read_scene3d(950176, 5), (((821, 427), [3, 0]),))


def test_a_clean_blank_half_names_no_tile_but_is_sure():
    rd = R._Read("up", (3, 0), 0, False, 1.0, 0, False, 3)
    assert R._name_and_confidence(rd, True)[2] < R.UNCERTAIN_BELOW  # no bar, no evidence: unsure
    pips, name, conf = R._name_and_confidence(replace(rd, blank_clean=True), True)
    assert (pips, name) == ((3, 0), None) and conf >= R.UNCERTAIN_BELOW


def test_a_spotted_back_seen_by_its_two_white_spots_off_the_middle_line():
    # scene3d 14994 / 14941 (amber spotted backs, the red middle spot unseen): the two white
    # spots lie either side of their own midpoint, but the outline sits a little off the
    # face, and one of them lay within 0.15 of a width of the crop's middle line — read 1-1
    assert_read_right(*read_scene3d(14994, 24), (((784, 228), None), ((1050, 88), None)))
    assert_read_right(*read_scene3d(14941, 24), (((343, 633), None),))


def test_a_row_of_western_tiles_with_one_bar_unseen_is_read():
    # scene3d 14959 and 950022: rows of three and four Western tiles, every piece read whole
    # and right, but one showed no bar — and a piece without a bar may lie across a seam, so
    # the row was dropped.  Its neighbours' bars confirm the cuts
    assert_read_right(*read_scene3d(14959, 24), (((434, 535), [5, 1]), ((463, 506), [5, 3]), ((492, 478), [6, 6]),
                                                 ((522, 450), [3, 1]), ((126, 618), [6, 5]), ((150, 582), [2, 2]),
                                                 ((170, 545), [4, 1])))
    assert_read_right(*read_scene3d(950022, 24), (((217, 532), [5, 1]), ((187, 599), [2, 1]), ((157, 662), [3, 3])))
    assert R.BARLESS_ROW >= 3  # never in a pair: two tiles side by side cut across read as two barless tiles


def test_two_small_pips_run_together_are_not_counted_once():
    # scene3d 15284 (a 6-5, domed dark pips): two pips of the 6 run together into a blob no
    # bigger than the single pips beside it; counted once it lies at the half's centre and
    # the 6 reads as a die's 5 — a 5-5 named by its counts.  Tried this round and dropped
    # (it also read 6-6s split by a highlight right): the reading stays unsure
    labels, tl, readings = read_scene3d(15284, 24)
    got = [r for r in readings if math.dist(r.center, (759, 618)) < 0.25 * tl]
    assert not any(not r.uncertain and r.pips is not None and sorted(r.pips) != [5, 6] for r in got)


def test_no_smaller_rectangle_over_the_halves_of_two_tiles_side_by_side():
    # own generator 947743 / 930038 (held out, looked at after the round's first try): two
    # Western tiles side by side, their right halves 5 and 5 (a 3 and a 1) fit a rectangle a
    # tenth smaller than the tiles read — false tiles until PF_ALONE and the seam test
    from vision.bench import _frame, tile_counts

    for seed0, seed, at in ((947600, 947743, (43, 238)), (930000, 930038, (72, 288))):
        k = tile_counts(seed0, seed - seed0 + 1)[-1]
        img, labels, tl = _frame("scene", seed, 1280, 720, k)
        readings = R.recognize(img)
        assert not sure_near(readings, at, 0.25 * tl), seed


def test_a_pair_cut_either_way_into_the_same_tiles_is_read_sure():
    # scene3d 14970: two Chinese tiles side by side (3-1 and 6-3); cut along and across,
    # both ways read clean and name the same two tiles — which cut is right does not change
    # what lies there (before: both reported unsure, 0.48)
    assert_read_right(*read_scene3d(14970, 24), (((1122, 382), [3, 1]), ((1151, 398), [6, 3])))
