"""Ninth round of 2026-11-26 (docs/vision.md, "A back beside a face of two or three pips,
blank halves without a bar"): each scene test fails on the code before its change (the
others guard the helpers)."""

from __future__ import annotations

import vision.recognizer as R

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


def test_two_pips_read_whole_only_where_asked():
    # a clean 1-1 (two red pips): whole beside a back in a pair, not as a tile on its own
    # (three spots or fewer may be a spotted back seen through an outline with its shadow)
    one_one = R._Read("up", (1, 1), 2, False, 1.0, 0, False, 2)
    assert R._name_and_confidence(one_one, True)[2] >= R.FIRST_READ_CONF
    assert not R._reads_whole(one_one)
    assert R._reads_whole(one_one, R.PAIR_BACK_PIPS)
    # ... and never a face that does not name its tile by its counts (no red pips: no 1-1)
    assert not R._reads_whole(R._Read("up", (1, 1), 0, False, 1.0, 0, False, 2), R.PAIR_BACK_PIPS)
