"""The table runtime: camera frames and RFID observations in, refereed plays out.

One :class:`Runtime` per table.  Each camera frame goes recognizer → tracker → fusion;
RFID observations go straight to fusion; what fusion proposes is submitted to the
service, which stores the events (SQLite) before broadcasting them.  What does not fit
becomes an alert on every screen of the table — never a crash.

Used by ``tiengow table`` (a real camera and readers) and ``tiengow demo`` (rendered
frames and a simulated RFID board): the same path either way.
"""

from __future__ import annotations

import time

from .fusion import Fusion
from .observations import ZoneObservation

__all__ = ["Runtime", "ServiceSink", "RfidSource", "ALERT_KINDS"]

# fusion alert kind -> the service's alert kind (api.service.ALERT_KINDS)
ALERT_KINDS = {"out_of_turn": "illegal_play", "wrong_count": "illegal_play", "wrong_face": "illegal_play",
               "illegal_play": "illegal_play", "uncertain_tile": "tile_unrecognised",
               "sensor_conflict": "uncertain"}


class ServiceSink:
    """The fusion's referee: the service's game for one table (stored, then broadcast)."""

    def __init__(self, service, table: str, game_id: str):
        self.svc, self.table, self.game_id = service, table, game_id

    @property
    def state(self):
        return self.svc.game(self.game_id).state

    def play(self, seat, tiles, face="up", count=None):
        return self.svc.submit_play(self.table, seat, tiles, face, count)

    def declare(self, seat, tiles):
        return self.svc.declare(self.game_id, seat, tiles)

    def propose(self, seat, tiles, face, count):
        """An uncertain reading: held for the operator to confirm (with the names it has)."""
        try:
            self.svc.propose_play(self.table, seat, tiles if tiles and len(tiles) == count else None,
                                  "down" if face == "down" else "up", count,
                                  note="the camera is not sure of a tile")
        except Exception:  # noqa: BLE001 - the alert is already up; never stop the table
            pass


