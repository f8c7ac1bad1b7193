"""Shared synthetic scenes: known intrinsics, distortion and poses, rendered once per session."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.profile import BoardSpec, CameraSection
from calibration.synth import board_texture, camera_matrix, look_at_pose, render_plane, table_texture

W, H = 960, 720
DIST = np.array([-0.11, 0.04, 0.0008, -0.0006, 0.0])


@pytest.fixture(scope="session")
def true_camera():
    return camera_matrix(W, H, 64), DIST.copy()


def board_views(K, dist, spec=None, n=12, seed=1, blur=0.6, px_per_mm=4.0):
    spec = spec or BoardSpec()
    tex, pm = board_texture(spec, px_per_mm=px_per_mm)
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        cx, cy = pm[0] / 2, pm[1] / 2
        ang, tilt = rng.uniform(0, 2 * np.pi), rng.uniform(5, 40)
        d = rng.uniform(380, 520)
        off = rng.uniform(-100, 100, 2)
        s = np.sin(np.radians(tilt))
        eye = np.array([cx + d * s * np.cos(ang), cy + d * s * np.sin(ang), -d * np.cos(np.radians(tilt))])
        rvec, tvec = look_at_pose(eye, (cx + off[0], cy + off[1], 0))
        out.append(render_plane(tex, pm, K, dist, rvec, tvec, (W, H), seed=seed * 100 + k, blur_sigma=blur))
    return out


@pytest.fixture(scope="session")
def views(true_camera):
    K, dist = true_camera
    return board_views(K, dist)


@pytest.fixture(scope="session")
def camera_section(true_camera):
    """The *true* camera as a profile section (so table tests do not depend on calibration)."""
    K, dist = true_camera
    return CameraSection(image_size=(W, H), matrix=K.tolist(), dist=dist.tolist(), reprojection_error=0.1, views=12)


TABLE_ROT = {0: 0, 1: 1, 2: 2, 3: 3}  # markers laid in all four orientations


def table_pose(dx=0.0, dy=0.0, dz=0.0, tx=0.0):
    return look_at_pose((450 + dx, 1130 + dy, -900 + dz), (450 + tx, 440, 0))


def render_table(K, dist, pose=None, seed=0, texture=None):
    rvec, tvec = pose or table_pose()
    tex = table_texture(rotations=TABLE_ROT) if texture is None else texture
    return render_plane(tex, (900.0, 900.0), K, dist, rvec, tvec, (W, H), background=(45, 45, 50), seed=seed)


@pytest.fixture(scope="session")
def table_image(true_camera):
    K, dist = true_camera
    return render_table(K, dist)


def truth_points(K, dist, pose=None):
    """A grid of table points (mm) and where the true camera sees them (px)."""
    import cv2

    rvec, tvec = pose or table_pose()
    pts = np.array([[x, y, 0.0] for x in np.linspace(100, 800, 8) for y in np.linspace(100, 800, 8)])
    img, _ = cv2.projectPoints(pts, rvec, tvec, K, dist)
    return pts[:, :2], img.reshape(-1, 2)
