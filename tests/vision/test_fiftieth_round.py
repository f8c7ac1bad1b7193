"""Fiftieth round of 2026-11-30 (docs/vision.md, "Blobs that fill less than half their
rectangle; faces seen by their edges whose pips ran together").

A blob of a mask that is not one clean tile is cut along strong edges and looked at again;
one that filled less than half of its rectangle was passed over as table texture.  Tiles
of one colour lying against another's side and shadow make an L or a bent row that fills
as little: such blobs are now looked at from PENDING_FILL (0.4) of their rectangle.  A
face outlined by the edges' mask (or a piece of a group so outlined) must read whole; one
of EDGE_RUN_PIPS (6) pips or more whose only fault is pips counted as run together
(quality down to EDGE_RUN_Q) is now kept.
"""

from __future__ import annotations

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near


def test_tiles_in_a_thin_blob_are_read():
    # scene3d 26318: a 6-1 and a 6-4 whose every mask's blob held more than them, filling
    # under half its rectangle
    labels, tl, rs = read_scene3d(26318)
    assert_read_right(labels, tl, rs, [((1082, 160), (6, 1)), ((1156, 179), (6, 4))])


def test_the_lower_fill_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "PENDING_FILL", 0.5, 26318, (1082, 160), (6, 1))


def test_tiles_seen_by_their_edges_with_pips_run_together_are_read():
    # scene3d 24466: three Western tiles side by side on cream, split at their seams (the
    # edges' mask), each with a pip beside its brass spinner counted as two run together
    labels, tl, rs = read_scene3d(24466)
    assert_read_right(labels, tl, rs, [((553, 257), (6, 4)), ((512, 295), (6, 5)), ((477, 338), (6, 3))])


def test_the_run_together_allowance_found_them(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "EDGE_RUN_PIPS", 0, 24466, (512, 295), (6, 5))


def test_a_loose_plain_back_is_read_with_the_rule_on(monkeypatch):
    # scene3d 26064: a red back with its cream side on green cloth, outlined only as a loose
    # face (its blob cut along the edges from the side's); read as a plain back, it is
    # kept as the backs on their own outlines are (_backs_in_rows, _back_pairs, _lone_backs)
    # — with REST_BACKS on (switched off that round for false tiles on the held-out 960000;
    # on again since the fifty-first round, with REST_NOT_TABLE)
    monkeypatch.setattr(R, "REST_BACKS", 2)
    labels, tl, rs = read_scene3d(26064)
    assert_read_right(labels, tl, rs, [((248, 140), None)])
    assert_lost_with_rule_off(monkeypatch, "REST_BACKS", 0, 26064, (248, 140), None)


def test_a_tiles_shadow_is_no_back(monkeypatch):
    # scene3d 24249: the shadow of a black 5-5 on wood, outlined as a loose face beside it,
    # reads as a plain back of the wood's colour darkened; without the shadow test it is
    # a false tile (REST_BACKS on)
    monkeypatch.setattr(R, "REST_BACKS", 2)
    labels, tl, rs = read_scene3d(24249)
    assert not sure_near(rs, (511, 644), 0.25 * tl)
    monkeypatch.setattr(R, "SHADOW_CHROMA", 0)
    labels, tl, rs = read_scene3d(24249)
    assert sure_near(rs, (511, 644), 0.25 * tl)
