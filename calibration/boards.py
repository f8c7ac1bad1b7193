"""Printable things: the ChArUco board, the four table markers, the tile layout sheet.

Each is rendered with OpenCV at a known pixels-per-millimetre and written as a PNG (with its
DPI recorded in a ``pHYs`` chunk) and as a one-page PDF whose image is placed at true size,
so "print at 100 % / actual size" gives exact millimetres.  The PDF writer is a few lines of
standard PDF 1.4 (one lossless Flate-compressed image, stdlib ``zlib``): no new dependency.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = [
    "aruco_dict",
    "charuco_board",
    "default_marker_positions",
    "board_sheet",
    "markers_sheet",
    "LAYOUT",
    "LAYOUT_A4",
    "LAYOUTS",
    "LayoutSpec",
    "layout_sheet",
    "write_png",
    "write_pdf",
    "write_printable",
    "A4",
    "A3",
]

A4 = (210.0, 297.0)
A3 = (297.0, 420.0)
MM_PER_INCH = 25.4


def aruco_dict(name: str):
    code = getattr(cv2.aruco, name, None)
    if not isinstance(code, int):
        raise ValueError(f"{name!r} is not an OpenCV ArUco dictionary")
    return cv2.aruco.getPredefinedDictionary(code)


def charuco_board(spec):
    """cv2.aruco.CharucoBoard for a :class:`calibration.profile.BoardSpec` (units: mm)."""
    return cv2.aruco.CharucoBoard(
        (spec.squares_x, spec.squares_y), float(spec.square_mm), float(spec.marker_mm),
        aruco_dict(spec.dictionary),
    )


def default_marker_positions(size_mm=(900.0, 900.0), marker_mm: float = 60.0, inset_mm: float | None = None):
    """Marker centres at the table corners, ids 0 top-left, 1 top-right, 2 bottom-right,
    3 bottom-left, seen from above with seat 0 at the bottom (y grows toward seat 0)."""
    W, H = size_mm
    d = marker_mm / 2 + 20.0 if inset_mm is None else inset_mm
    return {0: (d, d), 1: (W - d, d), 2: (W - d, H - d), 3: (d, H - d)}


def _text(img, text, org_mm, ppm, height_mm=4.0, colour=0, thickness_mm=None, centre=False):
    scale = height_mm * ppm / 22.0
    th = max(1, int(round((thickness_mm or height_mm / 8) * ppm)))
    (tw, tht), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, th)
    x, y = org_mm[0] * ppm, org_mm[1] * ppm
    if centre:
        x -= tw / 2
    col = colour if isinstance(colour, tuple) else (colour,) * (3 if img.ndim == 3 else 1)
    cv2.putText(img, text, (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, scale, col, th, cv2.LINE_AA)


def _page(paper_mm, ppm, landscape=False):
    w, h = paper_mm
    if landscape:
        w, h = h, w
    return np.full((int(round(h * ppm)), int(round(w * ppm))), 255, np.uint8), (w, h)


def board_sheet(spec, dpi: float = 300.0) -> tuple[np.ndarray, tuple[float, float]]:
    """The ChArUco board centred on a landscape A4 page (or A3 if it does not fit)."""
    ppm = dpi / MM_PER_INCH
    bw, bh = spec.squares_x * spec.square_mm, spec.squares_y * spec.square_mm
    paper = A4 if bw <= 277 and bh <= 186 else A3
    page, (pw, ph) = _page(paper, ppm, landscape=True)
    if bw > pw - 20 or bh > ph - 30:
        raise ValueError(f"a {bw:.0f} x {bh:.0f} mm board does not fit on A3")
    board = charuco_board(spec)
    size = (int(round(bw * ppm)), int(round(bh * ppm)))
    img = board.generateImage(size, marginSize=0, borderBits=1)
    x0, y0 = int(round((pw - bw) / 2 * ppm)), int(round((ph - bh) / 2 * ppm))
    page[y0:y0 + size[1], x0:x0 + size[0]] = img
    _text(page, f"tiengow ChArUco board {spec.squares_x}x{spec.squares_y}, square {spec.square_mm:g} mm, "
          f"marker {spec.marker_mm:g} mm, {spec.dictionary}", (10, 8), ppm, 3.0)
    _text(page, "Print at 100% (actual size). Check: this bar is 100 mm long.", (10, ph - 8), ppm, 3.0)
    bar_y = int(round((ph - 5) * ppm))
    cv2.rectangle(page, (int(round((pw - 110) * ppm)), bar_y - int(round(1 * ppm))),
                  (int(round((pw - 10) * ppm)) - 1, bar_y), 0, -1)
    return page, (pw, ph)


def markers_sheet(ids=(0, 1, 2, 3), marker_mm: float = 60.0, dictionary: str = "DICT_4X4_50",
                  dpi: float = 300.0) -> tuple[np.ndarray, tuple[float, float]]:
    """Four table markers on portrait A4, two by two, with cut lines and placement notes."""
    ppm = dpi / MM_PER_INCH
    page, (pw, ph) = _page(A4, ppm)
    d = aruco_dict(dictionary)
    where = {0: "far left", 1: "far right", 2: "near right", 3: "near left"}
    side = int(round(marker_mm * ppm))
    cells = [(pw * 0.25, ph * 0.25), (pw * 0.75, ph * 0.25), (pw * 0.75, ph * 0.7), (pw * 0.25, ph * 0.7)]
    for mid, (cx, cy) in zip(ids, cells, strict=True):
        mk = cv2.aruco.generateImageMarker(d, int(mid), side, borderBits=1)
        x0, y0 = int(round((cx - marker_mm / 2) * ppm)), int(round((cy - marker_mm / 2) * ppm))
        page[y0:y0 + side, x0:x0 + side] = mk
        # dashed cut square 12 mm outside the marker
        m = int(round(12 * ppm))
        for (a, b) in (((x0 - m, y0 - m), (x0 + side + m, y0 - m)), ((x0 + side + m, y0 - m), (x0 + side + m, y0 + side + m)),
                       ((x0 + side + m, y0 + side + m), (x0 - m, y0 + side + m)), ((x0 - m, y0 + side + m), (x0 - m, y0 - m))):
            n = 24
            for k in range(0, n, 2):
                p = (int(a[0] + (b[0] - a[0]) * k / n), int(a[1] + (b[1] - a[1]) * k / n))
                q = (int(a[0] + (b[0] - a[0]) * (k + 1) / n), int(a[1] + (b[1] - a[1]) * (k + 1) / n))
                cv2.line(page, p, q, 150, max(1, int(0.3 * ppm)))
        label = f"id {mid}: {where.get(mid, '')} corner" if mid in where else f"id {mid}"
        _text(page, label, (cx, cy + marker_mm / 2 + 8), ppm, 3.5, centre=True)
        _text(page, "^ this edge away from seat 0", (cx, cy - marker_mm / 2 - 3), ppm, 2.5, centre=True)
    _text(page, f"tiengow table markers, {dictionary}, {marker_mm:g} mm. Print at 100%.", (10, 10), ppm, 3.5)
    _text(page, "Lay one flat at each corner of the play area, all facing the same way (arrow away", (10, 17), ppm, 3.0)
    _text(page, "from seat 0). 'far' = opposite seat 0. Then run: tiengow calibrate table", (10, 22), ppm, 3.0)
    return page, (pw, ph)


@dataclass(frozen=True)
class LayoutSpec:
    """A tile layout sheet: ``cols`` x ``rows`` labelled grey slot boxes and four ArUco corner
    markers (``DICT_4X4_50``).  Slot ``i`` of the sheet holds tile ``first_slot + i`` of
    :data:`referee.tiles.FULL_SET`.  All positions in sheet millimetres."""

    paper_mm: tuple[float, float] = (420.0, 297.0)
    marker_ids: tuple[int, int, int, int] = (10, 11, 12, 13)
    marker_mm: float = 30.0
    marker_inset_mm: float = 8.0
    dictionary: str = "DICT_4X4_50"
    cols: int = 4
    rows: int = 8
    cell_mm: tuple[float, float] = (84.0, 35.0)
    grid_origin_mm: tuple[float, float] = (42.0, 8.5)
    box_offset_mm: tuple[float, float] = (7.0, 2.0)  # grey slot box inside a cell; its label left of it
    box_mm: tuple[float, float] = (76.0, 31.0)
    box_grey: int = 128
    first_slot: int = 0
    title: str = "A3"

    @property
    def n_slots(self) -> int:
        return self.cols * self.rows

    def marker_centres(self) -> dict[int, tuple[float, float]]:
        W, H = self.paper_mm
        d = self.marker_inset_mm + self.marker_mm / 2
        c = [(d, d), (W - d, d), (W - d, H - d), (d, H - d)]
        return dict(zip(self.marker_ids, c, strict=True))

    def slot_box(self, i: int) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of this sheet's slot ``i`` (0-based, row-major) in sheet mm."""
        r, c = divmod(i, self.cols)
        x = self.grid_origin_mm[0] + c * self.cell_mm[0] + self.box_offset_mm[0]
        y = self.grid_origin_mm[1] + r * self.cell_mm[1] + self.box_offset_mm[1]
        return x, y, x + self.box_mm[0], y + self.box_mm[1]

    def expected(self) -> list[str]:
        """The tiles of this sheet's slots, in slot order."""
        from referee.tiles import FULL_SET

        return [t.name for t in FULL_SET][self.first_slot:self.first_slot + self.n_slots]


