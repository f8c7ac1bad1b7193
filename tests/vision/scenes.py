"""Helpers for the scene tests of the rounds (tests/vision/test_*_round.py): read a
scene3d frame, find the reading at a labelled tile, check a list of tiles read right."""

from __future__ import annotations

import math

import vision.recognizer as R
from vision.scene3d import generate_scene3d


def read_scene3d(seed: int, n_tiles: int = 24):
    """(labels, tile length in pixels, readings) of scene3d frame ``seed``."""
    img, labels, tl = generate_scene3d(seed, 1280, 720, n_tiles=n_tiles)
    return labels, tl, R.recognize(img)


def near(labels, readings, tl, want):
    """The label nearest the point ``want`` and the readings within a quarter tile of it."""
    lab = min(labels, key=lambda la: math.dist(la["center"], want))
    return lab, [r for r in readings if math.dist(r.center, lab["center"]) < 0.25 * tl]


def assert_read_right(labels, tl, readings, cases) -> None:
    """Each (point, pips) of ``cases`` is a tile read for sure and right: face up with those
    pips, or (pips None) face down."""
    for want, pips in cases:
        lab, got = near(labels, readings, tl, want)
        assert lab["pips"] is None if pips is None else sorted(lab["pips"]) == sorted(pips), (want, lab)
        assert got and not got[0].uncertain and got[0].face == ("down" if pips is None else "up"), (want, pips, got)
        assert pips is None or sorted(got[0].pips) == sorted(pips), (want, pips, got[0])


def sure_near(readings, point, reach: float) -> list:
    """The readings not marked uncertain whose centre lies within ``reach`` pixels of ``point``."""
    return [r for r in readings if not r.uncertain and math.dist(r.center, point) < reach]


def sure_at(seed: int, point) -> list:
    """The readings not marked uncertain within a quarter tile of ``point`` in scene3d
    frame ``seed`` (read now, with the recognizer as it is set)."""
    _labels, tl, rs = read_scene3d(seed)
    return sure_near(rs, point, 0.25 * tl)


def assert_lost_with_rule_off(monkeypatch, constant: str, off, seed: int, point, pips) -> None:
    """With the recognizer's ``constant`` set to ``off``, the tile of scene3d ``seed`` at
    ``point`` is not read for sure and right (as ``pips``): it was read thanks to that rule."""
    monkeypatch.setattr(R, constant, off)
    labels, tl, rs = read_scene3d(seed)
    try:
        assert_read_right(labels, tl, rs, [(point, pips)])
    except AssertionError:
        return
    raise AssertionError(f"{constant} = {off!r}: the tile at {point} of scene3d {seed} is still read")


def assert_read_by_rule(monkeypatch, seed: int, cases, constant: str, off) -> None:
    """The tiles ``cases`` of scene3d ``seed`` are read for sure and right, and the first of
    them is lost with the recognizer's ``constant`` set to ``off`` (left so afterwards)."""
    labels, tl, rs = read_scene3d(seed)
    assert_read_right(labels, tl, rs, cases)
    assert_lost_with_rule_off(monkeypatch, constant, off, seed, *cases[0])
