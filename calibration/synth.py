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

__all__ = ["camera_matrix", "render_plane", "look_at_pose", "table_texture", "board_texture"]


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
