"""`tiengow rules judge` end to end, as a subprocess: many questions per process, malformed lines answered
with {"error": ...} while the rest go on, --rules and --option, and exit 2 for bad profiles/options."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from ._support import ROOT, run_judge_cli

CATS = {"single", "civil_pair", "military_pair", "mixed_pair", "supreme_pair", "civil_supreme_pair", "triple",
        "quad"}

ERR = object()  # marker: the answer must be exactly {"error": <non-empty text>}


def _lt(leader, led, won_with, won_by):
    return {"leader": leader, "led": led, "won_with": won_with, "won_by": won_by}


# (line, expected answer or ERR, substrings the error must contain)
PAGAT_SESSION = [
    ({"ask": "lead", "tiles": ["6-6"]}, {"valid": True, "category": "single"}, ()),
    ({"ask": "lead", "tiles": ["4-2", "2-1"]}, {"valid": True, "category": "supreme_pair"}, ()),
    ({"ask": "lead", "tiles": ["1-1", "1-1", "6-2", "5-3"]}, {"valid": True, "category": "quad"}, ()),
    ("this is not json", ERR, ("JSON",)),
    ({"ask": "lead", "tiles": ["6-6", "6-6", "6-3"]}, {"valid": True, "category": "triple"}, ()),
    ({"ask": "teleport"}, ERR, ("teleport",)),
    ({"ask": "beats", "current": ["3-1", "4-1"], "challenger": ["4-4", "5-2"]}, {"beats": True}, ()),
    ({"ask": "beats", "current": ["4-4", "5-2"], "challenger": ["5-5", "5-5"]}, {"beats": False}, ()),
    ({"ask": "lead"}, ERR, ("tiles",)),
    ({"ask": "beats", "current": ["6-6"]}, ERR, ("challenger",)),
    ({"ask": "lead", "tiles": ["7-7"]}, ERR, ("7-7",)),
    ({"ask": "lead", "tiles": "6-6"}, ERR, ("tiles",)),
    ({"ask": "lead", "tiles": [6, 6]}, ERR, ()),
    ([1, 2, 3], ERR, ("object",)),
    ("null", ERR, ()),
    ({"ask": "beats", "current": ["1-1", "1-1", "6-2"], "challenger": ["6-6", "6-6", "6-3"]}, {"beats": True}, ()),
    ({"ask": "beats", "current": ["6-2", "5-3", "1-1"], "challenger": ["6-6", "6-6", "6-3"]}, {"beats": False}, ()),
    ({"ask": "lead", "tiles": ["6-6", "6-6", "1-1", "1-1"]}, "invalid", ("6-6+6-6+1-1+1-1",)),
    ({"ask": "trick", "leader": 0, "plays": [
        {"seat": 0, "tiles": ["4-4"], "face": "up"}, {"seat": 1, "tiles": ["6-4"], "face": "down"},
        {"seat": 2, "tiles": ["6-6"], "face": "up"}, {"seat": 3, "tiles": ["1-1"], "face": "down"}]},
     {"winner": 2, "tricks_credited": 1}, ()),
    ({"ask": "trick", "leader": 0, "plays": [
        {"seat": 0, "tiles": ["4-4"], "face": "up"}, {"seat": 1, "tiles": ["6-4"], "face": "up"},
        {"seat": 2, "tiles": ["6-6"], "face": "up"}, {"seat": 3, "tiles": ["1-1"], "face": "down"}]},
     ERR, ("seat 1", "6-4", "4-4")),
    ({"ask": "trick", "leader": 2, "last": True, "tricks_before": [0, 1, 6, 0], "plays": [
        {"seat": 2, "tiles": ["2-1"], "face": "up"}, {"seat": 3, "tiles": ["4-2"], "face": "up"},
        {"seat": 0, "tiles": ["6-6"], "face": "down"}, {"seat": 1, "tiles": ["6-5"], "face": "down"}]},
     ERR, ("seat 3", "early death")),
    ({"ask": "trick", "leader": 0, "plays": [
        {"seat": 0, "tiles": ["6-6", "6-6"], "face": "up"}, {"seat": 1, "tiles": ["1-1"], "face": "down"},
        {"seat": 2, "tiles": ["2-2", "3-3"], "face": "down"}, {"seat": 3, "tiles": ["5-5", "6-5"], "face": "down"}]},
     ERR, ("seat 1",)),
    ({"ask": "trick", "leader": 0, "plays": [
        {"seat": 1, "tiles": ["6-6"], "face": "up"}, {"seat": 2, "tiles": ["1-1"], "face": "down"},
        {"seat": 3, "tiles": ["2-2"], "face": "down"}, {"seat": 0, "tiles": ["5-5"], "face": "down"}]},
     ERR, ("seat 1", "seat 0")),
    ({"ask": "trick", "leader": 0, "plays": []}, ERR, ("4",)),
    ({"ask": "trick", "leader": 9, "plays": []}, ERR, ("9",)),
    ({"ask": "trick", "leader": 0, "last": "yes", "plays": []}, ERR, ("last",)),
    ({"ask": "settle", "banker": 0, "banker_wins_in_a_row": 0, "provisional_banker": False, "winner": 1,
      "tricks": [1, 3, 4, 0]}, {"payments": [-6, 11, 0, -5]}, ()),
    ({"ask": "settle", "banker": 3, "banker_wins_in_a_row": 0, "provisional_banker": False, "winner": 1,
      "tricks": [1, 5, 2, 0], "last_trick": _lt(1, ["2-1"], ["2-1"], 1)}, {"payments": [-6, 30, -4, -20]}, ()),
    ({"ask": "settle", "banker": 0, "winner": 1}, ERR, ("tricks",)),
    ({"ask": "settle", "banker": 0, "winner": 1, "tricks": [1, 3, 4]}, ERR, ("tricks",)),
    ({"ask": "settle", "banker": "0", "winner": 1, "tricks": [1, 3, 4, 0]}, ERR, ("banker",)),
    ({"ask": "settle", "banker": 0, "winner": 1, "tricks": [1, 3, 4, -1]}, ERR, ("tricks",)),
    ({"ask": "settle", "banker": 0, "winner": 1, "tricks": [1, 3, 4, 0], "provisional_banker": "no"},
     ERR, ("provisional_banker",)),
    ({"ask": "settle", "banker": 0, "winner": 1, "tricks": [1, 3, 4, 0], "last_trick": "2-1"},
     ERR, ("last_trick",)),
    ({"ask": "bonus", "kind": "gee_joon_led", "seat": 2, "banker": 0, "banker_wins_in_a_row": 0,
      "provisional_banker": False}, {"payments": [-4, -2, 8, -2]}, ()),
    ({"ask": "bonus", "kind": "quad_won", "seat": 0, "banker": 0}, {"payments": [24, -8, -8, -8]}, ()),
    ({"ask": "bonus", "kind": "jackpot", "seat": 0, "banker": 0}, ERR, ("kind",)),
    ({"ask": "declare", "seat": 1, "banker": 0, "tiles": ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"]},
     {"valid": False, "kind": None, "payments": [0, 0, 0, 0]}, ()),
    ({"ask": "declare", "seat": 1, "banker": 0, "tiles": ["2-1", "5-5"]}, ERR, ("tiles",)),
    ('{"ask": "lead", "tiles": ["6-6"]', ERR, ("JSON",)),
    ({"ask": "lead", "tiles": ["6-6", "5-4"]}, {"valid": True, "category": "mixed_pair"}, ()),
    ({"ask": "trick", "leader": 1, "plays": [
        {"seat": 1, "tiles": ["6-6", "6-6"], "face": "up"}, {"seat": 2, "tiles": None, "count": 2, "face": "down"},
        {"seat": 3, "tiles": None, "count": 2, "face": "down"}, {"seat": 0, "tiles": None, "count": 1, "face": "down"}]},
     ERR, ("seat 0",)),
    ({"ask": "trick", "leader": 1, "plays": [
        {"seat": 1, "tiles": ["6-6", "6-6"], "face": "up"}, {"seat": 2, "tiles": None, "count": 2, "face": "down"},
        {"seat": 3, "tiles": None, "count": 2, "face": "down"}, {"seat": 0, "tiles": None, "count": 2, "face": "down"}]},
     {"winner": 1, "tricks_credited": 2}, ()),
    ({"ask": "lead", "tiles": ["1-2"]}, {"valid": True, "category": "single"}, ()),
    ({"ask": "beats", "current": ["1-2"], "challenger": ["2-4"]}, {"beats": True}, ()),
]


def _check(session, answers):
    assert len(answers) == len(session), (len(answers), len(session))
    for (line, want, words), got in zip(session, answers, strict=True):
        if want is ERR:
            assert set(got) == {"error"} and got["error"], (line, got)
            for w in words:
                assert w in got["error"], (line, got, w)
        elif want == "invalid":
            assert got["valid"] is False and got["reason"], (line, got)
            for w in words:
                assert w in got["reason"], (line, got)
        else:
            assert got == want, (line, got)
        if "category" in got:
            assert got["category"] in CATS


def test_pagat_session_many_questions_and_malformed_lines():
    """One process answers every question in order, one line per question; malformed lines (bad JSON,
    unknown ask, missing fields, wrong types, unknown tiles like '7-7', a JSON array, null, truncated JSON)
    each get {"error": ...} and the following lines are still answered.  Answers follow seed 000."""
    rc, answers, err = run_judge_cli([q for q, _, _ in PAGAT_SESSION])
    assert rc == 0, err
    _check(PAGAT_SESSION, answers)


def test_answers_are_one_json_object_per_line():
    """The contract: one answer per line on stdout, each a JSON object; nothing on stderr for bad lines."""
    rc, answers, err = run_judge_cli(["{", {"ask": "lead", "tiles": ["6-6"]}, "}"])
    assert rc == 0 and err == ""
    assert [list(a) for a in answers] == [["error"], ["valid", "category"], ["error"]]


TENKYU_SESSION = [
    ({"ask": "lead", "tiles": ["5-1", "5-1"]}, {"valid": True, "category": "civil_supreme_pair"}, ()),
    ({"ask": "beats", "current": ["5-1", "5-1"], "challenger": ["6-6", "6-6"]}, {"beats": False}, ()),
    ({"ask": "beats", "current": ["5-1", "5-1"], "challenger": ["6-1", "6-1"]}, {"beats": True}, ()),
    ("[", ERR, ()),
    ({"ask": "declare", "seat": 1, "banker": 0, "banker_wins_in_a_row": 0, "provisional_banker": True,
      "tiles": ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1"]},
     {"valid": True, "kind": "eight_branch", "payments": [-20, 60, -20, -20]}, ()),
    ({"ask": "declare", "seat": 1, "banker": 0, "banker_wins_in_a_row": 0, "provisional_banker": True,
      "tiles": ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"]},
     {"valid": True, "kind": "seven_branch", "payments": [-10, 30, -10, -10]}, ()),
    ({"ask": "bonus", "kind": "copper_supreme_beaten", "seat": 3, "banker": 0, "banker_wins_in_a_row": 0,
      "provisional_banker": True}, {"payments": [-2, -2, -2, 6]}, ()),
    ({"ask": "settle", "banker": 0, "banker_wins_in_a_row": 0, "provisional_banker": True, "winner": 2,
      "tricks": [1, 3, 2, 2], "last_trick": _lt(1, ["5-1"], ["6-1"], 2)}, {"payments": [0, -24, 24, 0]}, ()),
    ({"ask": "settle", "banker": 0, "banker_wins_in_a_row": 2, "provisional_banker": False, "winner": 0,
      "tricks": [4, 1, 3, 0]}, {"payments": [27, -9, -3, -15]}, ()),
    ({"ask": "trick", "leader": 0, "last": True, "tricks_before": [7, 0, 0, 0], "plays": [
        {"seat": 0, "tiles": ["5-1"], "face": "up"}, {"seat": 1, "tiles": ["6-1"], "face": "up"},
        {"seat": 2, "tiles": ["6-6"], "face": "down"}, {"seat": 3, "tiles": ["6-5"], "face": "down"}]},
     {"winner": 1, "tricks_credited": 1}, ()),
    ({"ask": "lead", "tiles": ["6-6", "7-7"]}, ERR, ("7-7",)),
]


def test_tenkyu_profile_session():
    """--rules tenkyu: seed 004's supreme 銅錘六 pair, dealt hands, 包尊, 幺結反殺, dealer x3, lifted restriction."""
    rc, answers, err = run_judge_cli([q for q, _, _ in TENKYU_SESSION], "--rules", "tenkyu")
    assert rc == 0, err
    _check(TENKYU_SESSION, answers)


