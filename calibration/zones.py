"""Table zones in millimetres: each seat's play area and won-tricks pile, and the centre.

Table coordinates: seen from above with seat 0 at the bottom edge, origin at the far-left
corner, x to the right, y toward seat 0, millimetres.  Seats go counter-clockwise seen from
above: seat 0 near (bottom), seat 1 right, seat 2 far (top), seat 3 left.  A seat's pile lies
to that player's right of their play area.

>>> z = default_zones((900, 900))
>>> sorted(z)[:2], len(z)
(['centre', 'seat0.pile'], 9)
>>> z['seat0.play']
[(270.0, 648.0), (630.0, 648.0), (630.0, 810.0), (270.0, 810.0)]
"""

from __future__ import annotations

from calibration.profile import ZONE_NAMES

__all__ = ["default_zones", "ZONE_NAMES", "zone_overlaps"]

# seat 0's zones in unit table coordinates (x right, y toward seat 0)
_SEAT0 = {
    "play": [(0.30, 0.72), (0.70, 0.72), (0.70, 0.90), (0.30, 0.90)],
    "pile": [(0.72, 0.72), (0.90, 0.72), (0.90, 0.90), (0.72, 0.90)],
}
_CENTRE = [(0.30, 0.30), (0.70, 0.30), (0.70, 0.70), (0.30, 0.70)]


def _turn(p: tuple[float, float], k: int) -> tuple[float, float]:
    """Rotate a unit-square point k quarter turns counter-clockwise as seen from above
    (seat 0 -> seat 1 -> ...): (x, y) -> (y, 1 - x)."""
    x, y = p
    for _ in range(k % 4):
        x, y = y, 1.0 - x
    return x, y


def default_zones(size_mm=(900.0, 900.0)) -> dict[str, list[tuple[float, float]]]:
    """The default layout for a (square) table of ``size_mm`` = (width, depth)."""
    W, H = float(size_mm[0]), float(size_mm[1])
    out: dict[str, list[tuple[float, float]]] = {}
    for kind in ("play", "pile"):
        for s in range(4):
            out[f"seat{s}.{kind}"] = [(round(x * W, 3), round(y * H, 3)) for x, y in (_turn(p, s) for p in _SEAT0[kind])]
    out["centre"] = [(x * W, y * H) for x, y in _CENTRE]
    return {n: out[n] for n in ZONE_NAMES}


def zone_overlaps(zones) -> list[tuple[str, str, float]]:
    """Pairs of zones that overlap, with the overlap area in mm² (should be empty)."""
    import cv2
    import numpy as np

    names = list(zones)
    res = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            pa = np.asarray(zones[a], np.float32)
            pb = np.asarray(zones[b], np.float32)
            try:
                area, _ = cv2.intersectConvexConvex(pa, pb)
            except cv2.error:
                continue
            if area > 1.0:
                res.append((a, b, float(area)))
    return res
