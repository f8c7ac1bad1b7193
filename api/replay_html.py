"""The self-contained HTML replay viewer: one file, no network, drawn like the side screen.

The game's events are folded step by step (``referee.game.GameState``) and the table view
for the variant's audience is taken after every play and every trick; the page steps
through them (trick by trick, or play by play) with the side screen's renderer.  The public
variant holds public views only: sealed identities are not in the file.
"""

from __future__ import annotations

import html
import json

from referee.game import Game, GameState
from referee.rules import PROFILE_DOCS
from referee.views import project_events, view

from .pages import asset, fill, tile_names_js

__all__ = ["build_replay_html", "replay_steps"]

_QUIET_AFTER = ("payment", "hand_ended", "game_ended", "trick_won")


def _caption(ev: dict, players: list[str]) -> str:
    t = ev["type"]
    if t == "hand_started":
        return f"Hand {ev['hand']} begins — banker {players[ev['banker']]}"
    if t == "play":
        what = "+".join(ev["tiles"]) if ev["face"] == "up" and ev.get("tiles") else f"{ev['count']} face down"
        return f"Hand {ev['hand']}, trick {ev['trick'] + 1}: {players[ev['seat']]} plays {what}"
    if t == "trick_won":
        return f"Hand {ev['hand']}, trick {ev['trick'] + 1} won by {players[ev['winner']]} (+{ev['credited']})"
    if t == "payment":
        return ev.get("text") or ev["kind"]
    if t == "hand_ended":
        return f"Hand {ev['hand']} won by {players[ev['winner']]}"
    if t == "hand_voided":
        return f"Hand {ev['hand']} voided by {ev['by']}" + (f": {ev['reason']}" if ev.get("reason") else "")
    if t == "play_undone":
        return f"{players[ev['seat']]}'s play undone by {ev['by']}"
    if t == "tile_corrected":
        return f"{players[ev['seat']]}'s play in trick {ev['trick'] + 1} corrected by {ev['by']}"
    if t == "discards_revealed":
        return f"Seat {ev['seat']}'s discard revealed by {ev['by']} ({ev['why']})"
    if t == "hand_declared":
        return f"{players[ev['seat']]} declares {ev['kind']}"
    if t == "game_ended":
        return f"Game over: {ev['reason']}"
    return t


def replay_steps(game: Game, audience: str) -> list[dict]:
    """Views after each play and each finished trick (``trick: true`` marks trick steps).

    An event and its consequences (a play and the trick it completes, the payments, the end
    of the hand) make one step.
    """
    events = game.events
    players = list(game.players)
    st = GameState()
    steps: list[dict] = []
    parts: list[str] = []
    kinds: set[str] = set()
    for i, ev in enumerate(events):
        st.apply(ev)
        if ev["type"] == "game_started":
            continue
        parts.append(_caption(ev, players))
        kinds.add(ev["type"])
        nxt = events[i + 1]["type"] if i + 1 < len(events) else None
        if nxt in _QUIET_AFTER:
            continue
        v = view(st, audience)
        v.pop("options", None)
        tv = {"table": st.table, "game_id": None, "audience": audience, "game": v,
              "rules_doc": PROFILE_DOCS.get(st.rules.profile), "alerts": [],
              "reveals": project_events(st.reveals, audience), "observations": []}
        if v.get("hand") and v["hand"].get("early_death"):
            tv["alerts"].append({"kind": "early_death", "title": "Early death",
                                 "message": "Early death in force: a player with no trick must play face down"})
        trick = bool(kinds & {"trick_won", "hand_started", "hand_voided", "game_ended", "hand_declared"})
        steps.append({"caption": " · ".join(parts), "trick": trick, "view": tv})
        parts, kinds = [], set()
    return steps


def _script_json(obj) -> str:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def build_replay_html(game: Game, variant: str = "public", *, title: str = "Tien Gow replay") -> str:
    audience = "operator" if variant == "full" else "public"
    steps = replay_steps(game, audience)
    data = {"variant": variant, "title": title, "players": list(game.players), "rules": game.rules.profile,
            "options": game.rules.options(), "steps": steps}
    return fill(asset("replay.html"), CSS=asset("screen.css"), TILES=tile_names_js(), RENDER=asset("render.js"),
                DATA="const REPLAY = " + _script_json(data) + ";").replace("@TITLE@", html.escape(title))
