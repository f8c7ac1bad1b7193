"""The game: an event-sourced state machine for a whole game of Tien Gow.

Commands (:meth:`Game.play`, :meth:`Game.declare`, :meth:`Game.undo`, ...) check the rules
and, if legal, emit events; the state is nothing but a fold over the events
(:class:`GameState.apply`).  Events are plain JSON-ready dicts with a ``type`` and a
``seq``; ``docs/events.md`` lists them.  An illegal command raises a
:class:`RefereeError` whose message a person understands, and changes nothing.

>>> from referee.rules import rules_for
>>> g = Game(rules_for('pagat'), ['Ann', 'Bo', 'Cy', 'Di'], first_banker=0, salt_seed=1)
>>> _ = g.play(0, ['4-4'])
>>> g.play(1, ['6-4'])
Traceback (most recent call last):
...
referee.game.IllegalPlay: seat 1's 6-4 does not beat the 4-4 on the table: a face-up play must beat it; play it face down
>>> _ = g.play(1, ['6-4'], face='down')
>>> _ = g.play(2, ['6-6'])
>>> [e['type'] for e in g.play(3, count=1, face='down')]
['play', 'trick_won']
>>> g.state.hand.tricks
[0, 0, 1, 0]
"""

from __future__ import annotations

import copy
import hashlib
import random
import secrets
from collections import Counter

from . import decktet as _decktet
from . import plays as _plays
from .plays import Combo, InvalidCombo
from .rules import Rules, rules_for
from .scoring import LastTrick, bonus_payments, dealt_hand_kind, declare_settlement, settle
from .scoring import _bonus_reason as bonus_reason
from .tiles import SET_COUNTS, Tile, TileError

__all__ = [
    "Game", "GameState", "HandState", "RefereeError", "IllegalPlay", "OutOfTurn", "WrongCount",
    "InvalidAction", "GameOver", "commitment", "EVENT_TYPES", "ACTION_TYPES",
]

FORMAT_VERSION = 1
ACTION_TYPES = ("play", "hand_declared", "play_undone", "tile_corrected", "hand_voided",
                "discards_revealed", "game_ended")
EVENT_TYPES = ("game_started", "hand_started", "play", "trick_won", "payment", "hand_declared",
               "hand_ended", "play_undone", "tile_corrected", "hand_voided", "discards_revealed",
               "game_ended")


class RefereeError(Exception):
    """An action the rules do not allow.  ``public_message`` is safe for any audience."""

    code = "illegal"

    def __init__(self, message: str, *, public_message: str | None = None):
        super().__init__(message)
        self.public_message = public_message or message


class IllegalPlay(RefereeError):
    code = "illegal_play"


class OutOfTurn(RefereeError):
    code = "out_of_turn"


class WrongCount(RefereeError):
    code = "wrong_count"


class InvalidAction(RefereeError):
    code = "invalid_action"


class GameOver(RefereeError):
    code = "game_over"


def commitment(salt: str, tiles) -> str:
    """SHA-256 commitment to sealed tiles: ``sha256(salt + ':' + 'a+b+…')`` in hex.

    >>> commitment('00', ['6-6'])[:16]
    '357f25f0660e2019'
    """
    names = "+".join(str(t) for t in tiles)
    return hashlib.sha256(f"{salt}:{names}".encode()).hexdigest()


class _TileDeck:
    parse = staticmethod(Tile.parse)
    error = TileError
    counts = SET_COUNTS
    classify = staticmethod(_plays.classify)
    follow = staticmethod(_plays.follow)


class _CardDeck:
    parse = staticmethod(_decktet.Card.parse)
    error = _decktet.CardError
    counts = _decktet.SET_COUNTS
    classify = staticmethod(_decktet.classify)
    follow = staticmethod(_decktet.follow)


def deck_of(rules: Rules):
    return _CardDeck if rules.deck == "decktet" else _TileDeck


def _names(items) -> str:
    return "+".join(str(x) for x in items)


_HAND_LOG_TYPES = frozenset(("play", "trick_won", "payment", "hand_declared", "hand_ended"))


