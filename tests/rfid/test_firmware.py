"""The firmware's own modules under CPython: stand-in ``machine``, simulated MFRC522 chips."""

from __future__ import annotations

import ast
import sys

import pytest

from rfid.protocol import FIRMWARE_DIR, FIRMWARE_FILES, P
from rfid.sim import machine as sim_machine
from rfid.sim.mfrc522 import HALT, SimMFRC522

FW_MODULES = ("machine", "board_config", "tgproto", "mfrc522", "main")


@pytest.fixture
def fw():
    """Import the firmware modules as the board would, and put sys.modules back afterwards."""
    saved = {k: sys.modules.get(k) for k in FW_MODULES}
    sys.path.insert(0, str(FIRMWARE_DIR))
    sim_machine.install()
    sim_machine.reset_sim()
    for k in FW_MODULES[1:]:
        sys.modules.pop(k, None)
    import board_config
    import main
    import mfrc522

    board_config.FIELD_SETTLE_MS = 0
    board_config.RST_PIN = None
    try:
        yield type("FW", (), {"mfrc522": mfrc522, "main": main, "cfg": board_config})
    finally:
        sys.path.remove(str(FIRMWARE_DIR))
        sim_machine.reset_sim()
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def reader(fw, cs=5):
    chip = SimMFRC522()
    sim_machine.attach_spi_device(0, cs, chip)
    spi = sim_machine.SPI(0)
    r = fw.mfrc522.MFRC522(spi, sim_machine.Pin(cs, sim_machine.Pin.OUT, value=1))
    assert r.init()
    r.antenna(True)
    return chip, r


def test_version_register_over_spi(fw):
    chip, r = reader(fw)
    assert r.version() == 0x92


def test_no_tag(fw):
    chip, r = reader(fw)
    assert r.read_uid() == (fw.mfrc522.NO_TAG, None)


@pytest.mark.parametrize("uid", ["04A1B2C3", "04112233445566", "88000000", "0488A1B2C3D4E5"])
def test_reads_4_and_7_byte_uids(fw, uid):
    chip, r = reader(fw)
    chip.place(bytes.fromhex(uid))
    assert r.read_uid() == (fw.mfrc522.TAG, bytes.fromhex(uid))
    assert chip.tags[0].state == HALT  # the driver halts the tag it read
    assert r.read_uid() == (fw.mfrc522.TAG, bytes.fromhex(uid))  # WUPA wakes it on the next poll


def test_two_tags_on_one_antenna_is_a_collision_not_a_uid(fw):
    chip, r = reader(fw)
    chip.place(bytes.fromhex("04A1B2C3"))
    chip.place(bytes.fromhex("04A1B2C7"))  # differs in one bit of the last byte
    assert r.read_uid() == (fw.mfrc522.MULTI, None)


def test_two_7_byte_tags_sharing_the_first_cascade_level(fw):
    chip, r = reader(fw)
    chip.place(bytes.fromhex("04112233445566"))
    chip.place(bytes.fromhex("04112299887766"))
    assert r.read_uid() == (fw.mfrc522.MULTI, None)


@pytest.mark.parametrize("miso", [0x00, 0xFF])
def test_reader_that_stops_answering_is_down(fw, miso):
    chip, r = reader(fw)
    chip.place(bytes.fromhex("04A1B2C3"))
    chip.dead, chip.dead_value = True, miso
    assert r.read_uid() == (fw.mfrc522.DOWN, None)


@pytest.mark.parametrize("which", [2, 3])  # the anticollision answer (BCC), the SAK (CRC_A)
def test_garbled_answer_is_an_error_not_a_uid(fw, which):
    chip, r = reader(fw)
    chip.place(bytes.fromhex("04A1B2C3"))
    calls = {"n": 0}
    orig = chip._air

    def air(data, bits):  # flip one bit of the which-th answer on the air
        ans = orig(data, bits)
        calls["n"] += 1
        if calls["n"] == which and ans:
            resp, coll = ans
            return bytes((resp[0] ^ 0x01,)) + resp[1:], coll
        return ans

    chip._air = air
    assert r.read_uid() == (fw.mfrc522.ERROR, None)
    r.antenna(False)  # the firmware switches the field off between polls: the tag resets
    r.antenna(True)
    assert r.read_uid() == (fw.mfrc522.TAG, bytes.fromhex("04A1B2C3"))  # next poll reads it fine


def test_antenna_off_resets_tags(fw):
    chip, r = reader(fw)
    chip.place(bytes.fromhex("04A1B2C3"))
    r.read_uid()
    r.antenna(False)
    assert chip.tags[0].state == "idle"
    assert r.read_uid() == (fw.mfrc522.NO_TAG, None)  # no field, no answer


class ListLink:
    def __init__(self):
        self.sent = []
        self.inbox = b""
        self.dropped = 0

    def send(self, t, payload=b""):
        self.sent.append((t, payload))

    def read(self, limit=256):
        d, self.inbox = self.inbox, b""
        return d


