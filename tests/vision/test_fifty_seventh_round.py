"""Fifty-seventh round of 2026-11-30 (docs/vision.md, "Faces seen by their edges in an
unpainted set; backs on short outlines; lone backs against a fit that holds them").

* EDGE_UNPAINTED: a face seen only by its edges (or as paler than the table) that reads
  whole but for its red pips waits for the frame's evidence, as a loose face does: in an
  unpainted set it is whole.
* SHORT_BACKS: a short face's outline (foreshortened along its length, not notched by pips)
  that reads as a plain back is judged as a back, as a loose face's is (REST_BACKS).
* LONE_BACK_REFIT: lone backs are also judged against a length model fitted with them,
  when two or more have the faces' body colour and proportions — the faces read may all
  lie in one part of a tilted camera's view, and their fit be far off elsewhere.
* ASLANT_FILLED: a loose face seen aslant (1.6 : 1 or more) may be well filled when short
  of a tile's shape (under 1.7 : 1): its outline takes in its side.
* LOOSE_SHORTEST: a loose face may be 0.8 of the tiles' length (0.85 before).
* LONE_BACK_LENGTH: a lone back may be 0.78 of a tile's length where it lies (0.85
  before) — with its ends in the frame: its outline, of its plain colour, leaves out the
  side and shadow that the faces' outlines take in.
* BACK_LONGEST: a back may be 1.25 of the length expected where it lies (1.15 before), over
  1.15 only lying wholly in the frame (a card the frame cuts reads as a long back).
* LONE_BACK_SQUAT: a lone back may be as squat as 0.72 of the faces' median length : width
  (0.78 before): its outline takes in its side.
"""

from __future__ import annotations

import numpy as np

import vision.recognizer as R

from .scenes import assert_lost_with_rule_off, assert_read_right, read_scene3d, sure_near

# scene3d 24329: an unpainted Western set on pink felt, seen by a tilted camera
EDGE_FACE = ((968, 372), (6, 4))
FAR_BACKS = [((798, 217), None), ((834, 215), None), ((527, 116), None), ((444, 208), None)]
# scene3d 24136: backs seen foreshortened (1.3-1.7 : 1)
SHORT = [((72, 647), None), ((1221, 471), None)]
# scene3d 24065: a 2-2 and a 6-6 whose outlines (1.67 and 1.62 : 1) fill 0.84 and 0.88
FILLED = [((1183, 250), (2, 2)), ((95, 561), (6, 6))]
# scene3d 24020: backs 0.82-0.83 of the length the faces' model expects
LONE = [((364, 500), None), ((500, 450), None)]
# scene3d 24484: a back 1.15-1.25 of the length expected where it lies
LONG_BACK = ((1081, 489), None)
# scene3d 24452: a lone back whose outline, with its side, is squatter than the faces'
SQUAT = ((1158, 131), None)
# scene3d 24673: cream tiles on beige paper; a 4-4 whose outline is 0.74 of the frame's size
SHORTER = [((330, 316), (4, 4))]


def test_a_face_seen_by_its_edges_in_an_unpainted_set_is_read():
    labels, tl, rs = read_scene3d(24329)
    assert_read_right(labels, tl, rs, [EDGE_FACE] + FAR_BACKS)


def test_without_waiting_for_the_frame_the_edge_face_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "EDGE_UNPAINTED", 0, 24329, *EDGE_FACE)


def test_without_the_refit_the_far_backs_are_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "LONE_BACK_REFIT", 0, 24329, *FAR_BACKS[0])


def test_backs_on_short_outlines_are_read():
    labels, tl, rs = read_scene3d(24136)
    assert_read_right(labels, tl, rs, SHORT)


def test_without_short_backs_they_are_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "SHORT_BACKS", 0, 24136, *SHORT[0])


def _read(face="up", halves=(6, 4), red=0, n=10, quality=1.0, bar=True) -> R._Read:
    return R._Read(face, halves, red, bar, quality, 0, False, n)


def test_only_a_face_whole_but_for_red_waits():
    rd = _read()
    assert not R._reads_whole(rd, R.EDGE_MIN_PIPS)  # (a 4 with no red: not whole as painted)
    assert R._waits_unpainted(rd, R.EDGE_MIN_PIPS, False, False, None)
    assert not R._waits_unpainted(rd, R.EDGE_MIN_PIPS, True, False, None)  # a piece of a group
    assert not R._waits_unpainted(rd, R.EDGE_MIN_PIPS, False, True, None)  # hidden in part
    assert not R._waits_unpainted(rd, R.EDGE_MIN_PIPS, False, False, object())  # patterned cloth
    assert not R._waits_unpainted(_read(quality=0.5), R.EDGE_MIN_PIPS, False, False, None)
    assert not R._waits_unpainted(_read(halves=(9, 4), n=13), R.EDGE_MIN_PIPS, False, False, None)


