"""Enrolment with a live board: wait for the tag the user puts on a slot, then register it.

>>> # doctest: +SKIP
>>> with DriverThread(PicoDriver(port, TagRegistry())) as t:
...     for tile in reg.missing_tiles():
...         print(f"put {tile} on slot 0")
...         uid = wait_for_tag(t.driver, reader=0, timeout=60)
...         enroll(reg, uid, tile)               # RegistryError on a duplicate: say so, go on
...         wait_for_empty(t.driver, reader=0)
"""

from __future__ import annotations

import time

from rfid.driver import PicoDriver


class EnrollmentTimeout(TimeoutError):
    pass


def _slot(driver: PicoDriver, reader: int):
    for s in driver.slots():
        if s.index == reader:
            return s
    return None


def wait_for_tag(driver: PicoDriver, reader: int = 0, timeout: float = 30.0, ignore: set[str] | None = None,
                 poll: float = 0.02) -> str:
    """Block until a single tag is confirmed (debounced) on ``reader`` and return its UID
    (upper-case hex).  UIDs in ``ignore`` are skipped.  Two tags on the antenna are not an
    answer: the caller keeps waiting until one is taken away."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = _slot(driver, reader)
        if s is not None and driver.tracker.link_ok and s.status == "ok" and s.uid and not s.pending:
            if not ignore or s.uid not in ignore:
                return s.uid
        time.sleep(poll)
    raise EnrollmentTimeout(f"no tag on reader {reader} within {timeout:.0f} s")


def wait_for_empty(driver: PicoDriver, reader: int = 0, timeout: float = 30.0, poll: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = _slot(driver, reader)
        if s is not None and driver.tracker.link_ok and s.status == "ok" and s.uid is None and not s.pending:
            return
        time.sleep(poll)
    raise EnrollmentTimeout(f"reader {reader} still has a tag after {timeout:.0f} s")