def test_option_overrides():
    """--option KEY=VALUE overrides a profile option: early_death=false lets a trickless player take the last
    single trick; banker_multiplier=hong_kong pays a second-time banker 4 per trick; one_red_dot=true makes
    the One Red Dot hand valid (seed 000)."""
    last = {"ask": "trick", "leader": 2, "last": True, "tricks_before": [0, 1, 6, 0], "plays": [
        {"seat": 2, "tiles": ["2-1"], "face": "up"}, {"seat": 3, "tiles": ["4-2"], "face": "up"},
        {"seat": 0, "tiles": ["6-6"], "face": "down"}, {"seat": 1, "tiles": ["6-5"], "face": "down"}]}
    hk = {"ask": "settle", "banker": 0, "banker_wins_in_a_row": 1, "provisional_banker": False, "winner": 0,
          "tricks": [4, 3, 1, 0]}
    red = {"ask": "declare", "seat": 2, "banker": 0, "banker_wins_in_a_row": 0, "provisional_banker": True,
           "tiles": ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"]}
    rc, plain, _ = run_judge_cli([last, hk, red])
    assert rc == 0
    assert "error" in plain[0] and plain[1] == {"payments": [18, -2, -6, -10]} and plain[2]["valid"] is False
    rc, over, err = run_judge_cli([last, hk, red], "--option", "early_death=false", "--option",
                                  "banker_multiplier=hong_kong", "--option", "one_red_dot=true")
    assert rc == 0, err
    assert over[0] == {"winner": 3, "tricks_credited": 1}
    assert over[1] == {"payments": [36, -4, -12, -20]}
    assert over[2] == {"valid": True, "kind": "one_red_dot", "payments": [-20, -10, 40, -10]}


@pytest.mark.parametrize("args,words", [
    (["--rules", "klondike"], ["klondike", "pagat", "tenkyu"]),
    (["--option", "no_such_option=1"], ["no_such_option"]),
    (["--option", "early_death=perhaps"], ["early_death", "perhaps"]),
    (["--option", "banker_multiplier=triple"], ["banker_multiplier", "triple"]),
    (["--option", "early_death"], ["KEY=VALUE"]),
    (["--rules", "tenkyu", "--option", "players=3"], ["4 players"]),
])
def test_bad_profile_or_option_exits_2_with_a_clear_message(args, words):
    """An unknown profile, unknown option, or bad value: exit status 2, one clear line on stderr, no answers."""
    rc, answers, err = run_judge_cli([{"ask": "lead", "tiles": ["6-6"]}], *args)
    assert rc == 2
    assert answers == []
    for w in words:
        assert w in err
    assert len(err.strip().splitlines()) == 1


def test_module_invocation_exits_2_for_unknown_profile():
    """`python -m api.cli rules judge --rules klondike` should behave like the tiengow script: exit 2 and one
    clear line on stderr."""
    rc, answers, err = run_judge_cli([{"ask": "lead", "tiles": ["6-6"]}], "--rules", "klondike", module=True)
    assert rc == 2 and "Traceback" not in err and "klondike" in err


def test_module_invocation_answers_questions():
    """`python -m api.cli rules judge` (the brief's subprocess form) answers like the script."""
    rc, answers, err = run_judge_cli([{"ask": "lead", "tiles": ["4-2", "2-1"]}, "nope"], module=True)
    assert rc == 0, err
    assert answers[0] == {"valid": True, "category": "supreme_pair"} and "error" in answers[1]


def test_installed_tiengow_script():
    """The console script in the venv gives the same answers (skipped if the venv has no script)."""
    exe = Path(ROOT) / ".venv" / "bin" / "tiengow"
    if not exe.exists():
        pytest.skip("no tiengow script in .venv")
    lines = "\n".join(json.dumps(q) for q in ({"ask": "lead", "tiles": ["6-6", "6-3"]}, {"ask": "x"})) + "\n"
    p = subprocess.run([str(exe), "rules", "judge", "--rules", "navpil-historical"], input=lines,
                       capture_output=True, text=True, cwd=ROOT, timeout=60,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.returncode == 0, p.stderr
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert out[0]["valid"] is False and "mixed" in out[0]["reason"]
    assert "error" in out[1]
