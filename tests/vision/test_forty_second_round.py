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
- Of equally sure readings of one tile beyond the set's allowance, one whose outline lies
  against the frame's edge goes after the others (check_set, EDGE_SET_PX); before, all
  were made unsure.
- A blob no grid of the frame's measured tile size divides is also cut, as a last resort,
  into rows of three tiles or more end to end of the nominal proportions (SCALED_END_ROW);
  those ways are only read, never sure for their seams.
"""

from __future__ import annotations

import collections
import re
from pathlib import Path

import pytest

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d


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


def test_a_reading_at_the_frames_edge_loses_the_set_tie():
    # scene3d 26222: a playing card cut by the frame's lower edge reads 1-1 as surely as
    # the two 1-1s on the table; the set holds two, and all three were made unsure
    labels, tl, rs = read_scene3d(26222)
    assert_read_right(labels, tl, rs, [((1190, 98), (1, 1)), ((399, 365), (1, 1))])


def test_a_row_of_three_shorter_tiles_end_to_end_is_read():
    # scene3d 26231: black tiles on a dotted cloth; a row of three end to end, 95 x 16
    # working pixels, the frame's tiles measured 35.4 x 14.9 — no grid of them divides it
    labels, tl, rs = read_scene3d(26231)
    assert_read_right(labels, tl, rs, [((512, 192), (6, 6)), ((507, 250), (6, 1))])


@pytest.mark.parametrize("constant, off, seed, point, pips", [
    ("BGC_REST", False, 26247, (1050, 452), None),
    ("EDGE_SET_PX", 0, 26222, (1190, 98), (1, 1)),
    ("SCALED_END_ROW", 0, 26231, (512, 192), (6, 6)),
])
def test_with_the_rule_off_the_tile_is_lost(constant, off, seed, point, pips, monkeypatch):
    # each tile above is read only thanks to its rule: with it off, it is not read for sure
    if constant == "SCALED_END_ROW":
        # (since the fifty-sixth round a row end to end of short tiles is also cut by its own
        # length, END_ROW_SHORT, which reads 26231's three tiles too: off as well)
        monkeypatch.setattr(R, "END_ROW_SHORT", 0)
    assert_lost_with_rule_off(monkeypatch, constant, off, seed, point, pips)


@pytest.mark.parametrize("point", [(786, 62), (152, 487)])
def test_with_lone_diag_off_a_blue_three_one_is_lost(point, monkeypatch):
    # since the forty-sixth round a blue face's redness is measured on a* only where the hue
    # is not blue (BLUE_BODY): the 3-1s' pips no longer run together there, and they are read
    # without LONE_DIAG too.  With that off, as these faces were read in this round, the
    # 3-1s are read only thanks to LONE_DIAG
    monkeypatch.setattr(R, "BLUE_BODY", 10_000)
    labels, tl, rs = read_scene3d(26218)
    assert_read_right(labels, tl, rs, [(point, (3, 1))])
    assert_lost_with_rule_off(monkeypatch, "LONE_DIAG", 0, 26218, point, (3, 1))


def test_no_constant_of_the_recognizer_is_set_twice():
    # a constant added under a name already taken further down (LONE_OFF, this round) is
    # silently overwritten there: the rule runs with the other value
    src = Path(R.__file__).read_text()
    names = collections.Counter(re.findall(r"^([A-Z][A-Z0-9_]*) = ", src, re.M))
    assert [k for k, v in names.items() if v > 1] == []
