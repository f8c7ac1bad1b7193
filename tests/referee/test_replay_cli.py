"""`tiengow simulate`, `replay check`, `replay show`, `replay export --public` as subprocesses, and corrupted
replays that `replay check` must reject naming the right line and reason."""

from __future__ import annotations

import hashlib
import json

import pytest

from referee.plays import classify, follow
from referee.rules import rules_for

from ._support import tiengow

PROFILES = [("pagat", 5), ("tenkyu-short", 3), ("decktet", 2), ("navpil-historical", 1)]


@pytest.fixture(scope="module")
def sims(tmp_path_factory):
    d = tmp_path_factory.mktemp("replays")
    out = {}
    for profile, seed in PROFILES:
        f = d / f"{profile}.jsonl"
        p = tiengow("simulate", "--games", "1", "--rules", profile, "--seed", str(seed), "--out", str(f))
        assert p.returncode == 0, p.stderr
        out[profile] = f
    return out


def _lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def _write(tmp_path, name, lines):
    f = tmp_path / name
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f


def _check_fails(f, line, *words):
    p = tiengow("replay", "check", str(f))
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert f"line {line}:" in p.stderr, p.stderr
    for w in words:
        assert w in p.stderr, (w, p.stderr)
    assert "Traceback" not in p.stderr
    return p.stderr


@pytest.mark.parametrize("profile", [p for p, _ in PROFILES])
def test_simulated_game_checks_ok(sims, profile):
    """A simulated whole game replays through the rules: `replay check` exits 0 and reports the game."""
    p = tiengow("replay", "check", str(sims[profile]))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("OK ") and "full replay" in p.stdout and f"rules {profile}" in p.stdout
    header = json.loads(_lines(sims[profile])[0])
    assert header["format"] == "tiengow-replay" and header["rules"] == profile and header["variant"] == "full"
    events = [json.loads(x) for x in _lines(sims[profile])[1:]]
    assert events[-1]["type"] == "game_ended"
    start = rules_for(profile).starting_points * rules_for(profile).players
    assert sum(events[-1]["scores"]) == start


def test_same_seed_same_game(sims, tmp_path):
    """--seed makes the simulation reproducible: the same seed writes the same replay."""
    f = tmp_path / "again.jsonl"
    p = tiengow("simulate", "--games", "1", "--rules", "pagat", "--seed", "5", "--out", str(f))
    assert p.returncode == 0
    assert f.read_text() == sims["pagat"].read_text()


def test_full_replay_commitments_verify(sims):
    """Every sealed face-down play's commitment is sha256(salt + ':' + '+'.join(tiles))."""
    n = 0
    for line in _lines(sims["pagat"])[1:]:
        ev = json.loads(line)
        if ev["type"] == "play" and ev["face"] == "down" and ev.get("tiles"):
            want = hashlib.sha256(f"{ev['salt']}:{'+'.join(ev['tiles'])}".encode()).hexdigest()
            assert ev["commitment"] == want
            n += 1
    assert n > 10


def test_replay_show(sims):
    """`replay show` prints tags and one line per trick, with the hand results."""
    p = tiengow("replay", "show", str(sims["pagat"]))
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert '[Rules "pagat"]' in out and '[Variant "full"]' in out
    assert "Hand 1: banker" in out and "Game over" in out
    assert "  1. " in out and " -> " in out and "= seat " in out
    assert "#[" in out  # sealed identities shown in the full variant


