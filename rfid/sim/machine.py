"""A stand-in for MicroPython's ``machine`` module, for running the firmware under CPython.

Just what the firmware uses: ``Pin`` (with levels shared by pin id, like real GPIOs),
``SPI`` (bytes are clocked one at a time into whichever simulated devices have their
chip-select pin low), ``unique_id``.  Simulated chips are attached with
:func:`attach_spi_device` — a sim-only function the real module does not have.

:func:`install` puts this module in ``sys.modules['machine']`` and adds MicroPython's
``time.ticks_ms`` / ``ticks_diff`` / ``ticks_add`` / ``sleep_ms`` / ``sleep_us`` to ``time``.
"""

# This module also runs under MicroPython (see tests/rfid/mpy_board.py): no __future__ import.
import sys
import time as _time

_levels = {}  # pin id -> level
_devices = {}  # spi id -> [(cs pin id, device)]
_cs_listeners = {}  # pin id -> devices selected by it
_unique_id = b"\xe6\x60\x58\x38\x83\x4a\x21\x2f"


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):  # noqa: A002 - MicroPython's signature
        self.id = id
        self.mode = mode
        if value is not None:
            self.value(value)
        else:
            _levels.setdefault(id, 0)

    def init(self, mode=-1, pull=-1, value=None):
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return _levels.get(self.id, 0)
        v = 1 if v else 0
        old = _levels.get(self.id, 1)
        _levels[self.id] = v
        if old and not v:  # falling edge: a chip-select starts a transaction
            for dev in _cs_listeners.get(self.id, ()):
                dev.select()
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def toggle(self):
        self.value(1 - self.value())

    def __repr__(self):
        return "Pin(" + repr(self.id) + ")"


class SPI:
    MSB = 0
    LSB = 1

    def __init__(self, id, baudrate=1_000_000, polarity=0, phase=0, bits=8, firstbit=0,  # noqa: A002
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate

    def init(self, *args, **kwargs):
        pass

    def deinit(self):
        pass

    def _xfer(self, b: int) -> int:
        result = 0xFF  # nobody drives MISO: the line floats high (pulled up)
        for pin, dev in _devices.get(self.id, ()):
            if _levels.get(pin, 1) == 0:
                result &= dev.xfer(b)
        return result

    def write(self, buf):
        for b in bytes(buf):
            self._xfer(b)
        return None

    def read(self, nbytes, write=0x00):
        return bytes(self._xfer(write) for _ in range(nbytes))

    def readinto(self, buf, write=0x00):
        for i in range(len(buf)):
            buf[i] = self._xfer(write)

    def write_readinto(self, write_buf, read_buf):
        for i, b in enumerate(bytes(write_buf)):
            read_buf[i] = self._xfer(b)


def attach_spi_device(spi_id: int, cs_pin, device) -> None:
    """Sim only: put ``device`` (with ``select()`` and ``xfer(byte) -> byte``) on SPI bus
    ``spi_id`` behind chip-select pin ``cs_pin``."""
    _devices.setdefault(spi_id, []).append((cs_pin, device))
    _cs_listeners.setdefault(cs_pin, []).append(device)
    _levels.setdefault(cs_pin, 1)


def reset_sim() -> None:
    """Sim only: forget all pins and devices."""
    _levels.clear()
    _devices.clear()
    _cs_listeners.clear()


def unique_id() -> bytes:
    return _unique_id


def freq(hz=None):
    return 125_000_000


def reset():  # pragma: no cover
    raise SystemExit("machine.reset()")


def _ticks_ms() -> int:
    return int(_time.monotonic() * 1000) & 0x3FFFFFFF


def _ticks_diff(a: int, b: int) -> int:
    d = (a - b) & 0x3FFFFFFF
    return d - 0x40000000 if d & 0x20000000 else d


def _ticks_add(a: int, d: int) -> int:
    return (a + d) & 0x3FFFFFFF


def _sleep_ms(ms) -> None:
    if ms > 0:
        _time.sleep(ms / 1000)


def install() -> None:
    """Make ``import machine`` and MicroPython's ``time`` functions work under CPython."""
    sys.modules["machine"] = sys.modules[__name__]
    for name, fn in (("ticks_ms", _ticks_ms), ("ticks_diff", _ticks_diff), ("ticks_add", _ticks_add),
                     ("sleep_ms", _sleep_ms), ("sleep_us", lambda us: _sleep_ms(us / 1000))):
        if not hasattr(_time, name):
            setattr(_time, name, fn)
