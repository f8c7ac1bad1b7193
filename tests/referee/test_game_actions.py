"""Game-level operations of the event-sourced engine: undo, correct, void_hand, reveal, projections, banker
succession, game end for every profile, and the typed errors with specific messages."""

from __future__ import annotations

import hashlib

import pytest

from referee.game import (
    Game,
    GameOver,
    IllegalPlay,
    InvalidAction,
    OutOfTurn,
    RefereeError,
    WrongCount,
    commitment,
)
from referee.replay import ReplayError, dumps, loads
from referee.rules import PROFILES, rules_for
from referee.views import project_event, view

from ._support import hand_won_by, new_game, play_trick, sweep_hand


def _sha(salt, tiles):
    return hashlib.sha256(f"{salt}:{'+'.join(tiles)}".encode()).hexdigest()


# -- typed errors ---------------------------------------------------------------------------

def test_errors_are_typed_and_change_nothing():
    """Illegal commands raise a RefereeError subclass and emit no event."""
    g = new_game()
    n = len(g.events)
    cases = [
        (lambda: g.play(1, ["6-6"]), OutOfTurn, ["seat 0", "seat 1"]),
        (lambda: g.play(7, ["6-6"]), InvalidAction, ["7"]),
        (lambda: g.play(0, ["6-6"], face="sideways"), InvalidAction, ["sideways"]),
        (lambda: g.play(0, None), IllegalPlay, ["seat 0"]),
        (lambda: g.play(0, ["7-7"]), IllegalPlay, ["seat 0", "7-7"]),
        (lambda: g.play(0, ["6-6"], count=2), WrongCount, ["2"]),
        (lambda: g.play(0, ["6-6", "1-1"]), IllegalPlay, ["seat 0", "6-6+1-1"]),
        (lambda: g.undo(), InvalidAction, ["no play"]),
    ]
    for fn, kind, words in cases:
        with pytest.raises(kind) as exc:
            fn()
        assert isinstance(exc.value, RefereeError)
        for w in words:
            assert w in str(exc.value), (w, str(exc.value))
    assert len(g.events) == n


def test_leader_cannot_lead_more_tiles_than_he_holds():
    """Eight tiles each: after seven single tricks the leader has one tile left and cannot lead a pair."""
    g = new_game()
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"):
        play_trick(g, [t, "#", "#", "#"])
    with pytest.raises(WrongCount) as exc:
        g.play(0, ["2-2", "2-2"])
    assert "seat 0" in str(exc.value) and "1" in str(exc.value)


def test_a_third_heaven_is_refused_as_a_misread():
    """The set holds two of each civil tile and one of each military (seed 000): a third face-up 6-6 in one
    hand is refused, naming seat and tile."""
    g = new_game()
    play_trick(g, ["6-6", "#", "#", "#"])
    g.play(0, ["6-6"])
    play_trick(g, ["#", "#", "#"])
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["6-6"])
    assert "seat 0" in str(exc.value) and "6-6" in str(exc.value)


def test_sealed_discard_conflicting_with_a_face_up_tile():
    """A sealed face-down 4-2 and then a face-up 4-2 (there is one): refused, the operator must check."""
    g = new_game()
    g.play(0, ["6-3"])
    g.play(1, ["4-2"], face="down")
    g.play(2, ["6-2"], face="down")
    g.play(3, ["2-1"], face="down")
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["4-2"])
    assert "seat 0" in str(exc.value) and "4-2" in str(exc.value)


# -- undo -----------------------------------------------------------------------------------

def test_undo_a_simple_play():
    """undo takes back the last play: the turn returns to that seat; the event log keeps a play_undone."""
    g = new_game()
    g.play(0, ["4-4"])
    g.play(1, ["1-1"])
    ev = g.undo(reason="misread")
    assert [e["type"] for e in ev] == ["play_undone"] and ev[0]["seat"] == 1 and ev[0]["reason"] == "misread"
    h = g.state.hand
    assert h.turn == 1 and h.best_seat == 0 and len(h.plays) == 1
    g.play(1, ["6-4"], face="down")  # a different play now


def test_undo_the_play_that_completed_a_trick_and_its_payment():
    """Undoing the play that completed a Gee Joon trick removes the trick and reverts its immediate payment
    (seed 000 'Payments for Tricks'); the same seat is to play again."""
    g = new_game(first_banker=1)
    play_trick(g, ["2-2", "3-3", "5-5", "#"])  # seat 3 wins
    play_trick(g, ["4-2+2-1", "#2", "#2"])
    before = list(g.state.scores)
    ev = g.play(2, None, face="down", count=2)
    assert [e["type"] for e in ev] == ["play", "trick_won", "payment"]
    assert g.state.scores == [-2, -4, -2, 8] and g.state.hand.tricks == [0, 0, 0, 3]
    g.undo()
    h = g.state.hand
    assert g.state.scores == before == [0, 0, 0, 0]
    assert h.tricks == [0, 0, 0, 1] and h.trick == 1 and h.turn == 2 and len(h.plays) == 3
    ev = g.play(2, None, face="down", count=2)  # replayed: the payment comes again
    assert g.state.scores == [-2, -4, -2, 8]


