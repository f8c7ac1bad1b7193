"""RFID enrollment: map tag UIDs to tile names, one tile at a time.

The user places the tiles on a reader in the layout-sheet order (6-6, 6-6, 1-1, 1-1, …; the
order ``tiengow calibrate layout-sheet`` prints) and each read UID is enrolled as the tile
being asked for.  Reads of a tag already enrolled are reported as duplicates (the same tile
read twice, or two tiles carrying copies of one tag) and do not advance; malformed reads are
reported and ignored; ``skip`` leaves a tile without a tag.  At the end :meth:`missing`
names the tiles with no tag.

The registry logic is :mod:`rfid.registry` when that package is importable (UID normalising
and the per-tile copy limits live there); otherwise a small local equivalent is used.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from referee.tiles import FULL_SET, SET_COUNTS, Tile

__all__ = ["Enrollment", "EnrollEvent", "uids_from_lines", "serial_uids", "board_uids", "split_reads"]

_UID_RE = re.compile(r"[0-9A-Fa-f]{8,14}")


def _normalize(uid: str) -> str:
    try:
        from rfid.registry import normalize_uid
    except ImportError:
        s = re.sub(r"[\s:\-]", "", str(uid)).upper()
        if not re.fullmatch(r"[0-9A-F]+", s) or len(s) not in (8, 10, 14):
            raise ValueError(f"tag UID {uid!r}: expected 8, 10 or 14 hex digits") from None
        return s
    return normalize_uid(uid)


@dataclass
class EnrollEvent:
    kind: str  # 'enrolled' | 'duplicate' | 'invalid' | 'skipped' | 'done'
    message: str
    uid: str | None = None
    tile: str | None = None


class Enrollment:
    def __init__(self, mapping: dict | None = None, order: Iterable[str] | None = None, seats: int = 4,
                 slots_per_seat: int = 4):
        base = dict(mapping or {})
        self.tags: dict[str, str] = {_normalize(u): Tile.parse(t).name for u, t in (base.get("tags") or {}).items()}
        self.extra = {k: v for k, v in base.items() if k != "tags"}
        self.extra.setdefault("seats", seats)
        self.extra.setdefault("slots_per_seat", slots_per_seat)
        names = [t.name for t in FULL_SET] if order is None else [Tile.parse(n).name for n in order]
        # ask only for tiles that do not have all their tags yet
        have: dict[str, int] = {}
        for t in self.tags.values():
            have[t] = have.get(t, 0) + 1
        self.queue: list[str] = []
        for n in names:
            if have.get(n, 0) > 0:
                have[n] -= 1
            else:
                self.queue.append(n)
        self.pos = 0
        self.skipped: list[str] = []

    # -- state -------------------------------------------------------------------------------
    @property
    def current(self) -> str | None:
        return self.queue[self.pos] if self.pos < len(self.queue) else None

    @property
    def done(self) -> bool:
        return self.current is None

    def prompt(self) -> str:
        t = self.current
        if t is None:
            return "all tiles done"
        n = SET_COUNTS[Tile.parse(t)]
        k = sum(1 for x in self.tags.values() if x == t) + 1
        which = f" ({k} of {n})" if n > 1 else ""
        return f"[{self.pos + 1}/{len(self.queue)}] place {t}{which} ({Tile.parse(t).english}) on the reader"

    # -- input -------------------------------------------------------------------------------
    def feed(self, raw_uid: str) -> EnrollEvent:
        if self.done:
            return EnrollEvent("done", "all tiles are enrolled; extra read ignored")
        try:
            uid = _normalize(raw_uid)
        except ValueError as exc:
            return EnrollEvent("invalid", f"ignored: {exc}")
        tile = self.current
        if uid in self.tags:
            return EnrollEvent("duplicate", f"tag {uid} is already enrolled as {self.tags[uid]}: "
                                            f"that tile was read twice, or two tiles carry the same tag; "
                                            f"still waiting for {tile}", uid, self.tags[uid])
        self.tags[uid] = tile
        self.pos += 1
        return EnrollEvent("enrolled", f"{uid} -> {tile}", uid, tile)

    def skip(self) -> EnrollEvent:
        if self.done:
            return EnrollEvent("done", "nothing to skip")
        t = self.current
        self.skipped.append(t)
        self.pos += 1
        return EnrollEvent("skipped", f"{t} skipped (no tag)", None, t)

    def run(self, uids: Iterable[str], say=print) -> None:
        """Feed reads until every tile is enrolled or the reads run out; 'skip' skips."""
        if not self.done:
            say(self.prompt())
        for raw in uids:
            if self.done:
                break
            ev = self.skip() if raw.strip().lower() == "skip" else self.feed(raw)
            say(("  " if ev.kind == "enrolled" else "  ! ") + ev.message)
            if not self.done:
                say(self.prompt())

    # -- result ------------------------------------------------------------------------------
    def missing(self) -> list[str]:
        have: dict[str, int] = {}
        for t in self.tags.values():
            have[t] = have.get(t, 0) + 1
        out = []
        for t in FULL_SET:
            if have.get(t.name, 0) > 0:
                have[t.name] -= 1
            else:
                out.append(t.name)
        return out

    def mapping(self) -> dict:
        m = dict(self.extra)
        m["tags"] = dict(self.tags)
        try:
            from rfid.registry import TagRegistry
        except ImportError:
            return m
        return TagRegistry.from_mapping(m).to_mapping()  # validates (copy limits, UIDs)


def uids_from_lines(lines: Iterable[str]) -> Iterator[str]:
    """UIDs from text lines (a file, or a USB reader that types the UID and Enter).  Blank
    lines and '#' comments are skipped; 'skip' passes through."""
    for line in lines:
        s = line.split("#", 1)[0].strip()
        if not s:
            continue
        yield s


def split_reads(buf: bytes) -> tuple[list[str], bytes]:
    """Complete reads in a serial buffer and the incomplete rest.  A read ends at a newline,
    a carriage return or ETX (0x03); STX (0x02) starts one.  RDM6300-style frames (10 hex ID +
    2 hex checksum) give the 10-digit ID."""
    out: list[str] = []
    text = buf.replace(b"\x02", b"\n").replace(b"\x03", b"\n").replace(b"\r", b"\n")
    *done, rest = text.split(b"\n")
    for part in done:
        s = part.decode("ascii", "replace").strip()
        m = _UID_RE.search(s)
        if not m:
            continue
        u = m.group(0).upper()
        if len(u) in (12, 13):  # EM4100 frame with its checksum
            u = u[:10]
        out.append(u)
    return out, rest


def serial_uids(port: str, baud: int = 9600, timeout: float = 60.0) -> Iterator[str]:
    """UIDs read from a serial reader that sends ASCII hex, one read per line or per STX/ETX
    frame (e.g. RDM6300).  A thin hook-up: the tiengow board itself is :func:`board_uids`."""
    import serial  # pyserial

    last = None
    with serial.Serial(port, baud, timeout=timeout) as ser:
        buf = b""
        while True:
            chunk = ser.read(64)
            if not chunk:
                return  # nothing for `timeout` seconds
            reads, buf = split_reads(buf + chunk)
            buf = buf[-64:]
            for u in reads:
                if u != last:  # readers repeat while a tag sits on them
                    last = u
                    yield u


def board_uids(port: str, settle: float = 0.5, poll: float = 0.05, idle_timeout: float = 300.0,
               say=None) -> Iterator[str]:
    """UIDs from the tiengow RFID board (``rfid.driver.PicoDriver``), as tiles are put on it.

    Whenever the tags on the board have been still for ``settle`` seconds, the tags that were
    not there before are yielded in reader order: one tile at a time on any reader, or several
    at once on readers 0, 1, 2, … in layout order.  A tile taken off and put back is yielded
    again (and reported as a duplicate by :class:`Enrollment`).  Stops after ``idle_timeout``
    seconds without a new tag, or when the consumer stops."""
    from rfid.driver import DriverThread, PicoDriver

    drv = PicoDriver(port, on_log=say)
    yielded: set[str] = set()
    with DriverThread(drv):
        last_state = None
        since = last_new = time.monotonic()
        while True:
            now = time.monotonic()
            state = tuple((s.index, s.uid) for s in drv.slots() if s.uid and s.status == "ok")
            if state != last_state:
                last_state, since = state, now
            present = {u for _, u in state}
            yielded &= present  # a tag taken off may come back: report it again
            if now - since >= settle:
                for _, u in sorted(state):
                    if u not in yielded:
                        yielded.add(u)
                        last_new = now
                        yield u
            if now - last_new > idle_timeout:
                return
            time.sleep(poll)
