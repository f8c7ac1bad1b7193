"""``tiengow bench vision --photos DIR``: the labelled real photographs, as they are and as
a camera might have taken them instead.

Twelve photographs read right as they are prove little: the same tiles turned 30°, shot
darker, with a warm white balance or a cheaper JPEG must read right too.  Each photo in
``DIR/labels.json`` (the format of ``shared/photos/labels.json``: per image its path and its
tiles with ``pips``, ``face`` and ``center``) is read as it is and under each
:data:`VARIANTS` entry, and scored with :func:`vision.evaluate.score_frame` — the labels'
centres moved with the pixels.

>>> img = np.zeros((100, 200, 3), np.uint8)
>>> out, centres = apply_variant("rot90", img, [(10.0, 20.0)])
>>> out.shape[:2], [tuple(round(v) for v in c) for c in centres]
((200, 100), [(20, 190)])
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from vision.evaluate import Score, score_frame
from vision.recognizer import recognize


def _rotate(img: np.ndarray, pts: list, angle: float) -> tuple[np.ndarray, list]:
    h, w = img.shape[:2]
    if angle % 90 == 0:
        # exact quarter turns, counter-clockwise like cv2's positive angle: (x, y) -> (y, w - x)
        out, moved = img, list(pts)
        for _ in range(int(angle // 90) % 4):
            w_ = out.shape[1]
            out = np.rot90(out)
            moved = [(y, w_ - x) for x, y in moved]
        return out.copy(), moved
    M = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    c, s = abs(M[0, 0]), abs(M[0, 1])
    nw, nh = int(h * s + w * c), int(h * c + w * s)
    M[0, 2] += nw / 2 - w / 2
    M[1, 2] += nh / 2 - h / 2
    out = cv2.warpAffine(img, M, (nw, nh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out, [tuple(M @ np.array([x, y, 1.0])) for x, y in pts]


def _lut(img: np.ndarray, g: float) -> np.ndarray:
    return cv2.LUT(img, (np.linspace(0, 1, 256) ** g * 255).round().astype(np.uint8))


def _balance(img: np.ndarray, b: float, r: float) -> np.ndarray:
    return np.clip(img.astype(np.float32) * np.float32([b, 1.0, r]), 0, 255).astype(np.uint8)


def _jpeg(img: np.ndarray, q: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _scale(img: np.ndarray, pts: list, f: float) -> tuple[np.ndarray, list]:
    out = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
    return out, [(x * f, y * f) for x, y in pts]


def _pixels(f: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray, list], tuple[np.ndarray, list]]:
    """A variant that changes the pixels only: the points stay where they are."""
    return lambda img, pts: (f(img), list(pts))


# name → (what it does to the photo, photo and points → the variant and the points moved)
VARIANTS: dict[str, tuple[str, Callable[[np.ndarray, list], tuple[np.ndarray, list]]]] = {
    "as is": ("the photo as stored", _pixels(lambda i: i)),
    "rot30": ("turned 30° (the frame grown to hold it, its border repeated)", lambda i, p: _rotate(i, p, 30)),
    "rot90": ("turned 90°", lambda i, p: _rotate(i, p, 90)),
    "rot135": ("turned 135°", lambda i, p: _rotate(i, p, 135)),
    "half": ("half the size (INTER_AREA)", lambda i, p: _scale(i, p, 0.5)),
    "x1.6": ("1.6 times the size (INTER_CUBIC)", lambda i, p: _scale(i, p, 1.6)),
    "brighter": ("gamma 0.6", _pixels(lambda i: _lut(i, 0.6))),
    "darker": ("gamma 1.6", _pixels(lambda i: _lut(i, 1.6))),
    "noise": ("Gaussian noise, sigma 8 grey levels (fixed seed)", _pixels(
        lambda i: np.clip(i + np.random.default_rng(0).normal(0, 8, i.shape), 0, 255).astype(np.uint8))),
    "jpeg40": ("re-encoded as JPEG at quality 40", _pixels(lambda i: _jpeg(i, 40))),
    "blur": ("Gaussian blur, sigma 1.5 px", _pixels(lambda i: cv2.GaussianBlur(i, (0, 0), 1.5))),
    "bluish": ("white balance: blue x1.2, red x0.8", _pixels(lambda i: _balance(i, 1.2, 0.8))),
    "warm": ("white balance: blue x0.8, red x1.2 (tungsten light)", _pixels(lambda i: _balance(i, 0.8, 1.2))),
}


def apply_variant(name: str, img: np.ndarray, centres: list) -> tuple[np.ndarray, list]:
    """The photo ``img`` as variant ``name`` (a key of :data:`VARIANTS`), with the points
    ``centres`` (image pixels) moved with it."""
    if name not in VARIANTS:
        raise KeyError(f"no photo variant {name!r}; known: {', '.join(VARIANTS)}")
    return VARIANTS[name][1](img, centres)


def variant_labels(name: str, img: np.ndarray, tiles: list[dict]) -> tuple[np.ndarray, list[dict]]:
    """The photo as variant ``name`` and its labelled ``tiles`` (dicts with a ``center``, as
    in labels.json) with their centres moved with the pixels."""
    out, cs = apply_variant(name, img, [t["center"] for t in tiles])
    return out, [dict(t, center=list(c)) for t, c in zip(tiles, cs, strict=True)]


def _tile_len(labels: list, width: int, height: int) -> float:
    """The match radius's scale: the closest two labelled centres (tiles do not overlap, so
    that is between a tile's width and its length), else a fifth of the image."""
    cs = np.array([t["center"] for t in labels], np.float64).reshape(-1, 2)
    if len(cs) >= 2:
        d = np.linalg.norm(cs[:, None] - cs[None], axis=2) + np.eye(len(cs)) * 1e9
        return float(d.min())
    return 0.2 * max(width, height)


