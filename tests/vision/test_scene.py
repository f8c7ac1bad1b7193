from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.scene import (
    HandPlacement,
    Layout,
    TilePlacement,
    generate_scene,
    generate_sequence,
    render_layout,
)


def test_same_seed_same_scene_and_labels():
    a, la = generate_scene(3, width=640, height=360, n_tiles=6)
    b, lb = generate_scene(3, width=640, height=360, n_tiles=6)
    assert np.array_equal(a, b)
    assert [x.to_json() for x in la] == [x.to_json() for x in lb]
    c, _ = generate_scene(4, width=640, height=360, n_tiles=6)
    assert not np.array_equal(a, c)


def test_render_layout_places_tiles_where_asked():
    lay = Layout(tiles=(TilePlacement("6-6", "up", (200.0, 150.0), 30.0),
                        TilePlacement(None, "down", (450.0, 200.0), 90.0),
                        TilePlacement(None, "up", (300.0, 300.0), 0.0, pips=(3, 0))),
                 style="western", colours="ivory", table="green_felt", tile_length_px=100)
    img, labels = render_layout(lay, 640, 400, seed=1)
    assert img.shape == (400, 640, 3) and img.dtype == np.uint8
    assert [lab.name for lab in labels] == ["6-6", None, None]
    assert labels[2].pips == (3, 0) and labels[1].pips is None and labels[1].face == "down"
    for lab, t in zip(labels, lay.tiles, strict=True):
        assert abs(lab.center[0] - t.centre[0]) < 1.5 and abs(lab.center[1] - t.centre[1]) < 1.5
    # the tile's pixels differ from the felt around it
    x, y = (int(v) for v in labels[0].center)
    assert np.abs(img[y, x].astype(int) - img[5, 5].astype(int)).sum() > 60


def test_hand_marks_tiles_occluded_and_background_is_fixed_by_seed():
    tiles = (TilePlacement("5-5", "up", (320.0, 200.0), 0.0),)
    free, lab_free = render_layout(Layout(tiles=tiles, noise=0), 640, 400, seed=7)
    hand, lab_hand = render_layout(Layout(tiles=tiles, hands=(HandPlacement((250.0, 200.0)),), noise=0),
                                   640, 400, seed=7)
    assert not lab_free[0].occluded and lab_hand[0].occluded and lab_hand[0].visible < 0.97
    # far from the hand the two frames are the same table
    assert np.array_equal(free[350:, 550:], hand[350:, 550:])


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 32))
def test_labels_stay_inside_the_frame(seed, n):
    img, labels = generate_scene(seed, width=480, height=320, n_tiles=n, difficulty=0.5)
    assert img.shape == (320, 480, 3)
    for lab in labels:
        assert 0 <= lab.center[0] < 480 and 0 <= lab.center[1] < 320
        assert (lab.pips is None) == (lab.face == "down")
        if lab.pips:
            assert lab.pips[0] >= lab.pips[1] >= 0


def test_sequence_has_events_in_order():
    frames = generate_sequence(5, width=480, height=270, fps=10)
    kinds = [k for f in frames for k, _ in f.events]
    assert kinds == ["appeared", "appeared", "turned", "gone", "gone"]
    assert all(b.t > a.t for a, b in zip(frames, frames[1:], strict=False))
