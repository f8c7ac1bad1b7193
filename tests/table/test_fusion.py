"""Fusion of zone observations into refereed plays, on synthetic observation streams."""

from __future__ import annotations

import random

import pytest

from referee.game import Game
from referee.simulate import RandomPlayer, hand_actions
from table.fusion import Fusion, pile_zone, play_zone, seen
from table.observations import TileSeen, ZoneObservation


class Table:
    """A scripted physical table: what the camera and RFID would report per zone."""

    def __init__(self, fusion: Fusion, *, rfid: bool):
        self.f = fusion
        self.rfid = rfid
        self.t = 0.0

    def show(self, zone: str, tiles: list[tuple[str, str]]):
        cam = tuple(TileSeen(name if face == "up" else None, face) for name, face in tiles)
        self.f.observe(ZoneObservation("camera", zone, self.t, cam))
        if self.rfid:
            self.f.observe(ZoneObservation("rfid", zone, self.t, tuple(TileSeen(n, "unknown", slot=i)
                                                                       for i, (n, _) in enumerate(tiles))))

    def tick(self, dt=0.35):
        self.t += dt
        return self.f.step(self.t)


def _play_game_through_fusion(seed: int, rfid: bool, hands: int = 2):
    rng = random.Random(seed)
    script = Game("pagat", first_banker=0, salt_seed=seed)  # what the players really do
    refereed = Game("pagat", first_banker=0, salt_seed=seed)  # what the referee concludes
    fusion = Fusion(refereed, use_rfid=rfid)
    table = Table(fusion, rfid=rfid)
    player = RandomPlayer(rng)
    for _ in range(hands):
        for _kind, seat, tiles, face, _trick, events in hand_actions(script, rng, player):
            table.show(play_zone(seat), [(str(t), face) for t in tiles])
            table.tick()
            table.tick()
            if any(e["type"] == "trick_won" for e in events):
                w = [e for e in events if e["type"] == "trick_won"][0]["winner"]
                for s in range(4):
                    table.show(play_zone(s), [])
                table.show(pile_zone(w), [])
                table.tick()
    return script, refereed, fusion


@pytest.mark.parametrize("rfid", [False, True])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fusion_referees_what_the_script_played(seed, rfid):
    script, refereed, fusion = _play_game_through_fusion(seed, rfid)
    want = [(e["seat"], e["face"], e["tiles"] if (e["face"] == "up" or rfid) else None)
            for e in script.events if e["type"] == "play"]
    got = [(e["seat"], e["face"], sorted(e["tiles"]) if e["tiles"] else None)
           for e in refereed.events if e["type"] == "play"]
    assert [(s, f, sorted(t) if t else None) for s, f, t in want] == got
    ends_a = [(e["winner"], e["payments"]) for e in script.events if e["type"] == "hand_ended"]
    ends_b = [(e["winner"], e["payments"]) for e in refereed.events if e["type"] == "hand_ended"]
    assert ends_a == ends_b and len(ends_a) == 2
    assert not fusion.alerts


def test_a_pair_placed_slowly_is_one_lead_not_two():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.8)
    f.observe(ZoneObservation("camera", "seat0.play", 0.0, (seen("6-6"),)))
    assert f.step(0.5) == []
    f.observe(ZoneObservation("camera", "seat0.play", 0.6, (seen("6-6"), seen("6-6"))))
    assert f.step(1.0) == []
    ev = f.step(1.5)
    assert ev and ev[0]["tiles"] == ["6-6", "6-6"]


def test_an_illegal_face_up_play_is_an_alert_then_fixed_face_down():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.1)
    f.observe(ZoneObservation("camera", "seat0.play", 0.0, (seen("4-4"),)))
    f.step(1.0)
    f.observe(ZoneObservation("camera", "seat1.play", 1.0, (seen("6-4"),)))
    assert f.step(2.0) == []
    assert f.alerts[-1].kind == "illegal_play" and "does not beat the 4-4" in f.alerts[-1].message
    f.step(2.5)
    assert len(f.alerts) == 1  # not repeated every frame
    f.observe(ZoneObservation("camera", "seat1.play", 3.0, (TileSeen(None, "down"),)))
    ev = f.step(3.5)
    assert ev and ev[0]["face"] == "down" and ev[0]["tiles"] is None


