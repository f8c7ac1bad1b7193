"""The 32 Chinese dominoes of Tien Gow as small immutable values.

A :class:`Tile` is a value, not a physical object: the set holds two of every civil tile,
so ``Tile.parse('6-6') == Tile.parse('6-6')``.  Sources: seed ``000_81018c6b564607b8.txt``
(Pagat, names and ranking), seed ``004_7970fcaecd98a9a3.txt`` (Tenkyu names and ranks) and
``shared/tiles.md`` (red pips).

>>> t = Tile.parse('6-6')
>>> t.name, t.suit.value, t.english, t.chinese, t.red_pips
('6-6', 'civil', 'Heaven', '天牌', 6)
>>> Tile.parse('1-2')          # either order; formatted high first
Tile('2-1')
>>> Tile.parse('Little Three').partner is None    # 2-1 only pairs as the Gee Joon
True
>>> Tile.parse('5-4').partner
Tile('6-3')
>>> len(FULL_SET), len(set(FULL_SET))
(32, 21)
>>> Tile.parse('Goose').group
'goose'
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

__all__ = [
    "Suit",
    "Tile",
    "TileError",
    "FULL_SET",
    "DISTINCT",
    "CIVIL_ORDER",
    "MILITARY_ORDER",
    "GROUPS",
    "parse_tiles",
    "format_tiles",
    "SET_COUNTS",
    "red_pips_of",
]


class TileError(ValueError):
    """A tile name that is not one of the 32 Tien Gow dominoes."""


class Suit(enum.Enum):
    CIVIL = "civil"
    MILITARY = "military"


# Civil suit, highest first (seed 000, "Civil Suit").  Two copies of each.
CIVIL_ORDER: tuple[tuple[int, int], ...] = (
    (6, 6), (1, 1), (4, 4), (3, 1), (5, 5), (3, 3), (2, 2), (6, 5), (6, 4), (6, 1), (5, 1),
)
# Military suit, highest first; tiles of equal total rank equally (seed 000, "Military Suit").
MILITARY_ORDER: tuple[tuple[tuple[int, int], ...], ...] = (
    ((6, 3), (5, 4)),
    ((6, 2), (5, 3)),
    ((5, 2), (4, 3)),
    ((4, 2),),
    ((4, 1), (3, 2)),
    ((2, 1),),
)

# Mixed groups, highest first (seed 000 "Triplet and Quartet Sets"; seed 001 "Combinations";
# seed 004 "Mixed Pairs and Mixed Quads").  Key: civil tile, military tiles.
GROUPS: dict[str, tuple[tuple[int, int], tuple[tuple[int, int], ...]]] = {
    "heaven": ((6, 6), ((6, 3), (5, 4))),
    "earth": ((1, 1), ((6, 2), (5, 3))),
    "man": ((4, 4), ((5, 2), (4, 3))),
    "goose": ((3, 1), ((4, 1), (3, 2))),
}
GROUP_RANK = {"heaven": 4, "earth": 3, "man": 2, "goose": 1}

_ENGLISH = {
    (6, 6): "Heaven", (1, 1): "Earth", (4, 4): "Man", (3, 1): "Goose", (5, 5): "Plum Flower",
    (3, 3): "Double Three", (2, 2): "Board", (6, 5): "Hatchet", (6, 4): "Partition",
    (6, 1): "Long Leg Seven", (5, 1): "Big Head Six",
    (6, 3): "Nine", (5, 4): "Nine", (6, 2): "Eight", (5, 3): "Eight", (5, 2): "Seven",
    (4, 3): "Seven", (4, 2): "Big Six", (4, 1): "Five", (3, 2): "Five", (2, 1): "Little Three",
}
# Common Chinese names (Pai Gow / Tien Gow usage: 至尊 = 二四 + 丁三).
_CHINESE = {
    (6, 6): "天牌", (1, 1): "地牌", (4, 4): "人牌", (3, 1): "和牌", (5, 5): "梅花",
    (3, 3): "長三", (2, 2): "板凳", (6, 5): "斧頭", (6, 4): "紅頭十", (6, 1): "高腳七",
    (5, 1): "銅錘六", (6, 3): "雜九", (5, 4): "雜九", (6, 2): "雜八", (5, 3): "雜八",
    (5, 2): "雜七", (4, 3): "雜七", (4, 2): "二四", (4, 1): "雜五", (3, 2): "雜五", (2, 1): "丁三",
}
# Tenkyu's names, exactly as seed 004 writes them.
_TENKYU = {
    (6, 6): "天", (1, 1): "地", (4, 4): "人", (3, 1): "和", (5, 5): "梅花", (3, 3): "長三",
    (2, 2): "板發", (6, 5): "斧頭", (6, 4): "紅頭十", (6, 1): "高脚七", (5, 1): "銅錘六",
    (6, 3): "雑九", (5, 4): "雑九", (6, 2): "雑八", (5, 3): "雑八", (5, 2): "雑七", (4, 3): "雑七",
    (4, 2): "大鶏六", (4, 1): "雑五", (3, 2): "雑五", (2, 1): "細鶏三",
}
# Pagat's Cantonese military names (seed 000).
_CANTONESE = {
    (6, 3): "Gow", (5, 4): "Gow", (6, 2): "Bart", (5, 3): "Bart", (5, 2): "Chut", (4, 3): "Chut",
    (4, 2): "Lok", (4, 1): "Ng", (3, 2): "Ng", (2, 1): "Sam",
}
# Extra spellings that parse() accepts (lower-case keys).
_ALIASES = {
    "harmony": (3, 1), "plum": (5, 5), "long three": (3, 3),
    "long": (3, 3), "axe": (6, 5), "red ten": (6, 4), "tall seven": (6, 1), "copper six": (5, 1),
    "small three": (2, 1), "flower": (5, 5),
}


def red_pips_of(hi: int, lo: int) -> int:
    """Red pips of a face with halves ``hi`` and ``lo`` (``shared/tiles.md``: the 1 and the
    4 are red; each six of the 6-6 has three red pips).  Any halves, also those no Tien Gow
    tile has (a Western blank half counts none): what a reading of such a face should show.

    >>> red_pips_of(6, 4), red_pips_of(1, 1), red_pips_of(6, 6), red_pips_of(4, 0)
    (4, 2, 6, 4)
    """
    if (hi, lo) == (6, 6):
        return 6
    return sum(v for v in (hi, lo) if v in (1, 4))


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One Tien Gow domino, ``hi >= lo``."""

    hi: int
    lo: int

    def __post_init__(self) -> None:
        if (self.hi, self.lo) not in _INFO:
            raise TileError(f"{self.hi}-{self.lo} is not a Tien Gow tile")

    # -- construction -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str | Tile) -> Tile:
        """Parse ``'6-6'``, ``'1-2'``, ``'[6:6]'``, ``'Heaven'``, ``'天'`` or ``'天牌'``."""
        hit = _PARSED.get(text)
        if hit is not None:
            return hit
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise TileError(f"a tile is written like '6-6', not {text!r}")
        s = text.strip().strip("[]").strip()
        for sep in ("-", ":", "/", "|"):
            if sep in s:
                a, _, b = s.partition(sep)
                try:
                    x, y = int(a), int(b)
                except ValueError:
                    break
                hi, lo = max(x, y), min(x, y)
                if (hi, lo) not in _INFO:
                    raise TileError(f"{text!r} is not a Tien Gow tile (the set has no {hi}-{lo})")
                return _CACHE[(hi, lo)]
        key = _NAME_INDEX.get(s.lower())
        if key is None:
            raise TileError(f"{text!r} is not a tile name; write tiles like '6-6' or 'Heaven'")
        if key == "ambiguous":
            raise TileError(f"{text!r} names two different tiles; write it as pips, like '6-3'")
        return _CACHE[key]

    # -- identity -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        return f"{self.hi}-{self.lo}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Tile('{self.name}')"

    @property
    def key(self) -> tuple[int, int]:
        return (self.hi, self.lo)

    # -- classification -----------------------------------------------------------------
    @property
    def suit(self) -> Suit:
        return _INFO[self.key][0]

    @property
    def is_civil(self) -> bool:
        return _INFO[self.key][0] is Suit.CIVIL

    @property
    def rank(self) -> int:
        """Rank within the suit; higher beats lower, equal ranks tie (earliest wins)."""
        return _INFO[self.key][1]

    @property
    def group(self) -> str | None:
        """Mixed group ('heaven', 'earth', 'man', 'goose') or None."""
        return _INFO[self.key][2]

    @property
    def partner(self) -> Tile | None:
        """The tile this one forms a civil or military pair with (not the Gee Joon)."""
        p = _INFO[self.key][3]
        return _CACHE[p] if p else None

    @property
    def total(self) -> int:
        return self.hi + self.lo

    @property
    def red_pips(self) -> int:
        return red_pips_of(self.hi, self.lo)

    @property
    def english(self) -> str:
        return _ENGLISH[self.key]

    @property
    def chinese(self) -> str:
        return _CHINESE[self.key]

    @property
    def tenkyu(self) -> str:
        return _TENKYU[self.key]

    @property
    def cantonese(self) -> str | None:
        return _CANTONESE.get(self.key)

    @property
    def copies(self) -> int:
        """How many of this tile a full set holds (2 civil, 1 military)."""
        return 2 if self.is_civil else 1

    def __hash__(self) -> int:
        return self.hi * 8 + self.lo

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if other.__class__ is not Tile:
            return NotImplemented
        return self.hi == other.hi and self.lo == other.lo

    def __lt__(self, other: Tile) -> bool:  # a stable display order: civil first, by rank
        return _SORT[self.key] < _SORT[other.key]


