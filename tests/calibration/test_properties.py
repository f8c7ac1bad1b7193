"""Properties of the zone layout and the geometry over many table sizes and homographies."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from calibration.geometry import TableGeometry
from calibration.profile import ZONE_NAMES, parse_profile
from calibration.zones import default_zones, zone_overlaps

sizes = st.tuples(st.floats(400, 2000), st.floats(400, 2000))


@settings(max_examples=40, deadline=None)
@given(sizes)
def test_default_zones_are_valid_disjoint_and_inside(size):
    z = default_zones(size)
    assert zone_overlaps(z) == []
    prof = parse_profile({"version": 2, "zones": z})  # passes validation
    assert list(prof.zones) == list(ZONE_NAMES)
    geo = TableGeometry(np.eye(3), size, z)
    for name, poly in z.items():
        p = np.array(poly)
        assert (p >= 0).all() and (p[:, 0] <= size[0]).all() and (p[:, 1] <= size[1]).all()
        assert geo.zone_of(p.mean(axis=0)) == name


@settings(max_examples=40, deadline=None)
@given(st.floats(-0.3, 0.3), st.floats(0.5, 2.0), st.floats(-1e-3, 1e-3), st.floats(-1e-3, 1e-3),
       st.floats(-200, 200))
def test_image_table_round_trip(shear, scale, p0, p1, shift):
    H = np.array([[scale, shear, shift], [0.1 * shear, scale, -shift], [p0 * 0.3, p1 * 0.3, 1.0]])
    K = np.array([[800.0, 0, 480], [0, 800, 360], [0, 0, 1]])
    geo = TableGeometry(H, (900, 900), None, K, np.array([-0.1, 0.02, 0, 0, 0]))
    pts = np.array([[100.0, 100.0], [450, 450], [800, 300]])
    img = geo.table_to_image(pts)
    # the distortion model is only invertible over (about) the image itself
    keep = np.all(np.isfinite(img), axis=1) & (np.abs(img - [480, 360]).max(axis=1) < 600)
    if keep.any():
        back = geo.image_to_table(img[keep])
        assert np.abs(back - pts[keep]).max() < 0.05
