"""A simulated MFRC522 that answers at the SPI register level, with ISO 14443-3 tags.

The chip model follows the datasheet where the firmware can see it: the SPI address byte
(bit 7 = read, bits 6..1 = register), the 64-byte FIFO, ``FIFOLevelReg`` flush, the Set1
semantics of ``ComIrqReg``/``DivIrqReg``, ``Transceive`` started by ``BitFramingReg.StartSend``,
``TxControlReg`` antenna bits, ``ErrorReg.CollErr`` + ``CollReg`` on a bit collision,
``ControlReg.RxLastBits``, ``VersionReg`` (0x92), ``SoftReset``, ``CalcCRC``.

Tags (:class:`SimTag`) follow the ISO 14443-3 state machine: IDLE -> (REQA/WUPA) READY ->
(anticollision + SELECT per cascade level) ACTIVE -> (HLTA) HALT; WUPA also wakes HALT; the
field switching off resets them to IDLE.  Answers are computed bit-exactly: ATQA, the 5-byte
cascade-level answer (CT 0x88 for 7-byte UIDs, BCC), SAK + CRC_A.  Two tags on one antenna
collide at the first differing bit, exactly as on the air.

A chip can be made to stop answering (``dead = True``): MISO then reads ``dead_value``
(0x00 for a line pulled low, 0xFF for a floating one) and writes are ignored.
"""

# This module also runs under MicroPython (tests run the firmware on the MicroPython unix port
# against it), so: no __future__ import, no int.bit_length, a plain lock.
try:
    from threading import Lock as _Lock
except ImportError:  # MicroPython
    from _thread import allocate_lock as _Lock

IDLE, READY, ACTIVE, HALT = "idle", "ready", "active", "halt"
SEL = (0x93, 0x95, 0x97)


def crc_a(data: bytes) -> bytes:
    crc = 0x6363
    for b in data:
        b ^= crc & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


class SimTag:
    def __init__(self, uid: bytes):
        if len(uid) not in (4, 7):
            raise ValueError("a simulated tag has a 4- or 7-byte UID")
        self.uid = bytes(uid)
        self.state = IDLE
        self.level = 0

    @property
    def levels(self) -> int:
        return 1 if len(self.uid) == 4 else 2

    def atqa(self) -> bytes:
        return b"\x04\x00" if len(self.uid) == 4 else b"\x44\x00"

    def cl_bytes(self, level: int) -> bytes:
        if len(self.uid) == 4:
            part = self.uid
        elif level == 0:
            part = b"\x88" + self.uid[:3]
        else:
            part = self.uid[3:7]
        return part + bytes((part[0] ^ part[1] ^ part[2] ^ part[3],))

    def sak(self, level: int) -> int:
        if level + 1 < self.levels:
            return 0x04  # cascade bit: UID not complete
        return 0x08 if len(self.uid) == 4 else 0x00  # MIFARE Classic 1K / NTAG

    def __repr__(self):
        return "SimTag(" + self.uid.hex().upper() + ", " + self.state + ")"


def _first_diff_bit(answers):
    """0-based bit index (LSB first within each byte) of the first collision, or None."""
    ref = answers[0]
    for i in range(len(ref)):
        for a in answers[1:]:
            x = ref[i] ^ a[i]
            if x:
                bit = 0
                while not (x >> bit) & 1:
                    bit += 1
                return i * 8 + bit
    return None


