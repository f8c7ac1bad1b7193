"""Shared helpers for the seed tests: paths to the seeds, the judge, scripted hands."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from referee.game import Game
from referee.judge import answer
from referee.rules import rules_for

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
S000 = "000_81018c6b564607b8.txt"
S001 = "001_4111492a217b5ebd.txt"
S002 = "002_583c98ea6264d003.txt"
S003 = "003_6f0de0d8c6348e37.txt"
S004 = "004_7970fcaecd98a9a3.txt"


def seed_text(name: str) -> str | None:
    p = SEEDS / name
    return p.read_text(encoding="utf-8") if p.exists() else None


def assert_quoted(seed: str, quote: str) -> None:
    """The passage a test cites is really in the seed (skips when ../shared is absent)."""
    import pytest

    text = seed_text(seed)
    if text is None:
        pytest.skip("shared/seeds not available")
    norm = lambda s: re.sub(r"\s+", " ", s)  # noqa: E731
    assert norm(quote) in norm(text)


def judge(q: dict, profile: str = "pagat", **options) -> dict:
    """Ask the in-process judge one question under a profile with option overrides."""
    return answer(q, rules_for(profile, options))


def lead(tiles, profile="pagat", **options) -> dict:
    return judge({"ask": "lead", "tiles": list(tiles)}, profile, **options)


def beats(current, challenger, profile="pagat", **options) -> bool:
    res = judge({"ask": "beats", "current": list(current), "challenger": list(challenger)}, profile, **options)
    assert "beats" in res, res
    return res["beats"]


def settle(profile="pagat", *, banker=0, k=0, provisional=False, winner, tricks, last_trick=None,
           **options) -> list[int]:
    q = {"ask": "settle", "banker": banker, "banker_wins_in_a_row": k, "provisional_banker": provisional,
         "winner": winner, "tricks": list(tricks)}
    if last_trick is not None:
        q["last_trick"] = last_trick
    res = judge(q, profile, **options)
    assert "payments" in res, res
    assert sum(res["payments"]) == 0, res
    return res["payments"]


def bonus(kind, seat, profile="pagat", *, banker=0, k=0, provisional=False, **options) -> list[int]:
    res = judge({"ask": "bonus", "kind": kind, "seat": seat, "banker": banker, "banker_wins_in_a_row": k,
                 "provisional_banker": provisional}, profile, **options)
    assert "payments" in res, res
    assert sum(res["payments"]) == 0, res
    return res["payments"]


def trick(leader, plays, profile="pagat", *, before=None, last=False, **options) -> dict:
    """plays: list of (tiles, face) in seat order from the leader; tiles a 'a+b' string."""
    n = rules_for(profile, options).players
    q = {"ask": "trick", "leader": leader, "last": last,
         "plays": [{"seat": (leader + i) % n, "tiles": t.split("+") if isinstance(t, str) else list(t),
                    "face": f} for i, (t, f) in enumerate(plays)]}
    if before is not None:
        q["tricks_before"] = list(before)
    return judge(q, profile, **options)


# -- scripted games ---------------------------------------------------------------------

def new_game(profile="pagat", first_banker=0, **options) -> Game:
    return Game(rules_for(profile, options), first_banker=first_banker, salt_seed=7)


def play_trick(g: Game, entries) -> list[dict]:
    """Play one trick, in turn order from whoever is to play.

    Each entry is 'a+b' (face up), '#' / '#2' (face down, unidentified, count 1 / 2) or
    '#a+b' (face down, identified and sealed)."""
    events = []
    for e in entries:
        seat = g.state.hand.turn
        if e.startswith("#"):
            rest = e[1:]
            if rest == "" or rest.isdigit():
                events += g.play(seat, None, face="down", count=int(rest or 1))
            else:
                events += g.play(seat, rest.split("+"), face="down")
        else:
            events += g.play(seat, e.split("+"), face="up")
    return events


def sweep_hand(g: Game, leads=("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1")) -> list[dict]:
    """The player to lead leads eight singles and everyone else folds: he wins every trick."""
    events = []
    for t in leads:
        events += play_trick(g, [t, "#", "#", "#"])
    return events


def hand_won_by(g: Game, winner: int) -> list[dict]:
    """Finish a fresh hand so that ``winner`` takes the last trick.

    The leader wins six singles (6-6, 6-6, 1-1, 1-1, 4-4, 4-4); the last trick is a pair:
    the leader leads 2-2+2-2 and ``winner`` beats it with 3-3+3-3 (others fold).  Tricks:
    leader 6, winner 2, others 0.  If ``winner`` is the leader he simply sweeps."""
    h = g.state.hand
    assert h.trick == 0 and not h.plays
    leader = h.leader
    if winner == leader:
        return sweep_hand(g)
    events = []
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4"):
        events += play_trick(g, [t, "#", "#", "#"])
    entries = []
    for i in range(4):
        seat = (leader + i) % 4
        entries.append("2-2+2-2" if i == 0 else "3-3+3-3" if seat == winner else "#2")
    events += play_trick(g, entries)
    return events


def tiengow_cmd(module: bool = False) -> list[str]:
    """The ``tiengow`` console script of the venv, or ``python -m api.cli`` (module=True, or no script)."""
    exe = ROOT / ".venv" / "bin" / "tiengow"
    if exe.exists() and not module:
        return [str(exe)]
    return [sys.executable, "-m", "api.cli"]


def run_judge_cli(lines, *args, timeout=60, module=False):
    """Run ``tiengow rules judge`` once with many input lines; return (rc, answers, stderr)."""
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([*tiengow_cmd(module), "rules", "judge", *args], input=text,
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=timeout)
    answers = [json.loads(x) for x in p.stdout.splitlines() if x.strip()]
    return p.returncode, answers, p.stderr


def tiengow(*args, timeout=120, module=False):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([*tiengow_cmd(module), *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=timeout)
