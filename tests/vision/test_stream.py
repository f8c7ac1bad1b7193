"""vision.stream: only the changed parts of a frame are read again, with the same result."""

from __future__ import annotations

import doctest
from collections import Counter
from dataclasses import replace

import numpy as np

import vision.stream as stream_mod
from vision.recognizer import analyze
from vision.scene import HandPlacement, Layout, TilePlacement, render_layout
from vision.stream import StreamRecognizer

W, H = 1280, 720
BASE = Layout(tiles=(TilePlacement("6-6", "up", (250.0, 200.0), 10.0),
                     TilePlacement("4-2", "up", (1000.0, 520.0), 80.0),
                     TilePlacement(None, "down", (1000.0, 180.0), 0.0)),
              table="green_felt", colours="black", tile_length_px=90.0, light=0.2)
NEW = TilePlacement("3-1", "up", (600.0, 420.0), 30.0)


def _names(an):
    return Counter((r.face, r.name, r.uncertain) for r in an.readings)


def _frames(layouts):
    return [render_layout(lay, W, H, seed=5, frame=i)[0] for i, lay in enumerate(layouts)]


def test_docstring_examples_run():
    res = doctest.testmod(stream_mod)
    assert res.attempted > 0 and res.failed == 0


def test_still_frames_are_not_read_again():
    sr = StreamRecognizer()
    imgs = _frames([BASE] * 5)
    first = sr.analyze(imgs[0])
    modes = []
    for img in imgs[1:]:
        an = sr.analyze(img)
        modes.append(sr.last_mode)
        assert _names(an) == _names(first)
    assert modes == ["cached"] * 4
    assert sr.counts == Counter(full=1, cached=4)


def test_a_tile_put_down_is_read_from_a_crop_and_the_rest_kept():
    with_new = replace(BASE, tiles=BASE.tiles + (NEW,))
    hand = HandPlacement((600.0 - 100.0, 450.0))
    imgs = _frames([BASE, BASE, replace(with_new, hands=(hand,)), with_new, with_new])
    sr = StreamRecognizer()
    before = sr.analyze(imgs[0])
    sr.analyze(imgs[1])
    an = sr.analyze(imgs[2])  # the hand puts the tile down: only around it is read again
    assert sr.last_mode == "partial"
    assert an.occluders, "the hand is reported, in image coordinates"
    assert all(abs(p.reshape(-1, 2).mean(axis=0)[0] - 500) < 250 for p in an.occluders)
    kept = [r for r in an.readings if r.name in ("6-6", "4-2") or r.face == "down"]
    assert {r.name for r in kept} >= {"6-6", "4-2"}
    for r in kept:  # far from the change: the very same readings
        assert r in before.readings
    an = sr.analyze(imgs[3])  # the hand has gone
    assert sr.last_mode == "partial"
    cold = analyze(imgs[3])
    assert _names(an) == _names(cold) == _names(before) + Counter({("up", "3-1", False): 1})
    sr.analyze(imgs[4])
    assert sr.last_mode == "cached"


def test_a_tile_taken_away_is_forgotten():
    without = replace(BASE, tiles=BASE.tiles[1:])
    imgs = _frames([BASE, without])
    sr = StreamRecognizer()
    sr.analyze(imgs[0])
    an = sr.analyze(imgs[1])
    assert sr.last_mode == "partial"
    assert "6-6" not in {r.name for r in an.readings} and "4-2" in {r.name for r in an.readings}


def test_a_changed_scene_is_read_whole_and_refresh_reads_whole():
    other = replace(BASE, table="dark_wood")
    imgs = _frames([BASE, other])
    sr = StreamRecognizer(refresh_every=3)
    sr.analyze(imgs[0])
    sr.analyze(imgs[1])
    assert sr.last_mode == "full"  # most of the frame changed
    modes = [sr.last_mode for _ in range(3) if sr.analyze(imgs[1]) is not None]
    assert modes[-1] == "full" and modes[0] == "cached"


def test_reset_and_bad_images():
    sr = StreamRecognizer()
    img = _frames([BASE])[0]
    sr.analyze(img)
    sr.reset()
    sr.analyze(img)
    assert sr.last_mode == "full"
    # a grey image is read whole (converted by analyze), and the next colour frame too
    an = sr.analyze(np.zeros((H, W), np.uint8))
    assert an.readings == []
    sr.analyze(img)
    assert sr.last_mode == "full"
