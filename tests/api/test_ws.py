"""WebSocket streams per audience against a real server process."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .conftest import PLAYERS, Table


def ws_url(server, path: str) -> str:
    return server.base.replace("http://", "ws://") + path


def recv(ws, timeout: float = 5.0) -> dict:
    while True:
        msg = json.loads(ws.recv(timeout=timeout))
        if msg.get("kind") != "pong":
            return msg


def test_public_stream_gets_snapshot_then_each_command_in_order(server, http):
    t = Table(server, http, table="ws1", seed=2)
    with connect(ws_url(server, "/ws/tables/ws1?audience=public")) as a, \
            connect(ws_url(server, f"/ws/games/{t.id}")) as b:
        for ws in (a, b):
            snap = recv(ws)
            assert snap["kind"] == "snapshot" and snap["game_id"] == t.id
            assert snap["view"]["game"]["players"] == PLAYERS
        seqs = {id(a): [], id(b): []}
        for _ in range(8):
            out = t.step()
            for ws in (a, b):
                msg = recv(ws)
                assert msg["kind"] == "update"
                assert [e["seq"] for e in msg["events"]] == [e["seq"] for e in out["events"]]
                seqs[id(ws)] += [e["seq"] for e in msg["events"]]
                assert msg["view"]["game"]["seq"] == out["events"][-1]["seq"]
                for e in msg["events"]:
                    assert "salt" not in e
        for s in seqs.values():
            assert s == sorted(s) and len(s) == len(set(s)) and s[0] == 2


def test_seat_and_operator_streams_need_their_token(server, http):
    t = Table(server, http, table="ws2", seed=3)
    with connect(ws_url(server, "/ws/tables/ws2?audience=seat1")) as ws:
        ws.send(json.dumps({"token": t.seat_tokens[2]}))
        msg = recv(ws)
        assert msg["kind"] == "error" and msg["error"] == "unauthorized"
        with pytest.raises(ConnectionClosed) as exc:
            ws.recv(timeout=5)
        assert exc.value.rcvd.code == 4401
    with connect(ws_url(server, "/ws/tables/ws2?audience=operator")) as ws:
        ws.send(json.dumps({"token": t.seat_tokens[0]}))
        assert recv(ws)["error"] == "unauthorized"
    with connect(ws_url(server, "/ws/games/nosuch?audience=public")) as ws:
        assert recv(ws)["error"] == "not_found"
    with connect(ws_url(server, f"/ws/games/{t.id}?audience=seat1")) as seat, \
            connect(ws_url(server, f"/ws/games/{t.id}?audience=operator")) as op:
        seat.send(json.dumps({"token": t.seat_tokens[1]}))
        op.send(json.dumps({"token": server.token}))
        assert recv(seat)["view"]["audience"] == "seat1"
        assert recv(op)["view"]["audience"] == "operator"
        # play until seat 1 discards face down: seat 1 and the operator see the tile, the operator the salt
        while True:
            out = t.step()
            s_msg, o_msg = recv(seat), recv(op)
            mine = [e for e in out["events"] if e["type"] == "play" and e["seat"] == 1 and e["face"] == "down"]
            if mine:
                break
        s_ev = next(e for e in s_msg["events"] if e["type"] == "play")
        o_ev = next(e for e in o_msg["events"] if e["type"] == "play")
        assert s_ev["tiles"] == mine[0]["tiles"] and "salt" not in s_ev
        assert o_ev["salt"] == mine[0]["salt"]


def test_a_new_game_on_the_table_reaches_table_streams(server, http):
    t = Table(server, http, table="ws3")
    with connect(ws_url(server, "/ws/tables/ws3")) as ws, connect(ws_url(server, "/ws/tables/ws3?audience=seat1")) as seat:
        seat.send(json.dumps({"token": t.seat_tokens[1]}))
        assert recv(seat)["game_id"] == t.id
        first = recv(ws)["game_id"]
        r = http.post("/api/games", json={"table": "ws3", "players": PLAYERS}, headers=server.headers())
        assert r.status_code == 409 and r.json()["error"] == "table_busy"  # one game at a time
        second = Table(server, http, table="ws3", replace=True)  # ends the first game, logged
        assert recv(ws)["view"]["game"]["status"] == "over"
        assert t.events()[-1]["reason"] == "replaced by a new game"
        msg = recv(ws)
        assert msg["kind"] == "snapshot" and msg["game_id"] == second.id != first
        # a seat token opened one game only: its stream does not follow the table to the next game
        assert recv(seat)["view"]["game"]["status"] == "over"
        with pytest.raises(TimeoutError):
            seat.recv(timeout=0.5)


def test_alerts_reach_streams(server, http):
    Table(server, http, table="ws4")
    with connect(ws_url(server, "/ws/tables/ws4")) as ws:
        recv(ws)
        r = http.post("/api/tables/ws4/alerts", json={"kind": "reader_lost", "message": "RFID reader lost"},
                      headers=server.headers())
        msg = recv(ws)
        assert msg["kind"] == "alerts"
        assert [(a["kind"], a["message"]) for a in msg["view"]["alerts"]] == [("reader_lost", "RFID reader lost")]
        http.delete(f"/api/alerts/{r.json()['id']}", headers=server.headers())
        assert recv(ws)["view"]["alerts"] == []
        ws.send('{"type":"ping"}')
        assert json.loads(ws.recv(timeout=5)) == {"kind": "pong"}
