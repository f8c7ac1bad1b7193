"""Ninth round of 2026-11-26 (docs/vision.md, "A back beside a face of two or three pips,
blank halves without a bar"): each scene test fails on the code before its change (the
others guard the helpers)."""

from __future__ import annotations

from .scenes import assert_read_right, read_scene3d


def test_a_back_touching_a_face_of_two_or_three_pips_is_read():
    # scene3d 950087 / 950118 / 951101 / 951194: a face-down tile touching a 1-1 or a 2-1 — a group
    # whose way of two pieces read right (a back and a clean 1-1) was dropped, since backs
    # stood only beside a face read whole, of four pips or more (a cup's dark inside cut in
    # three reads as 1-1, back, back)
    assert_read_right(*read_scene3d(950087, 25), (((881, 434), None), ((916, 451), [1, 1])))
    assert_read_right(*read_scene3d(950118, 21), (((617, 519), None), ((695, 556), [1, 1])))
    assert_read_right(*read_scene3d(951101, 14), (((838, 640), None), ((887, 602), [2, 1])))
    assert_read_right(*read_scene3d(951194, 22), (((1070, 91), [1, 1]), ((1109, 75), None)))
