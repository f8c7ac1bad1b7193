# Runs under MicroPython (unix port), not CPython: the firmware's main loop with its USB serial
# on this process's stdin/stdout, simulated MFRC522 chips, and a scripted table.
# Usage: micropython tests/rfid/mpy_board.py REPO_ROOT   (stdin/stdout = a pty)
import sys

root = sys.argv[1]
sys.path.insert(0, root + "/firmware")
sys.path.insert(0, root)

from rfid.sim import machine  # noqa: E402

machine.install()
import board_config as cfg  # noqa: E402

from rfid.sim.mfrc522 import SimMFRC522  # noqa: E402

cfg.CS_PINS = [0, 1, 2, 3]
cfg.RST_PIN = None
cfg.LED_PIN = None
cfg.FIELD_SETTLE_MS = 0
cfg.SCAN_PERIOD_MS = 10
chips = []
for pin in cfg.CS_PINS:
    c = SimMFRC522()
    machine.attach_spi_device(cfg.SPI_ID, pin, c)
    chips.append(c)

import main  # noqa: E402
import tgproto as P  # noqa: E402

# scan number -> what happens on the table
SCRIPT = {
    10: ("place", 1, "04A1B2C3"),
    20: ("place", 2, "04112233445566"),
    30: ("kill", 3, ""),
    40: ("place", 0, "04C0FFEE"),
    41: ("place", 0, "04000001"),
    45: ("place", 1, "04000002"),
    60: ("remove", 1, "04000002"),
}


def act(scan):
    step = SCRIPT.get(scan)
    if step is None:
        return
    what, slot, uid = step
    chip = chips[slot]
    if what == "place":
        chip.place(bytes.fromhex(uid))
    elif what == "remove":
        chip.remove(bytes.fromhex(uid))
    elif what == "kill":
        chip.dead = True


board = main.make_board()
_send = board.link.send


def send(mtype, payload=b""):
    _send(mtype, payload)
    if mtype == P.T_SCAN:
        act(board.scan)


board.link.send = send
if main.micropython is not None:
    main.micropython.kbd_intr(-1)
board.run()
