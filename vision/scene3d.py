"""A second, independent generator of labelled table photographs: 3D tiles under a pinhole camera.

It was written from the description of real sets in ``shared/tiles.md`` and the label
format of :mod:`vision.evaluate`, without looking at the recognizer or the first scene
generator, so that the recognizer can be measured on pictures it was never tuned on.

Model (all lengths in millimetres, the table is the plane ``z = 0``):

* camera: pinhole, horizontal field of view 48–72°, tilted up to 30° off vertical, random
  azimuth and roll; its distance sets the tile size in the image;
* light: one point light (elevation 35–80°, warm to cool colour) plus ambient; Lambert and
  Blinn–Phong shading of every face; soft cast shadows and a contact shadow on the table;
* tiles: boxes with rounded corners and a bevelled top edge, thickness 0.35–0.45 of the
  width, sometimes two-layered (a differently coloured back layer); face-up tops carry
  Chinese (about 2.5 : 1, no bar) or repainted Western (2 : 1, bar, die layouts) faces with
  incised or domed pips, a dark rim and a small highlight; backs are plain or carry three
  diagonal spots (white, red, white);
* tables: procedural felt (fibres), wood (warped rings, planks), woven cloth, paper, cork
  or bamboo mats and patterned cloths (stripes, gingham, small prints), light and dark;
* extras: a hand (palm, fingers, forearm, soft shadow) over some tiles, which are then
  labelled ``occluded``; coins, poker chips, a cup, a playing card, a die;
* camera effects: vignetting, white balance, exposure, defocus or motion blur, sensor
  noise, a tone curve and JPEG re-encoding (quality 60–95).

Everything random comes from ``numpy.random.default_rng(seed)``: the same seed gives the
same image and labels.  Bench seeds for this generator start at 950000.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from referee.tiles import FULL_SET

__all__ = ["generate_scene3d"]

F32 = np.float32
_SHIFT = 4  # sub-pixel bits for OpenCV drawing
_ONE = 1 << _SHIFT


# ---------------------------------------------------------------------------------------
# small helpers
def _unit(v):
    v = np.asarray(v, dtype=np.float64)
    return v / np.maximum(np.linalg.norm(v, axis=-1, keepdims=True), 1e-12)


def _smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def _noise(rng, h: int, w: int, cell: float):
    """Smooth noise (about unit variance) with features about ``cell`` pixels wide."""
    gh = max(2, int(round(h / max(cell, 1.0))) + 2)
    gw = max(2, int(round(w / max(cell, 1.0))) + 2)
    g = rng.standard_normal((gh, gw)).astype(F32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)


def _rounded_rect(hl: float, hw: float, rc: float, k: int = 4) -> np.ndarray:
    """Counter-clockwise outline of a rounded rectangle centred at the origin, (N, 2)."""
    rc = min(rc, hl * 0.99, hw * 0.99)
    pts = []
    for cx, cy, a0 in ((hl - rc, hw - rc, 0), (-hl + rc, hw - rc, 90), (-hl + rc, -hw + rc, 180),
                       (hl - rc, -hw + rc, 270)):
        for j in range(k + 1):
            a = math.radians(a0 + 90.0 * j / k)
            pts.append((cx + rc * math.cos(a), cy + rc * math.sin(a)))
    return np.array(pts)


def _circle(r: float, k: int = 28) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, k, endpoint=False)
    return np.stack([r * np.cos(a), r * np.sin(a)], -1)


def _rot(a: float) -> np.ndarray:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s], [s, c]])


def _fix(pts) -> np.ndarray:
    return np.round(np.asarray(pts, dtype=np.float64) * _ONE).astype(np.int32)


def _u8(col) -> tuple:
    return tuple(float(min(255.0, max(0.0, 255.0 * c))) for c in col)


# ---------------------------------------------------------------------------------------
# camera and light
class _Camera:
    def __init__(self, f: float, cx: float, cy: float, R: np.ndarray, C: np.ndarray, w: int, h: int):
        self.f, self.cx, self.cy = f, cx, cy
        self.K = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]])
        self.R, self.C = R, C
        self.t = -R @ C
        self.w, self.h = w, h

    def project(self, P) -> np.ndarray:
        P = np.asarray(P, dtype=np.float64)
        Pc = P @ self.R.T + self.t
        z = Pc[..., 2]
        return np.stack([self.f * Pc[..., 0] / z + self.cx, self.f * Pc[..., 1] / z + self.cy], -1)

    def depth(self, P) -> np.ndarray:
        return (np.asarray(P, dtype=np.float64) - self.C) @ self.R[2]

    def plane(self, z: float) -> np.ndarray:
        """Homography from table coordinates (x, y) on the plane at height z to the image."""
        M = np.column_stack([self.R[:, 0], self.R[:, 1], self.R[:, 2] * z + self.t])
        return self.K @ M

    def backproject(self, uv, z: float = 0.0) -> np.ndarray:
        uv = np.atleast_2d(np.asarray(uv, dtype=np.float64))
        d = np.stack([(uv[:, 0] - self.cx) / self.f, (uv[:, 1] - self.cy) / self.f, np.ones(len(uv))], -1) @ self.R
        s = (z - self.C[2]) / d[:, 2]
        return self.C + d * s[:, None]


def _make_camera(rng, w: int, h: int, px_per_mm: float) -> _Camera:
    hfov = math.radians(rng.uniform(48, 72))
    f = (w / 2.0) / math.tan(hfov / 2.0)
    tilt = math.radians(rng.uniform(0, 30))
    az = rng.uniform(0, 2 * math.pi)
    D = f / px_per_mm
    C = D * np.array([math.sin(tilt) * math.cos(az), math.sin(tilt) * math.sin(az), math.cos(tilt)])
    zc = -C / D
    hdir = np.array([math.cos(az), math.sin(az), 0.0])
    yc = _unit(hdir - (hdir @ zc) * zc)
    xc = np.cross(yc, zc)
    roll = rng.normal(0, math.radians(8)) if rng.random() < 0.6 else rng.uniform(0, 2 * math.pi)
    c, s = math.cos(roll), math.sin(roll)
    xc, yc = c * xc + s * yc, -s * xc + c * yc
    R = np.stack([xc, yc, zc])
    cx = w / 2.0 + rng.normal(0, 0.01 * w)
    cy = h / 2.0 + rng.normal(0, 0.01 * h)
    return _Camera(f, cx, cy, R, C, w, h)


class _Light:
    def __init__(self, rng):
        el = math.radians(rng.uniform(35, 80))
        az = rng.uniform(0, 2 * math.pi)
        dist = rng.uniform(900, 2500)
        self.pos = dist * np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
        self.pos[:2] += rng.normal(0, 150, 2)
        warm = rng.uniform(-1, 1)  # -1 cool (bluish) .. +1 warm (orange)
        self.col = np.array([1.0 - 0.16 * warm, 1.0 - 0.03 * abs(warm), 1.0 + 0.12 * warm])  # BGR
        self.col /= self.col.max()
        self.amb = rng.uniform(0.32, 0.55)
        self.kd = (1.0 - self.amb) / max(0.3, math.sin(el))
        self.size = rng.uniform(0.02, 0.09)  # angular size: softness of shadows

    def shade(self, P, n, C, ks: float, shin: float):
        """Diffuse factor (ambient included) and specular term at points P with normals n."""
        P = np.asarray(P, dtype=np.float64)
        L = _unit(self.pos - P)
        V = _unit(C - P)
        n = np.asarray(n, dtype=np.float64)
        diff = np.clip((n * L).sum(-1), 0, None)
        Hh = _unit(L + V)
        spec = ks * np.clip((n * Hh).sum(-1), 0, None) ** shin
        return self.amb + self.kd * diff, spec


# ---------------------------------------------------------------------------------------
# tables
def _palette(rng, choices):
    c = np.array(choices[int(rng.integers(len(choices)))], dtype=np.float64)
    return np.clip(c * rng.uniform(0.9, 1.1) + rng.normal(0, 0.02, 3), 0.02, 0.98)


def _tex_felt(rng, h, w, s):
    base = _palette(rng, [(0.16, 0.42, 0.10), (0.45, 0.30, 0.08), (0.12, 0.12, 0.45), (0.30, 0.30, 0.30),
                          (0.10, 0.10, 0.10), (0.40, 0.18, 0.12), (0.18, 0.35, 0.12)])
    fib = np.full((h, w), 128, np.uint8)
    n = int(h * w / 45)
    for val in (100, 112, 146, 160):
        k = n // 4
        p0 = np.stack([rng.uniform(0, w, k), rng.uniform(0, h, k)], -1)
        ang = rng.uniform(0, math.pi, k)
        ln = rng.uniform(0.8, 2.5, k) * s
        p1 = p0 + np.stack([np.cos(ang) * ln, np.sin(ang) * ln], -1)
        segs = np.round(np.stack([p0, p1], 1) * _ONE).astype(np.int32)
        cv2.polylines(fib, segs, False, val, 1, cv2.LINE_AA, _SHIFT)
    lum = fib.astype(F32) * (1.0 / 128.0)
    lum = cv2.GaussianBlur(lum, (0, 0), 0.6)
    lum = 1.0 + (lum - 1.0) * rng.uniform(0.6, 1.2) + 0.05 * _noise(rng, h, w, 60 * s)
    return lum[..., None] * base.astype(F32)


def _tex_wood(rng, h, w, s):
    light = _palette(rng, [(0.45, 0.68, 0.85), (0.30, 0.50, 0.72), (0.22, 0.36, 0.55), (0.12, 0.20, 0.34),
                           (0.55, 0.72, 0.82), (0.10, 0.14, 0.22)])
    dark = light * rng.uniform(0.45, 0.7) * np.array([0.8, 0.9, 1.0])
    pw = rng.uniform(70, 180)
    yy = (np.arange(h, dtype=F32)[:, None] / s)
    xx = (np.arange(w, dtype=F32)[None, :] / s)
    off = rng.uniform(0, pw)
    plank = np.floor((yy + off) / pw).astype(np.int64)  # (h, 1)
    npl = int(plank.max() - plank.min() + 1)
    pidx = plank - plank.min()
    yc = (rng.uniform(-0.5, 1.5, npl) * pw + (np.arange(npl) + plank.min()) * pw - off).astype(F32)
    xc = rng.uniform(-400, w / s + 400, npl).astype(F32)
    sp = rng.uniform(2.0, 6.0, npl).astype(F32)
    el = rng.uniform(0.03, 0.12, npl).astype(F32)
    pj = rng.normal(0, 0.06, npl).astype(F32)
    # grain wanders slowly along the board (x) and faster across it (y)
    gh, gw = max(2, int(h / (25 * s)) + 2), max(2, int(w / (220 * s)) + 2)
    warp = cv2.resize(rng.standard_normal((gh, gw)).astype(F32), (w, h), interpolation=cv2.INTER_CUBIC)
    warp *= F32(rng.uniform(2.0, 6.0))
    gh, gw = max(2, int(h / (6 * s)) + 2), max(2, int(w / (60 * s)) + 2)
    warp += cv2.resize(rng.standard_normal((gh, gw)).astype(F32), (w, h), interpolation=cv2.INTER_CUBIC) * F32(0.5)
    r = np.sqrt((yy - yc[pidx]) ** 2 + ((xx - xc[pidx]) * el[pidx]) ** 2) + warp
    t = r / sp[pidx]
    ring = (0.5 + 0.5 * np.sin(F32(2 * math.pi) * t)) ** 3
    streak = cv2.resize(rng.standard_normal((h, max(2, w // 60))).astype(F32), (w, h),
                        interpolation=cv2.INTER_LINEAR)
    m = np.clip(0.55 * ring + 0.12 * streak + pj[pidx] + 0.2, 0, 1)
    seam = ((yy + off) % pw) < 0.7
    tex = light.astype(F32) + m[..., None] * (dark - light).astype(F32)
    tex *= np.where(seam, F32(0.45), F32(1.0))[..., None]
    return tex


def _tex_woven(rng, h, w, s):
    c1 = _palette(rng, [(0.55, 0.70, 0.78), (0.62, 0.40, 0.20), (0.25, 0.25, 0.28), (0.80, 0.82, 0.84),
                        (0.20, 0.30, 0.45), (0.15, 0.35, 0.30)])
    c2 = c1 * rng.uniform(0.75, 1.1) if rng.random() < 0.6 else _palette(rng, [(0.85, 0.85, 0.85), (0.2, 0.2, 0.2)])
    p = rng.uniform(1.6, 4.5) * s
    yy = np.arange(h, dtype=F32)[:, None] / F32(p)
    xx = np.arange(w, dtype=F32)[None, :] / F32(p)
    ky, kx = np.floor(yy).astype(np.int32), np.floor(xx).astype(np.int32)
    fy, fx = yy - np.floor(yy), xx - np.floor(xx)
    twill = rng.random() < 0.4
    period = 3 if twill else 2
    over = (((2 * ky if twill else ky) % period).astype(np.int8) + (kx % period).astype(np.int8)) % period == 0
    pw_ = np.sin(F32(math.pi) * fy) ** 0.6  # warp thread profile (across y)
    pf_ = np.sin(F32(math.pi) * fx) ** 0.6
    jw = (1 + 0.08 * rng.standard_normal(int(ky.max()) + 2)).astype(F32)[ky]
    jf = (1 + 0.08 * rng.standard_normal(int(kx.max()) + 2)).astype(F32)[kx]
    shade = np.where(over, (pw_ * jw) * (0.75 + 0.25 * pf_), (0.75 + 0.25 * pw_) * (pf_ * jf))
    shade = (0.55 + 0.45 * shade) * (1 + 0.04 * _noise(rng, h, w, 50 * s))
    tex = np.where(over[..., None], c1.astype(F32), c2.astype(F32))
    shade = shade.astype(F32, copy=False)
    return cv2.multiply(tex, cv2.merge([shade, shade, shade]))


def _tex_paper_mat(rng, h, w, s):
    kind = rng.integers(3)
    if kind == 0:  # paper: white, cream, grey or kraft
        base = _palette(rng, [(0.90, 0.92, 0.93), (0.80, 0.90, 0.94), (0.72, 0.72, 0.70), (0.42, 0.58, 0.70),
                              (0.88, 0.84, 0.90)])
        lum = 1 + 0.012 * _noise(rng, h, w, 120 * s) + 0.008 * _noise(rng, h, w, 8 * s) \
            + 0.012 * _noise(rng, h, w, 1.2)
        fib = np.zeros((h, w), np.uint8)
        k = int(h * w / 4000)
        p0 = np.stack([rng.uniform(0, w, k), rng.uniform(0, h, k)], -1)
        ang = rng.uniform(0, math.pi, k)
        p1 = p0 + np.stack([np.cos(ang), np.sin(ang)], -1) * rng.uniform(2, 8, k)[:, None] * s
        cv2.polylines(fib, np.round(np.stack([p0, p1], 1) * _ONE).astype(np.int32), False, 255, 1, cv2.LINE_AA,
                      _SHIFT)
        lum -= fib.astype(F32) * F32(0.03 / 255)
        return lum[..., None] * base.astype(F32)
    if kind == 1:  # cork: speckles of darker and lighter granules
        base = _palette(rng, [(0.35, 0.55, 0.72), (0.28, 0.45, 0.62)])
        sp = np.full((h, w), 128, np.uint8)
        n = int(h * w / 30)
        for val in (70, 95, 160, 185):
            k = n // 4
            pts = np.stack([rng.uniform(0, w, k), rng.uniform(0, h, k)], -1)
            r = max(1, int(round(rng.uniform(0.25, 0.6) * s)))
            # draw granules as short thick lines (one call per batch)
            seg = np.stack([pts, pts + rng.normal(0, 0.3 * s, (k, 2))], 1)
            cv2.polylines(sp, np.round(seg * _ONE).astype(np.int32), False, val, r, cv2.LINE_AA, _SHIFT)
        lum = cv2.GaussianBlur(sp.astype(F32) / 128.0, (0, 0), 0.7)
        lum = 1 + (lum - 1) * 0.9 + 0.04 * _noise(rng, h, w, 30 * s)
        return lum[..., None] * base.astype(F32)
    # bamboo / straw place mat: slats with rounded shading and seams
    base = _palette(rng, [(0.45, 0.70, 0.80), (0.30, 0.50, 0.60), (0.15, 0.25, 0.30)])
    pw = rng.uniform(5, 10) * s
    yy = np.arange(h, dtype=F32)[:, None]
    ky = np.floor(yy / pw).astype(np.int64)
    fy = yy / F32(pw) - ky
    prof = 0.65 + 0.35 * np.sin(F32(math.pi) * fy) ** 0.5
    jit = (1 + 0.07 * rng.standard_normal(int(ky.max()) + 2)).astype(F32)[ky]
    streak = cv2.resize(rng.standard_normal((h, max(2, w // 80))).astype(F32), (w, h), interpolation=cv2.INTER_LINEAR)
    lum = prof * jit * (1 + 0.05 * streak)
    return lum[..., None] * base.astype(F32)


def _tex_pattern(rng, h, w, s):
    dark_bg = rng.random() < 0.45
    bg = _palette(rng, [(0.15, 0.12, 0.12), (0.30, 0.12, 0.10), (0.10, 0.10, 0.35), (0.12, 0.25, 0.10)]
                  if dark_bg else [(0.90, 0.92, 0.93), (0.75, 0.88, 0.92), (0.85, 0.80, 0.75), (0.80, 0.88, 0.80)])
    cols = [_palette(rng, [(0.2, 0.2, 0.75), (0.7, 0.4, 0.1), (0.15, 0.55, 0.25), (0.2, 0.65, 0.85), (0.9, 0.9, 0.9),
                           (0.3, 0.3, 0.3), (0.6, 0.2, 0.5)]) for _ in range(3)]
    kind = rng.integers(3)
    ang = rng.uniform(0, math.pi)
    yy = np.arange(h, dtype=F32)[:, None] / F32(s)
    xx = np.arange(w, dtype=F32)[None, :] / F32(s)
    u = xx * F32(math.cos(ang)) + yy * F32(math.sin(ang))
    v = -xx * F32(math.sin(ang)) + yy * F32(math.cos(ang))
    tex = np.empty((h, w, 3), F32)
    tex[:] = bg.astype(F32)
    if kind == 0:  # stripes: a repeat of bands of random widths and colours
        widths = rng.uniform(2, 22, int(rng.integers(3, 7)))
        edges = np.concatenate([[0], np.cumsum(widths)])
        period = edges[-1]
        ph = np.mod(u, F32(period))
        # (float32 rounding may bring u mod period up to the period itself: the last band)
        idx = np.minimum(np.searchsorted(edges, ph.ravel(), side="right").reshape(ph.shape) - 1, len(widths) - 1)
        ci = rng.integers(-1, 3, len(widths))
        table = np.array([bg] + cols, dtype=F32)
        tex = table[np.where(ci[idx] < 0, 0, ci[idx] + 1)]
    elif kind == 1:  # gingham: translucent bands in both directions
        p = rng.uniform(5, 14)
        a = (np.mod(u, F32(2 * p)) < p).astype(F32)
        b = (np.mod(v, F32(2 * p)) < p).astype(F32)
        k = (0.5 * (a + b))[..., None]
        tex = bg.astype(F32) * (1 - k) + cols[0].astype(F32) * k
    else:  # small print on a jittered grid: dots or four-petal flowers
        p = rng.uniform(9, 22)
        flower = rng.random() < 0.5
        mask = np.zeros((h, w), np.uint8)
        gx = np.arange(-2, w / s / p + 3)
        gy = np.arange(-2, h / s / p + 3)
        G = np.stack(np.meshgrid(gx, gy), -1).reshape(-1, 2) * p
        G[:, 0] += (np.arange(len(G)) // len(gx)) % 2 * p / 2
        G += rng.normal(0, 0.6, G.shape)
        r = rng.uniform(1.2, 3.0) * s
        pts = G * s
        if flower:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                q = pts + np.array([dx, dy]) * r
                seg = np.stack([q, q], 1)
                cv2.polylines(mask, np.round(seg * _ONE).astype(np.int32), False, 255, max(1, int(1.4 * r)),
                              cv2.LINE_AA, _SHIFT)
        else:
            seg = np.stack([pts, pts], 1)
            cv2.polylines(mask, np.round(seg * _ONE).astype(np.int32), False, 255, max(1, int(2 * r)),
                          cv2.LINE_AA, _SHIFT)
        k = (mask.astype(F32) / 255.0)[..., None]
        tex = tex * (1 - k) + cols[0].astype(F32) * k
    tex *= (1 + 0.03 * _noise(rng, h, w, 2.0) + 0.03 * _noise(rng, h, w, 60 * s))[..., None]
    return tex


_TABLES = (_tex_felt, _tex_wood, _tex_woven, _tex_paper_mat, _tex_pattern)


def _table(rng, cam: _Camera, px_mm: float):
    """Table albedo seen by the camera (float32 BGR) and the kind of table."""
    w, h = cam.w, cam.h
    corners = cam.backproject([(0, 0), (w, 0), (w, h), (0, h)])[:, :2]
    mid = cam.backproject([(0, h / 2), (w, h / 2)])[:, :2]
    ax = _unit(mid[1] - mid[0])
    ay = np.array([-ax[1], ax[0]])
    pu, pv = corners @ ax, corners @ ay
    u0, u1, v0, v1 = pu.min() - 10, pu.max() + 10, pv.min() - 10, pv.max() + 10
    s = px_mm * 0.9
    area = (u1 - u0) * (v1 - v0)
    s = min(s, math.sqrt(1.3e6 / area))
    tw, th = int(math.ceil((u1 - u0) * s)), int(math.ceil((v1 - v0) * s))
    kind = int(rng.choice(len(_TABLES), p=[0.24, 0.24, 0.16, 0.18, 0.18]))
    tex = _TABLES[kind](rng, th, tw, s).astype(F32, copy=False)
    # texture pixel -> table mm -> image
    A = np.array([[ax[0] / s, ay[0] / s, ax[0] * u0 + ay[0] * v0],
                  [ax[1] / s, ay[1] / s, ax[1] * u0 + ay[1] * v0],
                  [0, 0, 1.0]])
    M = cam.plane(0.0) @ A
    img = cv2.warpPerspective(tex, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    return img, kind


# ---------------------------------------------------------------------------------------
# tile sets
_CHINESE_BODIES = [  # (weight, face colour BGR, pip colour, red colour, texture)
    (0.40, (0.08, 0.075, 0.07), (0.93, 0.93, 0.91), (0.16, 0.16, 0.86), "ebony"),
    (0.33, (0.76, 0.89, 0.94), (0.07, 0.07, 0.08), (0.12, 0.10, 0.72), "ivory"),
    (0.10, (0.17, 0.30, 0.08), (0.92, 0.93, 0.92), (0.16, 0.16, 0.85), "plastic"),
    (0.10, (0.18, 0.46, 0.76), (0.06, 0.07, 0.10), (0.08, 0.06, 0.55), "amber"),
    (0.07, (0.40, 0.15, 0.06), (0.93, 0.93, 0.93), (0.16, 0.18, 0.88), "plastic"),
]
_WESTERN_BODIES = [
    (0.45, (0.74, 0.89, 0.94), (0.06, 0.06, 0.07), (0.12, 0.10, 0.72), "ivory"),
    (0.17, (0.90, 0.92, 0.93), (0.06, 0.06, 0.07), (0.12, 0.10, 0.75), "plastic"),
    (0.28, (0.07, 0.07, 0.07), (0.93, 0.93, 0.93), (0.16, 0.16, 0.86), "plastic"),
    (0.10, (0.20, 0.48, 0.78), (0.06, 0.07, 0.10), (0.08, 0.06, 0.55), "amber"),
]
_BACK_LAYERS = [(0.20, 0.42, 0.62), (0.20, 0.45, 0.15), (0.60, 0.35, 0.12), (0.15, 0.15, 0.60), (0.88, 0.90, 0.90),
                (0.08, 0.08, 0.08)]


def _pick_set(rng) -> dict:
    chinese = rng.random() < 0.6
    bodies = _CHINESE_BODIES if chinese else _WESTERN_BODIES
    wts = np.array([b[0] for b in bodies])
    _, face, pip, red, texture = bodies[int(rng.choice(len(bodies), p=wts / wts.sum()))]
    jit = lambda c, a: np.clip(np.array(c) * rng.uniform(1 - a, 1 + a) + rng.normal(0, 0.012, 3), 0.02, 0.98)  # noqa: E731
    face = jit(face, 0.08)
    back = face.copy()
    layer = 1.0
    if rng.random() < 0.3:
        cand = [np.array(c) for c in _BACK_LAYERS if np.abs(np.array(c) - face).sum() > 0.5]
        back = jit(cand[int(rng.integers(len(cand)))], 0.06)
        layer = rng.uniform(0.4, 0.65)  # share of the thickness in the face colour
    if chinese:
        W = rng.uniform(20, 25)
        L = W * rng.uniform(2.4, 2.6)
    else:
        W = rng.uniform(22, 26)
        L = 2 * W
    st = {
        "chinese": chinese, "W": W, "L": L, "T": W * rng.uniform(0.35, 0.45),
        "rc": W * rng.uniform(0.06, 0.14), "bevel": rng.uniform(0.4, 1.2),
        "face": face, "back": back, "layer": layer, "pip": jit(pip, 0.04), "red": jit(red, 0.08),
        "texture": texture, "ks": rng.uniform(0.08, 0.5), "shin": rng.uniform(15, 90),
        "pip_kind": "domed" if rng.random() < 0.45 else "incised", "pip_hl": rng.uniform(0.25, 0.9),
        "long33": chinese and rng.random() < 0.35, "six_red_col": int(rng.integers(2)),
        "back_spots": chinese and rng.random() < 0.4, "painted": chinese or rng.random() < 0.85,
        "six_across": (not chinese) and rng.random() < 0.25, "spinner": (not chinese) and rng.random() < 0.5,
        "pip_scale": rng.uniform(0.9, 1.12),
    }
    if rng.random() < 0.12 and texture == "ivory":  # some light sets use dark green or blue pips
        st["pip"] = np.array([(0.20, 0.25, 0.05), (0.35, 0.12, 0.05)][int(rng.integers(2))])
    return st


# Pip layouts per half: (a, b) with a along the tile from the middle (0) to the end (1) and
# b across the tile (-1..1); radius factor relative to the set's ordinary pip.
_CH_LAYOUT = {
    1: [(0.52, 0.0)],
    2: [(0.74, -0.44), (0.74, 0.44)],
    3: [(0.27, -0.46), (0.52, 0.0), (0.77, 0.46)],
    4: [(0.32, -0.42), (0.32, 0.42), (0.72, -0.42), (0.72, 0.42)],
    5: [(0.28, -0.44), (0.28, 0.44), (0.52, 0.0), (0.76, -0.44), (0.76, 0.44)],
    6: [(0.25, -0.42), (0.25, 0.42), (0.52, -0.42), (0.52, 0.42), (0.79, -0.42), (0.79, 0.42)],
}
_W_D = 0.27  # Western die offsets in halves of the square
_W_LAYOUT = {
    0: [],
    1: [(0.5, 0.0)],
    2: [(0.5 - _W_D, -2 * _W_D), (0.5 + _W_D, 2 * _W_D)],
    3: [(0.5 - _W_D, -2 * _W_D), (0.5, 0.0), (0.5 + _W_D, 2 * _W_D)],
    4: [(0.5 - _W_D, -2 * _W_D), (0.5 - _W_D, 2 * _W_D), (0.5 + _W_D, -2 * _W_D), (0.5 + _W_D, 2 * _W_D)],
    5: [(0.5 - _W_D, -2 * _W_D), (0.5 - _W_D, 2 * _W_D), (0.5, 0.0), (0.5 + _W_D, -2 * _W_D),
        (0.5 + _W_D, 2 * _W_D)],
    6: [(0.5 - _W_D, -2 * _W_D), (0.5 - _W_D, 2 * _W_D), (0.5, -2 * _W_D), (0.5, 2 * _W_D),
        (0.5 + _W_D, -2 * _W_D), (0.5 + _W_D, 2 * _W_D)],
}
_W_SIX_ACROSS = [(0.5 - _W_D, -2 * _W_D), (0.5 - _W_D, 0.0), (0.5 - _W_D, 2 * _W_D), (0.5 + _W_D, -2 * _W_D),
                 (0.5 + _W_D, 0.0), (0.5 + _W_D, 2 * _W_D)]


def _face_pips(st: dict, v_neg: int, v_pos: int) -> list:
    """Pips of a face in tile coordinates (mm): (x, y, r, colour)."""
    L, W = st["L"], st["W"]
    hl, hw = L / 2, W / 2
    red, pip = st["red"], st["pip"]
    out = []
    double6 = v_neg == 6 and v_pos == 6
    if st["chinese"] and st["long33"] and v_neg == 3 and v_pos == 3:
        r = 0.115 * W * st["pip_scale"]
        for x in (-0.80, -0.57, -0.13, 0.13, 0.57, 0.80):
            out.append((x * hl, 0.0, r, pip))
        return out
    for sign, v in ((-1, v_neg), (1, v_pos)):
        if st["chinese"]:
            lay = _CH_LAYOUT[v]
            r = 0.118 * W * st["pip_scale"]
            if v == 1:
                r = 0.20 * W * st["pip_scale"]
            elif v == 4:
                r *= 1.06
        else:
            lay = _W_SIX_ACROSS if (v == 6 and st["six_across"]) else _W_LAYOUT[v]
            r = 0.085 * W * st["pip_scale"]
        painted = st["painted"]
        for a, b in lay:
            x, y = sign * a * hl, sign * b * hw  # the far half is the near half turned 180 degrees
            col = pip
            if painted and v in (1, 4):
                col = red
            elif painted and double6:
                if st["chinese"] or not st["six_across"]:
                    col = red if (b < 0) == bool(st["six_red_col"]) else pip
                else:
                    col = red if a < 0.5 else pip
            out.append((x, y, r, col))
    return out


# ---------------------------------------------------------------------------------------
# sprites: albedo maps of flat tops, lit, premultiplied, warped into the image
def _pip(alb, hl, cx, cy, r, col, rim, ldir, hl_amp, hl_off, kind):
    H, W = alb.shape[:2]
    R = r + max(2.0, 0.4 * r)
    x0, x1 = max(0, int(cx - R)), min(W, int(cx + R) + 2)
    y0, y1 = max(0, int(cy - R)), min(H, int(cy + R) + 2)
    if x0 >= x1 or y0 >= y1:
        return
    X = (np.arange(x0, x1, dtype=F32) - F32(cx))[None, :]
    Y = (np.arange(y0, y1, dtype=F32) - F32(cy))[:, None]
    d = np.sqrt(X * X + Y * Y)
    a = np.clip(r + 0.5 - d, 0, 1)
    rho = np.clip(d / r, 0, 1)
    cosl = (X * ldir[0] + Y * ldir[1]) / (d + 1e-3)
    if kind == "incised":  # a shallow cup: the wall on the light side is in shadow
        shade = 1.0 - 0.5 * _smoothstep(0.5, 1.0, rho) * (0.55 + 0.45 * cosl)
    else:  # a painted dome: brighter toward the light, darker at the edge
        shade = 1.0 + 0.15 * rho * cosl - 0.28 * rho * rho
    ring = np.exp(-((d - r) / (0.12 * r + 0.5)) ** 2) * 0.55
    patch = alb[y0:y1, x0:x1]
    pc = np.asarray(col, F32)[None, None, :] * shade[..., None]
    patch[:] = patch * (1 - a[..., None]) + pc * a[..., None]
    patch[:] = patch * (1 - ring[..., None]) + np.asarray(rim, F32) * ring[..., None]
    g = np.exp(-((X - hl_off[0] * r) ** 2 + (Y - hl_off[1] * r) ** 2) / (2 * (0.2 * r + 0.35) ** 2))
    hl[y0:y1, x0:x1] += F32(hl_amp) * g * a


class _Top:
    """A flat top (tile face or back, coin, card...) of a body at height z, as a sprite."""

    def __init__(self, length: float, width: float, rc: float, s: float):
        self.s = s
        self.w = int(math.ceil(length * s)) + 4
        self.h = int(math.ceil(width * s)) + 4
        self.cu, self.cv = (self.w - 1) / 2.0, (self.h - 1) / 2.0
        X = (np.arange(self.w, dtype=F32) - F32(self.cu))[None, :]
        Y = (np.arange(self.h, dtype=F32) - F32(self.cv))[:, None]
        hx, hy, r = length * s / 2, width * s / 2, min(rc * s, 0.999 * min(length, width) * s / 2)
        qx, qy = np.abs(X) - F32(hx - r), np.abs(Y) - F32(hy - r)
        mqx, mqy = np.maximum(qx, 0), np.maximum(qy, 0)
        self.sdf = np.sqrt(mqx * mqx + mqy * mqy) + np.minimum(np.maximum(qx, qy), 0) - F32(r)
        self.alpha = np.clip(0.5 - self.sdf, 0, 1)
        self.X, self.Y, self.qx, self.qy = X, Y, qx, qy
        self.alb = np.empty((self.h, self.w, 3), F32)
        self.hl = np.zeros((self.h, self.w), F32)

    def local(self, u, v):
        return (u - self.cu) / self.s, (v - self.cv) / self.s

    def to_px(self, x, y):
        return x * self.s + self.cu, y * self.s + self.cv

    def outward(self):
        corner = (self.qx > 0) & (self.qy > 0)
        nx = np.where(corner, np.maximum(self.qx, 0), np.where(self.qx > self.qy, 1.0, 0.0)) * np.sign(self.X)
        ny = np.where(corner, np.maximum(self.qy, 0), np.where(self.qx > self.qy, 0.0, 1.0)) * np.sign(self.Y)
        n = np.sqrt(nx * nx + ny * ny) + 1e-6
        return nx / n, ny / n


def _lit_sprite(top: _Top, cam, light, centre, ang, z, ks, shin, bevel_mm=0.0, out_alpha=None):
    """Light the top's albedo (diffuse + specular on a coarse grid, bevel at the edge) and
    return a premultiplied BGRA sprite and the homography sprite pixel -> image."""
    gx, gy = 12, 5
    us = np.linspace(0, top.w - 1, gx)
    vs = np.linspace(0, top.h - 1, gy)
    U, V = np.meshgrid(us, vs)
    xl, yl = top.local(U, V)
    Rm = _rot(ang)
    P = np.stack([centre[0] + Rm[0, 0] * xl + Rm[0, 1] * yl, centre[1] + Rm[1, 0] * xl + Rm[1, 1] * yl,
                  np.full_like(xl, z)], -1)
    dif, spec = light.shade(P, np.array([0, 0, 1.0]), cam.C, ks, shin)
    dif = cv2.resize(dif.astype(F32), (top.w, top.h), interpolation=cv2.INTER_LINEAR)
    spec = cv2.resize(spec.astype(F32), (top.w, top.h), interpolation=cv2.INTER_LINEAR)
    lc = light.col.astype(F32)
    col = top.alb * dif[..., None]
    sp = spec + top.hl
    if bevel_mm > 0:
        band = _smoothstep(-bevel_mm * top.s, 0.0, top.sdf) * (top.sdf < 0.8)
        nx, ny = top.outward()
        Pc = np.array([centre[0], centre[1], z])
        Lw = _unit(light.pos - Pc)
        Hw = _unit(Lw + _unit(cam.C - Pc))
        Ll = _rot(-ang) @ Lw[:2]
        Hl = _rot(-ang) @ Hw[:2]
        sb, cb = math.sin(0.9), math.cos(0.9)
        db = light.amb + light.kd * np.clip(sb * (nx * Ll[0] + ny * Ll[1]) + cb * Lw[2], 0, None)
        spb = ks * np.clip(sb * (nx * Hl[0] + ny * Hl[1]) + cb * Hw[2], 0, None) ** shin
        bandw = band[..., None].astype(F32)
        col = col * (1 - bandw) + top.alb * db[..., None].astype(F32) * bandw
        sp = sp * (1 - band) + spb * band
    col = col * lc + sp[..., None] * lc
    a = top.alpha if out_alpha is None else out_alpha
    out = np.empty((top.h, top.w, 4), F32)
    out[..., :3] = col * a[..., None]
    out[..., 3] = a
    S = np.array([[1 / top.s, 0, -top.cu / top.s], [0, 1 / top.s, -top.cv / top.s], [0, 0, 1.0]])
    Tw = np.array([[Rm[0, 0], Rm[0, 1], centre[0]], [Rm[1, 0], Rm[1, 1], centre[1]], [0, 0, 1.0]])
    return out, cam.plane(z) @ Tw @ S


def _paste(canvas: np.ndarray, sprite: np.ndarray, M: np.ndarray) -> None:
    h, w = sprite.shape[:2]
    c = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1.0]]) @ M.T
    c = c[:, :2] / c[:, 2:]
    H, W = canvas.shape[:2]
    x0, y0 = max(0, int(math.floor(c[:, 0].min())) - 1), max(0, int(math.floor(c[:, 1].min())) - 1)
    x1, y1 = min(W, int(math.ceil(c[:, 0].max())) + 2), min(H, int(math.ceil(c[:, 1].max())) + 2)
    if x0 >= x1 or y0 >= y1:
        return
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ M
    wp = cv2.warpPerspective(sprite, T, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                             borderValue=(0, 0, 0, 0))
    roi = canvas[y0:y1, x0:x1].astype(F32)
    a = wp[..., 3:4]
    roi = roi * (1 - a) + wp[..., :3] * 255.0
    canvas[y0:y1, x0:x1] = np.clip(roi + 0.5, 0, 255).astype(np.uint8)


def _prism(canvas, cam, light, poly, layers, ks, shin):
    """Draw the visible sides of a vertical prism over the outline ``poly`` (table mm, CCW);
    ``layers`` = [(z0, z1, albedo)] from the bottom up."""
    zs = sorted({0.0, *[z for z0, z1, _ in layers for z in (z0, z1)]})
    ztop = zs[-1]
    # a darker band at the foot (light reaching it is blocked by the table and neighbours)
    foot = 0.2 * ztop
    zs_all = sorted(set(zs) | {foot})
    P = np.concatenate([np.column_stack([poly, np.full(len(poly), z)]) for z in zs_all])
    proj = cam.project(P).reshape(len(zs_all), len(poly), 2)
    ring = {z: proj[i] for i, z in enumerate(zs_all)}
    hull = cv2.convexHull(np.concatenate([ring[0.0], ring[ztop]]).astype(F32))
    mean = np.mean([c for _, _, c in layers], axis=0) * (light.amb + 0.3 * light.kd) * light.col
    cv2.fillConvexPoly(canvas, _fix(hull.reshape(-1, 2)), _u8(mean), cv2.LINE_AA, _SHIFT)
    n = len(poly)
    d = np.roll(poly, -1, axis=0) - poly
    nrm = _unit(np.stack([d[:, 1], -d[:, 0]], -1))
    mid = poly + d / 2
    vis = ((cam.C[:2] - mid) * nrm).sum(-1) > 1e-6
    bands = []
    for z0, z1, col in layers:
        cuts = [z0] + ([foot] if z0 < foot < z1 else []) + [z1]
        for a, b in zip(cuts[:-1], cuts[1:], strict=True):
            bands.append((a, b, np.asarray(col), 0.72 if b <= foot + 1e-9 else 1.0))
    idx = np.nonzero(vis)[0]
    if not len(idx):
        return
    N3 = np.column_stack([nrm[idx], np.zeros(len(idx))])
    jdx = (idx + 1) % n
    for z0, z1, col, ao in bands:
        Pm = np.column_stack([mid[idx], np.full(len(idx), (z0 + z1) / 2)])
        dif, spec = light.shade(Pm, N3, cam.C, ks * 0.6, shin)
        cols = np.clip(255 * (col[None, :] * (dif * ao)[:, None] + spec[:, None]) * light.col[None, :], 0, 255)
        quads = _fix(np.stack([ring[z0][idx], ring[z0][jdx], ring[z1][jdx], ring[z1][idx]], 1))
        for q, c in zip(quads, cols.tolist(), strict=True):
            cv2.fillConvexPoly(canvas, q, c, cv2.LINE_AA, _SHIFT)


def _shadow_poly(poly, height, light):
    """Outline on the table of the shadow of a prism of this height (table mm)."""
    top = np.column_stack([poly, np.full(len(poly), height)])
    s = light.pos[2] / (light.pos[2] - height)
    proj = light.pos[:2] + (top[:, :2] - light.pos[:2]) * s
    pts = np.concatenate([poly, proj]).astype(F32)
    return cv2.convexHull(pts).reshape(-1, 2).astype(np.float64)


# ---------------------------------------------------------------------------------------
# tiles
def _tile_top(st, t, cam, light, s):
    top = _Top(st["L"], st["W"], st["rc"], s)
    up = t["face"] == "up"
    body = st["face"] if up else st["back"]
    rng = t["rng"]
    # surface: mottling or grain
    tex = st["texture"]
    if tex == "ebony":
        m = 0.05 * cv2.resize(rng.standard_normal((top.h, 4)).astype(F32), (top.w, top.h)) \
            + 0.02 * _noise(rng, top.h, top.w, 10)
    elif tex == "ivory":
        m = 0.012 * _noise(rng, top.h, top.w, top.w / 3) + 0.008 * _noise(rng, top.h, top.w, 3)
    elif tex == "amber":
        m = 0.08 * _noise(rng, top.h, top.w, top.w / 5)
    else:
        m = 0.012 * _noise(rng, top.h, top.w, top.w / 4)
    top.alb[:] = np.asarray(body, F32)
    top.alb *= (1 + m)[..., None]
    Pc = np.array([t["x"], t["y"], st["T"]])
    Lw = _unit(light.pos - Pc)
    Hw = _unit(Lw + _unit(cam.C - Pc))
    ldir = _unit(_rot(-t["a"]) @ Lw[:2])
    hxy = _rot(-t["a"]) @ Hw[:2]
    hoff = np.clip(hxy / 1.4, -0.65, 0.65)
    kind = st["pip_kind"]
    if kind == "incised":
        hoff = -hoff * 0.8
    hl_amp = st["pip_hl"] * (0.5 + 0.5 * Hw[2])
    dark_body = float(np.mean(body)) < 0.4

    def rim_of(col):
        return np.asarray(col) * 0.35 if not dark_body else np.asarray(body) * 0.5

    if up:
        for x, y, r, col in _face_pips(st, t["v_neg"], t["v_pos"]):
            cx, cy = top.to_px(x, y)
            _pip(top.alb, top.hl, cx, cy, r * s, col, rim_of(col), ldir, hl_amp, hoff, kind)
        if not st["chinese"]:  # dividing bar (and sometimes a brass spinner)
            W = st["W"]
            half = 0.38 * W * s
            th = max(0.6, 0.035 * W * s)
            X, Y = top.X, top.Y
            dd = np.maximum(np.abs(X) - 0.0, 0) ** 2 + np.maximum(np.abs(Y) - half, 0) ** 2
            bar = np.clip(th / 2 + 0.5 - np.sqrt(dd), 0, 1)[..., None]
            top.alb[:] = top.alb * (1 - bar) + np.asarray(st["pip"], F32) * 0.8 * bar
            if st["spinner"]:
                cx, cy = top.to_px(0, 0)
                _pip(top.alb, top.hl, cx, cy, 0.07 * W * s, (0.25, 0.6, 0.78), (0.1, 0.25, 0.35), ldir,
                     1.2, -hoff if kind == "incised" else hoff, "domed")
    elif st["back_spots"]:
        W, L = st["W"], st["L"]
        white = np.array([0.92, 0.92, 0.91])
        for k, (x, y) in enumerate(((-0.2 * L, -0.22 * W), (0, 0), (0.2 * L, 0.22 * W))):
            col = st["red"] if k == 1 else white
            cx, cy = top.to_px(x, y)
            _pip(top.alb, top.hl, cx, cy, 0.1 * W * s, col, rim_of(col), ldir, hl_amp * 0.7, hoff, "incised")
    sprite, M = _lit_sprite(top, cam, light, (t["x"], t["y"]), t["a"], st["T"], st["ks"], st["shin"],
                            bevel_mm=st["bevel"])
    sprite = cv2.GaussianBlur(sprite, (3, 3), 0.5)
    return sprite, M


def _tile_layers(st, face):
    T = st["T"]
    if st["layer"] >= 1.0:
        return [(0.0, T, st["face"])]
    zf = T * (1 - st["layer"])
    if face == "up":
        return [(0.0, zf, st["back"]), (zf, T, st["face"])]
    zb = T * st["layer"]
    return [(0.0, zb, st["face"]), (zb, T, st["back"])]


# ---------------------------------------------------------------------------------------
# layout
def _rect(cx, cy, a, hl, hw):
    R = _rot(a)
    return np.array([cx, cy]) + np.array([[-hl, -hw], [hl, -hw], [hl, hw], [-hl, hw]]) @ R.T


def _overlap(rect, others, clear):
    """True when ``rect`` comes closer than ``clear`` to any of ``others`` (m, 4, 2)."""
    if len(others) == 0:
        return False
    sep = np.zeros(len(others), bool)
    for ax in (_unit(rect[1] - rect[0]), _unit(rect[3] - rect[0])):
        pa = rect @ ax
        pb = others @ ax
        sep |= (pb.min(1) >= pa.max() + clear - 1e-6) | (pa.min() >= pb.max(1) + clear - 1e-6)
    for e in ((1, 0), (3, 0)):
        axb = _unit(others[:, e[0]] - others[:, e[1]])
        pb = np.einsum("mkj,mj->mk", others, axb)
        pa = np.einsum("kj,mj->mk", rect, axb)
        sep |= (pb.min(1) >= pa.max(1) + clear - 1e-6) | (pa.min(1) >= pb.max(1) + clear - 1e-6)
    return bool((~sep).any())


def _inside(cam, rect, T, margin=3.0):
    P = np.concatenate([np.column_stack([rect, np.zeros(4)]), np.column_stack([rect, np.full(4, T)])])
    p = cam.project(P)
    return bool((p[:, 0] >= margin).all() and (p[:, 0] <= cam.w - 1 - margin).all()
                and (p[:, 1] >= margin).all() and (p[:, 1] <= cam.h - 1 - margin).all())


def _layout(rng, cam, st, n):
    L, W, T = st["L"], st["W"], st["T"]
    hl, hw = L / 2, W / 2
    aligned = rng.random() < 0.45
    base_ang = rng.uniform(0, math.pi)
    clear = rng.uniform(3, 15)
    rects = np.zeros((0, 4, 2))
    poses: list[tuple[float, float, float]] = []
    tries = 0
    while len(poses) < n:
        tries += 1
        if tries > 40 * n + 150:
            return None
        left = n - len(poses)
        r = rng.random()
        if left >= 2 and r < 0.22:
            kind, k = "side", int(rng.integers(2, min(4, left) + 1))
        elif left >= 2 and r < 0.34:
            kind, k = "end", int(rng.integers(2, min(3, left) + 1))
        else:
            kind, k = "one", 1
        uv = (rng.uniform(0, cam.w), rng.uniform(0, cam.h))
        X = cam.backproject(uv, 0.0)[0, :2]
        if aligned:
            a0 = base_ang + rng.choice([0.0, math.pi / 2, math.pi, 1.5 * math.pi]) + rng.normal(0, math.radians(3))
        else:
            a0 = rng.uniform(0, 2 * math.pi)
        ux = np.array([math.cos(a0), math.sin(a0)])
        uy = np.array([-ux[1], ux[0]])
        group, grects, off = [], [], 0.0
        for i in range(k):
            if i:
                off += (W if kind == "side" else L) + rng.uniform(0, 2.0)
            a = a0 + (rng.normal(0, math.radians(1.2)) if k > 1 else 0.0) + (math.pi if rng.random() < 0.5 else 0)
            c = X + (uy if kind == "side" else ux) * off + (ux if kind == "side" else uy) * rng.normal(0, 0.6) * (k > 1)
            group.append((c[0], c[1], a))
            grects.append(_rect(c[0], c[1], a, hl, hw))
        shift = (uy if kind == "side" else ux) * off / 2
        group = [(x - shift[0], y - shift[1], a) for x, y, a in group]
        grects = [g - shift for g in grects]
        ok = True
        for i, g in enumerate(grects):
            if not _inside(cam, g, T) or _overlap(g, rects, clear) or _overlap(g, np.array(grects[:i]).reshape(-1, 4, 2), 0.0):
                ok = False
                break
        if ok:
            poses += group
            rects = np.concatenate([rects, np.array(grects)])
    return poses


def _choose_tiles(rng, st, n):
    idx = rng.permutation(len(FULL_SET))[:n]
    p_down = 0.0 if rng.random() < 0.35 else rng.uniform(0.05, 0.5)
    tiles = []
    for i in idx:
        t = FULL_SET[int(i)]
        tiles.append({"hi": t.hi, "lo": t.lo, "name": t.name, "face": "down" if rng.random() < p_down else "up"})
    if not st["chinese"] and n and rng.random() < 0.3:  # Western sets: blank halves are read as 0
        for j in rng.choice(n, size=min(n, int(rng.integers(1, 3))), replace=False):
            v = int(rng.integers(0, 7))
            tiles[int(j)].update(hi=v, lo=0, name=None, face="up")
    return tiles


# ---------------------------------------------------------------------------------------
# clutter
def _disc_top(r, s, alb_fn):
    top = _Top(2 * r, 2 * r, r, s)
    alb_fn(top)
    return top


def _clutter(rng, cam, occ):
    """Place one to three objects (coins, a chip, a cup, a card, a die) clear of the tiles
    in the image (``occ``: occupancy mask, updated); returns their descriptions."""
    items = []
    k = int(rng.integers(1, 4))
    for _ in range(k):
        kind = ["coin", "coin", "chip", "cup", "card", "die"][int(rng.integers(6))]
        for _attempt in range(25):
            uv = (rng.uniform(-0.05, 1.05) * cam.w, rng.uniform(-0.05, 1.05) * cam.h)
            X = cam.backproject(uv, 0.0)[0, :2]
            ang = rng.uniform(0, 2 * math.pi)
            if kind == "coin":
                r, hgt = rng.uniform(9, 14), rng.uniform(1.5, 2.3)
                poly = X + _circle(r, 24)
            elif kind == "chip":
                r, hgt = 19.5, 3.3
                poly = X + _circle(r, 28)
            elif kind == "cup":
                r, hgt = rng.uniform(36, 45), rng.uniform(80, 100)
                poly = X + _circle(r, 40)
            elif kind == "card":
                r, hgt = 0, 0.4
                poly = X + _rounded_rect(44, 31.5, 3, 2) @ _rot(ang).T
            else:
                r = rng.uniform(7, 9)
                hgt = 2 * r
                poly = X + _rounded_rect(r, r, 0.18 * r, 2) @ _rot(ang).T
            P = np.concatenate([np.column_stack([poly, np.zeros(len(poly))]),
                                np.column_stack([poly, np.full(len(poly), hgt)])])
            p = cam.project(P)
            hull = cv2.convexHull(p.astype(F32)).reshape(-1, 2)
            m = np.zeros_like(occ)
            cv2.fillConvexPoly(m, np.round(hull).astype(np.int32), 255)
            if (m & occ).any():
                continue
            if m.sum() == 0:
                continue
            cv2.fillConvexPoly(occ, np.round(hull).astype(np.int32), 255)
            items.append({"kind": kind, "X": X, "r": r, "h": hgt, "a": ang, "poly": poly,
                          "seed": int(rng.integers(1 << 30))})
            break
    return items


def _draw_clutter(canvas, cam, light, it):
    rng = np.random.default_rng(it["seed"])
    X, r, hgt, ang, kind = it["X"], it["r"], it["h"], it["a"], it["kind"]
    depth = float(cam.depth(np.array([X[0], X[1], hgt])))
    s = 1.5 * cam.f / depth
    if kind in ("coin", "chip"):
        if kind == "coin":
            metal = np.array([(0.30, 0.55, 0.75), (0.72, 0.72, 0.70), (0.25, 0.40, 0.70)][int(rng.integers(3))])
            side = metal * 0.8
        else:
            metal = _palette(rng, [(0.15, 0.15, 0.75), (0.6, 0.3, 0.1), (0.15, 0.5, 0.15), (0.12, 0.12, 0.12),
                                   (0.85, 0.85, 0.85)])
            side = metal
        _prism(canvas, cam, light, it["poly"], [(0.0, hgt, side)], 0.6, 30)

        def alb(top):
            rr = np.sqrt(top.X ** 2 + top.Y ** 2) / (r * s)
            top.alb[:] = np.asarray(metal, F32)
            if kind == "coin":
                lum = 1 - 0.25 * np.exp(-((rr - 0.9) / 0.04) ** 2) - 0.15 * np.exp(-((rr - 0.55) / 0.03) ** 2)
                lum = lum + 0.06 * _noise(rng, top.h, top.w, 3)
                top.alb *= lum[..., None]
            else:
                th = np.arctan2(top.Y, top.X)
                ins = ((np.mod(th + ang, math.pi / 3) < 0.28) & (rr > 0.8)) | (np.abs(rr - 0.62) < 0.025)
                top.alb[ins] = (0.92, 0.92, 0.92)
        top = _disc_top(r, s, alb)
        sp, M = _lit_sprite(top, cam, light, X, ang, hgt, 0.9 if kind == "coin" else 0.3,
                            60 if kind == "coin" else 20)
        _paste(canvas, sp, M)
    elif kind == "die":
        body = np.array([(0.93, 0.93, 0.92), (0.15, 0.15, 0.80), (0.80, 0.85, 0.88)][int(rng.integers(3))])
        _prism(canvas, cam, light, it["poly"], [(0.0, hgt, body)], 0.4, 30)
        top = _Top(2 * r, 2 * r, 0.18 * r, s)
        top.alb[:] = np.asarray(body, F32)
        v = int(rng.integers(1, 7))
        dark = np.array([0.05, 0.05, 0.05]) if body[0] > 0.5 else np.array([0.92, 0.92, 0.92])
        for a_, b_ in _W_LAYOUT[v]:
            x, y = (a_ - 0.5) * 2 * r * 0.9, b_ * r * 0.9
            cx, cy = top.to_px(x, y)
            col = np.array([0.12, 0.1, 0.75]) if v == 1 and body[0] > 0.5 else dark
            _pip(top.alb, top.hl, cx, cy, (0.3 if v == 1 else 0.16) * r * s, col, col * 0.4, (1, 0), 0.3,
                 (0.2, 0.2), "incised")
        sp, M = _lit_sprite(top, cam, light, X, ang, hgt, 0.4, 30, bevel_mm=0.8)
        _paste(canvas, sp, M)
    elif kind == "card":
        top = _Top(88, 63, 3, s)
        top.alb[:] = np.array([0.94, 0.94, 0.93], F32)
        ink = np.zeros((top.h, top.w), np.uint8)
        red = rng.random() < 0.5
        rank = ["A", "2", "3", "5", "7", "9", "10", "J", "Q", "K"][int(rng.integers(10))]
        fs = 0.1 * top.h / 22.0  # rank about a tenth of the card's width tall
        thick = max(1, int(round(fs * 2)))
        (tw_, th_), _ = cv2.getTextSize(rank, cv2.FONT_HERSHEY_SIMPLEX, fs, thick)
        for flip in (False, True):
            img = np.zeros_like(ink)
            cv2.putText(img, rank, (int(0.05 * top.h), int(0.06 * top.h + th_)), cv2.FONT_HERSHEY_SIMPLEX, fs, 255,
                        thick, cv2.LINE_AA)
            ink = np.maximum(ink, img[::-1, ::-1] if flip else img)
        for gx_ in np.linspace(-0.22, 0.22, 3):
            for gy_ in (-0.2, 0.0, 0.2):
                if rng.random() < 0.6:
                    cx, cy = top.to_px(gx_ * 88, gy_ * 63)
                    rr_ = 0.035 * 88 * s
                    pts = np.array([[cx, cy - rr_], [cx + rr_ * 0.8, cy], [cx, cy + rr_], [cx - rr_ * 0.8, cy]])
                    cv2.fillConvexPoly(ink, _fix(pts), 255, cv2.LINE_AA, _SHIFT)
        k = (ink.astype(F32) / 255.0)[..., None]
        colr = np.array([0.15, 0.12, 0.75] if red else [0.08, 0.08, 0.08], F32)
        top.alb[:] = top.alb * (1 - k) + colr * k
        sp, M = _lit_sprite(top, cam, light, X, ang, hgt, 0.25, 25)
        _paste(canvas, sp, M)
    else:  # cup seen from above: body, rim, inner wall and drink
        ceramic = _palette(rng, [(0.92, 0.92, 0.91), (0.85, 0.60, 0.30), (0.20, 0.20, 0.22), (0.30, 0.55, 0.80)])
        _prism(canvas, cam, light, it["poly"], [(0.0, hgt, ceramic)], 0.5, 40)
        Xc = np.array([X[0], X[1]])
        H, W = canvas.shape[:2]

        def ellipse(rad, z):
            pts = np.column_stack([Xc + _circle(rad, 48), np.full(48, z)])
            return cam.project(pts)

        outer, inner = ellipse(r, hgt), ellipse(r - 3.5, hgt)
        drink_z = hgt - rng.uniform(12, 35)
        liquid = ellipse(r - 4.2, drink_z)
        dif, spec = light.shade(np.array([Xc[0], Xc[1], hgt]), np.array([0, 0, 1.0]), cam.C, 0.5, 40)
        cv2.fillConvexPoly(canvas, _fix(outer), _u8(ceramic * dif * light.col + spec), cv2.LINE_AA, _SHIFT)
        cv2.fillConvexPoly(canvas, _fix(inner), _u8(ceramic * dif * 0.7 * light.col), cv2.LINE_AA, _SHIFT)
        m1 = np.zeros((H, W), np.uint8)
        m2 = np.zeros((H, W), np.uint8)
        cv2.fillConvexPoly(m1, _fix(inner), 255, cv2.LINE_AA, _SHIFT)
        cv2.fillConvexPoly(m2, _fix(liquid), 255, cv2.LINE_AA, _SHIFT)
        m = np.minimum(m1, m2)
        ys, xs = np.nonzero(m)
        if len(ys):
            drink = np.array([(0.05, 0.12, 0.22), (0.10, 0.30, 0.55), (0.25, 0.45, 0.65)][int(rng.integers(3))])
            a = (m[ys, xs].astype(F32) / 255.0)[:, None]
            canvas[ys, xs] = np.clip(canvas[ys, xs] * (1 - a) + a * np.array(_u8(drink * dif * light.col)), 0, 255)


# ---------------------------------------------------------------------------------------
# hand
def _hand(rng, cam, target_xy, L, T):
    """3D hand parts: (palm outline at height, [(p0, p1, r0, r1)] capsules)."""
    w, h = cam.w, cam.h
    uv = cam.project(np.array([target_xy[0], target_xy[1], 0.0]))
    dists = [uv[0], w - uv[0], uv[1], h - uv[1]]
    side = int(np.argsort(dists)[int(rng.integers(2))])
    edge = [(-0.1 * w, uv[1]), (1.1 * w, uv[1]), (uv[0], -0.1 * h), (uv[0], 1.1 * h)][side]
    E = cam.backproject(edge, 0.0)[0, :2]
    d = _unit(np.asarray(target_xy) - E)
    if not np.isfinite(d).all():
        d = np.array([1.0, 0.0])
    p = np.array([-d[1], d[0]])
    size = rng.uniform(0.9, 1.15)
    tip = np.asarray(target_xy) + d * rng.uniform(-0.25, 0.3) * L + p * rng.normal(0, 6)
    fl = 72 * size
    palm_c = tip - d * (fl + 38 * size)
    zt = T + rng.uniform(2, 10)
    zp = T + rng.uniform(22, 50)
    hand = 1 if rng.random() < 0.5 else -1
    # palm: a rounded quadrilateral, a bit wider at the knuckles
    ang = np.linspace(0, 2 * math.pi, 36, endpoint=False)
    ex, ey = 44 * size, 40 * size
    loc = np.stack([ex * np.cos(ang), ey * np.sin(ang) * (1 + 0.12 * np.cos(ang))], -1)
    palm = np.column_stack([palm_c + loc[:, :1] * d + loc[:, 1:] * p, np.full(36, zp)])
    caps = []
    spread = rng.uniform(0.0, 0.12)
    for off, ln, rad in ((-27, 0.85, 8.2), (-9, 1.0, 8.8), (9, 0.96, 8.5), (26, 0.74, 7.6)):
        off *= hand * size
        base = palm_c + d * 30 * size + p * off
        dirk = _unit(d + p * (off / 30) * spread + p * rng.normal(0, 0.04))
        curl = rng.uniform(0.0, 0.25)
        mid = base + dirk * fl * ln * 0.55
        end = base + dirk * fl * ln * (1 - curl * 0.5)
        zb, zm, ze = zp, zp + (zt - zp) * 0.6, zt + curl * 5
        caps.append((np.r_[base, zb], np.r_[mid, zm], rad * size, rad * size * 0.95))
        caps.append((np.r_[mid, zm], np.r_[end, ze], rad * size * 0.95, rad * size * 0.85))
    # thumb
    tb = palm_c - d * 10 * size - p * hand * 30 * size
    tdir = _unit(d * 0.7 - p * hand * 0.7)
    tm = tb + tdir * 30 * size
    te = tm + _unit(d * 0.9 - p * hand * 0.3) * 28 * size
    caps.append((np.r_[tb, zp], np.r_[tm, zp - 5], 11 * size, 10 * size))
    caps.append((np.r_[tm, zp - 5], np.r_[te, (zp + zt) / 2], 10 * size, 9 * size))
    # wrist and forearm, rising away from the table, toward the edge of the picture
    wr = palm_c - d * 40 * size
    fa = wr - d * 320
    caps.append((np.r_[wr, zp + 4], np.r_[fa, zp + 140], 27 * size, 34 * size))
    return palm, caps


def _capsules_px(cam, caps):
    out = []
    for a, b, ra, rb in caps:
        pa, pb = cam.project(np.stack([a, b]))
        da, db = cam.depth(np.stack([a, b]))
        if da <= 1 or db <= 1:
            continue
        out.append((pa, pb, ra * cam.f / da, rb * cam.f / db))
    return out


def _render_hand(canvas, cam, light, palm, caps, rng, shadow_cb):
    H, W = canvas.shape[:2]
    pp = cam.project(palm)
    cps = _capsules_px(cam, caps)
    allp = [pp] + [np.array([a, b]) for a, b, _, _ in cps]
    pad = max([max(ra, rb) for _, _, ra, rb in cps] + [4.0]) + 3
    allp = np.concatenate(allp)
    x0, y0 = max(0, int(allp[:, 0].min() - pad)), max(0, int(allp[:, 1].min() - pad))
    x1, y1 = min(W, int(allp[:, 0].max() + pad) + 1), min(H, int(allp[:, 1].max() + pad) + 1)
    if x0 >= x1 or y0 >= y1:
        return None
    hh, ww = y1 - y0, x1 - x0
    # shade at a reduced resolution (skin is smooth), then scale colour and cover back up
    q = min(0.5, math.sqrt(120000.0 / (hh * ww)))
    sh, sw = max(2, int(math.ceil(hh * q))), max(2, int(math.ceil(ww * q)))
    o = np.array([x0, y0], dtype=np.float64)

    def red(pt):
        return (np.asarray(pt) - o + 0.5) * q - 0.5

    Hm = np.zeros((sh, sw), F32)  # height of the skin surface (reduced pixels)
    A = np.zeros((sh, sw), F32)
    nail = np.zeros((sh, sw), F32)
    pm = np.zeros((sh, sw), np.uint8)
    cv2.fillPoly(pm, [_fix(red(pp))], 255, cv2.LINE_AA, _SHIFT)
    dt = cv2.distanceTransform((pm > 127).astype(np.uint8), cv2.DIST_L2, 3)
    rp = max(3.0, 0.35 * float(dt.max()))
    Hm = np.maximum(Hm, np.sqrt(np.clip(1 - (1 - np.minimum(dt / rp, 1)) ** 2, 0, 1)) * rp * 0.6)
    A = np.maximum(A, pm.astype(F32) / 255.0)
    for k, (pa, pb, ra, rb) in enumerate(cps):
        pa, pb, ra, rb = red(pa), red(pb), ra * q, rb * q
        bx0 = max(0, int(min(pa[0] - ra, pb[0] - rb)) - 2)
        by0 = max(0, int(min(pa[1] - ra, pb[1] - rb)) - 2)
        bx1 = min(sw, int(max(pa[0] + ra, pb[0] + rb)) + 3)
        by1 = min(sh, int(max(pa[1] + ra, pb[1] + rb)) + 3)
        if bx0 >= bx1 or by0 >= by1:
            continue
        Xg = np.arange(bx0, bx1, dtype=F32)[None, :]
        Yg = np.arange(by0, by1, dtype=F32)[:, None]
        ab = pb - pa
        ll = float(ab @ ab) + 1e-6
        tt = np.clip(((Xg - pa[0]) * ab[0] + (Yg - pa[1]) * ab[1]) / ll, 0, 1)
        dx = Xg - (pa[0] + tt * ab[0])
        dy = Yg - (pa[1] + tt * ab[1])
        dd = np.sqrt(dx * dx + dy * dy)
        rr = ra + (rb - ra) * tt
        z = np.sqrt(np.clip(1 - (dd / rr) ** 2, 0, 1)) * rr
        Hm[by0:by1, bx0:bx1] = np.maximum(Hm[by0:by1, bx0:bx1], z)
        A[by0:by1, bx0:bx1] = np.maximum(A[by0:by1, bx0:bx1], np.clip(rr - dd + 0.5, 0, 1))
        if k in (1, 3, 5, 7, 9):  # finger and thumb tips carry a nail
            nc = pb - _unit(ab) * 0.6 * rb
            dn = np.sqrt((Xg - nc[0]) ** 2 + ((Yg - nc[1]) ** 2))
            nail[by0:by1, bx0:bx1] = np.maximum(nail[by0:by1, bx0:bx1], np.clip(0.55 * rb - dn + 0.5, 0, 1))
    shadow_cb()
    gx = cv2.Sobel(Hm, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(Hm, cv2.CV_32F, 0, 1, ksize=3) / 8
    Lc = cam.R @ _unit(light.pos - palm.mean(0))
    nz = 1.0 / np.sqrt(gx * gx + gy * gy + 1)
    diff = np.clip((-gx * Lc[0] - gy * Lc[1] - Lc[2]) * nz, 0, None)
    Hc = _unit(Lc + np.array([0, 0, -1.0]))
    nh = np.clip((-gx * Hc[0] - gy * Hc[1] - Hc[2]) * nz, 0, None)
    spec = 0.1 * nh ** 12 + 0.35 * nail * nh ** 40
    skin = _palette(rng, [(0.62, 0.72, 0.90), (0.50, 0.62, 0.82), (0.38, 0.50, 0.70), (0.25, 0.35, 0.52),
                          (0.18, 0.25, 0.38)])
    alb = skin.astype(F32)[None, None, :] * (1 + 0.04 * _noise(rng, sh, sw, 4))[..., None]
    nl = (0.55 * nail)[..., None]
    alb = alb * (1 - nl) + np.array([0.72, 0.76, 0.90], F32) * nl
    shade = (light.amb + light.kd * diff)[..., None]
    col = alb * shade * light.col.astype(F32) + spec[..., None]
    edge = (1 - nz)[..., None]  # darker and redder toward the silhouette
    col = col * (1 - 0.35 * edge) + edge * np.array([0.0, 0.005, 0.03], F32)
    col = cv2.resize(col.astype(F32), (ww, hh), interpolation=cv2.INTER_LINEAR)
    Af = cv2.resize(A, (ww, hh), interpolation=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1].astype(F32)
    a = Af[..., None]
    canvas[y0:y1, x0:x1] = np.clip(roi * (1 - a) + col * 255 * a + 0.5, 0, 255).astype(np.uint8)
    full = np.zeros((H, W), F32)
    full[y0:y1, x0:x1] = Af
    return full


def _hand_shadow(cam, light, palm, caps, shp, scale):
    """Draw the hand's shadow on the table into the (reduced) shadow mask ``shp``."""
    def to_table(P):
        s = light.pos[2] / (light.pos[2] - P[..., 2:3])
        Q = light.pos[:2] + (P[..., :2] - light.pos[:2]) * s
        return np.column_stack([Q, np.zeros(len(Q))])

    pts = cam.project(to_table(palm)) * scale
    cv2.fillPoly(shp, [_fix(pts)], 1.0, cv2.LINE_8, _SHIFT)
    for a, b, ra, rb in caps:
        P = np.stack([a, b])
        Q = to_table(P)
        q = cam.project(Q) * scale
        dq = cam.depth(Q)
        r = 0.5 * (ra + rb) * cam.f / float(dq.mean()) * scale
        cv2.line(shp, tuple(_fix(q[0])), tuple(_fix(q[1])), 1.0, max(1, int(2 * r)), cv2.LINE_8, _SHIFT)


