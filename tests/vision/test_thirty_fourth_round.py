"""Thirty-fourth round of 2026-11-28 (docs/vision.md, "Ivory under a warm light; a whole pip
in the outline's corner; an outline snapped past a row of pips").

A warm light (tungsten, a warm white balance) scales blue down: a white or pale table turns
warm, and ivory is then less far above it in warmth (green above blue) than the level the
warm mask adds above the table's own expects.  The table's own balance taken out (blue
scaled so that the table's green and blue are level), ivory stands out from it again as it
did under a white light.  A whole pip near a corner of an outline that runs on past the
tile's other end is no pip the outline cuts; and an outline snapped to the edge of a row of
pips, which lost them, gives the proposal's own whole reading back.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.params import TileSetParams
from vision.photobench import variant_labels
from vision.recognizer import WARM_BAL_CHAN, _channels, _Read, _read_tile, _refine_lost_pips, recognize
from vision.scene import Layout, TilePlacement, render_layout

NAMES = ("6-6", "5-5", "4-2", "6-5", "3-1", "6-4")


def _tungsten(img: np.ndarray, blue: float = 0.8, red: float = 1.2) -> np.ndarray:
    return np.clip(img.astype(np.float32) * np.float32([blue, 1.0, red]), 0, 255).astype(np.uint8)


def _right(readings, labels, reach: float = 40.0) -> tuple[int, int]:
    """(labels read right and sure, sure readings of another name near a label)."""
    right = wrong = 0
    for lab in labels:
        near = [r for r in readings if not r.uncertain and
                np.hypot(r.center[0] - lab.center[0], r.center[1] - lab.center[1]) < reach]
        right += any(r.name == lab.name for r in near)
        wrong += sum(r.name != lab.name for r in near)
    return right, wrong


def _cream_on_floral(cast: bool) -> tuple[np.ndarray, list]:
    tiles = tuple(TilePlacement(n, centre=(250 + 110 * i, 300 + 80 * (i % 2)), angle=20 * i)
                  for i, n in enumerate(NAMES))
    lay = Layout(tiles=tiles, style="western", colours="cream", table="floral_cloth", tile_length_px=100,
                 shadow=0.6)
    img, labels = render_layout(lay, seed=7)
    return (_tungsten(img) if cast else img), labels


def test_cream_tiles_on_a_pale_cloth_under_tungsten_are_found():
    img, labels = _cream_on_floral(cast=True)
    right, wrong = _right(recognize(img), labels)
    # (before: 3 of 6 — the 5-5, the 6-5 and the 6-6 were not found)
    assert right >= 5 and wrong == 0


def test_the_balanced_mask_is_made_only_for_a_warm_table():
    white, _ = render_layout(Layout(tiles=(TilePlacement("6-6", centre=(640, 360)),), colours="ivory",
                                    table="white_cloth"), seed=3)
    for img, made in ((white, False), (_tungsten(white), True)):
        assert any(c[0] == WARM_BAL_CHAN for c in _channels(img, TileSetParams())) is made
    # green felt is no warm table (its pixels are too dark to be judged warm): no such mask
    felt, _ = render_layout(Layout(tiles=(TilePlacement("6-6", centre=(640, 360)),), colours="ivory"), seed=3)
    assert not any(c[0] == WARM_BAL_CHAN for c in _channels(felt, TileSetParams()))


def test_a_photo_under_tungsten_light_finds_its_column(photos_dir, photo_labels):
    # jm_5: four ivory tiles end to end on pale paper; with the photo bench's "warm" white
    # balance the paper is as warm as the level above it expected ivory to be — none of the
    # four was found.  Now three are (the 3-0 at the column's end is still missed).
    entry = next(e for e in photo_labels["images"] if e["path"] == "jm_5.png")
    img = cv2.imread(str(photos_dir / "jm_5.png"))
    warm, tiles = variant_labels("warm", img, entry["tiles"])
    rs = [r for r in recognize(warm) if not r.uncertain]
    found = 0
    for t in tiles:
        near = [r for r in rs if np.hypot(r.center[0] - t["center"][0], r.center[1] - t["center"][1]) < 80]
        assert all(sorted(r.pips) == sorted(t["pips"]) for r in near)  # no wrong reading
        found += bool(near)
    assert found >= 3


def _western_4_2(end_off: float, side: float = 0.16, r: float = 0.055) -> tuple[np.ndarray, np.ndarray]:
    """An ivory Western 4-2 on a pale table, 300 px long, the 4's outer pips ``end_off`` of
    the length from its end and ``side`` of the width from its sides; and an outline that
    runs on 0.15 of a length past the other end (a lit side or halo taken in, as in jm_4)."""
    img = np.full((400, 700, 3), (205, 212, 218), np.uint8)
    x0, y0, L, W = 200, 150, 300, 150
    cv2.rectangle(img, (x0, y0), (x0 + L, y0 + W), (185, 225, 238), -1)
    cv2.line(img, (x0 + L // 2, y0 + 18), (x0 + L // 2, y0 + W - 18), (30, 30, 30), 6)
    pips = [(0.27, 0.28), (0.40, 0.72), (1 - end_off, side), (1 - end_off, 1 - side), (0.62, side), (0.62, 1 - side)]
    for fx, fy in pips:
        cv2.circle(img, (int(x0 + fx * L), int(y0 + fy * W)), int(r * L), (30, 30, 30), -1, cv2.LINE_AA)
    ext = 0.15 * L
    corners = np.float32([[x0 + L, y0 + W], [x0 - ext, y0 + W], [x0 - ext, y0], [x0 + L, y0]])
    return img, corners


def test_a_whole_pip_near_a_corner_of_the_outline_is_not_cut():
    # jm_4's 4-2: a real Western tile's corner pips lie closer to its end than the
    # generator's, and the outline ran on past its other end — a whole pip in the corner
    # was taken for one the outline cut, and the tile read unsure (2-1, 1-1) in 8 of the
    # photo bench's 13 variants
    img, corners = _western_4_2(end_off=0.07)
    rd = _read_tile(img, corners, "auto", None)
    assert rd is not None and rd.halves == (4, 2)
    assert not rd.cut_pip and rd.quality == 1.0


def test_a_pip_the_outline_cuts_through_is_still_cut():
    for end_off in (0.02, 0.03, 0.05):
        img, corners = _western_4_2(end_off=end_off)
        rd = _read_tile(img, corners, "auto", None)
        assert rd is not None and rd.cut_pip and rd.quality < 1.0


def test_jm_4_s_4_2_reads_in_the_variants_that_lost_it(photos_dir, photo_labels):
    entry = next(e for e in photo_labels["images"] if e["path"] == "jm_4.png")
    img = cv2.imread(str(photos_dir / "jm_4.png"))
    for variant in ("rot90", "noise", "jpeg40", "blur"):
        out, tiles = variant_labels(variant, img, entry["tiles"])
        t = next(t for t in tiles if sorted(t["pips"]) == [2, 4])
        near = [r for r in recognize(out) if np.hypot(r.center[0] - t["center"][0], r.center[1] - t["center"][1]) < 80]
        assert [(r.pips, r.uncertain) for r in near] == [((4, 2), False)], variant


def _rd(halves, quality=1.0, cut=False, layout=True, face="up"):
    return _Read(face, halves, 0, True, quality, 0, False, sum(halves) if halves else 0, cut_pip=cut, layout_ok=layout)


def test_an_outline_snapped_past_a_row_of_pips_keeps_the_proposal_s_reading():
    six_six, six_four = _rd((6, 6)), _rd((6, 4))
    assert _refine_lost_pips(six_six, six_four)
    # not when the proposal's own reading was not whole: a pip cut, a half in no die
    # layout, a reading of lower quality; nor when the snapped outline lost nothing
    assert not _refine_lost_pips(_rd((6, 6), cut=True), six_four)
    assert not _refine_lost_pips(_rd((6, 6), layout=False), six_four)
    assert not _refine_lost_pips(_rd((6, 6), quality=0.5), six_four)
    assert not _refine_lost_pips(six_six, _rd((6, 6)))
    assert not _refine_lost_pips(None, six_four)
    assert not _refine_lost_pips(_rd(None, face="down"), six_four)
    # nor when the proposal's reading names no Tien Gow tile: a 7 took a neighbour's pip
    # in, a blank half may be one lost (a first version: a 3-1 read 3-0 at 0.90)
    assert not _refine_lost_pips(_rd((7, 1)), _rd((6, 1)))
    assert not _refine_lost_pips(_rd((3, 0)), _rd((2, 0)))


def test_jm_5_s_6_6_brightened_is_not_read_6_4(photos_dir, photo_labels):
    # gamma 0.6: the 6-6's end snapped to the edge of its last row of pips (ivory tiles end
    # to end, their seams faint) and the face left read 6-4 at 0.88 — the photo bench's one
    # confident wrong reading
    entry = next(e for e in photo_labels["images"] if e["path"] == "jm_5.png")
    img = cv2.imread(str(photos_dir / "jm_5.png"))
    out, tiles = variant_labels("brighter", img, entry["tiles"])
    t = next(t for t in tiles if t["pips"] == [6, 6])
    near = [r for r in recognize(out) if np.hypot(r.center[0] - t["center"][0], r.center[1] - t["center"][1]) < 80]
    assert [(r.pips, r.uncertain) for r in near] == [((6, 6), False)]