class Runtime:
    def __init__(self, service, table: str, game_id: str, regions: dict, *, params=None,
                 rfid=(), lead_settle: float = 0.5, stable_ms: float = 300.0, style: str = "auto",
                 stream: bool = True):
        from vision.stream import StreamRecognizer
        from vision.tracker import Tracker

        self.svc = service
        self.table = table
        self.game_id = game_id
        self.params = params
        self.style = style
        # re-reads only the parts of a frame that changed (vision.stream); False: every frame whole
        self.stream = StreamRecognizer(params, style) if stream else None
        self.rfid = list(rfid)  # objects with drain() -> list[ZoneObservation]
        self.tracker = Tracker(regions, stable_ms=stable_ms)
        self.fusion = Fusion(ServiceSink(service, table, game_id), use_rfid=bool(self.rfid),
                             lead_settle=lead_settle)
        self._alerts_sent = 0
        self._lost: set[str] = set()
        self.frames = 0
        self.last_frame_s = 0.0  # processing time of the last frame
        # Warm-up: the tracker needs a moment to know what lies on the table.  After a
        # restart the table may still hold the trick the referee already counted, so until
        # every play area has been seen empty nothing new is proposed (no play counted twice).
        self.warmup_s = 2 * stable_ms / 1000.0
        self._t0: float | None = None
        self._warm = False
        h = self.game.state.hand
        if h is not None and not h.plays and (h.trick > 0 or self.game.state.history):
            self.fusion.await_clear()

    @property
    def game(self):
        return self.svc.game(self.game_id)

    def frame(self, image_bgr, t: float) -> list[dict]:
        """Process one camera frame taken at ``t`` seconds; returns the accepted events."""
        from vision.recognizer import analyze

        f0 = time.perf_counter()
        an = self.stream.analyze(image_bgr) if self.stream else analyze(image_bgr, self.params, self.style)
        for ob in self.tracker.update(an.readings, t, occluders=an.occluders):
            if isinstance(ob, ZoneObservation):
                self._observe(ob)
        if "camera" in self._lost:
            self._recovered("camera")
        if self._t0 is None:
            self._t0 = t
        events: list[dict] = []
        if not self._warm and t - self._t0 >= self.warmup_s:
            self._warm = True
            for ob in self.tracker.current():
                self._observe(ob)
        if self._warm:
            events = self._step(t)
        self.frames += 1
        self.last_frame_s = time.perf_counter() - f0
        return events

    def watch_markers(self, watcher, image_bgr) -> str:
        """Re-detect the table markers: a bumped camera moves the zones with it; lost markers
        warn (the last good geometry is kept).  Returns the watcher's status."""
        st = watcher.update(image_bgr)
        if st.changed:
            for name, poly in watcher.geometry.zone_polygons_image().items():
                if name in self.tracker.zones:
                    self.tracker.zones[name].poly = poly.astype("float32").reshape(-1, 2)
        if st.status == "lost" and "markers" not in self._lost:
            self._lost.add("markers")
            try:
                self.svc.raise_alert(self.table, "other", "table markers not visible: keeping the last "
                                     "good geometry")
            except Exception:  # noqa: BLE001
                pass
        elif st.status in ("ok", "bumped") and "markers" in self._lost:
            self._lost.discard("markers")
            try:
                self.svc.clear_alerts(self.table, "other")
            except Exception:  # noqa: BLE001
                pass
        return st.status

    def camera_lost(self, t: float) -> list[dict]:
        """The camera is gone: every zone holds its last stable state; say so."""
        if self.stream:
            self.stream.reset()  # the next frame may show anything: read it whole
        for ob in self.tracker.lost(t):
            self._observe(ob)
        self._lost.add("camera")
        return self._step(t)

    def poll_rfid(self, t: float) -> list[dict]:
        """Pass on what the RFID readers saw since the last call."""
        for src in self.rfid:
            for ob in src.drain():
                self._observe(ZoneObservation("rfid", ob.zone, t, ob.tiles, ob.occluded, ob.status))
                if ob.status == "ok" and "rfid" in self._lost:
                    self._recovered("rfid")
                elif ob.status == "lost":
                    self._lost.add("rfid")
        return self._step(t) if self._warm else []

    def _observe(self, ob: ZoneObservation) -> None:
        self.fusion.observe(ob)

    def _recovered(self, source: str) -> None:
        self._lost.discard(source)
        self.fusion.sensor_back(source)
        kind = "camera_lost" if source == "camera" else "reader_lost"
        try:
            self.svc.clear_alerts(self.table, kind)
        except Exception:  # noqa: BLE001 - a screen update must never stop the table
            pass

    def _step(self, t: float) -> list[dict]:
        events = self.fusion.step(t)
        if events:  # play moved on: what this runtime flagged about the last play is resolved
            for kind in ("illegal_play", "tile_unrecognised", "uncertain"):
                try:
                    self.svc.clear_alerts(self.table, kind)
                except Exception:  # noqa: BLE001
                    pass
        alerts = self.fusion.alerts
        while self._alerts_sent < len(alerts):
            a = alerts[self._alerts_sent]
            self._alerts_sent += 1
            if a.kind == "illegal_play":
                continue  # the service shows the referee's refusal itself (submit_play)
            if a.kind == "sensor_lost":
                kind = "camera_lost" if a.message.startswith("camera") else "reader_lost"
            else:
                kind = ALERT_KINDS.get(a.kind, "other")
            try:
                self.svc.raise_alert(self.table, kind, a.message, seat=a.seat)
            except Exception:  # noqa: BLE001 - an alert must never stop the table
                pass
        return events


class RfidSource:
    """An RFID driver running in its own thread (``rfid.driver.DriverThread``), drained per frame."""

    def __init__(self, driver_thread):
        self.thread = driver_thread

    def drain(self) -> list[ZoneObservation]:
        import queue

        out = []
        while True:
            try:
                out.append(self.thread.get(timeout=0))
            except queue.Empty:
                return out

    def latest(self) -> dict:
        return self.thread.latest()

    def close(self) -> None:
        self.thread.stop()
