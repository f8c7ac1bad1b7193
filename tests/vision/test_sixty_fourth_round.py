"""Sixty-fourth round of 2026-12-02 (docs/vision.md, "A big red pip under the level; a back
in a tie").

* RED_WEAK 0.5 (RED_WEAK_LEAST 0.2, RED_WEAK_MOST 0.6, RED_WEAK_DARK 50, RED_WEAK_A 30): on
  a light face of dark pips, a red pip whose response stays under the level the black pips
  set (a big red 1: flat inside, it responds at its rim only) is a pip when its red pixels
  make one round, solid blob clear of the outline's edges, much darker and much redder
  than the body.
* TIE_WHOLE 1: of the ways of a group that read clean and as well, the same pieces cut a
  little apart, the one with more pieces read whole than any other is taken when every
  other way names no tile it does not (a piece read as a plain back where another cut of it
  reads a whole face saw no pips for its cut; a piece read as another face is not settled
  so).
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_read_by_rule, assert_read_right, read_scene3d, sure_at


def test_a_big_red_one_under_the_level_is_a_pip(monkeypatch):
    # scene3d 33497: a row end to end of a 5-1, a 2-2 and a 2-1, white Chinese tiles whose
    # big red 1s responded at their rims only, under the level of the black pips: read
    # 5-0, 2-2, 2-0 and the row dropped
    cases = [((428, 403), (5, 1)), ((511, 413), (2, 2)), ((593, 421), (2, 1))]
    assert_read_by_rule(monkeypatch, 33497, cases, "RED_WEAK", 0)


def test_an_amber_backs_mottle_is_no_red_pip(monkeypatch):
    # scene3d 33592 and 33685: amber backs mottled with redder patches, 20 levels darker than
    # the body and 15 redder: backs for sure — and not without RED_WEAK_DARK and RED_WEAK_A
    for seed, point in ((33592, (806, 320)), (33685, (154, 68))):
        sure = sure_at(seed, point)
        assert len(sure) == 1 and sure[0].face == "down", (seed, sure)
    monkeypatch.setattr(R, "RED_WEAK_DARK", 0)
    monkeypatch.setattr(R, "RED_WEAK_A", 0)
    assert not any(r.face == "down" for r in sure_at(33592, (806, 320)))


def test_a_weak_red_pip_is_added_only_when_darker_and_redder():
    lab = np.full((48, 110, 3), (235, 128, 130), np.uint8)  # a white body
    lab[8:16, 8:16] = (40, 128, 128)  # a black pip, found at the level
    bw = np.zeros((48, 110), np.uint8)
    bw[8:16, 8:16] = 255
    resp = np.zeros_like(bw)
    inner = np.full_like(bw, 255)
    cv2.circle(lab, (80, 24), 12, (140, 172, 160), -1)  # a big red pip
    cv2.circle(resp, (80, 24), 12, 45, 2)  # its weak rim
    out = R._weak_red_pips(bw, resp, lab, None, 235.0, 128.0, inner, 57.0, 48, 110, 4)
    assert out[24, 80] == 255 and out[12, 12] == 255
    # a blob at the edge of the outline (the cloth beyond it) is not taken
    lab2 = np.full((48, 110, 3), (235, 128, 130), np.uint8)
    cv2.circle(lab2, (104, 24), 12, (140, 172, 160), -1)
    resp2 = np.zeros_like(bw)
    cv2.circle(resp2, (104, 24), 12, 45, 2)
    assert R._weak_red_pips(bw, resp2, lab2, None, 235.0, 128.0, inner, 57.0, 48, 110, 4)[24, 100] == 0
    # a red patch only a little darker than the body (an amber back's mottle) is not taken
    lab3 = np.full((48, 110, 3), (220, 130, 160), np.uint8)
    cv2.circle(lab3, (60, 24), 6, (200, 146, 165), -1)
    resp3 = np.zeros_like(bw)
    cv2.circle(resp3, (60, 24), 6, 45, -1)
    assert R._weak_red_pips(bw, resp3, lab3, None, 220.0, 130.0, inner, 57.0, 48, 110, 4)[24, 60] == 0


def test_a_tie_goes_to_the_way_with_more_faces_read_whole(monkeypatch):
    # scene3d 33497: four tiles side by side, a 3-1, a 4-1, a 2-2 and a 6-1; two cuts 2 px
    # apart read clean, one with the 6-1 read whole, the other with it a plain back (0.87)
    # — taken first, the 6-1 was reported a back
    assert_read_by_rule(monkeypatch, 33497, [((971, 420), (6, 1))], "TIE_WHOLE", 0)


def test_a_tie_between_two_faces_is_not_settled_by_wholeness():
    # scene3d 24765: a 6-5 beside a 5-5, cut two ways 3 px apart: the 6-5 read 6-5 (not
    # whole, 0.78) one way and 6-2 whole the other.  The way with more faces whole names a
    # tile the other does not: the tie stands as before, and the 6-5 is read right
    labels, tl, rs = read_scene3d(24765)
    assert_read_right(labels, tl, rs, [((166, 313), (6, 5))])
