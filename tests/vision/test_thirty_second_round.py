"""Thirty-second round of 2026-11-28 (docs/vision.md, "A speck in the outline's corner, a
pip with the grain run into it, a blank half beside no die layout"): confident wrong
readings found on a fresh range of scene3d frames (25030-25229), each fixed where the
tile's pips are seen whole."""

from __future__ import annotations

from .scenes import assert_read_right, read_scene3d, sure_near


def test_a_speck_in_the_outlines_corner_is_no_pip():
    # 25048: an orange Chinese 1-1, its big red pips with highlights; a speck of the tile's
    # dark side in a corner of the outline (55 pixels, the pips 300) was counted with the
    # pip of its half — 1-1 read 2-1 at 0.97.  A spot in a corner of the outline smaller
    # than CORNER_SPECK of the pips' median area is no pip (25014's 1-1 read so too)
    assert_read_right(*read_scene3d(25048, 24), (((784, 68), [1, 1]),))
    assert_read_right(*read_scene3d(25014, 24), (((934, 196), [1, 1]),))
