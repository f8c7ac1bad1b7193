"""The service's storage: one SQLite file in WAL mode.

Everything the referee service must not lose lives here: the event log of every game (one
row per event, primary key ``(game_id, seq)`` so an event can never be stored twice), the
hashed operator and seat tokens, the alerts and the uncertain observations waiting for the
operator.  :meth:`EventStore.append` commits before it returns, and the service broadcasts
an event only after that, so a client never sees an event the file does not hold.

>>> import tempfile, os
>>> d = tempfile.mkdtemp()
>>> s = EventStore(os.path.join(d, "t.sqlite"))
>>> s.create_game("g1", "main", 0.0)
>>> s.append("g1", [{"type": "game_started", "seq": 0}])
>>> [e["type"] for e in s.events("g1")]
['game_started']
>>> s.close()
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time

__all__ = ["EventStore", "StoreError"]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    table_name TEXT NOT NULL,
    created_at REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS alerts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_name TEXT NOT NULL,
    game_id TEXT,
    kind TEXT NOT NULL,
    message TEXT NOT NULL,
    seat INTEGER,
    at REAL NOT NULL,
    cleared_at REAL,
    cleared_by TEXT,
    ref TEXT
);
CREATE TABLE IF NOT EXISTS observations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    face TEXT NOT NULL,
    tiles TEXT,
    count INTEGER,
    confidence REAL,
    note TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    resolved_by TEXT,
    resolved_at REAL
);
"""


class StoreError(RuntimeError):
    """The database could not be read or written."""


class EventStore:
    """A thread-safe wrapper round one SQLite connection (WAL, synchronous=FULL)."""

    def __init__(self, path: str, *, synchronous: str = "FULL"):
        self.path = str(path)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._lock:
            self._db.executescript(_SCHEMA)
            if self.get_meta("schema_version") is None:
                self.set_meta("schema_version", str(SCHEMA_VERSION))

    @property
    def journal_mode(self) -> str:
        return self._db.execute("PRAGMA journal_mode").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- meta -----------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO meta(key, value) VALUES(?, ?) "
                             "ON CONFLICT(key) DO UPDATE SET value=excluded.value", (key, value))

    # -- games and events -----------------------------------------------------------------
    def create_game(self, game_id: str, table: str, created_at: float, events: list[dict] | None = None) -> None:
        """Register a game and (optionally) its first events, in one transaction."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute("INSERT INTO games(id, table_name, created_at) VALUES(?, ?, ?)",
                                 (game_id, table, created_at))
                self._db.executemany("INSERT INTO events(game_id, seq, type, body) VALUES(?, ?, ?, ?)",
                                     self._rows(game_id, events or []))
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"could not store the new game: {exc}") from exc

    @staticmethod
    def _rows(game_id: str, events: list[dict]) -> list[tuple]:
        return [(game_id, ev["seq"], ev["type"], json.dumps(ev, ensure_ascii=False, separators=(",", ":")))
                for ev in events]

    def games(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, table_name, created_at, status FROM games ORDER BY created_at, rowid").fetchall()
        return [{"id": r[0], "table": r[1], "created_at": r[2], "status": r[3]} for r in rows]

    def set_status(self, game_id: str, status: str) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET status=? WHERE id=?", (status, game_id))

    def append(self, game_id: str, events: list[dict], *, status: str | None = None) -> None:
        """Append events in one transaction; committed when this returns.

        A duplicate ``seq`` fails the whole transaction (nothing is stored twice).
        """
        if not events:
            return
        rows = self._rows(game_id, events)
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("INSERT INTO events(game_id, seq, type, body) VALUES(?, ?, ?, ?)", rows)
                if status is not None:
                    self._db.execute("UPDATE games SET status=? WHERE id=?", (status, game_id))
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"could not store events: {exc}") from exc

    def events(self, game_id: str) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT body FROM events WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def event_count(self, game_id: str) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM events WHERE game_id=?", (game_id,)).fetchone()[0]

    # -- seat tokens ----------------------------------------------------------------------
    def set_seat_token(self, game_id: str, seat: int, token_hash: str) -> None:
        with self._lock:
            self._db.execute("INSERT INTO seat_tokens(game_id, seat, token_hash) VALUES(?, ?, ?) "
                             "ON CONFLICT(game_id, seat) DO UPDATE SET token_hash=excluded.token_hash",
                             (game_id, seat, token_hash))

    def seat_token_hash(self, game_id: str, seat: int) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT token_hash FROM seat_tokens WHERE game_id=? AND seat=?",
                                   (game_id, seat)).fetchone()
        return row[0] if row else None

    # -- alerts ---------------------------------------------------------------------------
    def add_alert(self, table: str, game_id: str | None, kind: str, message: str, seat: int | None,
                  ref: str | None = None) -> dict:
        at = time.time()
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO alerts(table_name, game_id, kind, message, seat, at, ref) VALUES(?, ?, ?, ?, ?, ?, ?)",
                (table, game_id, kind, message, seat, at, ref))
            aid = cur.lastrowid
        return {"id": aid, "table": table, "game_id": game_id, "kind": kind, "message": message,
                "seat": seat, "at": at}

    def clear_alert(self, alert_id: int, by: str) -> bool:
        with self._lock:
            cur = self._db.execute("UPDATE alerts SET cleared_at=?, cleared_by=? WHERE id=? AND cleared_at IS NULL",
                                   (time.time(), by, alert_id))
        return cur.rowcount > 0

    def clear_alerts_ref(self, ref: str, by: str) -> int:
        with self._lock:
            cur = self._db.execute("UPDATE alerts SET cleared_at=?, cleared_by=? WHERE ref=? AND cleared_at IS NULL",
                                   (time.time(), by, ref))
        return cur.rowcount

    def active_alerts(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT id, table_name, game_id, kind, message, seat, at FROM alerts "
                                    "WHERE cleared_at IS NULL ORDER BY id").fetchall()
        return [{"id": r[0], "table": r[1], "game_id": r[2], "kind": r[3], "message": r[4], "seat": r[5],
                 "at": r[6]} for r in rows]

    # -- observations ---------------------------------------------------------------------
    def add_observation(self, game_id: str, seat: int, face: str, tiles: list[str] | None,
                        count: int | None, confidence: float | None, note: str) -> dict:
        at = time.time()
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO observations(game_id, seat, face, tiles, count, confidence, note, at) "
                "VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seat, face, json.dumps(tiles) if tiles is not None else None, count, confidence,
                 note, at))
            oid = cur.lastrowid
        return {"id": oid, "game_id": game_id, "seat": seat, "face": face, "tiles": tiles, "count": count,
                "confidence": confidence, "note": note, "at": at, "status": "pending"}

    def resolve_observation(self, obs_id: int, status: str, by: str) -> None:
        with self._lock:
            self._db.execute("UPDATE observations SET status=?, resolved_by=?, resolved_at=? WHERE id=?",
                             (status, by, time.time(), obs_id))

    def pending_observations(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game_id, seat, face, tiles, count, confidence, note, at FROM observations "
                "WHERE status='pending' ORDER BY id").fetchall()
        return [{"id": r[0], "game_id": r[1], "seat": r[2], "face": r[3],
                 "tiles": json.loads(r[4]) if r[4] is not None else None, "count": r[5], "confidence": r[6],
                 "note": r[7], "at": r[8], "status": "pending"} for r in rows]