def _build_info():
    info: dict[tuple[int, int], tuple[Suit, int, str | None, tuple[int, int] | None]] = {}
    group_of: dict[tuple[int, int], str] = {}
    for g, (c, ms) in GROUPS.items():
        group_of[c] = g
        for m in ms:
            group_of[m] = g
    n = len(CIVIL_ORDER)
    for i, k in enumerate(CIVIL_ORDER):
        info[k] = (Suit.CIVIL, n - i, group_of.get(k), k)
    n = len(MILITARY_ORDER)
    for i, same in enumerate(MILITARY_ORDER):
        for k in same:
            partner = next((o for o in same if o != k), None)
            info[k] = (Suit.MILITARY, n - i, group_of.get(k), partner)
    return info


_INFO = _build_info()
_CACHE: dict[tuple[int, int], Tile] = {}
for _k in _INFO:
    _t = object.__new__(Tile)
    object.__setattr__(_t, "hi", _k[0])
    object.__setattr__(_t, "lo", _k[1])
    _CACHE[_k] = _t
_SORT = {k: i for i, k in enumerate(list(CIVIL_ORDER) + [m for same in MILITARY_ORDER for m in same])}

_NAME_INDEX: dict[str, tuple[int, int] | str] = {}
for _table in (_ENGLISH, _CHINESE, _TENKYU, _CANTONESE):
    _seen: dict[str, list[tuple[int, int]]] = {}
    for _k, _n in _table.items():
        _seen.setdefault(_n.lower(), []).append(_k)
    for _n, _ks in _seen.items():
        prev = _NAME_INDEX.get(_n)
        if len(_ks) > 1 or (prev is not None and prev != _ks[0]):
            _NAME_INDEX[_n] = "ambiguous"
        else:
            _NAME_INDEX[_n] = _ks[0]
