"""Thirty-sixth round of 2026-11-28 (docs/vision.md, "Tiles near a tilted camera, most of
the faces read far from it").

Under a tilted camera the tiles near it look bigger.  When most of the faces read lie far
from it, a tile near it can be more than 1.55 times the median length of the faces: its
outline was set aside as a group of tiles to split, and with fewer than five faces read
whole the backs' sizes were judged against the median alone.  Now the proposals' own
perspective fit (the one that sizes the splits) judges both.  And a plain back of about a
cloth colour's lightness was dropped as a patch of the cloth even when its hue was off the
cloth's: now a back off the hue (a* and b*) of a cloth of little colour by BACK_HUE is
kept (BACK_HUE_CHROMA: on a saturated cloth patches of it vary as much in hue).
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_read_right, read_scene3d, sure_near


def test_backs_near_a_tilted_camera_are_read():
    # scene3d 23462: ivory tiles on a blue cloth, the camera tilted (the tiles on the left
    # half as long again as those on the right); four faces read whole, three of them far.
    # Before: eleven of the thirteen backs missed.
    labels, tl, rs = read_scene3d(23462)
    backs = [(165, 60), (216, 176), (244, 636), (288, 292), (363, 377), (384, 101), (495, 658), (627, 156)]
    assert_read_right(labels, tl, rs, [(p, None) for p in backs])


def test_backs_off_the_cloths_hue_are_kept():
    # scene3d 25213: brown backs on a mottled tan cloth, 1.6-2.8 from the cloth's darker
    # colour in lightness, 6.4-8.5 off its hue.  Before: dropped as the cloth.
    labels, tl, rs = read_scene3d(25213)
    assert_read_right(labels, tl, rs, [((262, 204), None), ((459, 388), None), ((516, 436), None), ((521, 152), None)])


def test_patches_of_a_saturated_cloth_stay_cloth():
    # scene3d 24822: black tiles on a purple cloth with stripes (chroma 109); two patches
    # of purple between stripes read as plain backs 7.3 and 9.0 off its hue — no backs
    # (and 12834's red stripe, tests/vision/test_seventh_round.py)
    assert R._hue_gap((90, 184, 75), (0, 128, 128)) == 109
    labels, tl, rs = read_scene3d(24822)
    for point in ((58, 460), (85, 688)):
        assert not sure_near(rs, point, 0.3 * tl), point


def test_a_pair_of_backs_is_sized_where_it_lies():
    # scene3d 24669: two plain backs side by side, no face beside them, far from a tilted
    # camera: shorter than 0.92 of the faces' median.  Before: both missed.
    labels, tl, rs = read_scene3d(24669)
    assert_read_right(labels, tl, rs, [((93, 343), None), ((99, 271), None)])