def make_board(fw, n=3):
    chips, readers = [], []
    spi = sim_machine.SPI(0)
    for cs in range(n):
        c = SimMFRC522()
        sim_machine.attach_spi_device(0, cs, c)
        chips.append(c)
        readers.append(fw.mfrc522.MFRC522(spi, sim_machine.Pin(cs, sim_machine.Pin.OUT, value=1)))
    link = ListLink()
    return chips, fw.main.Board(readers, link), link


def one_scan(board):
    board.scan += 1
    for i in range(len(board.readers)):
        board.update(i, *board.poll(i))


def test_board_reports_changes_only(fw):
    chips, board, link = make_board(fw)
    one_scan(board)
    assert link.sent == []  # empty antennas, status ok: nothing changed
    chips[1].place(bytes.fromhex("04A1B2C3"))
    one_scan(board)
    assert link.sent == [(P.T_TAG_ON, P.tag_on_payload(1, 2, bytes.fromhex("04A1B2C3")))]
    link.sent.clear()
    one_scan(board)
    assert link.sent == []
    chips[1].remove()
    one_scan(board)
    assert link.sent == [(P.T_TAG_OFF, P.tag_off_payload(1, 4))]


def test_board_reports_dead_reader_and_recovery(fw):
    chips, board, link = make_board(fw)
    chips[2].place(bytes.fromhex("04A1B2C3"))
    one_scan(board)
    link.sent.clear()
    chips[2].dead = True
    one_scan(board)
    assert link.sent == [(P.T_SLOT, P.slot_payload(2, 2, P.S_DOWN))]
    link.sent.clear()
    chips[2]._reset_regs()
    chips[2].dead = False
    one_scan(board)  # re-initialised, read again
    assert link.sent == [(P.T_SLOT, P.slot_payload(2, 3, P.S_OK)),
                         (P.T_TAG_ON, P.tag_on_payload(2, 3, bytes.fromhex("04A1B2C3")))]


def test_board_single_read_error_keeps_state(fw):
    chips, board, link = make_board(fw)
    chips[0].place(bytes.fromhex("04A1B2C3"))
    one_scan(board)
    link.sent.clear()
    board.update(0, fw.mfrc522.ERROR, None)
    assert link.sent == [] and board.uid[0] == bytes.fromhex("04A1B2C3")
    for _ in range(fw.cfg.MAX_READ_ERRORS):
        board.update(0, fw.mfrc522.ERROR, None)
    assert link.sent[-1][0] == P.T_SLOT and board.status[0] == P.S_ERROR and board.uid[0] is None


def test_board_answers_hello_and_snapshot_and_garbled_commands(fw):
    chips, board, link = make_board(fw, n=10)
    chips[9].place(bytes.fromhex("04112233445566"))
    one_scan(board)
    link.sent.clear()
    link.inbox = P.encode(0, P.C_HELLO) + b"\x00junk" + P.encode(1, P.C_SNAPSHOT) + P.encode(2, 0x99)
    assert board.commands() is False
    types = [t for t, _ in link.sent]
    assert types[0] == P.T_HELLO and types.count(P.T_SNAPSHOT) == 2
    assert P.T_ERROR in types  # unknown command and garbled bytes are reported, not ignored
    errors = [P.decode_error(p) for t, p in link.sent if t == P.T_ERROR]
    assert any(code == P.E_BAD_FRAME and "garbage" in text for code, text in errors)
    entries = []
    for t, p in link.sent:
        if t == P.T_SNAPSHOT:
            entries += P.decode_snapshot(p)[3]
    assert entries[9] == (P.S_OK, 1, bytes.fromhex("04112233445566")) and entries[0] == (P.S_OK, 1, None)
    link.inbox = P.encode(3, P.C_STOP, P.STOP_MAGIC)
    assert board.commands() is True


# -- the firmware is MicroPython: keep CPython-only constructs out ------------------------------
@pytest.mark.parametrize("name", FIRMWARE_FILES)
def test_firmware_source_is_micropython_friendly(name):
    src = (FIRMWARE_DIR / name).read_text()
    tree = ast.parse(src)
    banned_modules = {"typing", "dataclasses", "enum", "abc", "asyncio", "pathlib", "__future__"}
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr), f"{name}:{node.lineno}: f-string"
        assert not isinstance(node, ast.AnnAssign), f"{name}:{node.lineno}: annotation"
        assert not isinstance(node, ast.Match), f"{name}:{node.lineno}: match statement"
        if isinstance(node, ast.FunctionDef):
            assert node.returns is None and all(a.annotation is None for a in node.args.args), \
                f"{name}:{node.lineno}: annotations"
        if isinstance(node, ast.Import | ast.ImportFrom):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            assert not banned_modules & set(mods), f"{name}:{node.lineno}: imports {mods}"
        if isinstance(node, ast.Attribute):
            assert node.attr not in ("hex",), f"{name}:{node.lineno}: bytes.hex"
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert not [n for n in calls if n.func.id == "print"], "nothing may print on the USB line"
