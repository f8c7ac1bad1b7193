"""The simulated board: the real firmware main loop under CPython, its USB serial on a pty.

Run as a process (``python -m rfid.sim.board`` or ``tiengow rfid simulate``).  It installs
the stand-in ``machine`` module, hangs one :class:`~rfid.sim.mfrc522.SimMFRC522` on each
chip-select pin of ``firmware/board_config.py``, binds ``sys.stdin``/``sys.stdout`` to the
master side of a pseudo-terminal and calls ``firmware/main.py``'s ``main()``.  The host opens
the pty's slave — through a symlink that stays the same across unplug/replug — with pyserial,
exactly as it opens ``/dev/ttyACM0``.

The process's own stdin/stdout are a line-based control channel.  The first line it prints is
``port <symlink> <slave>``; then each command gets one reply line, ``ok ...`` or ``error ...``:

    place SLOT UID...   put tags (4- or 7-byte UIDs in hex) on antenna SLOT, several at once (two = collision)
    remove SLOT [UID]   take one tag (or all) off antenna SLOT
    clear               take every tag off
    kill SLOT [00|FF]   reader SLOT stops answering (MISO reads 00 or FF)
    revive SLOT         reader SLOT answers again (it comes back reset, like after a power glitch)
    corrupt SLOT [N]    garble the next N tag answers on SLOT (a bit flip the firmware must catch)
    garbage N           write N random bytes onto the serial line between two frames
    noise N             write N random bytes into the middle of the next frame
    truncate            cut the next frame in half
    badcrc              flip a CRC byte of the next frame
    drop [N]            lose the next N frames (a sequence gap)
    unplug / replug     close the pty / open a new one (the symlink follows)
    reboot              the board restarts (power cycle): firmware state and sequence numbers
                        start over, the readers reset; "unplug, reboot, replug" = a USB replug
    state               one line: the tags on every antenna
    time                the monotonic clock (to measure latency across processes)
    quit
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
import tempfile
import threading
import time
import tty

from rfid.protocol import FIRMWARE_DIR
from rfid.sim import machine as sim_machine
from rfid.sim.mfrc522 import SimMFRC522


class _Reboot(BaseException):
    """Raised inside the firmware's next serial write to restart it (not an Exception, so the
    firmware cannot catch it by accident)."""


class PtyPort:
    """The USB serial link of the simulated board: a pty whose master fd number never changes."""

    def __init__(self, link_path: str):
        self.link_path = link_path
        self.lock = threading.Lock()
        self._idle_r, self._idle_w = os.pipe()  # stands in for the master while unplugged
        self.fd = os.dup(self._idle_r)  # the stable fd the firmware polls and reads
        self.slave_fd: int | None = None
        self.slave_name = ""
        self.plugged = False
        self.rng = random.Random(1)
        self.garbage = b""
        self.noise = b""
        self.truncate = 0
        self.badcrc = 0
        self.drop = 0
        self.written = 0
        self.lost = 0
        self.reboot = False
        self.plug()

    def plug(self) -> str:
        with self.lock:
            if self.plugged:
                return self.slave_name
            m, s = os.openpty()
            tty.setraw(s)
            os.dup2(m, self.fd)
            os.close(m)
            os.set_blocking(self.fd, False)
            self.slave_fd = s
            self.slave_name = os.ttyname(s)
            tmp = self.link_path + ".new"
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            os.symlink(self.slave_name, tmp)
            os.replace(tmp, self.link_path)
            self.plugged = True
            return self.slave_name

    def unplug(self) -> None:
        with self.lock:
            if not self.plugged:
                return
            self.plugged = False
            os.dup2(self._idle_r, self.fd)  # closes the master: the host sees a hang-up
            if self.slave_fd is not None:
                os.close(self.slave_fd)
                self.slave_fd = None

    def close(self) -> None:
        self.unplug()
        for path in (self.link_path,):
            try:
                os.unlink(path)
            except OSError:
                pass

    # firmware side -------------------------------------------------------------------------
    def write(self, frame: bytes) -> int:
        with self.lock:
            if self.reboot:
                self.reboot = False
                raise _Reboot()
            n = len(frame)
            if not self.plugged:
                return n  # USB CDC with no host: the bytes go nowhere
            if self.drop > 0:
                self.drop -= 1
                return n
            if self.truncate > 0:
                self.truncate -= 1
                frame = frame[: len(frame) // 2]
            if self.badcrc > 0:
                self.badcrc -= 1
                frame = frame[:-2] + bytes((frame[-2] ^ 0x5A,)) + frame[-1:]
            if self.noise:
                half = len(frame) // 2
                frame = frame[:half] + self.noise + frame[half:]
                self.noise = b""
            if self.garbage:
                frame = self.garbage + frame
                self.garbage = b""
            try:
                k = os.write(self.fd, frame)
            except (BlockingIOError, OSError):
                self.lost += 1
                return 0
            self.written += k
            if k < len(frame):
                self.lost += 1
            return n

    def read(self, n: int = 1) -> bytes:
        try:
            return os.read(self.fd, n)
        except (BlockingIOError, OSError):
            return b""


class _Buffer:
    def __init__(self, port: PtyPort):
        self.port = port

    def write(self, data) -> int:
        return self.port.write(bytes(data))

    def read(self, n: int = 1) -> bytes:
        return self.port.read(n)

    def flush(self) -> None:
        pass


class _Stream:
    """What the firmware sees as sys.stdin / sys.stdout (it only uses .buffer and fileno())."""

    def __init__(self, port: PtyPort):
        self.port = port
        self.buffer = _Buffer(port)

    def fileno(self) -> int:
        return self.port.fd

    def write(self, text) -> int:  # a stray print() lands on the wire, as on the real board
        data = text.encode() if isinstance(text, str) else bytes(text)
        return self.port.write(data)

    def flush(self) -> None:
        pass


class SimRig:
    """The simulated hardware around the firmware: one chip per CS pin, the pty link."""

    def __init__(self, n_readers: int, link_path: str, period_ms: int, seed: int = 1):
        sim_machine.install()
        sim_machine.reset_sim()
        if str(FIRMWARE_DIR) not in sys.path:
            sys.path.insert(0, str(FIRMWARE_DIR))
        import board_config as cfg  # the firmware's own config module

        cfg.CS_PINS = list(range(n_readers))
        cfg.SCAN_PERIOD_MS = period_ms
        cfg.FIELD_SETTLE_MS = 0
        cfg.HEARTBEAT_MS = 500
        self.cfg = cfg
        self.chips = []
        for i, pin in enumerate(cfg.CS_PINS):
            chip = SimMFRC522(name=f"reader{i}")
            sim_machine.attach_spi_device(cfg.SPI_ID, pin, chip)
            self.chips.append(chip)
        self.port = PtyPort(link_path)
        self.rng = random.Random(seed)

    def power_cycle(self) -> None:
        for c in self.chips:
            with c.lock:
                c._reset_regs()
                c._field(False)

    def chip(self, slot: str) -> SimMFRC522:
        i = int(slot)
        if not 0 <= i < len(self.chips):
            raise ValueError(f"no reader {i} (the board has {len(self.chips)})")
        return self.chips[i]

    def command(self, line: str) -> str:
        words = line.split()
        if not words:
            return "error empty command"
        cmd, a = words[0].lower(), words[1:]
        p = self.port
        if cmd == "place":  # place SLOT UID [UID...]: several tags land at once
            uids = [bytes.fromhex(x) for x in a[1:]]
            self.chip(a[0]).place(*uids)
            return f"ok placed {a[0]} {' '.join(u.hex().upper() for u in uids)} {time.monotonic():.6f}"
        if cmd == "remove":
            n = self.chip(a[0]).remove(bytes.fromhex(a[1]) if len(a) > 1 else None)
            return f"ok removed {n} {time.monotonic():.6f}"
        if cmd == "clear":
            for c in self.chips:
                c.remove()
            return "ok cleared"
        if cmd == "kill":
            c = self.chip(a[0])
            c.dead_value = int(a[1], 16) if len(a) > 1 else 0x00
            c.dead = True
            return f"ok killed {a[0]}"
        if cmd == "revive":
            c = self.chip(a[0])
            with c.lock:
                c._reset_regs()
                c._field(False)
                c.dead = False
            return f"ok revived {a[0]}"
        if cmd == "corrupt":
            self.chip(a[0]).corrupt_next = int(a[1]) if len(a) > 1 else 1
            return "ok corrupt"
        if cmd in ("garbage", "noise"):
            n = int(a[0]) if a else 16
            junk = bytes(self.rng.randrange(256) for _ in range(n))
            with p.lock:
                if cmd == "garbage":
                    p.garbage += junk
                else:
                    p.noise += junk
            return f"ok {cmd} {n}"
        if cmd in ("truncate", "badcrc", "drop"):
            n = int(a[0]) if a else 1
            with p.lock:
                setattr(p, cmd, getattr(p, cmd) + n)
            return f"ok {cmd} {n}"
        if cmd == "unplug":
            p.unplug()
            return "ok unplugged"
        if cmd == "replug":
            return f"ok replugged {p.plug()}"
        if cmd == "reboot":
            with p.lock:
                p.reboot = True
            return "ok rebooting"
        if cmd == "state":
            parts = []
            for i, c in enumerate(self.chips):
                u = ",".join(x.hex().upper() for x in c.uids())
                flag = "dead" if c.dead else ""
                if u or flag:
                    parts.append(f"{i}={u}{'!' + flag if flag else ''}")
            return "ok " + " ".join(parts)
        if cmd == "time":
            return f"ok {time.monotonic():.6f}"
        if cmd == "path":
            return f"ok {p.link_path} {p.slave_name}"
        return f"error unknown command {cmd!r}"


def _control_loop(rig: SimRig, ctl_in, ctl_out, on_quit) -> None:
    for line in ctl_in:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line in ("quit", "exit"):
            break
        try:
            reply = rig.command(line)
        except (ValueError, IndexError) as exc:
            reply = f"error {exc}"
        ctl_out.write(reply + "\n")
        ctl_out.flush()
    on_quit()


def run(n_readers: int = 16, link_path: str | None = None, period_ms: int = 10,
        ctl_in=None, ctl_out=None) -> int:
    """Become the simulated board.  Blocks until ``quit`` or EOF on the control input."""
    ctl_in = ctl_in or os.fdopen(os.dup(0), "r")
    ctl_out = ctl_out or os.fdopen(os.dup(1), "w")
    tmpdir = None
    if link_path is None:
        tmpdir = tempfile.mkdtemp(prefix="tiengow-sim-")
        link_path = os.path.join(tmpdir, "board")
    rig = SimRig(n_readers, os.path.abspath(link_path), period_ms)
    ctl_out.write(f"port {rig.port.link_path} {rig.port.slave_name}\n")
    ctl_out.flush()

    def cleanup():
        rig.port.close()
        if tmpdir:
            try:
                os.rmdir(tmpdir)
            except OSError:
                pass

    def quit_now():
        cleanup()
        try:
            ctl_out.write("ok bye\n")
            ctl_out.flush()
        except (OSError, ValueError):
            pass
        os._exit(0)  # the firmware loop never returns on its own

    threading.Thread(target=_control_loop, args=(rig, ctl_in, ctl_out, quit_now), daemon=True).start()
    stream = _Stream(rig.port)
    sys.stdin = stream
    sys.stdout = stream  # as on the Pico: stdout *is* the USB serial line
    import main as firmware_main  # firmware/main.py

    try:
        while True:
            try:
                firmware_main.main()  # returns after the host's STOP command
                break
            except _Reboot:
                rig.power_cycle()
                firmware_main = importlib.reload(firmware_main)
    finally:
        sys.stdout = sys.__stdout__
        sys.stdin = sys.__stdin__
        cleanup()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rfid.sim.board", description=__doc__.split("\n")[0])
    ap.add_argument("--readers", type=int, default=16, help="number of MFRC522 readers (slots)")
    ap.add_argument("--link", help="symlink to create for the pty (default: a temp dir)")
    ap.add_argument("--period-ms", type=int, default=10, help="minimum scan period of the firmware loop")
    a = ap.parse_args(argv)
    return run(a.readers, a.link, a.period_ms)


if __name__ == "__main__":
    sys.exit(main())