def test_out_of_turn_wrong_count_and_conflict_are_alerts():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.1, use_rfid=True)
    f.observe(ZoneObservation("camera", "seat2.play", 0.0, (seen("6-6"),)))
    f.step(1.0)
    assert f.alerts[-1].kind == "out_of_turn" and f.alerts[-1].seat == 2
    f.observe(ZoneObservation("camera", "seat2.play", 1.0, ()))
    f.observe(ZoneObservation("camera", "seat0.play", 1.0, (seen("6-6"),)))
    f.observe(ZoneObservation("rfid", "seat0.play", 1.0, (TileSeen("1-1", "unknown"),)))
    assert f.step(2.0) == []
    assert f.alerts[-1].kind == "out_of_turn"  # a passing disagreement is not yet an alert
    assert f.step(3.6) == []
    assert f.alerts[-1].kind == "sensor_conflict"
    f.observe(ZoneObservation("rfid", "seat0.play", 4.0, (TileSeen("6-6", "unknown"),)))
    assert f.step(4.2)[0]["tiles"] == ["6-6"]
    f.observe(ZoneObservation("camera", "seat1.play", 5.0, (TileSeen(None, "down"), TileSeen(None, "down"))))
    f.observe(ZoneObservation("rfid", "seat1.play", 5.0, (TileSeen("2-2", "unknown"), TileSeen("3-3", "unknown"))))
    assert f.step(6.0) == []
    assert f.alerts[-1].kind == "wrong_count"
    assert "2-2" not in f.alerts[-1].message and "3-3" not in f.alerts[-1].message


def test_lost_camera_is_reported_once():
    g = Game("pagat")
    f = Fusion(g)
    for t in range(5):
        f.observe(ZoneObservation("camera", "seat0.play", t, (), status="lost"))
    assert [a.kind for a in f.alerts] == ["sensor_lost"]


def test_a_dealt_hand_laid_face_up_is_declared():
    g = Game("tenkyu", first_banker=0)
    f = Fusion(g)
    hand = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1", "3-2"]  # all military: 八枝牌
    f.observe(ZoneObservation("camera", "seat2.play", 0.0, tuple(seen(t) for t in hand)))
    ev = f.step(1.0)
    assert [e["type"] for e in ev][:2] == ["hand_declared", "hand_ended"]
    assert ev[0]["seat"] == 2 and ev[0]["kind"] == "eight_branch"


def test_rfid_names_a_face_up_tile_the_camera_is_unsure_of():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.1, use_rfid=True)
    f.observe(ZoneObservation("camera", "seat0.play", 0.0, (TileSeen(None, "up", uncertain=True), seen("6-6"))))
    f.observe(ZoneObservation("rfid", "seat0.play", 0.0, (TileSeen("6-6", "unknown"), TileSeen("6-6", "unknown"))))
    ev = f.step(1.0)
    assert ev and ev[0]["tiles"] == ["6-6", "6-6"] and not f.alerts


def test_camera_only_an_uncertain_tile_waits_for_the_operator():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.1)
    f.observe(ZoneObservation("camera", "seat0.play", 0.0, (TileSeen(None, "up", uncertain=True),)))
    assert f.step(1.0) == []
    assert f.alerts[-1].kind == "uncertain_tile"


def test_rfid_alone_never_makes_a_play():
    g = Game("pagat", first_banker=0)
    f = Fusion(g, lead_settle=0.1, use_rfid=True)
    f.observe(ZoneObservation("rfid", "seat0.play", 0.0, (TileSeen("6-6", "unknown"),)))
    assert f.step(1.0) == [] and f.step(5.0) == []


def test_an_uncertain_reading_is_proposed_to_the_operator_once():
    class Sink:
        def __init__(self):
            self.game = Game("pagat", first_banker=0)
            self.proposed = []

        @property
        def state(self):
            return self.game.state

        def play(self, *a, **k):
            return self.game.play(*a, **k)

        def declare(self, *a):
            return self.game.declare(*a)

        def propose(self, seat, tiles, face, count):
            self.proposed.append((seat, tiles, face, count))

    sink = Sink()
    f = Fusion(sink, lead_settle=0.1)
    f.observe(ZoneObservation("camera", "seat0.play", 0.0, (TileSeen(None, "up", uncertain=True),)))
    f.step(1.0)
    f.step(2.0)
    assert sink.proposed == [(0, [], "up", 1)]
