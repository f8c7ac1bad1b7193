"""The referee web application: REST, a WebSocket stream per audience, the side screen and
the operator console.  ``create_app(db_path)`` builds it; ``tiengow serve`` runs it with
uvicorn.  The routes are listed in ``docs/api.md`` and at ``/docs`` (OpenAPI).

Access: operator actions need ``Authorization: Bearer <operator token>``; seat views need a
seat token (or the operator token); the public views need nothing.  WebSocket clients that
want a non-public audience send ``{"token": "..."}`` as their first message.
"""


import asyncio
import contextlib
import json
from typing import Annotated, Any, Literal

from fastapi import Body, Depends, FastAPI, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.exceptions import HTTPException as StarletteHTTPException

from referee.game import RefereeError
from referee.rules import OPTION_DOCS, PROFILE_DOCS, PROFILES
from referee.tiles import DISTINCT

from .service import ALERT_KINDS, ServiceError, Subscriber, TableService

__all__ = ["create_app"]

Audience = Literal["public", "operator", "seat0", "seat1", "seat2", "seat3"]
Variant = Literal["public", "full"]
Name = Annotated[str, StringConstraints(min_length=1, max_length=40, strip_whitespace=True)]
TileName = Annotated[str, StringConstraints(min_length=1, max_length=24)]
Text = Annotated[str, StringConstraints(max_length=300)]
Seat = Annotated[int, Field(ge=0, le=3, description="Seat number, 0 to 3 (3 players: 0 to 2)")]
GameId = Annotated[str, Path(min_length=1, max_length=40, description="A game id, as returned by POST /api/games")]
TableName = Annotated[str, Path(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")]

_bearer = HTTPBearer(auto_error=False, description="The operator token, or a seat token for that seat's view")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartGameIn(_In):
    table: str = Field("main", min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$",
                       description="The physical table's name (letters, digits, '.', '_', '-')")
    players: list[Name] = Field(min_length=3, max_length=4, description="Player names, seat 0 first")
    rules: Literal[tuple(PROFILES)] = Field("pagat", description="Rule profile")  # type: ignore[valid-type]
    options: dict[str, bool | int | str | list[str]] = Field(
        default_factory=dict, description="Option overrides (see GET /api/profiles)")
    banker: Literal["lot"] | Seat = Field("lot", description="First banker: a seat, or 'lot' to draw one")
    replace: bool = Field(False, description="End the table's game in progress first (else 409 table_busy)")
    by: Name = "operator"

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"table": "main", "players": ["Ann", "Bo", "Cy", "Di"], "rules": "pagat", "options": {},
         "banker": "lot"}]})


class PlayIn(_In):
    seat: Seat
    tiles: list[TileName] | None = Field(None, min_length=1, max_length=4,
                                         description="Tiles like '6-6'; null for an unidentified face-down play")
    face: Literal["up", "down"] = "up"
    count: int | None = Field(None, ge=1, le=4, description="Number of tiles when tiles is null")
    source: Literal["operator", "sensor"] = Field(
        "operator", description="'sensor': a refused play also raises an illegal-play alert on the side screen")

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [
        {"seat": 0, "tiles": ["6-6"], "face": "up"}, {"seat": 1, "face": "down", "count": 1}]})


class DeclareIn(_In):
    seat: Seat
    tiles: list[TileName] = Field(min_length=1, max_length=9)


class ActionIn(_In):
    by: Name = "operator"
    reason: Text = ""


class CorrectIn(_In):
    trick: int = Field(ge=0, le=15, description="Trick number in the hand, 0 first")
    seat: Seat
    tiles: list[TileName] = Field(min_length=1, max_length=4)
    by: Name = "operator"
    reason: Text = ""


class RevealIn(_In):
    hand: int = Field(ge=1, le=1000)
    trick: int = Field(ge=0, le=15)
    seat: Seat
    why: Annotated[str, StringConstraints(min_length=1, max_length=300)]
    audience: Literal["operator", "public"] = "operator"
    by: Name = "operator"


