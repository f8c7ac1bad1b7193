"""Fifty-eighth round of 2026-11-30 (docs/vision.md, "Backs a little off their set's
backs' colour").

* BACKS_BODY 35: two backs' body colours within 35 (Lab, summed over L, a*, b*) are one
  set's backs — where backs are matched with backs (rows of backs, lone backs alike,
  specked backs).  SAME_BODY (25) before, and still where a back is matched with a face:
  a back lit a little brighter, or lying in a neighbour's shadow, fell outside its set's
  backs' colour — a lone back was dropped, a specked one read as a 1-0 —, while a face
  whose pips went unseen reads as a back a little off its faces' colour.
"""

from __future__ import annotations

import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near

# scene3d 24472: a lone back whose colour is 29 off another back's (20 in lightness)
LONE_BACK = ((839, 496), None)
# scene3d 25345: a back at the frame's top, 27 off another back's (25 darker)
TOP_BACK = ((1186, 69), None)
# scene3d 24919: a black 1-1 whose two red pips, glowing, went unseen: read as a plain back
# 32 off its faces' colour, it must not be kept as a back of their colour
UNSEEN_PIPS = (379, 160)


def test_a_back_a_little_off_its_sets_colour_is_read():
    labels, tl, rs = read_scene3d(24472)
    assert_read_right(labels, tl, rs, [LONE_BACK])


def test_at_the_old_colour_tolerance_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "BACKS_BODY", R.SAME_BODY, 24472, *LONE_BACK)


def test_another_such_back_is_read_and_lost_at_the_old_tolerance(monkeypatch):
    labels, tl, rs = read_scene3d(25345)
    assert_read_right(labels, tl, rs, [TOP_BACK])
    assert_lost_with_rule_off(monkeypatch, "BACKS_BODY", R.SAME_BODY, 25345, *TOP_BACK)


def test_a_face_whose_pips_went_unseen_is_not_kept_as_a_back():
    _labels, tl, rs = read_scene3d(24919)
    assert not sure_near(rs, UNSEEN_PIPS, 0.25 * tl)


def test_with_the_wider_tolerance_for_faces_too_it_would_be(monkeypatch):
    # (the guard: backs are matched with faces at SAME_BODY, not BACKS_BODY)
    monkeypatch.setattr(R, "SAME_BODY", R.BACKS_BODY)
    _labels, tl, rs = read_scene3d(24919)
    assert sure_near(rs, UNSEEN_PIPS, 0.25 * tl)


def test_the_tolerances_are_summed_over_lightness_and_colour():
    black = np.array([20.0, 130.0, 125.0])
    assert R._same_body(black, black + [20.0, 5.0, 0.0])
    assert not R._same_body(black, black + [30.0, 0.0, 0.0])  # a face's colour: SAME_BODY
    assert R._same_body(black, black + [30.0, 0.0, 0.0], R.BACKS_BODY)  # a back lit brighter
    assert R._same_body(black, black + [20.0, 5.0, -5.0], R.BACKS_BODY)
    assert not R._same_body(black, black + [30.0, 5.0, 5.0], R.BACKS_BODY)  # 40 in all
    assert not R._same_body(black, np.array([230.0, 128.0, 128.0]), R.BACKS_BODY)  # a white face
