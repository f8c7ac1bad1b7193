"""The labelled real photographs in ../shared/photos (skipped when absent)."""

from __future__ import annotations

import cv2

from vision.evaluate import Score, score_frame
from vision.recognizer import recognize


def test_real_photos(photos_dir, photo_labels):
    total = Score()
    for im in photo_labels["images"]:
        img = cv2.imread(str(photos_dir / im["path"]))
        assert img is not None and img.shape[:2] == (im["height"], im["width"])
        readings = recognize(img)
        tile_len = 0.22 * max(im["width"], im["height"]) if im["path"].startswith("jm") else 200
        total.add(score_frame(readings, im["tiles"], tile_len, im["path"]))
    # pips per half are what is scored on the photos; a confident wrong reading is the worst outcome
    assert total.tiles == 21
    assert total.wrong_confident == 0, total.errors
    assert total.false_tiles == 0, total.errors
    assert total.identity_ok >= 21, total.errors  # measured 21/21 (see docs/vision.md)


def test_printed_card_frames(photos_dir, photo_labels):
    """The ab_* frames (a flat card on a dark background) are all read."""
    for im in photo_labels["images"]:
        if not im["path"].startswith("ab_"):
            continue
        img = cv2.imread(str(photos_dir / im["path"]))
        readings = [r for r in recognize(img) if not r.uncertain]
        assert [tuple(r.pips) for r in readings] == [tuple(im["tiles"][0]["pips"])], im["path"]
