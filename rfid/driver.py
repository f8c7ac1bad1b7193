"""The host driver for the tiengow RFID board: serial link, handshake, reconnect, observations.

asyncio (pyserial-asyncio)::

    reg = TagRegistry.from_mapping(profile["rfid"])
    async with PicoDriver("/dev/ttyACM0", reg) as drv:      # connects, reconnects forever
        async for ob in drv.observations():                  # table.observations.ZoneObservation
            ...

or from plain threads::

    with DriverThread(PicoDriver(port, reg)) as t:
        ob = t.get(timeout=1.0)          # next ZoneObservation (queue.Empty on timeout)
        t.latest()                       # {zone: ZoneObservation}, the current view

An observation is emitted for a zone whenever its tiles or status change.  ``status`` is
'ok', 'stale' (resynchronising after a gap, or one of its readers down/unreadable) or
'lost' (board unplugged / silent, or all its readers down); while not 'ok' the tiles are the
last confirmed ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import AsyncIterator, Callable

from rfid.protocol import P
from rfid.registry import TagRegistry
from rfid.tracker import BoardTracker
from table.observations import ZoneObservation

log = logging.getLogger("tiengow.rfid")

PICO_USB_IDS = ((0x2E8A, 0x0005), (0x2E8A, 0x000A))  # MicroPython on RP2040 (Pico, Pico W)


def find_ports(all_ports: bool = False) -> list[tuple[str, str]]:
    """Serial ports that look like a Pico running MicroPython: [(device, description)].
    With ``all_ports`` every serial port is listed."""
    from serial.tools import list_ports

    out = []
    for p in list_ports.comports():
        if all_ports or (p.vid, p.pid) in PICO_USB_IDS:
            out.append((p.device, p.description or ""))
    return out


class _Base:
    """Observation fan-out shared by the drivers."""

    def __init__(self, on_observation: Callable[[ZoneObservation], None] | None = None,
                 on_log: Callable[[str], None] | None = None):
        self.on_observation = on_observation
        self.on_log = on_log
        self._queues: list[asyncio.Queue] = []
        self.latest: dict[str, ZoneObservation] = {}
        self._stop = False
        self._task: asyncio.Task | None = None
        self.log_lines: list[str] = []

    def _deliver(self, obs: list[ZoneObservation], lines: list[str]) -> None:
        for line in lines:
            self.log_lines.append(line)
            if len(self.log_lines) > 1000:
                del self.log_lines[:500]
            log.info("%s", line)
            if self.on_log:
                self.on_log(line)
        for ob in obs:
            self.latest[ob.zone] = ob
            for q in self._queues:
                q.put_nowait(ob)
            if self.on_observation:
                self.on_observation(ob)

    async def observations(self) -> AsyncIterator[ZoneObservation]:
        """Every observation from now on (start :meth:`run` first, or use ``async with``)."""
        q: asyncio.Queue = asyncio.Queue()
        self._queues.append(q)
        try:
            for ob in list(self.latest.values()):
                q.put_nowait(ob)
            while True:
                yield await q.get()
        finally:
            self._queues.remove(q)

    def stop(self) -> None:
        self._stop = True

    async def run(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    async def __aenter__(self):
        self._task = asyncio.ensure_future(self.run())
        return self

    async def __aexit__(self, *exc):
        self.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


class PicoDriver(_Base):
    """One tiengow RFID board on one serial port."""

    def __init__(self, port: str, registry: TagRegistry | None = None, *, debounce: int = 2,
                 baudrate: int = 115200, board: str = "", reconnect_delay: float = 0.3,
                 silence_timeout: float = 2.0, request_timeout: float = 0.5,
                 on_observation: Callable[[ZoneObservation], None] | None = None,
                 on_log: Callable[[str], None] | None = None):
        super().__init__(on_observation, on_log)
        self.port = port
        self.baudrate = baudrate
        self.registry = registry or TagRegistry()
        self.tracker = BoardTracker(self.registry, debounce=debounce, board=board,
                                    request_timeout=request_timeout, silence_timeout=silence_timeout)
        self.parser = P.FrameParser()
        self.reconnect_delay = reconnect_delay
        self.silence_timeout = silence_timeout
        self.connected = False
        self.connects = 0
        self._seq = 0

    def _pump(self, obs: list[ZoneObservation]) -> None:
        self._deliver(obs, self.tracker.take_log())

    def _send_requests(self, writer) -> None:
        for cmd in self.tracker.take_requests():
            writer.write(P.encode(self._seq, cmd))
            self._seq = (self._seq + 1) & 0xFF

    async def run(self) -> None:
        """Connect, and reconnect after any failure, until :meth:`stop`."""
        self._stop = False
        last_err = None
        while not self._stop:
            reason = None
            try:
                await self._session()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - any failure of the link means: reconnect
                reason = f"{type(exc).__name__}: {exc}"
                if "returned no data" in str(exc) or "Input/output error" in str(exc):
                    reason = "the port went away (unplugged?)"
            finally:
                self.connected = False
            if reason and reason != last_err and self.tracker.phase == BoardTracker.DISCONNECTED:
                self._deliver([], [f"cannot open {self.port}: {reason}"])
            last_err = reason
            self._pump(self.tracker.on_disconnect(reason or "stopped", time.monotonic()))
            if not self._stop:
                await asyncio.sleep(self.reconnect_delay)

    async def _session(self) -> None:
        import serial_asyncio

        reader, writer = await serial_asyncio.open_serial_connection(url=self.port, baudrate=self.baudrate)
        try:
            with contextlib.suppress(Exception):
                writer.transport.serial.reset_input_buffer()
            self.connected = True
            self.connects += 1
            self.parser.reset()
            now = time.monotonic()
            self._pump(self.tracker.on_connect(now))
            self._send_requests(writer)
            last_data = now
            while not self._stop:
                try:
                    data = await asyncio.wait_for(reader.read(4096), timeout=0.05)
                except TimeoutError:
                    data = None
                now = time.monotonic()
                if data == b"":
                    raise ConnectionError("the port closed (unplugged?)")
                if data:
                    last_data = now
                    frames = self.parser.feed(data)
                    if self.parser.errors:
                        self._pump(self.tracker.on_garbled(self.parser.errors, now))
                        self.parser.errors = []
                    self._pump(self.tracker.on_frames(frames, now))
                elif self.parser.pending() and now - last_data > 0.2:
                    frames = self.parser.expire()  # a frame cut off by silence
                    self._pump(self.tracker.on_garbled(self.parser.errors, now))
                    self.parser.errors = []
                    self._pump(self.tracker.on_frames(frames, now))
                self._pump(self.tracker.tick(now))
                self._send_requests(writer)
                if self.tracker.silent_for(now) > self.silence_timeout:
                    raise TimeoutError(f"no frame from the board for {self.silence_timeout:.1f} s")
        finally:
            writer.close()

    def slots(self):
        return self.tracker.slots()


class DriverThread:
    """Run a driver (PicoDriver, Em4100Driver) on its own event loop in a daemon thread."""

    def __init__(self, driver: _Base):
        self.driver = driver
        self.queue: queue.Queue[ZoneObservation] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._prev_cb = driver.on_observation

        def cb(ob):
            self.queue.put(ob)
            if self._prev_cb:
                self._prev_cb(ob)

        driver.on_observation = cb

    def start(self) -> DriverThread:
        ready = threading.Event()

        def main():
            self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(self._loop)
            task = self._loop.create_task(self.driver.run())
            ready.set()
            with contextlib.suppress(asyncio.CancelledError):
                self._loop.run_until_complete(task)
            self._loop.close()

        self._thread = threading.Thread(target=main, name="rfid-driver", daemon=True)
        self._thread.start()
        ready.wait(5)
        return self

    def get(self, timeout: float | None = None) -> ZoneObservation:
        return self.queue.get(timeout=timeout)

    def latest(self) -> dict[str, ZoneObservation]:
        return dict(self.driver.latest)

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the driver's loop thread and return its result."""
        assert self._loop is not None
        fut = asyncio.run_coroutine_threadsafe(_as_coro(fn, *args), self._loop)
        return fut.result(5)

    def stop(self, timeout: float = 5.0) -> None:
        self.driver.stop()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            def cancel_all():
                for t in asyncio.all_tasks(loop):
                    t.cancel()
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(cancel_all)
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> DriverThread:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


async def _as_coro(fn, *args):
    return fn(*args)
