"""Fusion: what the sensors see, per zone, becomes proposed actions for the referee.

The :class:`Fusion` keeps the latest stable content of every zone from each source (the
camera tracker and the RFID readers), and on :meth:`Fusion.step` proposes at most what
the table shows: a play by the seat whose turn it is, a trick collected, a dealt hand
laid out to declare.  What does not fit becomes an :class:`Alert`, never an exception.

The referee is reached through a *sink* with ``play(seat, tiles, face=, count=)`` and
``declare(seat, tiles)`` — a :class:`referee.game.Game`, or the service that wraps one —
plus ``state`` for whose turn it is.  No I/O here; time is passed in.

Physical protocol (``docs/table.md``): at the start of a trick every play zone is empty;
each player in turn puts their tiles in their own play zone, face up or face down; when
all have played, the winner moves the trick to their pile, which empties the play zones.
A leader's tiles count once they have been still for ``lead_settle`` seconds or the next
player has started; a follower's once the zone holds as many tiles as were led.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.game import RefereeError

from .observations import TileSeen, ZoneObservation

__all__ = ["Alert", "Fusion", "ZoneContent", "play_zone", "pile_zone"]


def play_zone(seat: int) -> str:
    return f"seat{seat}.play"


def pile_zone(seat: int) -> str:
    return f"seat{seat}.pile"


@dataclass(frozen=True)
class Alert:
    kind: str  # out_of_turn | wrong_count | illegal_play | uncertain_tile | sensor_conflict | sensor_lost | ...
    message: str  # safe for every audience: never names a face-down tile
    seat: int | None = None
    zone: str | None = None


@dataclass(frozen=True)
class ZoneContent:
    """The fused content of a play zone."""

    count: int
    face: str | None  # 'up' | 'down' | 'mixed' | None (empty)
    up: tuple[str, ...] = ()  # face-up names (camera, or RFID-confirmed)
    down: tuple[str, ...] | None = None  # face-down identities (RFID) or None if unknown
    uncertain: bool = False
    conflict: str | None = None
    since: float = 0.0  # when this content became stable


@dataclass
class _Zone:
    camera: ZoneObservation | None = None
    rfid: ZoneObservation | None = None
    changed_at: float = 0.0
    key: tuple = field(default_factory=tuple)


class Fusion:
    def __init__(self, sink, *, lead_settle: float = 0.8, use_camera: bool = True, use_rfid: bool = False,
                 conflict_grace: float = 1.5):
        self.sink = sink
        self.lead_settle = lead_settle
        self.conflict_grace = conflict_grace
        self._conflict_since: dict[tuple, float] = {}
        self.use_camera = use_camera
        self.use_rfid = use_rfid
        self.zones: dict[str, _Zone] = {}
        self.alerts: list[Alert] = []
        self._alerted: set[tuple] = set()
        self._submitted: set[tuple] = set()  # (hand, trick, seat, content-key) already tried
        self._await_clear = False
        self.accepted: list[dict] = []  # events the referee accepted through us

    def sensor_back(self, source: str) -> None:
        """A lost camera or reader is back: a later loss is reported again."""
        self._alerted = {k for k in self._alerted if not (k[0] == "lost" and k[1] == source)}

    def await_clear(self) -> None:
        """Propose nothing until every play area is empty (after a trick, or a restart)."""
        self._await_clear = True

    # -- input --------------------------------------------------------------------------
    def observe(self, ob: ZoneObservation) -> None:
        z = self.zones.setdefault(ob.zone, _Zone())
        if ob.source == "rfid":
            z.rfid = ob
        else:
            z.camera = ob
        key = self._key(z)
        if key != z.key:
            z.key = key
            z.changed_at = ob.time
        if ob.status == "lost":
            what = "RFID board" if ob.source == "rfid" else "camera"
            self._alert("sensor_lost", f"{what} lost: the table holds its last known state",
                        zone=ob.zone, once=("lost", ob.source))

    def _key(self, z: _Zone) -> tuple:
        cam = tuple(sorted((t.face, t.name or "") for t in z.camera.tiles)) if z.camera else ()
        rf = tuple(sorted(t.name or "" for t in z.rfid.tiles)) if z.rfid else ()
        return cam, rf

    # -- fusion of one zone -------------------------------------------------------------
    def content(self, zone: str) -> ZoneContent:
        z = self.zones.get(zone)
        if z is None:
            return ZoneContent(0, None)
        cam = list(z.camera.tiles) if (self.use_camera and z.camera) else None
        rf = [t.name for t in z.rfid.tiles if t.name] if (self.use_rfid and z.rfid) else None
        if cam is None and self.use_camera:
            cam = []  # the camera has reported nothing here: it has seen nothing yet
        if cam is None and rf is None:
            return ZoneContent(0, None, since=z.changed_at)
        if cam is None:  # RFID only: identities without faces, which the referee cannot use
            return ZoneContent(len(rf), "unknown" if rf else None, up=(), down=tuple(sorted(rf)),
                               since=z.changed_at)
        faces = {t.face for t in cam}
        face = None if not cam else (faces.pop() if len(faces) == 1 else "mixed")
        up = tuple(sorted(t.name for t in cam if t.face == "up" and t.name))
        uncertain = any(t.uncertain or (t.face == "up" and not t.name) for t in cam)
        down_n = sum(t.face == "down" for t in cam)
        down = None
        conflict = None
        if rf is not None and uncertain and down_n == 0:
            # The camera is unsure of a face-up tile but sees no face-down one: the RFID tags
            # of the zone, less the tiles the camera did read, name the uncertain ones.
            left = Counter(rf)
            left.subtract(up)
            if all(v >= 0 for v in left.values()) and sum(left.values()) == len(cam) - len(up):
                up = tuple(sorted(rf))
                uncertain = False
        if rf is not None:
            left = Counter(rf)
            left.subtract(up)
            if any(v < 0 for v in left.values()):
                conflict = "the camera and the RFID reader disagree on a face-up tile"
            elif sum(left.values()) != down_n:
                conflict = (f"the camera sees {len(cam)} tile(s), the RFID reader {len(rf)}")
            else:
                down = tuple(sorted(left.elements()))
        return ZoneContent(len(cam), face, up, down, uncertain, conflict, z.changed_at)

    # -- deciding -----------------------------------------------------------------------
    def step(self, now: float) -> list[dict]:
        """Propose what the table shows; returns the events the referee accepted."""
        st = self.sink.state
        if st.status != "playing" or st.hand is None:
            return []
        h = st.hand
        n = len(h.tricks)
        contents = {s: self.content(play_zone(s)) for s in range(n)}
        if self._await_clear:
            if all(c.count == 0 for c in contents.values()):
                self._await_clear = False
            else:
                return []
        if h.over:
            return []
        seat = h.turn
        played = {p["seat"] for p in h.plays}
        pending = contents[seat].count > 0
        for s, c in contents.items():
            if pending and s == (seat + 1) % n:
                continue  # the next player may start before the tiles before theirs are counted
            if c.count and s not in played and s != seat:
                self._alert("out_of_turn", f"seat {s} has put tiles down out of turn: it is seat "
                            f"{seat}'s turn", seat=s, once=("ooturn", h.number, h.trick, s))
        if not h.plays and h.trick == 0:
            for s, cs in contents.items():  # a dealt hand laid out face up to be declared
                if cs.count == 8 and cs.face == "up" and not cs.uncertain and not cs.conflict:
                    return self._submit(("declare", h.number, s, cs.up), h,
                                        lambda s=s, cs=cs: self.sink.declare(s, list(cs.up)))
        c = contents[seat]
        if c.count == 0:
            return []
        if c.conflict:
            # The two sensors may disagree for a moment (one has seen a tile, the other not
            # yet): only a disagreement that lasts is the operator's to decide.
            ck = (h.number, h.trick, seat, c.conflict)
            first = self._conflict_since.setdefault(ck, now)
            if now - first >= self.conflict_grace:
                self._alert("sensor_conflict", f"seat {seat}: {c.conflict}; the operator decides", seat=seat,
                            once=("conflict",) + ck)
            return []
        if c.uncertain:
            key = ("uncertain", h.number, h.trick, seat, c.count)
            if key not in self._alerted:
                self._alert("uncertain_tile", f"the camera is not sure of a tile of seat {seat}: the operator "
                            "confirms it", seat=seat, once=key)
                propose = getattr(self.sink, "propose", None)
                if propose is not None:  # hand the operator the best reading to confirm or correct
                    propose(seat, list(c.up) if c.face == "up" else None, c.face or "up", c.count)
            return []
        if c.face == "unknown":
            return []  # no camera: faces unknown
        if c.face == "mixed":
            self._alert("wrong_face", f"seat {seat} put tiles down both face up and face down",
                        seat=seat, once=("mixed", h.number, h.trick, seat))
            return []
        leading = not h.plays
        if leading:
            if h.trick == 0 and c.count == 8:
                return []  # being laid out to declare
            next_started = contents[(seat + 1) % n].count > 0
            if now - c.since < self.lead_settle and not next_started:
                return []
        else:
            need = h.lead.size
            if c.count < need:
                return []
            if c.count > need:
                self._alert("wrong_count", f"seat {seat} put down {c.count} tiles; this trick takes {need}",
                            seat=seat, once=("count", h.number, h.trick, seat, c.count))
                return []
        if c.face == "up":
            tiles, face, count = list(c.up), "up", c.count
        else:
            tiles, face, count = (list(c.down) if c.down is not None else None), "down", c.count
        key = ("play", h.number, h.trick, seat, face, tuple(tiles or ()), count)
        return self._submit(key, h, lambda: self.sink.play(seat, tiles, face=face, count=count))

    def _submit(self, key, h, fn) -> list[dict]:
        if key in self._submitted:
            return []
        self._submitted.add(key)
        trick_before = h.trick
        try:
            events = fn()
        except RefereeError as exc:
            self._alert("illegal_play", exc.public_message, once=("illegal",) + tuple(map(str, key)))
            return []
        self.accepted.extend(events)
        hand = self.sink.state.hand
        if any(e["type"] in ("trick_won", "hand_ended") for e in events) or (
                hand is not None and hand.trick != trick_before):
            self._await_clear = True
        return events

    def _alert(self, kind: str, message: str, *, seat=None, zone=None, once=None) -> None:
        if once is not None:
            if once in self._alerted:
                return
            self._alerted.add(once)
        self.alerts.append(Alert(kind, message, seat, zone))


def seen(name: str | None, face: str = "up", **kw) -> TileSeen:
    """Shorthand for tests and simulations."""
    return TileSeen(name=name, face=face, **kw)
