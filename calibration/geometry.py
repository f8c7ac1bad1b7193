"""Camera ↔ table geometry for the table runtime, and the live marker watcher.

:class:`TableGeometry` maps image pixels to table millimetres and back (undistorting with the
camera intrinsics when the profile has them), names the zone a table point lies in, and
projects the zones into the image (the vision tracker takes regions as image polygons).

:class:`MarkerWatcher` re-detects the four table markers on every frame.  Small jitter is
ignored; a change of the homography that moves table points by more than ``bump_px`` pixels
and persists for ``confirm_frames`` frames is taken as a bumped camera: the geometry is
re-fitted and the event reported.  When fewer than three markers are visible the last good
geometry is kept and a warning says which markers are missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.boards import aruco_dict
from calibration.profile import ZONE_NAMES, Profile, TableSection
from calibration.zones import default_zones

__all__ = [
    "TableGeometry",
    "MarkerWatcher",
    "WatchStatus",
    "detect_markers",
    "marker_table_corners",
    "fit_table_homography",
    "GeometryError",
]

MARKER_PLACES = {0: "far left", 1: "far right", 2: "near right", 3: "near left"}


class GeometryError(ValueError):
    pass


# --- markers ----------------------------------------------------------------------------------

_DETECTORS: dict[str, cv2.aruco.ArucoDetector] = {}


def detect_markers(image: np.ndarray, dictionary: str = "DICT_4X4_50") -> dict[int, np.ndarray]:
    """id -> 4x2 corners (pixels, marker's own TL, TR, BR, BL).  Ids seen twice are dropped."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    det = _DETECTORS.get(dictionary)
    if det is None:
        p = cv2.aruco.DetectorParameters()
        p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        det = _DETECTORS[dictionary] = cv2.aruco.ArucoDetector(aruco_dict(dictionary), p)
    corners, ids, _ = det.detectMarkers(gray)
    out: dict[int, np.ndarray] = {}
    dup: set[int] = set()
    if ids is None:
        return out
    for c, i in zip(corners, np.asarray(ids).ravel(), strict=True):
        i = int(i)
        if i in out:
            dup.add(i)
        out[i] = c.reshape(4, 2).astype(np.float64)
    for i in dup:
        out.pop(i)
    return out


def marker_table_corners(centre, marker_mm: float, quarter_turns: int = 0) -> np.ndarray:
    """Table positions of a marker's own TL, TR, BR, BL corners when it is laid turned
    ``quarter_turns`` clockwise (seen from above) from upright."""
    cx, cy = centre
    h = marker_mm / 2
    canon = np.array([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)], float)
    return np.array([canon[(k + quarter_turns) % 4] for k in range(4)])


def undistort_px(points: np.ndarray, K, dist) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    if K is None:
        return pts.reshape(-1, 2)
    K = np.asarray(K, float)
    return cv2.undistortPoints(pts, K, np.asarray(dist, float), None, None, K).reshape(-1, 2)


def distort_px(points: np.ndarray, K, dist) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    if K is None or len(pts) == 0:
        return pts
    K = np.asarray(K, float)
    n = np.linalg.solve(K, np.column_stack([pts, np.ones(len(pts))]).T).T
    obj = np.column_stack([n[:, :2] / n[:, 2:3], np.ones(len(n))])
    img, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), K, np.asarray(dist, float))
    return img.reshape(-1, 2)


def fit_table_homography(found: dict[int, np.ndarray], section: TableSection, K=None, dist=None):
    """Least-squares homography (undistorted pixels -> table mm) from all corners of the
    known markers in ``found``.  Returns (H, rms_mm, ids used)."""
    ids = [i for i in sorted(found) if i in section.markers]
    if len(ids) < 3:
        raise GeometryError(f"need 3 or more table markers, see {len(ids)}")
    src, dst = [], []
    for i in ids:
        src.append(undistort_px(found[i], K, dist))
        dst.append(marker_table_corners(section.markers[i], section.marker_mm, section.rotations.get(i, 0)))
    src_a, dst_a = np.vstack(src), np.vstack(dst)
    H, _ = cv2.findHomography(src_a, dst_a, 0)
    if H is None:
        raise GeometryError("the markers do not give a homography (degenerate layout)")
    H = H / H[2, 2]
    proj = cv2.perspectiveTransform(src_a.reshape(-1, 1, 2), H).reshape(-1, 2)
    rms = float(np.sqrt(np.mean(np.sum((proj - dst_a) ** 2, axis=1))))
    return H, rms, ids


# --- geometry ----------------------------------------------------------------------------------


