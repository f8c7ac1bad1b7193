"""The demo: a scripted game, rendered frame by frame and refereed from the pixels.

Random legal players play a scripted game (``referee.simulate``).  Each action becomes
physical motion on a simulated table — a hand reaches into a seat's play area, tiles are
put down face up or face down, the winner sweeps the trick onto their pile — rendered by
the scene generator (``vision.scene``).  Every frame then takes the same path a real
camera's would: recognizer → tracker → fusion → referee → service (SQLite, WebSocket,
side screen).  With RFID (the default) a simulated board on a pseudo-terminal carries a
tag under every tile, read through the real host driver, so face-down tiles are known and
sealed.

The summary compares what the script played with what the referee concluded.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field

from referee.game import Game
from referee.rules import rules_for
from referee.simulate import RandomPlayer, hand_actions
from referee.tiles import FULL_SET

from .fusion import pile_zone, play_zone
from .observations import ZoneObservation
from .runtime import RfidSource, Runtime

W, H = 1280, 720
TABLE = "main"  # the side screen's default table
PLAYERS = ["Mei", "Jon", "Ana", "Raj"]
TILE_LEN = 80.0
CX, CY = W / 2, H / 2

# Seat 0 south, 1 east, 2 north, 3 west: counter-clockwise seen from above, as played.
# Play areas form a cross around the centre; each seat's pile is in the corner to its right.
_SEAT_DIR = [(0, 1), (1, 0), (0, -1), (-1, 0)]
_PLAY = {0: (640, 505, 300, 200), 1: (905, 360, 200, 260), 2: (640, 215, 300, 200), 3: (375, 360, 200, 260)}
_PILE = {0: (1120, 620, 240, 180), 1: (1120, 100, 240, 180), 2: (160, 100, 240, 180), 3: (160, 620, 240, 180)}


def _play_centre(seat: int) -> tuple[float, float]:
    return _PLAY[seat][:2]


def _pile_centre(seat: int) -> tuple[float, float]:
    return _PILE[seat][:2]


def _rect(cx, cy, w, h):
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy + h / 2)]


def regions() -> dict[str, list[tuple[float, float]]]:
    """The zones of the demo table in image pixels (a camera straight above)."""
    out = {}
    for s in range(4):
        out[play_zone(s)] = _rect(*_PLAY[s])
        out[pile_zone(s)] = _rect(*_PILE[s])
    return out


def _slots(centre, seat: int, n: int, rows: int = 1):
    """Positions and angle for ``n`` tiles side by side in a seat's play area."""
    px, py = centre
    vertical = seat in (0, 2)
    gap = TILE_LEN / 2.5 + 18  # a finger's width between tiles, as players leave
    per_row = (n + rows - 1) // rows
    pts = []
    for i in range(n):
        r, c = divmod(i, per_row)
        off = (c - (per_row - 1) / 2) * gap
        roff = (r - (rows - 1) / 2) * (TILE_LEN + 8)
        pts.append((px + off, py + roff) if vertical else (px + roff, py + off))
    return pts, (90.0 if vertical else 0.0)


@dataclass
class Step:
    """One physical action of the script."""

    kind: str  # 'place' | 'collect' | 'declare' | 'new_hand'
    seat: int = 0
    tiles: list = field(default_factory=list)
    face: str = "up"
    credited: int = 0
    hand: int = 0
    trick: int = 0


@dataclass
class Script:
    steps: list[Step]
    hands: list[dict]  # per hand: {"tricks", "winner", "payments", "trick_winners"}
    game: Game
    first_banker: int


