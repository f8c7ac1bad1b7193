"""The one console command, ``tiengow``, and its subcommands.

Each area of the project registers its own subcommands from a small module that imports
nothing heavy at module level (so ``tiengow rules judge`` starts fast):

* ``api.commands``          — rules judge, replay, simulate, serve, bench referee/api
* ``vision.cli``            — recognize, bench vision
* ``calibration.cli``       — calibrate …
* ``rfid.cli``              — rfid …, firmware …, bench rfid
* ``table.cli``             — table, demo

A module takes part by defining ``register(subparsers)`` and, for benchmarks,
``register_bench(bench_subparsers)``.  Modules that do not exist yet are skipped.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES = (
    "api.commands",
    "api.service_cli",
    "vision.cli",
    "calibration.cli",
    "rfid.cli",
    "table.cli",
)


class CommandError(Exception):
    """An error a command reports as one line on stderr, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tiengow",
        description="A referee for live games of Tien Gow (天九): camera, RFID, rules, side screen.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    bench = sub.add_parser("bench", help="measure speed and accuracy", description="Benchmarks.")
    bench_sub = bench.add_subparsers(dest="bench", metavar="WHAT")
    bench_sub.required = True
    for name in COMMAND_MODULES:
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
                continue
            raise
        if hasattr(mod, "register"):
            mod.register(sub)
        if hasattr(mod, "register_bench"):
            mod.register_bench(bench_sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        rc = args.func(args)
    except CommandError as exc:
        print(f"tiengow {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `tiengow demo | head`
        sys.stderr.close()
        return 0
    return int(rc or 0)


if __name__ == "__main__":  # pragma: no cover
    # Run as `python -m api.cli`: use the module the commands import, so that they raise
    # the same CommandError class this main() catches.
    from api.cli import main as _main

    sys.exit(_main())
