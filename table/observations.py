"""What the sensors tell the table runtime, one zone at a time.

Vision's tracker and the RFID host driver both emit :class:`ZoneObservation` values; the
table runtime fuses them into proposed plays.  Zone names come from the calibration
profile: ``seat0.play`` … ``seat3.play`` (a seat's play area), ``seat0.pile`` …
``seat3.pile`` (its won-tricks pile) and ``centre``.

>>> ob = ZoneObservation(source="rfid", zone="seat1.play", time=12.5,
...                      tiles=(TileSeen(name="6-6", face="unknown", slot=0),))
>>> ob.names()
['6-6']
"""

from __future__ import annotations

from dataclasses import dataclass, field

FACES = ("up", "down", "unknown")
SOURCES = ("camera", "rfid")
STATUSES = ("ok", "stale", "lost")


@dataclass(frozen=True, slots=True)
class TileSeen:
    name: str | None  # '6-6' (high first) or None when the identity is not known
    face: str  # 'up' | 'down' | 'unknown' (RFID cannot see the face)
    confidence: float = 1.0
    slot: int | None = None  # RFID antenna slot within the zone
    center: tuple[float, float] | None = None  # table millimetres, or image pixels if uncalibrated
    uncertain: bool = False


@dataclass(frozen=True, slots=True)
class ZoneObservation:
    source: str  # 'camera' | 'rfid'
    zone: str  # 'seat0.play', 'seat2.pile', 'centre', ...
    time: float  # seconds (monotonic clock of the producer)
    tiles: tuple[TileSeen, ...] = field(default_factory=tuple)
    occluded: bool = False  # a hand (or anything) is over the zone; the last stable state holds
    status: str = "ok"  # 'ok' | 'stale' | 'lost' (camera or reader gone)

    def names(self) -> list[str]:
        return [t.name for t in self.tiles if t.name]