class AlertIn(_In):
    kind: Literal[tuple(ALERT_KINDS)]  # type: ignore[valid-type]
    message: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    seat: Seat | None = None


class ObservationIn(_In):
    seat: Seat
    tiles: list[TileName] | None = Field(None, min_length=1, max_length=4)
    face: Literal["up", "down"] = "up"
    count: int | None = Field(None, ge=1, le=4)
    confidence: float | None = Field(None, ge=0, le=1)
    note: Text = ""


class ConfirmIn(_In):
    by: Name = "operator"
    tiles: list[TileName] | None = Field(None, min_length=1, max_length=4,
                                         description="Corrected tiles; null = as observed")


class ErrorOut(BaseModel):
    error: str = Field(description="A short code, e.g. illegal_play, unauthorized, invalid_request")
    message: str = Field(description="What was wrong, in words")


class CommandOut(BaseModel):
    events: list[dict[str, Any]]
    view: dict[str, Any]


class StartOut(BaseModel):
    game_id: str
    table: str
    seat_tokens: list[str] = Field(description="One token per seat, shown once (only hashes are stored)")
    view: dict[str, Any]


class TokenOut(BaseModel):
    seat: int
    token: str


def _text(media: str, description: str) -> dict:
    return {"description": description, "content": {media: {"schema": {"type": "string"}}}}


def _err(*codes: int) -> dict:
    return {c: {"model": ErrorOut} for c in codes}


READ_ERRORS = _err(400, 401, 404, 409, 422, 429)
# Views and replays: public without a token; a token opens the seat / operator variants.
OPTIONAL_AUTH = {"security": [{}]}  # merged with the HTTPBearer entry: bearer or nothing
CMD_ERRORS = _err(400, 401, 404, 409, 422, 429)