class TableGeometry:
    """Image pixels ↔ table millimetres, and zones."""

    def __init__(self, homography, size_mm=(900.0, 900.0), zones=None, K=None, dist=None,
                 image_size=None, section: TableSection | None = None):
        self.H = np.asarray(homography, np.float64)
        self.H_inv = np.linalg.inv(self.H)
        self.size_mm = (float(size_mm[0]), float(size_mm[1]))
        z = zones if zones is not None else default_zones(self.size_mm)
        self.zones: dict[str, np.ndarray] = {n: np.asarray(z[n], np.float64) for n in ZONE_NAMES}
        self.K = None if K is None else np.asarray(K, np.float64)
        self.dist = None if dist is None else np.asarray(dist, np.float64)
        self.image_size = image_size
        self.section = section

    @classmethod
    def from_profile(cls, profile: Profile) -> TableGeometry:
        if profile.table is None:
            raise GeometryError("the calibration profile has no table section: run 'tiengow calibrate table'")
        t = profile.table
        K = dist = None
        if t.undistorted:
            if profile.camera is None:
                raise GeometryError("table.undistorted is true but the profile has no camera section")
            K, dist = profile.camera.matrix, profile.camera.dist
        return cls(t.homography, t.size_mm, profile.zones, K, dist, t.image_size, t)

    def with_homography(self, H) -> TableGeometry:
        return TableGeometry(H, self.size_mm, {n: p.tolist() for n, p in self.zones.items()}, self.K, self.dist,
                             self.image_size, self.section)

    # -- mapping -------------------------------------------------------------------------------
    def image_to_table(self, points) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        if len(pts) == 0:
            return pts
        u = undistort_px(pts, self.K, self.dist)
        return cv2.perspectiveTransform(u.reshape(-1, 1, 2), self.H).reshape(-1, 2)

    def table_to_image(self, points) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        if len(pts) == 0:
            return pts
        u = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), self.H_inv).reshape(-1, 2)
        return distort_px(u, self.K, self.dist)

    # -- zones ---------------------------------------------------------------------------------
    def zone_of(self, point_mm) -> str | None:
        x, y = float(point_mm[0]), float(point_mm[1])
        for name in ZONE_NAMES:
            if cv2.pointPolygonTest(self.zones[name].astype(np.float32), (x, y), False) >= 0:
                return name
        return None

    def zone_polygons_image(self, samples_per_edge: int = 8) -> dict[str, np.ndarray]:
        """Zones as image polygons (float32 Nx2), edges sampled so distortion bends them."""
        out = {}
        for name, poly in self.zones.items():
            pts = []
            for a, b in zip(poly, np.roll(poly, -1, axis=0), strict=True):
                for t in np.linspace(0, 1, samples_per_edge, endpoint=False):
                    pts.append(a + (b - a) * t)
            out[name] = self.table_to_image(np.array(pts)).astype(np.float32)
        return out

    def zone_coverage(self) -> dict[str, float]:
        """Fraction of each zone that falls inside the camera image."""
        if self.image_size is None:
            return {n: float("nan") for n in self.zones}
        w, h = self.image_size
        out = {}
        for name, poly in self.zones.items():
            x0, y0 = poly.min(axis=0)
            x1, y1 = poly.max(axis=0)
            xs, ys = np.meshgrid(np.linspace(x0, x1, 15), np.linspace(y0, y1, 15))
            pts = np.column_stack([xs.ravel(), ys.ravel()])
            inside = [cv2.pointPolygonTest(poly.astype(np.float32), (float(x), float(y)), False) >= 0 for x, y in pts]
            pts = pts[np.array(inside)]
            img = self.table_to_image(pts)
            ok = (img[:, 0] >= 0) & (img[:, 0] < w) & (img[:, 1] >= 0) & (img[:, 1] < h)
            out[name] = float(ok.mean()) if len(ok) else 0.0
        return out

    def shift_px(self, other: TableGeometry) -> float:
        """Largest image displacement of the table's corners and zone centres between two
        geometries (how far a bump moved things)."""
        W, H = self.size_mm
        ref = [(0, 0), (W, 0), (W, H), (0, H), (W / 2, H / 2)] + [tuple(p.mean(axis=0)) for p in self.zones.values()]
        a = self.table_to_image(np.array(ref, float))
        b = other.table_to_image(np.array(ref, float))
        return float(np.max(np.linalg.norm(a - b, axis=1)))

    def draw(self, image: np.ndarray, labels: bool = True) -> np.ndarray:
        """Annotated copy of ``image``: table outline and zones."""
        out = image.copy() if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        W, H = self.size_mm
        edge = []
        for a, b in (((0, 0), (W, 0)), ((W, 0), (W, H)), ((W, H), (0, H)), ((0, H), (0, 0))):
            for t in np.linspace(0, 1, 16, endpoint=False):
                edge.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        cv2.polylines(out, [self.table_to_image(np.array(edge)).astype(np.int32)], True, (255, 255, 255), 2, cv2.LINE_AA)
        colours = {"play": (0, 200, 0), "pile": (0, 160, 255), "centre": (255, 120, 0)}
        overlay = out.copy()
        polys = self.zone_polygons_image()
        for name, poly in polys.items():
            kind = name.split(".")[-1]
            cv2.fillPoly(overlay, [poly.astype(np.int32)], colours.get(kind, (200, 200, 200)))
        out = cv2.addWeighted(overlay, 0.25, out, 0.75, 0)
        for name, poly in polys.items():
            kind = name.split(".")[-1]
            cv2.polylines(out, [poly.astype(np.int32)], True, colours.get(kind, (200, 200, 200)), 2, cv2.LINE_AA)
            if labels:
                c = self.table_to_image(self.zones[name].mean(axis=0, keepdims=True))[0]
                (tw, th), _ = cv2.getTextSize(name, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
                org = (int(c[0] - tw / 2), int(c[1] + th / 2))
                cv2.rectangle(out, (org[0] - 3, org[1] - th - 4), (org[0] + tw + 3, org[1] + 5), (0, 0, 0), -1)
                cv2.putText(out, name, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1, cv2.LINE_AA)
        return out


# --- the watcher -------------------------------------------------------------------------------


@dataclass
class WatchStatus:
    status: str  # 'ok' | 'partial' | 'moving' | 'bumped' | 'lost'
    seen: list[int]
    shift_px: float = 0.0
    warnings: list[str] = field(default_factory=list)
    changed: bool = False  # the geometry was replaced on this frame


class MarkerWatcher:
    """Per-frame marker check.  ``update(frame)`` returns a :class:`WatchStatus`;
    ``geometry`` is always the last good :class:`TableGeometry`."""

    def __init__(self, geometry: TableGeometry, bump_px: float = 4.0, confirm_frames: int = 3):
        if geometry.section is None:
            raise GeometryError("MarkerWatcher needs a geometry built from a profile's table section")
        self.geometry = geometry
        self.section = geometry.section
        self.bump_px = bump_px
        self.confirm_frames = confirm_frames
        self._pending: list[TableGeometry] = []
        self.bumps = 0
        self.last: WatchStatus | None = None

    @classmethod
    def from_profile(cls, profile: Profile, **kw) -> MarkerWatcher:
        return cls(TableGeometry.from_profile(profile), **kw)

    def table_section(self) -> TableSection:
        """The profile's table section with the current (possibly corrected) homography, for
        saving after a bump: ``profile.model_copy(update={"table": watcher.table_section()})``."""
        H = tuple(tuple(float(v) for v in row) for row in self.geometry.H)
        return self.section.model_copy(update={"homography": H})

    def update(self, frame: np.ndarray) -> WatchStatus:
        sec = self.section
        found = {i: c for i, c in detect_markers(frame, sec.marker_dictionary).items() if i in sec.markers}
        seen = sorted(found)
        missing = [i for i in sec.markers if i not in found]
        miss_txt = ", ".join(f"{i} ({MARKER_PLACES.get(i, '?')})" for i in missing)
        if len(found) < 3:
            self._pending.clear()
            st = WatchStatus("lost", seen, warnings=[
                f"table markers lost: see {len(found)} of {len(sec.markers)} (missing {miss_txt}); "
                "keeping the last good table geometry"])
            self.last = st
            return st
        try:
            H, rms, _ = fit_table_homography(found, sec, self.geometry.K, self.geometry.dist)
        except GeometryError as exc:
            st = WatchStatus("lost", seen, warnings=[f"{exc}; keeping the last good table geometry"])
            self.last = st
            return st
        cand = self.geometry.with_homography(H)
        shift = self.geometry.shift_px(cand)
        warnings = [f"marker {miss_txt} hidden; geometry from the other {len(found)}"] if missing else []
        if shift <= self.bump_px:
            self._pending.clear()
            st = WatchStatus("partial" if missing else "ok", seen, shift, warnings)
        else:
            if self._pending and self._pending[-1].shift_px(cand) > self.bump_px:
                self._pending.clear()  # still moving: start confirming again
            self._pending.append(cand)
            if len(self._pending) >= self.confirm_frames:
                self.geometry = cand
                self._pending.clear()
                self.bumps += 1
                warnings.append(f"camera moved: table points shifted {shift:.1f} px; geometry corrected")
                st = WatchStatus("bumped", seen, shift, warnings, changed=True)
            else:
                warnings.append(f"table points shifted {shift:.1f} px; confirming before correcting")
                st = WatchStatus("moving", seen, shift, warnings)
        self.last = st
        return st
