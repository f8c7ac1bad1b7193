"""Per-region tracking over a stream of frames: stable content, occlusion, change events.

``Tracker(regions, stable_ms=300)`` takes the regions of the table as a mapping
name → polygon (image pixels), e.g. ``{'seat0.play': [(x, y), ...], 'centre': ...}``.
Each call ``update(readings, t_seconds, occluders=())`` files the frame's readings into
the regions (by centre) and returns a list, in this order per region:

* a :class:`table.observations.ZoneObservation` (``source='camera'``) whenever the
  region's *stable* content changes, or the region becomes occluded or clear again;
* then one :class:`TileEvent` per change: ``'appeared'``, ``'gone'`` or ``'turned'``
  (a tile at the same place changed face).

Content is a region's multiset of (face, name).  It becomes stable when the same content
has been seen in every frame for ``stable_ms``; a tile seen in one frame and not the next
therefore produces no event.  Sliding a tile within its region does not change content.
While a hand is over the region (an ``occluded`` reading in it, or an occluder polygon
overlapping it) the last stable state holds and pending changes are dropped.

``current()`` gives the latest stable ZoneObservation of every region.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import cv2
import numpy as np

from table.observations import TileSeen, ZoneObservation

__all__ = ["Tracker", "TileEvent"]


@dataclass(frozen=True, slots=True)
class TileEvent:
    kind: str  # 'appeared' | 'gone' | 'turned'
    zone: str
    time: float
    tile: TileSeen  # the tile now (for 'gone': the tile that left)
    previous: TileSeen | None = None  # for 'turned': the tile before


def _key(t: TileSeen) -> tuple[str, str | None]:
    return (t.face, t.name)


@dataclass
class _Zone:
    poly: np.ndarray
    stable: tuple[TileSeen, ...] = ()
    stable_key: tuple = ()
    pending_key: tuple | None = None
    pending_since: float = 0.0
    pending_tiles: tuple[TileSeen, ...] = ()
    occluded: bool = False


class Tracker:
    def __init__(self, regions: dict[str, list | np.ndarray], stable_ms: float = 300.0,
                 turn_radius_px: float = 60.0):
        if not regions:
            raise ValueError("Tracker needs at least one region")
        self.stable_s = float(stable_ms) / 1000.0
        self.turn_radius = float(turn_radius_px)  # 'the same place' for a tile turned over
        self.zones: dict[str, _Zone] = {}
        for name, poly in regions.items():
            p = np.asarray(poly, np.float32).reshape(-1, 2)
            if len(p) < 3:
                raise ValueError(f"region {name!r} needs at least three points")
            self.zones[name] = _Zone(poly=p)
        self.time = 0.0

    # -- filing -----------------------------------------------------------------------
    def zone_of(self, point) -> str | None:
        for name, z in self.zones.items():
            if cv2.pointPolygonTest(z.poly, (float(point[0]), float(point[1])), False) >= 0:
                return name
        return None

    def _overlaps(self, z: _Zone, poly: np.ndarray) -> bool:
        poly = np.asarray(poly, np.float32).reshape(-1, 2)
        if len(poly) < 3:
            return False
        inter, _ = cv2.intersectConvexConvex(cv2.convexHull(z.poly), cv2.convexHull(poly))
        return inter > 1.0

    # -- update -----------------------------------------------------------------------
    def update(self, readings, t_seconds: float, occluders=()) -> list:
        """File one frame's readings; see the module docstring for what comes back."""
        self.time = float(t_seconds)
        per: dict[str, list[TileSeen]] = {n: [] for n in self.zones}
        occ: dict[str, bool] = {n: False for n in self.zones}
        for r in readings:
            zn = self.zone_of(r.center)
            if zn is None:
                continue
            if getattr(r, "occluded", False):
                occ[zn] = True
                continue
            name = None if r.uncertain else r.name
            per[zn].append(TileSeen(name=name, face=r.face, confidence=float(r.confidence),
                                    center=(float(r.center[0]), float(r.center[1])), uncertain=bool(r.uncertain)))
        for poly in occluders:
            for zn, z in self.zones.items():
                if not occ[zn] and self._overlaps(z, poly):
                    occ[zn] = True
        out: list = []
        for zn, z in self.zones.items():
            tiles = tuple(sorted(per[zn], key=lambda s: (s.center or (0, 0))[0]))
            key = tuple(sorted(Counter(_key(s) for s in tiles).items(), key=repr))
            if occ[zn]:
                z.pending_key = None
                if not z.occluded:
                    z.occluded = True
                    out.append(self._obs(zn, z))
                continue
            if key == z.stable_key:
                z.pending_key = None
                z.stable = tiles  # positions may move within the region
                if z.occluded:
                    z.occluded = False
                    out.append(self._obs(zn, z))
                continue
            if key != z.pending_key:
                z.pending_key = key
                z.pending_since = self.time
                z.pending_tiles = tiles
                continue
            z.pending_tiles = tiles
            if self.time - z.pending_since + 1e-9 < self.stable_s:
                continue
            # commit
            before = z.stable
            z.stable, z.stable_key, z.pending_key = tiles, key, None
            z.occluded = False
            out.append(self._obs(zn, z))
            out.extend(self._events(zn, before, tiles))
        return out

    def current(self) -> list[ZoneObservation]:
        return [self._obs(n, z) for n, z in self.zones.items()]

    def lost(self, t_seconds: float) -> list[ZoneObservation]:
        """Observations saying the camera is gone (status 'lost'); the stable state holds."""
        self.time = float(t_seconds)
        return [ZoneObservation(source="camera", zone=n, time=self.time, tiles=z.stable, occluded=z.occluded,
                                status="lost") for n, z in self.zones.items()]

    # -- helpers ----------------------------------------------------------------------
    def _obs(self, zn: str, z: _Zone) -> ZoneObservation:
        return ZoneObservation(source="camera", zone=zn, time=self.time, tiles=tuple(z.stable),
                               occluded=z.occluded, status="ok")

    def _events(self, zn: str, before: tuple[TileSeen, ...], after: tuple[TileSeen, ...]) -> list[TileEvent]:
        b_left = list(before)
        a_left = []
        for t in after:  # unchanged tiles cancel out
            for i, s in enumerate(b_left):
                if _key(s) == _key(t):
                    del b_left[i]
                    break
            else:
                a_left.append(t)
        ev: list[TileEvent] = []
        # a removed and an added tile at about the same place, with another face: turned over
        for t in list(a_left):
            best = None
            for s in b_left:
                if s.face == t.face or s.center is None or t.center is None:
                    continue
                d = float(np.hypot(s.center[0] - t.center[0], s.center[1] - t.center[1]))
                if best is None or d < best[0]:
                    best = (d, s)
            if best is not None and best[0] < self.turn_radius:
                ev.append(TileEvent("turned", zn, self.time, t, best[1]))
                b_left.remove(best[1])
                a_left.remove(t)
        ev.extend(TileEvent("gone", zn, self.time, s) for s in b_left)
        ev.extend(TileEvent("appeared", zn, self.time, t) for t in a_left)
        return ev
