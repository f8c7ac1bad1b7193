"""Twenty-third round of 2026-11-27 (docs/vision.md, "Ivory on pale paper: outlines traced
by their edges"): each test fails on the code before the round; the one on blobs cut by
the frame also on the edges' mask without that rule, the 1-1's on the mask with
PALE_MIN_PIPS."""

from __future__ import annotations

import cv2

import vision.recognizer as R
from vision.params import TileSetParams
from vision.scene3d import generate_scene3d

from .scenes import assert_read_right, read_scene3d, sure_near


def test_ivory_tiles_on_pale_paper_are_outlined_by_their_edges():
    # scene3d 21894: 24 ivory tiles on light grey paper, their faces a little darker than
    # the paper and barely warmer.  No mask parted a face from the paper — the dark masks
    # took in the tile's side and shadow, the relative-lightness mask left the face out —
    # and every tile was missed.  The edges' mask (EDGE_CHAN) fills the outlines Canny
    # traces, and takes each blob's light part for the face
    labels, tl, readings = read_scene3d(21894, 24)
    assert_read_right(labels, tl, readings, (((569, 512), [3, 1]), ((934, 364), [2, 2]), ((1023, 322), [3, 2]),
                                             ((150, 545), [5, 2]), ((412, 486), [6, 3])))
    right = 0
    for lab in labels:
        got = [r for r in readings if not r.uncertain and sum((a - b) ** 2 for a, b in zip(r.center, lab["center"],
                                                                                              strict=True)) < (0.25 * tl) ** 2]
        right += bool(got) and got[0].face == "up" and sorted(got[0].pips) == sorted(lab["pips"])
    assert right >= 16, right


def test_the_edges_mask_is_not_made_on_a_busy_cloth():
    # scene3d 19095: dark tiles on polka dots.  Canny's edges cover 15 % of the working
    # image there (a plain table's: 3-5 %); filled, they join tiles and dots, and a light
    # part of such a blob outlined a tile shifted off its end (a 4-2 read 4-1 when tried).
    # (Since the twenty-fourth round the dots' rims are left out, and 19095 is plain between
    # them: wood grain, 22107, is busy in its long edges — see test_twenty_fourth_round)
    img, _, _ = generate_scene3d(22107, 1280, 720, n_tiles=24)
    small = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    assert R.EDGE_CHAN not in [c[0] for c in R._channels(small, TileSetParams())]
    img, _, _ = generate_scene3d(21894, 1280, 720, n_tiles=24)
    small = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    assert R.EDGE_CHAN in [c[0] for c in R._channels(small, TileSetParams())]


def test_no_light_part_of_an_outline_cut_by_the_frame():
    # own generator 930181 (held out, looked at after the round's first try): two white
    # tiles side by side run out of the top of the frame.  Their edges' blob touches the
    # frame; its light part, eroded, did not, and was taken for a whole tile across their
    # two lower halves — a false 3-2.  Blobs of the edges' mask cut by the frame give none
    from vision.bench import _frame, tile_counts

    k = tile_counts(930000, 182)[-1]
    img, labels, tl = _frame("scene", 930181, 1280, 720, k)
    assert not sure_near(R.recognize(img), (956, 56), 0.25 * tl)


def test_thin_strokes_on_a_pale_table_are_no_tiles():
    # the edges' mask outlines whatever its edges close round on a plain table: pen strokes
    # and thin rings (a blob of theirs may shrink to nothing before its light part is
    # taken) are neither tiles nor an error
    import numpy as np

    img = np.full((720, 1280, 3), (200, 205, 210), np.uint8)
    img = np.clip(img + np.random.default_rng(1).normal(0, 2, img.shape), 0, 255).astype(np.uint8)
    for i, width in enumerate((1, 2, 3, 4, 6)):
        cv2.line(img, (100 + 200 * i, 100), (160 + 200 * i, 600), (90, 90, 90), width)
    for i in range(6):
        cv2.ellipse(img, (300 + 120 * i, 650), (50, 8 + i), 0, 0, 360, (120, 120, 120), 1)
    small = cv2.resize(img, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    assert R.EDGE_CHAN in [c[0] for c in R._channels(small, TileSetParams())]
    assert R.recognize(img) == []


def test_a_1_1_on_pale_paper_outlined_by_its_edges_is_read():
    # scene3d 21894 / 22058: a lone 1-1 on light grey and on cream paper, outlined by the
    # edges' mask and read whole, was dropped for having fewer than PALE_MIN_PIPS (3) pips.
    # Read whole, two pips do (EDGE_MIN_PIPS): nothing read wrong or false came of it over
    # sixteen sets
    assert_read_right(*read_scene3d(21894, 24), (((479, 34), [1, 1]),))
    assert_read_right(*read_scene3d(22058, 24), (((558, 299), [1, 1]),))


def test_a_crop_of_a_plain_table_is_read_with_the_edges_mask():
    # scene3d 21894 in a stream: a dark patch put down beside a 4-1 makes the reader read a
    # crop round it (vision.stream, 'partial').  The edges' mask was made on whole frames
    # only, and the 4-1 found in the whole frame was lost in the crop until the next whole
    # read.  The whole frame's decision that its table is plain (FrameContext.plain_table)
    # now gives a crop the mask too
    from vision.stream import StreamRecognizer

    img, labels, tl = generate_scene3d(21894, 1280, 720, n_tiles=24)
    sr = StreamRecognizer()
    first = sr.analyze(img)
    assert first.context is not None and first.context.plain_table
    img2 = img.copy()
    cv2.rectangle(img2, (470, 560), (500, 590), (60, 60, 60), -1)
    second = sr.analyze(img2)
    assert sr.last_mode == "partial"
    for an in (first, second):
        assert sure_near(an.readings, (429, 644), 0.25 * tl), an.readings
        assert [r.name for r in sure_near(an.readings, (429, 644), 0.25 * tl)] == ["4-1"]
