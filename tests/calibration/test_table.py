"""Table homography from four markers in a synthetic render with a known camera and pose.

Tolerances: table points recovered within 1.0 mm (max over an 8x8 grid inside the 900 mm
table; measured 0.66 mm), table -> image within 0.75 px (measured 0.38 px); within 1.5 mm
without intrinsics on a camera without distortion.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.geometry import TableGeometry
from calibration.profile import Profile
from calibration.synth import table_texture
from calibration.table import TableCalibrationError, calibrate_table

from .conftest import TABLE_ROT, render_table, truth_points


def test_homography_recovered(table_image, camera_section, true_camera):
    K, dist = true_camera
    sec = calibrate_table(table_image, camera_section)
    assert sec.rotations == TABLE_ROT
    assert sec.undistorted and sec.error_mm < 1.0
    geo = TableGeometry.from_profile(Profile(camera=camera_section, table=sec))
    mm, px = truth_points(K, dist)
    assert np.linalg.norm(geo.image_to_table(px) - mm, axis=1).max() < 1.0  # measured 0.66 mm
    assert np.linalg.norm(geo.table_to_image(mm) - px, axis=1).max() < 0.75  # measured 0.38 px


def test_homography_without_intrinsics_on_a_pinhole_camera(true_camera):
    K, _ = true_camera
    img = render_table(K, None)
    sec = calibrate_table(img, None)
    assert not sec.undistorted
    geo = TableGeometry(sec.homography, sec.size_mm, None, image_size=(960, 720), section=sec)
    mm, px = truth_points(K, np.zeros(5))
    assert np.abs(geo.image_to_table(px) - mm).max() < 1.5


def _hide(img, corners_list):
    out = img.copy()
    for c in corners_list:
        cv2.fillConvexPoly(out, cv2.convexHull(c.astype(np.int32)), (90, 120, 150))
    return out


def test_no_markers(true_camera, camera_section):
    K, dist = true_camera
    plain = render_table(K, dist, texture=table_texture(markers={}))
    with pytest.raises(TableCalibrationError) as ei:
        calibrate_table(plain, camera_section)
    assert "no table markers found" in str(ei.value)
    assert "missing 0 (far left), 1 (far right), 2 (near right), 3 (near left)" in str(ei.value)


def test_two_markers(table_image, camera_section):
    from calibration.geometry import detect_markers

    found = detect_markers(table_image)
    img = _hide(table_image, [found[1], found[3]])
    with pytest.raises(TableCalibrationError) as ei:
        calibrate_table(img, camera_section)
    assert "only markers [0, 2] found" in str(ei.value)
    assert "1 (far right), 3 (near left)" in str(ei.value)


def test_wrong_marker_positions(table_image, camera_section):
    wrong = {0: (50, 50), 1: (850, 50), 2: (850, 600), 3: (50, 850)}
    with pytest.raises(TableCalibrationError, match="marker"):
        calibrate_table(table_image, camera_section, markers=wrong)


def test_image_size_must_match_camera(table_image, camera_section):
    with pytest.raises(TableCalibrationError, match="camera was calibrated at 960x720"):
        calibrate_table(cv2.resize(table_image, (640, 480)), camera_section)
