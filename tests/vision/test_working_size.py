"""The recognizer at other working sizes: a rectangle fitted to a checked cloth's model
once grew out of its crop (2026-11-25, fourth round; docs/vision.md, "Fourth round")."""

from __future__ import annotations

import vision.recognizer as R
from vision.scene import render_layout, scene_layout


def test_a_tile_fitted_on_a_checked_cloth_stays_inside_its_crop(monkeypatch):
    # scene seed 265 read at a working size of 800 px: in _pattern_rects a side drawn in
    # past the covered parts gave a negative share of the excess to trim, which pushed the
    # opposite side out of the crop (IndexError on the crop's integral image)
    layout = scene_layout(265, 1280, 720, n_tiles=14)
    img, labels = render_layout(layout, 1280, 720, seed=265)
    monkeypatch.setattr(R, "WORK_MAX", 800)
    readings = R.recognize(img)
    assert len(readings) >= 7
    assert all(0 <= r.center[0] < 1280 and 0 <= r.center[1] < 720 for r in readings)
