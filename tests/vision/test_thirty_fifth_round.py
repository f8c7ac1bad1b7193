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

from .scenes import assert_read_right, near, read_scene3d


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