def _tile(x: float, y: float, length: float, face: str = "up"):
    """A tile centred at (x, y), ``length`` long and half as wide, lying along x."""
    c = np.float32([[x - length / 2, y - length / 4], [x + length / 2, y - length / 4],
                    [x + length / 2, y + length / 4], [x - length / 2, y + length / 4]])
    rd = _read(halves=(3, 3), n=6, bar=False) if face == "up" else _read("down", None, 0, 0, bar=False)
    return c, R.replace(rd, body_lab=np.float32([200, 130, 132])), False


def test_lone_backs_far_from_the_faces_are_judged_by_a_fit_with_them(monkeypatch):
    # faces near the camera (bottom), 90 long; backs far off (top), 60 long: the faces'
    # fit, their median, says 90 there
    faces = [_tile(x, 600 + 10 * (x % 3), 90) for x in (100, 300, 500, 700, 900)]
    backs = [_tile(x, 100, 60, "down") for x in (200, 600, 1000)]
    monkeypatch.setattr(R, "_reads_whole", lambda rd, *a, **k: rd.face == "up")
    assert len(R._lone_backs(backs, faces)) == 3
    monkeypatch.setattr(R, "LONE_BACK_REFIT", 0)
    assert R._lone_backs(backs, faces) == []


def test_well_filled_faces_seen_aslant_are_read():
    labels, tl, rs = read_scene3d(24065)
    assert_read_right(labels, tl, rs, FILLED)


def test_without_well_filled_loose_faces_they_are_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "ASLANT_FILLED", 0, 24065, *FILLED[0])


def test_a_shorter_loose_face_is_read():
    labels, tl, rs = read_scene3d(24673)
    assert_read_right(labels, tl, rs, SHORTER)


def test_at_the_old_shortest_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "LOOSE_SHORTEST", 0.85, 24673, *SHORTER[0])


def test_lone_backs_a_little_shorter_than_the_faces_are_read():
    labels, tl, rs = read_scene3d(24020)
    assert_read_right(labels, tl, rs, LONE)


def test_at_the_old_least_length_they_are_lost(monkeypatch):
    # (with the length fit as it was then: held near its tiles' range since the sixty-sixth
    # round, FIT_RANGE, it expects a shorter tile there and the back stands even at 0.85)
    monkeypatch.setattr(R, "FIT_RANGE", 0)
    assert_lost_with_rule_off(monkeypatch, "LONE_BACK_LENGTH", (0.85, 1.15), 24020, *LONE[0])


def test_a_shorter_lone_back_must_lie_wholly_in_the_frame(monkeypatch):
    faces = [_tile(x, 300 + 10 * (x % 3), 80) for x in (100, 300, 500, 700, 900)]
    # backs 0.8 of the faces' length, lying along x: one well inside the frame, one whose
    # end, half a width on, runs off its right edge
    inside, at_edge = _tile(600, 500, 64, "down"), _tile(1240, 500, 64, "down")
    monkeypatch.setattr(R, "_reads_whole", lambda rd, *a, **k: rd.face == "up")
    monkeypatch.setattr(R, "LONE_BACK_REFIT", 0)
    assert len(R._lone_backs([inside], faces, frame_wh=(1280, 720))) == 1
    assert R._lone_backs([at_edge], faces, frame_wh=(1280, 720)) == []
    assert R._lone_backs([inside], faces) == []  # (no frame given: 0.85 at least)


def test_a_back_a_little_longer_than_expected_is_read():
    labels, tl, rs = read_scene3d(24484)
    assert_read_right(labels, tl, rs, [LONG_BACK])


def test_at_the_old_longest_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "BACK_LONGEST", 1.15, 24484, *LONG_BACK)


def test_a_squat_lone_back_is_read():
    labels, tl, rs = read_scene3d(24452)
    assert_read_right(labels, tl, rs, [SQUAT])


def test_at_the_old_least_proportions_it_is_lost(monkeypatch):
    assert_lost_with_rule_off(monkeypatch, "LONE_BACK_SQUAT", 0.78, 24452, *SQUAT)


# what the full measure showed and the guards now keep out: 25464's two shadows of black
# tiles on blue cloth (a colour no face has, kept as a pair of alike backs, one of them
# short); 25695's outline over the ends of a 6-1 and a 4-2 side by side and their shadow
# (1.2 of the length there); 26319's patch of a checked cloth on a loose outline 0.89 of
# a tile, its dark cells taken for a back's spots
NOT_BACKS = [(25464, (208, 661)), (25464, (1067, 422)), (25695, (744, 290)), (26319, (836, 520))]


def test_shadows_faces_and_cloth_are_not_read_as_backs():
    for seed in sorted({s for s, _ in NOT_BACKS}):
        _labels, tl, rs = read_scene3d(seed)
        for point in [p for s, p in NOT_BACKS if s == seed]:
            assert not sure_near(rs, point, 0.25 * tl), (seed, point)
