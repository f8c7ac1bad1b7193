"""The in-process API the table runtime uses (TableService), and the event store."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from api.autoplay import AutoPlayer
from api.service import Subscriber, TableService
from api.store import EventStore, StoreError
from referee.game import Game, OutOfTurn, RefereeError

from .conftest import PLAYERS


@pytest.fixture
def svc(tmp_path):
    s = TableService.open(str(tmp_path / "svc.sqlite"))
    yield s
    s.close()


def test_store_is_wal_and_never_stores_an_event_twice(tmp_path):
    st = EventStore(str(tmp_path / "s.sqlite"))
    assert st.journal_mode == "wal"
    st.create_game("g", "t", 0.0)
    st.append("g", [{"type": "game_started", "seq": 0}, {"type": "hand_started", "seq": 1}])
    with pytest.raises(StoreError):
        st.append("g", [{"type": "play", "seq": 2}, {"type": "play", "seq": 1}])
    assert [e["seq"] for e in st.events("g")] == [0, 1]  # the failed batch left nothing behind
    st.close()
    st2 = EventStore(str(tmp_path / "s.sqlite"))
    assert st2.event_count("g") == 2
    st2.close()


def test_operator_token_is_generated_once_and_stored_hashed(tmp_path):
    db = str(tmp_path / "tok.sqlite")
    s1 = TableService.open(db)
    token = s1.new_operator_token
    assert token and s1.is_operator(token) and not s1.is_operator(token + "x")
    s1.close()
    raw = sqlite3.connect(db).execute("SELECT group_concat(value) FROM meta").fetchone()[0]
    assert token not in raw
    s2 = TableService.open(db)
    assert s2.new_operator_token is None and s2.is_operator(token)
    s2.close()


def test_runtime_plays_alerts_and_observations(svc):
    gid, tokens = svc.start_game("main", PLAYERS, "pagat", {}, 0)
    assert len(tokens) == 4
    local = AutoPlayer(Game("pagat", PLAYERS, first_banker=0, salt_seed=1), seed=4, sealed=False)
    p = local.step()
    svc.submit_play("main", p["seat"], p["tiles"], p["face"])
    # a play out of turn from the sensors: refused, and the side screen says why (public text)
    with pytest.raises(OutOfTurn):
        svc.submit_play("main", 3, ["6-6"])
    alerts = svc.table_view("main")["alerts"]
    assert [a["kind"] for a in alerts] == ["illegal_play"] and "turn" in alerts[0]["message"]
    # camera-only face-down play (identity unknown) clears it
    while True:
        p = local.next_play()
        if p["face"] == "down":
            break
        local.apply(p)
        svc.submit_play("main", p["seat"], p["tiles"], p["face"])
    local.apply(p)
    evs = svc.submit_play("main", p["seat"], None, "down", 1)
    assert evs[0]["tiles"] is None and evs[0]["count"] == 1
    assert svc.table_view("main")["alerts"] == []
    # camera lost / back
    a = svc.raise_alert("main", "camera_lost", "Camera lost")
    assert svc.table_view("main")["alerts"][0]["id"] == a["id"]
    assert svc.clear_alerts("main", "camera_lost") == 1
    with pytest.raises(Exception, match="unknown alert kind"):
        svc.raise_alert("main", "meteor", "!")
    # an uncertain observation waits for the operator; confirming plays it
    p = local.next_play()
    n_events = len(svc.game(gid).events)
    obs = svc.propose_play("main", p["seat"], p["tiles"], p["face"], p.get("count"), confidence=0.5)
    assert svc.table_view("main", "public")["observations"][0] == {"id": obs["id"], "seat": p["seat"],
                                                                 "face": p["face"], "count": obs["count"]}
    assert len(svc.game(gid).events) == n_events  # nothing is played until the operator confirms
    assert [a["kind"] for a in svc.table_view("main")["alerts"]] == ["uncertain"]
    local.apply(p)
    evs = svc.confirm_observation(obs["id"], by="Olga")
    assert evs[0]["seat"] == p["seat"] and svc.observations() == []


def test_subscribers_get_each_commit_once_in_order(svc):
    gid, _ = svc.start_game("t2", PLAYERS, "pagat", {}, 0)
    local = AutoPlayer(Game("pagat", PLAYERS, first_banker=0, salt_seed=1), seed=5)

    async def main():
        loop = asyncio.get_running_loop()
        pub = Subscriber("public", loop, table="t2")
        snap = svc.subscribe(pub)
        assert snap["kind"] == "snapshot" and snap["game_id"] == gid
        for _ in range(12):
            p = local.step()
            await asyncio.to_thread(svc.play, gid, p["seat"], p["tiles"], p["face"])
        seqs = []
        while not pub.queue.empty():
            seqs += [e["seq"] for e in json.loads(pub.queue.get_nowait())["events"]]
        svc.unsubscribe(pub)
        return seqs

    seqs = asyncio.run(main())
    assert seqs == list(range(2, 2 + len(seqs))) and len(seqs) >= 12


def test_a_failed_commit_changes_nothing_and_is_not_broadcast(svc, tmp_path):
    gid, _ = svc.start_game("t3", PLAYERS, "pagat", {}, 0)
    local = AutoPlayer(Game("pagat", PLAYERS, first_banker=0, salt_seed=1), seed=6)
    p = local.step()
    svc.play(gid, p["seat"], p["tiles"], p["face"])
    n = len(svc.game(gid).events)
    svc.store._db.execute("PRAGMA busy_timeout=50")
    other = sqlite3.connect(svc.store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the lock: our commit cannot happen

    async def main():
        sub = Subscriber("public", asyncio.get_running_loop(), table="t3")
        svc.subscribe(sub)
        q = local.next_play()
        with pytest.raises(StoreError):
            svc.play(gid, q["seat"], q["tiles"], q["face"])
        await asyncio.sleep(0.05)
        assert sub.queue.empty()  # nothing was broadcast
        assert len(svc.game(gid).events) == n  # the game was reloaded from the file
        other.execute("ROLLBACK")
        local.apply(q)
        svc.play(gid, q["seat"], q["tiles"], q["face"])
        await asyncio.sleep(0.05)
        assert not sub.queue.empty()

    asyncio.run(main())
    assert svc.store.event_count(gid) == n + 1


def test_refused_commands_change_nothing(svc):
    gid, _ = svc.start_game("t4", PLAYERS, "pagat", {}, 0)
    before = list(svc.game(gid).events)
    for bad in (lambda: svc.play(gid, 0, ["7-7"]), lambda: svc.undo(gid),
                lambda: svc.reveal(gid, 1, 0, 1, by="x", why="y"), lambda: svc.play(gid, 1, ["6-6"])):
        with pytest.raises(RefereeError):
            bad()
    assert svc.game(gid).events == before and svc.store.event_count(gid) == len(before)


def test_early_death_in_force_is_an_alert_on_every_screen(svc):
    # find a deal where someone has no trick when the last single-tile trick is led
    for seed in range(200):
        g = Game("pagat", PLAYERS, first_banker=0, salt_seed=1)
        p = AutoPlayer(g, seed=seed)
        plays = [p.step() for _ in range(29)]
        if 0 in g.state.hand.tricks:
            break
    else:
        pytest.skip("no early-death deal found")
    gid, _ = svc.start_game("ed", PLAYERS, "pagat", {}, 0)
    for q in plays[:-1]:
        svc.play(gid, q["seat"], q["tiles"], q["face"], q.get("count"))
        assert all(a["kind"] != "early_death" for a in svc.table_view("ed")["alerts"])
    q = plays[-1]
    svc.play(gid, q["seat"], q["tiles"], q["face"], q.get("count"))
    for audience in ("public", "seat1", "operator"):
        alerts = svc.table_view("ed", audience)["alerts"]
        assert [a["kind"] for a in alerts] == ["early_death"] and "face down" in alerts[0]["message"]
