"""Forty-seventh round of 2026-11-29 (docs/vision.md, "Black tiles in a dim room").

In a dim frame (the room's light low, the cloth dark but not black) black tiles differ from
the cloth by a few levels of lightness and colour, below every mask's level: whole frames of
them were missed.  A frame whose median brightness lies between DIM_FLOOR_V and DIM_FRAME_V
is now proposed again lifted by a gamma (DIM_GAMMA), new outlines only (_propose_again, the
printed cloth's second pass made one with it); a crop of such a frame is lifted too.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import cv2
import numpy as np

import vision.recognizer as R
from vision import photobench
from vision.evaluate import score_frame
from vision.scene3d import generate_scene3d

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d


def test_black_tiles_on_dark_purple_felt_are_read():
    # scene3d 24471: 24 black tiles on dark purple felt (median value 54): 2 read before
    labels, tl, rs = read_scene3d(24471)
    assert_read_right(labels, tl, rs, [((165, 465), (1, 1)), ((557, 454), (2, 1)), ((741, 304), (2, 2)),
                                       ((416, 429), None)])
    sure = [r for r in rs if not r.uncertain]
    assert len(sure) >= 20
    assert not [r for r in sure if min(math.dist(r.center, la["center"]) for la in labels) > 0.3 * tl]


def test_black_tiles_on_near_black_cloth_are_read():
    # scene3d 25335: black tiles under a low light (median value 39)
    labels, tl, rs = read_scene3d(25335)
    assert_read_right(labels, tl, rs, [((927, 139), (1, 1)), ((732, 191), (4, 4))])


def test_only_a_dim_frame_is_lifted(monkeypatch):
    calls = []
    real = R._propose_again
    monkeypatch.setattr(R, "_propose_again",
                        lambda cands, image, *a, **k: calls.append(image) or real(cands, image, *a, **k))
    img, _labels, _tl = generate_scene3d(24471, 1280, 720, n_tiles=24)
    assert R.analyze(img).context.dim and len(calls) == 1
    assert cv2.cvtColor(calls[0], cv2.COLOR_BGR2GRAY).mean() > cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).mean() + 20
    calls.clear()
    assert not R.analyze(cv2.convertScaleAbs(img, alpha=3.0)).context.dim and not calls  # lit: not dim
    black = np.zeros((480, 640, 3), np.uint8)
    cv2.rectangle(black, (200, 150), (300, 200), (200, 200, 200), -1)
    assert not R.analyze(black).context.dim and not calls  # a black cloth: not dim either


def test_a_crop_of_a_dim_frame_is_lifted_as_the_frame_was():
    img, labels, tl = generate_scene3d(24471, 1280, 720, n_tiles=24)
    whole = R.analyze(img)
    x0, y0, x1, y1 = 620, 200, 900, 420  # the 2-2 at (741, 304)
    crop = R.analyze(img[y0:y1, x0:x1], context=whole.context)
    got = [r for r in crop.readings if not r.uncertain and r.pips
           and math.dist((r.center[0] + x0, r.center[1] + y0), (741, 304)) < 0.25 * tl]
    assert got and sorted(got[0].pips) == [2, 2]
    bare = R.analyze(img[y0:y1, x0:x1], context=replace(whole.context, dim=False))
    assert not [r for r in bare.readings if not r.uncertain and r.pips
                and math.dist((r.center[0] + x0, r.center[1] + y0), (741, 304)) < 0.25 * tl]


def test_a_black_cloth_is_not_lifted(photos_dir, monkeypatch):
    # a light tile on black cloth, as a JPEG of quality 40 (photo ab_f85, median value 12):
    # lifted, the JPEG's 8x8 blocks of colour in the black were taken for tiles and the tile
    # was lost among them.  DIM_FLOOR_V keeps such a frame as it is
    spec = json.loads((photos_dir / "labels.json").read_text())
    im = next(i for i in spec["images"] if i["path"] == "ab_f85.png")
    img, labels = photobench.variant_labels("jpeg40", cv2.imread(str(photos_dir / im["path"])), im["tiles"])
    tl = photobench._tile_len(im["tiles"], im["width"], im["height"])
    assert score_frame(R.recognize(img), labels, tl, "ab_f85").identity_ok == 1
    monkeypatch.setattr(R, "DIM_FLOOR_V", 0)
    assert score_frame(R.recognize(img), labels, tl, "ab_f85").identity_ok == 0


def test_with_the_rule_off_the_tile_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "DIM_FRAME_V", 0, 24471, (741, 304), (2, 2))
