"""Sixty-second round of 2026-12-01 (docs/vision.md, "A print of bigger spots; a cloth of
fine texture traced blurred").

* PRINT_HAT_WIDE 11: a cloth printed with spots bigger than PRINT_HAT's disc finds (the
  flowers nearest the camera run to 80 pixels) is looked for again with an 11-pixel disc,
  when the first look found many spots of one polarity but no print; its spots are painted
  over with that disc too.
* EDGE_BLUR_WIDE 7: a cloth whose fine texture (noise, a fine weave) leaves it busy with
  edges, even without the short pieces, is traced again blurred 7 x 7: if few edges are
  left, its tiles' outlines are traced from those (EDGE_CHAN).
* BLANK_RETRY_SPOTS: a tile alone read with a blank half and no bar, read again with each
  polarity, is a back where a reading finds a spotted back's spots and the first reading
  counted a red pip (its red middle spot alone read a 1-0).
* OVER_SIX_SPLIT 0.06 (OVER_SIX_SPLIT_AREA 0.6), OVER_SIX_END 0.08: a half read as more
  than six loses its single specks on the split (no bar found), each under 0.6 of the
  area for each pip of the half's other spots — a bar broken into pieces — and its spots
  at the tile's very end (its end edge taken in), where the halves are then a tile's in
  die layouts.
"""

from __future__ import annotations

from dataclasses import replace

import cv2

import vision.recognizer as R
from vision.scene3d import generate_scene3d

from .scenes import assert_read_by_rule, assert_read_right, read_scene3d, sure_at


def _work_gray(seed: int):
    img, _labels, _tl = generate_scene3d(seed, 1280, 720, n_tiles=24)
    small = cv2.resize(img, (640, 360), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)


def test_a_print_of_bigger_spots_is_found_with_the_wider_disc(monkeypatch):
    # scene3d 32987: white tiles on a cloth printed with dark flowers, the nearer ones too big
    # for PRINT_HAT's spots (60 pixels at most): the print was not found
    gray = _work_gray(32987)
    found = R._print_spots(gray)
    assert found is not None and found[0] == cv2.MORPH_BLACKHAT and found[2] == R.PRINT_HAT_WIDE
    monkeypatch.setattr(R, "PRINT_HAT_WIDE", 0)
    assert R._print_spots(gray) is None


def test_tiles_on_a_print_of_bigger_spots_are_read(monkeypatch):
    # scene3d 32987: ten of its tiles were missed, the print's spots joining them to the cloth
    assert_read_by_rule(monkeypatch, 32987, [((407, 244), [4, 2]), ((855, 144), [2, 2]), ((1148, 343), [5, 3]),
                                             ((398, 636), [5, 5])], "PRINT_HAT_WIDE", 0)


def test_a_crop_of_a_print_found_with_the_wider_disc_is_wiped_with_it():
    # the whole frame's context carries the disc: a crop is painted over as the frame was
    img, _labels, _tl = generate_scene3d(32987, 1280, 720, n_tiles=24)
    whole = R.analyze(img)
    assert whole.context.print_op == cv2.MORPH_BLACKHAT and whole.context.print_hat == R.PRINT_HAT_WIDE
    x0, y0, x1, y1 = 150, 250, 470, 550  # the 6-4 at (239, 363) and the 4-4 at (335, 476)

    def sure(ctx):
        return sorted(tuple(sorted(r.pips)) for r in R.analyze(img[y0:y1, x0:x1], context=ctx).readings
                      if r.face == "up" and not r.uncertain and r.pips)

    assert sure(whole.context) == [(4, 4), (4, 6)]
    # wiped with PRINT_HAT's disc, the 6-4 is lost in the crop
    assert (4, 6) not in sure(replace(whole.context, print_hat=None))


def test_tiles_on_a_cloth_of_fine_texture_are_traced_blurred(monkeypatch):
    # scene3d 33030: its fine texture made a busy cloth of edges; blurred 7 x 7, few are left
    assert_read_by_rule(monkeypatch, 33030, [((344, 124), [6, 1]), ((352, 316), [4, 4]), ((996, 302), [6, 5])],
                        "EDGE_BLUR_WIDE", 0)


def test_a_table_plain_without_its_short_edges_is_traced_as_before():
    # scene3d 24240: busy with edges at first but plain once the short pieces are left out —
    # traced from those, not blurred again (blurred, its outlines lost five tiles)
    labels, tl, rs = read_scene3d(24240)
    assert_read_right(labels, tl, rs, [((301, 124), [4, 4]), ((331, 194), [5, 3]), ((271, 53), [6, 1]),
                                       ((79, 627), [6, 5]), ((452, 153), [6, 6])])



def test_a_spotted_back_read_by_its_middle_spot_is_a_back(monkeypatch):
    # scene3d 32776: a brown spotted back, only its red middle spot counted (1-0 at 0.3);
    # 32867: two green ones
    labels, tl, rs = read_scene3d(32867)
    assert_read_right(labels, tl, rs, [((1192, 122), None), ((989, 179), None)])
    assert_read_by_rule(monkeypatch, 32776, [((63, 86), None)], "BLANK_RETRY_SPOTS", False)


def test_a_two_read_with_no_red_is_not_taken_for_a_spotted_back():
    # scene3d 32284: a 2-1 read 2-0 (its 2 two pips on a diagonal, no red counted): read
    # with light pips, a spotted back's two end spots — but it is no back
    got = sure_at(32284, (134, 297))
    assert not any(r.face == "down" for r in got), got


def test_a_broken_bars_pieces_are_no_pips(monkeypatch):
    # scene3d 32935: a 6-1, its bar two specks on the split counted as pips of the 6 (8-1)
    assert_read_by_rule(monkeypatch, 32935, [((759, 58), [6, 1])], "OVER_SIX_SPLIT", 0)


def test_a_spot_at_the_tiles_very_end_is_no_pip(monkeypatch):
    # scene3d 32746: a Western 6-1, its outline a little long, the end edge a spot counted
    # as two pips of the 6 (8-1)
    assert_read_by_rule(monkeypatch, 32746, [((1210, 451), [6, 1])], "OVER_SIX_END", 0)
