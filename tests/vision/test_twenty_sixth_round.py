"""Twenty-sixth round of 2026-11-27 (docs/vision.md, "A frame read as the frames before it
left it; ..."): the tests of what the round reads fail on the code before it (5ce04b3); the
spotted backs' test and the grey 4-0 guard against the round's first tries."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

from .scenes import assert_read_right, read_scene3d

_SEQUENCE = """
import json, sys
import vision.recognizer as R
from vision.scene3d import generate_scene3d
out = []
for seed in map(int, sys.argv[1:]):
    rs = R.recognize(generate_scene3d(seed, 1280, 720, n_tiles=24)[0])
    out.append([(r.face, r.pips, round(r.confidence, 4), [round(v, 2) for v in r.center]) for r in rs])
print(json.dumps(out))
"""


def _read_in_turn(*seeds: int) -> list:
    """The readings of the scene3d frames ``seeds`` read in turn by a fresh interpreter."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", _SEQUENCE, *map(str, seeds)], capture_output=True, text=True,
                          cwd=root, check=True, timeout=120)
    return json.loads(done.stdout)


def test_a_frame_reads_the_same_whatever_was_read_before_it():
    # rectangles made while a frame was read were tagged by their id() and some then
    # dropped; a rectangle made later at a freed address took its tag (a piece cut between
    # divider bars must show a bar, ...).  Which addresses were free depended on the frames
    # read before: scene3d 22078 read after 22077 lost its 5-1 at (314, 481)
    alone = _read_in_turn(22078)[0]
    after = _read_in_turn(22077, 22078)[1]
    assert after == alone
    assert any(face == "up" and sorted(pips) == [1, 5] and math.dist(c, (314, 481)) < 20
               for face, pips, _conf, c in after), after


def _at(readings, point):
    return min(readings, key=lambda r: math.dist(r.center, point))
def test_a_black_three_one_is_no_spotted_back():
    # scene3d 22772: a black 3-1, its three white pips run together on a diagonal (a blob
    # filling little of its box, left out), its red 1 alone near the centre — taken for a
    # spotted back's middle spot, its white spots lost: a back at 0.95.  A strong blob left
    # out about the middle line says pips: unsure now
    labels, tl, readings = read_scene3d(22772, 24)
    r = _at(readings, (380, 171))
    assert r.uncertain or (r.face == "up" and sorted(r.pips) == [1, 3]), r


def test_a_spotted_backs_end_spots_left_out_leave_it_a_back():
    # the round's first try at the test above took any strong blob left out: a spotted
    # back's white end spots, left out, lie off the middle line (scene3d 21659, 18673)
    assert_read_right(*read_scene3d(21659, 24), (((664, 548), None),))
    assert_read_right(*read_scene3d(18673, 24), (((731, 176), None),))


def test_big_pale_pips_chosen_and_unseen_are_read_at_the_glare_level():
    # scene3d 22822: a 1-1 on a pale blue body, its big pips a little lighter: light pips
    # were chosen and none reached the level — a back at 0.95.  Clipped at white, they are
    # read at the glare's level whichever polarity was chosen
    assert_read_right(*read_scene3d(22822, 24), (((654, 531), [1, 1]),))


def test_a_blank_half_holding_a_small_spot_is_unsure():
    # scene3d 22988: a black 5-1, its red 1 small and dull — neither strong nor red enough
    # to count: 5-0 at 0.9.  A small round spot in a half read blank beside the bar makes
    # the reading unsure
    labels, tl, readings = read_scene3d(22988, 24)
    r = _at(readings, (1095, 176))
    assert r.uncertain or sorted(r.pips) == [1, 5], r
    # (a speck of grain, longer than round, does not: 20152's grey 4-0 stays sure)
    assert_read_right(*read_scene3d(20152, 24), (((604, 497), [4, 0]),))


def test_a_slanted_bars_end_is_no_pip():
    # scene3d 22819: two Western 3-1s on purple cloth, their bars slanted; the end of each
    # bar, wider than the bar and half a pip's area, was left beside it and counted: 3-2 at
    # 0.88 both.  A spot on the bar's line at an end of the bar found is the bar's end
    assert_read_right(*read_scene3d(22819, 24), (((706, 88), [3, 1]), ((1197, 444), [3, 1])))
    # (where the bar found spans the most of the width: beside one found over half of it, a
    # first try took a 6-2's pip for its end, 6-5 at 0.89 — scene3d 21529)
    labels, tl, readings = read_scene3d(21529, 24)
    r = _at(readings, (293, 621))
    assert r.uncertain or sorted(r.pips) == [2, 6], r


def test_loose_faces_of_an_unpainted_set_are_whole_without_red():
    # scene3d 22787: Western tiles with blue pips on grey dotted paper, four of them found
    # only as loose faces (notched by pips at their edge), which must read whole — with the
    # red pips asked for, that a painted set shows: a 6-4, a 5-1, a 5-4 and a 4-2 dropped.
    # In a frame of an unpainted set they are whole without
    assert_read_right(*read_scene3d(22787, 24), (((490, 672), [6, 4]), ((250, 666), [5, 1]),
                                                 ((573, 161), [5, 4]), ((990, 232), [4, 2])))


def test_a_bar_found_inside_a_blob_of_pips_is_not_trusted():
    # scene3d 23016: a blue Western 5-3 whose 5 ran into one blob with the grain round it;
    # a vertical run through that blob was taken for the bar, at 0.68 of the length, and
    # the tile read 1-0 at 0.9.  A bar inside a blob much wider than a bar makes it unsure
    labels, tl, readings = read_scene3d(23016, 24)
    r = _at(readings, (375, 476))
    assert r.uncertain or sorted(r.pips) == [3, 5], r