class SimMFRC522:
    VERSION = 0x92

    def __init__(self, name: str = ""):
        self.name = name
        self.lock = _Lock()
        self.tags = []
        self.dead = False
        self.dead_value = 0x00
        self.corrupt_next = 0  # garble this many tag answers (bit flip) - tests the firmware's checks
        self.transceives = 0
        self._reset_regs()
        self._addr = None
        self._read = False

    def _reset_regs(self):
        self.regs = [0] * 64
        self.regs[0x37] = self.VERSION
        self.regs[0x14] = 0x80  # TxControlReg reset value: antenna off
        self.regs[0x0A] = 0
        self.fifo = []
        self.command = 0

    # -- tags on the antenna (called from the control thread) -----------------------------------
    def place(self, *uids: bytes) -> None:
        """Put one or more tags on the antenna at once (the reader never sees a part of them)."""
        with self.lock:
            self.tags.extend(SimTag(u) for u in uids)

    def remove(self, uid=None) -> int:
        with self.lock:
            before = len(self.tags)
            self.tags = [t for t in self.tags if uid is not None and t.uid != uid]
            return before - len(self.tags)

    def uids(self) -> list:
        with self.lock:
            return [t.uid for t in self.tags]

    # -- SPI ------------------------------------------------------------------------------------
    def select(self) -> None:  # chip-select went low: a new transaction
        self._addr = None

    def xfer(self, mosi: int) -> int:
        if self.dead:
            return self.dead_value
        with self.lock:
            if self._addr is None:
                self._addr = (mosi >> 1) & 0x3F
                self._read = bool(mosi & 0x80)
                return 0x00
            if self._read:
                v = self.read_reg(self._addr)
                if mosi & 0x80:
                    self._addr = (mosi >> 1) & 0x3F
                return v
            self.write_reg(self._addr, mosi)
            return 0x00

    # -- registers ------------------------------------------------------------------------------
    def read_reg(self, reg: int) -> int:
        if reg == 0x09:  # FIFODataReg
            return self.fifo.pop(0) if self.fifo else 0x00
        if reg == 0x0A:  # FIFOLevelReg
            return len(self.fifo)
        if reg == 0x01:
            return self.command
        return self.regs[reg]

    def write_reg(self, reg: int, v: int) -> None:
        if reg == 0x01:  # CommandReg
            cmd = v & 0x0F
            if cmd == 0x0F:  # SoftReset
                self._reset_regs()
                self._field(False)
                return
            self.command = cmd
            if cmd == 0x03:  # CalcCRC over the FIFO
                c = crc_a(bytes(self.fifo))
                self.fifo.clear()
                self.regs[0x22], self.regs[0x21] = c[0], c[1]
                self.regs[0x05] |= 0x04
                self.command = 0
        elif reg in (0x04, 0x05):  # ComIrqReg / DivIrqReg: Set1 semantics
            if v & 0x80:
                self.regs[reg] |= v & 0x7F
            else:
                self.regs[reg] &= ~v & 0x7F
        elif reg == 0x09:
            if len(self.fifo) < 64:
                self.fifo.append(v)
            else:
                self.regs[0x06] |= 0x10  # BufferOvfl
        elif reg == 0x0A:
            if v & 0x80:
                self.fifo.clear()
                self.regs[0x06] &= ~0x10 & 0xFF
        elif reg == 0x0D:  # BitFramingReg
            self.regs[reg] = v & 0x7F
            if v & 0x80 and self.command == 0x0C:
                self._transceive()
        elif reg == 0x14:  # TxControlReg
            was = self.regs[reg] & 0x03
            self.regs[reg] = v
            if was and not (v & 0x03):
                self._field(False)
        else:
            self.regs[reg] = v

    def _field(self, on: bool) -> None:
        if not on:
            for t in self.tags:
                t.state, t.level = IDLE, 0

    @property
    def antenna_on(self) -> bool:
        return bool(self.regs[0x14] & 0x03)

    def _transceive(self) -> None:
        self.transceives += 1
        data = bytes(self.fifo)
        self.fifo.clear()
        last_bits = self.regs[0x0D] & 0x07
        self.regs[0x06] = 0  # ErrorReg
        self.regs[0x0E] = 0x80  # CollReg: ValuesAfterColl, no collision
        self.regs[0x0C] = self.regs[0x0C] & ~0x07 & 0xFF
        answer = self._air(data, last_bits) if self.antenna_on else None
        if answer is None:
            self.regs[0x04] |= 0x01  # TimerIRq: nobody answered
            return
        resp, coll = answer
        if self.corrupt_next > 0 and resp:
            self.corrupt_next -= 1
            resp = bytes((resp[0] ^ 0x10,)) + resp[1:]
        if coll is not None:
            nbytes = coll // 8 + 1
            self.fifo = list(resp[:nbytes])
            self.regs[0x06] |= 0x08  # CollErr
            self.regs[0x0E] = (coll + 1) & 0x1F  # CollPos (1..32, 0 means 32)
            self.regs[0x0C] = (self.regs[0x0C] & ~0x07 & 0xFF) | ((coll + 1) % 8)
        else:
            self.fifo = list(resp)
        self.regs[0x04] |= 0x30 | 0x04  # RxIRq | IdleIRq | LoAlertIRq-ish
        self.command = 0

    def _air(self, data: bytes, last_bits: int):
        """What the tags in the field answer to one frame: (bytes, collision bit or None) or None."""
        tags = list(self.tags)
        if last_bits == 7 and len(data) == 1 and data[0] in (0x26, 0x52):  # REQA / WUPA
            woken = [t for t in tags if t.state == IDLE or (data[0] == 0x52 and t.state == HALT)]
            for t in tags:
                if t.state in (READY, ACTIVE):
                    t.state, t.level = IDLE, 0  # not addressed properly: back to idle
            for t in woken:
                t.state, t.level = READY, 0
            return self._answers([t.atqa() for t in woken])
        if last_bits:
            return None
        if len(data) == 2 and data[0] in SEL and data[1] == 0x20:  # anticollision, whole UID part
            lvl = SEL.index(data[0])
            ready = [t for t in tags if t.state == READY and t.level == lvl]
            return self._answers([t.cl_bytes(lvl) for t in ready])
        if len(data) == 9 and data[0] in SEL and data[1] == 0x70:  # SELECT
            if crc_a(data[:7]) != data[7:9]:
                return None
            lvl = SEL.index(data[0])
            chosen = []  # every tag whose UID part matches is selected (identical parts: all of them)
            for t in tags:
                if t.state == READY and t.level == lvl:
                    if t.cl_bytes(lvl) == data[2:7]:
                        chosen.append(t)
                    else:
                        t.state, t.level = IDLE, 0
            if not chosen:
                return None
            answers = []
            for t in chosen:
                sak = t.sak(lvl)
                if sak & 0x04:
                    t.level = lvl + 1
                else:
                    t.state = ACTIVE
                answers.append(bytes((sak,)) + crc_a(bytes((sak,))))
            return self._answers(answers)
        if len(data) == 4 and data[0] == 0x50 and data[1] == 0x00:  # HLTA
            if crc_a(data[:2]) == data[2:4]:
                for t in tags:
                    if t.state == ACTIVE:
                        t.state = HALT
            return None
        for t in tags:  # anything else: active tags drop back to idle, nobody answers
            if t.state in (READY, ACTIVE):
                t.state, t.level = IDLE, 0
        return None

    @staticmethod
    def _answers(answers):
        if not answers:
            return None
        if len(answers) == 1:
            return answers[0], None
        merged = bytes(a for a in answers[0])
        bit = _first_diff_bit(answers)
        if bit is None:
            return merged, None
        return merged, bit
