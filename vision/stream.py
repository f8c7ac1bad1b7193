"""Reading a camera stream: only the parts of a frame that changed are read again.

A table changes slowly: between two frames of a 30–60 fps camera most of it is exactly as
it was.  :class:`StreamRecognizer` keeps a small colour thumbnail (1/8 of each side) of the
frame its readings describe.  For each new frame it compares thumbnails; where nothing
changed it keeps the readings it has, and where something changed (a tile placed, turned,
taken, a hand moving) it reads again only a crop around the change, with the whole
frame's decisions (working scale, tile size, style, red pips —
:class:`vision.recognizer.FrameContext`) so the crop is read as the whole frame would be.

* Every tile whose centre lies within ``0.75`` tile lengths of a changed pixel is read again
  from a crop reaching ``1.75`` tile lengths beyond the change, so such a tile is whole in
  its crop; tiles further away keep their readings.
* The whole frame is read again when the change covers more than ``max_partial`` (0.6) of it
  (a camera bumped, the light changing), and every ``refresh_every`` frames regardless.
* The reference thumbnail is updated only where the frame was read, so a slow drift adds
  up until it is read again instead of creeping by unnoticed.
* The frame as it stands is checked against the set after every read
  (:func:`vision.recognizer.check_set`); a crop is not checked alone.

>>> import numpy as np
>>> from vision.scene import render_layout, Layout, TilePlacement
>>> lay = Layout(tiles=(TilePlacement('6-6', 'up', (300.0, 200.0)),), table='green_felt')
>>> img, _ = render_layout(lay, 640, 360, seed=1)
>>> sr = StreamRecognizer()
>>> [r.name for r in sr.analyze(img).readings], sr.last_mode
(['6-6'], 'full')
>>> img2, _ = render_layout(lay, 640, 360, seed=1, frame=1)  # same table, new sensor noise
>>> [r.name for r in sr.analyze(img2).readings], sr.last_mode
(['6-6'], 'cached')
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import cv2
import numpy as np

from vision.params import TileSetParams
from vision.recognizer import Analysis, TileReading, analyze, check_set

__all__ = ["StreamRecognizer"]

THUMB = 8  # thumbnail: 1/8 of each side


def _shift(r: TileReading, dx: int, dy: int) -> TileReading:
    return replace(r, center=(r.center[0] + dx, r.center[1] + dy),
                   corners=tuple((x + dx, y + dy) for x, y in r.corners))


def _inside(pt, box) -> bool:
    x0, y0, x1, y1 = box
    return x0 <= pt[0] < x1 and y0 <= pt[1] < y1


class StreamRecognizer:
    """``analyze(frame)`` for consecutive frames of one camera; same result type as
    :func:`vision.recognizer.analyze`.  ``last_mode`` says what the last call did:
    ``'full'``, ``'partial'`` (crops read) or ``'cached'`` (nothing changed)."""

    def __init__(self, params: TileSetParams | None = None, style: str = "auto", *, diff_level: int = 14,
                 max_partial: float = 0.6, refresh_every: int = 60):
        self.params = params or TileSetParams()
        self.style = style
        self.diff_level = int(diff_level)
        self.max_partial = float(max_partial)
        self.refresh_every = int(refresh_every)
        self.counts: Counter[str] = Counter()
        self.last_mode = ""
        self._ref: np.ndarray | None = None
        self._last: Analysis | None = None  # the readings as read: not checked against the set
        self._shown: Analysis | None = None  # ... and checked (check_set): what analyze returns
        self._since_full = 0

    def reset(self) -> None:
        """Forget the last frame (the next one is read whole), e.g. after a lost camera."""
        self._ref = None
        self._last = self._shown = None

    def _full(self, image: np.ndarray, thumb: np.ndarray) -> Analysis:
        an = analyze(image, self.params, self.style, whole=False)
        self._ref, self._since_full = thumb, 0
        self.last_mode = "full"
        self.counts["full"] += 1
        return self._keep(an, (image.shape[1], image.shape[0]))

    def _keep(self, an: Analysis, frame_wh: tuple[int, int]) -> Analysis:
        # the frame's readings are checked against the set as a whole, each time anew: a
        # reading kept from an earlier frame is unsure only while its twin is there too
        self._last = an
        self._shown = replace(an, readings=check_set(an.readings, self.params.sets, frame_wh))
        return self._shown

    def _tile_len(self) -> float:
        ctx = self._last.context if self._last else None
        if ctx and ctx.tile_len:
            return float(ctx.tile_len)
        if self.params.tile_length_px:
            return float(self.params.tile_length_px)
        return 0.0

    def analyze(self, image_bgr: np.ndarray) -> Analysis:
        if image_bgr is None or image_bgr.ndim != 3 or image_bgr.shape[2] != 3:
            self.reset()
            return analyze(image_bgr, self.params, self.style)
        H, W = image_bgr.shape[:2]
        tw, th = max(1, W // THUMB), max(1, H // THUMB)
        thumb = cv2.resize(image_bgr, (tw, th), interpolation=cv2.INTER_AREA)
        self._since_full += 1
        # margins are in tile lengths; before any tile is read, assume a large tile
        L = self._tile_len() or 0.1 * max(H, W)
        if self._ref is None or self._ref.shape != thumb.shape or self._last is None \
                or self._since_full >= self.refresh_every:
            return self._full(image_bgr, thumb)
        diff = cv2.absdiff(thumb, self._ref).max(axis=2)
        changed = (diff > self.diff_level).astype(np.uint8)
        if not changed.any():
            self.last_mode = "cached"
            self.counts["cached"] += 1
            return self._shown
        # boxes (full-image px) around each changed patch: inner = re-read, crop = context
        m_in, m_out = 0.75 * L, 1.75 * L
        k = max(1, int(round(m_in / THUMB)))
        grown = cv2.dilate(changed, np.ones((2 * k + 1, 2 * k + 1), np.uint8))
        n, _, stats, _ = cv2.connectedComponentsWithStats(grown, connectivity=8)
        jobs = []
        area = 0
        for i in range(1, n):
            x, y, w, h = (int(v) for v in stats[i, :4])
            inner = (x * THUMB, y * THUMB, min(W, (x + w) * THUMB), min(H, (y + h) * THUMB))
            d = int(round(m_out - m_in))
            crop = (max(0, inner[0] - d), max(0, inner[1] - d), min(W, inner[2] + d), min(H, inner[3] + d))
            area += (crop[2] - crop[0]) * (crop[3] - crop[1])
            jobs.append((inner, crop, (x, y, w, h)))
        if area > self.max_partial * W * H:
            return self._full(image_bgr, thumb)
        ctx = self._last.context
        readings = list(self._last.readings)
        occluders = list(self._last.occluders)
        ref = self._ref.copy()
        for inner, crop, (x, y, w, h) in jobs:
            x0, y0, x1, y1 = crop
            an = analyze(image_bgr[y0:y1, x0:x1], self.params, self.style, context=ctx)
            new = [r2 for r2 in (_shift(r, x0, y0) for r in an.readings) if _inside(r2.center, inner)]
            # (a tile on the edge of the box: its old reading's centre just outside, the new
            # one's just inside — one tile, not two)
            readings = [r for r in readings if not _inside(r.center, inner) and not any(
                math.hypot(r.center[0] - n_.center[0], r.center[1] - n_.center[1]) < 0.3 * L for n_ in new)]
            readings += new
            occluders = [p for p in occluders if not _inside(p.reshape(-1, 2).mean(axis=0), inner)]
            occluders += [p.reshape(-1, 2) + np.float32([x0, y0]) for p in an.occluders
                          if _inside(p.reshape(-1, 2).mean(axis=0) + [x0, y0], inner)]
            ref[y:y + h, x:x + w] = thumb[y:y + h, x:x + w]
        self._ref = ref
        self.last_mode = "partial"
        self.counts["partial"] += 1
        return self._keep(Analysis(readings=readings, occluders=occluders, scale=self._last.scale, context=ctx), (W, H))
