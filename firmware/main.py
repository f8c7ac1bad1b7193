# tiengow RFID board firmware: poll every MFRC522 in turn and report changes over USB serial.
#
# MicroPython runs main.py at boot.  The USB serial line carries only binary frames
# (tgproto.py, PROTOCOL.md): nothing in this firmware may print().  The host sends
# C_STOP to get the REPL back (tiengow firmware deploy does this before mpremote).

import sys
import time

import board_config as cfg
import machine
import tgproto as P
from mfrc522 import DOWN, ERROR, MFRC522, MULTI, NO_TAG, TAG

try:
    import micropython
except ImportError:  # CPython (simulated board)
    micropython = None

try:
    import uselect as select
except ImportError:
    import select


class UsbLink:
    """Frames out on sys.stdout.buffer, bytes in from sys.stdin.buffer (never blocks)."""

    def __init__(self):
        self.out = sys.stdout.buffer
        self.inp = sys.stdin.buffer
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.seq = 0
        self.dropped = 0

    def send(self, mtype, payload=b""):
        frame = P.encode(self.seq, mtype, payload)
        self.seq = (self.seq + 1) & 0xFF
        try:
            n = self.out.write(frame)  # one write per frame
            if n is not None and n != len(frame):
                self.dropped += 1
        except OSError:
            self.dropped += 1

    def read(self, limit=256):
        data = b""
        while len(data) < limit and self.poller.poll(0):
            b = self.inp.read(1)
            if not b:
                break
            data += b
        return data


class Board:
    def __init__(self, readers, link, led=None):
        self.readers = readers
        self.link = link
        self.led = led
        n = len(readers)
        self.status = [P.S_OK] * n
        self.uid = [None] * n
        self.since = [1] * n  # the assumed initial state is checked by scan 1
        self.errs = [0] * n
        self.need_init = [True] * n
        self.scan = 0  # number of the scan in progress (or last completed, between scans)
        self.read_errors = 0
        self.parser = P.FrameParser(max_errors=4)
        self.t0 = time.ticks_ms()
        uid = b""
        try:
            uid = machine.unique_id()
        except Exception:  # noqa: BLE001 - not every port has it
            pass
        self.board_id = bytes(uid)[:8]

    # -- reporting --------------------------------------------------------------------
    def hello(self):
        self.link.send(P.T_HELLO, P.hello_payload(len(self.readers), self.board_id))

    def heartbeat(self):
        up = time.ticks_diff(time.ticks_ms(), self.t0)
        self.link.send(P.T_HEARTBEAT, P.heartbeat_payload(up, self.scan, self.read_errors, self.link.dropped))

    def snapshot(self):
        slots = [(self.status[i], self.since[i], self.uid[i]) for i in range(len(self.readers))]
        for p in P.snapshot_payloads(self.scan, slots):
            self.link.send(P.T_SNAPSHOT, p)

    def update(self, i, code, uid):
        if code == ERROR:
            self.errs[i] += 1
            self.read_errors += 1
            if self.errs[i] < cfg.MAX_READ_ERRORS:
                return  # keep the last good state: one bad read is not a change
            status, uid = P.S_ERROR, None
        else:
            self.errs[i] = 0
            if code == TAG:
                status = P.S_OK
            elif code == NO_TAG:
                status, uid = P.S_OK, None
            elif code == MULTI:
                status, uid = P.S_MULTI, None
            else:
                status, uid = P.S_DOWN, None
        if status == self.status[i] and uid == self.uid[i]:
            return
        s = self.scan
        if status != self.status[i]:
            self.link.send(P.T_SLOT, P.slot_payload(i, s, status))
            if uid is not None:
                self.link.send(P.T_TAG_ON, P.tag_on_payload(i, s, uid))
        elif uid is None:
            self.link.send(P.T_TAG_OFF, P.tag_off_payload(i, s))
        else:
            self.link.send(P.T_TAG_ON, P.tag_on_payload(i, s, uid))
        self.status[i] = status
        self.uid[i] = uid
        self.since[i] = s

    # -- polling ------------------------------------------------------------------------
    def poll(self, i):
        r = self.readers[i]
        if self.need_init[i]:
            if not r.init():
                return DOWN, None
            self.need_init[i] = False
            if not cfg.ANTENNA_SWITCHING:
                r.antenna(True)  # always on
        if cfg.ANTENNA_SWITCHING:
            r.antenna(True)
            if cfg.FIELD_SETTLE_MS:
                time.sleep_ms(cfg.FIELD_SETTLE_MS)
        code, uid = r.read_uid()
        if cfg.ANTENNA_SWITCHING:
            r.antenna(False)
        if code == DOWN:
            self.need_init[i] = True  # it may come back after a power glitch, reset
        return code, uid

    def commands(self):
        data = self.link.read()
        if not data:
            return False
        for _seq, t, p in self.parser.feed(data):
            if t == P.C_HELLO:
                self.hello()
            elif t == P.C_SNAPSHOT:
                self.snapshot()
            elif t == P.C_PING:
                self.heartbeat()
            elif t == P.C_STOP and p == P.STOP_MAGIC:
                return True
            else:
                self.link.send(P.T_ERROR, P.error_payload(P.E_UNKNOWN_CMD, "unknown command type " + str(t)))
        if self.parser.errors:
            kind, off, n = self.parser.errors[0]
            msg = "garbled input from host: " + kind + " at byte " + str(off)
            self.link.send(P.T_ERROR, P.error_payload(P.E_BAD_FRAME, msg))
            self.parser.errors = []
        return False

    def run(self):
        self.hello()
        last_hb = time.ticks_ms()
        while True:
            t0 = time.ticks_ms()
            self.scan += 1
            for i in range(len(self.readers)):
                code, uid = self.poll(i)
                self.update(i, code, uid)
            self.link.send(P.T_SCAN, P.scan_payload(self.scan))
            if self.led is not None:
                self.led.value((self.scan >> 3) & 1)
            if time.ticks_diff(time.ticks_ms(), last_hb) >= cfg.HEARTBEAT_MS:
                last_hb = time.ticks_ms()
                self.heartbeat()
            if self.commands():
                return
            wait = cfg.SCAN_PERIOD_MS - time.ticks_diff(time.ticks_ms(), t0)
            if wait > 0:
                time.sleep_ms(wait)


def make_board(link=None):
    spi = machine.SPI(cfg.SPI_ID, baudrate=cfg.SPI_BAUD, polarity=0, phase=0,
                      sck=machine.Pin(cfg.SPI_SCK), mosi=machine.Pin(cfg.SPI_MOSI),
                      miso=machine.Pin(cfg.SPI_MISO))
    if cfg.RST_PIN is not None:
        rst = machine.Pin(cfg.RST_PIN, machine.Pin.OUT, value=0)
        time.sleep_ms(1)
        rst.value(1)
        time.sleep_ms(50)
    readers = []
    for cs in cfg.CS_PINS:
        readers.append(MFRC522(spi, machine.Pin(cs, machine.Pin.OUT, value=1)))
    led = machine.Pin(cfg.LED_PIN, machine.Pin.OUT) if cfg.LED_PIN is not None else None
    return Board(readers, link or UsbLink(), led)


def main():
    if micropython is not None:
        micropython.kbd_intr(-1)  # 0x03 in a frame must not raise KeyboardInterrupt
    try:
        make_board().run()
    finally:
        if micropython is not None:
            micropython.kbd_intr(3)  # C_STOP (or a crash) gives the REPL back


if __name__ == "__main__":
    main()