def check_follow(rules, best: Combo, seat: int, parsed, face: str, count: int, *, early_death: bool) -> Combo | None:
    """Check a follower's play against the highest face-up play; return the new highest (or None)."""
    deck = deck_of(rules)
    word = "card" if rules.deck == "decktet" else "tile"
    lead_n = best.size
    if count != lead_n:
        raise WrongCount(f"seat {seat} played {count} {word}{'s' if count != 1 else ''} to a "
                         f"{lead_n}-{word} trick: every player plays {lead_n}")
    if face != "up":
        return None
    if early_death:
        raise IllegalPlay(f"early death: seat {seat} has won no trick, so on the last single-{word} trick "
                          f"the {_names(parsed)} must be played face down")
    new = deck.follow(best, parsed, rules)
    if new is None:
        raise IllegalPlay(f"seat {seat}'s {_names(parsed)} does not beat the {_names(best.tiles)} on the "
                          "table: a face-up play must beat it; play it face down")
    return new


class HandState:
    """The hand in progress (derived entirely from the hand's events)."""

    __slots__ = ("number", "banker", "wins_in_a_row", "provisional", "dealer", "leader", "trick",
                 "plays", "lead", "best_seat", "best", "tricks", "played", "seen_up", "seen_all",
                 "completed", "log", "payments", "run_seat", "run_count", "over", "first_lead")

    def __init__(self, ev: dict, n: int):
        self.number = ev["hand"]
        self.banker = ev["banker"]
        self.wins_in_a_row = ev["banker_wins_in_a_row"]
        self.provisional = ev["provisional"]
        self.dealer = ev.get("dealer", 1)
        self.leader = self.banker
        self.trick = 0
        self.plays: list[dict] = []
        self.lead: Combo | None = None
        self.best_seat: int | None = None
        self.best: Combo | None = None
        self.tricks = [0] * n
        self.played = [0] * n
        self.seen_up: Counter = Counter()
        self.seen_all: Counter = Counter()
        self.completed: list[dict] = []  # {leader, plays, winner, credited, lead, best}
        self.log: list[dict] = [ev]  # the hand's events, from hand_started
        self.payments = [0] * n  # immediate payments during the hand
        self.run_seat: int | None = None  # seat that has won every trick so far
        self.run_count = 0
        self.over = False
        self.first_lead: Combo | None = None

    @property
    def turn(self) -> int | None:
        if self.over:
            return None
        return (self.leader + len(self.plays)) % len(self.tricks)


