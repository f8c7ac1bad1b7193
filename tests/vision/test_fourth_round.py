"""Fourth round of 2026-11-25 (docs/vision.md, "Backs that are faces, trimmed ends, sides,
sure and unsure"): a rectangle fitted to a checked cloth's model that grew out of its crop
at another working size; pieces of a group, and tiles alone, whose outline took in the
cloth beyond an end; faces read as backs (pips of the other polarity, pips joined by a
glow); backs of a colour no face has; side bands that begin inside the outline; readings
made unsure (a blank half among Chinese tiles, pips left out or split by a highlight).
Each test fails on the code before its change, except two guards that keep a change from
going too far: a spotted back with a highlight stays a back, a row of pips along the edge
is no side band (and Western blanks stay sure: tests/vision/test_recognizer.py)."""

from __future__ import annotations

import math

import cv2
import numpy as np

import vision.recognizer as R
from vision.scene import render_layout, scene_layout
from vision.scene3d import generate_scene3d


def _at(seed: int, wants) -> list[tuple[tuple, dict, list]]:
    """scene3d ``seed`` (1280 x 720, 24 tiles) read: per point of ``wants``, the point, the
    label nearest it and the readings within a quarter tile of that label."""
    img, labels, tl = generate_scene3d(seed, 1280, 720, n_tiles=24)
    readings = R.recognize(img)
    out = []
    for want in wants:
        lab = min(labels, key=lambda la: math.dist(la["center"], want))
        out.append((want, lab, [r for r in readings if math.dist(r.center, lab["center"]) < 0.25 * tl]))
    return out


def _named(lab, got) -> bool:
    """Read sure, face up, with the label's pips."""
    return bool(got) and not got[0].uncertain and got[0].face == "up" and sorted(got[0].pips) == sorted(lab["pips"])


def _not_wrong(lab, got) -> bool:
    """Not read, unsure, or read right."""
    return not got or got[0].uncertain or (got[0].face == lab["face"] == "up" and
                                           sorted(got[0].pips) == sorted(lab["pips"])) or (
        got[0].face == lab["face"] == "down")


def _sure_back(lab, got) -> bool:
    return lab["face"] == "down" and bool(got) and got[0].face == "down" and not got[0].uncertain


def test_a_tile_fitted_on_a_checked_cloth_stays_inside_its_crop(monkeypatch):
    # scene seed 265 read at a working size of 800 px: in _pattern_rects a side drawn in
    # past the covered parts gave a negative share of the excess to trim, which pushed the
    # opposite side out of the crop (IndexError on the crop's integral image)
    layout = scene_layout(265, 1280, 720, n_tiles=14)
    img, labels = render_layout(layout, 1280, 720, seed=265)
    monkeypatch.setattr(R, "WORK_MAX", 800)
    readings = R.recognize(img)
    assert len(readings) >= 7
    assert all(0 <= r.center[0] < 1280 and 0 <= r.center[1] < 720 for r in readings)


def test_a_group_whose_outline_takes_in_the_cloth_beyond_its_last_tile_is_read():
    # scene3d seed 6228: a row of touching tiles whose outline took in some cloth beyond
    # its end; the cuts fell a little off and one piece read no tile, so the whole group was
    # dropped.  That piece, trimmed at the end that is not the tile's body, reads.
    for want, lab, got in _at(6228, ((685, 66), (649, 68))):
        assert _named(lab, got), (want, got)


def test_a_trimmed_end_is_never_the_tiles_own_body():
    # the trim is refused where the strip cut off has the body's colour (a tile's own end
    # with its end pips): an ivory tile drawn on green cloth, its outline exactly its own
    img = np.full((120, 200, 3), (40, 110, 40), np.uint8)
    cv2.rectangle(img, (40, 40), (160, 90), (200, 235, 245), -1)
    corners = np.float32([[40, 40], [160, 40], [160, 90], [40, 90]])
    body = cv2.cvtColor(np.uint8([[[200, 235, 245]]]), cv2.COLOR_BGR2Lab)[0, 0].astype(np.float64)
    for end in (0, 1):
        alt = R._trim_end(corners, end, R.TRIM_END)
        strip = (corners[3], corners[0], alt[0], alt[3]) if end == 0 else (corners[1], corners[2], alt[2], alt[1])
        assert R._body_share(img, np.float32(strip), body) > 0.9
    # and a strip beyond the tile (the outline 20 px too long) is the cloth's
    long_ = np.float32([[40, 40], [180, 40], [180, 90], [40, 90]])
    alt = R._trim_end(long_, 1, 0.1)
    assert R._body_share(img, np.float32((long_[1], long_[2], alt[2], alt[1])), body) < 0.1


def test_a_face_whose_pips_are_of_the_other_polarity_is_no_sure_back():
    # scene3d seed 6458: light green faces with white pips barely lighter than the body;
    # the polarity was chosen as dark, no pip was found and four faces read as backs at
    # 0.95 (a face called a back is hidden from the referee).  Pips of the other polarity
    # are looked for before a plain back is sure.
    for want, lab, got in _at(6458, ((331, 400), (351, 419), (284, 642), (607, 484))):
        assert lab["face"] == "up" and _not_wrong(lab, got), (want, got)


def test_a_face_read_with_the_other_polarity_names_its_tile():
    # scene3d seed 6873: two faces whose side, taken in by the outline, outweighed their
    # pips when the polarity was chosen; read again with the other polarity they name
    # (the 6-2 at (685, 451) since the forty-ninth round is read sure 15 px off its centre,
    # and again unsure at it: the first reading near it is the unsure one — see docs)
    for want, lab, got in _at(6873, ((335, 452),)):
        assert _named(lab, got), (want, got)


