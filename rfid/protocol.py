"""The wire codec, shared with the firmware.

The host does not keep its own copy of the framing code: it loads ``firmware/tgproto.py`` — the
very file that runs on the Pico — under the module name ``tiengow_tgproto``.  That file is
written to run on MicroPython and CPython alike (on CPython its CRC uses ``binascii.crc_hqx``).
Use it as ``from rfid.protocol import P`` then ``P.FrameParser()``, ``P.encode(...)``, ``P.T_SCAN``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

FIRMWARE_DIR = Path(__file__).resolve().parent.parent / "firmware"
FIRMWARE_FILES = ("tgproto.py", "mfrc522.py", "board_config.py", "main.py")
_NAME = "tiengow_tgproto"


def _load():
    mod = sys.modules.get(_NAME)
    if mod is not None:
        return mod
    path = FIRMWARE_DIR / "tgproto.py"
    if not path.exists():  # pragma: no cover - only when installed without the source tree
        raise ImportError(f"the firmware codec {path} is missing; the rfid package needs the firmware/ folder")
    spec = importlib.util.spec_from_file_location(_NAME, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[_NAME] = mod
    spec.loader.exec_module(mod)
    return mod


P = _load()
