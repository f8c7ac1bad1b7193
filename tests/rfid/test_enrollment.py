from __future__ import annotations

import threading
import time

import pytest

from rfid.enrollment import EnrollmentTimeout, wait_for_empty, wait_for_tag
from rfid.registry import RegistryError, TagRegistry, enroll
from tests.rfid.conftest import Watch

pytestmark = pytest.mark.timeout(60)


def test_enrolment_loop_against_the_simulated_board(sim):
    reg = TagRegistry()
    w = Watch(sim.port, TagRegistry())
    w.thread.start()
    try:
        w.wait_live()
        plan = [("6-6", "04000011"), ("6-6", "04000012"), ("5-4", "04112233445566"), ("5-4", "04000013")]
        results = []

        def user():  # the person at the table
            for _tile, uid in plan:
                time.sleep(0.05)
                sim.place(0, uid)
                time.sleep(0.15)
                sim.remove(0)

        th = threading.Thread(target=user)
        th.start()
        for tile, _uid in plan:
            uid = wait_for_tag(w.driver, reader=0, timeout=10)
            try:
                enroll(reg, uid, tile)
                results.append((tile, uid, "ok"))
            except RegistryError as exc:
                results.append((tile, uid, str(exc)))
            wait_for_empty(w.driver, reader=0, timeout=10)
        th.join(10)
        assert results[:3] == [("6-6", "04000011", "ok"), ("6-6", "04000012", "ok"),
                               ("5-4", "04112233445566", "ok")]
        assert results[3][2].startswith("tag '04000013'") and "1 5-4 tile" in results[3][2]
        assert reg.missing_tiles().count("6-6") == 0 and len(reg.missing_tiles()) == 29
        with pytest.raises(EnrollmentTimeout):
            wait_for_tag(w.driver, reader=0, timeout=0.2)
    finally:
        w.thread.stop()
