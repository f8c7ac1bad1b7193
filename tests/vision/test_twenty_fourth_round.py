"""Twenty-fourth round of 2026-11-27 (docs/vision.md, "Cloths of small dots traced by their
long edges; pips run together on a diagonal counted against the round ones"): the tests
of what the round reads fail on the code before it; the one on stripes and wood grain
keeps the limit the round leaves as it was, the one on a Chinese 6 under a piece cut across
fails on the round's first try at the long 3-3."""

from __future__ import annotations

import cv2

import vision.recognizer as R
from vision.params import TileSetParams
from vision.scene3d import generate_scene3d

from .scenes import assert_read_right, read_scene3d


def _chans(seed: int) -> list[str]:
    img, _, _ = generate_scene3d(seed, 1280, 720, n_tiles=24)
    small = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return [c[0] for c in R._channels(small, TileSetParams())]


def test_a_cloth_of_small_dots_is_plain_between_its_dots():
    # scene3d 19608: khaki tiles on an olive cloth printed with small purple dots.  Canny's
    # edges cover 12.7 % of the working image there, so the edges' mask was not made and
    # two tiles were read.  Less the pieces shorter than EDGE_MIN_PIECE (the dots' rims)
    # they cover 2.9 %: the mask is made, and the tiles' outlines are traced
    assert R.EDGE_CHAN in _chans(19608)
    labels, tl, readings = read_scene3d(19608, 24)
    assert_read_right(labels, tl, readings, (((273, 358), [5, 2]), ((802, 427), [3, 2]), ((903, 503), [4, 4])))
    right = 0
    for lab in labels:
        got = [r for r in readings if not r.uncertain and sum((a - b) ** 2 for a, b in zip(r.center, lab["center"],
                                                                                              strict=True)) < (0.25 * tl) ** 2]
        right += bool(got) and (got[0].pips is None if lab["pips"] is None else (
            got[0].pips is not None and sorted(got[0].pips) == sorted(lab["pips"])))
    assert right >= 7, right


def test_long_edges_of_a_busy_cloth_still_keep_the_edges_mask_off():
    # stripes (22150: red, white and blue) and wood grain (22107) are busy in their long
    # edges too — 9 % and 17 % of the working image: filled, they would join tiles and cloth
    assert R.EDGE_CHAN not in _chans(22150)
    assert R.EDGE_CHAN not in _chans(22107)


def test_pips_run_together_on_a_diagonal_counted_against_the_round_ones():
    # scene3d 22260 / 22292: a blue 3-3 and 3-1 on wood whose 3s each ran into a pair and
    # a pip at the pips' level.  One pip's area was the median of all the spots — with as
    # many pairs as single pips, a pair's and a pip's mean — and the pair, against it, was
    # not two pips' area: read 3-2 and 2-1 at 0.89-0.97.  Against the round spots' median
    # (ROUND_FILL) it is
    assert_read_right(*read_scene3d(22260, 24), (((836, 353), [3, 3]),))
    assert_read_right(*read_scene3d(22292, 24), (((975, 126), [3, 1]), ((401, 494), [3, 3])))


def test_the_long_3_3_with_its_pairs_along_the_middle_line():
    # scene3d 22242: ivory tiles on beige paper, outlined by the edges' mask; two 3-3s drawn
    # along the long axis (shared/tiles.md) — three pairs on the middle line, one behind
    # the other, at the ends and straddling the middle — each pair run into one blob.  Read
    # 4-2 by the split, unsure for the pairs, they were not whole and were dropped
    assert_read_right(*read_scene3d(22242, 24), (((634, 124), [3, 3]), ((264, 530), [3, 3])))
    # separate pips so laid out are the long 3-3 too; six evenly spaced are not
    six = [(x + d, 24, False, 9) for x in (24, 60, 96) for d in (-5, 5)]
    assert R._long_three_along(six, 120, 48)
    assert not R._long_three_along([(x, 24, False, 9) for x in (14, 34, 54, 74, 94, 114)], 120, 48)


def test_a_chinese_6_under_a_piece_cut_across_is_no_long_3_3():
    # scene3d 960170 (held out, seen when the long 3-3 above was first read as three and
    # three for its pairs across the tile too): a stack of black tiles whose piece cut
    # across two of them held a 6's pips as three pairs across, round its middle — read a
    # whole 3-3, and a false tile.  Only pairs along the middle line, out to the ends, are
    from vision.bench import _frame, tile_counts

    from .scenes import sure_near

    k = tile_counts(960000, 200)[170]
    img, labels, tl = _frame("scene3d", 960170, 1280, 720, k)
    got = [r for r in sure_near(R.recognize(img), (1067, 571), 0.25 * tl) if r.pips is not None]
    assert not got, got


def test_a_chinese_6_whose_rows_ran_together_is_counted_by_its_layout():
    # scene3d 22253 / 22324 / 22332: a 6-1, a 6-1 and a 6-2 whose 6 showed as two blobs, each
    # a row of three run together along the tile.  Counted three each, but unsure for it
    # (0.85), they were dropped where an outline must read whole or a group's pieces must.
    # Two such rows side by side in one half, across from each other about the middle line
    # and of one size, are the 6's layout: not unsure for it
    assert_read_right(*read_scene3d(22253, 24), (((664, 249), [6, 1]),))
    assert_read_right(*read_scene3d(22324, 24), (((1127, 656), [6, 1]),))
    assert_read_right(*read_scene3d(22332, 24), (((999, 273), [6, 2]),))


def test_a_6_6_whose_four_rows_ran_together_is_counted_by_its_layout():
    # scene3d 22188: a 6-6 whose four rows of three each ran into one blob, two in each
    # half: read 6-6 but unsure for the four (0.49).  Two such rows in each half are the
    # layout of both 6s
    assert_read_right(*read_scene3d(22188, 24), (((824, 257), [6, 6]),))
