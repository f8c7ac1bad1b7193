"""Forty-second round of 2026-11-29 (docs/vision.md, "A lone pip and a diagonal of pips run
together; a back beside a face in one colour-only blob").

- A face with one pip kept and, in its other half, a blob of two or three pips run together
  on a diagonal (small pips close together, blurred) counts that blob's peaks as pips when
  they are of one size, a pip's width apart, each no bigger than LONE_DIAG times the lone
  pip.  Before, such a diagonal was looked at only where two pips or more were kept, and a
  3-1 read 1-0.
- A colour-only blob holding a tile another mask found was passed over whole; what is
  left of it once that tile's outline is taken out is now proposed where it has a tile's
  shape (BGC_REST): a back of about the cloth's colour lying against a face.
"""

from __future__ import annotations

import pytest

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


@pytest.mark.parametrize("point", [(786, 62), (152, 487)])
def test_without_the_rule_the_three_ones_are_lost(point, monkeypatch):
    monkeypatch.setattr(R, "LONE_DIAG", 0)
    labels, tl, rs = read_scene3d(26218)
    with pytest.raises(AssertionError):
        assert_read_right(labels, tl, rs, [(point, (3, 1))])


@pytest.mark.parametrize("point", [(786, 62), (152, 487)])
def test_blue_three_ones_are_read(point):
    # scene3d 26218: blue tiles, white pips; each 3-1's three small white pips ran into one
    # diagonal blob and it read 1-0, unsure
    labels, tl, rs = read_scene3d(26218)
    assert_read_right(labels, tl, rs, [(point, (3, 1))])


def test_a_back_against_a_face_is_found():
    # scene3d 26247: blue backs on teal cloth; the 2-1 lies end to end with a back, and the
    # colour-only mask's blob of the two was passed over for the face in it
    labels, tl, rs = read_scene3d(26247)
    assert_read_right(labels, tl, rs, [((1050, 452), None), ((1143, 492), (2, 1))])


def test_without_the_rest_the_back_is_lost(monkeypatch):
    monkeypatch.setattr(R, "BGC_REST", False)
    labels, tl, rs = read_scene3d(26247)
    with pytest.raises(AssertionError):
        assert_read_right(labels, tl, rs, [((1050, 452), None)])
