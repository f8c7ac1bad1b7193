"""The tag registry: which RFID tag is under which tile, and which reader is which slot.

Calibration stores it under the ``rfid:`` key of its YAML profile as a plain mapping::

    rfid:
      seats: 4
      slots_per_seat: 4
      zone: "seat{seat}.play"          # optional, the default
      tags:                            # quote the UIDs: YAML reads 04112233445566 as a number
        "04A1B2C3": "6-6"              # 4-byte MIFARE UID (8 hex digits)
        "04112233445566": "6-6"        # 7-byte NTAG UID (14 hex digits)
        "0F00A1B2C3": "5-4"            # 125 kHz EM4100 ID (10 hex digits)
      readers:                         # optional overrides, "[board:]index": "zone:slot"
        "16": "centre:0"

>>> reg = TagRegistry.from_mapping({"tags": {"04a1b2c3": "Heaven"}})
>>> reg.tile_for("04A1B2C3"), reg.zone_for(5)
('6-6', ('seat1.play', 1))
>>> reg.to_mapping()["tags"]
{'04A1B2C3': '6-6'}
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping

from referee.tiles import FULL_SET, SET_COUNTS, Tile, TileError

__all__ = ["RegistryError", "TagRegistry", "normalize_uid", "enroll", "unenroll"]

_HEX = re.compile(r"^[0-9A-F]+$")
UID_LENGTHS = (8, 10, 14)  # 4-byte MIFARE, 5-byte EM4100 (125 kHz), 7-byte MIFARE/NTAG
DEFAULT_ZONE = "seat{seat}.play"


class RegistryError(ValueError):
    """A registry entry that cannot be right; the message names the entry."""


def normalize_uid(uid: str | bytes) -> str:
    """``b'\\x04\\xa1\\xb2\\xc3'``, ``'04:a1:b2:c3'`` or ``'04a1b2c3'`` -> ``'04A1B2C3'``."""
    if isinstance(uid, bytes | bytearray):
        s = bytes(uid).hex().upper()
    elif isinstance(uid, str):
        s = re.sub(r"[\s:\-]", "", uid).upper()
    else:
        raise RegistryError(f"tag UID {uid!r}: write it as hex digits, like '04A1B2C3'")
    if not _HEX.match(s) or len(s) not in UID_LENGTHS:
        raise RegistryError(
            f"tag UID {uid!r}: expected 8 or 14 hex digits (4- or 7-byte 13.56 MHz UID) "
            f"or 10 (125 kHz EM4100 ID)"
        )
    return s


def _tile_name(name: object, where: str) -> str:
    try:
        return Tile.parse(name).name  # type: ignore[arg-type]
    except TileError as exc:
        raise RegistryError(f"{where}: {exc}") from None


def _parse_slot_ref(text: str, where: str) -> tuple[str, int]:
    zone, sep, slot = str(text).rpartition(":")
    if not sep or not zone or not slot.strip().isdigit():
        raise RegistryError(f"{where}: write the slot as 'zone:slot', like 'seat0.play:2', not {text!r}")
    return zone.strip(), int(slot)


class TagRegistry:
    """UID -> tile name, and reader -> (zone, slot)."""

    def __init__(self, tags: Mapping[str, str] | None = None, *, seats: int = 4, slots_per_seat: int = 4,
                 zone: str = DEFAULT_ZONE, readers: Mapping[str, str] | None = None):
        for key, val in (("seats", seats), ("slots_per_seat", slots_per_seat)):
            if not isinstance(val, int) or isinstance(val, bool) or val < 1:
                raise RegistryError(f"rfid.{key}: expected a positive whole number, not {val!r}")
        if "{seat}" not in zone:
            raise RegistryError(f"rfid.zone: {zone!r} must contain '{{seat}}', like 'seat{{seat}}.play'")
        self.seats = seats
        self.slots_per_seat = slots_per_seat
        self.zone = zone
        self.tags: dict[str, str] = {}
        self.readers: dict[tuple[str, int], tuple[str, int]] = {}
        for uid, name in (tags or {}).items():
            enroll(self, uid, name, where=f"rfid.tags[{uid!r}]")
        for key, ref in (readers or {}).items():
            where = f"rfid.readers[{key!r}]"
            board, _, idx = str(key).rpartition(":")
            if not idx.strip().isdigit():
                raise RegistryError(f"{where}: the key is a reader index, optionally 'board:index'")
            self.readers[(board, int(idx))] = _parse_slot_ref(ref, where)

    # -- plain-dict form for the calibration profile ---------------------------------------
    @classmethod
    def from_mapping(cls, data: Mapping | None) -> TagRegistry:
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RegistryError(f"rfid: expected a mapping, not {type(data).__name__}")
        unknown = set(data) - {"tags", "seats", "slots_per_seat", "zone", "readers"}
        if unknown:
            raise RegistryError(f"rfid: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
        tags = data.get("tags") or {}
        if not isinstance(tags, Mapping):
            raise RegistryError("rfid.tags: expected a mapping of UID -> tile name")
        readers = data.get("readers") or {}
        if not isinstance(readers, Mapping):
            raise RegistryError("rfid.readers: expected a mapping of reader index -> 'zone:slot'")
        for k in tags:
            if isinstance(k, int) and not isinstance(k, bool):
                raise RegistryError(
                    f"rfid.tags: the UID key {k!r} was read as a number (YAML turns 04112233445566 into an "
                    f"octal integer); quote every UID in the YAML, like '04112233445566': '6-6'"
                )
        return cls({str(k): v for k, v in tags.items()}, seats=data.get("seats", 4),
                   slots_per_seat=data.get("slots_per_seat", 4), zone=data.get("zone", DEFAULT_ZONE),
                   readers={str(k): v for k, v in readers.items()})

    def to_mapping(self) -> dict:
        out: dict = {"seats": self.seats, "slots_per_seat": self.slots_per_seat, "tags": dict(self.tags)}
        if self.zone != DEFAULT_ZONE:
            out["zone"] = self.zone
        if self.readers:
            out["readers"] = {(f"{b}:{i}" if b else str(i)): f"{z}:{s}" for (b, i), (z, s) in self.readers.items()}
        return out

    # -- look-ups ---------------------------------------------------------------------------
    def tile_for(self, uid: str | bytes) -> str | None:
        """The tile name for a tag, or None if the tag is not enrolled (or not a valid UID)."""
        try:
            return self.tags.get(normalize_uid(uid))
        except RegistryError:
            return None

    def uids_for(self, tile: str) -> list[str]:
        name = _tile_name(tile, "tile")
        return [u for u, t in self.tags.items() if t == name]

    def zone_for(self, index: int, board: str = "") -> tuple[str, int] | None:
        """(zone, slot) of reader ``index`` on ``board``; None if the layout has no such reader."""
        ref = self.readers.get((board, index)) or self.readers.get(("", index))
        if ref is not None:
            return ref
        if 0 <= index < self.seats * self.slots_per_seat:
            return self.zone.format(seat=index // self.slots_per_seat), index % self.slots_per_seat
        return None

    def zones(self, n_readers: int | None = None, board: str = "") -> list[str]:
        n = self.seats * self.slots_per_seat if n_readers is None else n_readers
        out: list[str] = []
        for i in range(n):
            z = self.zone_for(i, board)
            if z and z[0] not in out:
                out.append(z[0])
        return out

    def missing_tiles(self) -> list[str]:
        """Tiles of the full set that have no tag yet (a civil tile twice if both are missing)."""
        have = Counter(self.tags.values())
        out = []
        for t in FULL_SET:
            if have[t.name] > 0:
                have[t.name] -= 1
            else:
                out.append(t.name)
        return out

    def complete(self) -> bool:
        return not self.missing_tiles()

    def __len__(self) -> int:
        return len(self.tags)

    def __repr__(self) -> str:
        return f"TagRegistry({len(self.tags)} tags, {self.seats}x{self.slots_per_seat} slots)"


def enroll(registry: TagRegistry, uid: str | bytes, tile_name: str, *, replace: bool = False,
           where: str | None = None) -> str:
    """Register ``uid`` as the tag under ``tile_name``; returns the normalised UID.

    Raises :class:`RegistryError` if the UID is malformed, the tile name unknown, the UID is
    already enrolled for a different tile (unless ``replace``), or the tile already has as many
    tags as the set has copies of it (2 for a civil tile, 1 for a military one).
    Enrolling the same UID for the same tile again is a no-op.
    """
    where = where or f"tag {uid!r}"
    u = normalize_uid(uid)
    name = _tile_name(tile_name, f"{where} -> {tile_name!r}")
    old = registry.tags.get(u)
    if old == name:
        return u
    if old is not None and not replace:
        raise RegistryError(f"{where}: tag {u} is already enrolled as {old}; unenroll it first")
    limit = SET_COUNTS[Tile.parse(name)]
    have = sum(1 for k, t in registry.tags.items() if t == name and k != u)
    if have >= limit:
        others = ", ".join(k for k, t in registry.tags.items() if t == name)
        raise RegistryError(
            f"{where}: the set has {limit} {name} tile{'s' if limit > 1 else ''} and tag(s) {others} "
            f"already stand for {'them' if limit > 1 else 'it'}"
        )
    registry.tags[u] = name
    return u


def unenroll(registry: TagRegistry, uid: str | bytes) -> str | None:
    """Forget a tag; returns the tile it stood for (None if it was not enrolled)."""
    return registry.tags.pop(normalize_uid(uid), None)


def enroll_many(registry: TagRegistry, pairs: Iterable[tuple[str, str]]) -> list[str]:
    return [enroll(registry, u, t) for u, t in pairs]
