"""Learn a tile-set profile from one photo of the 32 tiles on the printed layout sheet.

The sheet (``tiengow calibrate layout-sheet``) has four ArUco markers (ids 10-13) and 32
labelled grey boxes; slot ``i`` holds the ``i``-th tile of :data:`referee.tiles.FULL_SET`.
The learner

1. finds the markers and rectifies the photo to a top-down view at ``ppm`` pixels per mm;
2. in every box, separates the tile from the grey box, measures it (mm), takes the body
   colour (median inside the tile) and finds the pips (blobs that differ from the body);
3. learns the ordinary pip colour from the tiles that have no red pips and the red pip colour
   from the 1-1 and 4-4, then classifies every pip and reads each tile (pips per half + reds);
4. checks each slot against the tile that belongs there and names those it cannot read.

The result is a :class:`~calibration.profile.TileSetParams` (``vision.params`` when present)
plus a per-slot report.  With ``cross_check`` (the CLI's default), ``vision.recognizer`` also
reads the rectified sheet with the learned parameters and with its defaults, and the number of
tiles it reads in their right places is reported (a check that the learned profile helps the
recognizer; the sheet's own reader decides what is learned).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.boards import LAYOUT, LAYOUT_A4, LayoutSpec
from calibration.geometry import detect_markers
from calibration.profile import TileSetParams

__all__ = ["learn_tileset", "LearnResult", "SlotReading", "TileLearnError", "rectify_sheet", "colour_margin",
           "delta_e", "vision_agreement", "SHEETS"]


class TileLearnError(ValueError):
    pass


@dataclass
class SlotReading:
    index: int  # 0-based
    expected: str
    read: str | None = None
    halves: tuple[int, int] | None = None
    red: int = 0
    size_mm: tuple[float, float] | None = None  # (width, length)
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem

    def describe(self) -> str:
        s = f"slot {self.index + 1} ({self.expected})"
        return f"{s}: {self.problem}" if self.problem else f"{s}: ok"


@dataclass
class LearnResult:
    params: TileSetParams
    slots: list[SlotReading]
    margin: float  # smallest colour difference (CIE76 ΔE) between body, pip and red pip
    divider_fraction: float = 0.0
    notes: list[str] = field(default_factory=list)
    vision_agreement: tuple[int, int] | None = None  # vision reads in place (learned params, defaults)

    @property
    def problems(self) -> list[SlotReading]:
        return [s for s in self.slots if not s.ok]

    @property
    def ok(self) -> bool:
        return not self.problems


def _lab(bgr) -> np.ndarray:
    px = np.uint8([[list(bgr)]])
    L, a, b = cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[0, 0].astype(float)
    return np.array([L * 100 / 255, a - 128, b - 128])


def delta_e(c1, c2) -> float:
    return float(np.linalg.norm(_lab(c1) - _lab(c2)))


def colour_margin(params: TileSetParams) -> float | None:
    cols = [c for c in (params.body_bgr, params.pip_bgr, params.red_pip_bgr) if c is not None]
    if len(cols) < 2:
        return None
    return min(delta_e(a, b) for i, a in enumerate(cols) for b in cols[i + 1:])


SHEETS: tuple[LayoutSpec, ...] = (LAYOUT, *LAYOUT_A4)


def rectify_sheet(image: np.ndarray, spec: LayoutSpec = LAYOUT, ppm: float = 4.0, K=None, dist=None,
                  found: dict | None = None) -> np.ndarray:
    """Top-down view of the layout sheet, ``ppm`` pixels per millimetre."""
    if found is None:
        found = detect_markers(image, spec.dictionary)
    found = {i: c for i, c in found.items() if i in spec.marker_ids}
    if len(found) < 3:
        table = {i: c for i, c in detect_markers(image, "DICT_4X4_50").items() if i in (0, 1, 2, 3)}
        hint = " (those are table markers, not the layout sheet's)" if table else ""
        raise TileLearnError(
            f"layout sheet not found: see {len(found)} of its 4 corner markers (ids "
            f"{', '.join(map(str, spec.marker_ids))}){hint}; print it with 'tiengow calibrate layout-sheet' "
            "and photograph the whole sheet from above"
        )
    centres = spec.marker_centres()
    src, dst = [], []
    h = spec.marker_mm / 2
    for i, c in found.items():
        cx, cy = centres[i]
        src.append(c)
        dst.append([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)])
    src_a = np.vstack(src).astype(np.float64)
    dst_a = np.vstack(dst).astype(np.float64) * ppm
    W, Hh = spec.paper_mm
    size = (int(round(W * ppm)), int(round(Hh * ppm)))
    if K is None:
        H, _ = cv2.findHomography(src_a, dst_a, 0)
        return cv2.warpPerspective(image, H, size, flags=cv2.INTER_LINEAR)
    # with intrinsics: fit on undistorted corners, then sample the original (distorted) photo
    # for every sheet pixel, so nothing near the photo's edges is cropped away
    from calibration.geometry import distort_px, undistort_px

    H, _ = cv2.findHomography(undistort_px(src_a, K, dist), dst_a, 0)
    xs, ys = np.meshgrid(np.arange(size[0], dtype=np.float64), np.arange(size[1], dtype=np.float64))
    grid = np.stack([xs.ravel(), ys.ravel()], -1).reshape(-1, 1, 2)
    und = cv2.perspectiveTransform(grid, np.linalg.inv(H)).reshape(-1, 2)
    src_px = distort_px(und, K, dist).astype(np.float32).reshape(size[1], size[0], 2)
    return cv2.remap(image, src_px[..., 0], src_px[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)


@dataclass
class _Blob:
    half: int  # 0 = left half of the canonical tile, 1 = right
    colour: np.ndarray  # BGR mean
    area: float


@dataclass
class _Slot:
    reading: SlotReading
    body: np.ndarray | None = None
    blobs: list[_Blob] = field(default_factory=list)
    divider: bool = False


def _analyse_slot(rect: np.ndarray, i: int, expected: str, spec: LayoutSpec, ppm: float) -> _Slot:
    """Slot ``i`` of sheet ``spec`` (its SlotReading carries the set-wide index)."""
    x0, y0, x1, y1 = spec.slot_box(i)
    m = 3.0  # margin around the box: tolerates rectification errors (lens distortion) of ~2 mm
    ox, oy = int(max(0.0, (x0 - m) * ppm)), int(max(0.0, (y0 - m) * ppm))
    crop = rect[oy:int((y1 + m) * ppm), ox:int((x1 + m) * ppm)]
    out = _Slot(SlotReading(spec.first_slot + i, expected))
    if crop.size == 0:
        out.reading.problem = "slot outside the photo"
        return out
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2LAB).astype(np.float32)
    # the grey of the box, from a ring 2-3.5 mm inside its nominal edge
    ring = np.zeros(crop.shape[:2], bool)
    a0, a1 = int((m + 2.0) * ppm), int((m + 3.5) * ppm)
    bx1, by1 = int((x1 - x0 + m) * ppm), int((y1 - y0 + m) * ppm)
    ring[a0:by1 - a0 + int(m * ppm), a0:bx1 - a0 + int(m * ppm)] = True
    ring[a1:by1 - a1 + int(m * ppm), a1:bx1 - a1 + int(m * ppm)] = False
    bg = np.median(lab[ring], axis=0)
    chroma = np.hypot(lab[..., 1] - 128, lab[..., 2] - 128)
    bg_chroma = float(np.hypot(bg[1] - 128, bg[2] - 128))
    # box grey, including the box in a tile's shadow (darker, same hue)
    grey = (np.linalg.norm(lab - bg, axis=2) < 20) | (
        (np.abs(chroma - bg_chroma) < 12) & (lab[..., 0] > 0.55 * bg[0]) & (lab[..., 0] < bg[0] + 20))
    grey = cv2.morphologyEx(grey.astype(np.uint8) * 255, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    cnts, _ = cv2.findContours(grey, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    # the box may be split in two by a tile touching its edges: take the hull of its parts
    parts = [c for c in cnts if cv2.contourArea(c) > 20 * ppm**2]
    hull = cv2.convexHull(np.vstack(parts)) if parts else None
    if hull is None or cv2.contourArea(hull) < 0.6 * spec.box_mm[0] * spec.box_mm[1] * ppm**2:
        out.reading.problem = "grey box not visible (covered, or the photo is too dark)"
        return out
    box = np.zeros_like(grey)
    cv2.drawContours(box, [hull], -1, 255, -1)
    mask = cv2.bitwise_and(box, cv2.bitwise_not(grey))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
    cnts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not cnts:
        out.reading.problem = "no tile seen"
        return out
    c = max(cnts, key=cv2.contourArea)
    area_mm2 = cv2.contourArea(c) / ppm**2
    if area_mm2 < 300:
        out.reading.problem = "no tile seen"
        return out
    (cx, cy), (rw, rh), ang = cv2.minAreaRect(c)
    if rw < rh:
        rw, rh, ang = rh, rw, ang + 90
    length, width = rw / ppm, rh / ppm
    out.reading.size_mm = (round(width, 1), round(length, 1))
    if length > spec.box_mm[0] - 1 or width > spec.box_mm[1] - 1:
        out.reading.problem = f"something {width:.0f} x {length:.0f} mm fills the box: a tile must lie inside it"
        return out
    # canonical upright tile: long axis along x
    L, Wd = int(round(rw)), int(round(rh))
    M = cv2.getRotationMatrix2D((cx, cy), ang, 1.0)
    M[0, 2] += L / 2 - cx
    M[1, 2] += Wd / 2 - cy
    tile = cv2.warpAffine(crop, M, (L, Wd), flags=cv2.INTER_LINEAR)
    tmask = np.zeros((Wd, L), np.uint8)
    er = max(1, int(0.10 * Wd))
    tmask[er:Wd - er, er:L - er] = 255
    tlab = cv2.cvtColor(tile, cv2.COLOR_BGR2LAB).astype(np.float32)
    inside = tmask > 0
    body_lab = np.median(tlab[inside], axis=0)
    out.body = np.median(tile[inside].astype(float), axis=0)
    dist = np.linalg.norm(tlab - body_lab, axis=2)
    vals = dist[inside]
    thr, _ = cv2.threshold(np.clip(vals, 0, 255).astype(np.uint8).reshape(-1, 1), 0, 255,
                           cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    thr = max(float(thr), 18.0)
    pm = ((dist > thr) & inside).astype(np.uint8)
    n, lbl, stats, cents = cv2.connectedComponentsWithStats(pm, connectivity=8)
    min_area = np.pi * (0.05 * Wd) ** 2
    max_area = np.pi * (0.25 * Wd) ** 2
    for j in range(1, n):
        x, y, w, h, a = stats[j]
        if a < min_area:
            continue
        if h > 0.45 * Wd and w < 0.2 * Wd:
            out.divider = True  # a bar across the middle (Western tiles)
            continue
        if a > max_area or max(w, h) > 2.2 * min(w, h):
            continue
        sel = lbl == j
        core = cv2.erode(sel.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        if core.sum() >= 4:
            sel = core
        half = 0 if cents[j][0] < L / 2 else 1
        out.blobs.append(_Blob(half, tile[sel].astype(float).mean(axis=0), float(a)))
    return out


def learn_tileset(
    images,
    layouts: tuple[LayoutSpec, ...] | None = None,
    ppm: float = 4.0,
    K=None,
    dist=None,
    back: str = "auto",
    min_read: int = 24,
    cross_check: bool = False,
) -> LearnResult:
    """Learn the tile set from photos of the laid-out sheet(s): one image or a list (the A4
    pair may be in one photo or two).  Which sheet a photo shows is told by its markers.
    Raises :class:`TileLearnError` if no sheet is found or fewer than ``min_read`` tiles can be
    seen (then the profile must not be changed); otherwise returns the parameters and names
    the slots it could not read."""
    from referee.tiles import FULL_SET, Tile, TileError

    imgs = [images] if isinstance(images, np.ndarray) else list(images)
    specs = SHEETS if layouts is None else tuple(layouts)
    by_slot: dict[int, _Slot] = {}
    rects: list[tuple[np.ndarray, LayoutSpec]] = []
    for k, img in enumerate(imgs):
        where = f"photo {k + 1}: " if len(imgs) > 1 else ""
        found = detect_markers(img, specs[0].dictionary)
        here = [sp for sp in specs if sum(i in found for i in sp.marker_ids) >= 3]
        if not here:
            best = max(sum(i in found for i in sp.marker_ids) for sp in specs)
            hint = " (those are table markers, not a layout sheet's)" if set(found) & {0, 1, 2, 3} else ""
            raise TileLearnError(
                f"{where}layout sheet not found: see {best} of its 4 corner markers{hint}; print it with "
                "'tiengow calibrate layout-sheet' and photograph the whole sheet from above"
            )
        for sp in here:
            rect = rectify_sheet(img, sp, ppm, K, dist, found)
            rects.append((rect, sp))
            for i, name in enumerate(sp.expected()):
                g = sp.first_slot + i
                if g not in by_slot or by_slot[g].body is None:
                    by_slot[g] = _analyse_slot(rect, i, name, sp, ppm)
    names = [t.name for t in FULL_SET]
    used = {sp for _, sp in rects}
    family = [sp for sp in specs if any(sp.paper_mm == u.paper_mm for u in used)]
    absent = [sp for sp in family if sp not in used]
    slots = []
    for g, name in enumerate(names):
        if g not in by_slot:
            sheet = next((sp.title for sp in absent if sp.first_slot <= g < sp.first_slot + sp.n_slots), None)
            why = f"its sheet ({sheet}) is in no photo" if sheet else "not on any sheet photographed"
            by_slot[g] = _Slot(SlotReading(g, name, problem=why))
        slots.append(by_slot[g])
    seen = [s for s in slots if s.body is not None]
    if len(seen) < min_read:
        lead = ""
        if absent:
            lead = "; ".join(f"no photo of layout sheet {sp.title} (slots {sp.first_slot + 1}-"
                             f"{sp.first_slot + sp.n_slots})" for sp in absent) + "; "
        raise TileLearnError(
            f"{lead}only {len(seen)} of 32 tiles seen on the layout sheet (need {min_read}); "
            + "; ".join(s.reading.describe() for s in slots if s.body is None)[:300]
        )
    body = np.median(np.array([s.body for s in seen]), axis=0)
    plain = [b.colour for s in seen for b in s.blobs
             if Tile.parse(s.reading.expected).red_pips == 0]
    reds = [b.colour for s in seen for b in s.blobs if s.reading.expected in ("1-1", "4-4")]
    if len(plain) < 10 or len(reds) < 4:
        raise TileLearnError(
            f"could not learn the pip colours (ordinary pips seen {len(plain)}, red pips {len(reds)}): "
            "is the light even and the sheet in focus?"
        )
    pip = np.median(np.array(plain), axis=0)
    red = np.median(np.array(reds), axis=0)
    pip_lab, red_lab = _lab(pip.round().astype(int)), _lab(red.round().astype(int))
    # read every slot
    widths, lengths = [], []
    for s in slots:
        rd = s.reading
        if s.body is None:
            continue
        counts = [0, 0]
        nred = 0
        for b in s.blobs:
            lab = _lab(np.clip(b.colour.round(), 0, 255).astype(int))
            is_red = np.linalg.norm(lab - red_lab) < np.linalg.norm(lab - pip_lab)
            nred += int(is_red)
            counts[b.half] += 1
        hi, lo = max(counts), min(counts)
        rd.halves = (hi, lo)
        rd.red = nred
        try:
            t = Tile(hi, lo)
            rd.read = t.name
        except TileError:
            t = None
            rd.read = None
        exp = Tile.parse(rd.expected)
        if t is None:
            rd.problem = f"cannot read it (sees {counts[0]} + {counts[1]} pips, {nred} red)"
        elif t != exp:
            rd.problem = f"reads as {t.name} ({nred} red pips), not {exp.name}: wrong tile here or unreadable"
        elif nred != exp.red_pips:
            rd.problem = f"pips read but {nred} look red where {exp.name} has {exp.red_pips}: check the light"
        else:
            widths.append(rd.size_mm[0])
            lengths.append(rd.size_mm[1])
    if not widths:
        raise TileLearnError("no tile on the sheet could be read: " + slots[0].reading.describe())
    tile_mm = (round(float(np.median(widths)), 1), round(float(np.median(lengths)), 1))
    divider = sum(s.divider for s in seen) / len(seen)
    aspect = tile_mm[1] / tile_mm[0]
    style = "western" if divider >= 0.5 or aspect < 2.2 else "chinese"
    params = TileSetParams(
        style=style,
        body_bgr=tuple(int(round(v)) for v in body),
        pip_bgr=tuple(int(round(v)) for v in pip),
        red_pip_bgr=tuple(int(round(v)) for v in red),
        tile_mm=tile_mm,
        back=back,
    )
    notes = [f"tile {tile_mm[0]:g} x {tile_mm[1]:g} mm (length/width {aspect:.2f}), "
             f"divider bar on {divider:.0%} of tiles -> {style}"]
    res = LearnResult(params, [s.reading for s in slots], colour_margin(params) or 0.0, divider, notes)
    if cross_check:
        note, res.vision_agreement = _cross_check(rects, params)
        if note:
            res.notes.append(note)
    return res


def vision_agreement(rect: np.ndarray, params: TileSetParams | None, spec: LayoutSpec = LAYOUT,
                     ppm: float = 4.0) -> int:
    """How many slots ``vision.recognizer.recognize`` reads as the tile that belongs there, on
    a rectified sheet.  Raises ImportError when vision's recognizer is not there."""
    from vision.recognizer import recognize

    if params is not None and params.tile_mm:
        params = params.model_copy(update={"tile_length_px": params.tile_mm[1] * ppm})
    names = spec.expected()
    boxes = [spec.slot_box(i) for i in range(len(names))]
    agree = set()
    for r in recognize(rect, params=params):
        cx, cy = r.center[0] / ppm, r.center[1] / ppm
        for i, (x0, y0, x1, y1) in enumerate(boxes):
            if x0 <= cx <= x1 and y0 <= cy <= y1 and r.name == names[i]:
                agree.add(i)
    return len(agree)


def _cross_check(rects, params: TileSetParams) -> tuple[str | None, tuple[int, int] | None]:
    """vision's recognizer on the sheet(s), with and without the learned parameters."""
    try:
        with_p = sum(vision_agreement(r, params, sp) for r, sp in rects)
        without = sum(vision_agreement(r, None, sp) for r, sp in rects)
    except ImportError:
        return None, None
    except Exception as exc:  # noqa: BLE001 - a cross-check must not break calibration
        return f"vision.recognizer failed on the sheet: {exc}", None
    return (f"vision.recognizer reads {with_p} of 32 in place with the learned parameters "
            f"({without} with its defaults)"), (with_p, without)
