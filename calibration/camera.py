"""Camera intrinsics and distortion from views of a ChArUco board.

Workflow: :class:`CameraCalibrator` takes frames one at a time (from files or a live camera),
keeps the views where enough ChArUco corners are found, reports coverage (which ninths of the
image the board's corners have reached, and how much the board was tilted), then
:meth:`CameraCalibrator.solve` runs ``cv2.calibrateCamera`` and returns a
:class:`calibration.profile.CameraSection` with the RMS reprojection error.

Bad inputs fail with :class:`CalibrationError` naming the cause: a board that is not found
(blurred, too small), the wrong board (markers of another dictionary or ids beyond this
board), too few views, or a solution whose reprojection error is too large.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.boards import aruco_dict, charuco_board
from calibration.profile import BoardSpec, CameraSection

__all__ = ["CalibrationError", "CameraCalibrator", "ViewResult", "sharpness", "identify_board"]

MIN_CORNERS = 8
MIN_VIEWS = 5
MAX_RMS_PX = 1.5
BLUR_MIN = 0.12  # edge steepness (see sharpness) below which an image is called blurred


class CalibrationError(ValueError):
    """A calibration step that cannot succeed with the given input."""


@dataclass
class ViewResult:
    name: str
    accepted: bool
    corners: int
    reason: str = ""
    cells: set[int] = field(default_factory=set)


def sharpness(gray: np.ndarray) -> float:
    """Steepest edges relative to the image's contrast: the 99.9th percentile of the gradient
    magnitude (grey levels per pixel) over the 1-99 % intensity range.  About 0.4 for a sharp
    board, 0.15 at a blur of sigma 2.5 px, 0.05 at sigma 9 px; independent of noise and
    exposure, unlike the variance of the Laplacian."""
    g = gray.astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) / 8
    contrast = float(np.percentile(g, 99) - np.percentile(g, 1))
    return float(np.percentile(np.hypot(gx, gy), 99.9)) / max(contrast, 1.0)


_OTHER_DICTS = ("DICT_4X4_50", "DICT_5X5_100", "DICT_6X6_250", "DICT_7X7_250", "DICT_ARUCO_ORIGINAL",
                "DICT_APRILTAG_36h11")


def identify_board(gray: np.ndarray, exclude: str | None = None) -> tuple[str, int] | None:
    """Which common ArUco dictionary the markers in the image belong to (diagnostics)."""
    best = None
    for name in _OTHER_DICTS:
        if name == exclude:
            continue
        det = cv2.aruco.ArucoDetector(aruco_dict(name), cv2.aruco.DetectorParameters())
        _, ids, _ = det.detectMarkers(gray)
        n = 0 if ids is None else len(ids)
        if n >= 3 and (best is None or n > best[1]):
            best = (name, n)
    return best


class CameraCalibrator:
    def __init__(self, spec: BoardSpec | None = None, min_corners: int = MIN_CORNERS):
        self.spec = spec or BoardSpec()
        self.board = charuco_board(self.spec)
        params = cv2.aruco.CharucoParameters()
        self.detector = cv2.aruco.CharucoDetector(self.board, params)
        self.min_corners = min_corners
        self.views: list[tuple[np.ndarray, np.ndarray]] = []  # (object points, image points)
        self.results: list[ViewResult] = []
        self.image_size: tuple[int, int] | None = None
        self.cells: set[int] = set()
        self.tilts: list[float] = []
        self.centres: list[np.ndarray] = []
        self._n_ids = len(self.board.getIds())

    # -- adding views ------------------------------------------------------------------------
    def add(self, image: np.ndarray, name: str = "view", require_new: bool = False) -> ViewResult:
        """Detect the board and keep the view.  With ``require_new`` (live capture) a view
        too like one already kept (board centre within 8 % of the image diagonal and tilt
        within 8 degrees) is refused, so holding the board still does not fill the set."""
        gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        size = (gray.shape[1], gray.shape[0])
        if self.image_size is None:
            self.image_size = size
        elif size != self.image_size:
            r = ViewResult(name, False, 0, f"image size {size[0]}x{size[1]} differs from the first "
                                           f"view's {self.image_size[0]}x{self.image_size[1]}")
            self.results.append(r)
            return r
        ch_corners, ch_ids, m_corners, m_ids = self.detector.detectBoard(gray)
        n = 0 if ch_ids is None else len(ch_ids)
        if n < self.min_corners:
            r = ViewResult(name, False, n, self._why_not(gray, m_ids))
            self.results.append(r)
            return r
        obj, img = self.board.matchImagePoints(ch_corners, ch_ids)
        if obj is None or len(obj) < self.min_corners:
            r = ViewResult(name, False, n, "corners could not be matched to the board")
            self.results.append(r)
            return r
        # skip views whose corners are all on one line (no information about the plane)
        if self.board.checkCharucoCornersCollinear(ch_ids):
            r = ViewResult(name, False, n, "the visible corners lie on one line")
            self.results.append(r)
            return r
        centre = img.reshape(-1, 2).mean(axis=0)
        tilt = self._tilt(obj.reshape(-1, 3), img.reshape(-1, 2))
        if require_new:
            diag = float(np.hypot(*size))
            for k, (c, t) in enumerate(zip(self.centres, self.tilts, strict=True)):
                if np.linalg.norm(centre - c) < 0.08 * diag and abs(tilt - t) < 8:
                    r = ViewResult(name, False, n, f"too like view {k + 1}: move or tilt the board")
                    self.results.append(r)
                    return r
        self.views.append((obj.reshape(-1, 3).astype(np.float32), img.reshape(-1, 2).astype(np.float32)))
        cells = self._cells(img.reshape(-1, 2), size)
        self.cells |= cells
        self.tilts.append(tilt)
        self.centres.append(centre)
        r = ViewResult(name, True, n, "", cells)
        self.results.append(r)
        return r

    def _why_not(self, gray: np.ndarray, m_ids) -> str:
        nm = 0 if m_ids is None else len(m_ids)
        if nm:
            ids = np.asarray(m_ids).ravel()
            if np.all(ids >= self._n_ids):
                return (f"markers found (ids {sorted(int(i) for i in ids)[:5]}...) but none belong to this "
                        f"{self.spec.squares_x}x{self.spec.squares_y} board: wrong board")
            return f"only {nm} board markers readable and too few chessboard corners (blurred or too far?)"
        other = identify_board(gray, exclude=self.spec.dictionary)
        if other:
            return (f"wrong board: its markers are {other[0]}, this profile's board uses {self.spec.dictionary} "
                    "(print one with 'tiengow calibrate board')")
        s = sharpness(gray)
        if s < BLUR_MIN:
            return f"no board found; the image is blurred (sharpness {s:.2f} < {BLUR_MIN:g})"
        return "no board found"

    @staticmethod
    def _cells(pts: np.ndarray, size) -> set[int]:
        w, h = size
        cx = np.clip((pts[:, 0] * 3 // w).astype(int), 0, 2)
        cy = np.clip((pts[:, 1] * 3 // h).astype(int), 0, 2)
        return set((cy * 3 + cx).tolist())

    @staticmethod
    def _tilt(obj: np.ndarray, img: np.ndarray) -> float:
        """Rough board tilt in degrees from the homography's anisotropy (no intrinsics needed)."""
        H, _ = cv2.findHomography(obj[:, :2], img)
        if H is None:
            return 0.0
        A = H[:2, :2] / H[2, 2]
        s = np.linalg.svd(A, compute_uv=False)
        return float(np.degrees(np.arccos(np.clip(s[1] / s[0], 0, 1))))

    # -- feedback --------------------------------------------------------------------------
    CELL_NAMES = ("top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom",
                  "bottom-right")

    def coverage(self) -> str:
        missing = [self.CELL_NAMES[i] for i in range(9) if i not in self.cells]
        tilted = sum(1 for t in self.tilts if t > 15)
        msg = f"{len(self.views)} good views; board corners seen in {len(self.cells)}/9 of the image"
        if missing:
            msg += f" (not yet: {', '.join(missing)})"
        msg += f"; {tilted} tilted view(s)"
        if tilted < 3:
            msg += " - tilt the board toward the camera in a few views"
        return msg

    # -- solving ---------------------------------------------------------------------------
    def solve(self, min_views: int = MIN_VIEWS, max_rms: float = MAX_RMS_PX) -> CameraSection:
        if len(self.views) < min_views:
            bad = [r for r in self.results if not r.accepted]
            detail = ""
            if bad:
                detail = "; " + "; ".join(f"{r.name}: {r.reason}" for r in bad[:4])
                if len(bad) > 4:
                    detail += f"; ... {len(bad) - 4} more"
            raise CalibrationError(
                f"need at least {min_views} views with the board, got {len(self.views)} of {len(self.results)}{detail}"
            )
        obj = [o for o, _ in self.views]
        img = [i for _, i in self.views]
        w, h = self.image_size
        K0 = np.array([[max(w, h), 0, w / 2], [0, max(w, h), h / 2], [0, 0, 1]], float)
        # k3 stays 0: webcams are modelled well by k1, k2, p1, p2, and a free k3 overfits
        # where the views do not reach the image corners
        flags = cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_K3
        crit = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 100, 1e-10)
        rms, K, dist, rvecs, tvecs = cv2.calibrateCamera(obj, img, (w, h), K0, np.zeros(5), flags=flags,
                                                         criteria=crit)
        # one pass of outlier rejection: drop views more than 3x the median error
        errs = [self._view_error(o, i, K, dist, r, t) for o, i, r, t in zip(obj, img, rvecs, tvecs, strict=True)]
        med = float(np.median(errs))
        keep = [k for k, e in enumerate(errs) if e <= max(3 * med, 0.5)]
        if len(keep) < len(obj) and len(keep) >= min_views:
            obj = [obj[k] for k in keep]
            img = [img[k] for k in keep]
            rms, K, dist, _, _ = cv2.calibrateCamera(obj, img, (w, h), K, dist, flags=flags, criteria=crit)
        if not np.all(np.isfinite(K)) or rms > max_rms:
            raise CalibrationError(
                f"reprojection error {rms:.2f} px is above {max_rms:g} px: views are blurred, the board is "
                "not flat, or its printed size differs from the profile's board spec"
            )
        return CameraSection(
            image_size=(int(w), int(h)),
            matrix=tuple(tuple(float(v) for v in row) for row in K),
            dist=[float(v) for v in np.asarray(dist).ravel()],
            reprojection_error=float(rms),
            views=len(obj),
            board=self.spec,
        )

    @staticmethod
    def _view_error(o, i, K, dist, r, t) -> float:
        proj, _ = cv2.projectPoints(o, r, t, K, dist)
        return float(np.sqrt(np.mean(np.sum((proj.reshape(-1, 2) - i) ** 2, axis=1))))
