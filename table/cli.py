"""``tiengow demo`` and ``tiengow table``: the table runtime's commands."""

from __future__ import annotations


def register(sub) -> None:
    d = sub.add_parser(
        "demo", help="a simulated table refereed live from pixels (what `make run` starts)",
        description="A scripted game with random legal play is rendered frame by frame — hands reaching "
                    "in, tiles placed, some face down, tricks collected — and refereed through the same "
                    "vision → tracker → fusion → referee → service path as a real camera, with a "
                    "simulated RFID board on a pseudo-terminal. Side screen on http://127.0.0.1:8000 "
                    "unless --no-serve.")
    d.add_argument("--hands", type=int, default=None, help="hands to play (default: a whole game)")
    d.add_argument("--rules", default="pagat", help="rule profile (default pagat)")
    d.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    pace = d.add_mutually_exclusive_group()
    pace.add_argument("--speed", type=float, default=1.0, help="time factor (default 1 = real time)")
    pace.add_argument("--fast", action="store_true", help="as fast as it runs")
    rf = d.add_mutually_exclusive_group()
    rf.add_argument("--rfid", dest="rfid", action="store_true", default=True,
                    help="simulated RFID board (the default)")
    rf.add_argument("--no-rfid", dest="rfid", action="store_false", help="camera only")
    d.add_argument("--no-serve", dest="serve", action="store_false", help="no web server")
    d.add_argument("--host", default="127.0.0.1")
    d.add_argument("--port", type=int, default=8000)
    d.add_argument("--db", metavar="FILE", help="SQLite event store (default: a temporary file)")
    d.add_argument("--replay", metavar="FILE", help="write the full replay (JSON Lines)")
    d.add_argument("--summary", metavar="FILE", help="write the scripted-vs-refereed summary (JSON)")
    d.add_argument("--exit", dest="stay", action="store_false",
                   help="exit when the game is over instead of keeping the side screen up")
    d.set_defaults(func=cmd_demo)

    t = sub.add_parser(
        "table", help="referee a real table: camera (and RFID readers), side screen and console",
        description="The real thing: frames from a camera, video file, stream URL or folder, optional "
                    "RFID readers, the service with the side screen and console on http://HOST:PORT.")
    t.add_argument("--camera", required=True, metavar="SOURCE",
                   help="camera index, video file, rtsp/http URL, or a folder of images")
    t.add_argument("--rfid", action="append", metavar="PORT", default=[], help="an RFID board's serial port")
    t.add_argument("--calibration", metavar="FILE", help="calibration profile (zones, tile set, RFID tags)")
    t.add_argument("--fps", type=float, default=30.0, help="frame rate of a folder of images (default 30)")
    t.add_argument("--rules", default="pagat", help="rule profile (default pagat)")
    t.add_argument("--option", action="append", metavar="KEY=VALUE", help="override a rule option")
    t.add_argument("--players", default="East,South,West,North", help="comma-separated player names")
    t.add_argument("--banker", type=int, default=None, help="first banker's seat (default: by lot)")
    t.add_argument("--table-name", default="main", help="the table's name (the side screen shows 'main')")
    t.add_argument("--new-game", action="store_true",
                   help="end the table's unfinished game and start a new one (default: resume it)")
    t.add_argument("--db", default="tiengow.sqlite", metavar="FILE")
    t.add_argument("--host", default="127.0.0.1")
    t.add_argument("--port", type=int, default=8000)
    t.set_defaults(func=cmd_table)


def _say(msg: str) -> None:
    print(msg, flush=True)