#: One A3 landscape sheet for the whole set.
LAYOUT = LayoutSpec()
#: Two A4 portrait sheets of 16 (for printers without A3): markers 20-23 and 24-27.
LAYOUT_A4 = tuple(
    LayoutSpec(paper_mm=(210.0, 297.0), marker_ids=ids, marker_mm=16.0, marker_inset_mm=6.0, cols=2, rows=8,
               cell_mm=(78.0, 35.0), grid_origin_mm=(27.0, 8.5), box_offset_mm=(5.0, 2.0), box_mm=(73.0, 31.0),
               first_slot=first, title=f"A4 {k + 1} of 2")
    for k, (ids, first) in enumerate((((20, 21, 22, 23), 0), ((24, 25, 26, 27), 16)))
)
LAYOUTS = {"a3": (LAYOUT,), "a4": LAYOUT_A4}


def layout_sheet(dpi: float = 300.0, spec: LayoutSpec = LAYOUT, colour: bool = False) -> tuple[np.ndarray, tuple[float, float]]:
    """The layout sheet: grey slot boxes, each labelled with the tile that goes there."""
    ppm = dpi / MM_PER_INCH
    W, H = spec.paper_mm
    page = np.full((int(round(H * ppm)), int(round(W * ppm))), 255, np.uint8)
    d = aruco_dict(spec.dictionary)
    side = int(round(spec.marker_mm * ppm))
    for mid, (cx, cy) in spec.marker_centres().items():
        mk = cv2.aruco.generateImageMarker(d, int(mid), side, borderBits=1)
        x0, y0 = int(round((cx - spec.marker_mm / 2) * ppm)), int(round((cy - spec.marker_mm / 2) * ppm))
        page[y0:y0 + side, x0:x0 + side] = mk
    names = spec.expected()
    strip_w = spec.box_offset_mm[0] - 0.6
    for i, name in enumerate(names):
        x0, y0, x1, y1 = spec.slot_box(i)
        cv2.rectangle(page, (int(round(x0 * ppm)), int(round(y0 * ppm))),
                      (int(round(x1 * ppm)) - 1, int(round(y1 * ppm)) - 1), spec.box_grey, -1)
        # label in the strip left of the box, written bottom-to-top
        strip = np.full((int(round(strip_w * ppm)), int(round(spec.box_mm[1] * ppm))), 255, np.uint8)
        _text(strip, f"{spec.first_slot + i + 1}: {name}", (spec.box_mm[1] / 2, strip_w * 0.78), ppm,
              min(3.6, strip_w * 0.65), centre=True)
        strip = np.rot90(strip)
        sx = int(round((x0 - spec.box_offset_mm[0] + 0.3) * ppm))
        sy = int(round(y0 * ppm))
        page[sy:sy + strip.shape[0], sx:sx + strip.shape[1]] = np.minimum(
            page[sy:sy + strip.shape[0], sx:sx + strip.shape[1]], strip)
    foot = (f"tiengow tile layout sheet ({spec.title}), print at 100%. Each tile face up in its box, long side "
            "along the box. Photograph from above: tiengow calibrate tiles PHOTO")
    _text(page, foot, (spec.grid_origin_mm[0], H - 1.6), ppm, 2.4 if W > 300 else 1.9)
    return (cv2.cvtColor(page, cv2.COLOR_GRAY2BGR) if colour else page), (W, H)