def make_script(rules, hands: int, rng: random.Random) -> Script:
    """Play ``hands`` hands with random legal players; record the physical steps."""
    first = rng.randrange(rules.players)
    game = Game(rules, PLAYERS[: rules.players], table="script",
                first_banker=first, salt_seed=rng.getrandbits(32))
    player = RandomPlayer(rng)
    steps: list[Step] = []
    for _ in range(hands):
        if game.state.status != "playing":
            break
        number = game.state.hand.number
        steps.append(Step("new_hand", hand=number))
        for kind, seat, tiles, face, trick, events in hand_actions(game, rng, player):
            steps.append(Step("place" if kind == "play" else "declare", seat=seat, tiles=[str(t) for t in tiles],
                              face=face, hand=number, trick=trick))
            for e in events:
                if e["type"] == "trick_won":
                    steps.append(Step("collect", seat=e["winner"], credited=e["credited"], hand=number,
                                      trick=e["trick"]))
    return Script(steps, summarize_hands(game.events), game, first)


def summarize_hands(events) -> list[dict]:
    out = []
    winners: list[int] = []
    for e in events:
        if e["type"] == "hand_started":
            winners = []
        elif e["type"] == "trick_won":
            winners.append(e["winner"])
        elif e["type"] == "hand_ended":
            out.append({"hand": e["hand"], "tricks": e["tricks"], "winner": e["winner"],
                        "payments": e["payments"], "trick_winners": list(winners)})
    return out


class PhysicalTable:
    """The state of the simulated table and the layout that renders it."""

    def __init__(self, style: str = "chinese", colours: str = "black", table: str = "green_felt"):
        from vision.scene import Layout

        self.Layout = Layout
        self.style, self.colours, self.table = style, colours, table
        self.zones: list[list[tuple[str, str]]] = [[] for _ in range(4)]
        self.piles = [0] * 4
        self.hands: list = []

    def layout(self):
        from vision.scene import HandPlacement, TilePlacement

        tiles = []
        for s in range(4):
            content = self.zones[s]
            rows = 2 if len(content) > 4 else 1
            pts, ang = _slots(_play_centre(s), s, len(content), rows)
            for (name, face), p in zip(content, pts, strict=True):
                tiles.append(TilePlacement(name if face == "up" else None, face, p, ang))
            k = self.piles[s]
            if k:  # a trick is stacked in columns of four; seen from above, one tile a column
                pts, ang = _slots(_pile_centre(s), 0, min(k, 8), 2 if k > 4 else 1)
                for p in pts:
                    tiles.append(TilePlacement(None, "down", p, ang))
        hands = tuple(HandPlacement(c, a) for c, a in self.hands)
        return self.Layout(tiles=tuple(tiles), hands=hands, style=self.style, colours=self.colours,
                           tile_length_px=TILE_LEN, table=self.table, noise=2.0, shadow=0.5)


def _hand_over(seat: int, target) -> tuple[tuple[float, float], float]:
    """A hand reaching from ``seat``'s edge to ``target`` (fingers pointing at it)."""
    dx, dy = _SEAT_DIR[seat]
    ang = {(0, 1): 270.0, (1, 0): 180.0, (0, -1): 90.0, (-1, 0): 0.0}[(dx, dy)]
    return (target[0] + dx * 30, target[1] + dy * 30), ang


class Timeline:
    """Turns script steps into timed table states: (duration seconds, mutate-table) segments."""

    def __init__(self, speed: float = 1.0):
        self.speed = speed

    def segments(self, step: Step, table: PhysicalTable):
        s = self.speed
        if step.kind == "new_hand":
            def clear():
                table.zones = [[] for _ in range(4)]
                table.piles = [0] * 4
                table.hands = []
            yield 1.0 / s, clear, None
        elif step.kind in ("place", "declare"):
            target = _play_centre(step.seat)

            def reach():
                table.hands = [_hand_over(step.seat, target)]

            def put():
                table.zones[step.seat] = [(t, step.face) for t in step.tiles]

            def leave():
                table.hands = []

            yield 0.4 / s, reach, None
            yield 0.25 / s, put, "placed"
            yield 1.0 / s, leave, None
        elif step.kind == "collect":
            def sweep():
                table.hands = [_hand_over(step.seat, (CX, CY))]

            def gather():
                table.zones = [[] for _ in range(4)]
                table.piles[step.seat] += step.credited
                table.hands = [_hand_over(step.seat, _pile_centre(step.seat))]

            def leave():
                table.hands = []

            yield 0.35 / s, sweep, None
            yield 0.3 / s, gather, "collected"
            yield 0.8 / s, leave, None