for _k in CIVIL_ORDER:  # short Chinese civil names without 牌: 天, 地, 人, 和
    _n = _CHINESE[_k]
    if _n.endswith("牌"):
        _NAME_INDEX.setdefault(_n[:-1], _k)
for _n, _k in _ALIASES.items():
    _NAME_INDEX.setdefault(_n, _k)

# Fast path for parse(): canonical names and the tiles themselves.
_PARSED: dict = {}
for _k, _t in _CACHE.items():
    _PARSED[_t.name] = _t
    _PARSED[_t] = _t

#: The distinct tiles, civil (high to low) then military (high to low).
DISTINCT: tuple[Tile, ...] = tuple(sorted(_CACHE.values()))
#: The full 32-tile set.
FULL_SET: tuple[Tile, ...] = tuple(t for t in DISTINCT for _ in range(t.copies))
#: How many of each tile the set holds.
SET_COUNTS: Counter = Counter(FULL_SET)


def parse_tiles(items) -> tuple[Tile, ...]:
    """Parse a list of tile names, or one string like ``'6-6 5-4'`` / ``'6-6+5-4'``.

    >>> parse_tiles('6-6+5-4')
    (Tile('6-6'), Tile('5-4'))
    """
    if isinstance(items, str):
        items = items.replace("+", " ").replace(",", " ").split()
    return tuple(Tile.parse(x) for x in items)


def format_tiles(tiles, sep: str = "+") -> str:
    """Format tiles high-first, joined by ``sep``.

    >>> format_tiles(parse_tiles(['4-2', '2-1']))
    '4-2+2-1'
    """
    return sep.join(t.name for t in tiles)