def test_undo_back_across_tricks_to_the_start():
    """Repeated undo walks back across completed tricks to the first lead; then there is nothing to undo."""
    g = new_game(first_banker=1)
    play_trick(g, ["2-2", "3-3", "5-5", "#"])
    play_trick(g, ["6-6", "#", "#", "#"])
    for _ in range(8):
        g.undo()
    h = g.state.hand
    assert h.trick == 0 and h.tricks == [0, 0, 0, 0] and h.turn == 1 and not h.plays
    with pytest.raises(InvalidAction) as exc:
        g.undo()
    assert "no play" in str(exc.value)


def test_undo_does_not_reach_into_a_finished_hand():
    """undo works on the hand in progress: right after a hand ends there is nothing to undo."""
    g = new_game()
    hand_won_by(g, 2)
    with pytest.raises(InvalidAction):
        g.undo()
    assert g.state.hands_played == 1


# -- correct --------------------------------------------------------------------------------

def test_correct_a_misread_face_up_tile():
    """correct replaces a misread tile when the play stays legal and no trick changes hands."""
    g = new_game()
    play_trick(g, ["6-1", "6-4", "1-1", "#"])
    ev = g.correct(0, 1, ["6-5"], reason="camera misread")
    assert ev[0]["type"] == "tile_corrected" and ev[0]["tiles"] == ["6-5"]
    assert g.state.hand.completed[0]["plays"][1]["tiles"] == ["6-5"]
    assert g.state.hand.tricks == [0, 0, 1, 0]
    loads(dumps(g.events, g))  # the full replay still checks


def test_correct_a_sealed_discard_recommits():
    """A face-down tile corrected gets a new salt and commitment that verify."""
    g = new_game()
    play_trick(g, ["6-6", "#6-5", "#", "#"])
    ev = g.correct(0, 1, ["6-4"])[0]
    assert ev["face"] == "down" and ev["commitment"] == _sha(ev["salt"], ["6-4"])
    loads(dumps(g.events, g))


@pytest.mark.parametrize("tiles,kind,words", [
    (["5-1"], IllegalPlay, ["illegal", "5-1"]),          # no longer beats the 6-1 lead
    (["6-6"], IllegalPlay, ["illegal", "seat 2"]),       # then seat 2's 1-1 would not beat it
    (["6-5", "6-5"], WrongCount, ["1", "2"]),
])
def test_bad_corrections_are_refused(tiles, kind, words):
    """A correction must keep every play legal and the tile count; the message says why."""
    g = new_game()
    play_trick(g, ["6-1", "6-4", "1-1", "#"])
    n = len(g.events)
    with pytest.raises(kind) as exc:
        g.correct(0, 1, tiles)
    for w in words:
        assert w in str(exc.value)
    assert len(g.events) == n


def test_correction_that_changes_the_outcome_is_refused():
    """A correction that would change a trick's result or its payments must be done by undo and replay:
    correcting a led Gee Joon (immediate payment, seed 000) into a pair of Nines is refused."""
    g = new_game()
    play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    scores = list(g.state.scores)
    with pytest.raises(InvalidAction) as exc:
        g.correct(0, 0, ["6-3", "5-4"])
    assert "undo" in str(exc.value)
    assert g.state.scores == scores


def test_correction_of_a_play_that_does_not_exist():
    """correct names the seat and trick it could not find."""
    g = new_game()
    play_trick(g, ["6-1", "6-4", "1-1", "#"])
    with pytest.raises(InvalidAction) as exc:
        g.correct(3, 1, ["6-5"])
    assert "seat 1" in str(exc.value) and "trick 4" in str(exc.value)


# -- void -----------------------------------------------------------------------------------

def test_void_hand_reverts_payments_and_keeps_the_banker():
    """void_hand cancels the hand in progress: its immediate payments are reverted and the same banker deals
    again (same wins in a row, same provisional status)."""
    g = new_game("pagat-hk", first_banker=1)
    hand_won_by(g, 3)  # seat 3 becomes banker, k=1
    scores = list(g.state.scores)
    play_trick(g, ["6-6", "#", "#", "#"])
    play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    assert g.state.scores != scores
    ev = g.void_hand(reason="tiles dropped")
    assert [e["type"] for e in ev] == ["hand_voided", "hand_started"]
    assert ev[0]["payments_reverted"] == [4, 4, 4, -12]
    assert g.state.scores == scores
    h = g.state.hand
    assert (h.number, h.banker, h.wins_in_a_row, h.provisional, h.trick) == (3, 3, 1, False, 0)
    assert g.state.hands_played == 1
    loads(dumps(g.events, g))


