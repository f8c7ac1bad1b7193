"""Rule profiles: documented presets of named options.

Every place where the five seeds (``shared/seeds/``) or common practice differ is an
option here, with the seed passage it comes from.  A profile is a preset; any option can
be overridden.  ``docs/rules.md`` is generated from this table (``tiengow rules table``).

>>> r = rules_for('pagat')
>>> r.profile, r.banker_multiplier, r.early_death
('pagat', 'double', True)
>>> rules_for('pagat', {'banker_multiplier': 'hong_kong'}).banker_multiplier
'hong_kong'
>>> rules_for('tenkyu').starting_points
50
>>> rules_for('pagat', {'early_death': 'no'}).early_death
False
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields

__all__ = ["Rules", "RulesError", "PROFILES", "rules_for", "OPTION_DOCS", "options_table_markdown"]

S000 = "000_81018c6b564607b8.txt"
S001 = "001_4111492a217b5ebd.txt"
S002 = "002_583c98ea6264d003.txt"
S003 = "003_6f0de0d8c6348e37.txt"
S004 = "004_7970fcaecd98a9a3.txt"


class RulesError(ValueError):
    """An unknown profile, an unknown option, or a value of the wrong kind."""


def _opt(default, meaning: str, source: str, choices: tuple | None = None):
    return field(default=default, metadata={"meaning": meaning, "source": source, "choices": choices})


@dataclass(frozen=True)
class Rules:
    """One rule set: a profile name and the value of every option."""

    profile: str = "pagat"
    deck: str = _opt(
        "tiles", "What is played with: the 32 Chinese dominoes, or the 36 Decktet cards.",
        f"{S003} 'A standard decktet'", ("tiles", "decktet"))
    players: int = _opt(
        4, "Number of players (the Decktet adaptation has a 3-player variant).",
        f"{S003} 'Variant for 3 players'", (3, 4))
    hand_size: int = _opt(
        8, "Tiles (cards) dealt to each player.",
        f"{S000} 'deals each player a hand of eight tiles'; {S003} 'Deal 9 cards' / 3 players: 8")
    mixed_combinations: bool = _opt(
        True, "Mixed civil-military pairs, triples and quads of one group may be led "
        "(false = the historical game: only civil, military and supreme pairs).",
        f"{S000} 'Triplet and Quartet Sets'; {S001} 'In the past such pairs were the only possible "
        "combination'")
    copper_supreme_pair: bool = _opt(
        False, "The 5-1 + 5-1 pair (銅錘六) is a civil supreme pair: only a 6-1 pair beats it; "
        "otherwise it is the lowest civil pair.",
        f"{S004} 'Supreme Pairs (Lead Only)'")
    banker_multiplier: str = _opt(
        "double", "Banker payments: 'double' (x2 to and from the banker), 'hong_kong' (x2, and "
        "when the banker wins also x the number of his consecutive wins), 'increasing' (x2 for a "
        "new banker, +1 for each further consecutive win, both ways).",
        f"{S000} '\"Banker Double\" Rule' and 'A local variation in Hong Kong'; {S001} 'Additional "
        f"rules'; {S004} 'Dealer multiplier'", ("double", "hong_kong", "increasing"))
    first_banker_doubled: bool = _opt(
        True, "The first banker (chosen by lot, Tenkyu's provisional dealer 仮親) has the banker "
        "multiplier; false = x1 until a hand is won.",
        f"{S000} 'The banker's payments ... are doubled'; {S004} 'Provisional dealer (仮親): x1'")
    hong_kong_both_ways: bool = _opt(
        False, "With 'hong_kong': the consecutive-win factor also applies when the banker loses.",
        f"{S000} 'when the banker wins, the payments are also multiplied' (common practice differs)")
    increasing_cap: bool = _opt(
        True, "With 'increasing': a banker who took more than four tricks but lost is paid by the "
        "winner without the multiplier.",
        f"{S001} 'the banker receives the usual number of chips from the winner ... if he took "
        "more than four tricks'")
    par: int = _opt(4, "Par: a loser pays par minus his tricks (or is paid the excess).",
                    f"{S000} 'Scoring'; {S004} 'Scoring'")
    no_trick_penalty: int = _opt(5, "What a loser with no tricks pays.",
                                 f"{S000} 'pays five points'; {S004} 'Pay 5 (4 + 1 penalty)'")
    supreme_lead_bonus: int = _opt(
        2, "Immediate payment from each other player to whoever leads (and so wins) the Gee Joon / "
        "military supreme pair (賀尊).", f"{S000} 'Payments for Tricks'; {S004} '賀尊'")
    quad_bonus: int = _opt(
        4, "Immediate payment from each other player to the winner of a quartet (四大賀).",
        f"{S000} 'Payments for Tricks'; {S004} '四大賀'")
    copper_supreme_bonus: int = _opt(
        0, "Immediate payment from each other player when a 銅錘六 supreme pair wins (to its "
        "leader) or is beaten by a 6-1 pair (包尊, to the beater).", f"{S004} '包尊'")
    last_trick_combo: str = _opt(
        "both", "A quartet or supreme pair winning the last trick: 'both' = immediate bonus and "
        "settlement multiplier, 'multiplier' = multiplier only, 'bonus' = bonus only.",
        f"{S000} 'Note that in cases (a) and (b) there are (undoubled) pay-per-trick payments in "
        f"addition'; {S004} 'Note: When 四大賀, 賀尊, or 包尊 occur on the final trick, the "
        "immediate bonus is not applied'", ("both", "multiplier", "bonus"))
    last_quad_multiplier: int = _opt(
        2, "Settlement multiplier when the last trick is won by a quartet (賀四結).",
        f"{S000} 'Last Trick Bonuses' (x2); {S004} '賀四結' (x4)")
    last_supreme_multiplier: int = _opt(
        2, "Settlement multiplier when the last trick is led with a supreme pair and won by it "
        "(or a 銅錘六 supreme is beaten by a 6-1 pair).",
        f"{S000} 'Last Trick Bonuses'; {S004} '賀尊 on last trick'")
    weakest_single_finish: tuple = _opt(
        ("2-1",), "Single tiles that, led to the last trick and winning it, multiply the "
        "settlement (Little Three; Tenkyu's 幺結 adds 銅錘六 5-1).",
        f"{S000} 'The singleton Little Three'; {S004} '幺結 (Weakest Single Finish)'")
    weakest_single_multiplier: int = _opt(2, "Multiplier for a weakest single finish.",
                                          f"{S000} 'Last Trick Bonuses'; {S004} '幺結 Leader wins → x2'")
    last_trick_capture: str = _opt(
        "transfer", "When a weakest single led to the last trick is won by its counter (Big Six "
        "4-2 over Little Three 2-1; Tenkyu also 6-1 over 5-1): 'off'; 'transfer' = usual "
        "payments, but the leader pays what the other losers owe; 'counter_kill' = the "
        "same transfer and the settlement multiplied by counter_kill_multiplier (幺結反殺).",
        f"{S000} '\"Big Six Captures Little Three\" Bonus'; {S004} '幺結反殺'",
        ("off", "transfer", "counter_kill"))
    counter_tiles: tuple = _opt(
        ("2-1>4-2",), "Led tile > the tile that captures it, for last_trick_capture.",
        f"{S000} 'Big Six Captures Little Three'; {S004} '高脚七 beats 銅錘六, or 大鶏六 beats 細鶏三'")
    counter_kill_multiplier: int = _opt(4, "Multiplier for 'counter_kill'.", f"{S004} '幺結反殺 x4'")
    complete_game_multiplier: int = _opt(
        2, "Settlement multiplier when one player wins all tricks (Pagat x2; Tenkyu 八支結 x4; "
        "1 = no bonus).", f"{S000} 'Complete Game Bonus'; {S004} '八支結'")
    unbeatable_exception: bool = _opt(
        False, "The banker gets no complete-game bonus if his first lead was 'unbeatable in his "
        "own eyes' (not recognised in all groups).", f"{S000} 'There is an exception'")
    seven_sweep: bool = _opt(
        False, "七支結: a player who wins the first seven tricks is the round winner with all "
        "eight tricks, settlement x seven_sweep_multiplier.", f"{S004} '七支結 (7-Trick Sweep)'")
    seven_sweep_multiplier: int = _opt(2, "Multiplier for 七支結.", f"{S004} '七支結 → x2'")
    seven_sweep_lifts_early_death: bool = _opt(
        True, "Once 七支結 is confirmed, everyone may play face up on the last trick.",
        f"{S004} 'Last-Trick Restriction'")
    early_death: bool = _opt(
        True, "On a last trick led with a single tile, players who have won no trick must play "
        "face down.", f"{S000} 'The \"Early Death\" Rule'; {S001} 'early death' (optional); "
        f"{S004} 'Last-Trick Restriction'; {S003} 'you must pass the last round'")
    one_red_dot: bool = _opt(
        False, "A dealt hand with exactly one red pip wins at once, scored as winning all tricks.",
        f"{S000} 'One Red Dot Group' ('not used in all gaming groups')")
    branch_hands: bool = _opt(
        False, "八枝牌 / 七枝牌 dealt hands win at once (x4 / x2 settlement, each opponent as if "
        "with no tricks).", f"{S004} 'Dealt-hand bonuses'")
    starting_points: int = _opt(0, "Each player's chips at the start.", f"{S004} 'Starting score: 50 points'")
    game_end: str = _opt(
        "hands", "When a game ends: after game_hands hands, or after the game_dealers-th dealer "
        "completes (Tenkyu).", f"{S004} 'Game End'; {S000} and {S001} do not say (house choice)",
        ("hands", "dealers"))
    game_hands: int = _opt(8, "Hands in a game when game_end = 'hands'.", "house choice")
    game_dealers: int = _opt(8, "Dealers in a game when game_end = 'dealers' (4 = short match 東風戦).",
                             f"{S004} 'Game End' and 'Short Match'")
    max_rounds: int = _opt(32, "Safety limit on hands in one game.", f"{S004} 'a safety limit of 32 rounds'")
    decktet_min_tricks: int = _opt(
        1, "Decktet: tricks a player must already hold to win a last single-card round.",
        f"{S003} 'you can only win a game when you take at least 2 tricks'")
    reveal_policy: str = _opt(
        "on_dispute", "Who may see sealed face-down identities: 'never'; "
        "'operator_after_hand' (the operator, once the hand is over); 'on_dispute' (the "
        "operator at any time, or publicly, with a reason; always logged).",
        "design (issue: secret discards)", ("never", "operator_after_hand", "on_dispute"))

    # -- convenience ------------------------------------------------------------------
    def options(self) -> dict:
        """The option values as plain JSON-ready values."""
        out = {}
        for f in fields(self):
            if f.name == "profile":
                continue
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def replace(self, **changes) -> Rules:
        return dataclasses.replace(self, **changes)

    @property
    def counters(self) -> dict[str, str]:
        return dict(x.split(">", 1) for x in self.counter_tiles)


OPTION_DOCS = {f.name: f.metadata for f in fields(Rules) if f.name != "profile"}

_TENKYU = dict(
    copper_supreme_pair=True, banker_multiplier="increasing", first_banker_doubled=False,
    increasing_cap=False, copper_supreme_bonus=2, last_trick_combo="multiplier",
    last_quad_multiplier=4, last_supreme_multiplier=2, weakest_single_finish=("2-1", "5-1"),
    last_trick_capture="counter_kill", counter_tiles=("2-1>4-2", "5-1>6-1"),
    complete_game_multiplier=4, seven_sweep=True, branch_hands=True, starting_points=50,
    game_end="dealers", game_dealers=8,
)
_NAVPIL = dict(
    supreme_lead_bonus=0, quad_bonus=0, last_quad_multiplier=1, last_supreme_multiplier=1,
    weakest_single_finish=(), last_trick_capture="off", complete_game_multiplier=1,
    early_death=False, last_trick_combo="bonus",
)
_DECKTET = dict(
    deck="decktet", hand_size=9, supreme_lead_bonus=0, quad_bonus=0, last_quad_multiplier=1,
    last_supreme_multiplier=1, weakest_single_finish=(), last_trick_capture="off",
    complete_game_multiplier=1, banker_multiplier="double", first_banker_doubled=False,
    mixed_combinations=False, game_hands=4,
)

#: Named presets.  Each maps to option overrides of the dataclass defaults (which are Pagat's).
PROFILES: dict[str, dict] = {
    "pagat": {},
    "pagat-hk": {"banker_multiplier": "hong_kong"},
    "navpil": dict(_NAVPIL),
    "navpil-historical": dict(_NAVPIL, mixed_combinations=False),
    "tenkyu": dict(_TENKYU),
    "tenkyu-short": dict(_TENKYU, game_dealers=4),
    "decktet": dict(_DECKTET),
    "decktet-3": dict(_DECKTET, players=3, hand_size=8),
}

PROFILE_DOCS = {
    "pagat": f"Hong Kong rules as Pagat gives them ({S000}); the default.",
    "pagat-hk": f"pagat with the Hong Kong consecutive-win multiplier ({S000}).",
    "navpil": f"Modern mixed combinations, banker x2, no bonuses ({S001}, {S002}); "
              "options: banker_multiplier=increasing, early_death=true.",
    "navpil-historical": f"navpil without mixed combinations ({S001} 'In the past').",
    "tenkyu": f"Tenkyu / Da Tian Jiu 打天九, all of it ({S004}).",
    "tenkyu-short": f"tenkyu, short match: the game ends after the 4th dealer ({S004}).",
    "decktet": f"The Decktet adaptation, 4 players, 9 cards each ({S003}, shared/decktet.md).",
    "decktet-3": f"The Decktet adaptation's 3-player variant ({S003}).",
}


def _coerce(name: str, value, template):
    meta = OPTION_DOCS[name]
    try:
        if isinstance(template, bool):
            if isinstance(value, bool):
                out = value
            elif str(value).lower() in ("1", "true", "yes", "on"):
                out = True
            elif str(value).lower() in ("0", "false", "no", "off"):
                out = False
            else:
                raise ValueError
        elif isinstance(template, int):
            if isinstance(value, bool):
                raise ValueError
            out = int(value)
        elif isinstance(template, tuple):
            if isinstance(value, str):
                value = [x for x in value.replace(" ", ",").split(",") if x]
            out = tuple(str(x) for x in value)
        else:
            out = str(value)
    except (TypeError, ValueError):
        raise RulesError(f"option {name}: {value!r} is not a {type(template).__name__}") from None
    choices = meta.get("choices")
    if choices and out not in choices:
        raise RulesError(f"option {name}: {value!r} is not one of {', '.join(map(str, choices))}")
    return out


def rules_for(profile: str = "pagat", options: dict | None = None) -> Rules:
    """Build the rules of a profile, with option overrides (values may be strings)."""
    if profile not in PROFILES:
        raise RulesError(f"unknown rule profile {profile!r}; choose one of {', '.join(PROFILES)}")
    base = Rules(profile=profile, **PROFILES[profile])
    changes = {}
    for k, v in (options or {}).items():
        if k not in OPTION_DOCS:
            raise RulesError(f"unknown option {k!r}; see docs/rules.md for the {len(OPTION_DOCS)} options")
        changes[k] = _coerce(k, v, getattr(base, k))
    rules = dataclasses.replace(base, **changes)
    if rules.deck == "decktet" and rules.players == 3 and "hand_size" not in changes:
        rules = dataclasses.replace(rules, hand_size=8)
    if rules.deck == "tiles" and (rules.players != 4 or rules.hand_size != 8):
        raise RulesError("Tien Gow with tiles is for 4 players with 8 tiles each")
    return rules


def _fmt(v) -> str:
    if isinstance(v, tuple):
        return ", ".join(v) if v else "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def options_table_markdown() -> str:
    """The options table of docs/rules.md: option, meaning, default in each profile, source."""
    profiles = list(PROFILES)
    rules = {p: rules_for(p) for p in profiles}
    head = "| option | meaning | " + " | ".join(profiles) + " | seed passage |"
    sep = "|" + "---|" * (len(profiles) + 3)
    rows = [head, sep]
    for name, meta in OPTION_DOCS.items():
        vals = " | ".join(_fmt(getattr(rules[p], name)) for p in profiles)
        rows.append(f"| `{name}` | {meta['meaning']} | {vals} | {meta['source']} |")
    return "\n".join(rows) + "\n"