# ---------------------------------------------------------------------------------------
# camera effects
def _gauss_lut(n: int = 4096) -> np.ndarray:
    """Standard normal quantiles of n equally likely bins (inverse CDF by bisection)."""
    p = (np.arange(n) + 0.5) / n
    lo, hi = np.full(n, -6.0), np.full(n, 6.0)
    erf = np.vectorize(math.erf)
    for _ in range(40):
        mid = (lo + hi) / 2
        below = 0.5 * (1 + erf(mid / math.sqrt(2))) < p
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    return ((lo + hi) / 2).astype(F32)


_GAUSS_LUT = _gauss_lut()


def _camera_effects(rng, img: np.ndarray, cam: _Camera) -> np.ndarray:
    H, W = img.shape[:2]
    r = rng.random()
    if r < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.5))
    elif r < 0.65:
        n = int(rng.integers(3, 8))
        k = np.zeros((n, n), F32)
        ang = rng.uniform(0, math.pi)
        c = (n - 1) / 2
        cv2.line(k, (int(round(c - c * math.cos(ang))), int(round(c - c * math.sin(ang)))),
                 (int(round(c + c * math.cos(ang))), int(round(c + c * math.sin(ang)))), 1.0, 1, cv2.LINE_AA)
        img = cv2.filter2D(img, -1, k / k.sum())
    else:
        img = cv2.GaussianBlur(img, (0, 0), 0.35)
    # auto exposure (a dark cloth is brightened, up to a point), then a random error
    mean = float(img[::8, ::8].mean()) + 1.0
    gain = float(np.clip(rng.uniform(90, 140) / mean, 0.8, 1.9)) * rng.uniform(0.85, 1.15)
    warm = rng.normal(0, 0.06)
    wb = np.array([1 - warm + rng.normal(0, 0.02), 1 + rng.normal(0, 0.02), 1 + warm + rng.normal(0, 0.02)], F32)
    vig = rng.uniform(0.0, 0.4)
    # gain, white balance and vignetting as one smooth multiplier, built small and scaled up
    sw, sh = 64, max(2, int(round(64 * H / W)))
    xs = ((np.linspace(0, W, sw, dtype=F32) - F32(cam.cx)) / F32(0.5 * math.hypot(W, H)))[None, :]
    ys = ((np.linspace(0, H, sh, dtype=F32) - F32(cam.cy)) / F32(0.5 * math.hypot(W, H)))[:, None]
    vmap = 1 - F32(vig) * (xs * xs + ys * ys) ** 1.5
    mult = cv2.resize((vmap[..., None] * (gain * wb)).astype(F32), (W, H), interpolation=cv2.INTER_LINEAR)
    f = img.astype(F32)
    cv2.multiply(f, mult, f)
    # sensor noise: luminance at full resolution, chroma at half, from uniform bytes through
    # the inverse normal distribution (fast and still drawn from the seeded generator)
    sigma = rng.uniform(1.0, 6.0)
    lum = _GAUSS_LUT[rng.integers(0, 4096, (H, W), dtype=np.uint16)] * F32(sigma)
    cv2.add(f, cv2.merge([lum, lum, lum]), f)
    ch = _GAUSS_LUT[rng.integers(0, 4096, (H // 2, W // 2, 3), dtype=np.uint16)] * F32(0.5 * sigma)
    cv2.add(f, cv2.resize(ch, (W, H), interpolation=cv2.INTER_NEAREST), f)
    np.maximum(f, 0, out=f)
    out = cv2.convertScaleAbs(f)
    g = rng.uniform(0.85, 1.15)
    contrast = rng.uniform(-0.08, 0.12)
    x = np.arange(256) / 255.0
    y = x ** g
    y = y + contrast * (y - 0.5) * (1 - np.abs(2 * y - 1))
    lut = np.clip(y * 255 + 0.5, 0, 255).astype(np.uint8)
    out = cv2.LUT(out, lut)
    q = int(rng.integers(60, 96))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# ---------------------------------------------------------------------------------------
def generate_scene3d(seed: int, width: int = 1280, height: int = 720, n_tiles: int | None = None):
    """Render a labelled photo-like scene: ``(image_bgr, labels, tile_length_px)``.

    ``labels``: one dict per tile: name ('6-6', or None face down or for a Western tile
    with a blank half), pips ([hi, lo], None face down), face ('up'/'down'), center and
    corners (image pixels of the top face) and occluded (partly under a hand).
    """
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 33)) if n_tiles is None else int(n_tiles)
    if not 0 <= n <= 32:
        raise ValueError("n_tiles must be between 0 and 32")
    st = _pick_set(rng)
    tiles = _choose_tiles(rng, st, n)
    k = width / 1280.0
    hi = min(230.0, max(95.0, math.sqrt(width * height / (max(n, 1) * 3.5)) / math.sqrt(k))) * k
    lpx = rng.uniform(max(70.0 * k, 0.55 * hi), hi)
    poses = None
    for _ in range(8):
        cam = _make_camera(rng, width, height, lpx / st["L"])
        poses = _layout(rng, cam, st, n)
        if poses is not None:
            break
        lpx *= 0.88
    if poses is None:
        raise RuntimeError(f"could not place {n} tiles (seed {seed})")
    light = _Light(rng)
    px_mm = lpx / st["L"]
    L, W, T = st["L"], st["W"], st["T"]
    outline = _rounded_rect(L / 2, W / 2, st["rc"])
    for t, (x, y, a) in zip(tiles, poses, strict=True):
        t.update(x=x, y=y, a=a, rng=np.random.default_rng(int(rng.integers(1 << 62))))
        if t["face"] == "up":
            vals = (t["hi"], t["lo"]) if rng.random() < 0.5 else (t["lo"], t["hi"])
            t["v_neg"], t["v_pos"] = vals
        t["poly"] = outline @ _rot(a).T + np.array([x, y])

    # occupancy of tiles in the image (for clutter)
    occ = np.zeros((height, width), np.uint8)
    for t in tiles:
        P = np.concatenate([np.column_stack([t["poly"], np.zeros(len(outline))]),
                            np.column_stack([t["poly"], np.full(len(outline), T)])])
        hull = cv2.convexHull(cam.project(P).astype(F32)).reshape(-1, 2)
        cv2.fillConvexPoly(occ, np.round(hull).astype(np.int32), 255)
    occ = cv2.dilate(occ, np.ones((9, 9), np.uint8))
    clutter = _clutter(rng, cam, occ) if rng.random() < 0.35 else []

    # table: albedo, light and shadows
    tab, table_kind = _table(rng, cam, px_mm)
    gx_, gy_ = 32, 18
    U, V = np.meshgrid(np.linspace(0, width, gx_), np.linspace(0, height, gy_))
    Pt = cam.backproject(np.column_stack([U.ravel(), V.ravel()]), 0.0)
    tks = rng.uniform(0.0, 0.25) if table_kind in (1, 3) else rng.uniform(0.0, 0.05)
    dif, spec = light.shade(Pt, np.array([0, 0, 1.0]), cam.C, tks, rng.uniform(4, 20))
    sc = 0.5
    sh_w, sh_h = int(width * sc), int(height * sc)
    dif = cv2.resize(dif.reshape(gy_, gx_).astype(F32), (sh_w, sh_h), interpolation=cv2.INTER_LINEAR)
    spec = cv2.resize(spec.reshape(gy_, gx_).astype(F32), (sh_w, sh_h), interpolation=cv2.INTER_LINEAR)
    cast = np.zeros((sh_h, sh_w), F32)
    contact = np.zeros((sh_h, sh_w), F32)
    for t in tiles:
        shp = _shadow_poly(t["poly"], T, light)
        sp = cam.project(np.column_stack([shp, np.zeros(len(shp))]))
        cv2.fillConvexPoly(cast, _fix(sp * sc), 1.0, cv2.LINE_8, _SHIFT)
        fp = cam.project(np.column_stack([_rounded_rect(L / 2 + 0.8, W / 2 + 0.8, st["rc"] + 0.8) @ _rot(t["a"]).T
                                          + [t["x"], t["y"]], np.zeros(len(outline))]))
        cv2.fillConvexPoly(contact, _fix(fp * sc), 1.0, cv2.LINE_8, _SHIFT)
    for it in clutter:
        shp = _shadow_poly(it["poly"], it["h"], light)
        sp = cam.project(np.column_stack([shp, np.zeros(len(shp))]))
        cv2.fillConvexPoly(cast, _fix(sp * sc), 1.0, cv2.LINE_8, _SHIFT)
        fp = cam.project(np.column_stack([it["poly"], np.zeros(len(it["poly"]))]))
        cv2.fillConvexPoly(contact, _fix(fp * sc), 1.0, cv2.LINE_8, _SHIFT)
    soft = max(0.8, light.size * px_mm * T * 2.5 * sc)
    cast = cv2.GaussianBlur(cast, (0, 0), soft)
    contact = cv2.GaussianBlur(contact, (0, 0), max(0.7, 0.9 * px_mm * sc))
    dark = rng.uniform(0.35, 0.6)
    shade = 1 - np.maximum(dark * cast, 0.55 * contact)
    lc = (255 * light.col).astype(F32)
    mul = cv2.resize((dif * shade)[..., None] * lc, (width, height), interpolation=cv2.INTER_LINEAR)
    add = cv2.resize((spec * shade)[..., None] * lc, (width, height), interpolation=cv2.INTER_LINEAR)
    cv2.multiply(tab, mul, tab)
    cv2.add(tab, add, tab)
    canvas = cv2.convertScaleAbs(tab)

    for it in clutter:
        _draw_clutter(canvas, cam, light, it)

    # tiles: sides from far to near, then the tops (nothing of another tile can hide a top)
    order = sorted(range(n), key=lambda i: -float(cam.depth(np.array([tiles[i]["x"], tiles[i]["y"], T / 2]))))
    for i in order:
        t = tiles[i]
        _prism(canvas, cam, light, t["poly"], _tile_layers(st, t["face"]), st["ks"], st["shin"])
    labels, lens = [], []
    for t in tiles:
        depth = float(cam.depth(np.array([t["x"], t["y"], T])))
        s = 1.6 * cam.f / depth
        sprite, M = _tile_top(st, t, cam, light, s)
        _paste(canvas, sprite, M)
        corners = cam.project(np.column_stack([_rect(t["x"], t["y"], t["a"], L / 2, W / 2), np.full(4, T)]))
        centre = cam.project(np.array([t["x"], t["y"], T]))
        lens.append(0.5 * (np.linalg.norm(corners[1] - corners[0]) + np.linalg.norm(corners[2] - corners[3])))
        up = t["face"] == "up"
        labels.append({
            "name": t["name"] if up else None,
            "pips": [int(t["hi"]), int(t["lo"])] if up else None,
            "face": t["face"],
            "center": [round(float(centre[0]), 2), round(float(centre[1]), 2)],
            "corners": [[round(float(c[0]), 2), round(float(c[1]), 2)] for c in corners],
            "occluded": False,
        })

    # a hand over some tiles, with its soft shadow
    if n and rng.random() < 0.18:
        tgt = tiles[int(rng.integers(n))]
        palm, caps = _hand(rng, cam, (tgt["x"], tgt["y"]), L, T)

        def shadow():
            shp = np.zeros((sh_h, sh_w), F32)
            _hand_shadow(cam, light, palm, caps, shp, sc)
            blur = max(2.0, 0.05 * float(np.mean(palm[:, 2])) * px_mm * sc * (1 + 10 * light.size))
            shp = cv2.GaussianBlur(shp, (0, 0), blur)
            shf = cv2.resize(1 - rng.uniform(0.3, 0.5) * shp, (width, height), interpolation=cv2.INTER_LINEAR)
            canvas[:] = np.clip(canvas.astype(F32) * shf[..., None] + 0.5, 0, 255).astype(np.uint8)

        A = _render_hand(canvas, cam, light, palm, caps, rng, shadow)
        if A is not None:
            for lab in labels:
                poly = np.array(lab["corners"])
                x0, y0 = np.floor(poly.min(0)).astype(int)
                x1, y1 = np.ceil(poly.max(0)).astype(int) + 1
                m = np.zeros((y1 - y0, x1 - x0), np.uint8)
                cv2.fillConvexPoly(m, _fix(poly - [x0, y0]), 1, cv2.LINE_8, _SHIFT)
                cover = float((A[y0:y1, x0:x1] * m).sum()) / max(1.0, float(m.sum()))
                if cover > 0.015:
                    lab["occluded"] = True

    img = _camera_effects(rng, canvas, cam)
    tile_len = float(np.median(lens)) if lens else float(lpx)
    return img, labels, tile_len
