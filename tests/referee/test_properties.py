"""Rules invariants over many random games: zero-sum chips, tile conservation, replay
round-trips, and no leak of a sealed face-down identity to any public output."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.game import Game, commitment
from referee.replay import dumps, loads, to_notation
from referee.rules import PROFILES, rules_for
from referee.simulate import RandomPlayer, deal, simulate_game
from referee.tiles import FULL_SET, Tile
from referee.views import project_events, view

TILE_PROFILES = [p for p in PROFILES if not p.startswith("decktet")]
ALL_PROFILES = list(PROFILES)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(profile=st.sampled_from(ALL_PROFILES), seed=st.integers(0, 2**32 - 1))
def test_chips_are_zero_sum(profile, seed):
    g = simulate_game(profile, random.Random(seed))
    rules = g.rules
    for ev in g.events:
        if "payments" in ev:
            assert sum(ev["payments"]) == 0, ev
    assert sum(g.state.scores) == rules.starting_points * rules.players
    ends = [e for e in g.events if e["type"] == "hand_ended"]
    assert ends and ends[-1]["scores"] == g.state.scores or g.events[-1]["type"] == "game_ended"


@FAST
@given(profile=st.sampled_from(TILE_PROFILES), seed=st.integers(0, 2**32 - 1))
def test_every_tile_played_exactly_once_per_hand(profile, seed):
    g = simulate_game(profile, random.Random(seed), declare=False)
    per_hand: dict[int, Counter] = {}
    per_seat: dict[tuple[int, int], int] = Counter()
    for ev in g.events:
        if ev["type"] == "play":
            per_hand.setdefault(ev["hand"], Counter()).update(ev["tiles"])
            per_seat[(ev["hand"], ev["seat"])] += ev["count"]
    full = Counter(t.name for t in FULL_SET)
    assert per_hand, "no hand was played"
    for hand, seen in per_hand.items():
        assert seen == full, f"hand {hand}: {seen - full} extra, {full - seen} missing"
    assert set(per_seat.values()) == {8}
    # tricks credited per hand add up to eight (七支結 settles as 8 to one seat)
    for ev in g.events:
        if ev["type"] == "hand_ended":
            assert sum(ev["tricks"]) == 8


@FAST
@given(profile=st.sampled_from(ALL_PROFILES), seed=st.integers(0, 2**32 - 1), sealed=st.booleans())
def test_replay_round_trip(profile, seed, sealed):
    g = simulate_game(profile, random.Random(seed), sealed=sealed)
    for variant in ("full", "public"):
        text = dumps(g.events, g, variant)
        r = loads(text)
        assert r.game.state.scores == g.state.scores
        assert dumps(r.events, r.game, variant) == text
        assert to_notation(r.events, r.header) == to_notation(loads(text).events, r.header)
    full = loads(dumps(g.events, g, "full"))
    assert full.events == g.events


def _play_with_undos(profile: str, seed: int) -> Game:
    """A game in which the operator now and then undoes a play, corrects a misread face-up
    tile to itself, or voids a hand."""
    rng = random.Random(seed)
    rules = rules_for(profile)
    g = Game(rules, first_banker=rng.randrange(4), salt_seed=seed)
    player = RandomPlayer(rng)
    while g.state.status != "over":
        hands = deal(rules, rng)
        number = g.state.hand.number
        while g.state.status != "over" and g.state.hand.number == number and not g.state.hand.over:
            h = g.state.hand
            seat = h.turn
            if h.plays:
                tiles, face = player.follow(g, seat, hands[seat])
            else:
                tiles, face = player.lead(g, hands[seat]), "up"
            g.play(seat, tiles, face=face)
            for t in tiles:
                hands[seat].remove(t)
            r = rng.random()
            hs = g.state.hand
            if hs.number == number and not hs.over and r < 0.08:
                last = [e for e in hs.log if e["type"] == "play"][-1]
                g.undo(by="op", reason="test")
                for t in last["tiles"]:
                    hands[last["seat"]].append(Tile.parse(t))
            elif hs.number == number and not hs.over and r < 0.10 and hs.trick > 2:
                g.void_hand(by="op", reason="test")
                break
    return g


@settings(max_examples=25, deadline=None)
@given(profile=st.sampled_from(TILE_PROFILES), seed=st.integers(0, 2**31))
def test_undo_and_void_keep_the_books_and_replay(profile, seed):
    g = _play_with_undos(profile, seed)
    assert sum(g.state.scores) == g.rules.starting_points * 4
    kinds = {e["type"] for e in g.events}
    r = loads(dumps(g.events, g, "full"))
    assert r.game.state.scores == g.state.scores
    assert loads(dumps(g.events, g, "public")).game.state.scores == g.state.scores
    assert "play" in kinds


# -- secrets ---------------------------------------------------------------------------

_COMMIT = re.compile(r'"commitment": ("[0-9a-f]{64}"|null)')


def _public_outputs(g: Game) -> dict[str, str]:
    """Everything a spectator could read, serialized."""
    pub = project_events(g.events, "public")
    return {
        "events": json.dumps(pub, ensure_ascii=False),
        "replay": dumps(g.events, g, "public"),
        "notation": to_notation(pub),
        "view": json.dumps(view(g.state, "public"), ensure_ascii=False),
    }


def _camera_only_twin(g: Game) -> Game:
    """The same game with every face-down play unidentified (as with a camera only)."""
    first = g.events[0]
    twin = Game(g.rules, first["players"], table=first["table"], first_banker=first["first_banker"])
    for ev in g.events:
        if ev["type"] == "play":
            if ev["face"] == "down":
                twin.play(ev["seat"], None, face="down", count=ev["count"])
            else:
                twin.play(ev["seat"], ev["tiles"])
        elif ev["type"] == "hand_declared":
            twin.declare(ev["seat"], ev["tiles"])
    return twin


def _scrub(text: str) -> str:
    return _COMMIT.sub('"commitment": "C"', text)


def test_no_public_output_depends_on_sealed_identities():
    """Plant sealed identities in a thousand random games: every public output is identical
    to that of the same game played camera-only (up to the commitments), and no salt
    appears in any of it.  A leak of any identity, in any form, would make them differ."""
    games = 0
    sealed_plays = 0
    for i in range(1000):
        profile = TILE_PROFILES[i % len(TILE_PROFILES)]
        g = simulate_game(profile, random.Random(10_000 + i))
        twin = _camera_only_twin(g)
        salts = [e["salt"] for e in g.events if e["type"] == "play" and e["face"] == "down"]
        sealed_plays += len(salts)
        a, b = _public_outputs(g), _public_outputs(twin)
        for name in a:
            assert _scrub(a[name]) == _scrub(b[name]), f"game {i} ({profile}): public {name} leaks"
        blob = "\n".join(a.values())
        for s in salts:
            assert s not in blob
        games += 1
    assert games == 1000 and sealed_plays > 10_000


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_a_seat_sees_only_its_own_sealed_discards(seat):
    g = simulate_game("pagat", random.Random(99 + seat))
    mine = project_events(g.events, f"seat{seat}")
    for ev in mine:
        if ev["type"] == "play" and ev["face"] == "down":
            assert (ev["tiles"] is not None) == (ev["seat"] == seat)
            assert "salt" not in ev


def test_commitments_verify_and_bind():
    g = simulate_game("tenkyu", random.Random(5))
    downs = [e for e in g.events if e["type"] == "play" and e["face"] == "down"]
    assert downs
    for e in downs:
        assert e["commitment"] == commitment(e["salt"], e["tiles"])
        assert e["commitment"] != commitment(e["salt"], ["6-6"] * len(e["tiles"])) or e["tiles"] == ["6-6"]


def test_reveal_to_operator_stays_sealed_in_public():
    g = Game("pagat", salt_seed=4)
    g.play(0, ["6-6"])
    g.play(1, ["5-5"], face="down")
    g.play(2, ["3-3"], face="down")
    g.play(3, ["2-2"], face="down")
    g.reveal(1, 0, 1, by="operator", why="dispute over trick 1")
    pub = json.dumps(project_events(g.events, "public"))
    assert "5-5" not in pub and "3-3" not in pub and "2-2" not in pub
    assert '"discards_revealed"' in pub  # the public sees that a reveal happened
    g.reveal(1, 0, 2, by="operator", why="players asked", audience="public")
    pub = json.dumps(project_events(g.events, "public"))
    assert "3-3" in pub and "5-5" not in pub


def test_a_resumed_game_gets_fresh_salts():
    """After a restart (replay of the stored events) new sealed plays must not use salts an
    outsider could predict (a fixed seed would let anyone brute-force the commitment)."""
    from referee.replay import replay_events

    salts = []
    for _ in range(2):
        g = Game("pagat", salt_seed=1)
        g.play(0, ["6-6"])
        resumed = replay_events(g.events)
        ev = resumed.play(1, ["2-2"], face="down")[0]
        salts.append(ev["salt"])
    assert salts[0] != salts[1]