def create_app(db_path: str | None = None, *, service: TableService | None = None, **service_kw) -> FastAPI:
    """The FastAPI application over ``service`` (or a new one on ``db_path``)."""
    if service is None:
        if db_path is None:
            raise ValueError("create_app needs db_path or service")
        service = TableService.open(db_path, **service_kw)
    svc = service
    from .pages import console_page, screen_page

    app = FastAPI(
        title="Tien Gow referee",
        version="1.0",
        description="Referee service for live games of Tien Gow (天九): tables, games, hands, replays, "
                    "live streams per audience (public, seat0-3, operator). Operator actions need the "
                    "operator token as a Bearer token; seat views need that seat's token.",
    )
    app.state.service = svc

    # -- errors: always a JSON body {"error", "message"} ----------------------------------------
    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError):
        headers = {"Retry-After": str(exc.retry_after)} if hasattr(exc, "retry_after") else None
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RefereeError)
    async def _referee_error(request: Request, exc: RefereeError):
        return JSONResponse({"error": exc.code, "message": str(exc)}, status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        problems = []
        for e in exc.errors():
            where = ".".join(str(x) for x in e.get("loc", ()))
            problems.append({"where": where, "problem": e.get("msg", "invalid")})
        msg = "; ".join(f"{p['where']}: {p['problem']}" for p in problems[:5]) or "invalid request"
        return JSONResponse({"error": "invalid_request", "message": msg, "problems": problems}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        code = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        detail = exc.detail if isinstance(exc.detail, str) else "request refused"
        return JSONResponse({"error": code, "message": detail}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception):  # never leak internals
        return JSONResponse({"error": "internal", "message": "internal error"}, status_code=500)

    @app.middleware("http")
    async def _headers(request: Request, call_next):
        resp = await call_next(request)
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "no-referrer")
        resp.headers.setdefault("Cache-Control", "no-store")
        # (FastAPI's /docs and /redoc load their viewer from a CDN: no CSP there)
        if resp.headers.get("content-type", "").startswith("text/html") and \
                request.url.path not in ("/docs", "/redoc", "/docs/oauth2-redirect"):
            resp.headers.setdefault(
                "Content-Security-Policy",
                "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
                "img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'")
        return resp

    # -- access ---------------------------------------------------------------------------------
    def _client(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    def operator(request: Request, cred: HTTPAuthorizationCredentials | None = Depends(_bearer)) -> None:
        svc.require_operator(cred.credentials if cred else None, _client(request))

    def viewer(request: Request, game_id: str | None, audience: str,
               cred: HTTPAuthorizationCredentials | None) -> str:
        return svc.authorize(audience, cred.credentials if cred else None, _client(request), game_id)

    Op = Annotated[None, Depends(operator)]
    Cred = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]

    def result(game_id: str, events: list[dict]) -> dict:
        return {"events": events, "view": svc.game_view(game_id, "operator")}

    # -- pages -------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def root():
        return RedirectResponse("/screen")

    @app.get("/screen", response_class=HTMLResponse, tags=["pages"], summary="The side screen")
    def screen(table: Annotated[str, Query(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")] = "main"):
        return HTMLResponse(screen_page())

    @app.get("/console", response_class=HTMLResponse, tags=["pages"], summary="The operator console")
    def console():
        return HTMLResponse(console_page())

    # -- reference -----------------------------------------------------------------------------
    @app.get("/api/health", tags=["service"])
    def health() -> dict:
        return {"ok": True, "games": len(svc.games()), "subscribers": svc.subscriber_count}

    @app.get("/api/profiles", tags=["service"], summary="Rule profiles and their options")
    def profiles() -> dict:
        return {"profiles": {p: {"doc": PROFILE_DOCS.get(p, ""), "overrides": {
                    k: list(v) if isinstance(v, tuple) else v for k, v in o.items()}}
                             for p, o in PROFILES.items()},
                "options": {k: {"meaning": m["meaning"], "choices": list(m["choices"]) if m.get("choices") else None}
                            for k, m in OPTION_DOCS.items()}}

    @app.get("/api/tiles", tags=["service"], summary="The 21 distinct tiles and their names")
    def tiles() -> list[dict]:
        return [{"tile": t.name, "english": t.english, "chinese": t.chinese, "suit": t.suit.value,
                 "red_pips": t.red_pips, "copies": t.copies} for t in DISTINCT]

    # -- tables and games ---------------------------------------------------------------------------
    @app.get("/api/tables", tags=["tables"])
    def list_tables() -> list[dict]:
        return svc.tables()

    @app.get("/api/tables/{table}", tags=["tables"], responses=READ_ERRORS, openapi_extra=OPTIONAL_AUTH,
             summary="The table's current game, as the audience may see it")
    def get_table(request: Request, table: TableName, cred: Cred, audience: Audience = "public") -> dict:
        gid = svc.current_game_id(table)
        viewer(request, gid, audience, cred)
        return svc.table_view(table, audience)

    @app.post("/api/tables/{table}/alerts", tags=["tables"], responses=CMD_ERRORS, status_code=201,
              summary="Raise an alert on the table's screens (camera lost, tile not recognised, ...)")
    def post_alert(table: TableName, body: AlertIn, _: Op) -> dict:
        return svc.raise_alert(table, body.kind, body.message, seat=body.seat)

    @app.get("/api/alerts", tags=["tables"], summary="Active alerts")
    def get_alerts(table: Annotated[str | None, Query(max_length=40)] = None) -> list[dict]:
        return [{k: a[k] for k in ("id", "table", "kind", "message", "seat", "at")} for a in svc.alerts(table)]

    @app.delete("/api/alerts/{alert_id}", tags=["tables"], responses=CMD_ERRORS, status_code=204)
    def delete_alert(alert_id: Annotated[int, Path(ge=1, le=2**62)], _: Op, by: Annotated[str, Query(max_length=40)] = "operator"):
        svc.clear_alert(alert_id, by=by)
        return Response(status_code=204)

    @app.get("/api/games", tags=["games"])
    def list_games() -> list[dict]:
        return svc.games()

    @app.post("/api/games", tags=["games"], responses=CMD_ERRORS, status_code=201, response_model=StartOut,
              summary="Start a game (players, rule profile and options, banker by lot or chosen)")
    def start_game(body: StartGameIn, _: Op) -> dict:
        banker = None if body.banker == "lot" else body.banker
        gid, tokens = svc.start_game(body.table, list(body.players), body.rules, body.options, banker, by=body.by,
                                     replace=body.replace)
        return {"game_id": gid, "table": body.table, "seat_tokens": tokens, "view": svc.game_view(gid, "operator")}

    @app.get("/api/games/{game_id}", tags=["games"], responses=READ_ERRORS, openapi_extra=OPTIONAL_AUTH,
             summary="The game as the audience may see it")
    def get_game(request: Request, game_id: GameId, cred: Cred, audience: Audience = "public") -> dict:
        svc._record(game_id, loaded=False)
        viewer(request, game_id, audience, cred)
        return svc.game_view(game_id, audience)

    @app.get("/api/games/{game_id}/events", tags=["games"], responses=READ_ERRORS, openapi_extra=OPTIONAL_AUTH,
             summary="The game's events, projected for the audience")
    def get_events(request: Request, game_id: GameId, cred: Cred, audience: Audience = "public",
                   since: Annotated[int, Query(ge=0, le=10**9)] = 0) -> list[dict]:
        svc._record(game_id, loaded=False)
        viewer(request, game_id, audience, cred)
        return svc.events(game_id, audience, since)

    @app.get("/api/games/{game_id}/hands", tags=["hands"], responses=READ_ERRORS)
    def get_hands(game_id: GameId) -> list[dict]:
        return svc.hands(game_id)

    @app.get("/api/games/{game_id}/hands/{hand}", tags=["hands"], responses=READ_ERRORS, openapi_extra=OPTIONAL_AUTH,
             summary="One hand's events, projected for the audience")
    def get_hand(request: Request, game_id: GameId, hand: Annotated[int, Path(ge=1, le=10**6)], cred: Cred,
                 audience: Audience = "public") -> dict:
        svc._record(game_id, loaded=False)
        viewer(request, game_id, audience, cred)
        return {"hand": hand, "events": svc.hand_events(game_id, hand, audience)}

    @app.post("/api/games/{game_id}/seats/{seat}/token", tags=["games"], responses=CMD_ERRORS,
              response_model=TokenOut, summary="Issue a new seat token (the old one stops working)")
    def seat_token(game_id: GameId, seat: Annotated[int, Path(ge=0, le=3)], _: Op) -> dict:
        return {"seat": seat, "token": svc.new_seat_token(game_id, seat)}

    # -- commands ----------------------------------------------------------------------------------
    @app.post("/api/games/{game_id}/plays", tags=["commands"], responses=CMD_ERRORS, response_model=CommandOut,
              summary="Record a play (face up, sealed face down with tiles, or unknown face down with count)")
    def post_play(game_id: GameId, body: PlayIn, _: Op) -> dict:
        if body.source == "sensor":
            rec = svc._record(game_id)
            if svc.current_game_id(rec.table) != game_id:
                raise ServiceError("that game is not the table's current game", code="not_current", status=409)
            evs = svc.submit_play(rec.table, body.seat, body.tiles, body.face, body.count)
        else:
            evs = svc.play(game_id, body.seat, body.tiles, body.face, body.count)
        return result(game_id, evs)

    @app.post("/api/games/{game_id}/declarations", tags=["commands"], responses=CMD_ERRORS,
              response_model=CommandOut, summary="A dealt hand laid face up (One Red Dot, 八枝牌, 七枝牌)")
    def post_declare(game_id: GameId, body: DeclareIn, _: Op) -> dict:
        return result(game_id, svc.declare(game_id, body.seat, body.tiles))

    @app.post("/api/games/{game_id}/undo", tags=["commands"], responses=CMD_ERRORS, response_model=CommandOut,
              summary="Take back the last play of the hand in progress")
    def post_undo(game_id: GameId, _: Op, body: Annotated[ActionIn | None, Body()] = None) -> dict:
        body = body or ActionIn()
        return result(game_id, svc.undo(game_id, by=body.by, reason=body.reason))

    @app.post("/api/games/{game_id}/corrections", tags=["commands"], responses=CMD_ERRORS,
              response_model=CommandOut, summary="Correct a misread tile")
    def post_correct(game_id: GameId, body: CorrectIn, _: Op) -> dict:
        return result(game_id, svc.correct(game_id, body.trick, body.seat, body.tiles, by=body.by, reason=body.reason))

    @app.post("/api/games/{game_id}/void", tags=["commands"], responses=CMD_ERRORS, response_model=CommandOut,
              summary="Void the hand in progress (it is dealt again)")
    def post_void(game_id: GameId, _: Op, body: Annotated[ActionIn | None, Body()] = None) -> dict:
        body = body or ActionIn()
        return result(game_id, svc.void_hand(game_id, by=body.by, reason=body.reason))

    @app.post("/api/games/{game_id}/reveals", tags=["commands"], responses=CMD_ERRORS, response_model=CommandOut,
              summary="Reveal a sealed face-down play for a dispute (logged with who and why)")
    def post_reveal(game_id: GameId, body: RevealIn, _: Op) -> dict:
        return result(game_id, svc.reveal(game_id, body.hand, body.trick, body.seat, by=body.by, why=body.why,
                                          audience=body.audience))

    @app.post("/api/games/{game_id}/end", tags=["commands"], responses=CMD_ERRORS, response_model=CommandOut,
              summary="End the game now")
    def post_end(game_id: GameId, _: Op, body: Annotated[ActionIn | None, Body()] = None) -> dict:
        body = body or ActionIn()
        return result(game_id, svc.end_game(game_id, by=body.by, reason=body.reason or "ended by the operator"))

    # -- uncertain observations ------------------------------------------------------------------------
    @app.get("/api/games/{game_id}/observations", tags=["observations"], responses=CMD_ERRORS)
    def get_observations(game_id: GameId, _: Op) -> list[dict]:
        svc._record(game_id, loaded=False)
        return svc.observations(game_id)

    @app.post("/api/games/{game_id}/observations", tags=["observations"], responses=CMD_ERRORS, status_code=201,
              summary="An observation the sensors are unsure of, held for the operator to confirm")
    def post_observation(game_id: GameId, body: ObservationIn, _: Op) -> dict:
        rec = svc._record(game_id)
        if svc.current_game_id(rec.table) != game_id:
            raise ServiceError("that game is not the table's current game", code="not_current", status=409)
        return svc.propose_play(rec.table, body.seat, body.tiles, body.face, body.count,
                                confidence=body.confidence, note=body.note)

    @app.post("/api/observations/{obs_id}/confirm", tags=["observations"], responses=CMD_ERRORS,
              response_model=CommandOut, summary="Confirm an uncertain observation (optionally corrected)")
    def confirm(obs_id: Annotated[int, Path(ge=1, le=2**62)], _: Op,
                body: Annotated[ConfirmIn | None, Body()] = None) -> dict:
        body = body or ConfirmIn()
        gid = next((o["game_id"] for o in svc.observations() if o["id"] == obs_id), None)
        evs = svc.confirm_observation(obs_id, by=body.by, tiles=body.tiles)
        return result(gid, evs)

    @app.post("/api/observations/{obs_id}/reject", tags=["observations"], responses=CMD_ERRORS, status_code=204)
    def reject(obs_id: Annotated[int, Path(ge=1, le=2**62)], _: Op):
        svc.reject_observation(obs_id)
        return Response(status_code=204)

    # -- replays -------------------------------------------------------------------------------------
    def _replay_access(request: Request, game_id: str, variant: str, cred) -> None:
        svc._record(game_id, loaded=False)
        if variant == "full":
            svc.require_operator(cred.credentials if cred else None, _client(request))

    def _disp(game_id: str, variant: str, ext: str) -> dict:
        return {"Content-Disposition": f'attachment; filename="tiengow-{game_id}-{variant}.{ext}"'}

    @app.get("/api/games/{game_id}/replay.jsonl", tags=["replays"], openapi_extra=OPTIONAL_AUTH,
             responses={**READ_ERRORS, 200: _text("application/x-ndjson", "The replay, one JSON object a line")},
             summary="The replay file (JSON Lines); 'full' needs the operator")
    def replay_jsonl(request: Request, game_id: GameId, cred: Cred, variant: Variant = "public"):
        _replay_access(request, game_id, variant, cred)
        return Response(svc.replay_jsonl(game_id, variant), media_type="application/x-ndjson",
                        headers=_disp(game_id, variant, "jsonl"))

    @app.get("/api/games/{game_id}/replay.txt", tags=["replays"], openapi_extra=OPTIONAL_AUTH,
             responses={**READ_ERRORS, 200: _text("text/plain", "The game in text notation")},
             summary="The game in text notation")
    def replay_txt(request: Request, game_id: GameId, cred: Cred, variant: Variant = "public"):
        _replay_access(request, game_id, variant, cred)
        return PlainTextResponse(svc.replay_notation(game_id, variant), headers=_disp(game_id, variant, "txt"))

    @app.get("/api/games/{game_id}/replay.html", tags=["replays"], openapi_extra=OPTIONAL_AUTH,
             responses={**READ_ERRORS, 200: _text("text/html", "One self-contained HTML page")},
             summary="A self-contained HTML replay viewer")
    def replay_html(request: Request, game_id: GameId, cred: Cred, variant: Variant = "public",
                    download: bool = False):
        _replay_access(request, game_id, variant, cred)
        headers = _disp(game_id, variant, "html") if download else None
        return HTMLResponse(svc.replay_html(game_id, variant), headers=headers)

    # -- live streams ------------------------------------------------------------------------------
    async def _stream(ws: WebSocket, audience: str, table: str | None, game_id: str | None) -> None:
        await ws.accept()
        client = ws.client.host if ws.client else "unknown"
        loop = asyncio.get_running_loop()
        try:
            if audience not in ("public", "operator", "seat0", "seat1", "seat2", "seat3"):
                raise ServiceError(f"unknown audience {audience!r}", code="bad_audience", status=422)
            if game_id is not None:
                svc._record(game_id, loaded=False)
            token = None
            if audience != "public":
                try:
                    first = await asyncio.wait_for(ws.receive_text(), timeout=10)
                    token = json.loads(first).get("token")
                except (TimeoutError, ValueError, AttributeError):
                    token = None
            gid = game_id or (svc.current_game_id(table) if table else None)
            await asyncio.to_thread(svc.authorize, audience, token, client, gid)
        except ServiceError as exc:
            with contextlib.suppress(Exception):
                await ws.send_text(json.dumps({"kind": "error", "error": exc.code, "message": exc.message}))
                await ws.close(code=4000 + exc.status)
            return
        except WebSocketDisconnect:
            return
        if audience.startswith("seat") and game_id is None and not svc.is_operator(token):
            # a seat token opens one game: when the table moves on to a new game (perhaps with
            # someone else in that seat) this stream must not follow it
            game_id = gid
        sub = Subscriber(audience, loop, table=table, game_id=game_id)
        try:
            first_msg = await asyncio.to_thread(svc.subscribe, sub)
            await ws.send_text(json.dumps(first_msg, ensure_ascii=False, separators=(",", ":")))

            async def sender():
                while True:
                    text = await sub.queue.get()
                    if text is None:
                        await ws.close(code=1013)
                        return
                    await ws.send_text(text)

            async def receiver():
                while True:
                    msg = await ws.receive_text()
                    if '"ping"' in msg:
                        await ws.send_text('{"kind":"pong"}')

            tasks = [asyncio.create_task(sender()), asyncio.create_task(receiver())]
            _done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for t in pending:
                t.cancel()
            for t in tasks:
                with contextlib.suppress(BaseException):
                    await t
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            svc.unsubscribe(sub)

    @app.websocket("/ws/tables/{table}")
    async def ws_table(ws: WebSocket, table: str, audience: str = "public"):
        await _stream(ws, audience, table, None)

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str, audience: str = "public"):
        await _stream(ws, audience, None, game_id)

    return app
