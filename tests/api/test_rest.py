"""REST against a real server process: games, commands, bad input, access, replays."""

from __future__ import annotations

import json
import sqlite3

import httpx
import pytest

from referee.replay import loads

from .conftest import PLAYERS, Server, Table


def stored_events(srv: Server, game_id: str) -> list[dict]:
    """Read the event log straight from the SQLite file (a second reader; WAL allows it)."""
    db = sqlite3.connect(f"file:{srv.db}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT body FROM events WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        db.close()
    return [json.loads(r[0]) for r in rows]


def test_health_profiles_tiles(http):
    assert http.get("/api/health").json()["ok"] is True
    prof = http.get("/api/profiles").json()
    assert "tenkyu" in prof["profiles"] and "early_death" in prof["options"]
    tiles = {t["tile"]: t for t in http.get("/api/tiles").json()}
    assert tiles["6-6"]["chinese"] == "天牌" and tiles["6-6"]["red_pips"] == 6 and len(tiles) == 21


def test_start_game_needs_the_operator_token(server, http):
    body = {"players": PLAYERS}
    r = http.post("/api/games", json=body)
    assert r.status_code == 401 and r.json()["error"] == "unauthorized"
    r = http.post("/api/games", json=body, headers={"Authorization": "Bearer op-wrong"})
    assert r.status_code == 401
    assert "op-wrong" not in r.text
    r = http.post("/api/games", json=dict(body, banker="lot"), headers=server.headers())
    assert r.status_code == 201
    data = r.json()
    assert len(data["seat_tokens"]) == 4 and len(set(data["seat_tokens"])) == 4
    assert data["view"]["game"]["hand"]["banker"] in range(4)
    # the table now shows that game
    assert http.get("/api/tables/main").json()["game_id"] == data["game_id"]
    assert any(t["table"] == "main" for t in http.get("/api/tables").json())


def test_play_and_view(server, http):
    t = Table(server, http, table="rest1")
    out = t.step()
    assert out["events"][0]["type"] == "play"
    v = http.get(f"/api/games/{t.id}").json()
    hand = v["game"]["hand"]
    assert hand["current"][0]["tiles"] == out["events"][0]["tiles"] and hand["turn"] == 1
    for _ in range(7):
        t.step()
    v = http.get(f"/api/games/{t.id}").json()
    assert sum(v["game"]["hand"]["tricks_won"]) == 2
    hands = http.get(f"/api/games/{t.id}/hands").json()
    assert hands[0]["status"] == "in progress"
    h1 = http.get(f"/api/games/{t.id}/hands/1").json()
    assert sum(e["type"] == "play" for e in h1["events"]) == 8


@pytest.mark.parametrize("body,where", [
    ({"seat": "north", "tiles": ["6-6"]}, "body.seat"),
    ({"tiles": ["6-6"]}, "body.seat"),
    ({"seat": 0, "tiles": "6-6"}, "body.tiles"),
    ({"seat": 9, "tiles": ["6-6"]}, "body.seat"),
    ({"seat": 0, "tiles": ["6-6"], "face": "sideways"}, "body.face"),
    ({"seat": 0, "tiles": ["6-6"], "colour": "red"}, "body.colour"),
])
def test_malformed_plays_are_clear_4xx_and_change_nothing(server, http, body, where):
    t = Table(server, http)
    t.step()
    before = stored_events(server, t.id)
    view_before = http.get(f"/api/games/{t.id}").json()["game"]
    r = http.post(f"/api/games/{t.id}/plays", json=body, headers=server.headers())
    assert r.status_code == 422, r.text
    err = r.json()
    assert err["error"] == "invalid_request" and where in err["message"]
    assert stored_events(server, t.id) == before
    assert http.get(f"/api/games/{t.id}").json()["game"] == view_before


def test_broken_json_and_wrong_content(server, http):
    t = Table(server, http, table="bad2")
    before = stored_events(server, t.id)
    r = http.post(f"/api/games/{t.id}/plays", content=b"{not json", headers=dict(
        server.headers(), **{"Content-Type": "application/json"}))
    assert r.status_code == 422 and r.json()["error"] == "invalid_request"
    r = http.post(f"/api/games/{t.id}/plays", content=b"[1,2]", headers=dict(
        server.headers(), **{"Content-Type": "application/json"}))
    assert r.status_code == 422
    r = http.post("/api/games/nosuchgame/plays", json={"seat": 0, "tiles": ["6-6"]}, headers=server.headers())
    assert r.status_code == 404 and "nosuchgame" in r.json()["message"]
    r = http.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert stored_events(server, t.id) == before


def test_illegal_plays_are_refused_with_the_rules_reason(server, http):
    t = Table(server, http, table="illegal")
    before = stored_events(server, t.id)
    cases = [
        ({"seat": 2, "tiles": ["6-6"]}, "out_of_turn", "turn"),
        ({"seat": 0, "tiles": ["7-7"]}, "illegal_play", "7-7"),
        ({"seat": 0, "face": "down", "count": 1}, "illegal_play", "face up"),
        ({"seat": 0, "tiles": ["6-6", "6-6", "6-6"]}, "illegal_play", "6-6"),
    ]
    for body, code, words in cases:
        r = http.post(f"/api/games/{t.id}/plays", json=body, headers=server.headers())
        assert r.status_code == 409, (body, r.text)
        assert r.json()["error"] == code and words in r.json()["message"], r.text
    assert stored_events(server, t.id) == before
    t.step()  # the game goes on normally
    assert len(stored_events(server, t.id)) == len(before) + 1


def test_undo_correct_void_reveal_end(server, http):
    t = Table(server, http, table="ops", seed=3)
    H = server.headers()
    t.step()
    # undo the lead: the view goes back to an empty trick, the undo is logged with who and why
    r = http.post(f"/api/games/{t.id}/undo", json={"by": "Olga", "reason": "misread"}, headers=H)
    assert r.status_code == 200
    ev = r.json()["events"][0]
    assert ev["type"] == "play_undone" and ev["by"] == "Olga" and ev["reason"] == "misread"
    assert r.json()["view"]["game"]["hand"]["current"] == []
    # replay the lead on the server (the local mirror still has it played)
    lead = next(e for e in t.events() if e["type"] == "play")
    http.post(f"/api/games/{t.id}/plays", json={"seat": 0, "tiles": lead["tiles"]}, headers=H).raise_for_status()
    # play until someone discards face down (sealed), then reveal it to the operator
    sealed = None
    while sealed is None:
        out = t.step()
        sealed = next((e for e in out["events"] if e["type"] == "play" and e["face"] == "down"), None)
    r = http.post(f"/api/games/{t.id}/reveals", json={"hand": 1, "trick": sealed["trick"], "seat": sealed["seat"],
                                                       "why": "Bo disputes the discard", "by": "Olga"}, headers=H)
    assert r.status_code == 200, r.text
    rev = r.json()["events"][0]
    assert rev["type"] == "discards_revealed" and rev["tiles"] == sealed["tiles"] and rev["by"] == "Olga"
    assert rev["why"] == "Bo disputes the discard"
    # a reveal needs a reason
    r = http.post(f"/api/games/{t.id}/reveals", json={"hand": 1, "trick": 0, "seat": 1, "why": ""}, headers=H)
    assert r.status_code == 422
    # a correction with the wrong number of tiles is refused with the reason, and changes nothing
    n_before = len(t.events())
    r = http.post(f"/api/games/{t.id}/corrections", json={"trick": 0, "seat": 0, "tiles": ["6-6", "6-5"]},
                  headers=H)
    assert r.status_code == 409 and r.json()["error"] == "wrong_count" and "1 tiles" in r.json()["message"]
    assert len(t.events()) == n_before
    # a correction that keeps every trick's winner is logged with who and why
    r = http.post(f"/api/games/{t.id}/corrections", json={"trick": sealed["trick"], "seat": sealed["seat"],
                                                           "tiles": ["2-1"], "by": "Olga", "reason": "RFID misread"},
                  headers=H)
    assert r.status_code == 200, r.text
    cor = r.json()["events"][0]
    assert cor["type"] == "tile_corrected" and cor["by"] == "Olga" and cor["tiles"] == ["2-1"]
    # void: the hand is dealt again under the same banker
    n_before = len(t.events())
    r = http.post(f"/api/games/{t.id}/void", json={"reason": "tiles fell"}, headers=H)
    assert r.status_code == 200
    types = [e["type"] for e in r.json()["events"]]
    assert types == ["hand_voided", "hand_started"] and len(t.events()) == n_before + 2
    r = http.post(f"/api/games/{t.id}/end", headers=H)
    assert r.status_code == 200 and r.json()["view"]["game"]["status"] == "over"
    r = http.post(f"/api/games/{t.id}/plays", json={"seat": 0, "tiles": ["6-6"]}, headers=H)
    assert r.status_code == 409 and r.json()["error"] == "game_over"


def test_seat_tokens_open_only_their_seat(server, http):
    t = Table(server, http, table="seats", seed=4)
    while not any(e["type"] == "play" and e["face"] == "down" and e["tiles"] for e in t.events()):
        t.step()
    sealed = next(e for e in t.events() if e["type"] == "play" and e["face"] == "down")
    s = sealed["seat"]
    own = {"Authorization": f"Bearer {t.seat_tokens[s]}"}
    other = {"Authorization": f"Bearer {t.seat_tokens[(s + 1) % 4]}"}
    r = http.get(f"/api/games/{t.id}", params={"audience": f"seat{s}"}, headers=own)
    assert r.status_code == 200
    plays = [p for tr in r.json()["game"]["hand"]["completed"] for p in tr["plays"]] + \
        r.json()["game"]["hand"]["current"]
    assert any(p["seat"] == s and p["tiles"] == sealed["tiles"] for p in plays)
    # another seat's token does not open this seat's view, nor the operator's, nor commands
    assert http.get(f"/api/games/{t.id}", params={"audience": f"seat{s}"}, headers=other).status_code == 401
    assert http.get(f"/api/games/{t.id}", params={"audience": "operator"}, headers=own).status_code == 401
    r = http.post(f"/api/games/{t.id}/undo", headers=own)
    assert r.status_code == 401
    # a new seat token replaces the old one
    r = http.post(f"/api/games/{t.id}/seats/{s}/token", headers=server.headers())
    new = {"Authorization": f"Bearer {r.json()['token']}"}
    assert http.get(f"/api/games/{t.id}", params={"audience": f"seat{s}"}, headers=new).status_code == 200
    assert http.get(f"/api/games/{t.id}", params={"audience": f"seat{s}"}, headers=own).status_code == 401


def test_replays(server, http):
    t = Table(server, http, table="replay", seed=5)
    for _ in range(40):  # a whole hand and a bit
        t.step()
    r = http.get(f"/api/games/{t.id}/replay.jsonl")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rep = loads(r.text)
    assert rep.variant == "public" and rep.game.state.hands_played == 1
    assert http.get(f"/api/games/{t.id}/replay.jsonl", params={"variant": "full"}).status_code == 401
    r = http.get(f"/api/games/{t.id}/replay.jsonl", params={"variant": "full"}, headers=server.headers())
    full = loads(r.text)
    assert full.variant == "full" and len(full.events) == len(rep.events)
    txt = http.get(f"/api/games/{t.id}/replay.txt").text
    assert '[Rules "pagat"]' in txt and "Hand 2" in txt and "#[" not in txt
    txt_full = http.get(f"/api/games/{t.id}/replay.txt", params={"variant": "full"}, headers=server.headers()).text
    assert "#[" in txt_full
    page = http.get(f"/api/games/{t.id}/replay.html").text
    assert page.startswith("<!doctype html>") and "const REPLAY" in page and "<script src" not in page
    assert "http://" not in page.split("const REPLAY")[1]  # no network needed


def test_observations_and_alerts(server, http):
    t = Table(server, http, table="obs", seed=6)
    H = server.headers()
    play = t.local.next_play()
    body = {"seat": play["seat"], "tiles": play["tiles"], "face": "up", "confidence": 0.55, "note": "glare"}
    r = http.post(f"/api/games/{t.id}/observations", json=body, headers=H)
    assert r.status_code == 201
    oid = r.json()["id"]
    pub = http.get("/api/tables/obs").json()
    assert [a["kind"] for a in pub["alerts"]] == ["uncertain"]
    assert pub["observations"] == [{"id": oid, "seat": play["seat"], "face": "up", "count": 1}]
    assert http.get(f"/api/games/{t.id}/observations").status_code == 401
    assert http.get(f"/api/games/{t.id}/observations", headers=H).json()[0]["tiles"] == play["tiles"]
    r = http.post(f"/api/observations/{oid}/confirm", json={"by": "Olga"}, headers=H)
    assert r.status_code == 200 and r.json()["events"][0]["tiles"] == play["tiles"]
    t.local.apply(play)
    assert http.get("/api/tables/obs").json()["alerts"] == []
    assert http.post(f"/api/observations/{oid}/confirm", headers=H).status_code == 404
    # alerts: raised by the runtime (here over REST), shown to everyone, cleared by the operator
    r = http.post("/api/tables/obs/alerts", json={"kind": "camera_lost", "message": "Camera lost"}, headers=H)
    assert r.status_code == 201
    aid = r.json()["id"]
    assert any(a["id"] == aid for a in http.get("/api/alerts", params={"table": "obs"}).json())
    assert http.post("/api/tables/obs/alerts", json={"kind": "fire", "message": "x"}, headers=H).status_code == 422
    assert http.delete(f"/api/alerts/{aid}").status_code == 401
    assert http.delete(f"/api/alerts/{aid}", headers=H).status_code == 204
    assert not any(a["id"] == aid for a in http.get("/api/alerts").json())
    # a sensor play that breaks the rules raises an illegal-play alert until the next good play
    nxt = t.local.next_play()
    wrong = (nxt["seat"] + 1) % 4
    r = http.post(f"/api/games/{t.id}/plays", json={"seat": wrong, "tiles": ["6-6"], "source": "sensor"}, headers=H)
    assert r.status_code == 409
    assert [a["kind"] for a in http.get("/api/tables/obs").json()["alerts"]] == ["illegal_play"]
    t.step()
    assert http.get("/api/tables/obs").json()["alerts"] == []


def test_failed_authentication_is_rate_limited(tmp_path):
    srv = Server(tmp_path / "limit.sqlite").start()
    try:
        with httpx.Client(base_url=srv.base, timeout=10) as c:
            bad = [c.post("/api/games", json={"players": PLAYERS},
                          headers={"Authorization": f"Bearer guess{i}"}) for i in range(11)]
            assert [r.status_code for r in bad] == [401] * 10 + [429]
            assert int(bad[-1].headers["Retry-After"]) > 0
            # while limited, even the right token is refused (so guesses cannot be tested)
            r = c.post("/api/games", json={"players": PLAYERS}, headers=srv.headers())
            assert r.status_code == 429 and r.json()["error"] == "rate_limited"
            # the public views stay open
            assert c.get("/api/tables").status_code == 200
    finally:
        srv.stop()


def test_a_three_player_decktet_game(server, http):
    r = http.post("/api/games", json={"table": "deck3", "players": ["Ann", "Bo", "Cy"], "rules": "decktet-3",
                                      "banker": 1}, headers=server.headers())
    assert r.status_code == 201, r.text
    gid = r.json()["game_id"]
    assert len(r.json()["seat_tokens"]) == 3
    r = http.post(f"/api/games/{gid}/plays", json={"seat": 1, "tiles": ["Ace of Moons"]}, headers=server.headers())
    assert r.status_code == 200, r.text
    r = http.post(f"/api/games/{gid}/plays", json={"seat": 3, "tiles": ["Castle"]}, headers=server.headers())
    assert r.status_code == 409 and "seat" in r.json()["message"]
    assert http.get(f"/api/games/{gid}").json()["game"]["hand"]["current"][0]["tiles"] == ["Ace of Moons"]
    r = http.post("/api/games", json={"table": "deck3b", "players": PLAYERS, "rules": "decktet-3"},
                  headers=server.headers())
    assert r.status_code == 422 and "3 players" in r.json()["message"]
