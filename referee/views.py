"""What each audience may see: projections of events and snapshots of the table.

Audiences: ``'public'`` (side screen, spectators, public replay), ``'seat0'`` … ``'seat3'``
(a player: the public view plus the identities of that seat's own sealed discards) and
``'operator'`` (everything).  A sealed face-down play keeps its count and its commitment
in every view; its tiles and salt reach only the operator and the seat that played it.

>>> ev = {"type": "play", "seq": 9, "hand": 1, "trick": 0, "seat": 2, "face": "down", "count": 1,
...       "tiles": ["6-4"], "salt": "ab", "commitment": "c0ffee"}
>>> project_event(ev, "public")["tiles"] is None
True
>>> project_event(ev, "seat2")["tiles"]
['6-4']
>>> "salt" in project_event(ev, "seat2")
False
"""

from __future__ import annotations

from .scoring import banker_factor

__all__ = ["AUDIENCES", "project_event", "project_events", "view", "audience_seat", "check_audience"]

AUDIENCES = ("public", "operator", "seat0", "seat1", "seat2", "seat3")


def check_audience(audience: str) -> str:
    if audience not in AUDIENCES:
        raise ValueError(f"unknown audience {audience!r}; one of {', '.join(AUDIENCES)}")
    return audience


def audience_seat(audience: str) -> int | None:
    return int(audience[4:]) if audience.startswith("seat") else None


def project_event(ev: dict, audience: str) -> dict | None:
    """The event as ``audience`` may see it (a new dict when anything is hidden)."""
    if audience == "operator":
        return ev
    t = ev["type"]
    if t in ("play", "tile_corrected") and ev.get("face") == "down":
        if ev.get("tiles") is None and "salt" not in ev:
            return ev
        out = dict(ev)
        out.pop("salt", None)
        if audience_seat(audience) != ev["seat"]:
            out["tiles"] = None
        return out
    if t == "discards_revealed" and ev.get("audience") != "public":
        out = dict(ev)
        out.pop("salt", None)
        out["tiles"] = None
        return out
    return ev


def project_events(events, audience: str) -> list[dict]:
    check_audience(audience)
    return [p for p in (project_event(e, audience) for e in events) if p is not None]


def _play_view(ev: dict, audience: str) -> dict:
    p = project_event(ev, audience)
    return {"seat": p["seat"], "face": p["face"], "count": p["count"], "tiles": p.get("tiles"),
            "commitment": p.get("commitment")}


def view(state, audience: str = "public") -> dict:
    """A JSON-ready snapshot of the table for ``audience`` (what a screen draws)."""
    check_audience(audience)
    rules = state.rules
    h = state.hand
    out = {
        "audience": audience,
        "table": state.table,
        "rules": rules.profile if rules else None,
        "options": rules.options() if rules else {},
        "players": list(state.players),
        "status": state.status,
        "scores": list(state.scores),
        "seq": state.events_applied - 1,
        "hand": None,
    }
    if h is None or rules is None:
        return out
    completed = []
    for i, tr in enumerate(h.completed):
        completed.append({"trick": i, "leader": tr["leader"], "winner": tr["winner"],
                          "credited": tr["credited"],
                          "plays": [_play_view(p, audience) for p in tr["plays"]]})
    piles = [[tr["credited"] for tr in h.completed if tr["winner"] == s] for s in range(state.n)]
    out["hand"] = {
        "number": h.number,
        "banker": h.banker,
        "banker_wins_in_a_row": h.wins_in_a_row,
        "provisional": h.provisional,
        "dealer": h.dealer,
        "banker_multiplier": banker_factor(rules, h.wins_in_a_row, h.provisional, True),
        "turn": h.turn,
        "leader": h.leader,
        "trick": h.trick,
        "over": h.over,
        "current": [_play_view(p, audience) for p in h.plays],
        "best_seat": h.best_seat,
        "tricks_won": list(h.tricks),
        "piles": piles,
        "completed": completed,
        "early_death": _early_death_in_force(state),
    }
    out["last_payments"] = [
        {"kind": p.get("kind", "settlement"), "text": p.get("text") or "; ".join(p.get("reasons", [])),
         "payments": p["payments"], "winner": p.get("winner", p.get("seat"))}
        for p in state.last_payments[-4:]  # the latest immediate payments and settlements
    ]
    out["last_hand"] = state.history[-1] if state.history else None
    return out


def _early_death_in_force(state) -> bool:
    """True while the last single-tile trick is being played and early death binds someone."""
    from .game import early_death_binds

    h = state.hand
    if h.over or not h.plays:
        return False
    return any(early_death_binds(state.rules, h, s) for s in range(state.n))