def test_export_public_hides_sealed_identities(sims, tmp_path):
    """`replay export F --public OUT`: face-down plays have tiles null and no salt, commitments kept; the public
    file itself checks OK and shows '#' for discards."""
    out = tmp_path / "pub.jsonl"
    p = tiengow("replay", "export", str(sims["pagat"]), "--public", str(out))
    assert p.returncode == 0, p.stderr
    full = [json.loads(x) for x in _lines(sims["pagat"])[1:]]
    pub_lines = _lines(out)
    header = json.loads(pub_lines[0])
    assert header["variant"] == "public"
    pub = [json.loads(x) for x in pub_lines[1:]]
    assert len(pub) == len(full)
    downs = 0
    for a, b in zip(full, pub, strict=True):
        assert a["seq"] == b["seq"] and a["type"] == b["type"]
        if b["type"] == "play" and b["face"] == "down":
            downs += 1
            assert b["tiles"] is None and "salt" not in b
            assert b["commitment"] == a["commitment"]
        elif b["type"] == "play":
            assert b["tiles"] == a["tiles"]
    assert downs > 10
    assert '"salt"' not in out.read_text()
    p = tiengow("replay", "check", str(out))
    assert p.returncode == 0 and "public replay" in p.stdout, p.stderr
    p = tiengow("replay", "show", str(out))
    assert p.returncode == 0 and "#[" not in p.stdout and ":#" in p.stdout


def test_unsealed_simulation_checks(tmp_path):
    """--unsealed: face-down plays unidentified (camera only) — tiles null in the full file too, still valid."""
    f = tmp_path / "u.jsonl"
    p = tiengow("simulate", "--games", "1", "--rules", "pagat", "--seed", "9", "--unsealed", "--out", str(f))
    assert p.returncode == 0, p.stderr
    downs = [json.loads(x) for x in _lines(f)[1:] if '"face": "down"' in x]
    assert downs and all(d["tiles"] is None for d in downs)
    assert tiengow("replay", "check", str(f)).returncode == 0


# -- corruptions ----------------------------------------------------------------------------

def _find(lines, pred):
    for i, raw in enumerate(lines):
        if i == 0:
            continue
        ev = json.loads(raw)
        if pred(ev):
            return i, ev
    raise AssertionError("no such line")


