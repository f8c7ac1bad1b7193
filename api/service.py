"""The referee service: games on tables, stored events, alerts, access and live streams.

:class:`TableService` is what both the web application (``api.app``) and the table runtime
(in-process) talk to.  Every command runs under one lock: the referee core checks it, the
new events are committed to SQLite (:class:`api.store.EventStore`), and only then are they
broadcast to the subscribers of each audience, each receiving its own projection
(``referee.views``).  Raw events never leave for a non-operator audience.

The runtime uses the table-level methods::

    svc = TableService.open("tiengow.sqlite")
    svc.submit_play("main", seat=1, tiles=["6-4"], face="down")        # RFID: sealed
    svc.submit_play("main", seat=2, face="down", count=1)              # camera: unknown
    svc.propose_play("main", seat=3, tiles=["5-1"], confidence=0.6)    # operator confirms
    a = svc.raise_alert("main", "camera_lost", "Camera lost: the table view is frozen")
    svc.clear_alert(a["id"])

A refused :meth:`submit_play` raises the :class:`referee.game.RefereeError` and also puts an
``illegal_play`` alert (its public message) on the side screen until the next accepted play.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import hmac
import json
import secrets
import sys
import threading
import time
from dataclasses import dataclass, field

from referee.game import Game, RefereeError
from referee.replay import ReplayError, dumps, replay_events, to_notation
from referee.rules import PROFILE_DOCS, RulesError, rules_for
from referee.views import AUDIENCES, project_events, view

from .store import EventStore

__all__ = [
    "TableService", "ServiceError", "NotFound", "Unauthorized", "RateLimited", "Conflict",
    "ALERT_KINDS", "Subscriber",
]

#: Alerts the runtime (or the operator) may raise; the side screen shows their message.
ALERT_KINDS = {
    "illegal_play": "Illegal play",
    "tile_unrecognised": "Tile not recognised",
    "camera_lost": "Camera lost",
    "reader_lost": "RFID reader lost",
    "uncertain": "Waiting for the operator",
    "dispute": "Dispute",
    "other": "Notice",
}

TOKEN_META_KEY = "operator_token_sha256"


class ServiceError(Exception):
    """A request the service refuses; ``status`` is the HTTP status, ``code`` a short name."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status:
            self.status = status


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Unauthorized(ServiceError):
    status = 401
    code = "unauthorized"


class RateLimited(ServiceError):
    status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after


