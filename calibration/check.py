"""Health of a calibration profile (``tiengow calibrate check``).

Each check gives ``ok``, ``warn``, ``fail`` or ``missing`` with a one-line detail:

* camera: RMS reprojection error (ok < 0.5 px, warn < 1.0 px, else fail);
* table: marker-corner residual (ok < 1.5 mm, warn < 3 mm); with a current frame, how many
  markers are visible now and how far the view has moved since calibration;
* tiles: colour separation margin, the smallest CIE76 ΔE between body, pip and red-pip colours
  (ok >= 30, warn >= 15, else fail);
* zones: fraction of each zone inside the camera image (ok = all 100 %, warn >= 50 %), overlaps;
* rfid: tags enrolled and tiles without a tag.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from calibration.profile import Profile

__all__ = ["Check", "health", "format_report"]


@dataclass
class Check:
    name: str
    status: str  # ok | warn | fail | missing
    detail: str
    value: float | None = None


def _grade(v: float, ok: float, warn: float, higher_is_better: bool = False) -> str:
    if higher_is_better:
        return "ok" if v >= ok else "warn" if v >= warn else "fail"
    return "ok" if v < ok else "warn" if v < warn else "fail"


def health(profile: Profile, image: np.ndarray | None = None) -> list[Check]:
    out: list[Check] = []
    cam = profile.camera
    if cam is None:
        out.append(Check("camera", "missing", "no camera intrinsics: run 'tiengow calibrate camera'"))
    else:
        e = cam.reprojection_error
        out.append(Check("camera", _grade(e, 0.5, 1.0), f"reprojection error {e:.2f} px RMS over {cam.views} views "
                                                        f"({cam.image_size[0]}x{cam.image_size[1]})", e))
    geo = None
    if profile.table is None:
        out.append(Check("table", "missing", "no table homography: run 'tiengow calibrate table'"))
    else:
        t = profile.table
        out.append(Check("table", _grade(t.error_mm, 1.5, 3.0),
                         f"marker corners fit to {t.error_mm:.2f} mm RMS; table {t.size_mm[0]:g} x {t.size_mm[1]:g} mm",
                         t.error_mm))
        from calibration.geometry import GeometryError, MarkerWatcher, TableGeometry

        try:
            geo = TableGeometry.from_profile(profile)
        except GeometryError as exc:
            out.append(Check("table", "fail", str(exc)))
        if image is not None and geo is not None:
            w = MarkerWatcher(geo, confirm_frames=1)
            st = w.update(image)
            n = len(st.seen)
            status = "ok" if n == len(t.markers) and st.shift_px <= w.bump_px else "warn" if n >= 3 else "fail"
            detail = f"markers visible now: {n} of {len(t.markers)} {st.seen}"
            if n >= 3:
                detail += f"; view moved {st.shift_px:.1f} px since calibration"
                if st.shift_px > w.bump_px:
                    detail += " (re-run 'tiengow calibrate table', or let the live watcher correct it)"
            out.append(Check("markers", status, detail, float(n)))
    tiles = profile.tiles
    if tiles is None or tiles.body_bgr is None:
        out.append(Check("tiles", "missing", "no tile-set colours: run 'tiengow calibrate tiles PHOTO'"))
    else:
        from calibration.tileset import colour_margin

        m = colour_margin(tiles)
        if m is None:
            out.append(Check("tiles", "warn", "pip colours not known"))
        else:
            out.append(Check("tiles", _grade(m, 30, 15, True),
                             f"colour separation margin {m:.0f} (smallest ΔE between body, pip, red pip); style "
                             f"{tiles.style}, tile {tiles.tile_mm} mm", m))
    if geo is not None:
        from calibration.zones import zone_overlaps

        cov = geo.zone_coverage()
        worst = min(cov, key=cov.get)
        status = "ok" if cov[worst] >= 0.999 else "warn" if cov[worst] >= 0.5 else "fail"
        detail = ("all zones fully in view" if status == "ok"
                  else f"{worst} only {cov[worst]:.0%} in view; " + ", ".join(f"{k} {v:.0%}" for k, v in cov.items()
                                                                               if v < 0.999))
        ov = zone_overlaps({k: v.tolist() for k, v in geo.zones.items()})
        if ov:
            status = "warn" if status == "ok" else status
            detail += "; overlapping: " + ", ".join(f"{a}/{b}" for a, b, _ in ov)
        if profile.zones is None:
            detail += " (default layout; not yet saved)"
        out.append(Check("zones", status, detail, cov[worst]))
    elif profile.zones is None:
        out.append(Check("zones", "missing", "no zones: run 'tiengow calibrate zones'"))
    if profile.rfid is None:
        out.append(Check("rfid", "missing", "no tags enrolled (fine for a camera-only table)"))
    else:
        from calibration.rfid_enroll import Enrollment

        miss = Enrollment(profile.rfid.mapping()).missing()
        n = len(profile.rfid.tags)
        out.append(Check("rfid", "ok" if not miss else "warn",
                         f"{n} tags enrolled" + (f"; no tag for {', '.join(miss)}" if miss else ", full set"),
                         float(n)))
    return out


def format_report(checks: list[Check]) -> str:
    mark = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL", "missing": "--  "}
    return "\n".join(f"{mark[c.status]}  {c.name:8s} {c.detail}" for c in checks)
