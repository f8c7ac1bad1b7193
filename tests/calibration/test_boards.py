"""Printables: detectable by the same code that calibrates, and at true scale in the PDF."""

from __future__ import annotations

import re
import zlib

import cv2
import numpy as np

from calibration.boards import (
    LAYOUT,
    board_sheet,
    charuco_board,
    layout_sheet,
    markers_sheet,
    write_printable,
)
from calibration.geometry import detect_markers
from calibration.profile import BoardSpec

PT_PER_MM = 72 / 25.4


def test_board_sheet_detects_fully_and_is_to_scale():
    spec = BoardSpec()
    dpi = 150
    img, page = board_sheet(spec, dpi)
    assert page == (297.0, 210.0)  # fits landscape A4
    det = cv2.aruco.CharucoDetector(charuco_board(spec))
    corners, ids, _, _ = det.detectBoard(img)
    assert ids is not None and len(ids) == (spec.squares_x - 1) * (spec.squares_y - 1)
    c = corners.reshape(-1, 2)
    order = np.argsort(ids.ravel())
    c = c[order]
    # neighbouring inner corners are one square apart: 30 mm at 150 dpi
    step = np.linalg.norm(c[1] - c[0])
    assert abs(step - spec.square_mm * dpi / 25.4) < 1.0


def test_pdf_and_png_true_size(tmp_path):
    img, page = markers_sheet(dpi=100)
    png, pdf = write_printable(tmp_path / "m", img, page, 100)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-1.4")
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", data)
    assert abs(float(box.group(1)) - 210 * PT_PER_MM) < 0.01
    assert abs(float(box.group(2)) - 297 * PT_PER_MM) < 0.01
    # the image fills the page exactly, and decompresses to the pixels we drew
    assert f"q {210 * PT_PER_MM:.4f} 0 0 {297 * PT_PER_MM:.4f} 0 0 cm".encode() in data
    start = data.index(b"stream\n") + 7
    length = int(re.search(rb"/Length (\d+) >>\nstream", data).group(1))
    raw = zlib.decompress(data[start:start + length])
    assert raw == img.tobytes()
    # xref offsets point at the objects
    xref = int(data.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    offs = [int(x[:10]) for x in data[xref:].split(b"\n")[3:8]]
    assert all(data[o:o + 8].endswith(b"0 obj") or b" 0 obj" in data[o:o + 10] for o in offs)
    # PNG carries its dpi
    pb = png.read_bytes()
    i = pb.index(b"pHYs")
    ppm = int.from_bytes(pb[i + 4:i + 8], "big")
    assert abs(ppm - 100 / 0.0254) < 1
    assert cv2.imread(str(png), cv2.IMREAD_GRAYSCALE).shape == img.shape


def test_markers_sheet_ids():
    img, _ = markers_sheet(dpi=100)
    assert sorted(detect_markers(img)) == [0, 1, 2, 3]


def test_layout_sheet():
    img, page = layout_sheet(dpi=100)
    assert page == (420.0, 297.0)
    assert sorted(detect_markers(img, LAYOUT.dictionary)) == list(LAYOUT.marker_ids)
    names = LAYOUT.expected()
    assert len(names) == 32 and names[:2] == ["6-6", "6-6"] and names[-1] == "2-1"
    # boxes are inside the page, clear of the markers and of each other
    boxes = [LAYOUT.slot_box(i) for i in range(32)]
    for x0, y0, x1, y1 in boxes:
        assert 0 < x0 < x1 < 420 and 0 < y0 < y1 < 297
        for mx, my in LAYOUT.marker_centres().values():
            h = LAYOUT.marker_mm / 2
            assert x1 < mx - h or x0 > mx + h or y1 < my - h or y0 > my + h
    ppm = 100 / 25.4
    x0, y0, x1, y1 = boxes[0]
    assert img[int((y0 + y1) / 2 * ppm), int((x0 + x1) / 2 * ppm)] == LAYOUT.box_grey


def test_a4_layout_pair():
    from calibration.boards import LAYOUT_A4

    first, second = LAYOUT_A4
    assert first.expected() + second.expected() == LAYOUT.expected()
    assert not set(first.marker_ids) & (set(second.marker_ids) | set(LAYOUT.marker_ids) | {0, 1, 2, 3})
    for spec in LAYOUT_A4:
        img, page = layout_sheet(dpi=100, spec=spec)
        assert page == (210.0, 297.0)
        assert sorted(detect_markers(img, spec.dictionary)) == list(spec.marker_ids)
        for i in range(spec.n_slots):
            x0, y0, x1, y1 = spec.slot_box(i)
            assert 5 < x0 < x1 < 205 and 5 < y0 < y1 < 292  # inside printers' margins
            for mx, my in spec.marker_centres().values():
                h = spec.marker_mm / 2
                assert x1 < mx - h or x0 > mx + h or y1 < my - h or y0 > my + h
            assert x1 - x0 >= 72  # a 67 mm tile fits
