# MFRC522 (NXP, 13.56 MHz, ISO/IEC 14443 A) driver for MicroPython, SPI mode.
#
# Only what the table needs: wake a tag (WUPA), run anticollision and select over up to three
# cascade levels (4- and 7-byte UIDs: MIFARE Classic / Ultralight / NTAG), halt it, and notice
# a second tag on the same antenna (a bit collision) or a reader that stopped answering.
# Every answer is checked (BCC, CRC_A of the SAK, FIFO level, version register before and
# after) so that a floating MISO line (reads 0x00 or 0xFF) never turns into a UID.

import time

# Registers (datasheet section 9).
CommandReg = 0x01
ComIrqReg = 0x04
DivIrqReg = 0x05
ErrorReg = 0x06
Status2Reg = 0x08
FIFODataReg = 0x09
FIFOLevelReg = 0x0A
ControlReg = 0x0C
BitFramingReg = 0x0D
CollReg = 0x0E
ModeReg = 0x11
TxModeReg = 0x12
RxModeReg = 0x13
TxControlReg = 0x14
TxASKReg = 0x15
RFCfgReg = 0x26
TModeReg = 0x2A
TPrescalerReg = 0x2B
TReloadRegH = 0x2C
TReloadRegL = 0x2D
VersionReg = 0x37

# Commands.
PCD_IDLE = 0x00
PCD_TRANSCEIVE = 0x0C
PCD_SOFTRESET = 0x0F

# PICC commands.
PICC_REQA = 0x26
PICC_WUPA = 0x52
PICC_SEL = (0x93, 0x95, 0x97)
PICC_HLTA = 0x50

# VersionReg values of genuine chips and common clones.
KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0xB2, 0x12)

# Results of one transceive.
OK = 0
TIMEOUT = 1  # no tag answered (the chip's timer expired)
COLLISION = 2
FAULT = 3  # parity/protocol/overflow error, or an inconsistent answer
HUNG = 4  # the chip never raised an interrupt: it is not answering

# Results of read_uid().
NO_TAG = 0
TAG = 1
MULTI = 2
ERROR = 3
DOWN = 4


