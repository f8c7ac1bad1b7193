"""Correctness checks on a handful of fixed scenes (speed is measured by the benchmark)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.tiles import Tile
from vision.evaluate import score_frame
from vision.params import TileSetParams
from vision.recognizer import TileReading, recognize
from vision.scene import ClutterPlacement, HandPlacement, Layout, TilePlacement, generate_scene, render_layout


def _near(readings, xy, r=30):
    return [t for t in readings if math.hypot(t.center[0] - xy[0], t.center[1] - xy[1]) < r]


def _row(names, style="chinese", colours="black", table="green_felt", **kw):
    tiles = tuple(TilePlacement(n, "up", (140.0 + 150 * (i % 6), 120.0 + 180 * (i // 6)), 15.0 * i)
                  for i, n in enumerate(names))
    return Layout(tiles=tiles, style=style, colours=colours, table=table, tile_length_px=100, **kw)


@pytest.mark.parametrize(("style", "colours", "table"), [
    ("chinese", "black", "green_felt"), ("chinese", "ivory", "dark_wood"),
    ("western", "ivory", "blue_felt"), ("western", "black", "light_wood"),
])
def test_reads_every_distinct_tile(style, colours, table):
    names = [t.name for t in sorted(set(Tile.parse(n) for n in (
        "6-6 1-1 4-4 3-1 5-5 3-3 2-2 6-5 6-4 6-1 5-1 6-3 5-4 6-2 5-3 5-2 4-3 4-2 4-1 3-2 2-1").split()))]
    for chunk in (names[:12], names[12:]):
        img, labels = render_layout(_row(chunk, style, colours, table), 960, 540, seed=11)
        readings = recognize(img)
        sc = score_frame(readings, labels, 100)
        assert sc.identity_ok == len(labels), sc.errors
        assert sc.false_tiles == 0
        for r in readings:
            assert r.name == Tile(*r.pips).name and not r.uncertain


def test_names_come_with_corners_and_json_contract():
    img, _ = render_layout(_row(["6-6", "2-1"]), 640, 360, seed=2)
    readings = recognize(img)
    assert {r.name for r in readings} == {"6-6", "2-1"}
    for r in readings:
        d = r.to_json()
        assert set(d) == {"face", "pips", "name", "center", "corners", "confidence", "uncertain"}
        assert len(d["corners"]) == 4 and 0.0 <= d["confidence"] <= 1.0
        cx = np.mean([p[0] for p in d["corners"]])
        assert abs(cx - d["center"][0]) < 1.0


def test_backs_plain_and_spotted_are_face_down_never_a_three():
    for back in ("plain", "spots"):
        for colours in ("black", "ivory"):
            tiles = tuple(TilePlacement(None, "down", (150.0 + 170 * i, 200.0), 40.0 * i) for i in range(4))
            lay = Layout(tiles=tiles, back=back, colours=colours, table="blue_felt", tile_length_px=100)
            img, labels = render_layout(lay, 800, 400, seed=3)
            readings = recognize(img)
            assert len(readings) == 4, (back, colours)
            assert all(r.face == "down" and r.pips is None and r.name is None for r in readings), (back, colours)


def test_western_blank_half_is_zero_and_not_a_tien_gow_name():
    tiles = (TilePlacement(None, "up", (200.0, 200.0), 20.0, pips=(3, 0)),
             TilePlacement(None, "up", (450.0, 200.0), 100.0, pips=(0, 0)),
             TilePlacement("4-2", "up", (650.0, 200.0), 0.0))
    img, _ = render_layout(Layout(tiles=tiles, style="western", colours="ivory", table="dark_felt",
                                  tile_length_px=110), 800, 400, seed=4)
    readings = recognize(img)
    got = {tuple(r.pips): r.name for r in readings}
    assert got == {(3, 0): None, (0, 0): None, (4, 2): "4-2"}
    # (sure: a blank half is unsure only among Chinese tiles, which have none)
    assert not any(r.uncertain for r in readings)


def test_touching_tiles_are_separate():
    L = 100.0
    W = L / 2.5
    tiles = tuple(TilePlacement(n, "up", (300.0 + i * (W + 0.5), 220.0), 90.0)
                  for i, n in enumerate(["6-6", "5-5", "4-4", "2-1"]))
    img, labels = render_layout(Layout(tiles=tiles, colours="ivory", table="dark_wood", tile_length_px=L),
                                700, 440, seed=5)
    sc = score_frame(recognize(img), labels, L)
    assert sc.identity_ok >= 3 and sc.false_tiles == 0, sc.errors


def test_clutter_is_not_a_tile():
    clutter = (ClutterPlacement("cup", (150.0, 150.0)), ClutterPlacement("chip", (500.0, 120.0)),
               ClutterPlacement("coin", (600.0, 300.0)), ClutterPlacement("pen", (150.0, 330.0), 20.0),
               ClutterPlacement("card", (400.0, 320.0), 10.0))
    lay = Layout(tiles=(TilePlacement("5-3", "up", (330.0, 170.0), 70.0),), clutter=clutter, tile_length_px=90)
    img, _ = render_layout(lay, 700, 440, seed=6)
    readings = [r for r in recognize(img) if not r.uncertain]
    assert [r.name for r in readings] == ["5-3"]


def test_tile_under_a_hand_is_occluded_not_guessed():
    tiles = (TilePlacement("6-5", "up", (330.0, 220.0), 0.0), TilePlacement("3-1", "up", (560.0, 220.0), 90.0))
    hand = HandPlacement((250.0, 235.0), angle=0.0)
    img, labels = render_layout(Layout(tiles=tiles, hands=(hand,), colours="black", table="green_felt",
                                       tile_length_px=100), 700, 440, seed=8)
    assert labels[0].occluded and not labels[1].occluded
    readings = recognize(img)
    for r in _near(readings, labels[0].center, 45):
        assert r.uncertain and r.name is None
    assert [r.name for r in _near(readings, labels[1].center)] == ["3-1"]


def test_calibrated_params_and_style_are_accepted():
    img, labels = render_layout(_row(["5-4", "6-2"], style="western", colours="ivory"), 640, 360, seed=9)
    p = TileSetParams(style="western", body_bgr=(185, 225, 238), tile_length_px=100)
    assert sorted(r.name for r in recognize(img, p)) == ["5-4", "6-2"]
    assert sorted(r.name for r in recognize(img, style="western")) == ["5-4", "6-2"]


def test_bad_inputs():
    assert recognize(np.zeros((50, 60, 3), np.uint8)) == []
    assert recognize(np.full((100, 100), 128, np.uint8)) == []
    with pytest.raises(ValueError):
        recognize(None)


def test_generated_scenes_mostly_right():
    """A few mixed scenes (seeds the bench does not use): a loose floor, not the target."""
    right = total = false = 0
    for seed in (101, 102, 103, 104):
        img, labels = generate_scene(seed, n_tiles=12, difficulty=0.6)
        sc = score_frame(recognize(img), labels, 90)
        right += sc.identity_ok
        total += sc.tiles
        false += sc.false_tiles
    assert total > 30
    assert right / total >= 0.7, (right, total)
    assert false <= 2


def test_reading_is_a_frozen_value():
    r = TileReading("up", (6, 6), "6-6", (1.0, 2.0), ((0, 0), (1, 0), (1, 1), (0, 1)), 0.9, False)
    with pytest.raises(AttributeError):
        r.name = "1-1"


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 90), st.integers(1, 160), st.integers(0, 2**31 - 1), st.sampled_from(["noise", "flat", "blocks"]))
def test_any_image_gives_readings_not_an_exception(h, w, seed, kind):
    rng = np.random.default_rng(seed)
    if kind == "noise":
        img = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    elif kind == "flat":
        img = np.full((h, w, 3), int(rng.integers(0, 256)), np.uint8)
    else:
        img = np.zeros((h, w, 3), np.uint8)
        for _ in range(8):
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            img[y : y + int(rng.integers(2, 40)), x : x + int(rng.integers(2, 80))] = rng.integers(0, 256, 3)
    out = recognize(img)
    assert isinstance(out, list)
    for r in out:
        assert 0.0 <= r.confidence <= 1.0 and r.face in ("up", "down")
