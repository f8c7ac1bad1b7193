"""``tiengow bench vision``: accuracy and latency on generated scenes.

Seeds start at 910000 (the tests use seeds below 10000).  Tile counts cycle through
1–32 so every bucket (1–8, 9–16, 17–24, 25–32) gets a quarter of the frames.  Latency is
the wall time of :func:`vision.recognizer.recognize` on one core (``cv2.setNumThreads(1)``),
decoding and rendering excluded.

``generator="scene3d"`` takes the frames from :func:`vision.scene3d.generate_scene3d`
instead, a second generator written independently of the recognizer (3D tiles under a
pinhole camera), to see whether the figures hold on pictures the recognizer was never tuned
on; its bench seeds are 950000 and up.
"""

from __future__ import annotations

import time

import cv2
import numpy as np

from vision.evaluate import Score, score_frame
from vision.recognizer import recognize
from vision.scene import render_layout, scene_layout

BUCKETS = ((1, 8), (9, 16), (17, 24), (25, 32))
GENERATORS = ("scene", "scene3d")


def tile_counts(seed: int, frames: int) -> list[int]:
    """How many tiles each of ``frames`` bench frames from ``seed`` holds: the buckets of
    :data:`BUCKETS` in turn, a count drawn in each (the frame ``seed + i`` holds the i-th).

    >>> counts = tile_counts(910_000, 8)
    >>> [BUCKETS[i % 4][0] <= k <= BUCKETS[i % 4][1] for i, k in enumerate(counts)] == [True] * 8
    True
    """
    rng = np.random.default_rng(seed)
    return [int(rng.integers(a, b + 1)) for i in range(frames) for a, b in [BUCKETS[i % len(BUCKETS)]]]


def _frame(generator: str, seed: int, width: int, height: int, n: int):
    """One labelled frame: (image, labels, tile length in pixels)."""
    if generator == "scene3d":
        from vision.scene3d import generate_scene3d

        return generate_scene3d(seed, width, height, n_tiles=n)
    layout = scene_layout(seed, width, height, n_tiles=n)
    img, labels = render_layout(layout, width, height, seed=seed)
    return img, labels, layout.tile_length_px


def run_bench(frames: int = 200, width: int = 1280, height: int = 720, seed: int = 910_000,
              plot: str | None = None, generator: str = "scene") -> dict:
    if generator not in GENERATORS:
        raise ValueError(f"generator must be one of {', '.join(GENERATORS)}, not {generator!r}")
    cv2.setNumThreads(1)
    total = Score()
    per_bucket: dict[str, list[float]] = {f"{a}-{b}": [] for a, b in BUCKETS}
    points: list[tuple[int, float]] = []
    cpu: list[float] = []
    # warm up (OpenCV's first calls allocate and initialise), not timed
    warm = _frame(generator, seed - 1, width, height, 8)[0]
    recognize(warm)
    for i, n in enumerate(tile_counts(seed, frames)):
        s = seed + i
        a, b = BUCKETS[i % len(BUCKETS)]
        img, labels, tile_len = _frame(generator, s, width, height, n)
        c0 = time.process_time()
        t0 = time.perf_counter()
        readings = recognize(img)
        ms = (time.perf_counter() - t0) * 1000.0
        cpu.append((time.process_time() - c0) * 1000.0)
        sc = score_frame(readings, labels, tile_len, s)
        total.add(sc)
        per_bucket[f"{a}-{b}"].append(ms)
        points.append((len(labels), ms))
    lat_all = [ms for _, ms in points]
    res = {
        "frames": frames,
        "generator": generator,
        "size": f"{width}x{height}",
        "threads": 1,
        "tiles": total.tiles,
        "identity_accuracy": round(total.identity_rate, 4),
        "face_accuracy": round(total.face_rate, 4),
        "false_tiles": total.false_tiles,
        "false_tile_rate": round(total.false_rate, 4),
        "missed": total.missed,
        "uncertain": total.uncertain,
        "wrong_confident": total.wrong_confident,
        "guessed_occluded": total.guessed_occluded,
        "perfect_frames": round(total.perfect_frames / max(1, total.frames), 4),
        "cpu_ms": {"p50": round(float(np.percentile(cpu, 50)), 2), "p95": round(float(np.percentile(cpu, 95)), 2)},
        "latency_ms": {
            "all": {"p50": round(float(np.percentile(lat_all, 50)), 2), "p95": round(float(np.percentile(lat_all, 95)), 2)},
            **{k: {"p50": round(float(np.percentile(v, 50)), 2), "p95": round(float(np.percentile(v, 95)), 2),
                   "frames": len(v)} for k, v in per_bucket.items() if v},
        },
    }
    lines = [
        f"tiengow bench vision — {frames} generated frames ({generator}) {width}x{height}, "
        f"seeds {seed}..{seed + frames - 1}, "
        "one core (cv2.setNumThreads(1))",
        f"  tiles (not under a hand)  {total.tiles}",
        f"  tile identity right       {total.identity_rate:.2%}  (uncertain {total.uncertain}, "
        f"missed {total.missed}, wrong and confident {total.wrong_confident})",
        f"  face right                {total.face_rate:.2%}",
        f"  false tiles               {total.false_tiles}  ({total.false_rate:.2%} of readings)",
        f"  guessed occluded tiles    {total.guessed_occluded}",
        f"  frames read perfectly     {res['perfect_frames']:.1%}",
        "  latency per frame (ms)    p50     p95",
        f"    all                     {res['latency_ms']['all']['p50']:6.1f}  {res['latency_ms']['all']['p95']:6.1f}",
    ]
    lines.append(f"    cpu time, all            {res['cpu_ms']['p50']:6.1f}  {res['cpu_ms']['p95']:6.1f}"
                 "   (process CPU: less sensitive to other load)")
    for k in per_bucket:
        if k in res["latency_ms"]:
            d = res["latency_ms"][k]
            lines.append(f"    {k:>5s} tiles             {d['p50']:6.1f}  {d['p95']:6.1f}")
    if plot:
        _plot(points, plot, f"{width}x{height}")
        lines.append(f"  plot: {plot}")
    res["text"] = "\n".join(lines)
    return res


