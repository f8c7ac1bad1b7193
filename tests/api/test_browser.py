"""Real Chromium (Debian's package, driven by Playwright) against a real server process."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from referee.replay import loads
from referee.tiles import Tile

from .conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server, Table

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason=f"Debian chromium is not installed at {CHROMIUM} (make test installs it)"),
]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    # bypass_csp: Playwright evaluates wait_for_function predicates with eval, which the pages' CSP forbids
    ctx = browser.new_context(viewport={"width": 1600, "height": 900}, bypass_csp=True)
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    ctx.close()


def non_blank(path: Path) -> tuple[float, int]:
    import cv2
    import numpy as np

    img = cv2.imread(str(path))
    assert img is not None, f"cannot read {path}"
    colours = len(np.unique(img.reshape(-1, 3), axis=0))
    return float(img.std()), colours


def test_side_screen_shows_a_play_within_a_second(server, http, page):
    t = Table(server, http, table="screen", seed=8)
    for _ in range(9):
        t.step()
    page.goto(f"{server.base}/screen?table=screen")
    page.wait_for_function("window.__tg && window.__tg.live", timeout=5000)
    # step on to a lead (face up), so the tile drawn is known
    while t.local.game.state.hand.plays:
        t.step()
    for _ in range(3):
        out = t.step()
        accepted = time.monotonic()
        ev = out["events"][0]
        tile = ev["tiles"][0] if ev["face"] == "up" else "down"
        sel = f'.trick:not(.dim) .play[data-seat="{ev["seat"]}"] svg[data-tile="{tile}"]'
        page.wait_for_selector(sel, timeout=1000)
        assert time.monotonic() - accepted < 1.0
    lead = Tile.parse(next(e for e in t.events() if e["type"] == "play" and e["seq"] == out["events"][0]["seq"] - 2)
                      ["tiles"][0])
    text = page.inner_text(".trick")
    assert lead.english in text and lead.chinese in text
    # seats, banker marker and multiplier, the chips ledger, the rule profile
    assert page.inner_text('.seat[data-seat="0"] .pname') == "Ann"
    assert "BANKER ×2" in page.inner_text(".seat.banker")
    assert "chips" in page.inner_text(".ledger").lower() and "pagat" in page.inner_text(".rules")
    # tiles are drawn long and narrow (about 2.5 : 1)
    box = page.locator(".trick .tile").first.bounding_box()
    assert 2.3 < box["height"] / box["width"] < 2.7
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "side_screen.png"
    page.screenshot(path=str(shot))
    std, colours = non_blank(shot)
    assert std > 15 and colours > 50, (std, colours)
    assert page.errors == []


def test_side_screen_goes_stale_and_reconnects(tmp_path, page):
    srv = Server(tmp_path / "stale.sqlite").start()
    try:
        with httpx.Client(base_url=srv.base, timeout=5) as http:
            t = Table(srv, http, table="main", seed=9)
            for _ in range(3):
                t.step()
            page.goto(f"{srv.base}/screen")
            page.wait_for_function("window.__tg.live", timeout=5000)
            srv.kill()
            page.wait_for_function("document.body.classList.contains('stale')", timeout=5000)
            assert "reconnecting" in page.inner_text("#stale-banner")
            assert page.inner_text("#conn") == "STALE"
            # the last known state stays on screen while stale
            assert page.locator('.trick .play[data-seat="2"]').count() == 1
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "side_screen_stale.png"))
            srv2 = Server(srv.db, port=srv.port).start()
            try:
                page.wait_for_function("window.__tg.live", timeout=10000)
                t.step()
                page.wait_for_selector('.trick .play[data-seat="3"]', timeout=2000)
            finally:
                srv2.stop()
    finally:
        srv.stop()
    assert page.errors == []


def test_console_records_a_play_and_the_replay_viewer_steps(server, http, page):
    t = Table(server, http, table="console", seed=10)
    page.goto(f"{server.base}/console")
    page.fill("#token", server.token)
    page.fill("#table", "console")
    page.click("#connect")
    page.wait_for_selector("#conn.live", timeout=5000)
    play = t.local.next_play()
    page.select_option("#p-seat", str(play["seat"]))
    page.fill("#p-tiles", play["tiles"][0])
    page.click("#play")
    page.wait_for_selector("#msg.ok", timeout=3000)
    t.local.apply(play)
    assert [e["tiles"] for e in t.events() if e["type"] == "play"] == [play["tiles"]]
    page.wait_for_selector(f'.trick .play[data-seat="{play["seat"]}"] svg[data-tile="{play["tiles"][0]}"]')
    assert "play" in page.inner_text("#log")
    for _ in range(20):
        t.step()
    # export: the full replay downloads through the console (fetch with the token, then a file)
    with page.expect_download() as dl:
        page.click('[data-exp="replay.jsonl?variant=full"]')
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    assert dl.value.suggested_filename == f"tiengow-{t.id}-full.jsonl"
    assert loads(text).variant == "full" and len(loads(text).events) == len(t.events())
    page.goto(f"{server.base}/api/games/{t.id}/replay.html")
    page.wait_for_function("window.__replay && window.__replay.steps > 20")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    assert page.evaluate("window.__replay.step") > 1
    assert page.locator(".trick .tile").count() >= 1 and "won by" in page.inner_text("aside")
    page.screenshot(path=str(ARTIFACTS / "replay_viewer.png"))
    assert page.errors == []


def test_a_seat_sees_its_own_sealed_discard_and_the_public_does_not(server, http, page):
    t = Table(server, http, table="seatview", seed=12)
    while True:
        out = t.step()
        down = [e for e in out["events"] if e["type"] == "play" and e["face"] == "down"]
        if down and not any(e["type"] == "trick_won" for e in out["events"]):
            break
    ev = down[0]
    tile, s = ev["tiles"][0], ev["seat"]
    page.goto(f"{server.base}/screen?table=seatview#audience=seat{s}&token={t.seat_tokens[s]}")
    page.wait_for_function("window.__tg.live", timeout=5000)
    assert f"seat{s}" in page.inner_text("#conn")
    page.wait_for_selector(f'.trick .play[data-seat="{s}"] .sealed svg[data-tile="{tile}"]', timeout=2000)
    page.goto(f"{server.base}/screen?table=seatview")
    page.wait_for_function("window.__tg.live", timeout=5000)
    assert page.locator(f'.trick .play[data-seat="{s}"] svg[data-tile="down"]').count() == 1
    assert page.locator(f'svg[data-tile="{tile}"]').count() == 0
    # a wrong token: the page says so and shows nothing private
    page.goto("about:blank")  # (a change of fragment alone would not reload the page)
    page.goto(f"{server.base}/screen?table=seatview#audience=seat{s}&token=nope")
    page.wait_for_function("document.querySelector('.status-line').textContent.includes('token')", timeout=5000)
    assert page.locator(f'svg[data-tile="{tile}"]').count() == 0
    assert "Refused" in page.inner_text("#stale-banner")
    assert page.errors == []


def test_replay_viewer_steps_through_every_kind_of_event(server, http, page):
    t = Table(server, http, seed=13)
    H = server.headers()
    for _ in range(6):
        t.step()
    http.post(f"/api/games/{t.id}/undo", json={"reason": "misread"}, headers=H).raise_for_status()
    sealed = next(e for e in t.events() if e["type"] == "play" and e["face"] == "down" and e["tiles"])
    http.post(f"/api/games/{t.id}/reveals", json={"hand": 1, "trick": sealed["trick"], "seat": sealed["seat"],
                                                   "why": "dispute", "audience": "public"}, headers=H).raise_for_status()
    http.post(f"/api/games/{t.id}/void", json={"reason": "tiles fell"}, headers=H).raise_for_status()
    http.post(f"/api/games/{t.id}/end", headers=H).raise_for_status()
    for variant, hdr in (("public", {}), ("full", H)):
        r = http.get(f"/api/games/{t.id}/replay.html", params={"variant": variant}, headers=hdr)
        assert r.status_code == 200
        path = ARTIFACTS / f"replay_{variant}.html"
        ARTIFACTS.mkdir(exist_ok=True)
        path.write_text(r.text, encoding="utf-8")
        page.goto(path.as_uri())  # a saved file works on its own
        page.wait_for_function("window.__replay && window.__replay.steps > 5")
        n = page.evaluate("window.__replay.steps")
        for _ in range(n):
            page.keyboard.press("ArrowRight")
        assert page.evaluate("window.__replay.step") == n - 1
        assert "Game over" in page.inner_text("aside")
        page.keyboard.press("Home")
        assert page.evaluate("window.__replay.step") == 0
    assert page.errors == []
