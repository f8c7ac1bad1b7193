"""Replay files: versioned JSON Lines, a checking reader, and a text notation.

A replay is a header line, then one event per line (``docs/replay.md``)::

    {"format": "tiengow-replay", "version": 1, "variant": "full", "rules": "pagat", ...}
    {"type": "game_started", "seq": 0, ...}
    {"type": "hand_started", "seq": 1, ...}
    {"type": "play", "seq": 2, "seat": 0, "face": "up", "tiles": ["6-6"], ...}

The *full* variant holds every sealed identity; the *public* variant is the public
projection (face-down plays have ``"tiles": null`` and keep their commitment).  The reader
validates each line and replays every action through the rules; the first bad line is
named by number with the reason.

>>> from referee.game import Game
>>> g = Game('pagat', salt_seed=3)
>>> _ = g.play(0, ['6-6'])
>>> text = dumps(g.events, g, variant='public')
>>> r = loads(text)
>>> r.variant, len(r.events)
('public', 3)
>>> loads(text.replace('"6-6"', '"7-7"'))
Traceback (most recent call last):
...
referee.replay.ReplayError: line 4: seat 0: '7-7' is not a Tien Gow tile (the set has no 7-7)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .game import ACTION_TYPES, EVENT_TYPES, Game, RefereeError, commitment
from .rules import RulesError, rules_for
from .views import project_event

__all__ = ["ReplayError", "Replay", "dumps", "loads", "replay_events", "to_notation", "FORMAT", "VERSION"]

FORMAT = "tiengow-replay"
VERSION = 1
VARIANTS = ("full", "public")

# Fields every event of a type must carry (beyond "type" and "seq").
REQUIRED = {
    "game_started": ("rules", "players"),
    "hand_started": ("hand", "banker", "banker_wins_in_a_row", "provisional"),
    "play": ("hand", "trick", "seat", "face", "count", "tiles"),
    "trick_won": ("hand", "trick", "winner", "credited"),
    "payment": ("hand", "kind", "seat", "payments"),
    "hand_declared": ("hand", "seat", "tiles", "kind"),
    "hand_ended": ("hand", "winner", "tricks", "payments"),
    "play_undone": ("hand", "by"),
    "tile_corrected": ("hand", "trick", "seat", "tiles", "by"),
    "hand_voided": ("hand", "by"),
    "discards_revealed": ("hand", "trick", "seat", "by", "why", "audience"),
    "game_ended": ("reason",),
}
IGNORED_KEYS = ("at",)  # added by the event store (wall-clock time); not part of the rules


class ReplayError(ValueError):
    """A replay line that is malformed or does not follow from the rules."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class ReplayMismatch(ReplayError):
    pass


@dataclass
class Replay:
    header: dict
    events: list[dict]
    game: Game

    @property
    def variant(self) -> str:
        return self.header["variant"]


def header_for(game: Game, variant: str) -> dict:
    st = game.events[0]
    return {"format": FORMAT, "version": VERSION, "variant": variant, "rules": game.rules.profile,
            "options": game.rules.options(), "players": list(game.players), "table": st.get("table", ""),
            "first_banker": st.get("first_banker", 0)}


