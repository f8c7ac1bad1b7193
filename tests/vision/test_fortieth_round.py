"""Fortieth round of 2026-11-28 (docs/vision.md, "Backs of a busy cloth's own colour found
by their smoothness").

A back of the cloth's own colour (blue backs on blue gingham, wooden backs on wood) differs
from the cloth in neither lightness nor colour; only in being smooth where the cloth is
busy.  On a busy cloth (the median local spread of L*, a*, b* at SMOOTH_TABLE or more) the
smooth part is a last mask (SMOOTH_CHAN), whose blobs are proposed only in a tile's shape
and only where no other mask proposed anything.
"""

from __future__ import annotations

import cv2
import numpy as np

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d


def _checked_cloth(h: int = 360, w: int = 640, cell: int = 4) -> np.ndarray:
    """A blue and brown checked cloth at the working size, as a BGR image (cells smaller
    than the smoothness window: no window lies within one)."""
    yy, xx = np.mgrid[0:h, 0:w]
    odd = ((yy // cell) + (xx // cell)) % 2 == 1
    img = np.empty((h, w, 3), np.uint8)
    img[odd] = (200, 120, 40)  # blue
    img[~odd] = (40, 50, 120)  # brown
    return img


def _smooth_mask(img: np.ndarray) -> np.ndarray | None:
    chans = [c for c in R._channels(img, R.TileSetParams()) if c[0] == R.SMOOTH_CHAN]
    if not chans:
        return None
    [(_, ch, levels, ttype)] = chans
    return cv2.threshold(ch, levels[0], 255, ttype)[1]


def test_a_back_of_the_checks_own_colour_is_smooth_on_a_busy_cloth():
    img = _checked_cloth()
    # a back of the checks' blue, 100 x 44 px, its edges on no cell's edge
    img[103:147, 203:303] = (200, 120, 40)
    m = _smooth_mask(img)
    assert m is not None, "a checked cloth is busy: the smooth mask is made"
    inside = m[110:140, 210:296]
    assert cv2.countNonZero(inside) == inside.size  # the back's top: smooth throughout
    cloth = m[250:350, 400:600]
    assert cv2.countNonZero(cloth) < 0.02 * cloth.size  # the checks: not smooth
    # one blob of the back's size and shape (the window's reach over the rim given back)
    cs, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    big = [c for c in cs if cv2.contourArea(c) > 1000]
    assert len(big) == 1
    (_, _), (a, b), _ = cv2.minAreaRect(big[0])
    assert 90 <= max(a, b) <= 102 and 34 <= min(a, b) <= 46


def test_no_smooth_mask_on_a_plain_cloth():
    img = np.full((360, 640, 3), (60, 110, 40), np.uint8)
    img[103:147, 203:303] = (200, 200, 200)
    assert _smooth_mask(img) is None


def test_the_smooth_blobs_are_proposed_only_where_nothing_else_was():
    # scene3d 26134: the blue backs on blue gingham are proposed from the smooth mask, each
    # in a tile's shape; the faces, found by other masks, are not proposed from it again
    from vision.bench import _frame

    img, labels, _ = _frame("scene3d", 26134, 1280, 720, 24)
    s = R.WORK_MAX / 1280
    small = cv2.resize(img, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    cands = R._proposals(small, R.TileSetParams(), None)
    smooth = [c for c in cands if c.source.startswith(R.SMOOTH_CHAN)]
    assert smooth, sorted({c.source.split("@")[0] for c in cands})
    for c in smooth:
        assert c.fill >= R.SMOOTH_FILL
        lo, sh = max(c.rect[1]), min(c.rect[1])
        assert R.SMOOTH_ASPECT[0] <= lo / sh <= R.SMOOTH_ASPECT[1]
    for lab in labels:
        cx, cy = lab["center"][0] * s, lab["center"][1] * s
        near_smooth = [c for c in smooth if np.hypot(c.rect[0][0] - cx, c.rect[0][1] - cy) < 8]
        if lab["face"] == "up":
            assert not near_smooth, lab
    backs = [lab for lab in labels if lab["face"] == "down"]
    found = [lab for lab in backs if any(np.hypot(c.rect[0][0] - lab["center"][0] * s,
                                                  c.rect[0][1] - lab["center"][1] * s) < 8 for c in smooth)]
    assert len(found) >= 6, (len(found), len(backs))


def test_blue_backs_on_blue_gingham_are_read():
    # scene3d 26134: ten blue backs on a blue and brown gingham, none proposed before
    labels, tl, rs = read_scene3d(26134)
    assert_read_right(labels, tl, rs, [((270, 381), None), ((707, 317), None), ((503, 500), None),
                                       ((583, 386), None), ((142, 506), None), ((181, 646), None)])


def test_wooden_backs_on_wood_are_read():
    # scene3d 23156: wooden backs on a wooden table, its grain busier than their tops
    labels, tl, rs = read_scene3d(23156)
    assert_read_right(labels, tl, rs, [((883, 348), None)])
