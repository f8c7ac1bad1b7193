"""A simple legal player for driving the service in tests and benchmarks.

:class:`AutoPlayer` deals a real shuffled set and plays single tiles: the leader leads its
highest tile face up, a follower plays the lowest tile that beats the table face up, or
else its lowest tile face down (sealed with its identity, as an RFID table would, or as
an unknown camera play).  It keeps a local :class:`referee.game.Game` in step, so it always
proposes a legal play and the caller can send the same play to a server.

>>> from referee.game import Game
>>> p = AutoPlayer(Game('pagat', ['A', 'B', 'C', 'D'], salt_seed=1), seed=2)
>>> for _ in range(32): _ = p.step()
>>> p.game.state.hands_played
1
"""

from __future__ import annotations

import random

from referee.game import Game, RefereeError
from referee.plays import follow
from referee.tiles import FULL_SET, Tile

__all__ = ["AutoPlayer"]


class AutoPlayer:
    def __init__(self, game: Game, *, seed: int = 0, sealed: bool = True):
        self.game = game
        self.rng = random.Random(seed)
        self.sealed = sealed
        self.hands: list[list[Tile]] = []
        self._hand_no = None

    def _deal(self) -> None:
        tiles = list(FULL_SET)
        self.rng.shuffle(tiles)
        self.hands = [sorted(tiles[i * 8:(i + 1) * 8], key=lambda t: (t.is_civil, t.rank)) for i in range(4)]
        self._hand_no = self.game.state.hand.number

    def next_play(self) -> dict:
        """The next legal play as keyword arguments for ``Game.play`` (not yet applied)."""
        st = self.game.state
        h = st.hand
        if h is None or h.over or st.status != "playing":
            raise RefereeError("no hand in progress")
        if self._hand_no != h.number or not any(self.hands):
            self._deal()
        seat = h.turn
        mine = self.hands[seat]
        if not h.plays:
            return {"seat": seat, "tiles": [mine[-1].name], "face": "up"}
        for t in mine:
            if follow(h.best, (t,), self.game.rules) is not None:
                return {"seat": seat, "tiles": [t.name], "face": "up"}
        return self._down(seat, mine[0])

    def _down(self, seat: int, t: Tile) -> dict:
        if self.sealed:
            return {"seat": seat, "tiles": [t.name], "face": "down"}
        return {"seat": seat, "tiles": None, "face": "down", "count": 1, "_tile": t.name}

    def apply(self, play: dict) -> list[dict]:
        """Apply ``play`` to the local game (falling back to face down if face up is refused)."""
        seat = play["seat"]
        kw = {k: v for k, v in play.items() if not k.startswith("_")}
        try:
            evs = self.game.play(kw.pop("seat"), kw.pop("tiles"), **kw)
        except RefereeError:
            if play["face"] != "up":
                raise
            play.clear()
            play.update(self._down(seat, self._tile(seat, None)))
            # early death: the lowest tile face down
            kw = {k: v for k, v in play.items() if not k.startswith("_")}
            evs = self.game.play(kw.pop("seat"), kw.pop("tiles"), **kw)
        name = (play.get("tiles") or [play.get("_tile")])[0]
        self.hands[seat].remove(Tile.parse(name))
        return evs

    def _tile(self, seat: int, name: str | None) -> Tile:
        return self.hands[seat][0]

    def step(self) -> dict:
        """Choose and apply the next play; returns it (as sent)."""
        play = self.next_play()
        self.apply(play)
        return play
