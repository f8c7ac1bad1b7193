"""``tiengow bench api``: WebSocket fan-out under a steady stream of events.

A real server (``tiengow serve``) runs as a child process on loopback with a fresh SQLite
file.  N WebSocket clients subscribe to the public stream of the table; a driver submits
legal plays over REST, paced so that the referee emits ``--rate`` events per second (a play
is one event; the fourth play of a trick adds ``trick_won``, and so on).  For every message a
client receives, two latencies are taken:

* end to end: from the moment the driver sends the play's HTTP request to the moment the
  client has the message (request, rules, SQLite commit with fsync, fan-out, delivery);
* from commit: from the event's ``at`` stamp (taken just before the commit, so the fsync is
  included) to delivery.

The server's CPU share is its user+system CPU time (``/proc/<pid>/stat``) over the measuring
window, as a fraction of one core.  The clients run in one child process (one asyncio loop),
the driver in this one, all on the same machine as the server: they compete for its cores.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["run_bench", "measure"]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k]


async def _client(url: str, received: list, ready: list, stop: asyncio.Event):
    import websockets

    async with websockets.connect(url, max_size=None, ping_interval=None) as ws:
        await ws.recv()  # snapshot
        ready[0] += 1
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.time()
            msg = json.loads(text)  # a real client parses every message
            evs = msg.get("events") or []
            if evs:
                received.append((evs[0]["seq"], now, evs[0].get("at"), len(text), msg.get("game_id")))


def _clients_process(url: str, n: int, conn) -> None:
    """The WebSocket clients, in their own process (so the driver is not starved)."""

    async def main():
        received: list = []
        ready = [0]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(_client(url, received, ready, stop)) for _ in range(n)]
        while ready[0] < n:
            await asyncio.sleep(0.05)
            if any(t.done() for t in tasks):
                break
        conn.send(("ready", ready[0]))
        await asyncio.to_thread(conn.recv)  # "stop"
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        conn.send(("done", received))

    asyncio.run(main())


async def _measure(base: str, token: str, clients: int, rate: float, seconds: float, warmup: float,
                   pid: int | None) -> dict:
    import multiprocessing

    import httpx

    from referee.game import Game

    from .autoplay import AutoPlayer

    players = ["Ann", "Bo", "Cy", "Di"]
    headers = {"Authorization": f"Bearer {token}"}
    http = httpx.AsyncClient(base_url=base, timeout=10)
    opts = {"game_hands": 1000, "max_rounds": 1000}

    async def new_game():
        r = await http.post("/api/games", json={"table": "bench", "players": players, "banker": 0, "options": opts},
                            headers=headers)
        r.raise_for_status()
        return r.json()["game_id"], AutoPlayer(Game("pagat", players, first_banker=0, salt_seed=1, options=opts),
                                               seed=7)

    gid, player = await new_game()
    ws_url = base.replace("http://", "ws://") + "/ws/tables/bench?audience=public"
    parent, child = multiprocessing.get_context("spawn").Pipe()
    proc = multiprocessing.get_context("spawn").Process(target=_clients_process, args=(ws_url, clients, child))
    proc.start()
    kind, connected = await asyncio.to_thread(parent.recv)
    if connected < clients:
        raise RuntimeError(f"only {connected} of {clients} clients could connect")

    sent: dict[tuple[str, int], float] = {}  # (game, first seq of the command) -> time the request was sent
    events_sent = 0
    t_measure = time.time() + warmup
    t_end = t_measure + seconds
    cpu0 = wall0 = None
    next_at = time.perf_counter()
    errors = 0
    while time.time() < t_end:
        if cpu0 is None and time.time() >= t_measure and pid:
            cpu0, wall0 = _cpu_seconds(pid), time.time()
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        play = player.next_play()
        player.apply(play)
        body = {k: v for k, v in play.items() if not k.startswith("_")}
        t0 = time.time()
        r = await http.post(f"/api/games/{gid}/plays", json=body, headers=headers)
        if r.status_code != 200:
            errors += 1
            gid, player = await new_game()
            continue
        evs = r.json()["events"]
        if t0 >= t_measure:
            sent[(gid, evs[0]["seq"])] = t0
            events_sent += len(evs)
        next_at += len(evs) / rate
    cpu = wall = None
    if pid and cpu0 is not None:
        cpu, wall = _cpu_seconds(pid) - cpu0, time.time() - wall0
    await asyncio.sleep(1.0)  # let the last messages arrive
    parent.send("stop")
    kind, received = await asyncio.to_thread(parent.recv)
    proc.join(10)
    await http.aclose()

    e2e, commit, sizes = [], [], []
    for seq, t_recv, at, size, g in received:
        t0 = sent.get((g, seq))
        if t0 is None:
            continue
        e2e.append((t_recv - t0) * 1000)
        if at:
            commit.append((t_recv - at) * 1000)
        sizes.append(size)
    expected = len(sent) * clients
    measured = (wall or seconds)
    return {
        "clients": clients, "rate_events_per_s": rate, "seconds": seconds,
        "events_sent": events_sent, "events_per_s_achieved": events_sent / measured,
        "messages_expected": expected, "messages_delivered": len(e2e),
        "delivery_ratio": len(e2e) / expected if expected else None,
        "e2e_ms": {"p50": _pct(e2e, 50), "p99": _pct(e2e, 99), "max": max(e2e) if e2e else None,
                   "mean": statistics.fmean(e2e) if e2e else None},
        "from_commit_ms": {"p50": _pct(commit, 50), "p99": _pct(commit, 99)},
        "message_bytes_mean": statistics.fmean(sizes) if sizes else None,
        "server_cpu_share_of_one_core": cpu / wall if cpu is not None else None,
        "cores": os.cpu_count(), "errors": errors,
        "load_average_1min": os.getloadavg()[0],
    }


def measure(clients: int = 100, rate: float = 20.0, seconds: float = 15.0, warmup: float = 2.0) -> dict:
    """Start a server, run the load, stop the server; returns the figures."""
    with tempfile.TemporaryDirectory() as d:
        port = _free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "api.service_cli", "serve", "--port", str(port), "--db", str(Path(d) / "b.sqlite")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=Path(__file__).resolve().parents[1],
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
        try:
            token = proc.stdout.readline().strip().split(": ")[-1]
            base = f"http://127.0.0.1:{port}"
            import httpx

            for _ in range(200):
                try:
                    if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            return asyncio.run(_measure(base, token, clients, rate, seconds, warmup, proc.pid))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def run_bench(args) -> int:
    res = measure(args.clients, args.rate, args.seconds)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    cpu = res["server_cpu_share_of_one_core"]
    print(f"tiengow bench api: {res['clients']} WebSocket clients on loopback, {res['rate_events_per_s']:g} events/s "
          f"for {res['seconds']:g} s ({res['events_sent']} events, {res['events_per_s_achieved']:.1f}/s achieved)")
    print(f"  delivered       {res['messages_delivered']} of {res['messages_expected']} messages "
          f"({100 * (res['delivery_ratio'] or 0):.1f}%), {res['message_bytes_mean'] or 0:.0f} bytes each on average")
    e, c = res["e2e_ms"], res["from_commit_ms"]
    print(f"  latency, request sent -> client has it:  p50 {e['p50']:.1f} ms   p99 {e['p99']:.1f} ms   "
          f"max {e['max']:.1f} ms")
    print(f"  latency, event stamped (before its commit, fsync included) -> client:  p50 {c['p50']:.1f} ms   p99 {c['p99']:.1f} ms")
    if cpu is not None:
        print(f"  server CPU       {100 * cpu:.1f}% of one core ({100 * cpu / res['cores']:.1f}% of "
              f"{res['cores']} cores)")
    print(f"  machine load    {res['load_average_1min']:.2f} (1-minute load average at the end; other work on "
          f"the machine inflates the latencies)")
    if res["errors"]:
        print(f"  refused plays    {res['errors']}")
    return 0