def dumps(events, game: Game, variant: str = "full") -> str:
    """The replay file text for ``events`` (variant 'full' or 'public')."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {VARIANTS}")
    aud = "operator" if variant == "full" else "public"
    lines = [json.dumps(header_for(game, variant), ensure_ascii=False)]
    for e in events:
        p = project_event(e, aud)
        if p is not None:
            lines.append(json.dumps({k: v for k, v in p.items() if k not in IGNORED_KEYS}, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def _parse_line(text: str, lineno: int) -> dict:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(lineno, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise ReplayError(lineno, "each line must be a JSON object")
    return obj


def loads(text: str) -> Replay:
    """Read and check a replay: raises :class:`ReplayError` naming the first bad line."""
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ReplayError(1, "empty file: the first line must be the replay header")
    header = _parse_line(lines[0], 1)
    if header.get("format") != FORMAT:
        raise ReplayError(1, f"not a Tien Gow replay header (\"format\" must be \"{FORMAT}\")")
    if header.get("version") != VERSION:
        raise ReplayError(1, f"replay format version {header.get('version')!r} is not supported "
                             f"(this reader reads version {VERSION})")
    if header.get("variant") not in VARIANTS:
        raise ReplayError(1, f"\"variant\" must be \"full\" or \"public\", not {header.get('variant')!r}")
    try:
        rules_for(header.get("rules", ""), header.get("options") or {})
    except RulesError as exc:
        raise ReplayError(1, str(exc)) from None
    events = []
    for i, raw in enumerate(lines[1:], start=2):
        if not raw.strip():
            continue
        ev = _parse_line(raw, i)
        t = ev.get("type")
        if t not in EVENT_TYPES:
            raise ReplayError(i, f"unknown event type {t!r}")
        missing = [k for k in REQUIRED[t] if k not in ev]
        if missing:
            raise ReplayError(i, f"a {t} event needs {', '.join(missing)}")
        if ev.get("seq") != len(events):
            raise ReplayError(i, f"event number (seq) {ev.get('seq')!r} where {len(events)} was expected: "
                                 "a line is missing or out of order")
        ev["_line"] = i
        events.append(ev)
    if not events or events[0]["type"] != "game_started":
        raise ReplayError(2, "the first event must be game_started")
    game = replay_events(events, check=True, variant=header["variant"])
    for e in events:
        e.pop("_line", None)
    return Replay(header, events, game)


def _strip(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if k not in IGNORED_KEYS and k != "_line"}


def _diff(want: dict, have: dict) -> str:
    if want["type"] != have["type"]:
        return f"the rules give a {want['type']} event here, the file has {have['type']}"
    for k in sorted(set(want) | set(have)):
        if want.get(k) != have.get(k):
            return (f"{have['type']}: {k} is {json.dumps(have.get(k), ensure_ascii=False)} in the file "
                    f"but {json.dumps(want.get(k), ensure_ascii=False)} by the rules")
    return "differs"


def replay_events(events, *, check: bool = True, variant: str = "full") -> Game:
    """Re-run the actions in ``events`` through the rules and return the game.

    With ``check``, every event the rules derive must equal the recorded one.
    """
    events = list(events)
    first = events[0]
    try:
        game = Game(first["rules"], first["players"], table=first.get("table", ""),
                    first_banker=first.get("first_banker", 0), options=first.get("options") or {},
                    salt_seed=0)
    except (RulesError, RefereeError, TypeError, ValueError) as exc:
        raise ReplayError(first.get("_line", 2), f"game_started: {exc}") from None
    aud = "operator" if variant == "full" else "public"
    pos = 0
    for ev in events:
        line = ev.get("_line", ev.get("seq", 0) + 2)
        if pos >= len(game.events):
            t = ev["type"]
            if t not in ACTION_TYPES or (t == "game_ended" and ev.get("by") is None):
                raise ReplayError(line, f"a {t} event here does not follow from the rules (no action led to it)")
            try:
                _perform(game, ev, variant)
            except RefereeError as exc:
                raise ReplayError(line, str(exc)) from None
            except (KeyError, TypeError, ValueError) as exc:
                raise ReplayError(line, f"{t}: malformed ({exc})") from None
        want = project_event(game.events[pos], aud)
        if check and _strip(want) != _strip(ev):
            raise ReplayMismatch(line, _diff(_strip(want), _strip(ev)))
        pos += 1
    if check and pos < len(game.events):
        nxt = game.events[pos]["type"]
        raise ReplayError(len(events) + 2, f"the file ends, but the rules say a {nxt} event follows")
    # Plays after the replay (a resumed game) get fresh, unpredictable salts: a fixed seed
    # here would let anyone brute-force a sealed tile from its commitment.
    game._rng = None
    return game


def _perform(game: Game, ev: dict, variant: str) -> None:
    t = ev["type"]
    if t == "play":
        game.play(ev["seat"], ev["tiles"], face=ev["face"], count=ev["count"], salt=ev.get("salt"),
                  commitment=ev.get("commitment"))
    elif t == "hand_declared":
        game.declare(ev["seat"], ev["tiles"])
    elif t == "play_undone":
        game.undo(by=ev["by"], reason=ev.get("reason", ""))
    elif t == "tile_corrected":
        if ev.get("tiles") is None or (ev.get("face") == "down" and variant == "public"):
            game._emit({k: v for k, v in ev.items() if k not in ("seq", "_line")})
        else:
            game.correct(ev["trick"], ev["seat"], ev["tiles"], by=ev["by"], reason=ev.get("reason", ""),
                         salt=ev.get("salt"))
    elif t == "hand_voided":
        game.void_hand(by=ev["by"], reason=ev.get("reason", ""))
    elif t == "discards_revealed":
        if variant == "public":
            if ev.get("tiles") is not None:
                target = _find_play(game, ev)
                if target is None or target.get("commitment") != commitment(ev.get("salt", ""), ev["tiles"]):
                    raise RefereeError("the revealed tiles do not match the commitment of that play")
            game._emit({k: v for k, v in ev.items() if k not in ("seq", "_line")})
        else:
            game.reveal(ev["hand"], ev["trick"], ev["seat"], by=ev["by"], why=ev["why"],
                        audience=ev["audience"])
    elif t == "game_ended":
        game.end_game(by=ev["by"], reason=ev["reason"])


def _find_play(game: Game, ev: dict) -> dict | None:
    found = None
    for e in game.events:
        if e["type"] == "play" and e["hand"] == ev["hand"] and e["trick"] == ev["trick"] and e["seat"] == ev["seat"]:
            found = e
        elif e["type"] == "tile_corrected" and found is not None and e["hand"] == ev["hand"] \
                and e["trick"] == ev["trick"] and e["seat"] == ev["seat"]:
            found = e
    return found


# -- the text notation ------------------------------------------------------------------

def _play_text(ev: dict) -> str:
    if ev["face"] == "up":
        return "+".join(ev["tiles"])
    if ev.get("tiles"):
        return "#[" + "+".join(ev["tiles"]) + "]"
    return "#" * ev["count"]


def _signed(v) -> str:
    return " ".join(f"{p:+d}" if p else "0" for p in v)


def to_notation(events, header: dict | None = None) -> str:
    """A compact human-readable record: tags, then one line per trick.

    Face-up tiles are written ``6-6+5-4``; a face-down play is ``#`` per tile, or
    ``#[6-4]`` where the identity is known (full variant only).
    """
    out: list[str] = []
    start = events[0]
    tags = {
        "Table": start.get("table", ""),
        "Rules": start["rules"],
        "Players": "; ".join(f"{i} {p}" for i, p in enumerate(start["players"])),
    }
    if header:
        tags["Variant"] = header.get("variant", "")
    defaults = rules_for(start["rules"]).options()
    changed = {k: v for k, v in (start.get("options") or {}).items() if defaults.get(k) != v}
    if changed:
        tags["Options"] = ", ".join(f"{k}={v}" for k, v in changed.items())
    for k, v in tags.items():
        out.append(f'[{k} "{v}"]')
    trick_plays: list[str] = []
    for ev in events[1:]:
        t = ev["type"]
        if t == "hand_started":
            prov = ", provisional" if ev["provisional"] else ""
            out.append("")
            out.append(f"Hand {ev['hand']}: banker {ev['banker']} (wins in a row {ev['banker_wins_in_a_row']}{prov})")
        elif t == "play":
            trick_plays.append(f"{ev['seat']}:{_play_text(ev)}")
        elif t == "trick_won":
            out.append(f"{ev['trick'] + 1:>3}. " + "  ".join(trick_plays) + f"  -> {ev['winner']} (+{ev['credited']})")
            trick_plays = []
        elif t == "payment":
            out.append(f"     $ {ev.get('text', ev['kind'])}: {_signed(ev['payments'])}")
        elif t == "play_undone":
            trick_plays = trick_plays[:-1] if trick_plays else trick_plays
            out.append(f"     ~ seat {ev['seat']}'s play undone by {ev['by']}" + (f" ({ev['reason']})" if ev.get("reason") else ""))
        elif t == "tile_corrected":
            shown = "+".join(ev["tiles"]) if ev.get("tiles") else "(sealed)"
            out.append(f"     ~ seat {ev['seat']}'s play in trick {ev['trick'] + 1} corrected to {shown} by {ev['by']}")
        elif t == "hand_declared":
            out.append(f"     * seat {ev['seat']} declares {ev['kind']}: {'+'.join(ev['tiles'])}")
        elif t == "hand_ended":
            if trick_plays:
                out.append("     " + "  ".join(trick_plays))
                trick_plays = []
            why = f" [{'; '.join(ev.get('reasons', []))}]" if ev.get("reasons") else ""
            out.append(f"     = seat {ev['winner']} wins; tricks {' '.join(map(str, ev['tricks']))}; "
                       f"payments {_signed(ev['payments'])}{why}")
        elif t == "hand_voided":
            trick_plays = []
            out.append(f"     ! hand voided by {ev['by']}" + (f": {ev['reason']}" if ev.get("reason") else ""))
        elif t == "discards_revealed":
            shown = "+".join(ev["tiles"]) if ev.get("tiles") else "(to the operator)"
            out.append(f"     ? seat {ev['seat']}'s discard in hand {ev['hand']} trick {ev['trick'] + 1} revealed "
                       f"by {ev['by']} ({ev['why']}): {shown}")
        elif t == "game_ended":
            out.append("")
            out.append(f"Game over ({ev['reason']}): scores {' '.join(map(str, ev['scores']))}")
    return "\n".join(out) + "\n"
