"""Thirty-sixth round of 2026-11-28 (docs/vision.md, "Tiles near a tilted camera, most of
the faces read far from it").

Under a tilted camera the tiles near it look bigger.  When most of the faces read lie far
from it, a tile near it can be more than 1.55 times the median length of the faces: its
outline was set aside as a group of tiles to split, and with fewer than five faces read
whole the backs' sizes were judged against the median alone.  Now the proposals' own
perspective fit (the one that sizes the splits) judges both.
"""

from __future__ import annotations

from .scenes import assert_read_right, read_scene3d


def test_backs_near_a_tilted_camera_are_read():
    # scene3d 23462: ivory tiles on a blue cloth, the camera tilted (the tiles on the left
    # half as long again as those on the right); four faces read whole, three of them far.
    # Before: eleven of the thirteen backs missed.
    labels, tl, rs = read_scene3d(23462)
    backs = [(165, 60), (216, 176), (244, 636), (288, 292), (363, 377), (384, 101), (495, 658), (627, 156)]
    assert_read_right(labels, tl, rs, [(p, None) for p in backs])
