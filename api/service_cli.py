"""``tiengow serve`` and ``tiengow bench api`` (light imports: the heavy ones are in handlers)."""

from __future__ import annotations

import argparse
import sys

__all__ = ["register", "register_bench", "main"]


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "serve", help="run the referee service (side screen, console, REST, WebSocket)",
        description="Run the referee service with uvicorn. At first start an operator token is generated "
                    "and printed once; only its hash is stored in the database.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="tiengow.sqlite", metavar="FILE", help="SQLite event store (default tiengow.sqlite)")
    p.add_argument("--new-operator-token", action="store_true",
                   help="replace the operator token with a new one and print it once")
    p.add_argument("--auth-fail-limit", type=int, default=10, metavar="N",
                   help="failed authentications per client before it is refused for a while (default 10)")
    p.add_argument("--auth-fail-window", type=float, default=60.0, metavar="SECONDS",
                   help="the window those failures are counted in, and the lock-out (default 60)")
    p.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    p.set_defaults(func=serve)


def register_bench(bench_subparsers) -> None:
    p = bench_subparsers.add_parser(
        "api", help="WebSocket fan-out: delivery latency and server CPU",
        description="Start a real server, connect N WebSocket clients on loopback, submit plays at a steady "
                    "rate and report delivery latency (p50/p99) and the server's CPU share.")
    p.add_argument("--clients", type=int, default=100)
    p.add_argument("--rate", type=float, default=20.0, help="events per second (default 20)")
    p.add_argument("--seconds", type=float, default=15.0, help="measuring time (default 15)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=bench_api)


def serve(args) -> int:
    import uvicorn

    from .app import create_app
    from .service import TableService

    svc = TableService.open(args.db, auth_fail_limit=args.auth_fail_limit, auth_fail_window=args.auth_fail_window)
    token = svc.new_operator_token
    if args.new_operator_token and token is None:
        token = svc.reset_operator_token()
    if token:
        print(f"OPERATOR TOKEN (shown once; only its hash is stored in {args.db}): {token}", flush=True)
    else:
        print(f"operator token: already set (stored hashed in {args.db}); "
              "use --new-operator-token to replace it", flush=True)
    print(f"side screen: http://{args.host}:{args.port}/screen   console: http://{args.host}:{args.port}/console"
          f"   API docs: http://{args.host}:{args.port}/docs", flush=True)
    app = create_app(service=svc)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_ping_interval=20,
                ws_ping_timeout=20)
    return 0


def bench_api(args) -> int:
    from .bench import run_bench

    return run_bench(args)


def main(argv: list[str] | None = None) -> int:
    """``python -m api.service_cli serve ...`` (the same commands without the other modules)."""
    parser = argparse.ArgumentParser(prog="tiengow")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    bench = sub.add_parser("bench")
    bsub = bench.add_subparsers(dest="bench", required=True)
    register_bench(bsub)
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