def test_bad_json_line_is_named(sims, tmp_path):
    """A line that is not JSON: exit 1, 'line N: not valid JSON'."""
    lines = _lines(sims["pagat"])
    lines[9] = lines[9][: len(lines[9]) // 2]
    _check_fails(_write(tmp_path, "bad.jsonl", lines), 10, "not valid JSON")


def test_face_up_play_that_does_not_beat_is_named(sims, tmp_path):
    """A face-down discard turned face up where it does not beat the lead (seed 000: "if a player's tile(s) do
    not beat the current high tile ... they must be played face down"): exit 1, that line, 'does not beat'."""
    lines = _lines(sims["pagat"])
    rules = rules_for("pagat")
    lead_of = {}
    target = None
    for i, raw in enumerate(lines[1:], start=1):
        ev = json.loads(raw)
        if ev["type"] != "play":
            continue
        key = (ev["hand"], ev["trick"])
        if key not in lead_of:
            lead_of[key] = classify(ev["tiles"], rules)
        elif ev["face"] == "down" and ev["trick"] < 7 and follow(lead_of[key], ev["tiles"], rules) is None:
            target = i
            break
    assert target is not None
    ev = json.loads(lines[target])
    ev["face"] = "up"
    ev.pop("salt")
    ev.pop("commitment")
    lines[target] = json.dumps(ev)
    err = _check_fails(_write(tmp_path, "nobeat.jsonl", lines), target + 1, "does not beat")
    assert f"seat {ev['seat']}" in err


def test_missing_line_is_named(sims, tmp_path):
    """A line deleted from the middle: exit 1, the line where the gap shows, 'missing or out of order'."""
    lines = _lines(sims["pagat"])
    i, _ = _find(lines, lambda e: e["type"] == "play" and e["seq"] > 20)
    del lines[i]
    _check_fails(_write(tmp_path, "gap.jsonl", lines), i + 1, "missing or out of order")


def test_changed_payment_is_named(sims, tmp_path):
    """A hand's settlement changed by one chip: exit 1, that line, the field and both values."""
    lines = _lines(sims["pagat"])
    i, ev = _find(lines, lambda e: e["type"] == "hand_ended")
    want = list(ev["payments"])
    ev["payments"][0] += 1
    ev["payments"][1] -= 1
    lines[i] = json.dumps(ev)
    err = _check_fails(_write(tmp_path, "pay.jsonl", lines), i + 1, "payments")
    assert json.dumps(want) in err


def test_changed_immediate_payment_is_named(sims, tmp_path):
    """A Gee Joon / quartet payment changed: exit 1, that line."""
    lines = _lines(sims["pagat"])
    try:
        i, ev = _find(lines, lambda e: e["type"] == "payment")
    except AssertionError:
        pytest.skip("no immediate payment in this simulated game")
    ev["payments"] = [0, 0, 0, 0]
    lines[i] = json.dumps(ev)
    _check_fails(_write(tmp_path, "bonus.jsonl", lines), i + 1, "payments")


def test_changed_trick_winner_is_named(sims, tmp_path):
    """A trick credited to the wrong seat: exit 1, that line, 'winner'."""
    lines = _lines(sims["pagat"])
    i, ev = _find(lines, lambda e: e["type"] == "trick_won")
    ev["winner"] = (ev["winner"] + 1) % 4
    lines[i] = json.dumps(ev)
    _check_fails(_write(tmp_path, "win.jsonl", lines), i + 1, "winner")


def test_broken_commitment_is_named(sims, tmp_path):
    """A sealed discard whose commitment does not match its tiles: exit 1, that line, 'commitment'."""
    lines = _lines(sims["pagat"])
    i, ev = _find(lines, lambda e: e["type"] == "play" and e["face"] == "down" and e.get("tiles"))
    ev["commitment"] = "0" * 64
    lines[i] = json.dumps(ev)
    _check_fails(_write(tmp_path, "commit.jsonl", lines), i + 1, "commitment")


def test_truncated_file_is_reported(sims, tmp_path):
    """The file ends mid-trick: exit 1, the line after the end, what the rules expected next."""
    lines = _lines(sims["pagat"])
    i, _ = _find(lines, lambda e: e["type"] == "trick_won" and e["seq"] > 30)
    lines = lines[:i]
    _check_fails(_write(tmp_path, "cut.jsonl", lines), i + 1, "file ends", "trick_won")


@pytest.mark.parametrize("change,words", [
    ({"format": "chess-pgn"}, "tiengow-replay"),
    ({"version": 99}, "version"),
    ({"variant": "secret"}, "variant"),
    ({"rules": "klondike"}, "klondike"),
])
def test_wrong_header_is_line_1(sims, tmp_path, change, words):
    """A wrong header (format, version, variant or rule profile): exit 1, 'line 1'."""
    lines = _lines(sims["pagat"])
    h = json.loads(lines[0])
    h.update(change)
    lines[0] = json.dumps(h)
    _check_fails(_write(tmp_path, "hdr.jsonl", lines), 1, words)


def test_unknown_event_type_is_named(sims, tmp_path):
    """An event of an unknown type: exit 1, that line."""
    lines = _lines(sims["pagat"])
    ev = json.loads(lines[5])
    ev["type"] = "teleport"
    lines[5] = json.dumps(ev)
    _check_fails(_write(tmp_path, "type.jsonl", lines), 6, "teleport")


def test_show_and_export_refuse_a_corrupted_file(sims, tmp_path):
    """`replay show` and `replay export` check first: a corrupted file is refused (non-zero exit, line named)."""
    lines = _lines(sims["pagat"])
    lines[9] = "{"
    f = _write(tmp_path, "bad.jsonl", lines)
    for args in (["replay", "show", str(f)], ["replay", "export", str(f), "--public", str(tmp_path / "o")]):
        p = tiengow(*args)
        assert p.returncode != 0 and "line 10" in p.stderr
    assert not (tmp_path / "o").exists()


def test_missing_file(tmp_path):
    """A replay that does not exist: exit 1 from check, with the path."""
    p = tiengow("replay", "check", str(tmp_path / "nope.jsonl"))
    assert p.returncode == 1 and "nope.jsonl" in p.stderr