def run_photo_bench(photos: str | Path, variants: list[str] | None = None,
                    progress: Callable[[int, int], None] | None = None) -> dict:
    """Score every labelled photo under every variant; figures per variant and in all."""
    cv2.setNumThreads(1)
    root = Path(photos)
    spec = json.loads((root / "labels.json").read_text())
    names = variants or list(VARIANTS)
    per: dict[str, Score] = {}
    cpu: list[float] = []
    for k, name in enumerate(names, 1):
        sc = Score()
        for im in spec["images"]:
            img = cv2.imread(str(root / im["path"]), cv2.IMREAD_COLOR)
            if img is None:
                raise ValueError(f"{root / im['path']}: cannot decode as an image")
            out, labels = variant_labels(name, img, im["tiles"])
            c0 = time.process_time()
            readings = recognize(out)
            cpu.append((time.process_time() - c0) * 1000.0)
            sc.add(score_frame(readings, labels, _tile_len(im["tiles"], im["width"], im["height"]),
                               f"{name}:{im['path']}"))
        per[name] = sc
        if progress:
            progress(k, len(names))
    total = Score()
    for sc in per.values():
        total.add(sc)
    rows = {n: {"tiles": s.tiles, "right": s.identity_ok, "uncertain": s.uncertain, "missed": s.missed,
                "wrong_confident": s.wrong_confident, "false_tiles": s.false_tiles} for n, s in per.items()}
    lines = [f"tiengow bench vision --photos — {len(spec['images'])} labelled photos in {root}, "
             f"{len(names)} variants, one core",
             f"  {'variant':10s} {'right':>9s} {'uncertain':>9s} {'missed':>6s} {'wrong':>5s} {'false':>5s}  what"]
    for n, r in rows.items():
        lines.append(f"  {n:10s} {r['right']:>4d} / {r['tiles']:<3d} {r['uncertain']:>9d} {r['missed']:>6d} "
                     f"{r['wrong_confident']:>5d} {r['false_tiles']:>5d}  {VARIANTS[n][0]}")
    lines.append(f"  {'all':10s} {total.identity_ok:>4d} / {total.tiles:<3d} {total.uncertain:>9d} "
                 f"{total.missed:>6d} {total.wrong_confident:>5d} {total.false_tiles:>5d}  "
                 f"identity {total.identity_rate:.1%}")
    lines.append(f"  CPU per photo p50 {np.percentile(cpu, 50):.1f} ms, p95 {np.percentile(cpu, 95):.1f} ms")
    wrong = [e for e in total.errors if e[1] in ("wrong", "false")]
    if wrong:
        lines.append("  wrong and confident, or false:")
        lines.extend(f"    {e}" for e in wrong)
    return {"photos": len(spec["images"]), "variants": rows, "tiles": total.tiles,
            "identity_accuracy": round(total.identity_rate, 4), "wrong_confident": total.wrong_confident,
            "false_tiles": total.false_tiles, "uncertain": total.uncertain, "missed": total.missed,
            "cpu_ms": {"p50": round(float(np.percentile(cpu, 50)), 2),
                       "p95": round(float(np.percentile(cpu, 95)), 2)},
            "text": "\n".join(lines)}
