"""Combinations of tiles: what may be led, and what beats what.

A :class:`Combo` is an immutable classified group of tiles.  Two combos compare only when
they have the same *structure* (a single of one suit, a civil pair, a mixed triple with
two civil tiles, ...); the challenger must be strictly stronger — a tie goes to the
earlier play (seed ``000_81018c6b564607b8.txt``, 'In the case of a tie, the tile played
earliest wins').

>>> from referee.rules import rules_for
>>> pagat = rules_for('pagat')
>>> classify(['6-6', '6-6'], pagat).category
'civil_pair'
>>> classify(['4-2', '2-1'], pagat).category
'supreme_pair'
>>> classify(['6-6', '6-6', '5-4'], pagat).category
'triple'
>>> beats(['1-1', '1-1'], ['6-6', '6-6'], pagat)       # Heavens beat Earths
True
>>> beats(['5-2', '4-3'], ['6-6', '6-6'], pagat)       # not a military pair of sevens
False
>>> beats(['4-4', '5-2'], ['3-1', '4-1'], pagat)       # Man-seven beats Goose-five
False
>>> beats(['3-1', '4-1'], ['4-4', '5-2'], pagat)
True
>>> classify(['5-1', '5-1'], rules_for('tenkyu')).category
'civil_supreme_pair'
>>> beats(['5-1', '5-1'], ['6-1', '6-1'], rules_for('tenkyu'))
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .tiles import GROUP_RANK, SET_COUNTS, Tile, TileError

__all__ = ["Combo", "InvalidCombo", "classify", "follow", "beats", "CATEGORIES", "as_tiles"]

CATEGORIES = (
    "single", "civil_pair", "military_pair", "mixed_pair", "supreme_pair", "civil_supreme_pair",
    "triple", "quad",
)

_GEE_JOON = frozenset({(4, 2), (2, 1)})


class InvalidCombo(ValueError):
    """Tiles that do not form a combination that may be led."""


@dataclass(frozen=True, slots=True)
class Combo:
    category: str
    tiles: tuple[Tile, ...]
    structure: tuple  # only combos of equal structure compare
    strength: int  # higher beats lower within a structure; ties go to the earlier play

    @property
    def size(self) -> int:
        return len(self.tiles)

    def describe(self) -> str:
        names = "+".join(t.name for t in self.tiles)
        return names if self.category == "single" else f"{names} ({self.category.replace('_', ' ')})"


def as_tiles(items) -> tuple[Tile, ...]:
    return tuple(Tile.parse(x) for x in items)


def _check_counts(tiles: tuple[Tile, ...]) -> None:
    for t, n in Counter(tiles).items():
        if n > SET_COUNTS[t]:
            have = "one" if SET_COUNTS[t] == 1 else "two"
            raise InvalidCombo(f"the set has only {have} {t.name}, not {n}")


_CACHE: dict = {}


def classify(items, rules) -> Combo:
    """Classify tiles as a lead under ``rules``; raises :class:`InvalidCombo` with a reason."""
    try:
        tiles = as_tiles(items)
    except TileError as exc:
        raise InvalidCombo(str(exc)) from None
    key = (tuple(sorted([t.hi * 8 + t.lo for t in tiles])), rules.mixed_combinations, rules.copper_supreme_pair)
    hit = _CACHE.get(key)
    if hit is not None:
        if isinstance(hit, str):
            raise InvalidCombo(hit)
        return Combo(hit.category, tiles, hit.structure, hit.strength)
    try:
        combo = _classify(tiles, rules)
    except InvalidCombo as exc:
        _CACHE[key] = str(exc)
        raise
    _CACHE[key] = combo
    return combo


def _classify(tiles: tuple[Tile, ...], rules) -> Combo:
    n = len(tiles)
    if n == 0:
        raise InvalidCombo("a play needs at least one tile")
    if n > 4:
        raise InvalidCombo(f"at most four tiles may be led, not {n}")
    _check_counts(tiles)
    if n == 1:
        t = tiles[0]
        return Combo("single", tiles, ("single", t.suit.value), t.rank)
    names = "+".join(t.name for t in tiles)
    if n == 2:
        a, b = tiles
        if {a.key, b.key} == _GEE_JOON:
            return Combo("supreme_pair", tiles, ("supreme",), 0)
        if a.is_civil and b.is_civil and a == b:
            if a.key == (5, 1) and rules.copper_supreme_pair:
                return Combo("civil_supreme_pair", tiles, ("civil_supreme",), 0)
            return Combo("civil_pair", tiles, ("civil_pair",), a.rank)
        if not a.is_civil and not b.is_civil and a.partner == b:
            return Combo("military_pair", tiles, ("military_pair",), a.rank)
    groups = {t.group for t in tiles}
    if len(groups) == 1 and None not in groups:
        n_civil = sum(t.is_civil for t in tiles)
        if 0 < n_civil < n:
            if not rules.mixed_combinations:
                raise InvalidCombo(
                    f"{names} is a mixed combination, and these rules allow only civil, military "
                    "and supreme pairs")
            g = GROUP_RANK[tiles[0].group]
            cat = {2: "mixed_pair", 3: "triple", 4: "quad"}[n]
            return Combo(cat, tiles, ("mixed", n, n_civil), g)
    if n == 2:
        if a.suit is not b.suit:
            raise InvalidCombo(f"{names} is not a pair: a civil and a military tile pair only within "
                               "a group (Heaven+Nine, Earth+Eight, Man+Seven, Goose+Five)")
        raise InvalidCombo(f"{names} is not a pair")
    if n == 3:
        raise InvalidCombo(f"{names} is not a set of three: three tiles of one group are needed "
                           "(e.g. 6-6+6-6+6-3)")
    raise InvalidCombo(f"{names} is not a set of four: all four tiles of one group are needed "
                       "(e.g. 1-1+1-1+6-2+5-3)")


def follow(current: Combo, items, rules) -> Combo | None:
    """The combo ``items`` make when played face up over ``current``, or None if they do not beat it.

    The result keeps the structure of the trick, so a 6-1 pair that beat a 銅錘六 supreme
    pair stays in that class (no higher civil pair beats it in turn).
    """
    if current.category == "supreme_pair":
        return None  # nothing beats the Gee Joon (seed 000 'Special Pair')
    tiles = as_tiles(items)
    if len(tiles) != current.size:
        return None
    if current.structure == ("civil_supreme",):
        # seed 004: 'Can only be beaten by a 高脚七 pair (6-1 + 6-1)'
        if current.strength == 0 and sorted(t.key for t in tiles) == [(6, 1), (6, 1)]:
            return Combo("civil_pair", tiles, ("civil_supreme",), 1)
        return None
    try:
        ch = classify(tiles, rules)
    except InvalidCombo:
        return None
    if ch.structure == current.structure and ch.strength > current.strength:
        return ch
    return None


def beats(current_items, challenger_items, rules) -> bool:
    """Whether the challenger, face up, beats the current highest face-up play."""
    current = current_items if isinstance(current_items, Combo) else classify(current_items, rules)
    return follow(current, challenger_items, rules) is not None
