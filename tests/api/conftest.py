"""Fixtures for the referee service tests: a real uvicorn server process on loopback."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from api.autoplay import AutoPlayer
from referee.game import Game

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m api.service_cli serve`` as a child process (the real CLI, real uvicorn)."""

    def __init__(self, db: Path, port: int | None = None, extra_args: tuple[str, ...] = ()):
        self.extra_args = list(extra_args)
        self.db = Path(db)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.token: str | None = None
        self.banner: list[str] = []

    def start(self, timeout: float = 20.0) -> Server:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "api.service_cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", str(self.db), *self.extra_args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.banner = [self.proc.stdout.readline().rstrip(), self.proc.stdout.readline().rstrip()]
        if self.banner[0].startswith("OPERATOR TOKEN"):
            self.token = self.banner[0].split(": ")[-1].strip()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.banner} {self.proc.stdout.read()}")
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, nothing flushed but what was committed."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc and self.proc.stdout:
            self.proc.stdout.close()

    def headers(self, token: str | None = None) -> dict:
        return {"Authorization": f"Bearer {token or self.token}"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("srv") / "tiengow.sqlite").start()
    yield srv
    srv.stop()


class Table:
    """A game on the server, with a local mirror that proposes legal plays."""

    _n = 0

    def __init__(self, srv: Server, http: httpx.Client, *, table: str | None = None, seed: int = 1,
                 sealed: bool = True, rules: str = "pagat", banker: int = 0, replace: bool = False):
        self.srv, self.http = srv, http
        if table is None:  # a table of its own (one game at a time on a table)
            Table._n += 1
            table = f"t{Table._n}"
        self.table = table
        r = http.post("/api/games", json={"table": table, "players": PLAYERS, "rules": rules, "banker": banker,
                                          "replace": replace}, headers=srv.headers())
        assert r.status_code == 201, r.text
        data = r.json()
        self.id = data["game_id"]
        self.seat_tokens = data["seat_tokens"]
        self.local = AutoPlayer(Game(rules, PLAYERS, first_banker=banker, salt_seed=seed), seed=seed, sealed=sealed)

    def step(self) -> dict:
        play = self.local.next_play()
        self.local.apply(play)
        body = {k: v for k, v in play.items() if not k.startswith("_")}
        r = self.http.post(f"/api/games/{self.id}/plays", json=body, headers=self.srv.headers())
        assert r.status_code == 200, r.text
        return r.json()

    def events(self, audience: str = "operator") -> list[dict]:
        r = self.http.get(f"/api/games/{self.id}/events", params={"audience": audience}, headers=self.srv.headers())
        assert r.status_code == 200, r.text
        return r.json()


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.base, timeout=10) as c:
        yield c