# --- writing ------------------------------------------------------------------------------


def write_png(path, img: np.ndarray, dpi: float) -> Path:
    """PNG with a pHYs chunk so viewers and printers know the true size."""
    ok, buf = cv2.imencode(".png", img)
    if not ok:
        raise OSError(f"could not encode {path}")
    data = bytes(buf)
    ppmeter = int(round(dpi / 0.0254))
    phys = struct.pack(">IIB", ppmeter, ppmeter, 1)
    chunk = struct.pack(">I", len(phys)) + b"pHYs" + phys + struct.pack(">I", zlib.crc32(b"pHYs" + phys))
    # insert right after IHDR (8-byte signature + 25-byte IHDR chunk)
    data = data[:33] + chunk + data[33:]
    p = Path(path)
    p.write_bytes(data)
    return p


def write_pdf(path, img: np.ndarray, page_mm: tuple[float, float]) -> Path:
    """A one-page PDF showing ``img`` over the whole page at exactly ``page_mm``."""
    pt = 72.0 / MM_PER_INCH
    W, H = page_mm[0] * pt, page_mm[1] * pt
    if img.ndim == 2:
        cs, raw = "/DeviceGray", img.tobytes()
    else:
        cs, raw = "/DeviceRGB", cv2.cvtColor(img, cv2.COLOR_BGR2RGB).tobytes()
    ih, iw = img.shape[:2]
    stream = zlib.compress(raw, 9)
    content = f"q {W:.4f} 0 0 {H:.4f} 0 0 cm /Im0 Do Q".encode()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {W:.4f} {H:.4f}] "
         f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>").encode(),
        (f"<< /Type /XObject /Subtype /Image /Width {iw} /Height {ih} /ColorSpace {cs} "
         f"/BitsPerComponent 8 /Interpolate false /Filter /FlateDecode /Length {len(stream)} >>\nstream\n").encode()
        + stream + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    p = Path(path)
    p.write_bytes(bytes(out))
    return p


def write_printable(stem, img: np.ndarray, page_mm, dpi: float) -> tuple[Path, Path]:
    """``stem.png`` and ``stem.pdf``."""
    stem = Path(stem)
    if stem.suffix.lower() in (".png", ".pdf"):
        stem = stem.with_suffix("")
    stem.parent.mkdir(parents=True, exist_ok=True)
    return write_png(stem.with_suffix(".png"), img, dpi), write_pdf(stem.with_suffix(".pdf"), img, page_mm)
