"""Synthetic camera renders with known intrinsics, distortion and pose (for tests and demos).

A flat textured plane (a ChArUco board, a table with markers, a layout sheet) is seen by a
pinhole camera with OpenCV's distortion model.  Every output pixel is undistorted with
``cv2.undistortPoints`` (the exact inverse of the model the calibration fits), intersected
with the plane, and looked up in the texture with ``cv2.remap``; then optical blur and sensor
noise are added.  Nothing here knows the answer the calibration code has to find except
through the pixels.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

__all__ = [
    "camera_matrix", "render_plane", "look_at_pose", "table_texture", "board_texture", "tile_sprite",
    "layout_photo_texture", "layout_photo", "TILE_SETS",
]


def camera_matrix(width: int, height: int, hfov_deg: float = 60.0) -> np.ndarray:
    f = (width / 2) / np.tan(np.radians(hfov_deg) / 2)
    return np.array([[f, 0, width / 2 - 0.5 + 3.0], [0, f * 1.002, height / 2 - 0.5 - 2.0], [0, 0, 1]])


@lru_cache(maxsize=8)
def _normalized_grid(key: tuple) -> np.ndarray:
    w, h, kk, dd = key
    K = np.array(kk, dtype=np.float64).reshape(3, 3)
    dist = np.array(dd, dtype=np.float64)
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    pts = np.stack([xs, ys], -1).reshape(-1, 1, 2)
    crit = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-9)
    und = cv2.undistortPoints(pts, K, dist, None, None, None, crit)
    return und.reshape(h, w, 2)


def look_at_pose(eye_mm, target_mm, up=(0.0, -1.0, 0.0)) -> tuple[np.ndarray, np.ndarray]:
    """rvec, tvec of a camera at ``eye`` looking at ``target`` (plane coordinates, mm).

    The plane is z = 0; put the eye at negative z to look at the printed side (the plane's
    x to the right and y down in the image when ``up`` is -y)."""
    eye = np.asarray(eye_mm, float)
    z = np.asarray(target_mm, float) - eye
    z /= np.linalg.norm(z)
    x = np.cross(z, np.asarray(up, float))
    if np.linalg.norm(x) < 1e-9:
        x = np.cross(z, np.array([1.0, 0, 0]))
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    R = np.stack([x, y, z])  # rows: camera axes in plane coordinates
    rvec, _ = cv2.Rodrigues(R)
    tvec = -R @ eye
    return rvec.reshape(3), tvec.reshape(3)


def render_plane(
    texture: np.ndarray,
    plane_mm: tuple[float, float],
    K: np.ndarray,
    dist: np.ndarray | None,
    rvec,
    tvec,
    image_size: tuple[int, int],
    *,
    background=(60, 70, 80),
    blur_sigma: float = 0.6,
    noise_sigma: float = 2.0,
    seed: int = 0,
    gain: float = 1.0,
) -> np.ndarray:
    """Render ``texture`` (covering ``plane_mm`` = (width, height) on z = 0) as seen by the
    camera (K, dist, rvec, tvec) into an image of ``image_size`` = (width, height)."""
    w, h = image_size
    dist = np.zeros(5) if dist is None else np.asarray(dist, float)
    key = (w, h, tuple(np.asarray(K, float).ravel()), tuple(dist.ravel()))
    norm = _normalized_grid(key)
    R, _ = cv2.Rodrigues(np.asarray(rvec, float))
    t = np.asarray(tvec, float).reshape(3)
    Hn = np.column_stack([R[:, 0], R[:, 1], t])  # plane (X, Y, 1) -> normalized (x, y, 1)
    Hinv = np.linalg.inv(Hn)
    th, tw = texture.shape[:2]
    S = np.diag([tw / plane_mm[0], th / plane_mm[1], 1.0])
    M = S @ Hinv
    ones = np.ones((h, w, 1), np.float32)
    p = np.concatenate([norm, ones], -1) @ M.T.astype(np.float32)
    # points behind the camera or at the horizon map nowhere
    zc = p[..., 2:3]
    valid = (np.concatenate([norm, ones], -1) @ Hinv.T.astype(np.float32))[..., 2:3] > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        # texel i covers plane [i, i+1) / px_per_mm, so its centre is at i + 0.5
        uv = np.where(valid, p[..., :2] / zc - 0.5, -1e6).astype(np.float32)
    # pre-filter the texture to about the sampling density to avoid aliasing
    scale = _texels_per_pixel(uv)
    tex = texture
    if scale > 1.5:
        k = int(2 * round(scale * 0.5) + 1)
        tex = cv2.GaussianBlur(texture, (k, k), scale * 0.35)
    img = cv2.remap(
        tex, uv[..., 0], uv[..., 1], cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT, borderValue=tuple(int(c) for c in background),
    )
    img = img.astype(np.float32) * gain
    if blur_sigma > 0:
        img = cv2.GaussianBlur(img, (0, 0), blur_sigma)
    if noise_sigma > 0:
        rng = np.random.default_rng(seed)
        img += rng.normal(0, noise_sigma, img.shape).astype(np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def _texels_per_pixel(uv: np.ndarray) -> float:
    h, w = uv.shape[:2]
    c = uv[h // 2, w // 2]
    d = uv[h // 2, min(w - 1, w // 2 + 1)]
    if np.any(np.abs(c) > 1e5) or np.any(np.abs(d) > 1e5):
        return 1.0
    return float(np.hypot(*(d - c)))


def board_texture(spec, px_per_mm: float = 4.0, margin_mm: float = 10.0) -> tuple[np.ndarray, tuple[float, float]]:
    """A ChArUco board texture on white paper, and its size in mm (board + margin)."""
    from calibration.boards import charuco_board

    board = charuco_board(spec)
    bw, bh = spec.squares_x * spec.square_mm, spec.squares_y * spec.square_mm
    W, H = bw + 2 * margin_mm, bh + 2 * margin_mm
    size = (int(round(W * px_per_mm)), int(round(H * px_per_mm)))
    m = int(round(margin_mm * px_per_mm))
    img = board.generateImage(size, marginSize=m, borderBits=1)
    return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR), (W, H)


def table_texture(
    size_mm=(900.0, 900.0),
    markers: dict[int, tuple[float, float]] | None = None,
    marker_mm: float = 60.0,
    dictionary: str = "DICT_4X4_50",
    px_per_mm: float = 2.0,
    colour=(70, 110, 150),
    rotations: dict[int, int] | None = None,
    seed: int = 0,
) -> np.ndarray:
    """A wood-coloured table top with printed ArUco markers (white paper around each)."""
    from calibration.boards import aruco_dict, default_marker_positions

    W, H = size_mm
    markers = default_marker_positions(size_mm, marker_mm) if markers is None else markers
    rotations = rotations or {}
    img = np.empty((int(round(H * px_per_mm)), int(round(W * px_per_mm)), 3), np.uint8)
    img[:] = colour
    rng = np.random.default_rng(seed)
    grain = rng.normal(0, 6, (img.shape[0], 1, 1)).astype(np.float32)
    img = np.clip(img.astype(np.float32) + grain, 0, 255).astype(np.uint8)
    d = aruco_dict(dictionary)
    for mid, (cx, cy) in markers.items():
        side = int(round(marker_mm * px_per_mm))
        mk = cv2.aruco.generateImageMarker(d, int(mid), side, borderBits=1)
        mk = np.rot90(mk, -int(rotations.get(mid, 0)))  # quarter turns clockwise as laid
        pad = int(round(12 * px_per_mm))
        paper = np.full((side + 2 * pad, side + 2 * pad), 255, np.uint8)
        paper[pad:pad + side, pad:pad + side] = mk
        x0 = int(round(cx * px_per_mm)) - paper.shape[1] // 2
        y0 = int(round(cy * px_per_mm)) - paper.shape[0] // 2
        img[y0:y0 + paper.shape[0], x0:x0 + paper.shape[1]] = paper[..., None]
    return img


# --- tiles on the layout sheet -----------------------------------------------------------------

# Pip positions in a half's own frame: u across the tile (0..1), v along the half from the
# tile's end (0) to the middle (1).  Chinese layouts per shared/tiles.md: a 2 is two pips side
# by side across the far end, a 3 a diagonal; Western ones are dice faces.
CHINESE_HALF = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.27), (0.72, 0.27)],
    3: [(0.25, 0.2), (0.5, 0.5), (0.75, 0.8)],
    4: [(0.28, 0.27), (0.72, 0.27), (0.28, 0.73), (0.72, 0.73)],
    5: [(0.25, 0.2), (0.75, 0.2), (0.5, 0.5), (0.25, 0.8), (0.75, 0.8)],
    6: [(0.28, 0.18), (0.72, 0.18), (0.28, 0.5), (0.72, 0.5), (0.28, 0.82), (0.72, 0.82)],
}
WESTERN_HALF = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.2), (0.75, 0.2), (0.25, 0.5), (0.75, 0.5), (0.25, 0.8), (0.75, 0.8)],
}

TILE_SETS = {
    # name: style, (width, length) mm, body, pip, red (BGR)
    "black-chinese": ("chinese", (23.0, 60.0), (30, 28, 28), (232, 235, 235), (45, 40, 200)),
    "ivory-chinese": ("chinese", (25.0, 64.0), (180, 222, 236), (35, 32, 30), (40, 45, 185)),
    "white-western": ("western", (25.0, 50.0), (235, 238, 238), (30, 30, 30), (40, 40, 205)),
}


def tile_sprite(hi: int, lo: int, style: str, size_mm, body, pip, red, ppm: float):
    """A face-up tile lying along x (hi half on the left): (BGR image, alpha mask)."""
    w_mm, l_mm = size_mm
    L, W = int(round(l_mm * ppm)), int(round(w_mm * ppm))
    img = np.zeros((W, L, 3), np.float32)
    img[:] = body
    alpha = np.zeros((W, L), np.uint8)
    r = max(2, int(0.12 * W))
    cv2.rectangle(alpha, (r, 0), (L - 1 - r, W - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (L - 1, W - 1 - r), 255, -1)
    for cx, cy in ((r, r), (L - 1 - r, r), (r, W - 1 - r), (L - 1 - r, W - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    # darker rim (bevel)
    inner = cv2.erode(alpha, np.ones((5, 5), np.uint8), iterations=max(1, int(0.04 * W / 2)))
    img[(alpha > 0) & (inner == 0)] *= 0.8
    layout = CHINESE_HALF if style == "chinese" else WESTERN_HALF
    pr = (0.10 if style == "chinese" else 0.09) * W
    half = L / 2
    if style == "western":
        cv2.line(img, (int(half), int(0.15 * W)), (int(half), int(0.85 * W)), pip, max(1, int(0.05 * W)), cv2.LINE_AA)
    for n, side in ((hi, -1), (lo, +1)):
        for u, v in layout[n]:
            vv = 0.08 + 0.84 * v if style == "western" else 0.04 + 0.92 * v
            px = vv * half if side < 0 else L - vv * half
            py = u * W
            is_red = n in (1, 4) or ((hi, lo) == (6, 6) and u < 0.5)
            rad = pr * (1.4 if n == 1 and style == "chinese" else 1.0)
            cv2.circle(img, (int(round(px * 4)), int(round(py * 4))), int(round(rad * 4)),
                       red if is_red else pip, -1, cv2.LINE_AA, shift=2)
    return np.clip(img, 0, 255).astype(np.uint8), alpha


def layout_photo_texture(set_name: str = "black-chinese", ppm: float = 5.0, seed: int = 0,
                         missing: tuple[int, ...] = (), swaps: dict[int, str] | None = None,
                         jitter_mm: float = 2.0, jitter_deg: float = 4.0, light: float = 0.25, spec=None):
    """A printed layout sheet (default the A3 one) with its tiles of ``set_name`` laid on it,
    top-down.  ``missing``: set-wide slot indices left empty; ``swaps``: slot index -> another
    tile name put there.  Returns (texture BGR, sheet size mm)."""
    from calibration.boards import LAYOUT, layout_sheet

    style, size, body, pip, red = TILE_SETS[set_name]
    spec = spec or LAYOUT
    sheet, page_mm = layout_sheet(dpi=ppm * 25.4, spec=spec, colour=True)
    canvas = sheet.astype(np.float32)
    rng = np.random.default_rng(seed)
    names = spec.expected()
    swaps = swaps or {}
    for i, name in enumerate(names):
        g = spec.first_slot + i
        if g in missing:
            continue
        name = swaps.get(g, name)
        hi, lo = (int(x) for x in name.split("-"))
        if rng.random() < 0.5:
            hi_first = True
        else:
            hi_first = False
        spr, a = tile_sprite(hi, lo, style, size, body, pip, red, ppm) if hi_first else \
            tile_sprite(lo, hi, style, size, body, pip, red, ppm)
        x0, y0, x1, y1 = spec.slot_box(i)
        cx = (x0 + x1) / 2 + rng.uniform(-jitter_mm, jitter_mm)
        cy = (y0 + y1) / 2 + rng.uniform(-jitter_mm * 0.5, jitter_mm * 0.5)
        ang = rng.uniform(-jitter_deg, jitter_deg)
        h_, w_ = spr.shape[:2]
        # work in a region of interest around the slot
        m = int(10 * ppm)
        rx0, ry0 = max(0, int(x0 * ppm) - m), max(0, int(y0 * ppm) - m)
        rx1, ry1 = min(canvas.shape[1], int(x1 * ppm) + m), min(canvas.shape[0], int(y1 * ppm) + m)
        M = cv2.getRotationMatrix2D((w_ / 2, h_ / 2), ang, 1.0)
        M[0, 2] += cx * ppm - w_ / 2 - rx0
        M[1, 2] += cy * ppm - h_ / 2 - ry0
        dsize = (rx1 - rx0, ry1 - ry0)
        roi = canvas[ry0:ry1, rx0:rx1]
        al = cv2.warpAffine(a, M, dsize, flags=cv2.INTER_LINEAR).astype(np.float32) / 255.0
        sh = cv2.GaussianBlur(al, (0, 0), 1.2 * ppm)
        sh = np.roll(sh, (int(1.5 * ppm), int(1.5 * ppm)), axis=(0, 1))
        roi *= (1 - 0.35 * sh)[..., None]
        col = cv2.warpAffine(spr, M, dsize, flags=cv2.INTER_LINEAR).astype(np.float32)
        roi[:] = roi * (1 - al[..., None]) + col * al[..., None]
    # lighting gradient
    h, w = canvas.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    g = 1 + light * ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang))
    canvas *= g[..., None]
    return np.clip(canvas, 0, 255).astype(np.uint8), page_mm


def layout_photo(set_name: str = "black-chinese", seed: int = 0, image_size=(1600, 1200), tilt_deg: float = 12.0,
                 missing: tuple[int, ...] = (), swaps: dict[int, str] | None = None, blur_sigma: float = 0.8,
                 noise_sigma: float = 2.5, dist=(-0.05, 0.01, 0, 0, 0), spec=None):
    """A camera photo of a layout sheet with its tiles on it (known K, distortion, pose); the
    camera stands farther back for a bigger sheet."""
    tex, page = layout_photo_texture(set_name, seed=seed, missing=missing, swaps=swaps, spec=spec)
    W, H = image_size
    K = camera_matrix(W, H, 62)
    rng = np.random.default_rng(seed + 100)
    a = rng.uniform(0, 2 * np.pi)
    # far enough back for the sheet to fill about 80 % of the frame (440 mm for A3 landscape)
    d = 1.26 * max(page[0] / 2 / (W / 2 / K[0, 0]), page[1] / 2 / (H / 2 / K[1, 1]))
    centre = np.array([page[0] / 2, page[1] / 2, 0.0])
    eye = centre + np.array([d * np.sin(np.radians(tilt_deg)) * np.cos(a), d * np.sin(np.radians(tilt_deg)) * np.sin(a),
                             -d * np.cos(np.radians(tilt_deg))])
    rvec, tvec = look_at_pose(eye, centre + np.array([rng.uniform(-10, 10), rng.uniform(-10, 10), 0]))
    return render_plane(tex, page, K, np.array(dist, float), rvec, tvec, (W, H), background=(50, 60, 70),
                        blur_sigma=blur_sigma, noise_sigma=noise_sigma, seed=seed)
