"""Calibration: camera intrinsics (ChArUco), table homography (ArUco corner markers), zones,
tile-set profile, RFID enrollment, all in one versioned YAML profile.

Entry points: :mod:`calibration.profile` (load/save), :mod:`calibration.geometry`
(``TableGeometry``, ``MarkerWatcher``), :mod:`calibration.cli` (``tiengow calibrate …``).
See docs/calibration.md.  Nothing heavy is imported here.
"""
