"""The second scene generator (vision.scene3d): deterministic, labels consistent with the
picture and with vision.evaluate.  Small frames keep the file fast; render time is not
asserted (see the bench)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from referee.tiles import Tile
from vision.evaluate import score_frame
from vision.scene3d import generate_scene3d

W, H = 640, 360


@pytest.fixture(scope="module")
def frames():
    """A few mixed frames (any tile count), generated once."""
    return {s: generate_scene3d(s, W, H) for s in (0, 2, 8, 21, 27, 31)}


def test_same_seed_same_image_and_labels(frames):
    img, labels, tl = generate_scene3d(2, W, H)
    img0, labels0, tl0 = frames[2]
    assert img.shape == (H, W, 3) and img.dtype == np.uint8
    assert np.array_equal(img, img0)
    assert labels == labels0 and tl == tl0


def test_different_seeds_differ(frames):
    a, b = frames[0][0], frames[2][0]
    assert np.abs(a.astype(int) - b.astype(int)).mean() > 5
    assert frames[0][1] != frames[2][1]


@pytest.mark.parametrize("n", [1, 7, 32])
def test_n_tiles_respected(n):
    img, labels, tl = generate_scene3d(100 + n, W, H, n_tiles=n)
    assert len(labels) == n and tl > 0


def test_labels_are_well_formed(frames):
    for seed, (_img, labels, tl) in frames.items():
        assert labels, seed
        longs = []
        for lab in labels:
            assert set(lab) == {"name", "pips", "face", "center", "corners", "occluded"}
            cx, cy = lab["center"]
            assert 0 <= cx < W and 0 <= cy < H, (seed, lab)
            c = np.array(lab["corners"], float)
            assert c.shape == (4, 2)
            assert (c[:, 0] >= 0).all() and (c[:, 0] < W).all() and (c[:, 1] >= 0).all() and (c[:, 1] < H).all()
            # the centre is the projected centre of the top face: the corner mean, to perspective
            assert np.hypot(*(c.mean(0) - [cx, cy])) < 1.0, (seed, lab)
            longs.append(max(np.linalg.norm(c[1] - c[0]), np.linalg.norm(c[2] - c[1])))
            assert isinstance(lab["occluded"], bool)
            if lab["face"] == "down":
                assert lab["pips"] is None and lab["name"] is None
            else:
                assert lab["face"] == "up"
                hi, lo = lab["pips"]
                assert 6 >= hi >= lo >= 0
                if lo == 0:
                    assert lab["name"] is None  # a Western blank half: not a Tien Gow tile
                else:
                    assert lab["name"] == Tile.parse(f"{hi}-{lo}").name
        assert tl == pytest.approx(float(np.median(longs)), rel=0.01)


def test_western_blank_half_is_labelled_zero(frames):
    blanks = [lab for lab in frames[21][1] if lab["pips"] and 0 in lab["pips"]]
    assert blanks
    for lab in blanks:
        assert lab["name"] is None and lab["face"] == "up" and lab["pips"][1] == 0


def test_a_hand_marks_tiles_occluded(frames):
    assert any(lab["occluded"] for lab in frames[2][1])


@dataclass
class _Reading:
    center: tuple
    face: str
    pips: tuple | None
    uncertain: bool = False
    confidence: float = 1.0


def test_a_perfect_reader_scores_perfectly(frames):
    for seed, (_img, labels, tl) in frames.items():
        readings = [_Reading(tuple(lab["center"]), lab["face"], tuple(lab["pips"]) if lab["pips"] else None)
                    for lab in labels]
        sc = score_frame(readings, labels, tl)
        assert sc.tiles == sum(not lab["occluded"] for lab in labels)
        assert sc.identity_ok == sc.tiles and sc.false_tiles == 0 and sc.perfect_frames == 1, seed


def test_tiles_are_drawn_where_the_labels_say(frames):
    """The pixels at a face-up tile's centre differ from the table around that tile."""
    checked = 0
    for seed, (img, labels, tl) in frames.items():
        f = img.astype(float)
        cs = np.array([lab["center"] for lab in labels])
        for lab in labels:
            if lab["face"] != "up" or lab["occluded"]:
                continue
            cx, cy = lab["center"]
            r = max(1, int(0.05 * tl))
            centre = f[int(cy) - r:int(cy) + r + 1, int(cx) - r:int(cx) + r + 1].reshape(-1, 3).mean(0)
            ring = []
            for a in np.linspace(0, 2 * np.pi, 48, endpoint=False):
                x, y = cx + 0.8 * tl * np.cos(a), cy + 0.8 * tl * np.sin(a)
                if not (0 <= x < W and 0 <= y < H):
                    continue
                if (np.hypot(cs[:, 0] - x, cs[:, 1] - y) < 0.75 * tl).any():  # on a tile (this or another)
                    continue
                ring.append(f[int(y), int(x)])
            if len(ring) < 6:
                continue
            table = np.median(np.array(ring), axis=0)
            assert np.abs(centre - table).sum() > 30, (seed, lab, centre, table)
            checked += 1
    assert checked >= 20


def test_a_stripe_repeat_rounded_up_to_its_period_does_not_crash():
    # seed 17404 (found by a range run of the thirteenth round): float32 rounding made
    # u mod period equal the period, one past the last band — an IndexError
    img, labels, tl = generate_scene3d(17404, 1280, 720, n_tiles=24)
    assert img.shape == (720, 1280, 3) and len(labels) == 24
