"""`tiengow table` — the real runtime command — on a folder of frames, as from a camera."""

from __future__ import annotations

import random
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from referee.rules import rules_for
from table.demo import H, PhysicalTable, Timeline, W, make_script

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _render_first_trick(folder: Path, seed: int, fps: float) -> list:
    from vision.scene import render_layout

    script = make_script(rules_for("pagat"), 1, random.Random(seed))
    steps = []
    for st in script.steps:
        steps.append(st)
        if st.kind == "collect":
            break
    table, tl = PhysicalTable(), Timeline()
    t, i = 0.0, 0
    for st in steps:
        for dur, mutate, _mark in tl.segments(st, table):
            mutate()
            end = t + dur
            while t < end:
                img, _ = render_layout(table.layout(), W, H, seed=seed, frame=i)
                cv2.imwrite(str(folder / f"f{i:04d}.png"), img)
                i += 1
                t += 1 / fps
    return script, [s for s in steps if s.kind == "place"]


@pytest.mark.slow
def test_table_command_referees_frames_from_a_folder(tmp_path):
    frames = tmp_path / "frames"
    frames.mkdir()
    (frames / "f9999.png").write_bytes(b"not an image")  # a corrupt frame is skipped, named
    script, places = _render_first_trick(frames, seed=21, fps=6.0)
    db = tmp_path / "t.sqlite"
    cmd = [sys.executable, "-m", "api.cli", "table", "--camera", str(frames), "--fps", "6", "--db", str(db),
           "--port", str(_free_port()), "--banker", str(script.first_banker), "--rules", "pagat"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "OPERATOR TOKEN" in out.stdout and "f9999.png" in out.stdout
    con = sqlite3.connect(db)
    rows = [r[0] for r in con.execute("select type from events order by seq")]
    con.close()
    assert rows.count("play") == 4 and rows.count("trick_won") == 1
