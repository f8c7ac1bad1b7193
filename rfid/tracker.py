"""The host's view of one board: sequence check, resync, debounce, zone observations. No I/O.

Feed it what the link delivers (:meth:`BoardTracker.on_connect`, :meth:`on_frames`,
:meth:`on_garbled`, :meth:`on_disconnect`, :meth:`tick`); it answers with
:class:`~table.observations.ZoneObservation` values for zones whose state changed, and keeps a
list of commands the driver must send (:meth:`take_requests`) and of status lines (:attr:`log`).

Rules that keep it from ever inventing a tag:

* only frames that passed start byte, length, CRC-16, end byte and an exact payload layout
  are used;
* events are applied only while *live*: every frame's sequence number is the previous one + 1
  and every scan number is the previous one + 1.  Anything else (a lost, garbled or truncated
  frame, garbage that happened to pass, a board reboot) puts the tracker in *resync*: it
  ignores events, asks for a snapshot, and replaces its raw state with the snapshot;
* a slot's state is confirmed only after it held for ``debounce`` consecutive scans.
"""

from __future__ import annotations

from dataclasses import dataclass

from rfid.protocol import P
from rfid.registry import TagRegistry
from table.observations import TileSeen, ZoneObservation

STATUS = P.STATUS_NAMES  # ('ok', 'down', 'multi', 'error')


@dataclass(frozen=True)
class SlotView:
    index: int
    zone: str | None
    slot: int | None
    status: str  # ok | down | multi | error | unknown
    uid: str | None
    tile: str | None
    pending: bool  # the raw state differs from the confirmed one (debouncing)


def build_zone_observations(registry: TagRegistry, confirmed: dict[int, tuple[str, str | None]],
                            zones: dict[str, list[int]], link: str, now: float,
                            board: str = "") -> dict[str, ZoneObservation]:
    """Zone observations from confirmed slot states ``{reader: (status, uid_hex)}``.

    ``link`` is 'ok' (live), 'stale' (resynchronising: the tiles are the last confirmed ones)
    or 'lost' (no board).  A zone is 'lost' if the link is, or all its readers are down;
    'stale' if the link is resynchronising or some of its readers are down or unreadable."""
    seen_uid: dict[str, int] = {}
    for _i, (st, uid) in confirmed.items():
        if st == "ok" and uid:
            seen_uid[uid] = seen_uid.get(uid, 0) + 1
    out = {}
    for zone, readers in zones.items():
        tiles = []
        bad = 0
        for i in readers:
            ref = registry.zone_for(i, board)
            slot = ref[1] if ref else None
            st, uid = confirmed.get(i, ("unknown", None))
            if st == "ok" and uid:
                name = registry.tile_for(uid)
                uncertain = name is None or seen_uid.get(uid, 0) > 1
                tiles.append(TileSeen(name=name, face="unknown", slot=slot, uncertain=uncertain,
                                      confidence=1.0 if not uncertain else 0.5))
            elif st == "multi":  # at least one tile is there, which one(s) the reader cannot say
                tiles.append(TileSeen(name=None, face="unknown", slot=slot, uncertain=True, confidence=0.0))
            elif st != "ok":
                bad += 1
        if link == "lost" or bad == len(readers):
            status = "lost"
        elif bad or link == "stale":
            status = "stale"
        else:
            status = "ok"
        tiles.sort(key=lambda t: -1 if t.slot is None else t.slot)
        out[zone] = ZoneObservation(source="rfid", zone=zone, time=now, tiles=tuple(tiles), status=status)
    return out


