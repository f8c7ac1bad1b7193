"""``tiengow bench rfid``: the figures, measured, never asserted by tests.

1. Latency: a tag is placed on a simulated antenna (the sim process stamps the time with the
   system-wide monotonic clock) until the host's :class:`ZoneObservation` naming that tile is
   delivered (stamped with the same clock).  Also the removal latency.  The simulated board is
   the real firmware loop under CPython on a pty, the host is :class:`PicoDriver` over pyserial.
2. Parser rate: a realistic stream of encoded frames (scan ticks, tag events, heartbeats) fed in
   4 KiB chunks to :class:`FrameParser`, then the same with the :class:`BoardTracker` behind it,
   then with 1 % of the bytes replaced by garbage.
"""

from __future__ import annotations

import json
import random
import statistics
import time


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def make_stream(n_frames: int, seed: int = 1) -> bytes:
    from rfid.protocol import P

    rng = random.Random(seed)
    out = bytearray()
    seq = 0
    scan = 1
    k = 0
    while k < n_frames:
        r = rng.random()
        if r < 0.1:
            slot = rng.randrange(16)
            uid = bytes(rng.randrange(256) for _ in range(rng.choice((4, 7))))
            out += P.encode(seq, P.T_TAG_ON, P.tag_on_payload(slot, scan, uid))
        elif r < 0.2:
            out += P.encode(seq, P.T_TAG_OFF, P.tag_off_payload(rng.randrange(16), scan))
        elif r < 0.22:
            out += P.encode(seq, P.T_HEARTBEAT, P.heartbeat_payload(1000, scan, 0, 0))
        else:
            out += P.encode(seq, P.T_SCAN, P.scan_payload(scan))
            scan += 1
        seq = (seq + 1) & 0xFF
        k += 1
    return bytes(out)


