"""Forty-third round of 2026-11-29 (docs/vision.md, "Black tiles on a saturated cloth: a
dark mask of value").

- The dark masks threshold grey; a saturated dark cloth (royal blue between bright stripes)
  is as dark in grey as a black tile, so tiles and cloth made one blob there.  A mask of
  HSV value (the largest of B, G, R) at DARK_V_LEVELS keeps the cloth out: blue is bright
  in value, black is not.
"""

from __future__ import annotations

import numpy as np
import pytest

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def test_the_value_mask_parts_black_from_saturated_blue():
    # a black tile on royal blue: as dark in grey (blue weighs 0.11 in it), far apart in value
    small = np.zeros((360, 640, 3), np.uint8)
    small[:] = (150, 40, 20)                      # BGR royal blue: grey about 46
    small[150:210, 280:400] = (25, 25, 25)        # a black tile
    chans = {c[0]: c for c in R._channels(small, R.TileSetParams(), pattern=False)}
    _, v, levels, _ = chans["darkv"]
    tile, cloth = int(v[180, 340]), int(v[20, 20])
    assert tile < min(levels) and cloth > max(levels)
    assert "darkv" in R.CLOSE_CHANS


@pytest.mark.parametrize("point, pips", [((706, 411), (4, 1)), ((578, 382), (6, 6))])
def test_black_tiles_on_blue_striped_cloth_are_read(point, pips):
    # scene3d 26269: black tiles on royal blue cloth with red, green and blue stripes; the
    # grey masks joined these two with the cloth between them, and neither was proposed
    labels, tl, rs = read_scene3d(26269)
    assert_read_right(labels, tl, rs, [(point, pips)])


def test_with_the_value_mask_off_they_are_lost(monkeypatch):
    monkeypatch.setattr(R, "DARK_V_LEVELS", ())
    labels, tl, rs = read_scene3d(26269)
    for point, pips in (((706, 411), (4, 1)), ((578, 382), (6, 6))):
        with pytest.raises(AssertionError):
            assert_read_right(labels, tl, rs, [(point, pips)])
