"""Plant and search: known face-down identities must not reach any public or other-seat output.

A game is played with sealed (RFID-style) face-down plays.  The planted secrets are the
military tiles (one copy in the set) that were only ever played sealed — never face up, so
finding one anywhere public can only be a leak — plus a pending sealed observation and a
reveal made to the operator only.  Every public and seat output is collected (REST, WebSocket
messages, HTML pages, public replays, OpenAPI, error bodies) and searched for the tile codes
and for every salt.  The operator's outputs are searched too, as the positive control.
"""

from __future__ import annotations

import contextlib
import json
import re

from websockets.sync.client import connect

from referee.tiles import Tile

from .conftest import Table


def test_planted_face_down_identities_do_not_leak(server, http):
    t = Table(server, http, table="secret", seed=11)
    H = server.headers()
    base_ws = server.base.replace("http://", "ws://")
    stack = contextlib.ExitStack()
    streams = {"public": stack.enter_context(connect(f"{base_ws}/ws/tables/secret?audience=public"))}
    for s in range(4):
        ws = stack.enter_context(connect(f"{base_ws}/ws/games/{t.id}?audience=seat{s}"))
        ws.send(json.dumps({"token": t.seat_tokens[s]}))
        streams[f"seat{s}"] = ws
    seen: dict[str, list[str]] = {k: [] for k in streams}

    def drain(n: int = 1) -> None:
        for k, ws in streams.items():
            for _ in range(n):
                seen[k].append(ws.recv(timeout=5))

    drain()  # snapshots
    for _ in range(40):  # one whole hand and part of the next
        t.step()
        drain()
    # a sealed discard revealed to the operator only (public sees that it happened, not what)
    ops = t.events()
    sealed = [e for e in ops if e["type"] == "play" and e["face"] == "down" and e["tiles"]]
    target = sealed[-1]
    r = http.post(f"/api/games/{t.id}/reveals", json={"hand": target["hand"], "trick": target["trick"],
                                                       "seat": target["seat"], "why": "dispute", "by": "Olga"},
                  headers=H)
    assert r.status_code == 200, r.text
    drain()
    # a pending sealed observation of a tile nobody has played yet
    seat = t.local.next_play()["seat"]
    hidden = next(x for x in reversed(t.local.hands[seat]) if not x.is_civil and x.name not in ("2-1", "4-2"))
    r = http.post(f"/api/games/{t.id}/observations", json={"seat": seat, "tiles": [hidden.name], "face": "down",
                                                            "confidence": 0.4}, headers=H)
    assert r.status_code == 201
    drain()

    # -- the planted secrets ------------------------------------------------------------------
    ops = t.events()
    face_up = {x for e in ops if e["type"] == "play" and e["face"] == "up" for x in e["tiles"]}
    face_up |= {x for e in ops if e["type"] == "trick_won" for x in e["won_with"]}
    # the rule options name tiles too (counter_tiles "2-1>4-2"): those are no test of secrecy
    rules_text = json.dumps(ops[0]["options"])
    planted = {x: e["seat"] for e in ops if e["type"] == "play" and e["face"] == "down" and e["tiles"]
               for x in e["tiles"] if not Tile.parse(x).is_civil and x not in face_up and x not in rules_text}
    planted[hidden.name] = seat
    salts = {e["salt"] for e in ops if e.get("salt")}
    assert len(planted) >= 4 and len(salts) >= 8, (planted, len(salts))

    # -- collect every public and seat output -------------------------------------------------
    def get(path, token=None, **params):
        hdr = {"Authorization": f"Bearer {token}"} if token else {}
        return http.get(path, params=params, headers=hdr).text

    public: list[str] = [m for m in seen["public"]]
    public += [get("/api/tables"), get("/api/tables/secret"), get("/api/games"), get(f"/api/games/{t.id}"),
               get(f"/api/games/{t.id}/events"), get(f"/api/games/{t.id}/hands"), get(f"/api/games/{t.id}/hands/1"),
               get(f"/api/games/{t.id}/hands/2"), get("/api/alerts"), get(f"/api/games/{t.id}/replay.jsonl"),
               get(f"/api/games/{t.id}/replay.txt"), get("/openapi.json"), get("/docs")]
    replay_page = get(f"/api/games/{t.id}/replay.html")
    replay_data = re.search(r"const REPLAY = (.*?);\n?</script>", replay_page, re.S).group(1)
    public.append(replay_data)
    # error bodies, public and with seat tokens
    tok = t.seat_tokens[0]
    errors = [get(f"/api/games/{t.id}", audience="operator"), get(f"/api/games/{t.id}", tok, audience="operator"),
              get(f"/api/games/{t.id}/replay.jsonl", tok, variant="full"),
              get(f"/api/games/{t.id}/observations", tok), get(f"/api/games/{t.id}/hands/99"),
              get(f"/api/games/{t.id}", audience="seat9"),
              http.post(f"/api/games/{t.id}/plays", json={"seat": 0, "tiles": [hidden.name]},
                        headers={"Authorization": f"Bearer {tok}"}).text,
              http.post(f"/api/observations/{r.json()['id']}/confirm", headers={"Authorization": f"Bearer {tok}"}).text]
    assert all('"error"' in e for e in errors)
    public += errors
    per_seat: dict[int, list[str]] = {}
    for s in range(4):
        tk = t.seat_tokens[s]
        per_seat[s] = seen[f"seat{s}"] + [get(f"/api/games/{t.id}", tk, audience=f"seat{s}"),
                                           get(f"/api/games/{t.id}/events", tk, audience=f"seat{s}"),
                                           get(f"/api/games/{t.id}/hands/1", tk, audience=f"seat{s}"),
                                           get("/api/tables/secret", tk, audience=f"seat{s}")]
    static_pages = [get("/screen"), get("/console"), replay_page]

    # -- search ---------------------------------------------------------------------------------
    for text in public:
        for tile in planted:
            assert tile not in text, f"public output leaks {tile}: {text[:200]}"
        for salt in salts:
            assert salt not in text
    for s, texts in per_seat.items():
        for text in texts:
            for tile, owner in planted.items():
                if owner != s:
                    assert tile not in text, f"seat {s} sees seat {owner}'s {tile}"
            for salt in salts:
                assert salt not in text
    for page in static_pages:
        for salt in salts:
            assert salt not in page
    # no token ever appears in an output (not even a seat's own)
    for text in public + static_pages + [x for texts in per_seat.values() for x in texts]:
        assert server.token not in text
        for tk in t.seat_tokens:
            assert tk not in text
    # the side screen and console pages carry no game data at all
    assert get("/screen") == static_pages[0] and t.id not in static_pages[0] and t.id not in static_pages[1]

    # -- positive controls: the search does find them where they belong -------------------------
    full = get(f"/api/games/{t.id}/replay.jsonl", server.token, variant="full")
    op_obs = get(f"/api/games/{t.id}/observations", server.token)
    for tile in planted:
        assert tile in full + op_obs
    for salt in salts:
        assert salt in full
    for tile, owner in planted.items():
        if tile != hidden.name:
            assert any(tile in text for text in per_seat[owner]), f"seat {owner} should see its own {tile}"
    stack.close()
