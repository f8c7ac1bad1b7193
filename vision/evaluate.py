"""Score readings against labels (generated scenes and the labelled photos).

A reading matches a label when its centre lies within 0.35 of the label tile's long side
of the label's centre (greedy, nearest first).  Scoring:

* identity right: a matched, non-occluded label whose face is right and, face-up, whose
  pips (as an unordered pair) are right;
* face right: the face alone;
* false tile: a confident (not ``uncertain``) reading matching no label;
* occluded labels (partly under a hand) are left out of identity scoring; a confident
  reading with a wrong identity on one counts as a ``guessed_occluded``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass
class Score:
    tiles: int = 0  # non-occluded labels
    identity_ok: int = 0
    face_ok: int = 0
    missed: int = 0
    uncertain: int = 0  # matched, non-occluded, flagged uncertain (not counted as right)
    wrong_confident: int = 0  # matched, confident and wrong
    false_tiles: int = 0
    readings: int = 0
    guessed_occluded: int = 0
    frames: int = 0
    perfect_frames: int = 0
    errors: list = field(default_factory=list)

    def add(self, other: Score) -> None:
        for k in ("tiles", "identity_ok", "face_ok", "missed", "uncertain", "wrong_confident", "false_tiles",
                  "readings", "guessed_occluded", "frames", "perfect_frames"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.errors.extend(other.errors)

    @property
    def identity_rate(self) -> float:
        return self.identity_ok / self.tiles if self.tiles else 1.0

    @property
    def face_rate(self) -> float:
        return self.face_ok / self.tiles if self.tiles else 1.0

    @property
    def false_rate(self) -> float:
        return self.false_tiles / max(1, self.readings)


def _pair(p):
    return tuple(sorted(int(x) for x in p)) if p is not None else None


def score_frame(readings, labels, tile_len: float, tag: str = "") -> Score:
    """``labels``: objects or dicts with pips, face, center, occluded (optional)."""
    def g(obj, k, default=None):
        return obj.get(k, default) if isinstance(obj, dict) else getattr(obj, k, default)

    sc = Score(frames=1, readings=len(readings))
    pairs = []
    for i, lab in enumerate(labels):
        lc = g(lab, "center")
        for j, r in enumerate(readings):
            d = math.hypot(r.center[0] - lc[0], r.center[1] - lc[1])
            if d < 0.35 * tile_len:
                pairs.append((d, i, j))
    pairs.sort()
    used_l, used_r, match = set(), set(), {}
    for _, i, j in pairs:
        if i in used_l or j in used_r:
            continue
        used_l.add(i)
        used_r.add(j)
        match[i] = j
    perfect = True
    for i, lab in enumerate(labels):
        occ = bool(g(lab, "occluded", False))
        r = readings[match[i]] if i in match else None
        if occ:
            if r is not None and not r.uncertain and r.face == g(lab, "face") and g(lab, "face") == "up" \
                    and _pair(r.pips) != _pair(g(lab, "pips")):
                sc.guessed_occluded += 1
                perfect = False
            continue
        sc.tiles += 1
        if r is None:
            sc.missed += 1
            perfect = False
            sc.errors.append((tag, "missed", g(lab, "pips"), g(lab, "face"), tuple(round(v) for v in g(lab, "center"))))
            continue
        face_ok = r.face == g(lab, "face")
        sc.face_ok += int(face_ok)
        ok = face_ok and (g(lab, "face") == "down" or _pair(r.pips) == _pair(g(lab, "pips")))
        if ok and not r.uncertain:
            sc.identity_ok += 1
        else:
            perfect = False
            if r.uncertain:
                sc.uncertain += 1
            elif not ok:
                sc.wrong_confident += 1
            sc.errors.append((tag, "uncertain" if r.uncertain else "wrong", g(lab, "pips"), g(lab, "face"),
                              r.pips, r.face, round(r.confidence, 2), tuple(round(v) for v in g(lab, "center"))))
    for j, r in enumerate(readings):
        if j not in used_r and not r.uncertain:
            sc.false_tiles += 1
            perfect = False
            sc.errors.append((tag, "false", r.pips, r.face, tuple(round(v) for v in r.center)))
    sc.perfect_frames = int(perfect)
    return sc