def parser_rate(n_frames: int) -> dict:
    from rfid.protocol import P
    from rfid.registry import TagRegistry
    from rfid.tracker import BoardTracker

    stream = make_stream(n_frames)
    chunks = [stream[i:i + 4096] for i in range(0, len(stream), 4096)]
    res = {}
    p = P.FrameParser()
    t = time.perf_counter()
    got = 0
    for c in chunks:
        got += len(p.feed(c))
    dt = time.perf_counter() - t
    res["parser_frames"] = got
    res["parser_frames_per_s"] = got / dt
    res["parser_mbytes_per_s"] = len(stream) / dt / 1e6

    # parser + tracker (the whole host path short of the serial port)
    tr = BoardTracker(TagRegistry())
    tr.on_connect(0.0)
    tr.on_frames([(0, P.T_HELLO, P.hello_payload(16))], 0.0)
    snap = P.snapshot_payloads(0, [(P.S_OK, 0, None)] * 16)
    tr.on_frames([(255 - len(snap) + 1 + k, P.T_SNAPSHOT, s) for k, s in enumerate(snap)], 0.0)
    p = P.FrameParser()
    t = time.perf_counter()
    got = 0
    for c in chunks:
        fr = p.feed(c)
        got += len(fr)
        tr.on_frames(fr, 1.0)
    dt = time.perf_counter() - t
    res["tracker_frames_per_s"] = got / dt
    res["tracker_resyncs"] = tr.stats["resyncs"]

    # with 1 % of the bytes replaced by garbage
    rng = random.Random(2)
    noisy = bytearray(stream)
    for _ in range(len(noisy) // 100):
        noisy[rng.randrange(len(noisy))] = rng.randrange(256)
    chunks = [bytes(noisy[i:i + 4096]) for i in range(0, len(noisy), 4096)]
    p = P.FrameParser(max_errors=0)
    t = time.perf_counter()
    got = 0
    for c in chunks:
        got += len(p.feed(c))
    dt = time.perf_counter() - t
    res["noisy_frames_per_s"] = got / dt
    res["noisy_frames_kept"] = got
    res["noisy_frames_sent"] = n_frames
    return res


def latency(trials: int, readers: int, period_ms: int, debounce: int) -> dict:
    from rfid.driver import DriverThread, PicoDriver
    from rfid.registry import TagRegistry
    from rfid.sim.control import SimBoard

    uids = [f"04{i:06X}" for i in range(trials)]
    tiles = [t.name for t in __import__("referee.tiles", fromlist=["FULL_SET"]).FULL_SET]
    reg = TagRegistry(seats=max(1, readers // 4), slots_per_seat=min(4, readers))
    for i, u in enumerate(uids):
        reg.tags[u] = tiles[i % len(tiles)]  # timing only: the per-tile limit does not matter here
    on, off = [], []
    with SimBoard(readers=readers, period_ms=period_ms) as sim:
        drv = PicoDriver(sim.port, reg, debounce=debounce)
        with DriverThread(drv) as th:
            deadline = time.monotonic() + 10
            while not drv.tracker.link_ok and time.monotonic() < deadline:
                time.sleep(0.01)
            if not drv.tracker.link_ok:
                raise RuntimeError("the driver did not get in sync with the simulated board")
            for k, uid in enumerate(uids):
                slot = k % readers
                zone, zslot = reg.zone_for(slot)
                for want_present, bucket in ((True, on), (False, off)):
                    while not th.queue.empty():
                        th.queue.get_nowait()
                    t_sim = sim.place(slot, uid) if want_present else sim.remove(slot)
                    end = time.monotonic() + 5
                    while time.monotonic() < end:
                        try:
                            ob = th.get(timeout=end - time.monotonic())
                        except Exception:  # noqa: BLE001 - queue.Empty
                            break
                        here = any(t.slot == zslot for t in ob.tiles)
                        if ob.zone == zone and ob.status == "ok" and here == want_present:
                            bucket.append(ob.time - t_sim)
                            break
    return {
        "trials": trials, "readers": readers, "period_ms": period_ms, "debounce": debounce,
        "place_p50_ms": _pct(on, 50) * 1000, "place_p95_ms": _pct(on, 95) * 1000,
        "place_max_ms": max(on) * 1000 if on else float("nan"),
        "remove_p50_ms": _pct(off, 50) * 1000, "remove_p95_ms": _pct(off, 95) * 1000,
        "place_mean_ms": statistics.fmean(on) * 1000 if on else float("nan"),
        "timed_out": 2 * trials - len(on) - len(off),
    }


def run_bench(args) -> int:
    lat = latency(args.trials, args.readers, args.period_ms, args.debounce)
    rate = parser_rate(args.frames)
    if args.json:
        print(json.dumps({"latency": lat, "parser": rate}, indent=2))
        return 0
    print(f"RFID latency, tag placed on a simulated antenna -> host ZoneObservation "
          f"({lat['trials']} trials, {lat['readers']} readers, scan period {lat['period_ms']} ms, "
          f"debounce {lat['debounce']} scans):")
    print(f"  place : p50 {lat['place_p50_ms']:.1f} ms   p95 {lat['place_p95_ms']:.1f} ms   "
          f"max {lat['place_max_ms']:.1f} ms")
    print(f"  remove: p50 {lat['remove_p50_ms']:.1f} ms   p95 {lat['remove_p95_ms']:.1f} ms")
    if lat["timed_out"]:
        print(f"  ({lat['timed_out']} changes not observed within 5 s)")
    print(f"Frame parser ({args.frames} frames, 4 KiB chunks):")
    print(f"  parser alone      : {rate['parser_frames_per_s']:,.0f} frames/s "
          f"({rate['parser_mbytes_per_s']:.1f} MB/s)")
    print(f"  parser + tracker  : {rate['tracker_frames_per_s']:,.0f} frames/s")
    print(f"  1 % bytes garbled : {rate['noisy_frames_per_s']:,.0f} frames/s "
          f"({rate['noisy_frames_kept']} of {rate['noisy_frames_sent']} frames intact)")
    return 0
