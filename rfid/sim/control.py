"""Start the simulated board as a separate process and drive it from Python.

>>> with SimBoard(readers=16) as sim:          # doctest: +SKIP
...     sim.port                                # a path to open with pyserial / PicoDriver
...     sim.place(0, "04A1B2C3")                # a tag on antenna 0 (seat0.play slot 0)
...     sim.remove(0)
...     sim.kill(5); sim.revive(5)              # reader 5 stops / starts answering
...     sim.unplug(); sim.replug()              # the pty goes away and comes back (same path)
...     sim.command("garbage 40")               # any control-channel command, see rfid.sim.board
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class SimBoardError(RuntimeError):
    pass


class SimBoard:
    def __init__(self, readers: int = 16, period_ms: int = 10, link: str | None = None,
                 start_timeout: float = 15.0):
        self.readers = readers
        self.period_ms = period_ms
        self._tmp = None
        if link is None:
            self._tmp = tempfile.mkdtemp(prefix="tiengow-sim-")
            link = os.path.join(self._tmp, "board")
        self.port = link
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen | None = None
        self.slave = ""
        self._lock = threading.Lock()

    def start(self) -> SimBoard:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "rfid.sim.board", "--readers", str(self.readers),
             "--period-ms", str(self.period_ms), "--link", self.port],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=env, cwd=str(ROOT),
        )
        line = self._readline(self.start_timeout)
        if not line.startswith("port "):
            self.close()
            raise SimBoardError(f"the simulated board did not start: {line!r}")
        self.slave = line.split()[2]
        return self

    def _readline(self, timeout: float) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        box: list[str] = []
        t = threading.Thread(target=lambda: box.append(self.proc.stdout.readline()), daemon=True)
        t.start()
        t.join(timeout)
        if not box:
            raise SimBoardError(f"no answer from the simulated board in {timeout} s")
        return box[0].strip()

    def command(self, line: str, timeout: float = 5.0) -> str:
        """Send one control command; returns the reply without 'ok '; raises on 'error ...'."""
        with self._lock:
            if self.proc is None or self.proc.poll() is not None:
                raise SimBoardError("the simulated board is not running")
            self.proc.stdin.write(line.strip() + "\n")
            self.proc.stdin.flush()
            reply = self._readline(timeout)
        if reply.startswith("ok"):
            return reply[3:]
        raise SimBoardError(f"{line!r}: {reply}")

    # conveniences ---------------------------------------------------------------------------
    def place(self, slot: int, uid: str, *more: str) -> float:
        """Put a tag (or several at once) on an antenna; returns the sim's monotonic time of placement."""
        return float(self.command(f"place {slot} {' '.join((uid, *more))}").split()[-1])

    def remove(self, slot: int, uid: str | None = None) -> float:
        return float(self.command(f"remove {slot}" + (f" {uid}" if uid else "")).split()[-1])

    def kill(self, slot: int, miso: int = 0x00) -> None:
        self.command(f"kill {slot} {miso:02X}")

    def revive(self, slot: int) -> None:
        self.command(f"revive {slot}")

    def unplug(self) -> None:
        self.command("unplug")

    def replug(self) -> None:
        self.command("replug")

    def reboot(self) -> None:
        self.command("reboot")

    def close(self) -> None:
        p = self.proc
        self.proc = None
        if p is not None:
            try:
                if p.poll() is None:
                    try:
                        p.stdin.write("quit\n")
                        p.stdin.flush()
                    except (BrokenPipeError, OSError, ValueError):
                        pass
                    try:
                        p.wait(3)
                    except subprocess.TimeoutExpired:
                        p.kill()
                        p.wait(3)
            finally:
                for f in (p.stdin, p.stdout):
                    try:
                        f.close()
                    except Exception:  # noqa: BLE001
                        pass
        if self._tmp:
            for name in os.listdir(self._tmp) if os.path.isdir(self._tmp) else ():
                try:
                    os.unlink(os.path.join(self._tmp, name))
                except OSError:
                    pass
            try:
                os.rmdir(self._tmp)
            except OSError:
                pass

    def __enter__(self) -> SimBoard:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()