class GameState:
    """Everything the referee knows, as a fold over events: ``GameState().apply(ev)``."""

    def __init__(self):
        self.rules: Rules | None = None
        self.players: list[str] = []
        self.table = ""
        self.n = 4
        self.scores: list[int] = []
        self.status = "new"  # 'playing' | 'over'
        self.hand: HandState | None = None
        self.hands_played = 0
        self.rounds = 0
        self.history: list[dict] = []  # hand_ended / hand_voided events
        self.last_payments: list[dict] = []
        self.reveals: list[dict] = []
        self.seq = 0
        self.events_applied = 0

    # -- the fold -----------------------------------------------------------------------
    def apply(self, ev: dict) -> GameState:
        _DISPATCH[ev["type"]](self, ev)
        self.events_applied += 1
        # The hand's log holds its effective events only: an undone play and the events it
        # caused are cut out of it, and a correction is folded into the play it corrects.
        if self.hand is not None and ev["type"] in _HAND_LOG_TYPES and ev.get("hand") == self.hand.number:
            self.hand.log.append(ev)
        return self

    def _on_game_started(self, ev):
        self.rules = rules_for(ev["rules"], ev.get("options") or {})
        self.players = list(ev["players"])
        self.table = ev.get("table", "")
        self.n = self.rules.players
        self.scores = [self.rules.starting_points] * self.n
        self.status = "playing"

    def _on_hand_started(self, ev):
        self.hand = HandState(ev, self.n)

    def _on_play(self, ev):
        h = self.hand
        deck = deck_of(self.rules)
        seat = ev["seat"]
        tiles = ev.get("tiles")
        if tiles is not None:
            parsed = tuple(deck.parse(t) for t in tiles)
            for t in parsed:
                h.seen_all[t] += 1
                if ev["face"] == "up":
                    h.seen_up[t] += 1
        if not h.plays:
            h.lead = deck.classify(parsed, self.rules)
            h.best, h.best_seat = h.lead, seat
            if h.trick == 0:
                h.first_lead = h.lead
        elif ev["face"] == "up":
            h.best = deck.follow(h.best, parsed, self.rules)
            h.best_seat = seat
        h.plays.append(ev)
        h.played[seat] += ev["count"]

    def _on_trick_won(self, ev):
        h = self.hand
        w = ev["winner"]
        h.tricks[w] += ev["credited"]
        h.completed.append({"leader": h.leader, "plays": h.plays, "winner": w, "credited": ev["credited"],
                            "lead": h.lead, "best": h.best})
        if h.trick == 0:
            h.run_seat, h.run_count = w, ev["credited"]
        elif h.run_seat is not None:
            if w == h.run_seat:
                h.run_count += ev["credited"]
            else:
                h.run_seat = None
        h.leader = w
        h.trick += 1
        h.plays = []
        h.lead = h.best = h.best_seat = None

    def _on_payment(self, ev):
        for s, p in enumerate(ev["payments"]):
            self.scores[s] += p
            if self.hand is not None:
                self.hand.payments[s] += p
        self.last_payments.append(ev)

    def _on_hand_declared(self, ev):
        self.hand.over = True

    def _on_hand_ended(self, ev):
        for s, p in enumerate(ev["payments"]):
            self.scores[s] += p
        self.hand.over = True
        self.hands_played += 1
        self.rounds += 1
        self.history.append(ev)
        self.last_payments.append(ev)

    def _on_play_undone(self, ev):
        h = self.hand
        log = h.log
        idx = max(i for i, e in enumerate(log) if e["type"] == "play")
        self._rebuild_hand(log[:idx])

    def _on_tile_corrected(self, ev):
        log = []
        for e in self.hand.log:
            if (e["type"] == "play" and e["trick"] == ev["trick"] and e["seat"] == ev["seat"]):
                tiles = ev.get("tiles")
                e = dict(e, tiles=list(tiles) if tiles is not None else None,
                         count=len(tiles) if tiles is not None else e["count"])
                if "salt" in ev:
                    e["salt"] = ev["salt"]
                    e["commitment"] = ev["commitment"]
            log.append(e)
        self._rebuild_hand(log)

    def _rebuild_hand(self, log):
        # revert the hand's immediate payments, then fold its remaining events again
        for s, p in enumerate(self.hand.payments):
            self.scores[s] -= p
        self.hand = None
        applied = self.events_applied
        for e in log:
            self.apply(e)
        self.events_applied = applied

    def _on_hand_voided(self, ev):
        for s, p in enumerate(self.hand.payments):
            self.scores[s] -= p
        self.history.append(ev)
        self.rounds += 1
        self.hand.over = True

    def _on_discards_revealed(self, ev):
        self.reveals.append(ev)

    def _on_game_ended(self, ev):
        self.status = "over"


def early_death_binds(rules, h: HandState, seat: int) -> bool:
    """Whether early death forces ``seat`` to play face down in the trick being played."""
    if not rules.early_death or h.lead is None or h.lead.size != 1:
        return False
    if h.played[h.leader] != rules.hand_size:
        return False  # the leader still holds tiles: not the last trick
    if (rules.seven_sweep and rules.seven_sweep_lifts_early_death and h.run_seat is not None
            and h.run_count >= rules.hand_size - 1):
        return False  # 七支結 confirmed (seed 004 'Last-Trick Restriction')
    need = rules.decktet_min_tricks if rules.deck == "decktet" else 1
    return h.tricks[seat] < need


_DISPATCH = {t: getattr(GameState, "_on_" + t) for t in EVENT_TYPES}


