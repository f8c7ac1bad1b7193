"""TableGeometry (mapping, zones) and the live MarkerWatcher on synthetic renders."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.geometry import MarkerWatcher, TableGeometry, detect_markers
from calibration.profile import ZONE_NAMES, Profile
from calibration.table import calibrate_table
from calibration.zones import default_zones, zone_overlaps

from .conftest import render_table, table_pose, truth_points


@pytest.fixture(scope="module")
def profile(table_image, camera_section):
    sec = calibrate_table(table_image, camera_section)
    return Profile(camera=camera_section, table=sec, zones=default_zones(sec.size_mm))


def test_default_zones_cover_the_seats_without_overlap():
    z = default_zones((900, 900))
    assert list(z) == list(ZONE_NAMES)
    assert zone_overlaps(z) == []
    geo = TableGeometry(np.eye(3), (900, 900), z)
    assert geo.zone_of((450, 450)) == "centre"
    assert geo.zone_of((450, 780)) == "seat0.play"  # near edge
    assert geo.zone_of((780, 450)) == "seat1.play"  # right
    assert geo.zone_of((450, 120)) == "seat2.play"  # far
    assert geo.zone_of((120, 450)) == "seat3.play"  # left
    assert geo.zone_of((780, 780)) == "seat0.pile"  # seat 0's right
    assert geo.zone_of((780, 120)) == "seat1.pile"
    assert geo.zone_of((10, 10)) is None


def test_zone_of_from_image_points(profile, true_camera):
    K, dist = true_camera
    geo = TableGeometry.from_profile(profile)
    rvec, tvec = table_pose()
    for name in ZONE_NAMES:
        c = np.array(profile.zones[name]).mean(axis=0)
        px, _ = cv2.projectPoints(np.array([[c[0], c[1], 0.0]]), rvec, tvec, K, dist)
        assert geo.zone_of(geo.image_to_table(px.reshape(1, 2))[0]) == name


def test_zone_polygons_image(profile, true_camera):
    K, dist = true_camera
    geo = TableGeometry.from_profile(profile)
    polys = geo.zone_polygons_image()
    assert set(polys) == set(ZONE_NAMES)
    rvec, tvec = table_pose()
    for name, poly in polys.items():
        assert poly.dtype == np.float32 and poly.shape[1] == 2
        corner = np.array(profile.zones[name][0])
        truth, _ = cv2.projectPoints(np.array([[*corner, 0.0]]), rvec, tvec, K, dist)
        assert np.linalg.norm(poly[0] - truth.reshape(2)) < 1.0
    assert all(v == 1.0 for v in geo.zone_coverage().values())


def test_round_trip(profile):
    geo = TableGeometry.from_profile(profile)
    pts = np.array([[0, 0], [900, 900], [123.4, 567.8]])
    assert np.abs(geo.image_to_table(geo.table_to_image(pts)) - pts).max() < 0.01


def test_geometry_needs_a_table():
    from calibration.geometry import GeometryError

    with pytest.raises(GeometryError, match="no table section"):
        TableGeometry.from_profile(Profile())


def test_watcher_steady(profile, table_image):
    w = MarkerWatcher.from_profile(profile)
    st = w.update(table_image)
    assert st.status == "ok" and st.seen == [0, 1, 2, 3] and st.shift_px < 0.5 and not st.warnings


def test_watcher_partial_and_lost(profile, table_image):
    w = MarkerWatcher.from_profile(profile)
    found = detect_markers(table_image)
    one_hidden = table_image.copy()
    cv2.fillConvexPoly(one_hidden, found[2].astype(np.int32), (90, 120, 150))
    st = w.update(one_hidden)
    assert st.status == "partial" and st.seen == [0, 1, 3]
    assert "marker 2 (near right) hidden" in st.warnings[0]
    before = w.geometry.H.copy()
    dark = (table_image * 0.05).astype(np.uint8)  # lights off
    st = w.update(dark)
    assert st.status == "lost"
    assert "keeping the last good table geometry" in st.warnings[0]
    assert np.array_equal(w.geometry.H, before)


def test_watcher_notices_and_corrects_a_bump(profile, true_camera):
    K, dist = true_camera
    w = MarkerWatcher.from_profile(profile, bump_px=4.0, confirm_frames=3)
    bumped_pose = table_pose(dx=25, dy=-15, tx=12)  # the clamp slipped
    frames = [render_table(K, dist, pose=bumped_pose, seed=s) for s in range(3)]
    statuses = [w.update(f) for f in frames]
    assert [s.status for s in statuses] == ["moving", "moving", "bumped"]
    assert statuses[-1].changed and statuses[-1].shift_px > 4.0
    assert "geometry corrected" in statuses[-1].warnings[-1]
    mm, px = truth_points(K, dist, bumped_pose)
    assert np.abs(w.geometry.image_to_table(px) - mm).max() < 1.5
    # the old geometry would be centimetres off
    old = TableGeometry.from_profile(profile)
    assert np.abs(old.image_to_table(px) - mm).max() > 10
    assert w.update(frames[0]).status == "ok"
    # the corrected geometry can be saved back into the profile
    fixed = Profile(camera=profile.camera, table=w.table_section(), zones=profile.zones)
    again = TableGeometry.from_profile(fixed)
    assert np.abs(again.image_to_table(px) - mm).max() < 1.5


def test_watcher_ignores_a_one_frame_glitch(profile, table_image, true_camera):
    K, dist = true_camera
    w = MarkerWatcher.from_profile(profile, confirm_frames=3)
    glitch = render_table(K, dist, pose=table_pose(dx=40))
    assert w.update(glitch).status == "moving"
    assert w.update(table_image).status == "ok"
    assert w.bumps == 0