def cmd_demo(args) -> int:
    import random
    import time

    from api.cli import CommandError
    from referee.rules import RulesError, rules_for

    from .demo import DemoOptions, run_demo

    try:
        rules_for(args.rules)
    except RulesError as exc:
        raise CommandError(str(exc)) from None
    if args.speed <= 0:
        raise CommandError("--speed must be positive")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    opt = DemoOptions(hands=args.hands, rules=args.rules, seed=seed, speed=args.speed, fast=args.fast,
                      rfid=args.rfid, serve=args.serve, host=args.host, port=args.port, db=args.db,
                      replay=args.replay, summary=args.summary, log=_say)
    try:
        summary = run_demo(opt)
    except OSError as exc:
        raise CommandError(f"the demo could not start: {exc}") from None
    lat = summary["latency_ms"]
    ok = sum(1 for h in summary["hands"] if h["refereed"] and all(
        h["refereed"][k] == h["scripted"][k] for k in ("tricks", "winner", "payments")))
    _say(f"refereed {ok}/{len(summary['hands'])} hands exactly as scripted; {summary['alerts']} alert(s); "
         f"placement → screen latency p50 {lat['p50']} ms, p95 {lat['p95']} ms (seed {seed})")
    server = summary.pop("_server", None)
    if server is not None and args.stay:
        _say(f"game over; the side screen stays up on http://{args.host}:{args.port}/ — Ctrl-C to stop")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
    if server is not None:
        server.should_exit = True
    return 0


def cmd_table(args) -> int:
    import os
    import time

    import cv2

    from api.cli import CommandError
    from api.service import ServiceError, TableService
    from vision.sources import open_source

    from .demo import _serve, regions
    from .runtime import RfidSource, Runtime

    params = None
    zone_polys = regions()
    registry = None
    watcher = None
    if args.calibration:
        from calibration.geometry import TableGeometry
        from calibration.profile import load_profile

        try:
            prof = load_profile(args.calibration)
        except Exception as exc:  # noqa: BLE001 - the profile loader names the field
            raise CommandError(str(exc)) from None
        if prof.table is not None:
            from calibration.geometry import MarkerWatcher

            zone_polys = {k: v.tolist() for k, v in TableGeometry.from_profile(prof).zone_polygons_image().items()}
            watcher = MarkerWatcher.from_profile(prof)
        params = getattr(prof, "tiles", None)
        if args.rfid and getattr(prof, "rfid", None) is not None:
            from rfid.registry import TagRegistry

            registry = TagRegistry.from_mapping(prof.rfid.mapping())
    opts = {}
    for item in args.option or []:
        k, _, v = item.partition("=")
        opts[k] = v
    svc = TableService.open(args.db)
    token = getattr(svc, "new_operator_token", None)
    if token:
        _say(f"OPERATOR TOKEN (shown once; only its hash is stored in {args.db}): {token}")
    gid = svc.current_game_id(args.table_name)
    if gid and svc.game(gid).state.status == "playing" and not args.new_game:
        _say(f"resuming game {gid} on table {args.table_name} (--new-game to start another)")
    else:
        try:
            gid, seat_tokens = svc.start_game(args.table_name, args.players.split(","), args.rules, opts,
                                              banker=args.banker, by="table", replace=args.new_game)
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        for s, tok in enumerate(seat_tokens):
            _say(f"seat {s} token: {tok}")
    _serve(svc, args.host, args.port)
    _say(f"side screen: http://{args.host}:{args.port}/   console: http://{args.host}:{args.port}/console")
    drivers = []
    for port in args.rfid:
        from rfid.driver import DriverThread, PicoDriver

        drivers.append(RfidSource(DriverThread(PicoDriver(port, registry)).start()))
    rt = Runtime(svc, args.table_name, gid, zone_polys, params=params, rfid=drivers)
    cv2.setNumThreads(1)
    try:
        spec = int(args.camera) if args.camera.isdigit() else args.camera
        kw = {"fps": args.fps} if isinstance(spec, str) and os.path.isdir(spec) else {}
        with open_source(spec, **kw) as src:
            for fr in src:
                if fr.status == "lost":
                    _say(f"camera lost: {fr.error}; retrying")
                    rt.camera_lost(time.monotonic())
                    continue
                if fr.image is None:
                    if fr.status == "error":
                        _say(f"skipped: {fr.error}")
                    continue
                if watcher is not None and rt.frames % 15 == 0:
                    rt.watch_markers(watcher, fr.image)
                rt.frame(fr.image, fr.t)
                if drivers:
                    rt.poll_rfid(fr.t)
                if rt.game.state.status != "playing":
                    _say("game over")
                    break
    except KeyboardInterrupt:
        pass
    finally:
        for d in drivers:
            d.close()
    return 0