class Game:
    """A whole game: commands in, events out."""

    def __init__(self, rules: Rules | str = "pagat", players=None, *, table: str = "table",
                 first_banker: int = 0, salt_seed: int | None = None, options: dict | None = None,
                 _start: bool = True):
        if isinstance(rules, str):
            rules = rules_for(rules, options)
        self.rules = rules
        self.deck = deck_of(rules)
        n = rules.players
        self.players = list(players) if players else [f"Seat {i}" for i in range(n)]
        if len(self.players) != n:
            raise InvalidAction(f"these rules need {n} players, not {len(self.players)}")
        if not 0 <= first_banker < n:
            raise InvalidAction(f"the first banker must be a seat from 0 to {n - 1}")
        self._rng = random.Random(salt_seed) if salt_seed is not None else None
        self.events: list[dict] = []
        self.state = GameState()
        self.listeners: list = []
        if _start:
            self._emit({"type": "game_started", "format": FORMAT_VERSION, "rules": rules.profile,
                        "options": rules.options(), "players": self.players, "table": table,
                        "first_banker": first_banker})
            self._start_hand(first_banker, 0, True, 1)

    # -- plumbing -------------------------------------------------------------------------
    def _emit(self, ev: dict) -> dict:
        ev["seq"] = len(self.events)
        self.state.apply(ev)
        self.events.append(ev)
        for fn in self.listeners:
            fn(ev)
        return ev

    def _salt(self) -> str:
        if self._rng is not None:
            return f"{self._rng.getrandbits(128):032x}"
        return secrets.token_hex(16)

    def _start_hand(self, banker, wins, provisional, dealer):
        prev = self.state.hand
        self._emit({"type": "hand_started", "hand": prev.number + 1 if prev else 1, "banker": banker, "banker_wins_in_a_row": wins, "provisional": provisional,
            "dealer": dealer})

    def _need_hand(self) -> HandState:
        if self.state.status == "over":
            raise GameOver("the game is over")
        return self.state.hand

    # -- commands -------------------------------------------------------------------------
    def play(self, seat: int, tiles=None, *, face: str = "up", count: int | None = None,
             salt: str | None = None, commitment: str | None = None) -> list[dict]:
        """Play tiles for ``seat``: face up (tiles required) or face down (tiles known and
        sealed, as with RFID, or unknown: give ``count``).  Returns the new events."""
        h = self._need_hand()
        rules = self.rules
        n = rules.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidAction(f"there is no seat {seat!r}; seats are 0 to {n - 1}")
        if face not in ("up", "down"):
            raise InvalidAction(f"face must be 'up' or 'down', not {face!r}")
        if h.turn != seat:
            raise OutOfTurn(f"it is seat {h.turn}'s turn, not seat {seat}'s")
        word = "tile" if rules.deck == "tiles" else "card"
        parsed = None
        if tiles is not None:
            if isinstance(tiles, str):
                tiles = [tiles]
            try:
                parsed = tuple(self.deck.parse(t) for t in tiles)
            except self.deck.error as exc:
                raise IllegalPlay(f"seat {seat}: {exc}",
                                  public_message=f"seat {seat}: a {word} could not be read") from None
            if count is not None and count != len(parsed):
                raise WrongCount(f"count {count} does not match the {len(parsed)} {word}s given")
            count = len(parsed)
        elif face == "up":
            raise IllegalPlay(f"seat {seat}: a face-up play needs its {word}s")
        if not count or count < 1:
            raise WrongCount(f"seat {seat}: a play needs at least one {word}")
        remaining = rules.hand_size - h.played[seat]
        leading = not h.plays
        if leading:
            if face != "up":
                raise IllegalPlay(f"seat {seat} leads this trick: a lead is played face up")
            if count > remaining:
                raise WrongCount(f"seat {seat} has only {remaining} {word}s left, not {count}")
            try:
                self.deck.classify(parsed, rules)
            except InvalidCombo as exc:
                raise IllegalPlay(f"seat {seat} cannot lead {_names(parsed)}: {exc}") from None
        else:
            check_follow(rules, h.best, seat, parsed, face, count,
                         early_death=face == "up" and self._early_death_applies(h, seat))
        ev = {"type": "play", "hand": h.number, "trick": h.trick, "seat": seat, "face": face,
              "count": count, "tiles": [str(t) for t in parsed] if parsed is not None else None}
        if parsed is not None:
            self._check_conservation(h, seat, parsed, face)
        if face == "down":
            if parsed is not None:
                s = salt or self._salt()
                c = globals()["commitment"](s, ev["tiles"])
                if commitment is not None and commitment != c:
                    raise InvalidAction("the sealed tiles do not match their commitment",
                                        public_message="a sealed play does not match its commitment")
                ev["salt"], ev["commitment"] = s, c
            else:
                ev["commitment"] = commitment
        start = len(self.events)
        self._emit(ev)
        if len(h.plays) == n:
            self._finish_trick(h)
        return self.events[start:]

    def must_fold(self, seat: int) -> bool:
        """Whether early death forces ``seat`` to play face down now."""
        h = self.state.hand
        return bool(h and h.plays and self._early_death_applies(h, seat))

    def _early_death_applies(self, h: HandState, seat: int) -> bool:
        return early_death_binds(self.rules, h, seat)

    def _check_conservation(self, h: HandState, seat: int, parsed, face: str) -> None:
        counts = self.deck.counts
        for t in set(parsed):
            k = parsed.count(t)
            if h.seen_up[t] + (k if face == "up" else 0) > counts[t]:
                have = {1: "one", 2: "two"}.get(counts[t], str(counts[t]))
                raise IllegalPlay(f"seat {seat}: {t} again? the set has only {have} and it has been "
                                  "played already in this hand; check for a misread tile")
            if h.seen_all[t] + k > counts[t]:
                raise IllegalPlay(
                    f"seat {seat}: {t} conflicts with a sealed discard of this hand; the operator "
                    "must check the tiles",
                    public_message=f"seat {seat}: tiles conflict with a sealed discard; the operator "
                                   "must check")

    def _finish_trick(self, h: HandState) -> None:
        rules = self.rules
        winner = h.best_seat
        lead, best, leader, trick = h.lead, h.best, h.leader, h.trick
        self._emit({"type": "trick_won", "hand": h.number, "trick": trick, "winner": winner,
                    "credited": lead.size, "won_with": [str(t) for t in best.tiles],
                    "tricks": [t + (lead.size if s == winner else 0) for s, t in enumerate(h.tricks)]})
        last = all(p >= rules.hand_size for p in h.played)
        kind = None
        if lead.category == "supreme_pair":
            kind = "gee_joon_led"
        elif lead.category == "quad":
            kind = "quad_won"
        elif lead.category == "civil_supreme_pair":
            kind = "copper_supreme_led" if winner == leader else "copper_supreme_beaten"
        if kind and not (last and rules.last_trick_combo == "multiplier"):
            pay = bonus_payments(rules, kind, winner, h.banker, h.wins_in_a_row, h.provisional)
            if any(pay):
                self._emit({"type": "payment", "hand": h.number, "trick": trick, "kind": kind,
                            "seat": winner, "payments": pay,
                            "text": bonus_reason(rules, kind, winner, h.banker, h.wins_in_a_row,
                                                 h.provisional)})
        if last:
            self._end_hand(h)

    def _first_lead_unbeatable(self, h: HandState) -> bool:
        """Seed 000: the banker's first lead could not be beaten by tiles outside his hand."""
        if h.first_lead is None or self.rules.deck != "tiles":
            return False
        mine = Counter()
        for tr in h.completed:
            for p in tr["plays"]:
                if p["seat"] == h.banker and p.get("tiles"):
                    mine.update(Tile.parse(t) for t in p["tiles"])
        others = SET_COUNTS - mine
        lead = h.first_lead
        pool = sorted(others.elements())
        from itertools import combinations

        for cand in set(combinations(pool, lead.size)):
            if _plays.follow(lead, cand, self.rules) is not None:
                return False
        return True

    def _end_hand(self, h: HandState) -> None:
        rules = self.rules
        final = h.completed[-1]
        lt = LastTrick(final["leader"], tuple(final["lead"].tiles), tuple(final["best"].tiles),
                       final["winner"]) if rules.deck == "tiles" else None
        unbeatable = rules.unbeatable_exception and self._first_lead_unbeatable(h)
        s = settle(rules, banker=h.banker, banker_wins_in_a_row=h.wins_in_a_row,
                   provisional=h.provisional, winner=final["winner"], tricks=h.tricks,
                   last_trick=lt, first_lead_unbeatable=unbeatable)
        self._close_hand(h, s, None)

    def _close_hand(self, h: HandState, s, declared) -> None:
        scores = [a + b for a, b in zip(self.state.scores, s.payments, strict=True)]
        ev = {"type": "hand_ended", "hand": h.number, "winner": s.winner, "tricks": list(s.tricks),
              "payments": list(s.payments), "multiplier": s.multiplier, "reasons": list(s.reasons),
              "scores": scores}
        if declared:
            ev["declared"] = declared
        self._emit(ev)
        # banker succession
        winner = s.winner
        if winner == h.banker:
            wins, changed = h.wins_in_a_row + 1, h.provisional
        else:
            wins, changed = 1, True
        dealer = h.dealer + (1 if changed else 0)
        st = self.state
        rules = self.rules
        reason = None
        if st.rounds >= rules.max_rounds:
            reason = f"the safety limit of {rules.max_rounds} hands"
        elif rules.game_end == "dealers" and dealer > rules.game_dealers:
            reason = f"the {rules.game_dealers}th dealer has completed"
        elif rules.game_end == "hands" and st.hands_played >= rules.game_hands:
            reason = f"{rules.game_hands} hands have been played"
        if reason:
            self._emit({"type": "game_ended", "reason": reason, "scores": list(st.scores), "by": None})
        else:
            self._start_hand(winner, wins, False, dealer)

    def declare(self, seat: int, tiles) -> list[dict]:
        """A player lays a dealt hand face up to claim One Red Dot / 八枝牌 / 七枝牌."""
        h = self._need_hand()
        if not 0 <= seat < self.rules.players:
            raise InvalidAction(f"there is no seat {seat}")
        if h.plays or h.trick:
            raise InvalidAction("a dealt hand can only be declared before the first lead")
        try:
            parsed = [self.deck.parse(t) for t in tiles]
        except self.deck.error as exc:
            raise IllegalPlay(f"seat {seat}: {exc}") from None
        kind = dealt_hand_kind(self.rules, parsed) if self.rules.deck == "tiles" else None
        if kind is None:
            raise IllegalPlay(f"seat {seat}'s {_names(parsed)} is not a special dealt hand under "
                              f"the {self.rules.profile} rules")
        start = len(self.events)
        self._emit({"type": "hand_declared", "hand": h.number, "seat": seat,
                    "tiles": [str(t) for t in parsed], "kind": kind})
        s = declare_settlement(self.rules, seat=seat, kind=kind, banker=h.banker,
                               banker_wins_in_a_row=h.wins_in_a_row, provisional=h.provisional)
        self._close_hand(h, s, kind)
        return self.events[start:]

    def undo(self, *, by: str = "operator", reason: str = "") -> list[dict]:
        """Take back the last play of the hand in progress (and the trick it completed)."""
        h = self._need_hand()
        plays = [e for e in h.log if e["type"] == "play"]
        if not plays:
            raise InvalidAction("there is no play in this hand to undo")
        last = plays[-1]
        start = len(self.events)
        self._emit({"type": "play_undone", "hand": h.number, "trick": last["trick"],
                    "seat": last["seat"], "undone_seq": last["seq"], "by": by, "reason": reason})
        return self.events[start:]

    def correct(self, trick: int, seat: int, tiles, *, by: str = "operator", reason: str = "",
                salt: str | None = None) -> list[dict]:
        """Replace a misread play's tiles, in the hand in progress.

        Allowed only if the play stays legal and no trick changes hands — otherwise undo
        back to it and play again.
        """
        h = self._need_hand()
        target = next((e for e in h.log if e["type"] == "play" and e["trick"] == trick
                       and e["seat"] == seat), None)
        if target is None:
            raise InvalidAction(f"seat {seat} has no play in trick {trick + 1} of this hand")
        try:
            parsed = [str(self.deck.parse(t)) for t in tiles]
        except self.deck.error as exc:
            raise IllegalPlay(str(exc)) from None
        if len(parsed) != target["count"]:
            raise WrongCount(f"the play had {target['count']} tiles; the correction gives {len(parsed)}")
        # Re-decide the hand with the corrected play on a scratch game.
        scratch = self._scratch_at_hand_start()
        try:
            for e in h.log[1:]:
                if e["type"] == "play":
                    tl = parsed if e is target else e.get("tiles")
                    scratch.play(e["seat"], tl, face=e["face"], count=e["count"],
                                 salt=e.get("salt"), commitment=None if e is target else e.get("commitment"))
        except RefereeError as exc:
            raise IllegalPlay(f"that correction makes a play illegal: {exc}",
                              public_message="that correction makes a play illegal") from None
        before = [(e["winner"], e["credited"]) for e in h.log if e["type"] == "trick_won"]
        after = [(e["winner"], e["credited"]) for e in scratch.state.hand.log if e["type"] == "trick_won"]
        pays_b = [e["payments"] for e in h.log if e["type"] == "payment"]
        pays_a = [e["payments"] for e in scratch.state.hand.log if e["type"] == "payment"]
        if before != after or pays_b != pays_a or scratch.state.hand.over != h.over:
            raise InvalidAction("that correction would change who won a trick; undo back to that play "
                                "and play it again")
        ev = {"type": "tile_corrected", "hand": h.number, "trick": trick, "seat": seat, "tiles": parsed,
              "face": target["face"], "by": by, "reason": reason}
        if target["face"] == "down":
            ev["salt"] = salt or self._salt()
            ev["commitment"] = globals()["commitment"](ev["salt"], parsed)
        start = len(self.events)
        self._emit(ev)
        return self.events[start:]

    def _scratch_at_hand_start(self) -> Game:
        g = Game(self.rules, self.players, _start=False)
        g._rng = random.Random(0)
        for e in self.events:
            if e is self.state.hand.log[0]:
                g._emit(copy.deepcopy(e))
                break
            g.state.apply(copy.deepcopy(e))
            g.events.append(e)
        return g

    def void_hand(self, *, by: str = "operator", reason: str = "") -> list[dict]:
        """Cancel the hand in progress: its immediate payments are reverted and the tiles are
        dealt again, as a new hand (the next number) with the same banker.  A voided hand
        counts towards the ``max_rounds`` safety limit."""
        h = self._need_hand()
        start = len(self.events)
        self._emit({"type": "hand_voided", "hand": h.number, "by": by, "reason": reason,
                    "payments_reverted": [-p for p in h.payments]})
        self._start_hand(h.banker, h.wins_in_a_row, h.provisional, h.dealer)
        return self.events[start:]

    def reveal(self, hand: int, trick: int, seat: int, *, by: str, why: str,
               audience: str = "operator") -> list[dict]:
        """Reveal a sealed face-down play, per the reveal policy.  Always an event."""
        policy = self.rules.reveal_policy
        if audience not in ("operator", "public"):
            raise InvalidAction("a reveal is to the 'operator' or to the 'public'")
        if policy == "never":
            raise InvalidAction("these rules never reveal sealed discards (reveal_policy=never)")
        if not why:
            raise InvalidAction("a reveal needs a reason")
        target = None
        for e in self.events:
            if e["type"] == "play" and e.get("hand") == hand and e["trick"] == trick and e["seat"] == seat:
                target = e
            elif e["type"] == "play_undone" and target is not None and e["undone_seq"] == target["seq"]:
                target = None
            elif (e["type"] == "tile_corrected" and target is not None and e["hand"] == hand
                  and e["trick"] == trick and e["seat"] == seat):
                target = dict(target, tiles=e["tiles"], salt=e.get("salt"), commitment=e.get("commitment"))
        if target is None or target["face"] != "down":
            raise InvalidAction(f"seat {seat} has no face-down play in trick {trick + 1} of hand {hand}")
        if target.get("tiles") is None:
            raise InvalidAction("that face-down play was never identified (camera only): nothing to reveal")
        cur = self.state.hand
        hand_over = cur is None or cur.number != hand or cur.over
        if policy == "operator_after_hand" and (audience != "operator" or not hand_over):
            raise InvalidAction("under reveal_policy=operator_after_hand only the operator may see "
                                "sealed discards, once the hand is over")
        start = len(self.events)
        self._emit({"type": "discards_revealed", "hand": hand, "trick": trick, "seat": seat,
                    "tiles": list(target["tiles"]), "salt": target["salt"],
                    "commitment": target["commitment"], "by": by, "why": why, "audience": audience})
        return self.events[start:]

    def end_game(self, *, by: str = "operator", reason: str = "ended by the operator") -> list[dict]:
        self._need_hand()
        start = len(self.events)
        self._emit({"type": "game_ended", "reason": reason, "scores": list(self.state.scores), "by": by})
        return self.events[start:]

    # -- replay ---------------------------------------------------------------------------
    @classmethod
    def from_events(cls, events, *, check: bool = True) -> Game:
        """Rebuild a game from its events by re-running every action through the rules.

        With ``check``, every derived event must match the one recorded; a mismatch raises
        :class:`ReplayMismatch` with the index of the first bad event.
        """
        from .replay import replay_events

        return replay_events(events, check=check)
