"""Random legal players, for simulations, property tests and benchmarks.

Players are seeded and deterministic.  They sometimes lead combinations, sometimes fold
holding a winner, declare special dealt hands when the rules allow, and play their
face-down tiles sealed (as with RFID) or unidentified (as with a camera only).

>>> import random
>>> g = simulate_game('pagat', random.Random(7))
>>> g.state.status, sum(g.state.scores) == 0
('over', True)
"""

from __future__ import annotations

import random
from itertools import combinations

from .decktet import deck_for
from .game import Game
from .plays import InvalidCombo
from .rules import Rules, rules_for
from .scoring import dealt_hand_kind
from .tiles import FULL_SET

__all__ = ["simulate_game", "deal", "RandomPlayer", "hand_actions", "play_hand"]


def deal(rules: Rules, rng: random.Random) -> list[list]:
    pool = list(FULL_SET) if rules.deck == "tiles" else list(deck_for(rules.players))
    rng.shuffle(pool)
    k = rules.hand_size
    return [pool[i * k:(i + 1) * k] for i in range(rules.players)]


class RandomPlayer:
    def __init__(self, rng: random.Random, *, combo_rate=0.6, fold_rate=0.25):
        self.rng = rng
        self.combo_rate = combo_rate
        self.fold_rate = fold_rate

    def lead(self, game: Game, hand: list) -> list:
        deck, rules = game.deck, game.rules
        combos = []
        for n in (2, 3, 4):
            if n > len(hand):
                break
            for c in set(combinations(sorted(hand, key=str), n)):
                try:
                    deck.classify(c, rules)
                except InvalidCombo:
                    continue
                combos.append(list(c))
        if combos and self.rng.random() < self.combo_rate:
            return self.rng.choice(sorted(combos, key=lambda c: [str(x) for x in c]))
        return [self.rng.choice(hand)]

    def follow(self, game: Game, seat: int, hand: list):
        h = game.state.hand
        n = h.lead.size
        if not game.must_fold(seat) and self.rng.random() >= self.fold_rate:
            options = [list(c) for c in set(combinations(sorted(hand, key=str), n))
                       if game.deck.follow(h.best, c, game.rules) is not None]
            if options:
                return self.rng.choice(sorted(options, key=lambda c: [str(x) for x in c])), "up"
        return self.rng.sample(hand, n), "down"


def simulate_game(rules: Rules | str, rng: random.Random, *, players=None, sealed: bool = True,
                  declare: bool = True, game: Game | None = None, **player_kw) -> Game:
    """Play one whole game with random legal players; returns the finished :class:`Game`."""
    if isinstance(rules, str):
        rules = rules_for(rules)
    if game is None:
        game = Game(rules, players, first_banker=rng.randrange(rules.players),
                    salt_seed=rng.getrandbits(32), table="simulation")
    player = RandomPlayer(rng, **player_kw)
    while game.state.status != "over":
        play_hand(game, rng, player, sealed=sealed, declare=declare)
    return game


def hand_actions(game: Game, rng: random.Random, player: RandomPlayer, *, sealed=True, declare=True):
    """Deal a hand and play it to its end, one action at a time.

    Yields ``(kind, seat, tiles, face, trick, events)`` for each action — kind ``'declare'``
    or ``'play'``, ``trick`` the trick it belongs to, ``events`` what the game emitted.
    """
    rules = game.rules
    hands = deal(rules, rng)
    number = game.state.hand.number
    if declare and rules.deck == "tiles" and (rules.one_red_dot or rules.branch_hands):
        for s in range(rules.players):
            if dealt_hand_kind(rules, hands[s]):
                yield "declare", s, list(hands[s]), "up", 0, game.declare(s, hands[s])
                return
    while game.state.status != "over" and game.state.hand.number == number and not game.state.hand.over:
        h = game.state.hand
        seat, trick = h.turn, h.trick
        hand = hands[seat]
        if not h.plays:
            tiles, face = player.lead(game, hand), "up"
        else:
            tiles, face = player.follow(game, seat, hand)
        if face == "down" and not sealed:
            events = game.play(seat, None, face="down", count=len(tiles))
        else:
            events = game.play(seat, tiles, face=face)
        for t in tiles:
            hand.remove(t)
        yield "play", seat, tiles, face, trick, events


def play_hand(game: Game, rng: random.Random, player: RandomPlayer, *, sealed=True, declare=True) -> int:
    """Deal and play one hand to its end; returns the number of actions."""
    return sum(1 for _ in hand_actions(game, rng, player, sealed=sealed, declare=declare))
