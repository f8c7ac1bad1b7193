"""A labelled synthetic table-scene generator, deterministic by seed.

Two uses:

* :func:`generate_scene` — a random labelled scene (tests and ``tiengow bench vision``);
* :func:`render_layout` — a *specified* layout (tiles with name, face, centre and angle,
  plus hands and clutter) on a background fixed by ``seed``, for scripted sequences such
  as the table-runtime demo.  Backgrounds and tile sprites are cached, so a 1280×720 frame
  renders in a few tens of milliseconds.

:func:`generate_sequence` builds short frame sequences (tiles placed, flipped, slid,
collected, with a hand coming and going) for the tracker.

Layout coordinates are *table-plane* pixels; with ``tilt_deg=0`` (the default) they are
the image's pixels.  Labels always give image pixels (after the perspective warp).

The generator draws what real sets look like (``shared/tiles.md``): Chinese tiles about
2.5 : 1 without a divider, the 1s and 4s red, half of each 6 of the 6-6 red, twos side by
side across the end of the half, optionally the 3-3 along the long axis; Western tiles 2 : 1
with a divider bar and die layouts, blanks allowed.  Backs are plain or carry three spots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

__all__ = [
    "TilePlacement",
    "HandPlacement",
    "ClutterPlacement",
    "Layout",
    "TileLabel",
    "render_layout",
    "generate_scene",
    "generate_sequence",
    "TABLES",
    "TILE_COLOURS",
]

# (body, pip, red) BGR triples.  The first two are the common sets.
TILE_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "black": ((28, 28, 30), (235, 235, 232), (40, 40, 205)),
    "ivory": ((185, 225, 238), (30, 30, 30), (40, 40, 190)),
    "white": ((236, 238, 238), (25, 25, 25), (35, 35, 200)),
    "ebony": ((22, 30, 44), (215, 228, 235), (50, 40, 210)),
    "cream": ((160, 205, 225), (60, 40, 20), (30, 30, 170)),
    "navy": ((70, 35, 20), (240, 240, 240), (60, 60, 230)),
}

# Table surfaces: kind, base BGR.
TABLES: dict[str, tuple[str, tuple[int, int, int]]] = {
    "green_felt": ("felt", (40, 110, 30)),
    "dark_felt": ("felt", (45, 50, 35)),
    "blue_felt": ("felt", (110, 60, 25)),
    "red_felt": ("felt", (40, 40, 120)),
    "light_wood": ("wood", (120, 170, 205)),
    "dark_wood": ("wood", (35, 60, 95)),
    "white_cloth": ("cloth", (225, 228, 230)),
    "grey_cloth": ("cloth", (120, 120, 118)),
    "check_cloth": ("check", (60, 60, 170)),
    "floral_cloth": ("floral", (200, 215, 225)),
    "black_cloth": ("cloth", (25, 25, 25)),
}

SKIN = [(120, 160, 220), (95, 135, 200), (70, 105, 160), (140, 175, 225), (60, 85, 130)]


@dataclass(frozen=True)
class TilePlacement:
    """One tile of a layout.  ``name`` like '6-6' (None for a back); ``pips`` overrides it
    (Western blanks, e.g. ``(3, 0)``).  ``centre`` in table-plane pixels, ``angle`` in
    degrees (0 = long side horizontal), ``first_hi`` puts the high half at the +x end."""

    name: str | None
    face: str = "up"
    centre: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0
    pips: tuple[int, int] | None = None
    first_hi: bool = True
    long_three: bool = False  # draw a 3-3 along the long axis (Chinese)


@dataclass(frozen=True)
class HandPlacement:
    centre: tuple[float, float]
    angle: float = 0.0  # direction the fingers point, degrees
    scale: float = 1.0  # 1.0 = palm about 1.1 tile lengths wide
    skin: int = 0


@dataclass(frozen=True)
class ClutterPlacement:
    kind: str  # 'cup' | 'chip' | 'coin' | 'phone' | 'card' | 'pen'
    centre: tuple[float, float]
    angle: float = 0.0
    scale: float = 1.0
    colour: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class Layout:
    tiles: tuple[TilePlacement, ...] = ()
    hands: tuple[HandPlacement, ...] = ()
    clutter: tuple[ClutterPlacement, ...] = ()
    style: str = "chinese"  # 'chinese' | 'western'
    colours: str = "black"  # a key of TILE_COLOURS
    back: str = "plain"  # 'plain' | 'spots'
    tile_length_px: float = 90.0
    table: str = "green_felt"  # a key of TABLES
    tilt_deg: float = 0.0  # camera tilt off vertical (perspective)
    tilt_dir_deg: float = 0.0
    light: float = 0.25  # strength of the lighting gradient
    highlight: float = 0.0  # strength of a specular highlight
    shadow: float = 0.5  # drop-shadow strength
    blur: float = 0.0  # Gaussian blur sigma
    noise: float = 2.0  # Gaussian noise sigma (grey levels)
    jpeg: int | None = None  # JPEG quality, None for none


@dataclass
class TileLabel:
    name: str | None  # Tien Gow name, None for a back or a blank-half tile
    pips: tuple[int, int] | None  # (hi, lo); None when face-down
    face: str
    center: tuple[float, float]
    corners: list[tuple[float, float]]
    occluded: bool = False
    visible: float = 1.0  # fraction of the tile's face not under a hand
    index: int = 0

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "pips": list(self.pips) if self.pips else None,
            "face": self.face,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "occluded": self.occluded,
            "visible": round(self.visible, 3),
        }


# ---------------------------------------------------------------------------------------
# Pip layouts, in a half's own frame: x across the tile (0..1), y along the half from the
# tile's end (0) to the middle (1).
_CHINESE_HALF = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.28, 0.3), (0.72, 0.3)],
    3: [(0.25, 0.22), (0.5, 0.5), (0.75, 0.78)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.22), (0.75, 0.22), (0.5, 0.5), (0.25, 0.78), (0.75, 0.78)],
    6: [(0.28, 0.2), (0.72, 0.2), (0.28, 0.5), (0.72, 0.5), (0.28, 0.8), (0.72, 0.8)],
}
_WESTERN_HALF = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.27, 0.22), (0.73, 0.22), (0.27, 0.5), (0.73, 0.5), (0.27, 0.78), (0.73, 0.78)],
}


def _tile_pips(name: str | None, pips: tuple[int, int] | None) -> tuple[int, int] | None:
    if pips is not None:
        return (max(pips), min(pips))
    if name is None:
        return None
    a, b = (int(x) for x in name.split("-"))
    return (max(a, b), min(a, b))


@lru_cache(maxsize=4096)
def _sprite(
    style: str,
    pips: tuple[int, int] | None,
    face: str,
    first_hi: bool,
    long_three: bool,
    colours: str,
    back: str,
    length: int,
    variant: int,
) -> tuple[np.ndarray, np.ndarray]:
    """A tile drawn lying along x, centred in its canvas: (BGR float32, alpha float32)."""
    body, pip_c, red_c = TILE_COLOURS[colours]
    aspect = 2.0 if style == "western" else 2.5 - 0.1 * (variant % 3 - 1) * 0.5
    L = float(length)
    W = L / aspect
    ss = 2  # supersample
    pad = int(0.1 * L) + 2
    cw, ch = int(L + 2 * pad), int(W + 2 * pad)
    img = np.zeros((ch * ss, cw * ss, 3), np.float32)
    alpha = np.zeros((ch * ss, cw * ss), np.float32)
    x0, y0 = pad * ss, pad * ss
    x1, y1 = int((pad + L) * ss), int((pad + W) * ss)
    r = max(2, int(0.12 * W * ss))
    # rounded rectangle body
    body_a = np.array(body, np.float32)
    mask = np.zeros(alpha.shape, np.uint8)
    cv2.rectangle(mask, (x0 + r, y0), (x1 - r, y1), 255, -1)
    cv2.rectangle(mask, (x0, y0 + r), (x1, y1 - r), 255, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    alpha[:] = mask / 255.0
    img[:] = body_a
    # bevel: lighter top-left edge, darker bottom-right edge
    bev = max(1, int(0.07 * W * ss))
    inner = cv2.erode(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * bev + 1, 2 * bev + 1)))
    ring = (mask > 0) & (inner == 0)
    yy, xx = np.mgrid[0 : mask.shape[0], 0 : mask.shape[1]]
    side = ((xx - (x0 + x1) / 2) / L + (yy - (y0 + y1) / 2) / W) / ss
    shade = np.where(side > 0, 0.72, 1.18).astype(np.float32)
    img[ring] = np.clip(body_a * shade[ring][:, None] + (8 if body_a.mean() < 60 else 0), 0, 255)
    # subtle surface texture
    rng = np.random.default_rng(variant * 7919 + length)
    tex = cv2.GaussianBlur(rng.normal(0, 4, alpha.shape).astype(np.float32), (0, 0), 2 * ss)
    img += tex[..., None]
    cx_mid = (x0 + x1) / 2
    if face == "up" and pips is not None:
        hi, lo = pips
        pr = (0.105 if style == "chinese" else 0.095) * W * ss * (0.85 + 0.1 * (variant % 4))
        halves = [(hi, -1), (lo, +1)] if first_hi else [(lo, -1), (hi, +1)]
        # "-1" half occupies x in [x0, mid], "+1" in [mid, x1]; y across
        if style == "western":
            bar_w = max(1.0, 0.05 * W * ss)
            cv2.line(
                img,
                (int(cx_mid), int(y0 + 0.15 * W * ss)),
                (int(cx_mid), int(y1 - 0.15 * W * ss)),
                tuple(float(c) for c in pip_c),
                int(round(bar_w)),
                cv2.LINE_AA,
            )
        pts: list[tuple[float, float, bool, float]] = []  # x, y, red, radius
        if style == "chinese" and long_three and (hi, lo) == (3, 3):
            for fx in (0.2, 0.5, 0.8):
                for fy in (0.3, 0.7):
                    pts.append((x0 + fx * (x1 - x0), y0 + fy * (y1 - y0), False, pr))
        else:
            table = _CHINESE_HALF if style == "chinese" else _WESTERN_HALF
            half_len = (x1 - x0) / 2
            for n, sgn in halves:
                for k, (u, v) in enumerate(table[n]):
                    # v runs from the tile end (0) to the middle (1)
                    if sgn < 0:
                        px = x0 + v * half_len
                    else:
                        px = x1 - v * half_len
                    py = y0 + u * (y1 - y0)
                    red = n in (1, 4)
                    if (hi, lo) == (6, 6):
                        red = u < 0.5  # three of each six are red
                    rad = pr * (1.45 if (n == 1 and style == "chinese") else 1.0)
                    if style == "western":
                        # western halves are squares; keep pips off the divider
                        px = (x0 + (0.1 + 0.8 * v) * half_len) if sgn < 0 else (x1 - (0.1 + 0.8 * v) * half_len)
                    pts.append((px, py, red, rad))
                    del k
        for px, py, red, rad in pts:
            col = red_c if red else pip_c
            cv2.circle(img, (int(px), int(py)), int(rad), tuple(float(c) * 0.8 for c in col), -1, cv2.LINE_AA)
            cv2.circle(img, (int(px), int(py)), max(1, int(rad * 0.85)), tuple(float(c) for c in col), -1,
                       cv2.LINE_AA)
    elif face == "down" and back == "spots":
        cy_mid = (y0 + y1) / 2
        d = 0.28 * W * ss
        sr = max(2, int(0.08 * W * ss))
        for k, (dx, dy) in enumerate(((-d, -d * 0.8), (0.0, 0.0), (d, d * 0.8))):
            col = red_c if k == 1 else pip_c
            cv2.circle(img, (int(cx_mid + dx), int(cy_mid + dy)), sr, tuple(float(c) for c in col), -1,
                       cv2.LINE_AA)
    img = cv2.resize(img, (cw, ch), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(alpha, (cw, ch), interpolation=cv2.INTER_AREA)
    img = np.clip(img, 0, 255)
    return img, alpha


# ---------------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _background(table: str, width: int, height: int, seed: int) -> np.ndarray:
    kind, base = TABLES[table]
    rng = np.random.default_rng(seed)
    b = np.array(base, np.float32)
    img = np.empty((height, width, 3), np.float32)
    img[:] = b
    if kind == "felt":
        n = rng.normal(0, 6, (height, width)).astype(np.float32)
        n = cv2.GaussianBlur(n, (0, 0), 1.2) * 2.0
        img += n[..., None]
    elif kind == "wood":
        ang = rng.uniform(0, math.pi)
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        u = xx * math.cos(ang) + yy * math.sin(ang)
        v = -xx * math.sin(ang) + yy * math.cos(ang)
        warp = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 30) * 400
        grain = np.sin((v + warp) / rng.uniform(3, 7)) * 0.5 + np.sin((v + 0.3 * u) / 40.0) * 0.5
        img *= (1.0 + 0.12 * grain)[..., None]
        # plank seams
        period = rng.uniform(150, 300)
        seam = (np.mod(v, period) < 2.5).astype(np.float32)
        img *= (1.0 - 0.35 * seam)[..., None]
    elif kind == "cloth":
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        weave = (np.sin(xx * 1.3) * np.sin(yy * 1.3)) * 4
        img += weave[..., None]
        folds = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 60) * 900
        img *= (1.0 + 0.06 * np.tanh(folds))[..., None]
    elif kind == "check":
        sq = int(rng.integers(28, 70))
        yy, xx = np.mgrid[0:height, 0:width]
        chk = ((xx // sq + yy // sq) % 2).astype(bool)
        img[chk] = (230, 230, 235)
        img += rng.normal(0, 3, (height, width, 1)).astype(np.float32)
    elif kind == "floral":
        for _ in range(int(width * height / 4000)):
            c = (int(rng.integers(0, width)), int(rng.integers(0, height)))
            col = [float(x) for x in rng.integers(30, 200, 3)]
            rr = int(rng.integers(4, 22))
            if rng.random() < 0.5:
                cv2.circle(img, c, rr, col, -1, cv2.LINE_AA)
            else:
                cv2.ellipse(img, c, (rr, rr // 2 + 1), float(rng.uniform(0, 180)), 0, 360, col, -1, cv2.LINE_AA)
        img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return np.clip(img, 0, 255).astype(np.float32)


def _paste(canvas: np.ndarray, sprite: np.ndarray, alpha: np.ndarray, centre, angle_deg: float,
           cover: np.ndarray | None = None, cover_val: float = 1.0) -> np.ndarray:
    """Alpha-blend ``sprite`` rotated by ``angle_deg`` about its centre onto ``canvas`` at
    ``centre``; returns the 2×3 affine map sprite → canvas."""
    h, w = alpha.shape
    M = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), -angle_deg, 1.0)
    M[0, 2] += centre[0] - w / 2.0
    M[1, 2] += centre[1] - h / 2.0
    diag = int(math.hypot(w, h)) + 2
    bx0 = int(math.floor(centre[0] - diag / 2))
    by0 = int(math.floor(centre[1] - diag / 2))
    H, W = canvas.shape[:2]
    ax0, ay0 = max(0, bx0), max(0, by0)
    ax1, ay1 = min(W, bx0 + diag), min(H, by0 + diag)
    if ax1 <= ax0 or ay1 <= ay0:
        return M
    Ml = M.copy()
    Ml[0, 2] -= ax0
    Ml[1, 2] -= ay0
    size = (ax1 - ax0, ay1 - ay0)
    s = cv2.warpAffine(sprite, Ml, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    a = cv2.warpAffine(alpha, Ml, size, flags=cv2.INTER_LINEAR, borderValue=0)
    roi = canvas[ay0:ay1, ax0:ax1]
    roi *= (1.0 - a)[..., None]
    roi += s * a[..., None]
    if cover is not None:
        cr = cover[ay0:ay1, ax0:ax1]
        np.maximum(cr, a * cover_val, out=cr)
    return M


def _shadow(canvas: np.ndarray, alpha: np.ndarray, M: np.ndarray, strength: float, offset: tuple[float, float],
            blur: float) -> None:
    if strength <= 0:
        return
    h, w = alpha.shape
    M2 = M.copy()
    M2[0, 2] += offset[0]
    M2[1, 2] += offset[1]
    H, W = canvas.shape[:2]
    diag = int(math.hypot(w, h)) + int(4 * blur) + 4
    cx, cy = M2[0, 2] + w / 2, M2[1, 2] + h / 2
    ax0, ay0 = max(0, int(cx - diag / 2)), max(0, int(cy - diag / 2))
    ax1, ay1 = min(W, int(cx + diag / 2)), min(H, int(cy + diag / 2))
    if ax1 <= ax0 or ay1 <= ay0:
        return
    M2[0, 2] -= ax0
    M2[1, 2] -= ay0
    a = cv2.warpAffine(alpha, M2, (ax1 - ax0, ay1 - ay0), borderValue=0)
    if blur > 0:
        a = cv2.GaussianBlur(a, (0, 0), blur)
    canvas[ay0:ay1, ax0:ax1] *= (1.0 - strength * a)[..., None]


@lru_cache(maxsize=64)
def _hand_sprite(length: int, skin: int, angle: float) -> tuple[np.ndarray, np.ndarray]:
    """A skin-toned hand (palm and fingers) seen from above, fingers along +x."""
    L = length
    S = int(L * 2.6)
    img = np.zeros((S, S, 3), np.float32)
    m = np.zeros((S, S), np.uint8)
    c = (S // 2 - int(0.35 * L), S // 2)
    cv2.ellipse(m, c, (int(0.5 * L), int(0.55 * L)), 0, 0, 360, 255, -1, cv2.LINE_AA)
    th = max(3, int(0.2 * L))
    for k, (dy, ln) in enumerate(((-0.36, 0.85), (-0.12, 1.0), (0.12, 0.95), (0.34, 0.78))):
        p0 = (c[0] + int(0.3 * L), c[1] + int(dy * L))
        p1 = (p0[0] + int(ln * L * 0.9), p0[1] + int(dy * L * 0.25))
        cv2.line(m, p0, p1, 255, th, cv2.LINE_AA)
        del k
    # thumb
    cv2.line(m, (c[0], c[1] + int(0.4 * L)), (c[0] + int(0.55 * L), c[1] + int(0.95 * L)), 255, th + 2,
             cv2.LINE_AA)
    base = np.array(SKIN[skin % len(SKIN)], np.float32)
    img[:] = base
    # shading: rounder look
    dist = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, 3)
    sh = np.clip(dist / (0.25 * L), 0, 1)
    img *= (0.75 + 0.3 * sh)[..., None]
    alpha = m.astype(np.float32) / 255.0
    R = cv2.getRotationMatrix2D((S / 2, S / 2), -angle, 1.0)
    img = cv2.warpAffine(img, R, (S, S))
    alpha = cv2.warpAffine(alpha, R, (S, S))
    return img, alpha


def _draw_clutter(canvas: np.ndarray, c: ClutterPlacement, L: float, rng: np.random.Generator) -> None:
    cx, cy = c.centre
    s = c.scale * L
    col = tuple(float(x) for x in (c.colour or tuple(int(v) for v in rng.integers(20, 235, 3))))
    ctr = (int(cx), int(cy))
    if c.kind == "cup":
        r = int(0.55 * s)
        cv2.circle(canvas, (ctr[0] + int(0.12 * s), ctr[1] + int(0.12 * s)), r, (20, 20, 20), -1, cv2.LINE_AA)
        cv2.circle(canvas, ctr, r, col, -1, cv2.LINE_AA)
        cv2.circle(canvas, ctr, int(r * 0.8), (30, 50, 70), -1, cv2.LINE_AA)  # coffee
        cv2.ellipse(canvas, (ctr[0] + r, ctr[1]), (int(0.2 * s), int(0.08 * s)), c.angle, 0, 360, col, -1)
    elif c.kind == "chip":
        r = int(0.22 * s)
        cv2.circle(canvas, ctr, r, col, -1, cv2.LINE_AA)
        for k in range(6):
            a = math.radians(c.angle + k * 60)
            p = (int(cx + 0.8 * r * math.cos(a)), int(cy + 0.8 * r * math.sin(a)))
            cv2.circle(canvas, p, max(1, r // 5), (240, 240, 240), -1, cv2.LINE_AA)
        cv2.circle(canvas, ctr, int(r * 0.55), (235, 235, 235), 1, cv2.LINE_AA)
    elif c.kind == "coin":
        r = int(0.14 * s)
        cv2.circle(canvas, ctr, r, (60, 150, 190), -1, cv2.LINE_AA)
        cv2.circle(canvas, ctr, int(r * 0.75), (80, 170, 205), 1, cv2.LINE_AA)
    elif c.kind in ("phone", "card", "pen"):
        if c.kind == "phone":
            w, h, fill = 1.6 * s, 0.8 * s, (25, 25, 28)
        elif c.kind == "card":
            w, h, fill = 0.9 * s, 0.63 * s, (240, 240, 240)
        else:
            w, h, fill = 1.4 * s, 0.09 * s, col
        box = cv2.boxPoints(((cx, cy), (w, h), c.angle)).astype(np.int32)
        cv2.fillConvexPoly(canvas, box, fill, cv2.LINE_AA)
        if c.kind == "card":
            cv2.circle(canvas, (int(cx), int(cy)), max(2, int(0.12 * s)), (30, 30, 200), -1, cv2.LINE_AA)
        if c.kind == "phone":
            inner = cv2.boxPoints(((cx, cy), (w * 0.9, h * 0.85), c.angle)).astype(np.int32)
            cv2.fillConvexPoly(canvas, inner, (60, 45, 40), cv2.LINE_AA)


def _homography(width: int, height: int, tilt_deg: float, dir_deg: float) -> np.ndarray:
    """Table plane → image for a camera tilted ``tilt_deg`` off vertical (keeps the centre)."""
    if tilt_deg <= 0.01:
        return np.eye(3)
    t = math.tan(math.radians(tilt_deg))
    # The far edge of the view sees more table: shrink it in the image.
    k = 1.0 / (1.0 + 0.9 * t)
    d = math.radians(dir_deg)
    cx, cy = width / 2, height / 2
    src = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    dst = []
    for x, y in src:
        # project position onto the tilt direction
        u = ((x - cx) * math.cos(d) + (y - cy) * math.sin(d)) / (0.5 * math.hypot(width, height))
        f = 1.0 + (k - 1.0) * (1 - u) / 2  # far side (u=-1) shrinks by k
        dst.append([cx + (x - cx) * f, cy + (y - cy) * f])
    dst = np.float32(dst)
    # scale so the warped plane fills the frame again
    H = cv2.getPerspectiveTransform(src, dst)
    box = cv2.perspectiveTransform(src.reshape(-1, 1, 2), H).reshape(-1, 2)
    sx = width / max(1.0, box[:, 0].max() - box[:, 0].min())
    sy = height / max(1.0, box[:, 1].max() - box[:, 1].min())
    s = max(sx, sy) * (1.0 + 0.9 * t)  # enough that the far (narrow) edge still fills the frame
    S = np.array([[s, 0, cx - s * cx], [0, s, cy - s * cy], [0, 0, 1]])
    return S @ H


def render_layout(layout: Layout, width: int = 1280, height: int = 720, seed: int = 0,
                  frame: int = 0) -> tuple[np.ndarray, list[TileLabel]]:
    """Render ``layout`` on the background fixed by ``seed``; noise varies with ``frame``.

    Returns ``(image_bgr uint8, labels)``, one label per tile in layout order that is
    inside the frame; a tile whose face is partly under a hand has ``occluded=True``.
    """
    L = float(layout.tile_length_px)
    canvas = _background(layout.table, width, height, seed).copy()
    # lighting is fixed by the seed; sensor noise varies with the frame (frame 0 draws both
    # from one generator, as before)
    rng_light = np.random.default_rng((seed * 1_000_003) & 0xFFFFFFFF)
    rng = rng_light if frame == 0 else np.random.default_rng((seed * 1_000_003 + frame) & 0xFFFFFFFF)
    sh_off = (0.06 * L, 0.08 * L)
    for c in layout.clutter:
        _draw_clutter(canvas, c, L, np.random.default_rng(hash((seed, c.centre)) & 0xFFFF))
    length = int(round(L))
    affines = []
    for i, t in enumerate(layout.tiles):
        pips = _tile_pips(t.name, t.pips)
        spr, alpha = _sprite(layout.style, pips if t.face == "up" else None, t.face, t.first_hi, t.long_three,
                             layout.colours, layout.back, length, (seed + i) % 12)
        M = cv2.getRotationMatrix2D((alpha.shape[1] / 2.0, alpha.shape[0] / 2.0), -t.angle, 1.0)
        M[0, 2] += t.centre[0] - alpha.shape[1] / 2.0
        M[1, 2] += t.centre[1] - alpha.shape[0] / 2.0
        _shadow(canvas, alpha, M, layout.shadow, sh_off, 0.04 * L + 1)
        _paste(canvas, spr, alpha, t.centre, t.angle)
        affines.append((M, alpha.shape, pips))
    hand_cover = np.zeros((height, width), np.float32)
    for h in layout.hands:
        img, alpha = _hand_sprite(length, h.skin, h.angle)
        if h.scale != 1.0:
            img = cv2.resize(img, None, fx=h.scale, fy=h.scale)
            alpha = cv2.resize(alpha, None, fx=h.scale, fy=h.scale)
        M = cv2.getRotationMatrix2D((alpha.shape[1] / 2.0, alpha.shape[0] / 2.0), 0, 1.0)
        M[0, 2] += h.centre[0] - alpha.shape[1] / 2.0
        M[1, 2] += h.centre[1] - alpha.shape[0] / 2.0
        _shadow(canvas, alpha, M, 0.55, (0.25 * L, 0.3 * L), 0.15 * L)
        _paste(canvas, img, alpha, h.centre, 0.0, cover=hand_cover)
    # lighting
    if layout.light > 0 or layout.highlight > 0:
        yy, xx = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
        ga = rng_light.uniform(0, 2 * math.pi)
        g = ((xx - width / 2) * math.cos(ga) + (yy - height / 2) * math.sin(ga)) / (0.5 * math.hypot(width, height))
        gain = 1.0 + layout.light * g
        if layout.highlight > 0:
            hx, hy = rng_light.uniform(0.2, 0.8) * width, rng_light.uniform(0.2, 0.8) * height
            hs = rng_light.uniform(0.08, 0.2) * width
            gain += layout.highlight * np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / (2 * hs * hs))
        gain = cv2.resize(gain, (width, height), interpolation=cv2.INTER_LINEAR)
        canvas *= gain[..., None]
    H = _homography(width, height, layout.tilt_deg, layout.tilt_dir_deg)
    if not np.allclose(H, np.eye(3)):
        canvas = cv2.warpPerspective(canvas, H, (width, height), flags=cv2.INTER_LINEAR,
                                     borderMode=cv2.BORDER_REFLECT)
        hand_cover = cv2.warpPerspective(hand_cover, H, (width, height))
    if layout.blur > 0:
        canvas = cv2.GaussianBlur(canvas, (0, 0), layout.blur)
    if layout.noise > 0:
        noise = np.empty((height, width), np.float32)
        cv2.setRNGSeed(int(rng.integers(0, 2**31 - 1)))
        cv2.randn(noise, 0.0, float(layout.noise))
        canvas += noise[..., None]
    img = np.clip(canvas, 0, 255).astype(np.uint8)
    if layout.jpeg:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(layout.jpeg)])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    labels: list[TileLabel] = []
    for i, (t, (M, shp, pips)) in enumerate(zip(layout.tiles, affines, strict=True)):
        h_, w_ = shp
        aspect = 2.0 if layout.style == "western" else None
        del aspect
        # the sprite's body occupies its centre: recover the four body corners
        pad = int(0.1 * length) + 2
        x0, y0, x1, y1 = pad, pad, w_ - pad, h_ - pad
        pts = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        pts = pts @ M[:, :2].T + M[:, 2]
        pts = cv2.perspectiveTransform(pts.reshape(-1, 1, 2).astype(np.float64), H).reshape(-1, 2)
        ctr = pts.mean(axis=0)
        if not (0 <= ctr[0] < width and 0 <= ctr[1] < height):
            continue
        bx0, by0 = (max(0, int(v)) for v in pts.min(axis=0))
        bx1, by1 = int(min(width, pts[:, 0].max() + 1)), int(min(height, pts[:, 1].max() + 1))
        poly = np.zeros((max(1, by1 - by0), max(1, bx1 - bx0)), np.uint8)
        cv2.fillConvexPoly(poly, np.round(pts - (bx0, by0)).astype(np.int32), 1)
        area = int(poly.sum())
        inside = area / max(1.0, cv2.contourArea(pts.astype(np.float32)))
        hc = hand_cover[by0:by1, bx0:bx1]
        covered = float((hc[poly > 0] > 0.5).sum()) / max(1, area) if hc.size else 0.0
        visible = max(0.0, min(1.0, inside) - covered)
        name = None
        if t.face == "up" and pips is not None and pips[1] > 0:
            name = f"{pips[0]}-{pips[1]}"
        labels.append(TileLabel(
            name=name if t.face == "up" else None,
            pips=pips if t.face == "up" else None,
            face=t.face,
            center=(float(ctr[0]), float(ctr[1])),
            corners=[(float(x), float(y)) for x, y in pts],
            occluded=visible < 0.97,
            visible=visible,
            index=i,
        ))
    return img, labels


# ---------------------------------------------------------------------------------------
_ALL_NAMES = [
    "6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2",
    "6-5", "6-5", "6-4", "6-4", "6-1", "6-1", "5-1", "5-1", "6-3", "5-4", "6-2", "5-3", "5-2", "4-3",
    "4-2", "4-1", "3-2", "2-1",
]


def _random_layout(rng: np.random.Generator, width: int, height: int, n_tiles: int, style: str,
                   hands: bool, clutter: bool, difficulty: float) -> Layout:
    if style == "auto":
        style = "chinese" if rng.random() < 0.6 else "western"
    colours = str(rng.choice(list(TILE_COLOURS)))
    table = str(rng.choice(list(TABLES)))
    # avoid invisible combinations (tile body the same as the table)
    body = np.array(TILE_COLOURS[colours][0], float)
    tb = np.array(TABLES[table][1], float)
    tries = 0
    while np.abs(body - tb).mean() < 45 and tries < 20:
        table = str(rng.choice(list(TABLES)))
        tb = np.array(TABLES[table][1], float)
        tries += 1
    tile_len = float(rng.uniform(70, 130)) if n_tiles <= 20 else float(rng.uniform(65, 100))
    tilt = float(rng.uniform(0, 30)) * difficulty
    back = "spots" if rng.random() < 0.5 else "plain"
    aspect = 2.0 if style == "western" else 2.5
    W = tile_len / aspect
    names = list(_ALL_NAMES)
    rng.shuffle(names)
    margin = 0.8 * tile_len
    placed: list[tuple[float, float, float]] = []  # centre, radius
    tiles: list[TilePlacement] = []

    def free(x, y, r):
        return all(math.hypot(x - a, y - b) > r + rr for a, b, rr in placed)

    def make(name, x, y, ang):
        face = "down" if rng.random() < 0.15 else "up"
        pips = None
        if style == "western" and rng.random() < 0.08:
            a = int(rng.integers(0, 7))
            pips = (a, 0)
            name = None
        return TilePlacement(name=name, face=face, centre=(float(x), float(y)), angle=float(ang), pips=pips,
                             first_hi=bool(rng.random() < 0.5), long_three=bool(rng.random() < 0.5))

    k = 0
    attempts = 0
    while k < n_tiles and attempts < 400:
        attempts += 1
        if rng.random() < 0.35 and n_tiles - k >= 2:
            # a row of touching tiles: side by side (like a hand) or end to end
            m = int(min(n_tiles - k, rng.integers(2, 5)))
            side = rng.random() < 0.65
            ang = float(rng.uniform(0, 180))
            gap = float(rng.uniform(0.0, 1.5))
            step = (W + gap) if side else (tile_len + gap)
            a = math.radians(ang + (90 if side else 0))
            x = rng.uniform(margin, width - margin)
            y = rng.uniform(margin, height - margin)
            cs = [(x + (j - (m - 1) / 2) * step * math.cos(a), y + (j - (m - 1) / 2) * step * math.sin(a))
                  for j in range(m)]
            rad = 0.55 * tile_len
            if all(margin * 0.6 < cx < width - margin * 0.6 and margin * 0.6 < cy < height - margin * 0.6
                   and free(cx, cy, rad) for cx, cy in cs):
                for cx, cy in cs:
                    tiles.append(make(names[k % 32], cx, cy, ang))
                    placed.append((cx, cy, rad))
                    k += 1
            continue
        x = rng.uniform(margin, width - margin)
        y = rng.uniform(margin, height - margin)
        rad = 0.58 * tile_len
        if free(x, y, rad):
            tiles.append(make(names[k % 32], x, y, float(rng.uniform(0, 360))))
            placed.append((x, y, rad))
            k += 1
    hand_list = []
    if hands:
        for _ in range(int(rng.integers(1, 3))):
            if tiles and rng.random() < 0.8:
                t = tiles[int(rng.integers(0, len(tiles)))]
                ang = float(rng.uniform(0, 360))
                # palm beside the tile, fingers over part of it
                hx = t.centre[0] - math.cos(math.radians(ang)) * tile_len * 1.1
                hy = t.centre[1] - math.sin(math.radians(ang)) * tile_len * 1.1
            else:
                hx, hy, ang = rng.uniform(0, width), rng.uniform(0, height), float(rng.uniform(0, 360))
            hand_list.append(HandPlacement(centre=(float(hx), float(hy)), angle=ang,
                                           scale=float(rng.uniform(0.9, 1.2)), skin=int(rng.integers(0, 5))))
    clutter_list = []
    if clutter:
        for _ in range(int(rng.integers(1, 5))):
            for _try in range(30):
                x, y = rng.uniform(0, width), rng.uniform(0, height)
                if free(x, y, 0.9 * tile_len):
                    break
            kind = str(rng.choice(["cup", "chip", "chip", "coin", "phone", "card", "pen"]))
            clutter_list.append(ClutterPlacement(kind=kind, centre=(float(x), float(y)),
                                                 angle=float(rng.uniform(0, 180)),
                                                 scale=float(rng.uniform(0.8, 1.3))))
            placed.append((x, y, 0.9 * tile_len))
    return Layout(
        tiles=tuple(tiles), hands=tuple(hand_list), clutter=tuple(clutter_list), style=style, colours=colours,
        back=back, tile_length_px=tile_len, table=table, tilt_deg=tilt, tilt_dir_deg=float(rng.uniform(0, 360)),
        light=float(rng.uniform(0.0, 0.45)) * difficulty, highlight=float(rng.uniform(0, 0.35)) * difficulty,
        shadow=float(rng.uniform(0.2, 0.6)), blur=float(rng.uniform(0, 1.2)) * difficulty,
        noise=float(rng.uniform(1, 6)) * difficulty,
        jpeg=int(rng.integers(60, 95)) if rng.random() < 0.5 * difficulty else None,
    )


def generate_scene(seed: int, width: int = 1280, height: int = 720, n_tiles: int | None = None,
                   style: str = "auto", hands: bool | None = None, clutter: bool | None = None,
                   difficulty: float = 1.0) -> tuple[np.ndarray, list[TileLabel]]:
    """A random labelled scene.  ``n_tiles`` defaults to 1–32; ``style`` 'auto' picks one.

    ``hands`` and ``clutter`` default to a random choice.  ``difficulty`` (0..1) scales
    perspective, lighting, blur, noise and JPEG artefacts.
    """
    rng = np.random.default_rng(seed)
    if n_tiles is None:
        n_tiles = int(rng.integers(1, 33))
    if hands is None:
        hands = bool(rng.random() < 0.3)
    if clutter is None:
        clutter = bool(rng.random() < 0.5)
    layout = _random_layout(rng, width, height, n_tiles, style, hands, clutter, difficulty)
    return render_layout(layout, width, height, seed=seed)


def scene_layout(seed: int, width: int = 1280, height: int = 720, n_tiles: int | None = None,
                 style: str = "auto", hands: bool | None = None, clutter: bool | None = None,
                 difficulty: float = 1.0) -> Layout:
    """The layout :func:`generate_scene` would render for these arguments."""
    rng = np.random.default_rng(seed)
    if n_tiles is None:
        n_tiles = int(rng.integers(1, 33))
    if hands is None:
        hands = bool(rng.random() < 0.3)
    if clutter is None:
        clutter = bool(rng.random() < 0.5)
    return _random_layout(rng, width, height, n_tiles, style, hands, clutter, difficulty)


# ---------------------------------------------------------------------------------------
@dataclass
class SequenceFrame:
    t: float
    image: np.ndarray
    labels: list[TileLabel]
    events: list[tuple[str, int]] = field(default_factory=list)  # (kind, tile index) true events


def generate_sequence(seed: int, width: int = 960, height: int = 540, fps: float = 30.0,
                      style: str = "chinese") -> list[SequenceFrame]:
    """A short scripted sequence: two tiles placed by a hand, one flipped, one slid, then
    both collected.  Each frame lists its true events (at the moment they happen)."""
    rng = np.random.default_rng(seed)
    L = 90.0
    base = dict(style=style, colours=str(rng.choice(["black", "ivory"])), table="green_felt", tile_length_px=L,
                light=0.15, noise=2.0, back="spots")
    a = TilePlacement("6-6", "up", (300.0, 270.0), 10.0)
    b = TilePlacement("4-2", "down", (600.0, 270.0), 80.0)
    dt = 1.0 / fps
    script: list[tuple[float, list[TilePlacement], list[HandPlacement], list[tuple[str, int]]]] = []
    t = 0.0

    def hold(sec, tiles, hands=(), ev=()):
        nonlocal t
        n = max(1, int(round(sec * fps)))
        for j in range(n):
            script.append((t, list(tiles), list(hands), list(ev) if j == 0 else []))
            t += dt

    hand_a = HandPlacement((300.0 - 1.1 * L, 300.0), angle=0.0)
    hand_b = HandPlacement((600.0 - 1.1 * L, 300.0), angle=0.0)
    hold(0.5, [])
    hold(0.3, [a], [hand_a], [("appeared", 0)])
    hold(0.6, [a])
    hold(0.3, [a, b], [hand_b], [("appeared", 1)])
    hold(0.6, [a, b])
    b_up = TilePlacement("4-2", "up", b.centre, b.angle)
    hold(0.3, [a, b_up], [hand_b], [("turned", 1)])
    hold(0.6, [a, b_up])
    for j in range(6):  # slide a to the right, in view, within the same region
        aj = TilePlacement("6-6", "up", (300.0 + 8 * j, 270.0), 10.0)
        hold(1.0 / fps, [aj, b_up])
    hold(0.6, [TilePlacement("6-6", "up", (340.0, 270.0), 10.0), b_up])
    hold(0.3, [], [hand_a, hand_b], [("gone", 0), ("gone", 1)])
    hold(0.6, [])
    frames = []
    for i, (ti, tiles, hands, ev) in enumerate(script):
        lay = Layout(tiles=tuple(tiles), hands=tuple(hands), **base)
        img, labels = render_layout(lay, width, height, seed=seed, frame=i)
        frames.append(SequenceFrame(ti, img, labels, ev))
    return frames
