"""Forty-first round of 2026-11-29 (docs/vision.md, "Faces of a quiet cloth's lightness found
by a lower colour level; rows with one piece over a neighbour's edge or a faint bar").

- On a table whose colour is quiet (three quarters of the frame within BGC_QUIET of it in
  a* and b*), the colour-only mask is also made at BGC_QUIET_LEVEL: cream faces on a light
  grey-green cloth differ from it by 8-10 there.
"""

from __future__ import annotations

import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def _bgc_levels(img: np.ndarray) -> list[int]:
    [levels] = [c[2] for c in R._channels(img, R.TileSetParams()) if c[0] == R.BGC_CHAN]
    return levels


def test_a_quiet_table_gets_the_lower_colour_level():
    rng = np.random.default_rng(7)
    # a light grey-green cloth, its lightness noisy (a weave) but its colour quiet
    img = np.empty((360, 640, 3), np.uint8)
    img[:] = (185, 205, 180)
    img = np.clip(img.astype(int) + rng.integers(-12, 13, (360, 640, 1)), 0, 255).astype(np.uint8)
    img[150:190, 250:340] = (200, 215, 220)  # a cream face
    assert _bgc_levels(img) == [R.BGC_LEVEL, R.BGC_QUIET_LEVEL]


def test_a_cloth_of_many_colours_keeps_one_colour_level():
    rng = np.random.default_rng(7)
    # a cloth whose colour itself varies from pixel to pixel (a tweed): the lower level
    # would take in the cloth
    img = np.empty((360, 640, 3), np.uint8)
    img[:] = (110, 140, 170)
    img = np.clip(img.astype(int) + rng.integers(-14, 15, (360, 640, 3)), 0, 255).astype(np.uint8)
    assert _bgc_levels(img) == [R.BGC_LEVEL]


def test_cream_faces_on_a_grey_green_cloth_are_read():
    # scene3d 26171: cream faces on a light grey-green cloth printed with dark diamonds;
    # the 6-3 was proposed only in parts before
    labels, tl, rs = read_scene3d(26171)
    assert_read_right(labels, tl, rs, [((737, 185), (6, 3))])

