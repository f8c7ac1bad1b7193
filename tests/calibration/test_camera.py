"""Camera intrinsics from synthetic ChArUco views with a known camera.

Tolerances (960x720, 12 views, blur sigma 0.6 px, noise sigma 2 grey levels):
fx, fy within 1 %; cx, cy within 5 px; k1 within 0.02; RMS reprojection error below 0.3 px;
and the recovered model undistorts image points within 1.5 px of the true model over the image
(measured: about 1.1 px at the far corners, 0.75 px 100 px in; fx within 0.05 %).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.camera import CalibrationError, CameraCalibrator
from calibration.profile import BoardSpec

from .conftest import board_views


@pytest.fixture(scope="module")
def solved(views):
    cal = CameraCalibrator()
    for k, img in enumerate(views):
        cal.add(img, f"v{k}")
    return cal, cal.solve()


def test_intrinsics_recovered(solved, true_camera):
    cal, sec = solved
    K, dist = true_camera
    Kr = np.array(sec.matrix)
    assert len(cal.views) >= 10
    assert abs(Kr[0, 0] / K[0, 0] - 1) < 0.01
    assert abs(Kr[1, 1] / K[1, 1] - 1) < 0.01
    assert abs(Kr[0, 2] - K[0, 2]) < 5 and abs(Kr[1, 2] - K[1, 2]) < 5
    assert abs(sec.dist[0] - dist[0]) < 0.02
    assert sec.reprojection_error < 0.3
    # what matters: the same pixels undistort to the same rays
    xs, ys = np.meshgrid(np.linspace(20, 940, 12), np.linspace(20, 700, 9))
    pts = np.stack([xs.ravel(), ys.ravel()], -1).reshape(-1, 1, 2)
    a = cv2.undistortPoints(pts, K, dist, None, None, K)
    b = cv2.undistortPoints(pts, Kr, np.array(sec.dist), None, None, K)
    assert np.abs(a - b).max() < 1.5


def test_coverage_feedback(solved):
    cal, _ = solved
    msg = cal.coverage()
    assert msg.startswith(f"{len(cal.views)} good views")
    assert "/9 of the image" in msg
    one = CameraCalibrator()
    one.add(cal_view := _first_view(cal), "only")  # noqa: F841
    assert "not yet:" in one.coverage()


def _first_view(cal):
    # rebuild one image from the fixture's spec: a centred, frontal board only covers the middle
    from calibration.synth import board_texture, camera_matrix, look_at_pose, render_plane

    tex, pm = board_texture(BoardSpec())
    rv, tv = look_at_pose((pm[0] / 2, pm[1] / 2, -700), (pm[0] / 2, pm[1] / 2, 0))
    return render_plane(tex, pm, camera_matrix(960, 720, 64), None, rv, tv, (960, 720))


def test_blurred_board_is_refused(true_camera):
    K, dist = true_camera
    blurred = board_views(K, dist, n=6, seed=3, blur=9.0)
    cal = CameraCalibrator()
    for k, img in enumerate(blurred):
        r = cal.add(img, f"b{k}")
        assert not r.accepted
    with pytest.raises(CalibrationError) as ei:
        cal.solve()
    assert "need at least 5 views with the board, got 0 of 6" in str(ei.value)
    assert "blurred" in str(ei.value)


def test_wrong_board_is_named(true_camera):
    K, dist = true_camera
    other = BoardSpec(squares_x=7, squares_y=5, dictionary="DICT_4X4_50")
    imgs = board_views(K, dist, spec=other, n=2, seed=4)
    cal = CameraCalibrator()  # expects the default DICT_5X5_100 board
    r = cal.add(imgs[0], "other")
    assert not r.accepted
    assert "wrong board" in r.reason and "DICT_4X4_50" in r.reason


def test_mismatched_image_size_is_refused(views):
    cal = CameraCalibrator()
    cal.add(views[0], "a")
    r = cal.add(cv2.resize(views[1], (640, 480)), "b")
    assert not r.accepted and "differs from the first" in r.reason


def test_too_few_views(views):
    cal = CameraCalibrator()
    for img in views[:3]:
        cal.add(img)
    with pytest.raises(CalibrationError, match="need at least 5 views"):
        cal.solve()
