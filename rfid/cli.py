"""``tiengow rfid monitor|simulate|ports``, ``tiengow firmware deploy``, ``tiengow bench rfid``.

Module-level imports stay light: everything heavy is imported inside the handlers.
"""

from __future__ import annotations

import sys


def register(subparsers) -> None:
    rfid = subparsers.add_parser("rfid", help="RFID tile readers: monitor, simulate",
                                 description="The RFID board (Pico + MFRC522) and 125 kHz serial readers.")
    sub = rfid.add_subparsers(dest="rfid_command", metavar="ACTION")
    sub.required = True

    mon = sub.add_parser("monitor", help="show live slot state from a board (or 125 kHz readers)",
                         description="Connect to the board on PORT and print every change of slot state.")
    mon.add_argument("port", nargs="*", help="serial port of the board (default: the first Pico found); "
                     "with --em4100, one port per slot")
    mon.add_argument("--profile", help="calibration YAML profile (its 'rfid:' key) or a YAML tag registry")
    mon.add_argument("--debounce", type=int, default=2, help="scans a state must hold (default 2)")
    mon.add_argument("--em4100", action="store_true", help="the ports are 125 kHz RDM6300 / ID-12LA readers")
    mon.add_argument("--hold", type=float, default=1.0,
                     help="125 kHz: seconds without a read before a tag counts as gone (0: never)")
    mon.add_argument("--duration", type=float, default=0, help="stop after this many seconds (0: Ctrl-C)")
    mon.set_defaults(func=cmd_monitor)

    sim = sub.add_parser("simulate", help="run the simulated board on a pseudo-terminal",
                         description="Run the real firmware loop under CPython with simulated MFRC522 "
                         "readers; its USB serial is a pty whose path is printed first.  Then type "
                         "commands: place SLOT UID, remove SLOT, kill SLOT, revive SLOT, garbage N, "
                         "truncate, badcrc, drop N, unplug, replug, state, quit.")
    sim.add_argument("--readers", type=int, default=16, help="number of readers (default 16 = 4 seats x 4)")
    sim.add_argument("--link", help="path of the symlink to the pty (default: a temp dir)")
    sim.add_argument("--period-ms", type=int, default=10, help="minimum scan period (default 10 ms)")
    sim.set_defaults(func=cmd_simulate)

    ports = sub.add_parser("ports", help="list serial ports that look like the board")
    ports.add_argument("--all", action="store_true", help="list every serial port")
    ports.set_defaults(func=cmd_ports)

    fw = subparsers.add_parser("firmware", help="the RFID board's MicroPython firmware",
                               description="Copy the firmware onto a Pico running stock MicroPython.")
    fsub = fw.add_subparsers(dest="firmware_command", metavar="ACTION")
    fsub.required = True
    dep = fsub.add_parser("deploy", help="copy the firmware to the board with mpremote")
    dep.add_argument("--port", help="serial port of the Pico (default: the first one found)")
    dep.add_argument("--no-config", action="store_true", help="keep the board's board_config.py")
    dep.add_argument("--dry-run", action="store_true", help="print the mpremote command, run nothing")
    dep.set_defaults(func=cmd_deploy)


def register_bench(bench_subparsers) -> None:
    b = bench_subparsers.add_parser("rfid", help="RFID: tag-to-observation latency, parser frame rate",
                                    description="Latency from placing a tag on a simulated antenna to the "
                                    "host's ZoneObservation (p50/p95), and the frame rate of the parser.")
    b.add_argument("--trials", type=int, default=60, help="tag placements to time (default 60)")
    b.add_argument("--readers", type=int, default=16)
    b.add_argument("--period-ms", type=int, default=10, help="simulated board scan period (default 10)")
    b.add_argument("--debounce", type=int, default=2)
    b.add_argument("--frames", type=int, default=200_000, help="frames for the parser rate (default 200000)")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.set_defaults(func=cmd_bench)


# ---------------------------------------------------------------- helpers
def _error(msg: str):
    from api.cli import CommandError

    return CommandError(msg)