class BoardTracker:
    DISCONNECTED, HANDSHAKE, RESYNC, LIVE, INCOMPATIBLE = "disconnected", "handshake", "resync", "live", "incompatible"

    def __init__(self, registry: TagRegistry, debounce: int = 2, board: str = "",
                 request_timeout: float = 0.5, silence_timeout: float = 2.0):
        if debounce < 1:
            raise ValueError("debounce must be at least 1 scan")
        self.registry = registry
        self.debounce = debounce
        self.board = board
        self.request_timeout = request_timeout
        self.silence_timeout = silence_timeout
        self.phase = self.DISCONNECTED
        self.hello: dict | None = None
        self.n_slots = 0
        self.raw: dict[int, tuple[str, str | None, int]] = {}  # reader -> (status, uid, since scan)
        self.confirmed: dict[int, tuple[str, str | None]] = {}
        self.expect_seq: int | None = None
        self.last_scan: int | None = None
        self.last_frame_time: float | None = None
        self.last_heartbeat: tuple | None = None
        self._requests: list[int] = []
        self._pending: tuple[int, float] | None = None  # (command, sent at)
        self._snap: dict | None = None
        self._zones: dict[str, list[int]] = {}
        self._last_obs: dict[str, tuple] = {}
        self.log: list[str] = []
        self.stats = {"frames": 0, "gaps": 0, "resyncs": 0, "garbled": 0, "bad_payload": 0,
                      "reconnects": 0, "board_errors": 0}
        self._warned_unmapped: set[int] = set()

    # -- helpers --------------------------------------------------------------------------
    def _say(self, msg: str) -> None:
        self.log.append(msg)
        if len(self.log) > 500:
            del self.log[:250]

    def take_log(self) -> list[str]:
        out, self.log = self.log, []
        return out

    def _request(self, cmd: int, now: float) -> None:
        self._requests.append(cmd)
        self._pending = (cmd, now)

    def take_requests(self) -> list[int]:
        out, self._requests = self._requests, []
        return out

    @property
    def link_ok(self) -> bool:
        return self.phase == self.LIVE

    @property
    def link_status(self) -> str:
        if self.phase == self.LIVE:
            return "ok"
        if self.phase in (self.HANDSHAKE, self.RESYNC):
            return "stale"
        return "lost"

    def _resync(self, why: str, now: float) -> list[ZoneObservation]:
        self.stats["resyncs"] += 1
        self._say(f"resync: {why}; asking the board for a snapshot")
        self.phase = self.RESYNC
        self._snap = None
        self._request(P.C_SNAPSHOT, now)
        return self._emit(now)

    # -- link events ------------------------------------------------------------------------
    def on_connect(self, now: float) -> list[ZoneObservation]:
        if self.hello is not None:
            self.stats["reconnects"] += 1
        self.phase = self.HANDSHAKE
        self.expect_seq = None
        self.last_frame_time = now
        self._snap = None
        self._request(P.C_HELLO, now)
        return []

    def on_disconnect(self, reason: str, now: float) -> list[ZoneObservation]:
        if self.phase != self.DISCONNECTED:
            self._say(f"disconnected: {reason}")
        self.phase = self.DISCONNECTED
        self._pending = None
        return self._emit(now)

    def on_garbled(self, errors: list[tuple[str, int, int]], now: float) -> list[ZoneObservation]:
        """The parser skipped bytes.  Frames may or may not have been lost; the sequence
        numbers tell.  Report what and where; state changes only through the sequence check."""
        for kind, off, n in errors:
            self.stats["garbled"] += 1
            what = {"garbage": f"{n} byte(s) of garbage", "crc": "a frame with a bad CRC",
                    "trailer": "a frame without its end byte (truncated or garbled)",
                    "length": "an impossible length byte", "truncated": f"a truncated frame ({n} bytes)"}
            self._say(f"link: skipped {what.get(kind, kind)} at stream byte {off}")
        return []

    def tick(self, now: float) -> list[ZoneObservation]:
        """Call a few times a second: re-sends lost requests, notices a silent board."""
        if self.phase in (self.HANDSHAKE, self.RESYNC) and self._pending is not None:
            cmd, at = self._pending
            if now - at > self.request_timeout:
                self._say(f"no answer to {P.TYPE_NAMES[cmd]} after {self.request_timeout:.1f} s; asking again")
                self._request(cmd, now)
        return []

    def silent_for(self, now: float) -> float:
        return 0.0 if self.last_frame_time is None else now - self.last_frame_time

    # -- frames ---------------------------------------------------------------------------------
    def on_frames(self, frames, now: float) -> list[ZoneObservation]:
        out: list[ZoneObservation] = []
        for seq, mtype, payload in frames:
            out.extend(self._frame(seq, mtype, payload, now))
        return out

    def _frame(self, seq: int, mtype: int, payload: bytes, now: float) -> list[ZoneObservation]:
        self.stats["frames"] += 1
        self.last_frame_time = now
        in_order = self.expect_seq is None or seq == self.expect_seq
        prev_expect = self.expect_seq
        self.expect_seq = (seq + 1) & 0xFF
        try:
            return self._dispatch(seq, mtype, payload, now, in_order, prev_expect)
        except ValueError as exc:
            self.stats["bad_payload"] += 1
            self._say(f"frame seq {seq} ({P.TYPE_NAMES.get(mtype, hex(mtype))}): {exc}")
            if self.phase == self.LIVE:
                return self._resync("a frame with a malformed payload", now)
            return []

    def _dispatch(self, seq, mtype, payload, now, in_order, prev_expect) -> list[ZoneObservation]:
        if mtype == P.T_HELLO:
            hello = P.decode_hello(payload)
            if hello["protocol"] != P.PROTOCOL_VERSION:
                self.phase = self.INCOMPATIBLE
                self._say(f"board speaks protocol {hello['protocol']}, this host speaks {P.PROTOCOL_VERSION}: "
                          "update the firmware (tiengow firmware deploy)")
                return self._emit(now)
            fw = ".".join(map(str, hello["firmware"]))
            if self.hello is None or hello != self.hello:
                self._say(f"board {hello['name']} firmware {fw} protocol {hello['protocol']}, "
                          f"{hello['slots']} readers")
                if tuple(hello["firmware"]) != tuple(P.FIRMWARE_VERSION):
                    want = ".".join(map(str, P.FIRMWARE_VERSION))
                    self._say(f"note: this host ships firmware {want}; `tiengow firmware deploy` updates the board")
            self.hello = hello
            self._set_slots(hello["slots"])
            if self.phase == self.HANDSHAKE:
                self.phase = self.RESYNC
                self._snap = None
                self._request(P.C_SNAPSHOT, now)
                return []
            if self.phase == self.LIVE:  # unsolicited hello: the board restarted
                return self._resync("the board sent hello (it restarted)", now)
            return []
        if mtype == P.T_ERROR:
            code, text = P.decode_error(payload)
            self.stats["board_errors"] += 1
            self._say(f"board error {code}: {text}")
            if code == P.E_TX_OVERFLOW and self.phase == self.LIVE:
                return self._resync("the board lost frames", now)
            return []
        if self.phase in (self.DISCONNECTED, self.HANDSHAKE, self.INCOMPATIBLE):
            return []
        if self.phase == self.RESYNC:
            if mtype == P.T_SNAPSHOT:
                return self._snapshot_part(seq, payload, now, in_order)
            return []
        # LIVE
        if not in_order:
            self.stats["gaps"] += 1
            return self._resync(f"sequence gap: expected frame {prev_expect}, got {seq}", now)
        if mtype == P.T_SCAN:
            scan = P.decode_scan(payload)
            if self.last_scan is not None and scan != (self.last_scan + 1) & 0xFFFFFFFF:
                self.stats["gaps"] += 1
                return self._resync(f"scan gap: expected scan {self.last_scan + 1}, got {scan}", now)
            self.last_scan = scan
            return self._confirm(now)
        if mtype in (P.T_TAG_ON, P.T_TAG_OFF, P.T_SLOT):
            if mtype == P.T_TAG_ON:
                slot, scan, uid = P.decode_tag_on(payload)
                new = ("ok", P.uid_hex(uid))
            elif mtype == P.T_TAG_OFF:
                slot, scan = P.decode_tag_off(payload)
                new = ("ok", None)
            else:
                slot, scan, status = P.decode_slot(payload)
                new = (STATUS[status], None)
            if slot >= self.n_slots:
                raise ValueError(f"slot {slot} out of range (board has {self.n_slots})")
            if self.last_scan is not None and scan != self.last_scan + 1:
                raise ValueError(f"event for scan {scan} while scan {self.last_scan + 1} is in progress")
            self.raw[slot] = (new[0], new[1], scan)
            return []
        if mtype == P.T_HEARTBEAT:
            self.last_heartbeat = P.decode_heartbeat(payload)
            return []
        if mtype == P.T_SNAPSHOT:  # an answer to an earlier request: nothing new
            P.decode_snapshot(payload)
            return []
        self._say(f"frame seq {seq}: unknown type 0x{mtype:02X} ignored")
        return []

    def _set_slots(self, n: int) -> None:
        self.n_slots = n
        zones: dict[str, list[int]] = {}
        for i in range(n):
            ref = self.registry.zone_for(i, self.board)
            if ref is None:
                if i not in self._warned_unmapped:
                    self._warned_unmapped.add(i)
                    self._say(f"reader {i} has no zone in the slot layout; it is ignored")
                continue
            zones.setdefault(ref[0], []).append(i)
        self._zones = zones

    def _snapshot_part(self, seq, payload, now, in_order) -> list[ZoneObservation]:
        scan, total, first, entries = P.decode_snapshot(payload)
        if total != self.n_slots:
            raise ValueError(f"snapshot of {total} slots from a board with {self.n_slots}")
        snap = self._snap
        if first == 0:
            snap = self._snap = {"scan": scan, "entries": {}, "next": 0}
        if snap is None or snap["scan"] != scan or first != snap["next"] or (first and not in_order):
            self._snap = None
            self._say("snapshot parts out of order; asking again")
            self._request(P.C_SNAPSHOT, now)
            return []
        for k, (status, since, uid) in enumerate(entries):
            snap["entries"][first + k] = (STATUS[status], P.uid_hex(uid) if uid else None, since)
        snap["next"] = first + len(entries)
        if snap["next"] < total:
            return []
        self.raw = dict(snap["entries"])
        self.last_scan = scan
        self._snap = None
        self._pending = None
        self.phase = self.LIVE
        self._say(f"in sync at scan {scan}")
        return self._confirm(now, force=True)

    def _confirm(self, now: float, force: bool = False) -> list[ZoneObservation]:
        changed = force
        for i, (status, uid, since) in self.raw.items():
            if self.confirmed.get(i) != (status, uid) and self.last_scan - since + 1 >= self.debounce:
                old = self.confirmed.get(i)
                self.confirmed[i] = (status, uid)
                changed = True
                self._note_change(i, old, (status, uid))
        return self._emit(now) if changed else []

    def _note_change(self, i, old, new) -> None:
        ref = self.registry.zone_for(i, self.board)
        where = f"{ref[0]} slot {ref[1]}" if ref else f"reader {i}"
        if new[0] == "ok" and new[1]:
            tile = self.registry.tile_for(new[1])
            self._say(f"{where}: tag {new[1]} = {tile}" if tile else
                      f"{where}: tag {new[1]} is not enrolled in the registry")
        elif new[0] == "ok":
            if old and old[1]:
                self._say(f"{where}: empty")
        elif new[0] == "down":
            self._say(f"{where}: reader {i} does not answer (check its wiring and power)")
        elif new[0] == "multi":
            self._say(f"{where}: more than one tag on the antenna")
        elif new[0] == "error":
            self._say(f"{where}: a tag is there but cannot be read")

    # -- output ---------------------------------------------------------------------------------
    def observations(self, now: float) -> dict[str, ZoneObservation]:
        return build_zone_observations(self.registry, self.confirmed, self._zones, self.link_status, now,
                                       self.board)

    def _emit(self, now: float) -> list[ZoneObservation]:
        out = []
        for zone, ob in self.observations(now).items():
            key = (ob.tiles, ob.status)
            if self._last_obs.get(zone) != key:
                self._last_obs[zone] = key
                out.append(ob)
        return out

    def slots(self) -> list[SlotView]:
        out = []
        for i in range(self.n_slots):
            ref = self.registry.zone_for(i, self.board)
            st, uid = self.confirmed.get(i, ("unknown", None))
            raw = self.raw.get(i)
            out.append(SlotView(i, ref[0] if ref else None, ref[1] if ref else None, st, uid,
                                self.registry.tile_for(uid) if uid else None,
                                raw is not None and (raw[0], raw[1]) != (st, uid)))
        return out