def test_void_keeps_the_tenkyu_dealer_count():
    """A voided hand does not change the dealer (seed 004's dealer count)."""
    g = new_game("tenkyu", first_banker=0)
    g.void_hand()
    h = g.state.hand
    assert (h.banker, h.provisional, h.dealer) == (0, True, 1)


# -- reveal ---------------------------------------------------------------------------------

def _game_with_discard(policy):
    g = new_game("pagat", reveal_policy=policy)
    play_trick(g, ["6-6", "#6-5", "#", "#2-2"])
    return g


def test_reveal_never():
    """reveal_policy=never: sealed discards are never revealed, to anyone."""
    g = _game_with_discard("never")
    for aud in ("operator", "public"):
        with pytest.raises(InvalidAction) as exc:
            g.reveal(1, 0, 1, by="op", why="dispute", audience=aud)
        assert "never" in str(exc.value)


def test_reveal_on_dispute_and_commitment_verifies():
    """reveal_policy=on_dispute: the operator or the public, at any time, with a reason; the revealed tiles
    and salt verify against the play's commitment sha256(salt + ':' + '+'.join(tiles))."""
    g = _game_with_discard("on_dispute")
    play = [e for e in g.events if e["type"] == "play" and e["seat"] == 1][0]
    ev = g.reveal(1, 0, 1, by="op", why="player asked")[0]
    assert ev["tiles"] == ["6-5"] and ev["commitment"] == play["commitment"]
    assert _sha(ev["salt"], ev["tiles"]) == ev["commitment"] == commitment(ev["salt"], ["6-5"])
    assert project_event(ev, "public")["tiles"] is None  # an operator reveal stays private
    pub = g.reveal(1, 0, 1, by="op", why="dispute", audience="public")[0]
    assert project_event(pub, "public")["tiles"] == ["6-5"]
    with pytest.raises(InvalidAction) as exc:
        g.reveal(1, 0, 1, by="op", why="")
    assert "reason" in str(exc.value)
    loads(dumps(g.events, g))
    loads(dumps(g.events, g, "public"))


def test_reveal_operator_after_hand():
    """reveal_policy=operator_after_hand: only the operator, only once the hand is over."""
    g = _game_with_discard("operator_after_hand")
    with pytest.raises(InvalidAction) as exc:
        g.reveal(1, 0, 1, by="op", why="now")
    assert "operator_after_hand" in str(exc.value)
    sweep_hand(g, leads=("6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"))
    assert g.reveal(1, 0, 1, by="op", why="after")[0]["tiles"] == ["6-5"]
    with pytest.raises(InvalidAction):
        g.reveal(1, 0, 1, by="op", why="after", audience="public")


def test_reveal_of_nothing_to_reveal():
    """A face-up play, an unidentified (camera-only) discard, or a wrong audience cannot be revealed."""
    g = _game_with_discard("on_dispute")
    with pytest.raises(InvalidAction) as exc:
        g.reveal(1, 0, 0, by="op", why="x")
    assert "seat 0" in str(exc.value)
    with pytest.raises(InvalidAction) as exc:
        g.reveal(1, 0, 2, by="op", why="x")
    assert "never identified" in str(exc.value)
    with pytest.raises(InvalidAction):
        g.reveal(1, 0, 1, by="op", why="x", audience="everyone")


# -- projections ----------------------------------------------------------------------------

def test_sealed_discard_projections():
    """The public sees a sealed discard's count and commitment only; its seat sees the tiles; the operator
    sees tiles and salt."""
    g = new_game()
    g.play(0, ["6-6"])
    ev = g.play(1, ["6-5"], face="down")[0]
    pub = project_event(ev, "public")
    assert pub["tiles"] is None and "salt" not in pub and pub["count"] == 1 and pub["commitment"]
    own = project_event(ev, "seat1")
    assert own["tiles"] == ["6-5"] and "salt" not in own
    assert project_event(ev, "seat2")["tiles"] is None
    assert project_event(ev, "operator")["salt"] == ev["salt"]
    v = view(g.state, "public")
    assert v["hand"]["current"][1]["tiles"] is None
    assert view(g.state, "seat1")["hand"]["current"][1]["tiles"] == ["6-5"]


# -- succession and game end ----------------------------------------------------------------