class Conflict(ServiceError):
    status = 409
    code = "conflict"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class AuthLimiter:
    """Failed authentications per client: after ``limit`` failures within ``window`` seconds
    every token-bearing request from that client is refused (429) until the window passes."""

    def __init__(self, limit: int = 10, window: float = 60.0):
        self.limit, self.window = limit, window
        self._fails: dict[str, collections.deque] = {}
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> collections.deque:
        q = self._fails.setdefault(client, collections.deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        return q

    def check(self, client: str) -> None:
        now = time.monotonic()
        with self._lock:
            q = self._recent(client, now)
            if len(q) >= self.limit:
                wait = max(1, int(q[0] + self.window - now + 0.999))
                raise RateLimited(f"too many failed authentications; try again in {wait} s", wait)

    def fail(self, client: str) -> None:
        with self._lock:
            self._recent(client, time.monotonic()).append(time.monotonic())
            if len(self._fails) > 10000:  # bound memory under a flood of addresses
                for k in [k for k, q in self._fails.items() if not q][:5000]:
                    del self._fails[k]


class Subscriber:
    """One live stream (a WebSocket): an audience, a table or one game, an asyncio queue."""

    def __init__(self, audience: str, loop: asyncio.AbstractEventLoop, *, table: str | None = None,
                 game_id: str | None = None, maxsize: int = 1000):
        self.audience = audience
        self.table = table
        self.game_id = game_id  # fixed game; None = follow the table's current game
        self.loop = loop
        self.queue: asyncio.Queue = asyncio.Queue(maxsize)
        self.lagging = False

    def _put(self, text: str) -> None:  # on the subscriber's loop
        if self.lagging:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            # Too slow: drop it; the client reconnects and gets a fresh snapshot.
            self.lagging = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass
class GameRecord:
    id: str
    table: str
    created_at: float
    status: str
    game: Game | None = None
    error: str | None = None
    lock: threading.RLock = field(default_factory=threading.RLock)


def _deliver(batch) -> None:
    for sub, text in batch:
        sub._put(text)


class TableService:
    """Games on tables, backed by an :class:`EventStore`; see the module docstring."""

    def __init__(self, store: EventStore, *, auth_fail_limit: int = 10, auth_fail_window: float = 60.0):
        self.store = store
        self.limiter = AuthLimiter(auth_fail_limit, auth_fail_window)
        self._lock = threading.RLock()
        self._games: dict[str, GameRecord] = {}
        self._tables: dict[str, str] = {}  # table -> current (latest) game id
        self._subs: set[Subscriber] = set()
        self.new_operator_token: str | None = None
        for g in store.games():
            self._games[g["id"]] = GameRecord(g["id"], g["table"], g["created_at"], g["status"])
            self._tables[g["table"]] = g["id"]
        if store.get_meta(TOKEN_META_KEY) is None:
            self.new_operator_token = self.reset_operator_token()
        # Resume the games in progress now (finished ones load when first asked for).
        for rec in list(self._games.values()):
            if rec.status == "playing":
                self._load(rec)

    @classmethod
    def open(cls, db_path: str, **kw) -> TableService:
        return cls(EventStore(db_path), **kw)

    def close(self) -> None:
        self.store.close()

    # -- tokens -------------------------------------------------------------------------
    def reset_operator_token(self) -> str:
        """Make a new operator token; only its hash is stored.  Returns it (show it once)."""
        token = "op-" + secrets.token_urlsafe(24)
        self.store.set_meta(TOKEN_META_KEY, _hash(token))
        return token

    def is_operator(self, token: str | None) -> bool:
        want = self.store.get_meta(TOKEN_META_KEY)
        return bool(token and want and hmac.compare_digest(_hash(token), want))

    def _is_seat(self, game_id: str, seat: int, token: str | None) -> bool:
        want = self.store.seat_token_hash(game_id, seat)
        return bool(token and want and hmac.compare_digest(_hash(token), want))

    def authorize(self, audience: str, token: str | None, client: str, game_id: str | None = None) -> str:
        """Check that ``token`` may see ``audience``; raises Unauthorized / RateLimited."""
        if audience not in AUDIENCES:
            raise ServiceError(f"unknown audience {audience!r}; one of {', '.join(AUDIENCES)}",
                               code="bad_audience", status=422)
        if audience == "public":
            return audience
        self.limiter.check(client)
        if not token:
            what = "the operator token" if audience == "operator" else f"the {audience} token or the operator token"
            raise Unauthorized(f"the {audience} view needs {what}")
        if self.is_operator(token):
            return audience
        if audience.startswith("seat") and game_id and self._is_seat(game_id, int(audience[4:]), token):
            return audience
        self.limiter.fail(client)
        raise Unauthorized(f"that token does not open the {audience} view")

    def require_operator(self, token: str | None, client: str) -> None:
        self.authorize("operator", token, client)

    def new_seat_token(self, game_id: str, seat: int) -> str:
        rec = self._record(game_id)
        n = rec.game.rules.players
        if not 0 <= seat < n:
            raise ServiceError(f"there is no seat {seat}; seats are 0 to {n - 1}", code="bad_seat", status=422)
        return self.new_seat_token_unchecked(game_id, seat)

    # -- games ----------------------------------------------------------------------------
    def _load(self, rec: GameRecord) -> None:
        if rec.game is not None or rec.error is not None:
            return
        stored = self.store.events(rec.id)
        if not stored:
            rec.error = "the game has no stored events"
            return
        try:
            game = replay_events(stored, check=True)
        except (ReplayError, RefereeError, RulesError, KeyError, TypeError, ValueError) as exc:
            rec.error = f"the stored game could not be replayed: {exc}"
            print(f"tiengow serve: game {rec.id}: {rec.error}", file=sys.stderr)
            return
        # replay_events seeds its salt generator for reproducibility; new salts must be secret.
        game._rng = None
        for new, old in zip(game.events, stored, strict=False):
            if "at" in old:
                new["at"] = old["at"]
        rec.game = game

    def _record(self, game_id: str, *, loaded: bool = True) -> GameRecord:
        rec = self._games.get(game_id)
        if rec is None:
            raise NotFound(f"there is no game {game_id!r}")
        if loaded:
            with rec.lock:
                self._load(rec)
            if rec.game is None:
                raise Conflict(f"game {game_id} cannot be used: {rec.error}", code="game_damaged")
        return rec

    def game(self, game_id: str) -> Game:
        return self._record(game_id).game

    def current_game_id(self, table: str) -> str | None:
        return self._tables.get(table)

    def _table_game(self, table: str) -> GameRecord:
        gid = self._tables.get(table)
        if gid is None:
            raise NotFound(f"no game has been started on table {table!r}")
        return self._record(gid)

    def tables(self) -> list[dict]:
        out = []
        for table, gid in sorted(self._tables.items()):
            rec = self._games[gid]
            players = None
            if rec.game is not None:
                players = list(rec.game.players)
            out.append({"table": table, "game_id": gid, "status": rec.status, "players": players})
        return out

    def games(self) -> list[dict]:
        out = []
        for rec in self._games.values():
            item = {"game_id": rec.id, "table": rec.table, "created_at": rec.created_at, "status": rec.status}
            if rec.game is not None:
                item["players"] = list(rec.game.players)
                item["rules"] = rec.game.rules.profile
            out.append(item)
        return out

    def start_game(self, table: str, players: list[str], rules: str = "pagat", options: dict | None = None,
                   banker: int | None = None, *, by: str = "operator", replace: bool = False) -> tuple[str, list[str]]:
        """Start a game on ``table``; ``banker`` None = chosen by lot.  Returns (game id, seat tokens).

        A table holds one game at a time: while its game is in progress this raises
        :class:`Conflict` (``table_busy``), unless ``replace`` — then that game is ended first
        (a logged ``game_ended`` event, by ``by``).
        """
        try:
            r = rules_for(rules, options or {})
        except RulesError as exc:
            raise ServiceError(str(exc), code="bad_rules", status=422) from None
        if len(players) != r.players:
            raise ServiceError(f"the {rules} rules need {r.players} players, not {len(players)}",
                               code="bad_players", status=422)
        if banker is None:
            banker = secrets.randbelow(r.players)
        elif not 0 <= banker < r.players:
            raise ServiceError(f"the first banker must be a seat from 0 to {r.players - 1}", code="bad_seat",
                               status=422)
        with self._lock:
            cur = self._tables.get(table)
            if cur is not None and self._games[cur].status == "playing":
                if not replace:
                    raise Conflict(f"table {table!r} has a game in progress ({cur}): end it first, or replace it",
                                   code="table_busy")
                self.end_game(cur, by=by, reason="replaced by a new game")
            gid = "g" + secrets.token_hex(5)
            game = Game(r, players, table=table, first_banker=banker)
            rec = GameRecord(gid, table, time.time(), "playing", game)
            now = time.time()
            for ev in game.events:
                ev["at"] = now
            self.store.create_game(gid, table, rec.created_at, game.events)
            tokens = [self.new_seat_token_unchecked(gid, s) for s in range(r.players)]
            self._games[gid] = rec
            self._tables[table] = gid
            self._broadcast(rec, list(game.events), new_game=True)
        return gid, tokens

    def new_seat_token_unchecked(self, game_id: str, seat: int) -> str:
        token = f"seat{seat}-" + secrets.token_urlsafe(18)
        self.store.set_seat_token(game_id, seat, _hash(token))
        return token

    # -- commands ---------------------------------------------------------------------------
    def _run(self, game_id: str, fn) -> list[dict]:
        """Run a referee command; commit its events, then broadcast them."""
        with self._lock:
            rec = self._record(game_id)
            game = rec.game
            before = len(game.events)
            try:
                fn(game)
            except RefereeError:
                if len(game.events) != before:  # a command must change nothing when refused
                    self._reload(rec)
                raise
            new = game.events[before:]
            now = time.time()
            for ev in new:
                ev["at"] = now
            status = "over" if game.state.status == "over" else None
            try:
                self.store.append(rec.id, new, status=status)
            except Exception:
                self._reload(rec)
                raise
            if status:
                rec.status = status
            self._broadcast(rec, new)
            return new

    def _reload(self, rec: GameRecord) -> None:
        rec.game = None
        rec.error = None
        self._load(rec)

    def play(self, game_id: str, seat: int, tiles=None, face: str = "up", count: int | None = None) -> list[dict]:
        with self._lock:
            new = self._run(game_id, lambda g: g.play(seat, tiles, face=face, count=count))
            table = self._games[game_id].table
            if self.store.clear_alerts_ref(f"illegal:{table}", "referee"):  # the table is right again
                self._broadcast_table(table)
            return new

    def declare(self, game_id: str, seat: int, tiles) -> list[dict]:
        return self._run(game_id, lambda g: g.declare(seat, tiles))

    def undo(self, game_id: str, *, by: str = "operator", reason: str = "") -> list[dict]:
        return self._run(game_id, lambda g: g.undo(by=by, reason=reason))

    def correct(self, game_id: str, trick: int, seat: int, tiles, *, by: str = "operator",
                reason: str = "") -> list[dict]:
        return self._run(game_id, lambda g: g.correct(trick, seat, tiles, by=by, reason=reason))

    def void_hand(self, game_id: str, *, by: str = "operator", reason: str = "") -> list[dict]:
        return self._run(game_id, lambda g: g.void_hand(by=by, reason=reason))

    def reveal(self, game_id: str, hand: int, trick: int, seat: int, *, by: str, why: str,
               audience: str = "operator") -> list[dict]:
        return self._run(game_id, lambda g: g.reveal(hand, trick, seat, by=by, why=why, audience=audience))

    def end_game(self, game_id: str, *, by: str = "operator", reason: str = "ended by the operator") -> list[dict]:
        return self._run(game_id, lambda g: g.end_game(by=by, reason=reason))

    # -- the table runtime's entry points ----------------------------------------------------
    def submit_play(self, table: str, seat: int, tiles=None, face: str = "up", count: int | None = None
                    ) -> list[dict]:
        """A play seen by the sensors.  Refused: raises and shows an ``illegal_play`` alert."""
        rec = self._table_game(table)
        try:
            new = self.play(rec.id, seat, tiles, face, count)
        except RefereeError as exc:
            with self._lock:
                self.store.clear_alerts_ref(f"illegal:{table}", "referee")
                self.store.add_alert(table, rec.id, "illegal_play", exc.public_message, seat, ref=f"illegal:{table}")
                self._broadcast_table(table)
            raise
        return new

    def raise_alert(self, table: str, kind: str, message: str, *, seat: int | None = None,
                    ref: str | None = None) -> dict:
        """Show an alert on every screen of ``table`` until it is cleared.

        ``message`` is shown to everyone: it must not name a face-down tile.
        """
        if kind not in ALERT_KINDS:
            raise ServiceError(f"unknown alert kind {kind!r}; one of {', '.join(ALERT_KINDS)}",
                               code="bad_alert", status=422)
        with self._lock:
            a = self.store.add_alert(table, self._tables.get(table), kind, message, seat, ref)
            self._broadcast_table(table)
        return a

    def clear_alert(self, alert_id: int, *, by: str = "runtime") -> None:
        with self._lock:
            table = next((a["table"] for a in self.store.active_alerts() if a["id"] == alert_id), None)
            if table is None or not self.store.clear_alert(alert_id, by):
                raise NotFound(f"there is no active alert {alert_id}")
            self._broadcast_table(table)

    def clear_alerts(self, table: str, kind: str, *, by: str = "runtime") -> int:
        """Clear every active alert of ``kind`` on ``table`` (e.g. when the camera is back)."""
        with self._lock:
            n = 0
            for a in self.store.active_alerts():
                if a["table"] == table and a["kind"] == kind:
                    n += self.store.clear_alert(a["id"], by)
            if n:
                self._broadcast_table(table)
        return n

    def alerts(self, table: str | None = None) -> list[dict]:
        return [a for a in self.store.active_alerts() if table is None or a["table"] == table]

    def propose_play(self, table: str, seat: int, tiles=None, face: str = "up", count: int | None = None, *,
                     confidence: float | None = None, note: str = "") -> dict:
        """An observation the sensors are unsure of: held for the operator to confirm."""
        rec = self._table_game(table)
        if face not in ("up", "down"):
            raise ServiceError("face must be 'up' or 'down'", code="bad_face", status=422)
        if tiles is not None:
            tiles = [str(t) for t in tiles]
            count = len(tiles)
        with self._lock:
            obs = self.store.add_observation(rec.id, seat, face, tiles, count, confidence, note)
            self.store.add_alert(table, rec.id, "uncertain",
                                 f"seat {seat}'s play needs the operator's confirmation", seat,
                                 ref=f"obs:{obs['id']}")
            self._broadcast_table(table)
        return obs

    def observations(self, game_id: str | None = None) -> list[dict]:
        return [o for o in self.store.pending_observations() if game_id is None or o["game_id"] == game_id]

    def _observation(self, obs_id: int) -> dict:
        obs = next((o for o in self.store.pending_observations() if o["id"] == obs_id), None)
        if obs is None:
            raise NotFound(f"there is no pending observation {obs_id}")
        return obs

    def confirm_observation(self, obs_id: int, *, by: str = "operator", tiles=None) -> list[dict]:
        """Play an uncertain observation (with ``tiles`` corrected if given)."""
        with self._lock:
            obs = self._observation(obs_id)
            use = tiles if tiles is not None else obs["tiles"]
            count = None if use is not None else obs["count"]
            new = self.play(obs["game_id"], obs["seat"], use, obs["face"], count)
            self.store.resolve_observation(obs_id, "confirmed", by)
            rec = self._games[obs["game_id"]]
            self.store.clear_alerts_ref(f"obs:{obs_id}", by)
            self._broadcast_table(rec.table)
            return new

    def reject_observation(self, obs_id: int, *, by: str = "operator") -> None:
        with self._lock:
            obs = self._observation(obs_id)
            self.store.resolve_observation(obs_id, "rejected", by)
            self.store.clear_alerts_ref(f"obs:{obs_id}", by)
            self._broadcast_table(self._games[obs["game_id"]].table)

    # -- views ----------------------------------------------------------------------------
    def table_view(self, table: str, audience: str = "public", game_id: str | None = None) -> dict:
        """What a screen of ``audience`` draws: the referee's view plus alerts and notes."""
        gid = game_id or self._tables.get(table)
        out: dict = {"table": table, "game_id": gid, "audience": audience, "server_time": time.time(),
                     "game": None, "rules_doc": None, "reveals": [], "observations": []}
        alerts = [{"id": a["id"], "kind": a["kind"], "title": ALERT_KINDS.get(a["kind"], a["kind"]),
                   "message": a["message"], "seat": a["seat"], "at": a["at"]}
                  for a in self.store.active_alerts() if a["table"] == table]
        if gid is not None:
            rec = self._record(gid)
            game = rec.game
            out["table"] = rec.table
            out["game"] = v = view(game.state, audience)
            out["rules_doc"] = PROFILE_DOCS.get(game.rules.profile)
            out["reveals"] = project_events(game.state.reveals, audience)
            obs = self.observations(gid)
            if audience == "operator":
                out["observations"] = obs
            else:
                out["observations"] = [{"id": o["id"], "seat": o["seat"], "face": o["face"], "count": o["count"]}
                                       for o in obs]
            if v.get("hand") and v["hand"].get("early_death"):
                alerts.append({"id": None, "kind": "early_death", "title": "Early death",
                               "message": "Early death in force: a player with no trick must play face down",
                               "seat": None, "at": None})
        out["alerts"] = alerts
        return out

    def game_view(self, game_id: str, audience: str = "public") -> dict:
        rec = self._record(game_id)
        return self.table_view(rec.table, audience, game_id)

    def events(self, game_id: str, audience: str = "public", since: int = 0) -> list[dict]:
        rec = self._record(game_id)
        return project_events(rec.game.events[since:], audience)

    def hands(self, game_id: str) -> list[dict]:
        game = self._record(game_id).game
        out: dict[int, dict] = {}
        for ev in game.events:
            t = ev["type"]
            if t == "hand_started":
                out[ev["hand"]] = {"hand": ev["hand"], "banker": ev["banker"], "status": "in progress",
                                   "winner": None, "payments": None, "reasons": []}
            elif t == "hand_ended":
                out[ev["hand"]].update(status="played", winner=ev["winner"], payments=ev["payments"],
                                       reasons=ev.get("reasons", []))
            elif t == "hand_voided":
                out[ev["hand"]].update(status="voided", reasons=[ev.get("reason", "")])
        # (a voided hand is dealt again as the next hand number)
        return list(out.values())

    def hand_events(self, game_id: str, hand: int, audience: str = "public") -> list[dict]:
        game = self._record(game_id).game
        evs = [e for e in game.events if e.get("hand") == hand and e["type"] != "discards_revealed"]
        if not evs:
            raise NotFound(f"game {game_id} has no hand {hand}")
        return project_events(evs, audience)

    # -- replays ----------------------------------------------------------------------------
    def replay_jsonl(self, game_id: str, variant: str = "public") -> str:
        game = self._record(game_id).game
        return dumps(game.events, game, variant)

    def replay_notation(self, game_id: str, variant: str = "public") -> str:
        game = self._record(game_id).game
        aud = "operator" if variant == "full" else "public"
        header = {"variant": variant}
        return to_notation(project_events(game.events, aud), header)

    def replay_html(self, game_id: str, variant: str = "public") -> str:
        from .replay_html import build_replay_html

        rec = self._record(game_id)
        return build_replay_html(rec.game, variant, title=f"{rec.table} — game {rec.id}")

    # -- live streams -------------------------------------------------------------------------
    def subscribe(self, sub: Subscriber) -> dict:
        """Register a subscriber and return its first snapshot message (atomic with respect to
        broadcasts: nothing is missed between the snapshot and the first update)."""
        with self._lock:
            self._subs.add(sub)
            return self._message(sub, "snapshot", [])

    def unsubscribe(self, sub: Subscriber) -> None:
        with self._lock:
            self._subs.discard(sub)

    @property
    def subscriber_count(self) -> int:
        return len(self._subs)

    def _sub_game(self, sub: Subscriber) -> str | None:
        return sub.game_id or (self._tables.get(sub.table) if sub.table else None)

    def _message(self, sub: Subscriber, kind: str, events: list[dict]) -> dict:
        gid = self._sub_game(sub)
        table = sub.table
        if gid is not None:
            table = self._games[gid].table
        return {"kind": kind, "game_id": gid, "events": project_events(events, sub.audience) if events else [],
                "view": self.table_view(table, sub.audience, gid)}

    def _send(self, targets: dict[tuple, list[Subscriber]], build) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list] = {}
        for key, subs in targets.items():
            text = json.dumps(build(key), ensure_ascii=False, separators=(",", ":"))
            for sub in subs:
                by_loop.setdefault(sub.loop, []).append((sub, text))
        for loop, batch in by_loop.items():
            try:
                loop.call_soon_threadsafe(_deliver, batch)
            except RuntimeError:  # the loop is closed: those subscribers are gone
                for sub, _ in batch:
                    self._subs.discard(sub)

    def _broadcast(self, rec: GameRecord, events: list[dict], *, new_game: bool = False) -> None:
        targets: dict[tuple, list[Subscriber]] = {}
        for sub in self._subs:
            if sub.game_id == rec.id or (sub.game_id is None and sub.table == rec.table):
                targets.setdefault((sub.audience,), []).append(sub)
        if not targets:
            return
        kind = "snapshot" if new_game else "update"

        def build(key):
            aud = key[0]
            return {"kind": kind, "game_id": rec.id, "events": project_events(events, aud),
                    "view": self.table_view(rec.table, aud, rec.id)}

        self._send(targets, build)

    def _broadcast_table(self, table: str) -> None:
        targets: dict[tuple, list[Subscriber]] = {}
        for sub in self._subs:
            gid = self._sub_game(sub)
            sub_table = self._games[gid].table if gid else sub.table
            if sub_table == table:
                targets.setdefault((sub.audience, gid), []).append(sub)
        if not targets:
            return

        def build(key):
            aud, gid = key
            return {"kind": "alerts", "game_id": gid, "events": [], "view": self.table_view(table, aud, gid)}

        self._send(targets, build)


def public_error(exc: RefereeError, audience: str) -> str:
    """The message of a refused command as ``audience`` may read it."""
    return str(exc) if audience == "operator" else exc.public_message

