"""``tiengow recognize`` and ``tiengow bench vision``.

Module-level imports stay light: OpenCV and numpy are imported inside the handlers.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "recognize",
        help="read the tiles in photographs",
        description="Find every tile in each image: face, pips per half, name, confidence.",
    )
    p.add_argument("--style", choices=("auto", "chinese", "western"), default="auto")
    p.add_argument("--calibration", metavar="FILE", help="calibration profile (YAML); its 'tiles' part is used")
    p.add_argument("--annotate", metavar="DIR", help="write each image with outlines, names and confidences")
    p.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.set_defaults(func=_recognize)


def register_bench(bench_subparsers) -> None:
    p = bench_subparsers.add_parser(
        "vision",
        help="recognizer accuracy and latency on generated scenes",
        description="Tile-identity and face accuracy, false tiles, perfect frames and latency per frame "
        "(one core: cv2.setNumThreads(1)) on generated scenes with seeds the tests do not use.",
    )
    p.add_argument("--frames", type=int, default=200, metavar="N")
    p.add_argument("--size", default="1280x720", metavar="WxH")
    p.add_argument("--plot", metavar="FILE", help="PNG plot of latency against tile count")
    p.add_argument("--seed", type=int, default=910_000,
                   help="first scene seed (default 910000; 950000 with --generator scene3d)")
    p.add_argument("--generator", choices=("scene", "scene3d"), default="scene",
                   help="where the frames come from: vision.scene (default) or vision.scene3d, a second "
                   "generator written independently of the recognizer (3D tiles, pinhole camera)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--stream", action="store_true",
                   help="instead: latency of the stream recognizer (only changed parts re-read) on scripted "
                   "sequences of a trick being played, and its readings against a cold read")
    p.add_argument("--scenes", type=int, default=12, metavar="N", help="with --stream: sequences (default 12)")
    p.add_argument("--photos", metavar="DIR",
                   help="instead: the labelled photos in DIR (DIR/labels.json, as in shared/photos) read as they "
                   "are and turned, scaled, brighter, darker, noisier, re-compressed, blurred, colour-cast")
    p.set_defaults(func=_bench)


def _load_params(args):
    from vision.params import ProfileError, TileSetParams, load_params

    if not args.calibration:
        return TileSetParams()
    from api.cli import CommandError

    try:
        return load_params(args.calibration)
    except ProfileError as exc:
        raise CommandError(str(exc)) from exc


def _recognize(args: argparse.Namespace) -> int:
    import time

    import cv2
    import numpy as np

    from vision.recognizer import draw_readings, recognize

    params = _load_params(args)
    style = args.style
    annotate = Path(args.annotate) if args.annotate else None
    if annotate:
        annotate.mkdir(parents=True, exist_ok=True)
    out = []
    failures = 0
    for path in args.images:
        entry: dict = {"path": path}
        try:
            data = np.fromfile(path, dtype=np.uint8)
            img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
        except OSError as exc:
            img = None
            entry["error"] = f"cannot read {path}: {exc.strerror or exc}"
        if img is None:
            entry.setdefault("error", f"cannot decode {path} as an image")
            failures += 1
            out.append(entry)
            if not args.json:
                print(f"{path}: error: {entry['error']}", file=sys.stderr)
            continue
        h, w = img.shape[:2]
        t0 = time.perf_counter()
        readings = recognize(img, params, style)
        ms = (time.perf_counter() - t0) * 1000.0
        entry.update(width=int(w), height=int(h), elapsed_ms=round(ms, 2), tiles=[r.to_json() for r in readings])
        out.append(entry)
        if annotate:
            dst = annotate / (Path(path).stem + ".annotated.png")
            cv2.imwrite(str(dst), draw_readings(img, readings))
        if not args.json:
            print(f"{path}  {w}x{h}  {len(readings)} tile(s)  {ms:.1f} ms")
            for i, r in enumerate(readings, 1):
                what = "occluded" if r.occluded else ("back" if r.face == "down" else (
                    r.name or (f"{r.pips[0]}-{r.pips[1]} (not Tien Gow)" if r.pips else "?")))
                flag = "  UNCERTAIN" if r.uncertain else ""
                print(f"  {i:2d}  {r.face:4s}  {what:22s} conf {r.confidence:.2f}  at "
                      f"({r.center[0]:.0f}, {r.center[1]:.0f}){flag}")
    if args.json:
        json.dump({"images": out}, sys.stdout)
        sys.stdout.write("\n")
    return 1 if failures else 0


def _bench(args: argparse.Namespace) -> int:
    from api.cli import CommandError
    from vision.bench import run_bench

    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError as exc:
        raise CommandError(f"--size must look like 1280x720, not {args.size!r}") from exc
    if args.frames < 1:
        raise CommandError("--frames must be at least 1")
    if args.generator != "scene" and (args.photos or args.stream):
        raise CommandError("--generator applies to the generated-frame bench, not to --photos or --stream")
    if args.photos:
        from vision.photobench import run_photo_bench

        if not (Path(args.photos) / "labels.json").is_file():
            raise CommandError(f"--photos {args.photos}: no labels.json there (see shared/photos/labels.json)")
        try:
            res = run_photo_bench(args.photos, progress=lambda i, n: print(
                f"  variant {i}/{n}", file=sys.stderr, flush=True))
        except (ValueError, KeyError) as exc:
            raise CommandError(f"--photos {args.photos}: {exc}") from exc
    elif args.stream:
        from vision.bench import run_stream_bench

        if args.scenes < 1:
            raise CommandError("--scenes must be at least 1")
        seed = args.seed if args.seed != 910_000 else 940_000
        res = run_stream_bench(scenes=args.scenes, width=w, height=h, seed=seed,
                               progress=lambda i, n: print(f"  sequence {i}/{n}", file=sys.stderr, flush=True))
    else:
        # scene3d's own seeds unless one is given (910000 is the default generator's)
        seed = 950_000 if args.generator == "scene3d" and args.seed == 910_000 else args.seed
        res = run_bench(frames=args.frames, width=w, height=h, seed=seed, plot=args.plot,
                        generator=args.generator)
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        print(res["text"])
    return 0