class RfidRig:
    """A simulated RFID board (pseudo-terminal) with a tag under each of the 32 tiles."""

    def __init__(self, seed: int):
        from rfid.driver import DriverThread, PicoDriver
        from rfid.registry import TagRegistry
        from rfid.sim.control import SimBoard

        rng = random.Random(seed)
        self.uids: dict[str, list[str]] = {}
        tags = {}
        for t in FULL_SET:
            uid = "04" + "".join(f"{rng.randrange(256):02X}" for _ in range(6))
            tags[uid] = t.name
            self.uids.setdefault(t.name, []).append(uid)
        self.registry = TagRegistry(tags, seats=4, slots_per_seat=4)
        self.board = SimBoard(readers=16, period_ms=10).start()
        self.driver = DriverThread(PicoDriver(self.board.port, self.registry)).start()
        self.source = RfidSource(self.driver)
        self.on_antenna: dict[int, str] = {}
        t0 = time.time()  # wait for the link: hello, snapshot, every play zone reported
        while time.time() - t0 < 15:
            latest = self.driver.latest()
            if all(latest.get(play_zone(s)) is not None and latest[play_zone(s)].status == "ok" for s in range(4)):
                break
            time.sleep(0.05)
        self.drain()

    def place(self, seat: int, tiles: list[str]) -> None:
        used = set(self.on_antenna.values())
        for slot, name in enumerate(tiles[:4]):
            uid = next(u for u in self.uids[name] if u not in used)
            used.add(uid)
            idx = seat * 4 + slot
            self.board.place(idx, uid)
            self.on_antenna[idx] = uid

    unplugged = False

    def unplug(self) -> None:
        self.board.unplug()
        self.unplugged = True

    def replug(self) -> None:
        self.board.replug()
        self.unplugged = False

    def clear(self) -> None:
        for idx in list(self.on_antenna):
            self.board.remove(idx)
        self.on_antenna.clear()

    def drain(self) -> list[ZoneObservation]:
        return self.source.drain()

    def zone_names(self, zone: str) -> list[str]:
        ob = self.driver.latest().get(zone)
        return sorted(ob.names()) if ob else []

    def close(self) -> None:
        try:
            self.driver.stop()
        finally:
            self.board.close()


@dataclass
class DemoOptions:
    hands: int | None = 2
    rules: str = "pagat"
    seed: int = 1
    speed: float = 1.0
    fast: bool = False
    rfid: bool = True
    serve: bool = True
    host: str = "127.0.0.1"
    port: int = 8000
    db: str | None = None
    replay: str | None = None
    summary: str | None = None
    fps: float = 8.0
    lead_settle: float = 0.5
    # faults, for tests: share of frames dropped; (start, seconds) of scene time when the
    # camera is dead; (start, seconds) when the RFID board is unplugged
    drop_rate: float = 0.0
    camera_outage: tuple[float, float] | None = None
    rfid_outage: tuple[float, float] | None = None
    log: object = None  # callable(str) for progress


