from __future__ import annotations

import time

import pytest

from rfid.driver import DriverThread, PicoDriver
from rfid.registry import TagRegistry
from rfid.sim.control import SimBoard

TAGS = {"04A1B2C3": "6-6", "04A1B2C4": "6-6", "04112233445566": "5-4", "04C0FFEE": "1-1",
        "04000001": "4-4", "04AABBCCDDEEFF": "2-1", "04000002": "3-1", "04000003": "5-5"}


@pytest.fixture
def registry():
    return TagRegistry.from_mapping({"tags": TAGS})


@pytest.fixture
def sim():
    board = SimBoard(readers=16, period_ms=5)
    board.start()
    try:
        yield board
    finally:
        board.close()


class Watch:
    """A PicoDriver in a thread, recording every observation."""

    def __init__(self, port, registry, **kw):
        self.all = []
        kw.setdefault("debounce", 2)
        self.driver = PicoDriver(port, registry, on_observation=self.all.append, **kw)
        self.thread = DriverThread(self.driver)

    def state(self):
        return {z: ([(t.slot, t.name) for t in ob.tiles], ob.status) for z, ob in self.thread.latest().items()}

    def wait(self, pred, timeout=8.0, what="condition"):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            st = self.state()
            if st and pred(st):
                return st
            time.sleep(0.01)
        raise AssertionError(f"timed out waiting for {what}; state {self.state()}; log:\n"
                             + "\n".join(self.driver.log_lines[-30:]))

    def wait_live(self):
        return self.wait(lambda s: self.driver.tracker.phase == "live" and all(v[1] == "ok" for v in s.values()),
                         what="live")


@pytest.fixture
def watch(sim, registry):
    w = Watch(sim.port, registry)
    w.thread.start()
    try:
        w.wait_live()
        yield w
    finally:
        w.thread.stop()