def test_banker_succession_flags():
    """The winner of the last trick banks next (seed 000, 001, 004): wins in a row counts on while he keeps
    winning and restarts at 1 for a new banker; only the first banker is provisional."""
    g = new_game("pagat", first_banker=0)
    assert g.state.hand.provisional is True
    seq = []
    for w in (0, 0, 2, 2, 2, 1):
        hand_won_by(g, w)
        h = g.state.hand
        seq.append((h.banker, h.wins_in_a_row, h.provisional))
    assert seq == [(0, 1, False), (0, 2, False), (2, 1, False), (2, 2, False), (2, 3, False), (1, 1, False)]


def _finish_hand(g):
    if g.rules.deck == "decktet":
        names = ("Ace of Moons", "Crown of Moons", "Ace of Suns", "Crown of Suns", "Ace of Waves",
                 "Crown of Waves", "Ace of Leaves", "Crown of Leaves", "Ace of Knots")
        for c in names[: g.rules.hand_size]:
            play_trick(g, [c] + ["#"] * (g.rules.players - 1))
    else:
        hand_won_by(g, (g.state.hand.banker + 1) % 4)


@pytest.mark.parametrize("profile,hands", [
    ("pagat", 8), ("pagat-hk", 8), ("navpil", 8), ("navpil-historical", 8),
    ("tenkyu", 8), ("tenkyu-short", 4), ("decktet", 4), ("decktet-3", 4),
])
def test_game_end_for_each_profile(profile, hands):
    """Game length per profile: Tenkyu ends after the 8th (short match: 4th) dealer completes (seed 004); the
    other seeds do not say, and the profiles play game_hands hands (house choice: 8, the Decktet 4).
    Scores stay zero-sum around the starting points."""
    assert profile in PROFILES
    g = new_game(profile, first_banker=0)
    n = 0
    while g.state.status == "playing":
        _finish_hand(g)
        n += 1
        assert n <= 40
    assert n == hands
    r = rules_for(profile)
    assert sum(g.state.scores) == r.starting_points * r.players
    assert g.events[-1]["type"] == "game_ended" and g.events[-1]["by"] is None
    with pytest.raises(GameOver):
        g.play(g.state.hand.turn or 0, ["6-6"])


def test_operator_ends_the_game():
    """end_game records who ended it; afterwards every command raises GameOver."""
    g = new_game()
    g.play(0, ["6-6"])
    ev = g.end_game(by="operator", reason="closing time")[0]
    assert ev["type"] == "game_ended" and ev["by"] == "operator" and ev["reason"] == "closing time"
    for fn in (lambda: g.play(1, ["1-1"]), g.undo, g.void_hand, lambda: g.declare(1, ["6-6"] * 8),
               g.end_game):
        with pytest.raises(GameOver):
            fn()
    loads(dumps(g.events, g))


def test_game_needs_the_right_number_of_players():
    """Tien Gow with tiles is for 4 players; the Decktet variant for 3 has 3 seats."""
    with pytest.raises(InvalidAction) as exc:
        Game(rules_for("pagat"), ["a", "b", "c"])
    assert "4 players" in str(exc.value)
    with pytest.raises(InvalidAction):
        Game(rules_for("pagat"), first_banker=4)
    assert len(Game(rules_for("decktet-3")).players) == 3


# -- replay round trip of the operations ----------------------------------------------------

def test_full_replay_of_undo_correct_void_reveal_round_trips():
    """A game with undo, correct, void, reveal and a declared hand replays through the rules (full variant)."""
    g = new_game("pagat", one_red_dot=True)
    play_trick(g, ["6-1", "6-4", "1-1", "#5-5"])
    g.undo()
    g.play(3, ["5-5"], face="down")
    g.correct(0, 1, ["6-5"])
    g.reveal(1, 0, 3, by="op", why="check")
    g.void_hand()
    g.declare(2, ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"])
    r = loads(dumps(g.events, g))
    assert r.game.state.scores == g.state.scores
    assert [e["type"] for e in r.events] == [e["type"] for e in g.events]


def test_public_replay_with_a_corrected_sealed_discard():
    """`replay export --public` of a game where a sealed discard was corrected must itself check."""
    g = new_game()
    play_trick(g, ["6-6", "#6-5", "#", "#"])
    g.correct(0, 1, ["6-4"])
    text = dumps(g.events, g, "public")
    assert '"salt"' not in text
    try:
        loads(text)
    except ReplayError as exc:
        raise AssertionError(str(exc)) from None


def test_payment_event_names_the_trick_that_caused_it():
    """docs/replay.md: `payment` has `hand`, `trick` ...; a Gee Joon led to the first trick (trick 0) should
    give a payment event with trick 0, as its trick_won has."""
    g = new_game()
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    won = [e for e in ev if e["type"] == "trick_won"][0]
    pay = [e for e in ev if e["type"] == "payment"][0]
    assert pay["trick"] == won["trick"] == 0
