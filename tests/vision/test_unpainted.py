"""Is the set painted?  Decided by the tiles that call for red pips, not by one stray red
spot nor by the style guess (2026-11-25, round 2; docs/vision.md, "Painted or not")."""

from __future__ import annotations

from vision.evaluate import score_frame
from vision.recognizer import _painted_evidence, _Read
from vision.scene3d import generate_scene3d


def _rd(halves, red):
    return (None, _Read(face="up", halves=halves, red=red, has_bar=True, quality=1.0, ambiguous_mid=0,
                        spots_back=False, n_pips=sum(halves)), False)


def test_one_stray_red_spot_does_not_make_a_set_painted():
    # an unpainted Western set: a brass spinner read as one red pip on a 6-2 and a 5-4
    raw = [_rd((6, 4), 0), _rd((4, 4), 1), _rd((1, 1), 0), _rd((5, 4), 2), _rd((2, 1), 0), _rd((6, 2), 1),
           _rd((6, 6), 0)]
    assert _painted_evidence(raw) is False


def test_a_painted_set_is_painted_even_with_some_reds_missed():
    raw = [_rd((6, 4), 4), _rd((4, 4), 8), _rd((1, 1), 0), _rd((5, 4), 4), _rd((2, 1), 1), _rd((6, 6), 6),
           _rd((5, 3), 0)]
    assert _painted_evidence(raw) is True


def test_too_few_tiles_to_tell():
    assert _painted_evidence([_rd((6, 4), 0), _rd((3, 2), 0), _rd((1, 1), 0)]) is None


def test_an_unpainted_set_whose_bars_are_faint_is_read_by_its_halves():
    # scene3d seed 163: unpainted ivory Western tiles, thin bars and brass spinners; most
    # bars were not seen, the frame was taken for Chinese tiles (red always painted) and
    # every tile whose halves call for red came out uncertain (7 of 18 right)
    from vision.recognizer import recognize

    img, labels, tl = generate_scene3d(163, 1280, 720, n_tiles=20)
    sc = score_frame(recognize(img), labels, tl)
    assert sc.identity_ok >= 14, sc.errors
    assert sc.wrong_confident == 0, sc.errors


def test_a_red_count_off_is_forgiven_when_the_red_halves_pips_are_the_reddest():
    # blue pips on an amber body drift toward red: a 5-4 read with 3 "red" pips instead of
    # the 4 of its 4; its 4 pips are still the reddest of the tile (_red_rank)
    from vision.recognizer import UNCERTAIN_BELOW, _name_and_confidence

    base = dict(face="up", halves=(5, 4), red=3, has_bar=True, quality=1.0, ambiguous_mid=0, spots_back=False,
                n_pips=9)
    pips, name, conf = _name_and_confidence(_Read(**base, red_rank=True), True)
    assert name == "5-4" and conf >= UNCERTAIN_BELOW
    assert _name_and_confidence(_Read(**base, red_rank=False), True)[2] < UNCERTAIN_BELOW
    assert _name_and_confidence(_Read(**base), True)[2] < UNCERTAIN_BELOW
