from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import yaml

from api.cli import build_parser, main
from rfid.cli import deploy_command, stop_firmware

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(90)


def tiengow(*args, **kw):
    return subprocess.run([sys.executable, "-m", "api.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=kw.pop("timeout", 60), **kw)


def test_commands_are_registered():
    p = build_parser()
    assert p.parse_args(["rfid", "monitor", "/dev/ttyACM0"]).func.__name__ == "cmd_monitor"
    assert p.parse_args(["rfid", "simulate"]).func.__name__ == "cmd_simulate"
    assert p.parse_args(["firmware", "deploy", "--port", "x"]).func.__name__ == "cmd_deploy"
    assert p.parse_args(["bench", "rfid"]).func.__name__ == "cmd_bench"


def test_deploy_dry_run_copies_main_last(capsys):
    assert main(["firmware", "deploy", "--port", "/dev/ttyACM9", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "mpremote connect /dev/ttyACM9" in out and out.rstrip().endswith("reset")
    cmd = deploy_command("/dev/ttyACM9")
    assert cmd.index(next(c for c in cmd if c.endswith("main.py"))) > cmd.index(
        next(c for c in cmd if c.endswith("tgproto.py")))
    assert not any(c.endswith("board_config.py") for c in deploy_command("p", no_config=True))


def test_bad_profile_is_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "profile.yaml"
    bad.write_text(yaml.safe_dump({"rfid": {"tags": {"04A1B2C3": "9-9"}}}))
    assert main(["rfid", "monitor", "/dev/null", "--profile", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "04A1B2C3" in err and "9-9" in err


def test_simulate_then_monitor(tmp_path):
    prof = tmp_path / "profile.yaml"
    prof.write_text(yaml.safe_dump({"rfid": {"tags": {"04A1B2C3": "6-6"}}}))
    sim = subprocess.Popen([sys.executable, "-m", "api.cli", "rfid", "simulate", "--readers", "8"], cwd=ROOT,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    try:
        box = []
        t = threading.Thread(target=lambda: box.append(sim.stdout.readline()), daemon=True)
        t.start()
        t.join(20)
        assert box and box[0].startswith("port "), box
        path = box[0].split()[1]
        sim.stdin.write("place 5 04A1B2C3\n")
        sim.stdin.flush()
        assert sim.stdout.readline().startswith("ok placed 5 04A1B2C3")
        mon = tiengow("rfid", "monitor", path, "--profile", str(prof), "--duration", "1.5")
        assert mon.returncode == 0, mon.stderr
        assert "seat1.play  ok    1:6-6" in mon.stdout, mon.stdout
        assert "reader  5 seat1.play:1 ok    6-6 04A1B2C3" in mon.stdout
        # the deploy pre-step against the real firmware loop: C_STOP ends main()
        assert stop_firmware(path) is True
        sim.wait(10)
    finally:
        if sim.poll() is None:
            sim.kill()
            sim.wait(5)
        sim.stdin.close()
        sim.stdout.close()


def test_bench_runs_and_reports_both_figures():
    r = tiengow("bench", "rfid", "--trials", "3", "--frames", "3000", "--readers", "8", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["latency"]["trials"] == 3 and data["latency"]["timed_out"] == 0
    assert data["latency"]["place_p50_ms"] > 0 and data["latency"]["place_p95_ms"] >= data["latency"]["place_p50_ms"]
    assert data["parser"]["parser_frames"] == 3000
