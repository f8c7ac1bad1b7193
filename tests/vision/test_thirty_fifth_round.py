"""Thirty-fifth round of 2026-11-28 (docs/vision.md, "A row whose one piece shows its bar
right across; a tile joined to the cloth's spots").

A row of Western tiles side by side, cut right, can have one piece whose bar reads as
running from edge to edge (its outline takes in a strip of shadow past the tile's end);
the way was dropped for it and the whole row missed.  Now, when every other piece of the
row reads whole with a bar that stops short of the edges, that piece is reported unsure
instead.  And a tile on a cloth with spots of its own colour, the spots touching its edge,
was one ill-filled blob with them; opened with a disc narrower than a tile and wider than a
spot, it is a tile again, read where nothing else was found.
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_read_right, near, read_scene3d, sure_near


def test_a_row_with_one_bar_through_is_read():
    # scene3d 25031: four black Western tiles side by side (5-1, 4-2, 3-1, 3-2); the 3-2's
    # piece reads its bar right across.  Before: all four missed.
    labels, tl, rs = read_scene3d(25031)
    assert_read_right(labels, tl, rs, [((218, 44), (5, 1)), ((218, 83), (4, 2)), ((218, 123), (3, 1))])
    lab, got = near(labels, rs, tl, (219, 161))
    assert got and (got[0].uncertain or sorted(got[0].pips) == sorted(lab["pips"]))


def test_only_a_bar_through_is_forgiven():
    # a bar where the frame's tiles have none, or a seam along the piece, still rejects it:
    # only the strict test (bar_through) is what the row overrides
    def piece(**kw):
        return R._Read(face="up", halves=(3, 2), red=0, quality=1.0, ambiguous_mid=0, spots_back=False, n_pips=5,
                       **kw)

    assert R._wrong_split(piece(has_bar=True, bar_through=True), True)
    assert not R._wrong_split(piece(has_bar=True, bar_through=True), True, strict=False)
    assert R._wrong_split(piece(has_bar=False, bar_through=True), True, strict=False)
    assert R._wrong_split(piece(has_bar=True, seam_along=True), True, strict=False)


def test_a_tile_joined_to_the_cloths_spots_is_found():
    # scene3d 24760: a green 5-3 on a lilac cloth with green spots, two of them touching its
    # edge.  Before: missed (the blob with the spots filled 0.64-0.77 of its rectangle).
    labels, tl, rs = read_scene3d(24760)
    assert_read_right(labels, tl, rs, [((591, 238), (5, 3))])



def test_patches_of_a_striped_cloth_are_no_lone_backs():
    # scene3d 24982: black tiles on a cloth of blue, navy and red stripes.  Two tiles freed
    # by the opening (a 4-1 and a 6-5) were the frame's first faces read whole, enough for
    # the lone backs' test: two patches of blue stripe, alike and of a tile's size, were kept
    # as backs of a colour no face has.  Tiles so freed judge nothing for the frame (aside).
    labels, tl, rs = read_scene3d(24982)
    assert_read_right(labels, tl, rs, [((1130, 543), (4, 1)), ((1235, 579), (6, 5))])
    for point in ((617, 133), (784, 578)):
        assert not sure_near(rs, point, 0.3 * tl), point
