"""Eleventh round of 2026-11-26 (docs/vision.md, "Pieces shared by two groups, a tile's half
proposed twice"): each scene test fails on the code before its change (the others guard it)."""

from __future__ import annotations

import math

from .scenes import assert_read_right, read_scene3d, sure_near


def _read_twice(readings, tl):
    return [(a.center, b.center) for i, a in enumerate(readings) for b in readings[i + 1:]
            if math.dist(a.center, b.center) < 0.2 * tl]


def test_a_piece_two_groups_share_is_read_once():
    # scene3d 15018 (a row of Chinese tiles, 5-5 and 3-2 in two groups of touching tiles
    # that overlap) and 15086 (a 5-1): each group's way put the same tile in raw, so it was
    # reported twice — the second a false tile
    for seed in (15018, 15086):
        labels, tl, readings = read_scene3d(seed, 24)
        assert not _read_twice(readings, tl), seed


def test_neighbours_in_one_group_both_stand():
    # scene3d 15092: a 6-1 and a 5-5 side by side, one group; their outlines share a side,
    # and OpenCV's intersection of the two may come out as all of one — the check for a tile
    # read twice must not take the 5-5 for the 6-1 again
    assert_read_right(*read_scene3d(15092, 24), (((74, 607), [6, 1]), ((167, 626), [5, 5])))


def test_a_tile_whose_half_two_masks_propose_is_read_whole():
    # scene3d 14956: an ivory 4-1 alone on wood; two masks proposed the same piece of it
    # (the four pips' half), and its whole outline, holding "two smaller tile-shaped
    # proposals", was dropped as a group of two tiles — the tile was never read
    assert_read_right(*read_scene3d(14956, 24), (((828, 274), [4, 1]),))


def test_a_tile_in_its_shadows_rectangle_is_still_the_tile():
    # scene3d 14944: a 6-4 and its shadow make a longer rectangle holding the tile proposed
    # twice; the piece is more than two thirds of it, so the longer one is still dropped
    assert_read_right(*read_scene3d(14944, 24), (((1095, 593), [6, 4]),))


def test_pips_further_apart_than_the_clusters_link_are_one_tile():
    # scene3d 15092 (an ivory Western 4-4) and 14962 (a 6-4): the pip fallback linked spots
    # closer than half a tile's width, and joined at most two clusters — the pips of the 4s
    # lie a little further apart, four clusters of two
    assert_read_right(*read_scene3d(15092, 24), (((44, 149), [4, 4]),))
    assert_read_right(*read_scene3d(14962, 24), (((168, 535), [6, 4]),))


def test_four_pips_of_a_playing_card_are_no_tile():
    # scene3d 15032: a playing card's four pips, far apart, joined into one cluster, read as
    # a 2-2 on white the colour of the ivory tiles — the white goes on beyond all four sides
    labels, tl, readings = read_scene3d(15032, 24)
    assert not sure_near(readings, (757, 210), 0.3 * tl)


def test_a_pip_with_a_tail_counted_twice_is_one_where_that_makes_a_tile():
    # scene3d 14966: a black Chinese 6-6 whose last red pip has a highlight's tail; the blob
    # split at a higher level into two, no bigger than the single pips — 7-6, unsure. A pip
    # fewer there makes a tile's halves: 6-6
    assert_read_right(*read_scene3d(14966, 24), (((942, 243), [6, 6]),))
    # scene3d 15284: a 6-5 with blobs counted three pips each, one of them no bigger than
    # the singles — a pip fewer (two), not one: 6-5, not 5-5
    assert_read_right(*read_scene3d(15284, 24), (((759, 618), [6, 5]),))


def test_pips_run_together_along_a_diagonal_are_pips():
    # scene3d 15000 and 14934: the 5s of a 5-1 (big pips close together), their middle three
    # one blob filling a third of its box — left out as no pip, the tile read 2-1 unsure.
    # A higher level splits it into three peaks, and it has three pips' area
    assert_read_right(*read_scene3d(15000, 24), (((748, 210), [5, 1]),))
    assert_read_right(*read_scene3d(14934, 24), (((746, 171), [5, 1]),))


def test_a_shadow_at_the_end_or_a_blob_across_the_middle_is_not_split_into_pips():
    # scene3d 15003: a 2-2 whose outline takes in a shadow at its end (one strong peak and a
    # speck: peaks of about one size only); 15469: a 6-6 with a blob across its middle (both
    # peaks within one half only) — both read right before and must stay so
    assert_read_right(*read_scene3d(15003, 24), (((459, 185), [2, 2]),))
    assert_read_right(*read_scene3d(15469, 24), (((585, 372), [6, 6]),))


def test_single_spots_far_apart_are_not_joined_and_a_blob_counted_once_blocks_the_split():
    # found on scene3d 15830-16129 after the round's changes: a playing card's pips (16031),
    # all single spots, joined into a 2-2 — a cluster of single spots only is not joined
    # any more; and a blue 3-3 (15974) whose one half had two pips run together counted as
    # one while the other half's diagonal was split: 3-2 for sure. Neither is read sure now
    labels, tl, readings = read_scene3d(16031, 24)
    assert not sure_near(readings, (1037, 389), 0.3 * tl)
    labels, tl, readings = read_scene3d(15974, 24)
    assert not [r for r in sure_near(readings, (28, 37), 0.3 * tl) if r.pips is not None and sorted(r.pips) != [3, 3]]


def test_a_blob_a_little_bigger_than_a_pip_beside_another_blocks_the_split_too():
    # scene3d 16190 (a range looked at last): a 3-3 whose one half had two small pips run
    # together (1.4 of the peaks' area, under the 1.8 first asked) read 3-2 for sure once
    # the other half's diagonal was split; the bar is SPLIT_AREA now
    labels, tl, readings = read_scene3d(16190, 24)
    assert not [r for r in sure_near(readings, (304, 416), 0.3 * tl) if r.pips is not None and sorted(r.pips) != [3, 3]]