def run_demo(opt: DemoOptions) -> dict:
    """Run the demo; returns the summary dict."""
    import cv2

    from api.service import TableService
    from vision.scene import render_layout

    say = opt.log or (lambda m: None)
    rules = rules_for(opt.rules)
    rng = random.Random(opt.seed)
    n_hands = opt.hands if opt.hands is not None else 10_000
    script = make_script(rules, n_hands, rng)
    say(f"script: {len(script.hands)} hand(s), {sum(st.kind == 'place' for st in script.steps)} plays, "
        f"rules {rules.profile}, seed {opt.seed}")

    tmpdir = tempfile.mkdtemp(prefix="tiengow-demo-")
    db = opt.db or os.path.join(tmpdir, "demo.sqlite")
    svc = TableService.open(db)
    gid = svc.current_game_id(TABLE)
    done = _progress(svc.game(gid)) if gid and svc.game(gid).state.status == "playing" else None
    if done is None:
        gid, _tokens = svc.start_game(TABLE, list(script.game.players), rules.profile, rules.options(),
                                      banker=script.first_banker, by="demo")
    else:
        say(f"resuming game {gid} from {db}: {len(done['plays'])} plays already refereed")
    server = None
    if opt.serve:
        server = _serve(svc, opt.host, opt.port)
        say(f"side screen: http://{opt.host}:{opt.port}/   (console: /console)")
    rig = RfidRig(opt.seed) if opt.rfid else None
    rt = Runtime(svc, TABLE, gid, regions(), rfid=[rig] if rig else (), lead_settle=opt.lead_settle)
    table = PhysicalTable()
    timeline = Timeline(1.0 if opt.fast else opt.speed)
    dt = 1.0 / opt.fps
    t = 0.0
    frame = 0
    placed: dict[tuple, tuple[float, float]] = {}  # (hand, trick, seat) -> (scene t, wall t)
    rfid_lat: list[float] = []
    cam_lat: list[float] = []
    lat_by_role: dict[str, list[float]] = {"lead": [], "follow": []}
    t_wall0 = time.perf_counter()
    fault_rng = random.Random(opt.seed + 1)
    cv2.setNumThreads(1)
    try:
        skipping = done is not None
        for step in script.steps:
            if rt.game.state.status != "playing":
                break
            if skipping and _already_done(step, done):
                for _dur, mutate, _mark in timeline.segments(step, table):
                    mutate()  # fast-forward the table to where the referee is
                continue
            if skipping:
                skipping = False
                table.hands = []
                if rig:
                    for s_, content in enumerate(table.zones):
                        if content:
                            rig.place(s_, [n for n, _f in content])
            for dur, mutate, mark in timeline.segments(step, table):
                mutate()
                if mark == "placed" and step.kind == "place":
                    placed[(step.hand, step.trick, step.seat)] = (t, time.perf_counter())
                    if rig:
                        rig.place(step.seat, step.tiles)
                        w0 = time.perf_counter()
                        zone = play_zone(step.seat)
                        want = sorted(step.tiles)
                        while (not rig.unplugged and rig.zone_names(zone) != want
                               and time.perf_counter() - w0 < 3.0):
                            time.sleep(0.005)
                        if not rig.unplugged:
                            rfid_lat.append(time.perf_counter() - w0)
                elif mark == "collected" and rig:
                    rig.clear()
                    w0 = time.perf_counter()
                    while (not rig.unplugged and any(rig.zone_names(play_zone(z)) for z in range(4))
                           and time.perf_counter() - w0 < 3.0):
                        time.sleep(0.005)
                end = t + dur
                while t < end:
                    if rig and opt.rfid_outage:
                        a, d = opt.rfid_outage
                        if a <= t < a + d and not rig.unplugged:
                            rig.unplug()
                        elif t >= a + d and rig.unplugged:
                            rig.replug()
                    if opt.camera_outage and opt.camera_outage[0] <= t < sum(opt.camera_outage):
                        events = rt.camera_lost(t)  # the camera is dead: no frame
                    elif opt.drop_rate and fault_rng.random() < opt.drop_rate:
                        events = []  # a dropped frame
                    else:
                        img, _labels = render_layout(table.layout(), W, H, seed=opt.seed, frame=frame)
                        events = rt.frame(img, t)
                    if rig:
                        events += rt.poll_rfid(t)
                    for e in events:
                        if e["type"] == "play":
                            key = (e["hand"], e["trick"], e["seat"])
                            if key in placed:
                                st, wt = placed.pop(key)
                                lat = (t - st + rt.last_frame_s) if opt.fast else (time.perf_counter() - wt)
                                cam_lat.append(lat)
                                lat_by_role["lead" if _is_lead(rt.game, e) else "follow"].append(lat)
                    frame += 1
                    t += dt
                    if not opt.fast:
                        lag = (t_wall0 + t) - time.perf_counter()
                        if lag > 0:
                            time.sleep(lag)
                if rt.game.state.status != "playing":
                    break
            hs = rt.game.state
            if step.kind == "new_hand" and hs.hand is not None:
                say(f"hand {hs.hand.number}: dealt")
    finally:
        if rig:
            rig.close()
    fusion = rt.fusion
    game = svc.game(gid)
    refereed = summarize_hands(game.events)
    hands_out = []
    for i, sc in enumerate(script.hands):
        rf = refereed[i] if i < len(refereed) else None
        hands_out.append({"scripted": sc, "refereed": rf})
        ok = rf is not None and (rf["winner"], rf["payments"], rf["tricks"]) == (sc["winner"], sc["payments"], sc["tricks"])
        say(f"hand {sc['hand']}: scripted winner {sc['winner']} {sc['payments']}; refereed "
            f"{rf['winner'] if rf else '-'} {rf['payments'] if rf else '-'} {'OK' if ok else 'DIFFERS'}")
    summary = {
        "hands": hands_out,
        "alerts": len(fusion.alerts),
        "alerts_active": [a["kind"] for a in svc.alerts(TABLE)],
        "alert_messages": [a.message for a in fusion.alerts],
        "latency_ms": _pcts(cam_lat),
        "latency_ms_lead": _pcts(lat_by_role["lead"]),
        "latency_ms_follow": _pcts(lat_by_role["follow"]),
        "rfid_latency_ms": _pcts(rfid_lat) if rig else None,
        "frames": frame,
        "fps_processed": round(frame / max(1e-9, time.perf_counter() - t_wall0), 1),
        "rules": rules.profile,
        "seed": opt.seed,
        "rfid": bool(rig),
        "latency_clock": "scene time plus processing (--fast)" if opt.fast else "wall clock",
    }
    if opt.replay:
        from referee.replay import dumps

        with open(opt.replay, "w", encoding="utf-8") as f:
            f.write(dumps(game.events, game, "full"))
    if opt.summary:
        with open(opt.summary, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1)
    if server is not None:
        summary["_server"] = server
    svc_close = getattr(svc, "close", None)
    if server is None and svc_close:
        svc_close()
    return summary


