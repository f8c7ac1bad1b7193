"""Table calibration: four ArUco markers at the play area's corners → homography to table mm.

All four markers must be visible for the initial calibration (the live watcher can then work
with three).  Each marker's orientation as laid is found from the first fit and stored, so a
marker put down turned does not spoil the fit.
"""

from __future__ import annotations

import numpy as np

from calibration.boards import default_marker_positions
from calibration.geometry import (
    MARKER_PLACES,
    GeometryError,
    detect_markers,
    fit_table_homography,
    marker_table_corners,
    undistort_px,
)
from calibration.profile import CameraSection, TableSection

__all__ = ["calibrate_table", "TableCalibrationError", "MAX_TABLE_RMS_MM"]

MAX_TABLE_RMS_MM = 3.0


class TableCalibrationError(ValueError):
    pass


def calibrate_table(
    image: np.ndarray,
    camera: CameraSection | None = None,
    size_mm=(900.0, 900.0),
    marker_mm: float = 60.0,
    markers: dict[int, tuple[float, float]] | None = None,
    dictionary: str = "DICT_4X4_50",
) -> TableSection:
    markers = dict(markers) if markers is not None else default_marker_positions(size_mm, marker_mm)
    h, w = image.shape[:2]
    if camera is not None and tuple(camera.image_size) != (w, h):
        raise TableCalibrationError(
            f"image is {w}x{h} but the camera was calibrated at {camera.image_size[0]}x{camera.image_size[1]}"
        )
    K = None if camera is None else np.asarray(camera.matrix, float)
    dist = None if camera is None else np.asarray(camera.dist, float)
    found_all = detect_markers(image, dictionary)
    found = {i: c for i, c in found_all.items() if i in markers}
    if len(found) < len(markers):
        missing = [i for i in markers if i not in found]
        seen = sorted(found)
        what = "no table markers" if not seen else f"only marker{'s' if len(seen) > 1 else ''} {seen}"
        extra = ""
        others = sorted(set(found_all) - set(markers))
        if others:
            extra = f" (other markers {others} are not table markers)"
        raise TableCalibrationError(
            f"{what} found{extra}; missing "
            + ", ".join(f"{i} ({MARKER_PLACES.get(i, '?')})" for i in missing)
            + ": all four must be in view, flat and unobstructed"
        )
    # first fit on the marker centres only (orientation-free), then find each marker's turn
    ids = sorted(found)
    centres_px = np.array([undistort_px(found[i], K, dist).mean(axis=0) for i in ids])
    centres_mm = np.array([markers[i] for i in ids], float)
    import cv2

    H0, _ = cv2.findHomography(centres_px, centres_mm, 0)
    if H0 is None:
        raise TableCalibrationError("marker centres are degenerate (all on one line?)")
    rotations: dict[int, int] = {}
    for i in ids:
        mm = cv2.perspectiveTransform(undistort_px(found[i], K, dist).reshape(-1, 1, 2), H0).reshape(-1, 2)
        errs = [np.abs(mm - marker_table_corners(markers[i], marker_mm, q)).max() for q in range(4)]
        q = int(np.argmin(errs))
        if errs[q] > marker_mm * 0.3:
            raise TableCalibrationError(
                f"marker {i} is not where the profile puts it ({errs[q]:.0f} mm off): check the marker positions "
                f"and that the printed markers are {marker_mm:g} mm"
            )
        rotations[i] = q
    section = TableSection(
        homography=((1, 0, 0), (0, 1, 0), (0, 0, 1)), undistorted=camera is not None, image_size=(w, h),
        size_mm=(float(size_mm[0]), float(size_mm[1])), marker_dictionary=dictionary, marker_mm=marker_mm,
        markers={int(k): (float(v[0]), float(v[1])) for k, v in markers.items()}, rotations=rotations,
    )
    try:
        H, rms, _ = fit_table_homography(found, section, K, dist)
    except GeometryError as exc:
        raise TableCalibrationError(str(exc)) from None
    if rms > MAX_TABLE_RMS_MM:
        raise TableCalibrationError(
            f"marker corners disagree by {rms:.1f} mm RMS (limit {MAX_TABLE_RMS_MM:g}): markers not flat, "
            "wrong marker size, or the camera needs calibrating first ('tiengow calibrate camera')"
        )
    if np.linalg.det(H[:2, :2]) < 0:
        raise TableCalibrationError("the view is mirrored (a flipped webcam image, or markers 1 and 3 swapped)")
    return section.model_copy(update={"homography": tuple(tuple(float(v) for v in r) for r in H), "error_mm": rms})
