"""The rules as a service: one JSON question in, one JSON answer out (no I/O here).

``tiengow rules judge`` wraps :func:`answer` around stdin/stdout; the contract is in
``docs/judge.md``.

>>> from referee.rules import rules_for
>>> answer({"ask": "lead", "tiles": ["4-2", "2-1"]}, rules_for("pagat"))
{'valid': True, 'category': 'supreme_pair'}
>>> answer({"ask": "beats", "current": ["6-6"], "challenger": ["1-1"]}, rules_for("pagat"))
{'beats': False}
>>> answer({"ask": "nonsense"}, rules_for("pagat"))["error"]
"unknown ask 'nonsense'; one of lead, beats, trick, settle, bonus, declare"
"""

from __future__ import annotations

from .game import RefereeError, check_follow, deck_of
from .plays import InvalidCombo
from .scoring import BONUS_KINDS, LastTrick, bonus_payments, dealt_hand_kind, declare_settlement, settle

__all__ = ["answer", "JudgeError", "ASKS"]

ASKS = ("lead", "beats", "trick", "settle", "bonus", "declare")


class JudgeError(ValueError):
    pass


def _req(q: dict, key: str, kind, what: str):
    if key not in q:
        raise JudgeError(f"missing field {key!r} ({what})")
    v = q[key]
    if kind is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise JudgeError(f"field {key!r} must be an integer ({what})")
    if kind is bool and not isinstance(v, bool):
        raise JudgeError(f"field {key!r} must be true or false ({what})")
    if kind is list and not isinstance(v, list):
        raise JudgeError(f"field {key!r} must be a list ({what})")
    return v


def _seat(q, key, rules, what="a seat"):
    v = _req(q, key, int, what)
    if not 0 <= v < rules.players:
        raise JudgeError(f"field {key!r}: there is no seat {v} (seats 0 to {rules.players - 1})")
    return v


def _tiles(q, key, rules, what="tile names like '6-6'"):
    v = _req(q, key, list, what)
    deck = deck_of(rules)
    try:
        return tuple(deck.parse(t) for t in v)
    except deck.error as exc:
        raise JudgeError(f"field {key!r}: {exc}") from None
    except (TypeError, AttributeError):
        raise JudgeError(f"field {key!r} must list {what}") from None


def _counts(q, key, rules, default=None):
    if key not in q and default is not None:
        return default
    v = _req(q, key, list, "tricks per seat")
    if len(v) != rules.players or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in v):
        raise JudgeError(f"field {key!r} must list {rules.players} whole numbers, one per seat")
    return v


def answer(q, rules) -> dict:
    """Answer one judge question (a dict); never raises for bad input — returns {'error': …}."""
    try:
        if not isinstance(q, dict):
            raise JudgeError("a question is a JSON object with an 'ask' field")
        ask = q.get("ask")
        fn = _ASK.get(ask)
        if fn is None:
            raise JudgeError(f"unknown ask {ask!r}; one of {', '.join(ASKS)}")
        return fn(q, rules)
    except (JudgeError, RefereeError) as exc:
        return {"error": str(exc)}


def _lead(q, rules):
    tiles = _tiles(q, "tiles", rules)
    try:
        combo = deck_of(rules).classify(tiles, rules)
    except InvalidCombo as exc:
        return {"valid": False, "reason": str(exc)}
    return {"valid": True, "category": combo.category}


def _beats(q, rules):
    deck = deck_of(rules)
    cur = _tiles(q, "current", rules)
    ch = _tiles(q, "challenger", rules)
    try:
        current = deck.classify(cur, rules)
    except InvalidCombo as exc:
        raise JudgeError(f"field 'current': {exc}") from None
    return {"beats": deck.follow(current, ch, rules) is not None}