def crc_a(data):
    """ISO/IEC 14443-3 CRC_A, returned as two bytes (LSB first)."""
    crc = 0x6363
    for b in data:
        b ^= crc & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    def __init__(self, spi, cs, irq_polls=100):
        self.spi = spi
        self.cs = cs
        self.irq_polls = irq_polls
        cs.value(1)

    # -- SPI register access (datasheet 8.1.2) ------------------------------------------
    def _w(self, reg, val):
        self.cs.value(0)
        self.spi.write(bytes(((reg << 1) & 0x7E, val & 0xFF)))
        self.cs.value(1)

    def _r(self, reg):
        self.cs.value(0)
        self.spi.write(bytes((((reg << 1) & 0x7E) | 0x80,)))
        v = self.spi.read(1)
        self.cs.value(1)
        return v[0]

    def _set(self, reg, mask):
        self._w(reg, self._r(reg) | mask)

    def _clear(self, reg, mask):
        self._w(reg, self._r(reg) & (~mask & 0xFF))

    # -- setup ----------------------------------------------------------------------------
    def version(self):
        return self._r(VersionReg)

    def alive(self):
        return self._r(VersionReg) in KNOWN_VERSIONS

    def init(self):
        """Soft-reset and configure. Returns True if the chip answered with a known version."""
        if not self.alive():  # not there: do not spend the reset time on it every scan
            return False
        self._w(CommandReg, PCD_SOFTRESET)
        for _ in range(50):  # the PowerDown bit stays set until the oscillator runs (< 50 ms)
            time.sleep_ms(1)
            if not self._r(CommandReg) & 0x10:
                break
        self._w(TModeReg, 0x80)  # TAuto: timer starts at the end of each transmission
        self._w(TPrescalerReg, 0xA9)  # 13.56 MHz / (2*169+1) = 40 kHz, 25 us per tick
        self._w(TReloadRegH, 0x00)
        self._w(TReloadRegL, 0x3C)  # 60 ticks = 1.5 ms answer timeout (tags answer in < 0.1 ms)
        self._w(TxASKReg, 0x40)  # 100 % ASK modulation
        self._w(ModeReg, 0x3D)  # CRC preset 0x6363 (ISO 14443-3)
        self._w(RFCfgReg, 0x70)  # maximum receiver gain (48 dB)
        self.antenna(False)
        return self.alive()

    def antenna(self, on):
        if on:
            self._set(TxControlReg, 0x03)
        else:
            self._clear(TxControlReg, 0x03)

    # -- one exchange with the tag ----------------------------------------------------------
    def transceive(self, data, last_bits=0):
        """Send data (the last byte has last_bits valid bits, 0 = all 8); return (status, bytes)."""
        self._w(CommandReg, PCD_IDLE)
        self._w(ComIrqReg, 0x7F)  # clear all interrupt request bits
        self._w(FIFOLevelReg, 0x80)  # flush the FIFO
        self.cs.value(0)
        self.spi.write(bytes(((FIFODataReg << 1) & 0x7E,)) + bytes(data))
        self.cs.value(1)
        self._w(BitFramingReg, last_bits & 0x07)
        self._w(CommandReg, PCD_TRANSCEIVE)
        self._w(BitFramingReg, 0x80 | (last_bits & 0x07))  # StartSend
        n = self.irq_polls
        while True:
            irq = self._r(ComIrqReg)
            if irq == 0xFF:  # a floating MISO line reads all ones: nobody is there
                return HUNG, b""
            if irq & 0x30:  # RxIRq | IdleIRq
                break
            if irq & 0x01:  # TimerIRq
                return TIMEOUT, b""
            n -= 1
            if n <= 0:
                return HUNG, b""
        self._clear(BitFramingReg, 0x80)
        err = self._r(ErrorReg)
        if err & 0x08:  # CollErr
            return COLLISION, b""
        if err & 0x13:  # BufferOvfl | ParityErr | ProtocolErr
            return FAULT, b""
        level = self._r(FIFOLevelReg)
        if level > 64:
            return FAULT, b""
        if level == 0:
            return TIMEOUT, b""
        out = bytearray(level)
        for k in range(level):
            out[k] = self._r(FIFODataReg)
        return OK, bytes(out)

    # -- the whole read ----------------------------------------------------------------------
    def read_uid(self):
        """Poll the antenna once. Returns (code, uid_bytes_or_None); code in NO_TAG, TAG,
        MULTI, ERROR, DOWN.  Leaves any tag it read halted."""
        if not self.alive():
            return DOWN, None
        st, atqa = self.transceive(bytes((PICC_WUPA,)), 7)
        if st == HUNG:
            return DOWN, None
        if st == TIMEOUT:
            return NO_TAG, None
        if st == COLLISION:
            return MULTI, None
        if st != OK or len(atqa) != 2:
            return ERROR, None
        uid = b""
        for sel in PICC_SEL:
            st, d = self.transceive(bytes((sel, 0x20)))
            if st == COLLISION:
                return MULTI, None
            if st == HUNG:
                return DOWN, None
            if st != OK or len(d) != 5 or (d[0] ^ d[1] ^ d[2] ^ d[3]) != d[4]:
                return ERROR, None
            frame = bytes((sel, 0x70)) + d
            st, s = self.transceive(frame + crc_a(frame))
            if st == HUNG:
                return DOWN, None
            if st != OK or len(s) != 3 or crc_a(s[:1]) != s[1:]:
                return ERROR, None
            if s[0] & 0x04:  # cascade bit: the UID continues at the next level
                if d[0] != 0x88:
                    return ERROR, None
                uid += d[1:4]
            else:
                uid += d[0:4]
                break
        else:
            return ERROR, None
        if len(uid) not in (4, 7):  # 10-byte UIDs exist but no tile tag uses them
            return ERROR, None
        hlta = bytes((PICC_HLTA, 0x00))
        self.transceive(hlta + crc_a(hlta))
        if not self.alive():
            return DOWN, None
        return TAG, uid