def _progress(game: Game) -> dict:
    """What the stored game has already refereed (for a restart)."""
    undone = {e["undone_seq"] for e in game.events if e["type"] == "play_undone"}
    return {
        "plays": {(e["hand"], e["trick"], e["seat"]) for e in game.events
                  if e["type"] == "play" and e["seq"] not in undone},
        "tricks": {(e["hand"], e["trick"]) for e in game.events if e["type"] == "trick_won"},
        "hands": {e["hand"] for e in game.events if e["type"] == "hand_started"},
        "declared": {e["hand"] for e in game.events if e["type"] == "hand_declared"},
    }


def _already_done(step: Step, done: dict) -> bool:
    if step.kind == "new_hand":
        return step.hand in done["hands"]
    if step.kind == "place":
        return (step.hand, step.trick, step.seat) in done["plays"]
    if step.kind == "collect":
        return (step.hand, step.trick) in done["tricks"]
    if step.kind == "declare":
        return step.hand in done["declared"]
    return False


def _is_lead(game: Game, ev: dict) -> bool:
    for e in game.events:
        if e["type"] == "play" and e["hand"] == ev["hand"] and e["trick"] == ev["trick"]:
            return e["seq"] == ev["seq"]
    return False


def _pcts(xs: list[float]) -> dict:
    if not xs:
        return {"p50": None, "p95": None, "n": 0}
    ms = sorted(x * 1000 for x in xs)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return {"p50": round(statistics.median(ms), 1), "p95": round(p95, 1), "n": len(ms)}


def _serve(svc, host: str, port: int):
    import uvicorn

    from api.app import create_app

    app = create_app(service=svc)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    server = uvicorn.Server(config)
    th = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    th.start()
    t0 = time.time()
    while not server.started and time.time() - t0 < 10:
        time.sleep(0.05)
    return server


__all__ = ["run_demo", "DemoOptions", "make_script", "regions", "PhysicalTable", "Timeline"]