def _plot(points: list[tuple[int, float]], path: str, size: str) -> None:
    """Latency against tile count, drawn with OpenCV (no plotting library needed)."""
    W, H, m = 800, 500, 60
    img = np.full((H, W, 3), 255, np.uint8)
    ymax = max(30.0, max(ms for _, ms in points) * 1.1)
    xmax = 33

    def px(n, ms):
        return (int(m + (W - 2 * m) * n / xmax), int(H - m - (H - 2 * m) * ms / ymax))

    cv2.line(img, (m, H - m), (W - m, H - m), (0, 0, 0), 1)
    cv2.line(img, (m, m), (m, H - m), (0, 0, 0), 1)
    for ms in range(0, int(ymax) + 1, 5):
        y = px(0, ms)[1]
        cv2.line(img, (m - 4, y), (W - m, y), (225, 225, 225), 1)
        cv2.putText(img, str(ms), (10, y + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
    for n in range(0, 33, 4):
        x = px(n, 0)[0]
        cv2.putText(img, str(n), (x - 5, H - m + 18), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
    for target, col in ((15, (0, 160, 0)), (25, (0, 0, 200))):
        y = px(0, target)[1]
        cv2.line(img, (m, y), (W - m, y), col, 1, cv2.LINE_AA)
    for n, ms in points:
        cv2.circle(img, px(n, ms), 3, (200, 80, 0), -1, cv2.LINE_AA)
    cv2.putText(img, f"recognize() latency per {size} frame (ms, one core) vs tiles in frame", (m, 30),
                cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.putText(img, "green: 15 ms p50 target, red: 25 ms p95 target", (m, 48), cv2.FONT_HERSHEY_SIMPLEX, 0.4,
                (80, 80, 80), 1, cv2.LINE_AA)
    cv2.imwrite(path, img)


# ---------------------------------------------------------------------------------------
def stream_script(layout, L: float) -> list[tuple[tuple, tuple, bool]]:
    """A trick being played on a generated table, frame by frame at 30 fps, as
    (tiles, hands, scored): the table without its last two tiles (20 frames); for each of
    them a hand comes in from four tile lengths away (6 frames), puts it down and goes back
    (6 frames), then the table is still (15 frames); then 10 still frames.  ``scored``
    marks the last frame of each still stretch, where stream and cold readings are compared."""
    from vision.scene import HandPlacement

    tiles = tuple(layout.tiles)
    k = min(2, len(tiles))
    base, extra = tiles[: len(tiles) - k], tiles[len(tiles) - k:]
    out = [(base, (), j == 19) for j in range(20)]
    placed = base
    for t in extra:
        far = np.array([t.centre[0] - 4.0 * L, t.centre[1] + 0.3 * L])
        near = np.array([t.centre[0] - 1.1 * L, t.centre[1] + 0.3 * L])
        for j in range(12):
            f = j / 5.0 if j < 6 else (11 - j) / 5.0
            c = far + (near - far) * min(1.0, f)
            if j == 6:
                placed = placed + (t,)
            out.append((placed, (HandPlacement((float(c[0]), float(c[1])), angle=0.0),), False))
        out += [(placed, (), j == 14) for j in range(15)]
    out += [(tiles, (), j == 9) for j in range(10)]
    return out


def run_stream_bench(scenes: int = 12, width: int = 1280, height: int = 720, seed: int = 940_000,
                     progress=None) -> dict:
    """Latency of :class:`vision.stream.StreamRecognizer` on scripted sequences (see
    :func:`stream_script`), and its readings against a cold ``recognize`` of the same frame
    at the end of each still stretch."""
    from dataclasses import replace as dc_replace

    from vision.stream import StreamRecognizer

    cv2.setNumThreads(1)
    cpu: list[float] = []
    modes: dict[str, list[float]] = {}
    s_stream, s_cold = Score(), Score()
    for i, n in enumerate(tile_counts(seed, scenes)):
        s = seed + i
        layout = scene_layout(s, width, height, n_tiles=n, hands=False)
        L = layout.tile_length_px
        sr = StreamRecognizer()
        for frame, (tiles, hands, scored) in enumerate(stream_script(layout, L)):
            img, labels = render_layout(dc_replace(layout, tiles=tiles, hands=hands), width, height,
                                        seed=s, frame=frame)
            c0 = time.process_time()
            an = sr.analyze(img)
            ms = (time.process_time() - c0) * 1000.0
            if frame > 0:  # the first frame of a stream is a cold read: counted in `bench vision`
                cpu.append(ms)
                modes.setdefault(sr.last_mode, []).append(ms)
            if scored:
                s_stream.add(score_frame(an.readings, labels, L, s))
                s_cold.add(score_frame(recognize(img), labels, L, s))
        if progress:
            progress(i + 1, scenes)
    pct = lambda v, q: round(float(np.percentile(v, q)), 2) if v else None  # noqa: E731
    res = {
        "scenes": scenes, "frames": len(cpu) + scenes, "size": f"{width}x{height}", "threads": 1,
        "cpu_ms": {"p50": pct(cpu, 50), "p95": pct(cpu, 95), "p99": pct(cpu, 99)},
        "modes": {k: {"frames": len(v), "p50": pct(v, 50), "p95": pct(v, 95)} for k, v in sorted(modes.items())},
        "stream": {"tiles": s_stream.tiles, "identity_accuracy": round(s_stream.identity_rate, 4),
                   "false_tiles": s_stream.false_tiles, "wrong_confident": s_stream.wrong_confident},
        "cold": {"tiles": s_cold.tiles, "identity_accuracy": round(s_cold.identity_rate, 4),
                 "false_tiles": s_cold.false_tiles, "wrong_confident": s_cold.wrong_confident},
    }
    lines = [
        f"tiengow bench vision --stream — {scenes} scripted sequences ({res['frames']} frames, 30 fps script) "
        f"{width}x{height}, seeds {seed}..{seed + scenes - 1}, one core",
        f"  CPU per frame (ms), first frame of each stream excluded: p50 {res['cpu_ms']['p50']}  "
        f"p95 {res['cpu_ms']['p95']}  p99 {res['cpu_ms']['p99']}",
    ]
    for k, d in res["modes"].items():
        lines.append(f"    {k:8s} {d['frames']:5d} frames  p50 {d['p50']}  p95 {d['p95']}")
    for k in ("stream", "cold"):
        d = res[k]
        lines.append(f"  {k:6s} readings at the end of each still phase: identity {d['identity_accuracy']:.2%} "
                     f"of {d['tiles']} tiles, false {d['false_tiles']}, wrong and confident {d['wrong_confident']}")
    res["text"] = "\n".join(lines)
    return res
