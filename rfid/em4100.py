"""Off-the-shelf 125 kHz serial readers (RDM6300, ID-12LA / ID-20LA style), one per slot.

They talk 9600 baud 8N1 and send, for each read::

    STX (0x02) | 10 ASCII hex digits (5 bytes: version/customer + 32-bit ID) |
    2 ASCII hex digits (XOR of the 5 bytes) | [CR LF] | ETX (0x03)

The ID-12LA family puts CR LF before ETX, the RDM6300 does not; both are accepted.  A read is
used only if every digit is hex and the checksum matches; anything else is skipped, byte by
byte, to the next STX, and recorded as an error with its stream offset.

These readers have no "tag left" message.  The RDM6300 repeats the ID while the tag stays in
the field, so a tag counts as gone ``hold`` seconds after its last read.  Readers that report a
tag only once (ID-12LA) need ``hold=None``: the tag then stays until another one is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

from rfid.driver import _Base
from rfid.registry import TagRegistry
from rfid.tracker import build_zone_observations
from table.observations import ZoneObservation

STX, ETX = 0x02, 0x03
_HEXDIGITS = frozenset(b"0123456789ABCDEFabcdef")


def encode_frame(uid_hex: str, crlf: bool = False) -> bytes:
    """The bytes a reader sends for a 10-hex-digit ID (for tests and the simulator)."""
    data = bytes.fromhex(uid_hex)
    if len(data) != 5:
        raise ValueError("an EM4100 ID has 10 hex digits")
    chk = 0
    for b in data:
        chk ^= b
    body = uid_hex.upper().encode() + f"{chk:02X}".encode()
    return bytes((STX,)) + body + (b"\r\n" if crlf else b"") + bytes((ETX,))


class Em4100Parser:
    def __init__(self):
        self.buf = b""
        self.offset = 0
        self.errors: list[tuple[str, int, int]] = []
        self.reads = 0

    def feed(self, data: bytes) -> list[str]:
        buf = self.buf + bytes(data)
        out: list[str] = []
        i, n = 0, len(buf)
        while i < n:
            j = buf.find(b"\x02", i)
            if j < 0:
                self.errors.append(("garbage", self.offset + i, n - i))
                i = n
                break
            if j > i:
                self.errors.append(("garbage", self.offset + i, j - i))
                i = j
            if n - i < 14:
                break
            body = buf[i + 1:i + 13]
            if not all(c in _HEXDIGITS for c in body):
                self.errors.append(("not hex", self.offset + i, 1))
                i += 1
                continue
            if buf[i + 13] == ETX:
                end = i + 14
            elif buf[i + 13:i + 15] == b"\r\n":
                if n - i < 16:
                    break
                if buf[i + 15] != ETX:
                    self.errors.append(("no ETX", self.offset + i, 1))
                    i += 1
                    continue
                end = i + 16
            else:
                self.errors.append(("no ETX", self.offset + i, 1))
                i += 1
                continue
            raw = bytes.fromhex(body.decode())
            chk = 0
            for b in raw[:5]:
                chk ^= b
            if chk != raw[5]:
                self.errors.append(("checksum", self.offset + i, 1))
                i += 1
                continue
            out.append(raw[:5].hex().upper())
            self.reads += 1
            i = end
        self.buf = buf[i:]
        self.offset += i
        return out


class Em4100Driver(_Base):
    """One serial 125 kHz reader per slot: ``ports[i]`` is reader i of board ``board`` in the
    registry's slot layout (by default reader i -> seat i//4, slot i%4)."""

    def __init__(self, ports: list[str], registry: TagRegistry | None = None, *, board: str = "",
                 hold: float | None = 1.0, min_reads: int = 1, baudrate: int = 9600,
                 reconnect_delay: float = 0.5,
                 on_observation: Callable[[ZoneObservation], None] | None = None,
                 on_log: Callable[[str], None] | None = None):
        super().__init__(on_observation, on_log)
        self.ports = list(ports)
        self.registry = registry or TagRegistry()
        self.board = board
        self.hold = hold
        self.min_reads = min_reads
        self.baudrate = baudrate
        self.reconnect_delay = reconnect_delay
        n = len(self.ports)
        self.confirmed: dict[int, tuple[str, str | None]] = {i: ("down", None) for i in range(n)}
        self._cand: dict[int, tuple[str | None, int, float]] = {i: (None, 0, 0.0) for i in range(n)}
        self._zones: dict[str, list[int]] = {}
        for i in range(n):
            ref = self.registry.zone_for(i, board)
            if ref is not None:
                self._zones.setdefault(ref[0], []).append(i)
        self._last: dict[str, tuple] = {}
        self.parsers = [Em4100Parser() for _ in range(n)]

    def _emit(self, lines: list[str]) -> None:
        now = time.monotonic()
        obs = []
        for zone, ob in build_zone_observations(self.registry, self.confirmed, self._zones, "ok", now,
                                                self.board).items():
            key = (ob.tiles, ob.status)
            if self._last.get(zone) != key:
                self._last[zone] = key
                obs.append(ob)
        self._deliver(obs, lines)

    def _set(self, i: int, state: tuple[str, str | None], lines: list[str]) -> None:
        if self.confirmed[i] != state:
            self.confirmed[i] = state
            ref = self.registry.zone_for(i, self.board)
            where = f"{ref[0]} slot {ref[1]}" if ref else f"reader {i}"
            if state[0] != "ok":
                lines.append(f"{where}: reader on {self.ports[i]} is {state[0]}")
            elif state[1]:
                tile = self.registry.tile_for(state[1])
                lines.append(f"{where}: tag {state[1]} = {tile}" if tile else
                             f"{where}: tag {state[1]} is not enrolled in the registry")
            else:
                lines.append(f"{where}: empty")

    def on_reads(self, i: int, uids: list[str], now: float) -> None:
        lines: list[str] = []
        p = self.parsers[i]
        for kind, off, n in p.errors:
            lines.append(f"{self.ports[i]}: skipped {n} byte(s) ({kind}) at stream byte {off}")
        p.errors = []
        for uid in uids:
            cur, count, _ = self._cand[i]
            count = count + 1 if uid == cur else 1
            self._cand[i] = (uid, count, now)
            if count >= self.min_reads:
                self._set(i, ("ok", uid), lines)
        self._emit(lines)

    def on_tick(self, now: float) -> None:
        if self.hold is None:
            return
        lines: list[str] = []
        for i, (uid, _count, seen) in self._cand.items():
            if uid is not None and now - seen > self.hold:
                self._cand[i] = (None, 0, 0.0)
                if self.confirmed[i][0] == "ok":
                    self._set(i, ("ok", None), lines)
        if lines:
            self._emit(lines)

    async def _port(self, i: int) -> None:
        import serial_asyncio

        port = self.ports[i]
        while not self._stop:
            try:
                reader, writer = await serial_asyncio.open_serial_connection(url=port, baudrate=self.baudrate)
            except Exception as exc:  # noqa: BLE001
                if self.confirmed[i][0] != "down":
                    lines: list[str] = [f"{port}: {exc}"]
                    self._set(i, ("down", None), lines)
                    self._emit(lines)
                await asyncio.sleep(self.reconnect_delay)
                continue
            try:
                lines = []
                if self.confirmed[i][0] != "ok":
                    self._set(i, ("ok", None), lines)
                    self._emit(lines)
                self.parsers[i] = Em4100Parser()
                while not self._stop:
                    data = await reader.read(256)
                    if not data:
                        raise ConnectionError("port closed")
                    self.on_reads(i, self.parsers[i].feed(data), time.monotonic())
            except Exception as exc:  # noqa: BLE001
                lines = [f"{port}: {exc}"]
                self._cand[i] = (None, 0, 0.0)
                self._set(i, ("down", None), lines)
                self._emit(lines)
            finally:
                writer.close()
            await asyncio.sleep(self.reconnect_delay)

    async def run(self) -> None:
        self._stop = False
        self._emit([])
        tasks = [asyncio.ensure_future(self._port(i)) for i in range(len(self.ports))]
        try:
            while not self._stop:
                await asyncio.sleep(0.05)
                self.on_tick(time.monotonic())
        finally:
            for t in tasks:
                t.cancel()
            for t in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await t
