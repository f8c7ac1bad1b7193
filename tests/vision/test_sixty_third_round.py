"""Sixty-third round of 2026-12-02 (docs/vision.md, "A face beside its shadow read as a
back").

* MERGED_BACK 0.3, MERGED_BACK_GAP 80: a "back" more than this share of whose face lies
  above the level of light pips, lighter than its body by 80 levels on average, and which
  does not read as a face at the higher level either, is no sure back: an outline across
  a face and its shadow (the shadow the body, the face's light half merged "pips").  Only
  for light pips (a dark band over a back is its side) and far lighter ones (a lit side
  is a little lighter than the back).
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import sure_at


def test_a_face_beside_its_shadow_is_no_sure_back(monkeypatch):
    # scene3d 33359: a row of three white Western tiles on red cloth, their shadows to one
    # side; its 1-1 at (551, 356) was read through an outline half face, half shadow,
    # centred a quarter tile off the tile's — a back at 0.95
    point = (577, 351)
    assert not any(r.face == "down" for r in sure_at(33359, point))
    monkeypatch.setattr(R, "MERGED_BACK", 0.0)
    assert any(r.face == "down" for r in sure_at(33359, point))


def test_a_two_tone_tiles_white_side_leaves_a_sure_back(monkeypatch):
    # scene3d 6581: a dark back whose white side the outline takes in (22 % of the face,
    # 142 levels lighter): a back for sure — and not with MERGED_BACK 0.2
    sure = sure_at(6581, (1228, 50))
    assert len(sure) == 1 and sure[0].face == "down"
    monkeypatch.setattr(R, "MERGED_BACK", 0.2)
    assert not sure_at(6581, (1228, 50))


def test_a_back_with_its_dark_side_stays_a_sure_back():
    # scene3d 33328: a blue back whose dark side the outline takes in (a dark band, over
    # the MERGED_BACK share): still a back, for sure
    sure = sure_at(33328, (1201, 441))
    assert len(sure) == 1 and sure[0].face == "down"


def test_backs_with_a_lit_side_stay_sure_backs(monkeypatch):
    # scene3d 24522: green backs in a row on blue cloth, each outline taking in its lit side
    # (20-26 % of the face above the level, 25-30 levels lighter): backs, for sure — and
    # not with a lower share and without MERGED_BACK_GAP
    points = ((1010, 122), (1168, 162))
    for point in points:
        sure = sure_at(24522, point)
        assert len(sure) == 1 and sure[0].face == "down", point
    monkeypatch.setattr(R, "MERGED_BACK", 0.2)
    monkeypatch.setattr(R, "MERGED_BACK_GAP", 0)
    assert not any(sure_at(24522, p) for p in points)
