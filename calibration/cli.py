"""``tiengow calibrate …``: printables, camera, table, zones, tiles, rfid, check.

Every step reads the profile (``--profile``, default ``calibration.yaml``), changes its own
section and writes the file atomically; a step that fails changes nothing.  Heavy imports
(cv2, numpy, pydantic) happen inside the handlers.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


def _err(msg: str):
    from api.cli import CommandError

    return CommandError(msg)


def _profile_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", default="calibration.yaml", metavar="FILE",
                   help="calibration profile to read and update (default: calibration.yaml)")


def _pair(text: str, what: str) -> tuple[float, float]:
    try:
        a, b = text.lower().replace("×", "x").split("x")
        return float(a), float(b)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}: write it like 900x900, not {text!r}") from None


def _load(path: str, must_exist: bool = False):
    from calibration.profile import ProfileError, load_or_new, load_profile

    try:
        return load_profile(path) if must_exist else load_or_new(path)
    except ProfileError as exc:
        raise _err(str(exc)) from None


def _save(profile, path: str) -> None:
    from calibration.profile import ProfileError, save_profile

    try:
        save_profile(profile, path)
    except ProfileError as exc:
        raise _err(str(exc)) from None
    print(f"saved {path}")


def _image_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_EXTS)
        elif p.exists():
            files.append(p)
        else:
            raise _err(f"{p}: no such file or folder")
    if not files:
        raise _err("no images given (files or folders of .png/.jpg)")
    return files


def _read(f: Path):
    import cv2

    img = cv2.imread(str(f), cv2.IMREAD_COLOR)
    if img is None:
        raise _err(f"{f}: not an image OpenCV can read")
    return img


def _images(paths: list[str]) -> list[tuple[str, object]]:
    return [(str(f), _read(f)) for f in _image_files(paths)]


def _write_image(path, img) -> None:
    import cv2

    ok = False
    try:
        ok = cv2.imwrite(str(path), img)
    except cv2.error:
        ok = False
    if not ok:
        raise _err(f"{path}: could not write the image (folder missing, or not .png/.jpg?)")
    print(f"wrote {path}")


def _grab(index: int, n: int = 1, every: float = 0.0, end_ok: bool = False):
    """Frames from camera ``index`` (with ``end_ok`` a camera that stops just ends the stream)."""
    import time

    import cv2

    cap = cv2.VideoCapture(index)
    if not cap.isOpened():
        raise _err(f"camera {index} could not be opened")
    try:
        for _ in range(n):
            ok, frame = cap.read()
            if not ok:
                if end_ok:
                    print(f"camera {index} stopped giving frames")
                    return
                raise _err(f"camera {index} gave no frame")
            yield frame
            if every:
                time.sleep(every)
    finally:
        cap.release()


def _one_image(args) -> tuple[str, object]:
    if getattr(args, "camera", None) is not None:
        frames = list(_grab(args.camera, 5))  # the last one, once exposure has settled
        return f"camera {args.camera}", frames[-1]
    if not args.image:
        raise _err("give an image file or --camera INDEX")
    return _images([args.image])[0]


# --- printables ---------------------------------------------------------------------------------


def cmd_board(args) -> int:
    from calibration.boards import board_sheet, write_printable

    spec = _board_spec(args, None)
    try:
        img, page = board_sheet(spec, args.dpi)
    except ValueError as exc:
        raise _err(str(exc)) from None
    png, pdf = write_printable(args.out, img, page, args.dpi)
    print(f"wrote {png} and {pdf}: {spec.squares_x}x{spec.squares_y} squares of {spec.square_mm:g} mm on "
          f"{page[0]:g} x {page[1]:g} mm paper; print at 100 % and check the 100 mm bar")
    return 0


def cmd_markers(args) -> int:
    from calibration.boards import markers_sheet, write_printable

    img, page = markers_sheet(marker_mm=args.marker_mm, dpi=args.dpi)
    png, pdf = write_printable(args.out, img, page, args.dpi)
    print(f"wrote {png} and {pdf}: table markers 0-3 (DICT_4X4_50), {args.marker_mm:g} mm, A4")
    return 0


def cmd_layout_sheet(args) -> int:
    from calibration.boards import LAYOUTS, layout_sheet, write_printable

    specs = LAYOUTS[args.paper]
    stem = Path(args.out)
    if stem.suffix.lower() in (".png", ".pdf"):
        stem = stem.with_suffix("")
    for k, spec in enumerate(specs):
        out = stem if len(specs) == 1 else stem.with_name(f"{stem.name}-{k + 1}")
        img, page = layout_sheet(dpi=args.dpi, spec=spec)
        png, pdf = write_printable(out, img, page, args.dpi)
        print(f"wrote {png} and {pdf}: {spec.title}, slots {spec.first_slot + 1}-{spec.first_slot + spec.n_slots}; "
              "print at 100 %")
    return 0


def _board_spec(args, profile):
    from pydantic import ValidationError

    from calibration.profile import BoardSpec

    base = profile.camera.board if profile is not None and profile.camera is not None else BoardSpec()
    upd = {}
    if args.squares:
        sx, sy = _pair(args.squares, "--squares")
        upd.update(squares_x=int(sx), squares_y=int(sy))
    if args.square_mm:
        upd["square_mm"] = args.square_mm
    if args.marker_mm:
        upd["marker_mm"] = args.marker_mm
    if args.dictionary:
        upd["dictionary"] = args.dictionary
    try:
        return BoardSpec.model_validate({**base.model_dump(), **upd})
    except ValidationError as exc:
        raise _err(f"board: {exc.errors()[0]['msg']}") from None


# --- camera -----------------------------------------------------------------------------------


def cmd_camera(args) -> int:
    from calibration.camera import CalibrationError, CameraCalibrator

    profile = _load(args.profile)
    spec = _board_spec(args, profile)
    cal = CameraCalibrator(spec)
    if args.camera is not None:
        print(f"camera {args.camera}: show the board in {args.views} different places and angles "
              "(corners of the image too, and tilted)")
        last_reason = ""
        for k, frame in enumerate(_grab(args.camera, args.views * 20, every=args.interval)):
            r = cal.add(frame, f"frame {k}", require_new=True)
            if r.accepted:
                print(f"  view {len(cal.views)}/{args.views}: {r.corners} corners. {cal.coverage()}")
            elif r.reason != last_reason:
                print(f"  ({r.reason})")
            last_reason = r.reason
            if len(cal.views) >= args.views:
                break
    else:
        for f in _image_files(args.inputs):  # read one at a time: folders may hold many views
            r = cal.add(_read(f), f.name)
            print(f"  {f.name}: " + (f"{r.corners} corners" if r.accepted else f"skipped - {r.reason}"))
        print(cal.coverage())
    try:
        sec = cal.solve(min_views=args.min_views)
    except CalibrationError as exc:
        raise _err(f"camera not calibrated, {args.profile} unchanged: {exc}") from None
    K = sec.matrix
    print(f"fx {K[0][0]:.1f}  fy {K[1][1]:.1f}  cx {K[0][2]:.1f}  cy {K[1][2]:.1f}  "
          f"dist {', '.join(f'{d:.4f}' for d in sec.dist[:5])}")
    print(f"reprojection error {sec.reprojection_error:.3f} px RMS over {sec.views} views")
    upd = {"camera": sec}
    if profile.table is not None:
        if tuple(profile.table.image_size) != tuple(sec.image_size):
            upd["table"] = None
            print(f"note: the table was calibrated at {profile.table.image_size[0]}x{profile.table.image_size[1]}; "
                  "its homography is dropped: re-run 'tiengow calibrate table'")
        else:
            print("note: the table was calibrated with the old intrinsics; re-run 'tiengow calibrate table'")
    _save(profile.model_copy(update=upd), args.profile)
    return 0


# --- table ------------------------------------------------------------------------------------


def _marker_positions(text: str | None):
    if not text:
        return None
    out = {}
    for part in text.split(";"):
        try:
            mid, xy = part.split(":")
            x, y = xy.split(",")
            out[int(mid)] = (float(x), float(y))
        except ValueError:
            raise _err(f"--markers: write positions like '0:50,50;1:850,50;2:850,850;3:50,850', not {part!r}") from None
    return out


def cmd_table(args) -> int:
    from calibration.geometry import TableGeometry
    from calibration.table import TableCalibrationError, calibrate_table
    from calibration.zones import default_zones

    profile = _load(args.profile)
    name, img = _one_image(args)
    size = _pair(args.table_mm, "--table-mm")
    try:
        sec = calibrate_table(img, profile.camera, size, args.marker_mm, _marker_positions(args.markers))
    except TableCalibrationError as exc:
        raise _err(f"{name}: table not calibrated, {args.profile} unchanged: {exc}") from None
    print(f"{name}: 4 markers found, turns as laid {sec.rotations}; corners fit to {sec.error_mm:.2f} mm RMS")
    upd = {"table": sec}
    if profile.zones is None or args.reset_zones:
        upd["zones"] = default_zones(sec.size_mm)
        print(f"zones: default layout for a {sec.size_mm[0]:g} x {sec.size_mm[1]:g} mm table")
    new = profile.model_copy(update=upd)
    geo = TableGeometry.from_profile(new)
    cov = geo.zone_coverage()
    low = {k: v for k, v in cov.items() if v < 0.999}
    if low:
        print("warning: zones partly out of view: " + ", ".join(f"{k} {v:.0%}" for k, v in low.items()))
    if args.annotated:
        _write_image(args.annotated, geo.draw(img))
    _save(new, args.profile)
    return 0


# --- zones ------------------------------------------------------------------------------------


def cmd_zones(args) -> int:
    import yaml

    from calibration.profile import ProfileError, parse_profile
    from calibration.zones import default_zones

    profile = _load(args.profile)
    zones = profile.zones
    changed = False
    if args.default:
        size = _pair(args.table_mm, "--table-mm") if args.table_mm else (
            profile.table.size_mm if profile.table else (900.0, 900.0))
        zones = default_zones(size)
        changed = True
    if args.from_file:
        try:
            data = yaml.safe_load(Path(args.from_file).read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise _err(f"{args.from_file}: {exc}") from None
        if isinstance(data, dict) and "zones" in data:
            data = data["zones"]
        try:
            zones = parse_profile({"version": 2, "zones": data}, args.from_file).zones
        except ProfileError as exc:
            raise _err(f"{exc}; {args.profile} unchanged") from None
        changed = True
    if zones is None:
        size = profile.table.size_mm if profile.table else (900.0, 900.0)
        zones = default_zones(size)
        changed = True
        print("no zones yet: using the default layout")
    for n, poly in zones.items():
        print(f"  {n:11s} " + " ".join(f"({x:g},{y:g})" for x, y in poly))
    if args.show or args.camera is not None:
        from calibration.geometry import TableGeometry

        if profile.table is None:
            raise _err("drawing zones needs the table calibrated first ('tiengow calibrate table')")
        args.image = args.show
        name, img = _one_image(args)
        geo = TableGeometry.from_profile(profile.model_copy(update={"zones": zones}))
        _write_image(args.out or "zones.png", geo.draw(img))
    if changed:
        _save(profile.model_copy(update={"zones": zones}), args.profile)
    return 0


# --- tiles ------------------------------------------------------------------------------------


def cmd_tiles(args) -> int:
    import numpy as np

    from calibration.tileset import TileLearnError, learn_tileset

    profile = _load(args.profile)
    if args.camera is not None:
        shots = [_one_image(args)]
    elif args.images:
        shots = _images(args.images)
    else:
        raise _err("give the photo(s) of the layout sheet, or --camera INDEX")
    name = ", ".join(n for n, _ in shots)
    imgs = [img for _, img in shots]
    K = dist = None
    if profile.camera is not None and all(tuple(profile.camera.image_size) == (i.shape[1], i.shape[0]) for i in imgs):
        K, dist = profile.camera.matrix, profile.camera.dist
    try:
        res = learn_tileset(imgs, K=K, dist=dist, back=args.back, cross_check=True)
    except TileLearnError as exc:
        raise _err(f"{name}: tile set not learned, {args.profile} unchanged: {exc}") from None
    n_ok = sum(s.ok for s in res.slots)
    print(f"{name}: read {n_ok} of 32 tiles in their places")
    for s in res.problems:
        print(f"  ! {s.describe()}")
    for note in res.notes:
        print(f"  {note}")
    p = res.params
    print(f"  body {p.body_bgr}  pip {p.pip_bgr}  red pip {p.red_pip_bgr} (B, G, R); colour margin {res.margin:.0f}")
    if res.problems and not args.accept_partial:
        raise _err(f"{len(res.problems)} tile(s) not read where expected (listed above); fix the layout and "
                   f"photograph again, or pass --accept-partial; {args.profile} unchanged")
    upd = {}
    if profile.table is not None and p.tile_mm:
        from calibration.geometry import TableGeometry

        geo = TableGeometry.from_profile(profile)
        c = np.array([[profile.table.size_mm[0] / 2, profile.table.size_mm[1] / 2]])
        L = p.tile_mm[1]
        ends = geo.table_to_image(np.vstack([c, c + [L, 0], c, c + [0, L]]))
        px = float((np.linalg.norm(ends[1] - ends[0]) + np.linalg.norm(ends[3] - ends[2])) / 2)
        upd["tile_length_px"] = round(px, 1)
        print(f"  tile length at the table centre: {px:.0f} px")
    params = p.model_copy(update=upd) if upd else p
    _save(profile.model_copy(update={"tiles": params}), args.profile)
    return 0


# --- rfid -------------------------------------------------------------------------------------


def cmd_rfid(args) -> int:
    from calibration.profile import ProfileError, parse_profile
    from calibration.rfid_enroll import Enrollment, board_uids, serial_uids, uids_from_lines

    profile = _load(args.profile)
    base = profile.rfid.mapping() if profile.rfid is not None and not args.restart else {}
    if args.seats:
        base["seats"] = args.seats
    if args.slots_per_seat:
        base["slots_per_seat"] = args.slots_per_seat
    try:
        en = Enrollment(base)
    except ValueError as exc:
        raise _err(f"rfid: {exc}") from None
    if args.board:
        try:
            import rfid.driver  # noqa: F401
        except ImportError as exc:
            raise _err(f"--board needs the rfid package's driver: {exc}") from None
        uids = board_uids(args.board)
        print(f"reading the tiengow RFID board on {args.board}: put one tile on any reader, or several on "
              "readers 0, 1, 2, ... in the order asked; Ctrl-C to stop")
    elif args.port:
        uids = serial_uids(args.port, args.baud)
        print(f"reading tags from {args.port}; type Ctrl-C to stop")
    elif args.uids:
        fh = sys.stdin if args.uids == "-" else open(args.uids, encoding="utf-8")  # noqa: SIM115
        uids = uids_from_lines(fh)
        if args.uids == "-":
            print("scan each tile (a USB reader types its UID), or type the UID and Enter; 'skip' skips a tile")
    else:
        raise _err("give --board PORT (the tiengow RFID board), --port PORT (a serial reader sending hex UIDs) "
                   "or --uids FILE ('-' for the keyboard / a USB reader)")
    try:
        en.run(uids)
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        close = getattr(uids, "close", None)
        if close:
            close()  # stops a board driver thread
    missing = en.missing()
    print(f"{len(en.tags)} tags enrolled" + (f"; no tag yet for: {', '.join(missing)}" if missing else "; full set"))
    try:
        rfid = parse_profile({"version": 2, "rfid": en.mapping()}, args.profile).rfid
    except (ProfileError, ValueError) as exc:
        raise _err(f"{exc}; {args.profile} unchanged") from None
    _save(profile.model_copy(update={"rfid": rfid}), args.profile)
    return 0


# --- check ------------------------------------------------------------------------------------


def cmd_check(args) -> int:
    from calibration.check import format_report, health

    profile = _load(args.profile, must_exist=True)
    img = None
    if args.image or args.camera is not None:
        _, img = _one_image(args)
    checks = health(profile, img)
    print(format_report(checks))
    if args.watch:
        if args.camera is None:
            raise _err("--watch needs --camera INDEX")
        return _watch(args, profile)
    return 1 if any(c.status == "fail" for c in checks) else 0


def _watch(args, profile) -> int:
    """Follow the table markers live: report status changes, bumps and lost markers; with
    --save-corrections store a corrected homography in the profile."""
    import time

    from calibration.geometry import GeometryError, MarkerWatcher

    try:
        watcher = MarkerWatcher.from_profile(profile)
    except GeometryError as exc:
        raise _err(str(exc)) from None
    print(f"watching camera {args.camera} for {args.watch:g} s (Ctrl-C to stop)")
    start = time.monotonic()
    last = None
    frames = 0
    try:
        for frame in _grab(args.camera, 10**9, every=args.interval, end_ok=True):
            frames += 1
            st = watcher.update(frame)
            key = (st.status, tuple(st.seen))
            if key != last or st.changed:
                print(f"  {time.monotonic() - start:6.1f} s  {st.status:7s} markers {st.seen}"
                      + (f"  {'; '.join(st.warnings)}" if st.warnings else ""))
                last = key
            if args.annotated and (frames == 1 or st.changed):
                _write_image(args.annotated, watcher.geometry.draw(frame))
            if time.monotonic() - start >= args.watch:
                break
    except KeyboardInterrupt:
        pass
    print(f"{frames} frames, {watcher.bumps} bump(s) corrected")
    if watcher.bumps and args.save_corrections:
        _save(profile.model_copy(update={"table": watcher.table_section()}), args.profile)
    return 0


# --- registration -------------------------------------------------------------------------------


def register(subparsers) -> None:
    cal = subparsers.add_parser(
        "calibrate", help="set up a camera, table, tile set and RFID tags",
        description="Calibration: print the board, markers and layout sheet; calibrate the camera, the table, "
                    "the zones, the tile set and the RFID tags into one profile; check its health.",
    )
    sub = cal.add_subparsers(dest="calibrate", metavar="STEP")
    sub.required = True

    def board_opts(p):
        p.add_argument("--squares", metavar="XxY", help="squares across x down (default 8x6)")
        p.add_argument("--square-mm", type=float, help="square side in mm (default 30)")
        p.add_argument("--marker-mm", type=float, help="marker side in mm (default 22)")
        p.add_argument("--dictionary", help="ArUco dictionary (default DICT_5X5_100)")

    p = sub.add_parser("board", help="write the printable ChArUco board (PNG and PDF)",
                       description="Write the ChArUco board for camera calibration as PNG and true-scale PDF.")
    board_opts(p)
    p.add_argument("--out", default="charuco_board", help="output path without extension (default charuco_board)")
    p.add_argument("--dpi", type=float, default=300.0)
    p.set_defaults(func=cmd_board)

    p = sub.add_parser("markers", help="write the four table markers (PNG and PDF)",
                       description="Write the sheet of four ArUco table markers (ids 0-3) as PNG and true-scale PDF.")
    p.add_argument("--marker-mm", type=float, default=60.0, help="marker side in mm (default 60)")
    p.add_argument("--out", default="table_markers", help="output path without extension")
    p.add_argument("--dpi", type=float, default=300.0)
    p.set_defaults(func=cmd_markers)

    p = sub.add_parser("layout-sheet", help="write the tile layout sheet (PNG and PDF, A3 or 2 x A4)",
                       description="Write the sheet with 32 labelled boxes for learning a tile set: one A3 page, "
                                   "or with --paper a4 two A4 pages of 16 (OUT-1, OUT-2).")
    p.add_argument("--paper", choices=("a3", "a4"), default="a3", help="a3 (default) or a4 (two sheets)")
    p.add_argument("--out", default="tile_layout", help="output path without extension")
    p.add_argument("--dpi", type=float, default=300.0)
    p.set_defaults(func=cmd_layout_sheet)

    p = sub.add_parser("camera", help="intrinsics and distortion from ChArUco views",
                       description="Calibrate the camera from images (or folders) of the ChArUco board, "
                                   "or live from --camera INDEX.")
    p.add_argument("inputs", nargs="*", help="images or folders of images of the board")
    p.add_argument("--camera", type=int, metavar="INDEX", help="capture live from this camera")
    p.add_argument("--views", type=int, default=15, help="views to collect live (default 15)")
    p.add_argument("--interval", type=float, default=0.3, help="seconds between live frames (default 0.3)")
    p.add_argument("--min-views", type=int, default=5, help="fewest good views to accept (default 5)")
    board_opts(p)
    _profile_arg(p)
    p.set_defaults(func=cmd_camera)

    p = sub.add_parser("table", help="table homography from the four corner markers",
                       description="Find the four table markers in an image (or a camera frame) and store the "
                                   "camera-to-table homography.")
    p.add_argument("image", nargs="?", help="an image of the table with all four markers")
    p.add_argument("--camera", type=int, metavar="INDEX")
    p.add_argument("--table-mm", default="900x900", help="play area width x depth in mm (default 900x900)")
    p.add_argument("--marker-mm", type=float, default=60.0, help="printed marker side (default 60)")
    p.add_argument("--markers", metavar="POS", help="marker centres, '0:x,y;1:x,y;2:x,y;3:x,y' in mm "
                                                     "(default: 50 mm in from each corner)")
    p.add_argument("--reset-zones", action="store_true", help="replace the zones with the default layout")
    p.add_argument("--annotated", metavar="PNG", help="also write the image with the zones drawn")
    _profile_arg(p)
    p.set_defaults(func=cmd_table)

    p = sub.add_parser("zones", help="show, reset or import the table zones",
                       description="Print the zones (table mm); --default resets them, --from imports a YAML "
                                   "mapping of zone name -> polygon; --show IMAGE draws them.")
    p.add_argument("--default", action="store_true", help="reset to the default layout for the table size")
    p.add_argument("--table-mm", help="table size for --default (default: the profile's table)")
    p.add_argument("--from", dest="from_file", metavar="YAML", help="read zones from this file")
    p.add_argument("--show", metavar="IMAGE", help="draw the zones on this image")
    p.add_argument("--camera", type=int, metavar="INDEX", help="draw the zones on a frame from this camera")
    p.add_argument("--out", metavar="PNG", help="where to write the drawing (default zones.png)")
    _profile_arg(p)
    p.set_defaults(func=cmd_zones)

    p = sub.add_parser("tiles", help="learn the tile set from a photo of the layout sheet",
                       description="Learn body and pip colours, tile size and style from one photo of the 32 "
                                   "tiles on the layout sheet (or photos of the two A4 sheets).")
    p.add_argument("images", nargs="*", metavar="PHOTO", help="photo(s) of the sheet(s) with the tiles on them")
    p.add_argument("--camera", type=int, metavar="INDEX")
    p.add_argument("--back", choices=("auto", "plain", "spots"), default="auto", help="the tiles' backs")
    p.add_argument("--accept-partial", action="store_true", help="save even if some tiles were not read")
    _profile_arg(p)
    p.set_defaults(func=cmd_tiles)

    p = sub.add_parser("rfid", help="enroll RFID tags: tag UID -> tile",
                       description="Place the tiles on a reader one by one, in layout-sheet order; each read tag "
                                   "is enrolled as the tile asked for.")
    p.add_argument("--board", metavar="PORT", help="serial port of the tiengow RFID board (rfid.driver)")
    p.add_argument("--port", help="serial port of a reader that sends ASCII hex UIDs")
    p.add_argument("--baud", type=int, default=9600)
    p.add_argument("--uids", metavar="FILE", help="read UIDs from a file, one per line ('-' = keyboard/USB reader)")
    p.add_argument("--seats", type=int, help="seats with readers (stored with the tags; default 4)")
    p.add_argument("--slots-per-seat", type=int, help="readers per seat (default 4)")
    p.add_argument("--restart", action="store_true", help="forget the tags enrolled before")
    _profile_arg(p)
    p.set_defaults(func=cmd_rfid)

    p = sub.add_parser("check", help="report the profile's health",
                       description="Report reprojection error, marker visibility (with an image or camera), "
                                   "colour separation margin, zone coverage and RFID tags.")
    p.add_argument("image", nargs="?", help="a current image of the table (optional)")
    p.add_argument("--camera", type=int, metavar="INDEX")
    p.add_argument("--watch", type=float, metavar="SECONDS", help="then follow the markers live for this long")
    p.add_argument("--interval", type=float, default=0.1, help="seconds between watched frames (default 0.1)")
    p.add_argument("--annotated", metavar="PNG", help="with --watch: write the zones view, again after a bump")
    p.add_argument("--save-corrections", action="store_true",
                   help="with --watch: store the corrected table geometry after a bump")
    _profile_arg(p)
    p.set_defaults(func=cmd_check)
