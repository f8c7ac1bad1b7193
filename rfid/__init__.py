"""RFID: the host side of the tiengow tile-reading board and of 125 kHz serial readers.

* :mod:`rfid.registry` — :class:`TagRegistry`, tag UID -> tile name, and the slot layout.
* :mod:`rfid.protocol` — the wire codec, loaded from ``firmware/tgproto.py`` (one file for both).
* :mod:`rfid.tracker`  — sequence/resync/debounce state machine (no I/O).
* :mod:`rfid.driver`   — :class:`PicoDriver` (asyncio, pyserial-asyncio): connect, handshake,
  reconnect, emit :class:`table.observations.ZoneObservation`.
* :mod:`rfid.em4100`   — 125 kHz RDM6300 / ID-12LA style readers, one serial port per slot.
* :mod:`rfid.sim`      — the simulated board: the real firmware loop under CPython on a pty.
"""