def load_registry(path: str | None):
    from rfid.registry import RegistryError, TagRegistry

    if not path:
        return TagRegistry()
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f) or {}
    except OSError as exc:
        raise _error(f"cannot read {path}: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise _error(f"{path} is not valid YAML: {exc}") from None
    if isinstance(data, dict) and "rfid" in data:
        data = data["rfid"]
    try:
        return TagRegistry.from_mapping(data)
    except RegistryError as exc:
        raise _error(f"{path}: {exc}") from None


def _first_port() -> str:
    from rfid.driver import find_ports

    ports = find_ports()
    if not ports:
        raise _error("no Pico found on USB; give the port, e.g. /dev/ttyACM0 (see: tiengow rfid ports --all)")
    return ports[0][0]


def format_zone(ob) -> str:
    tiles = " ".join(f"{t.slot}:{t.name or '??'}{'?' if t.uncertain and t.name else ''}" for t in ob.tiles)
    return f"{ob.zone:<11} {ob.status:<5} {tiles or '-'}"


# ---------------------------------------------------------------- handlers
def cmd_monitor(args) -> int:
    import asyncio
    import time

    registry = load_registry(args.profile)
    t0 = time.monotonic()

    def show_ob(ob):
        print(f"{ob.time - t0:8.3f}  {format_zone(ob)}", flush=True)

    def show_log(line):
        print(f"{time.monotonic() - t0:8.3f}  # {line}", flush=True)

    if args.em4100:
        from rfid.em4100 import Em4100Driver

        if not args.port:
            raise _error("--em4100 needs one serial port per slot")
        driver = Em4100Driver(args.port, registry, hold=args.hold or None, on_observation=show_ob,
                              on_log=show_log)
        where = ", ".join(args.port)
    else:
        from rfid.driver import PicoDriver

        if len(args.port) > 1:
            raise _error("one board per monitor; use --em4100 for one port per slot")
        port = args.port[0] if args.port else _first_port()
        driver = PicoDriver(port, registry, debounce=args.debounce, on_observation=show_ob, on_log=show_log)
        where = port
    print(f"monitoring {where} (Ctrl-C to stop)", flush=True)

    async def go():
        task = asyncio.ensure_future(driver.run())
        try:
            if args.duration:
                await asyncio.sleep(args.duration)
            else:
                await task
        finally:
            driver.stop()
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass

    try:
        asyncio.run(go())
    except KeyboardInterrupt:
        pass
    if not args.em4100:
        print("final state:")
        for s in driver.slots():
            print(f"  reader {s.index:2d} {s.zone}:{s.slot} {s.status:<5} {s.tile or ''} {s.uid or ''}")
    return 0


def cmd_simulate(args) -> int:
    from rfid.sim.board import run

    if not 1 <= args.readers <= 64:
        raise _error("--readers must be between 1 and 64")
    return run(args.readers, args.link, args.period_ms)


def cmd_ports(args) -> int:
    from rfid.driver import find_ports

    ports = find_ports(all_ports=args.all)
    for dev, desc in ports:
        print(f"{dev}\t{desc}")
    if not ports:
        print("no Pico found" if not args.all else "no serial ports", file=sys.stderr)
    return 0


def deploy_command(port: str, no_config: bool = False) -> list[str]:
    from rfid.protocol import FIRMWARE_DIR, FIRMWARE_FILES

    libs = [str(FIRMWARE_DIR / f) for f in FIRMWARE_FILES if f != "main.py"
            and not (no_config and f == "board_config.py")]
    # main.py goes last: a half-finished copy must not leave a main.py without its modules.
    return [sys.executable, "-m", "mpremote", "connect", port, "fs", "cp", *libs, ":", "+",
            "fs", "cp", str(FIRMWARE_DIR / "main.py"), ":", "+", "reset"]


def stop_firmware(port: str) -> bool:
    """If our firmware runs on the board, ask it to give the REPL back (C_STOP)."""
    import time

    import serial

    from rfid.protocol import P

    try:
        with serial.Serial(port, 115200, timeout=0.3) as s:
            s.reset_input_buffer()
            s.write(P.encode(0, P.C_HELLO))
            seen = P.FrameParser().feed(s.read(512))
            running = any(t == P.T_HELLO for _q, t, _p in seen)
            if running:
                s.write(P.encode(1, P.C_STOP, P.STOP_MAGIC))
                s.flush()
                time.sleep(0.3)
            return running
    except (serial.SerialException, OSError) as exc:
        raise _error(f"cannot open {port}: {exc}") from None


def cmd_deploy(args) -> int:
    import subprocess

    port = args.port or _first_port()
    cmd = deploy_command(port, args.no_config)
    if args.dry_run:
        print(" ".join(cmd))
        return 0
    if stop_firmware(port):
        print("stopped the running tiengow firmware")
    print(" ".join(cmd), flush=True)
    rc = subprocess.call(cmd)
    if rc != 0:
        raise _error(f"mpremote failed (exit {rc}); is the board running stock MicroPython?")
    print("deployed; the board restarts and runs main.py")
    return 0


def cmd_bench(args) -> int:
    from rfid.bench import run_bench

    return run_bench(args)
