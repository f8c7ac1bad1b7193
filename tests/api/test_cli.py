"""The service's subcommands in the tiengow dispatcher."""

from __future__ import annotations

import pytest


def test_serve_and_bench_api_are_registered():
    from api.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["serve", "--port", "8123", "--db", "x.sqlite"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8123, "x.sqlite")
    assert args.func.__name__ == "serve"
    args = parser.parse_args(["bench", "api", "--clients", "5", "--seconds", "1"])
    assert (args.clients, args.rate, args.seconds) == (5, 20.0, 1.0) and args.func.__name__ == "bench_api"


def test_serve_help_exits_cleanly(capsys):
    from api.service_cli import main

    with pytest.raises(SystemExit) as exc:
        main(["serve", "--help"])
    assert exc.value.code == 0 and "--new-operator-token" in capsys.readouterr().out


def test_bench_api_runs_small(capsys):
    from api.bench import measure

    res = measure(clients=3, rate=20, seconds=1.0, warmup=0.3)
    assert res["messages_delivered"] == res["messages_expected"] > 0
    assert res["e2e_ms"]["p50"] > 0 and res["server_cpu_share_of_one_core"] is not None