def _trick(q, rules):
    deck = deck_of(rules)
    n = rules.players
    leader = _seat(q, "leader", rules, "the seat that led")
    plays = _req(q, "plays", list, "the plays in order, leader first")
    before = _counts(q, "tricks_before", rules, default=[0] * n)
    last = q.get("last", False)
    if not isinstance(last, bool):
        raise JudgeError("field 'last' must be true or false")
    if len(plays) != n:
        raise JudgeError(f"a trick has {n} plays, one per seat; got {len(plays)}")
    best = best_seat = None
    lead_size = None
    for i, p in enumerate(plays):
        if not isinstance(p, dict):
            raise JudgeError(f"plays[{i}] must be an object with seat, tiles and face")
        seat = _seat(p, "seat", rules)
        want = (leader + i) % n
        if seat != want:
            raise RefereeError(f"plays[{i}]: seat {seat} plays out of turn; seat {want} plays "
                               f"{'first' if i == 0 else 'next'}")
        face = p.get("face", "up")
        if face not in ("up", "down"):
            raise JudgeError(f"plays[{i}]: face must be 'up' or 'down'")
        if p.get("tiles") is None and face == "down" and isinstance(p.get("count"), int):
            tiles, count = None, p["count"]
        else:
            tiles = _tiles(p, "tiles", rules)
            count = len(tiles)
        if i == 0:
            if face != "up":
                raise RefereeError(f"seat {seat} leads: a lead is played face up")
            try:
                best = deck.classify(tiles, rules)
            except InvalidCombo as exc:
                raise RefereeError(f"seat {seat} cannot lead {'+'.join(map(str, tiles))}: {exc}") from None
            best_seat, lead_size = seat, best.size
            continue
        lifted = (rules.seven_sweep and rules.seven_sweep_lifts_early_death
                  and max(before) >= rules.hand_size - 1)
        need = rules.decktet_min_tricks if rules.deck == "decktet" else 1
        early = rules.early_death and last and lead_size == 1 and before[seat] < need and not lifted
        new = check_follow(rules, best, seat, tiles, face, count, early_death=early)
        if new is not None:
            best, best_seat = new, seat
    return {"winner": best_seat, "tricks_credited": lead_size}


def _banker(q, rules):
    banker = _seat(q, "banker", rules, "the banker's seat")
    k = q.get("banker_wins_in_a_row", 0)
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise JudgeError("field 'banker_wins_in_a_row' must be a whole number")
    prov = q.get("provisional_banker", False)
    if not isinstance(prov, bool):
        raise JudgeError("field 'provisional_banker' must be true or false")
    return banker, k, prov


def _settle(q, rules):
    banker, k, prov = _banker(q, rules)
    winner = _seat(q, "winner", rules, "who won the last trick")
    tricks = _counts(q, "tricks", rules)
    lt = None
    if q.get("last_trick") is not None:
        x = q["last_trick"]
        if not isinstance(x, dict):
            raise JudgeError("field 'last_trick' must be an object with leader, led, won_with, won_by")
        lt = LastTrick(_seat(x, "leader", rules), _tiles(x, "led", rules), _tiles(x, "won_with", rules),
                       _seat(x, "won_by", rules))
    s = settle(rules, banker=banker, banker_wins_in_a_row=k, provisional=prov, winner=winner,
               tricks=tricks, last_trick=lt)
    return {"payments": list(s.payments)}


def _bonus(q, rules):
    kind = q.get("kind")
    if kind not in BONUS_KINDS:
        raise JudgeError(f"field 'kind' must be one of {', '.join(BONUS_KINDS)}")
    seat = _seat(q, "seat", rules)
    banker, k, prov = _banker(q, rules)
    return {"payments": bonus_payments(rules, kind, seat, banker, k, prov)}


def _declare(q, rules):
    seat = _seat(q, "seat", rules)
    tiles = _tiles(q, "tiles", rules)
    banker, k, prov = _banker(q, rules)
    if len(tiles) != rules.hand_size:
        raise JudgeError(f"field 'tiles' must list the {rules.hand_size} tiles dealt")
    kind = dealt_hand_kind(rules, tiles) if rules.deck == "tiles" else None
    if kind is None:
        return {"valid": False, "kind": None, "payments": [0] * rules.players}
    s = declare_settlement(rules, seat=seat, kind=kind, banker=banker, banker_wins_in_a_row=k, provisional=prov)
    return {"valid": True, "kind": kind, "payments": list(s.payments)}


_ASK = {"lead": _lead, "beats": _beats, "trick": _trick, "settle": _settle, "bonus": _bonus, "declare": _declare}
