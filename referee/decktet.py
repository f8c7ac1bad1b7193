"""The Decktet adaptation of Tien Gow (seed ``003_6f0de0d8c6348e37.txt``).

36 cards (Aces, Crowns and the numbered cards 2–9), in three Sets of twelve and six Tiers;
the assignment follows ``shared/decktet.md``, which restores the seed's lost table.

>>> c = Card.parse('Castle')
>>> c.name, c.suits, c.set, c.tier
('Castle', ('Suns', 'Knots'), 'inter', 4)
>>> Card.parse('Ace of Leaves').set, Card.parse('Author').tier     # Moons+Knots is lowest
('suits', 6)
>>> len(DECK)
36
>>> from referee.rules import rules_for
>>> r = rules_for('decktet')
>>> lead = classify(['Ace of Leaves', 'Crown of Leaves', 'Castle'], r)
>>> follow(lead, ['Ace of Suns', 'Crown of Suns', 'Forest'], r) is not None   # the seed's example
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .plays import Combo, InvalidCombo

SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
_CYCLE = [frozenset((SUITS[i], SUITS[(i + 1) % 6])) for i in range(6)]
_INTER_ORDER = [frozenset(p) for p in (("Moons", "Waves"), ("Moons", "Leaves"), ("Suns", "Wyrms"),
                                        ("Suns", "Knots"), ("Waves", "Wyrms"), ("Leaves", "Knots"))]
_RANKED = {
    2: (("Author", "Moons", "Knots"), ("Desert", "Suns", "Wyrms"), ("Origin", "Waves", "Leaves")),
    3: (("Journey", "Moons", "Waves"), ("Painter", "Suns", "Knots"), ("Savage", "Leaves", "Wyrms")),
    4: (("Mountain", "Moons", "Suns"), ("Sailor", "Waves", "Leaves"), ("Battle", "Wyrms", "Knots")),
    5: (("Forest", "Moons", "Leaves"), ("Discovery", "Suns", "Waves"), ("Soldier", "Wyrms", "Knots")),
    6: (("Lunatic", "Moons", "Waves"), ("Penitent", "Suns", "Wyrms"), ("Market", "Leaves", "Knots")),
    7: (("Chance Meeting", "Moons", "Leaves"), ("Castle", "Suns", "Knots"), ("Cave", "Waves", "Wyrms")),
    8: (("Diplomat", "Moons", "Suns"), ("Mill", "Waves", "Leaves"), ("Betrayal", "Wyrms", "Knots")),
    9: (("Pact", "Moons", "Suns"), ("Darkness", "Waves", "Wyrms"), ("Merchant", "Leaves", "Knots")),
}


class CardError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    rank: str  # 'Ace', 'Crown' or '2'..'9'
    suits: tuple[str, ...]

    @property
    def set(self) -> str:
        if len(self.suits) == 1:
            return "suits"
        return "cycle" if frozenset(self.suits) in _CYCLE else "inter"

    @property
    def tier(self) -> int:
        """1 (highest) to 6 (lowest)."""
        s = frozenset(self.suits)
        if len(self.suits) == 1:
            return SUITS.index(self.suits[0]) + 1
        if s in _CYCLE:
            return _CYCLE.index(s) + 1
        return _INTER_ORDER.index(s) + 1

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    @classmethod
    def parse(cls, text) -> Card:
        if isinstance(text, Card):
            return text
        c = _BY_NAME.get(str(text).strip().lower())
        if c is None:
            raise CardError(f"{text!r} is not a Decktet card of this game (e.g. 'Ace of Moons', 'Castle')")
        return c


def _build():
    cards = []
    for s in SUITS:
        cards.append(Card(f"Ace of {s}", "Ace", (s,)))
        cards.append(Card(f"Crown of {s}", "Crown", (s,)))
    for rank, items in _RANKED.items():
        for name, a, b in items:
            cards.append(Card(name, str(rank), (a, b)))
    return tuple(cards)


DECK: tuple[Card, ...] = _build()
_BY_NAME = {c.name.lower(): c for c in DECK}
SET_COUNTS = Counter(DECK)


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards in play: 36 for four players; the 3-player variant drops the Set of the Cycle."""
    return DECK if players == 4 else tuple(c for c in DECK if c.set != "cycle")


def classify(items, rules) -> Combo:
    try:
        cards = tuple(Card.parse(x) for x in items)
    except CardError as exc:
        raise InvalidCombo(str(exc)) from None
    n = len(cards)
    if n == 0:
        raise InvalidCombo("a play needs at least one card")
    if len(set(cards)) != n:
        raise InvalidCombo("the deck holds each card once")
    if rules.players == 3 and any(c.set == "cycle" for c in cards):
        bad = next(c for c in cards if c.set == "cycle")
        raise InvalidCombo(f"{bad} is of the Set of the Cycle, which the 3-player game does not use")
    if n == 1:
        c = cards[0]
        return Combo("single", cards, ("single", c.set), 7 - c.tier)
    if n > 4:
        raise InvalidCombo(f"at most four cards may be led, not {n}")
    tiers = {c.tier for c in cards}
    if len(tiers) != 1:
        raise InvalidCombo("cards led together must be of one tier")
    if any(c.set == "cycle" for c in cards):
        raise InvalidCombo("cards of the Set of the Cycle may only be led alone")
    cat = {2: "pair", 3: "triple", 4: "quad"}[n]
    return Combo(cat, cards, ("set", tuple(sorted(c.set for c in cards))), 7 - cards[0].tier)


def follow(current: Combo, items, rules) -> Combo | None:
    """Seed 003: same Set combination, one tier, higher than every face-up card so far."""
    try:
        ch = classify(items, rules)
    except InvalidCombo:
        return None
    if ch.size == current.size and ch.structure == current.structure and ch.strength > current.strength:
        return ch
    return None