def test_a_spotted_back_with_a_highlight_on_a_spot_stays_a_back():
    # scene3d seed 6557: a red back whose white spots carry highlights; the spot and its
    # highlight are one spot, and two spots are no face
    [(want, lab, got)] = _at(6557, ((439, 199),))
    assert _sure_back(lab, got), got


def test_pips_merged_by_a_glow_are_read_at_a_higher_level():
    # scene3d seed 6734: two 6-6 whose pips a glow on the saturated body joined into blobs
    # too big for pips; no pip was left and both read as backs at 0.95.  Much of the face
    # above the level with no pip in it is read again at half the strongest response.
    for want, lab, got in _at(6734, ((517, 101), (518, 223))):
        assert _named(lab, got), (want, got)


def test_a_tile_with_more_pips_in_a_half_than_any_tile_is_read_trimmed():
    # scene3d seed 6361: three tiles read alone whose outline took in a spot of the cloth
    # beyond an end: 7 pips in a half, which no tile has.  Trimmed at that end, they read.
    for want, lab, got in _at(6361, ((352, 165), (986, 614), (572, 466))):
        assert _named(lab, got), (want, got)


def test_plain_backs_of_a_colour_no_face_has_are_kept_when_alike():
    # scene3d seed 6581: a set whose backs are not its faces' colour; four plain backs lying
    # alone were dropped (a lone plain back had to have a face's body colour).  Backs alike
    # in colour, size and proportions vouch for each other.
    for want, lab, got in _at(6581, ((1086, 433), (1231, 43), (148, 133), (168, 52))):
        assert _sure_back(lab, got), (want, got)


def test_a_side_band_that_begins_a_few_lines_inside_the_outline_is_trimmed():
    # scene3d seed 6453: faces whose outline begins on a line or two of table before the
    # tile's visible side; the side band was not found from the outline's edge, and the
    # side read as pips or made the face two colours.  The band may begin after up to
    # SIDE_SKIP lines.
    for want, lab, got in _at(6453, ((925, 636), (744, 603), (557, 656))):
        assert _named(lab, got), (want, got)


def test_side_bands_after_a_line_of_table():
    # a grey face (L 80) whose top 12 lines are its dark side (L 20), the outline's first
    # line on the light table (L 75, near the face's own lightness)
    L = np.full((48, 120), 80, np.uint8)
    L[1:13] = 20
    L[0] = 75
    t, b, lf, rt = R._side_bands(L, 80.0, 120, 48)
    assert t == 13 and b == 0 and lf == 0 and rt == 0


def test_a_row_of_pips_along_the_edge_is_no_side_band():
    # an ivory face (L 220) with a row of large dark pips (L 60, 14 px across, 3 px of face
    # between them: a sixth of a line is less than the gaps) two lines in from the
    # outline's edge: body between the pips, no side
    L = np.full((48, 120), 220, np.uint8)
    for x in range(0, 120, 17):
        L[2:16, x : x + 14] = 60
    assert R._side_bands(L, 220.0, 120, 48)[0] == 0


def test_a_blank_half_among_chinese_tiles_is_unsure():
    # scene3d seed 6379: Chinese tiles (no bar, no blank) three of which read with a blank
    # half — pips missed, a bar seen in their shading — at 0.66-0.72.  Where the tiles are
    # Chinese, a blank half is unsure.
    for want, lab, got in _at(6379, ((67, 498), (990, 178), (1026, 532))):
        assert _not_wrong(lab, got), (want, got)


def test_pips_run_together_and_left_out_make_a_reading_unsure():
    # scene3d seeds 6380 and 6408: blurred pips run together along a diagonal fill little of
    # their box and were left out as no pip; the rest read as a valid tile at 0.89-0.97
    # (a 5-1 as 2-1, a 6-2 as 3-2).  A strong blob of several pips' area left out inside
    # the face makes the reading unsure.
    for seed, want in ((6380, (749, 603)), (6408, (546, 454))):
        [(_, lab, got)] = _at(seed, (want,))
        assert _not_wrong(lab, got), (seed, got)


def test_a_single_pip_split_by_its_highlight_makes_a_reading_unsure():
    # scene3d seeds 6309 and 6336: big domed pips whose highlight split the peak in two;
    # each was counted as two pips run together though no bigger than the single pips
    # beside it (a 5-3 read as 6-5 at 0.82, a 2-2 as 3-2 at 0.89)
    for seed, want in ((6309, (72, 368)), (6336, (1166, 153))):
        [(_, lab, got)] = _at(seed, (want,))
        assert _not_wrong(lab, got), (seed, got)


def test_a_spotted_back_whose_red_spot_is_taken_for_a_bar_is_a_back():
    # scene3d seed 6366: spotted backs whose red middle spot and its highlight were taken
    # for a divider bar; the two white ends, one in each half on a diagonal through the
    # centre, read as a 1-1 (unsure).  No face has such a pair: a back.
    for want, lab, got in _at(6366, ((537, 400), (880, 542))):
        assert _sure_back(lab, got), (want, got)


def test_a_face_shaded_across_with_its_side_is_still_one_tile():
    # scene3d seed 6395: two faces whose outline took in their side, shaded across; more
    # than a quarter of the body was 45 levels off its median lightness and the reading
    # was dropped as two things side by side
    for want, lab, got in _at(6395, ((1184, 577), (1228, 327))):
        assert _named(lab, got), (want, got)
