"""Find and read Tien Gow tiles in one BGR image.

The pipeline (all OpenCV, one pass per image):

1. **Proposals** at a working resolution (long side ≤ 640 px): the image is thresholded at
   a few levels of three channels — lightness (light bodies), darkness (dark bodies) and
   saturation of bright pixels (ivory on white cloth) — plus the distance to the
   calibrated body colour when a profile gives one.  Every connected component whose
   filled outline is a rectangle of tile proportions (fill ≥ 0.8, long/short 1.6–3.0) is a
   proposal; overlapping proposals keep the most rectangular one; a proposal that holds two
   or more smaller ones is dropped; sizes far from the scene's typical tile are dropped.
   Rectangles of two to four tiles' size are split along their seams.
2. **Reading**: each tile is warped to a canonical 48-pixel-wide strip from the full-
   resolution image.  A morphological top-hat and black-hat find pips lighter or darker
   than the body; a vertical opening finds a divider bar (Western).  Pips are counted per
   half (split at the bar, else at the middle), red ones by the Lab a* channel.
3. **Check**: the pip total plus the number of red pips names every tile but the two
   Eights; if that name disagrees with the per-half reading, the tile is ``uncertain``.
4. **Occlusion**: proposals that are cut off where skin-coloured pixels touch them are
   reported ``occluded`` (and ``uncertain``), never guessed.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache

import cv2
import numpy as np

from referee.tiles import FULL_SET, Tile, TileError, red_pips_of
from vision.params import TileSetParams

__all__ = ["TileReading", "Analysis", "FrameContext", "recognize", "analyze", "check_set", "UNCERTAIN_BELOW",
           "draw_readings"]

#: A reading whose confidence is below this is reported ``uncertain``.
UNCERTAIN_BELOW = 0.6
#: a strong blob inside a face, of this many pips' area, that is not counted as pips
#: makes the reading unsure (_read_tile)
LEFT_OUT_PIPS = 1.5
#: ... inside: its box within the margin, or its centre this many tile widths from the
#: sides, and LEFT_OUT_END from the ends (a half's pips have their centre further in)
LEFT_OUT_EDGE = 0.25
LEFT_OUT_END = 0.4
#: a spot alone near the centre is no spotted back's middle spot (its white ones lost) where
#: a strong blob left out inside the face, its centre within STRAY_MID tile widths of the
#: middle line, has STRAY_SPOT of its area: pips run together (a black 3-1's diagonal of
#: three, 22772)
STRAY_SPOT = 0.5
STRAY_MID = 0.15
#: a small round spot not counted, this many tile widths clear of the bar in a half read
#: blank beside it, makes the reading unsure
WEAK_BLANK_CLEAR = 0.2
#: a blob counted as several pips must be at least this many single pips' area, or the
#: reading is unsure (_read_tile)
SPLIT_AREA = 1.35
#: a reading is dropped when more than this share of its body (pips left out) is 45 levels
#: off the body's lightness: two things, not one tile.  (0.25 until the fourth round of
#: 2026-11-25: a face with its side taken in, shaded across, fell over it)
OFF_BODY = 0.35
#: ... off the lightness of that body itself (the median of the pixels it is counted on),
#: not of the whole face's middle: a white face whose big dark pips cover half its middle
#: has a median between pips and body, 45 off both (scene3d 26317: a 6-5 whose body is at
#: 253, its face's median at 189 — every white pixel "off", the tile dropped as two things)
OFF_BODY_OWN = True
#: two halves whose bodies' mean colours differ are two things side by side — unless their
#: medians agree: a strip of cloth or shadow along an end (an outline too long, trimmed
#: short of it) moves one half's mean, not its median (scene3d 26437: a blue 4-2 with the
#: green cloth at its end, halves' means 35 apart in b*, medians 10)
HALVES_MEDIAN = True
#: A line along a face trimmed of its side (a seam between two tiles side by side, which
#: drops the reading) that lies only outside this share of the width about the middle is
#: near a side: on an outline of its own (not a piece of a group, not fitted to a checked
#: cloth), the face's own rim or bevel, lighter than a grainy face — it no longer drops
#: the reading (21591's green 6-5)
SEAM_MID = 0.6
#: the most a reading with a blank half keeps where the tiles are Chinese (none has a blank)
CHINESE_BLANK_CONF = 0.5
#: A piece of a split group that reads as no tile (or a tile alone with more than six pips
#: in a half) is read again with this share of its length cut off an end, where that end's
#: strip has at most TRIM_BODY of the body colour (within TRIM_BODY_GAP); the new reading
#: counts if its confidence is at least TRIM_CONF.
TRIM_END = 0.1
TRIM_BODY = 0.5
TRIM_BODY_GAP = 30
TRIM_CONF = 0.8

# (total, red) → tile names.  Only (8, 0) names two tiles (6-2 and 5-3).
_BY_COUNTS: dict[tuple[int, int], set[str]] = {}
#: how many of each tile a set holds (civil tiles twice, military ones once)
_IN_SET = Counter(_t.name for _t in FULL_SET)
for _t in FULL_SET:
    _BY_COUNTS.setdefault((_t.total, _t.red_pips), set()).add(_t.name)

LARGEST_OF_EQUALS = False
#: A proposal this rectangular is taken as the tile's outline without re-cutting it.
CLEAN_FILL = 0.9
#: At most this many blobs are tried as rows of touching tiles (most rectangular first).
MAX_SPLIT_TRIES = 150
_LOCAL = threading.local()  # per-thread scratch: recognize() may run in several threads
#: At most this many groups of touching tiles per frame are split by reading the pieces.
MAX_TENTATIVE = 12
#: A tile's long side is at least this share of the image's long side.
MIN_TILE_FRAC = 0.028
WORK_MAX = 640  # long side of the working image for proposals
#: Masks also looked at closed: dark bodies, which light pips and bars cut apart at WORK_MAX.
#: (and the repeating pattern's, PAT_CHAN: a tile's parts over cells of its own colour)
CLOSE_CHANS = ("dark", "rel-", "pat", "darkv")
#: the levels of the dark mask of HSV value (max of B, G, R) rather than grey: a black tile
#: on a saturated dark cloth (navy, royal blue between bright stripes) is as dark in grey
#: as the cloth, which joins the tiles in one blob, but far darker in value (scene3d 26269,
#: three black tiles on blue-striped cloth missed).  () for none
DARK_V_LEVELS = (32, 46)
#: the mask whose holes are proposals as well as its blobs (see _proposals)
HOLE_CHAN = "rel-"
#: A blob of about one tile (at most OPEN_BLOB of a tile's area) that is not one clean tile
#: is also opened with a disc of OPEN_WIDTH of a tile's width: spots or stripes of a cloth of
#: the tile's colour joined to its edge fall away (scene3d 24760: a green 5-3 on a lilac cloth
#: with green spots, its blob with them filling 0.64-0.77 of its rectangle, missed).  What is
#: left counts if it is one tile, filled OPEN_FILL or more, smaller than the blob; _select
#: takes it only where nothing else was found, of OPEN_SIZE of the tiles' length where it
#: lies (among the other proposals it competed with the ways of splitting groups)
OPEN_BLOB = 1.6
OPEN_WIDTH = 0.45
OPEN_FILL = 0.85
OPEN_SIZE = (0.8, 1.25)
#: ... and read, it judges nothing for the frame (_Read.aside: not the tiles' size, not the
#: faces the lone backs are measured against).  On a striped cloth two tiles so freed were
#: the first faces read whole, and two patches of a blue stripe, alike and of a tile's size,
#: were then kept as backs of a colour no face has (scene3d 24982).  It must read as a face
#: whole with OPEN_MIN_PIPS pips or more, or a back by its three spots: a patch of a striped
#: cloth between two stripes, freed so, reads as a plain back of the faces' colour (held-out
#: scene3d 960023, a false back between orange stripes on a beige cloth)
OPEN_MIN_PIPS = 2
#: The table's colours (see _table_colours): each covers this share of the image at least.
BG_SHARE = 0.12
#: a plain back this close to a table colour (that no face-up tile has) is the table
TABLE_BACK_GAP = 12.0
#: ... the table's colours for that: each covering this share of the frame (five at most)
BACK_TABLE_SHARE = 0.05
#: A hand touching a tile's outline, with skin on less than this share of the tile's core,
#: is beside it (the tile is read if it reads whole).
HAND_BESIDE = 0.02
#: Levels of the distance-from-the-table mask.
BG_LEVELS = (28, 42, 60)
#: the level of the table's chroma distance (a* and b* only, _channels "bgc"): tiles of
#: nearly the table's lightness and colour
BGC_LEVEL = 11
BGC_CHAN = "bgc"
#: ... and at BGC_QUIET_LEVEL too when the table's colour is quiet (three quarters of the
#: frame at most BGC_QUIET from it): cream faces on a light grey-green cloth differ from it
#: by 8-10 in a* and b*, and at BGC_LEVEL only their parts away from the pips showed
#: (scene3d 26171, nine faces missed)
BGC_QUIET = 3
BGC_QUIET_LEVEL = 7
#: A colour-only blob holding a tile found by another mask: what is left of it once that
#: tile's outline (grown by BGC_REST_GROW) is taken out, opened, is proposed where it fills
#: BGC_REST_FILL of its rectangle in a tile's proportions (_bgc_rest; False: never)
BGC_REST = True
BGC_REST_GROW = 1.08
BGC_REST_FILL = 0.8
BGC_REST_TAG = "/rest"
#: a saturated table (median HSV saturation at least PALE_TABLE_SAT): a face much paler
#: than it (saturation under PALE_LEVEL of the table's) is a mask of its own ("pale") —
#: white tiles on light blue cloth are as light as it and differ from it in colour by the
#: colour-only mask's level (BGC_LEVEL, whose mask there is the cloth's texture), but are
#: half as saturated
PALE_TABLE_SAT = 60
PALE_LEVEL = 0.72
#: ... and at least PALE_LIGHT of the table's value (HSV).  Only where no repeating pattern
#: was modelled (PAT_CHAN: on white and purple stripes the tiles ran into the pale stripes
#: as long blobs); its blobs, as BGC_CHAN's, only where no other mask found a tile
PALE_LIGHT = 0.6
#: ... on a table of value (HSV) PALE_TABLE_V or more: a near-black cloth's noise is
#: saturated (a photo of a card on black: the pale mask's specks lost the card)
PALE_TABLE_V = 80
PALE_CHAN = "pale"
#: a face up outlined only by it must read whole with this many pips or more: a 2-1 (19677)
#: is whole at 3; with no such limit a false 1-0 (own 920151) and a false 6-2 (960183,
#: not whole) were read
PALE_MIN_PIPS = 3
#: A repeating pattern (stripes, checks): the mask of what differs from the cloth as it
#: would look without the tiles (_pattern_background), looked at only where no other mask
#: found a tile (as BGC_CHAN).  Its levels, the share of lightness in the distance (a
#: shadow darkens the cloth but hardly changes its colour), and the closing that joins a
#: tile's parts over cells of the cloth of its own colour.
PAT_CHAN = "pat"
#: The edges' mask (_channels): the insides of the outlines Canny traces at EDGE_LO/EDGE_HI
#: on the working image (after a 3 x 3 blur), closed over gaps of up to 4 pixels, looked at
#: only where no other mask found a tile (as BGC_CHAN); of each blob, its light part is the
#: face (the blob holds the tile's side and shadow too).  Ivory on cream or light grey paper
#: is as light as the paper and barely warmer: only the tile's rim, side and shadow part
#: them (scene3d 21894: every tile missed).  A face up outlined only by it, or a piece of a
#: group it outlined, must read whole with EDGE_MIN_PIPS pips or more: a 1-1 on cream paper
#: is whole at 2; read as they came, a Western 2-0 read 3-0 (21843, its brass spinner taken
#: for a pip, not whole) and a row of green tiles cut so that its 1-1 read as a back (20950)
EDGE_CHAN = "edge"
EDGE_MIN_PIPS = 2
#: ... or whole but for pips counted as run together (its quality down to EDGE_RUN_Q) with
#: EDGE_RUN_PIPS pips or more (0: never) — the few-pip faces above are the edge's risk
#: (scene3d 24466: three Western tiles side by side on cream, split at their seams, each
#: with a pip by its brass spinner counted as two run together, all three dropped)
EDGE_RUN_PIPS = 6
EDGE_RUN_Q = 0.84
EDGE_LO, EDGE_HI = 15, 40
#: ... on a table whose edges cover at most this share of the working image: a plain table's
#: cover 3-5 %, a busy cloth's (polka dots, flowers, stripes) 9-30 %, and filled they join
#: tiles and cloth (19095: a tile outlined off its end read 4-2 as 4-1)
EDGE_MAX_SHARE = 0.07
#: ... counting only the edges' pieces this long or longer (pixels of the working image, its
#: bounding box's longer side): a cloth printed with small dots, whose rims are rings of
#: 5-8 pixels, is plain between them (scene3d 19608: khaki tiles on olive, purple dots)
EDGE_MIN_PIECE = 12
#: a cloth busy with fine texture (noise, a fine weave: scene3d 32835's peach cloth) is
#: traced again blurred this much (pixels; 0: not): its texture smoothed away, tiles' edges
#: stay, and if few edges are left the table counts as plain
EDGE_BLUR_WIDE = 7
PAT_LEVELS = (24, 34)
PAT_LIGHTNESS = 0.25
PAT_CLOSE = 5
#: ... and looked at opened with a disc of PAT_OPEN work pixels (0: not): where the cloth's
#: model is off by a pixel (stripes seen in perspective, whose repeat is not one shift over
#: the frame) each stripe's edge leaves a thin streak in the mask, and the streaks joined to
#: a tile's outline spoil its rectangle.
PAT_OPEN = 5
#: ... and, opened so, closed with a disc of PAT_FILL work pixels, one more mask ("pat^^";
#: 0: none): a tile differs from the cloth only where it hides cloth of another colour, so
#: a cream tile on cream and magenta stripes is a row of bands, the cream stripes under it
#: gaps as wide as a stripe; once the streaks are opened away, closing joins the bands into
#: the tile (scene3d 25018: a 3-3, a 4-4 and a 6-4 on a striped cloth).  The opened mask
#: stays: closed, a row of tiles side by side is one blob (fresh 27901's row of four)
PAT_FILL = 13
#: a busy cloth's smoothness (_channels): the local spread (std of L*, a*, b* summed, in a
#: SMOOTH_K window of the working image) whose median over the frame is SMOOTH_TABLE or
#: more is a busy cloth; below SMOOTH_SHARE of that median is smooth (a tile's top)
SMOOTH_CHAN = "smooth"
SMOOTH_K = 5
SMOOTH_TABLE = 12
SMOOTH_SHARE = 0.3
#: ... and its blobs proposed only where as well filled as this, of a tile's proportions
SMOOTH_FILL = 0.78
SMOOTH_ASPECT = (1.6, 3.6)
#: The pattern's repeats: shifts whose autocorrelation (a share of the image's own) is
#: above PAT_CORR, PAT_MIN_SHIFTS of them at least (a striped cloth repeats along its
#: stripes only: one shift and its opposite).
PAT_CORR = 0.42
PAT_MIN_SHIFTS = 2
#: ... or above PAT_CORR_STRIPES when none is above PAT_CORR and the image is striped
#: (_stripes_along): dark tiles on a light striped cloth, many of them, make much of the
#: image's variance and none of its repeat (scene3d 32214: a third of its pixels' spread
#: was the tiles', and the stripes' repeat came to 0.2-0.3 of it; its tiles, as dark as
#: its blue stripes, were joined to them in every other mask).  0: not.
PAT_CORR_STRIPES = 0.2
#: Each shift aligned block by block (a tilted camera bends the pattern): blocks of
#: PAT_BLOCK work pixels, searched PAT_SEARCH pixels each way, aligned when their
#: normalised correlation reaches PAT_MATCH.
PAT_BLOCK = 48
PAT_SEARCH = 6
PAT_MATCH = 0.5
#: A tile seen only against the pattern: its outline may take its shadow in across, or
#: stop short where its end lies on cloth of its own colour — it must be PAT_ASPECT times
#: as long as wide at least.
PAT_ASPECT = 1.75
#: ... and its reading, not whole, is unsure (its confidence at most this)
PAT_UNSURE = 0.5
# the warm mask (green above blue: ivory and cream bodies); a table as warm as that adds a
# level this far above its own median
WARM_LEVEL = 22
WARM_BAL_CHAN = "warm="  # the warm mask of a frame balanced by its table (_channels)
# a hand's palm: the skin blob's largest inscribed circle has at least this radius, in tile
# lengths (generated palms: 0.21 and up; the orange sides and shadow along a column of
# ivory tiles in a photo: up to 0.17)
HAND_PALM = 0.20
_K3 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
_ELL5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
_RING8 = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8)  # a pixel's 8 neighbours
CANON_W = 48  # canonical tile width in pixels for reading
#: a line across a piece's middle above MID_LEVEL of the pips' level, MID_SEAM of its width
#: long or more, is a seam; MID_BAR or more, a bar (_mid_run, _resolve_groups)
MID_LEVEL = 0.3
MID_SEAM = 0.92
MID_BAR = 0.6
#: ... in a way of three or more pieces, a line across this much of a piece's width is a seam
ROW_SEAM = 0.85
#: a reading's quality is multiplied by this for each blob counted as pips run together
RUN_TOGETHER_Q = 0.92
#: a row of three pips run together may be this many times as long as wide (_read_face)
ROW3_LONG = 4.3
#: ... or, lying along the tile, at most this share of its length (within a half)
ROW3_ALONG = 0.5
#: ... and a row of three oval pips, split at its saddles, this many
ROW3_OVAL_LONG = 6.0
#: a half of two pips or more has one this share of the half's length from the middle or
#: farther (_die_layouts_ok)
HALF_REACH = 0.4
#: a blob shorter than ROW2_SHORT times its width is one pip unless a saddle splits it (an
#: oval pip — a domed one seen aslant, or with its highlight — is 1.5 long; two pips run
#: together across a narrow tile 1.7 and more)
ROW2_SHORT = 1.6
#: a blob kept as a pip that is DIAG_RUN_AREA pips' area or more and fills less than
#: DIAG_RUN_FILL of its box (a round pip fills 0.785; two pips touching on a diagonal about
#: 0.55, three about 0.4) is pips run together along a diagonal: counted by its peaks
DIAG_RUN_AREA = 1.3
DIAG_RUN_FILL = 0.6
#: ... its peaks DIAG_RUN_APART of a pip's width apart or more
DIAG_RUN_APART = 0.8
#: a strong blob left out (too long for one pip) of two or three pips' area that fills
#: less than RUN_BOX_FILL of its box is split at its peaks when they are pips (a 5's
#: middle pip run into the two below it makes a V, 0.5 of its box — 24008's 5-2 read
#: 2-2 unsure; pips run together on a diagonal fill 0.35-0.55)
RUN_BOX_FILL = 0.6
#: a blob SLIVER_LONG times as long as wide or more (and twice the pips' median ratio), of
#: under 1.6 pips' area, is no pip: the tile's side where the outline runs past an end
#: (24008's 4-2, its end's side a sliver 36 x 7 px read as a fifth pip: 5-2) — 0: kept
SLIVER_LONG = 3.5
#: A lone pip and, in the other half, a blob of two or three pips run together on a
#: diagonal (_read_face): each of its pips at most LONE_DIAG times the lone pip's area
#: (0: not looked for)
LONE_DIAG = 1.5
#: ... the lone pip at least LONE_DIAG_OFF of the length from the split
LONE_DIAG_OFF = 0.04
#: ... a blob filling less than this share of its box
LONE_DIAG_FILL = 0.4
#: ... a blob no longer than this share of the tile's length, or the width if more (0: the
#: width)
LONE_DIAG_HALF = 0.5
#: pips run together on a diagonal with wisps on them (a textured body, a cloth's dots at
#: the outline): their area measured after an opening by a disc this share of a pip wide
#: (24621's and 24421's Western 3 on a blue body read as a 2 at 0.97)
SOLID_OPEN = 0.6
#: a blob counted as one pip of BIG_BLOB pips' area or more is as many pips as its peaks,
#: three to six, where the smallest is BIG_BLOB_EVEN of the largest
BIG_BLOB = 3.0
BIG_BLOB_EVEN = 0.5
#: ... one pip's area, for that, from the round spots: those filling this share of their box
#: (a disc fills 0.785, one cut ragged by the level 0.6; two pips run together on a
#: diagonal 0.55 or less)
ROUND_FILL = 0.58
#: a spot in a corner of the outline smaller than CORNER_SPECK of the pips' median area is
#: no pip: the tile's side or the table where the corner is a little off (_read_face)
CORNER_SPECK = 0.3
#: ... its box against the crop's inner margin at an end and a side — or, under
#: CORNER_NEAR_SPECK of the median area, within CORNER_NEAR of the tile's width of an end
#: and of a side
CORNER_NEAR = 0.15
CORNER_NEAR_SPECK = 0.12
#: ... and in the trimmed face of an outline read alone too (read for seams, as a piece
#: of a group is, but no piece of one)
CORNER_IN_TRIM = True
#: a long blob of several pips' area whose only peak holds less than ONE_PEAK_SHARE of it
#: is one pip with the grain or a shadow run into it, not pips run together (_read_face)
ONE_PEAK_SHARE = 0.35


def _ids(objs) -> set[int]:
    """The ids of ``objs`` (rectangles tagged in ``_LOCAL`` for analyze), each kept alive
    until the next frame's analysis begins: an id is unique only among live objects, and a
    rectangle made, tagged and dropped would lend its tag to one made later at its address
    — how a frame was read depended on the frames read before it (scene3d 22078 after 22077
    lost a 5-1)."""
    objs = list(objs)
    alive = getattr(_LOCAL, "alive", None)
    if alive is None:
        alive = _LOCAL.alive = []
    alive.extend(objs)
    return {id(o) for o in objs}


@dataclass(frozen=True)
class TileReading:
    face: str  # 'up' | 'down'
    pips: tuple[int, int] | None  # (hi, lo), a blank half is 0; None when face-down or unknown
    name: str | None  # Tien Gow name '6-6', None if not a Tien Gow tile or unknown
    center: tuple[float, float]
    corners: tuple[tuple[float, float], ...]
    confidence: float
    uncertain: bool
    occluded: bool = False
    style: str | None = None  # 'chinese' | 'western' as read
    red: int | None = None  # red pips counted (face-up)

    def to_json(self) -> dict:
        """The ``tiengow recognize --json`` tile object."""
        return {
            "face": self.face,
            "pips": [int(self.pips[0]), int(self.pips[1])] if self.pips is not None else None,
            "name": self.name,
            "center": [round(float(self.center[0]), 1), round(float(self.center[1]), 1)],
            "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
            "confidence": round(float(self.confidence), 3),
            "uncertain": bool(self.uncertain),
        }


@dataclass
class Analysis:
    readings: list[TileReading]
    occluders: list[np.ndarray] = field(default_factory=list)  # polygons (image px) of hands
    scale: float = 1.0
    # what the whole image said, for reading a part of the next frame the same way
    # (:class:`FrameContext`; see :mod:`vision.stream`)
    context: FrameContext | None = None


@dataclass(frozen=True)
class FrameContext:
    """Image-wide decisions of one analysis, passed to ``analyze(crop, context=...)`` so a
    crop of a later frame is read as the whole frame would be: same working scale, same
    minimum tile size, the tile length for size checks, the style and whether red pips
    can be trusted."""

    scale: float
    frame_long: int  # the whole image's long side (px)
    tile_len: float | None = None  # median long side of tiles read face up (image px)
    style: str | None = None  # 'chinese' | 'western', as decided for the whole image
    red_reliable: bool | None = None
    #: the table's colours (Lab, see _table_colours): a crop may be mostly tiles
    table_colours: tuple | None = None
    #: the whole image's table is plain (its edges made the edges' mask, EDGE_CHAN): a crop
    #: makes that mask too, whatever its own edges (a crop of touching tiles is all edges)
    plain_table: bool = False
    #: the whole image's table is a cloth printed with small spots, dark ones
    #: (cv2.MORPH_BLACKHAT) or light (cv2.MORPH_TOPHAT): a crop's are painted over too,
    #: found with a disc this wide (PRINT_HAT or PRINT_HAT_WIDE)
    print_op: int | None = None
    print_hat: int | None = None
    #: the whole image is dim (DIM_FRAME_V): a crop is proposed again lifted too, with the
    #: lifted image's table colours and whether its table was plain
    dim: bool = False
    lift_colours: tuple | None = None
    lift_plain: bool | None = None


@dataclass
class _Cand:
    rect: tuple  # minAreaRect in work pixels
    area: float
    fill: float
    score: float
    source: str
    contour: np.ndarray  # work pixels


# ---------------------------------------------------------------------------------------
#: _median_u8 partitions up to this many values (beyond, its histogram is cheaper)
MEDIAN_PARTITION_MOST = 4000


def _median_u8(x: np.ndarray) -> float:
    """``np.median`` of uint8 values (the same number): by a partition of up to a few
    thousand values, else from their histogram (cheaper than a partition for many)."""
    x = x.ravel()
    n = x.size
    k = n // 2
    if 0 < n <= MEDIAN_PARTITION_MOST:
        # (a few thousand values: a partition is cheaper than the histogram)
        if n % 2:
            return float(np.partition(x, k)[k])
        q = np.partition(x, (k - 1, k))
        return (int(q[k - 1]) + int(q[k])) / 2.0
    cs = np.cumsum(np.bincount(x, minlength=256))
    hi = int(np.searchsorted(cs, k, side="right"))
    if n % 2:
        return float(hi)
    lo = int(np.searchsorted(cs, k - 1, side="right"))
    return (lo + hi) / 2.0


def _median_list(v: list[float]) -> float:
    """``np.median`` of a short list of floats (the same number, without numpy's overhead)."""
    v = sorted(v)
    n = len(v)
    return float(v[n // 2]) if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2.0


def _median_u8_cols(px: np.ndarray) -> np.ndarray:
    """``np.median(px, axis=0)`` for an n × c uint8 array."""
    n = px.shape[0]
    if 0 < n <= MEDIAN_PARTITION_MOST:
        # (every column partitioned at once: the same middle values as _median_u8's)
        k = n // 2
        if n % 2:
            return np.partition(px, k, axis=0)[k].astype(np.float64)
        q = np.partition(px, (k - 1, k), axis=0)
        return (q[k - 1].astype(np.float64) + q[k]) / 2.0
    return np.array([_median_u8(px[:, i]) for i in range(px.shape[1])], np.float64)


def _percentiles_int(x: np.ndarray, qs) -> list[float]:
    """``np.percentile(x, qs)`` (its default, linear interpolation) of integer values: the
    same numbers — the same order statistics and the same arithmetic as numpy's — without
    its overhead, some ten times its cost on a tile's few hundred pixels.

    >>> x = np.array([3, 200, 7, 7, 90, 15], np.uint8)
    >>> _percentiles_int(x, (5, 50, 95)) == np.percentile(x, (5, 50, 95)).tolist()
    True
    """
    s = np.sort(x.ravel())
    n = s.size
    out = []
    for q in qs:
        v = (n - 1) * (q / 100)
        if v >= n - 1:
            out.append(float(s[-1]))
            continue
        i = math.floor(v)
        g = v - i
        a, b = int(s[i]), int(s[i + 1])
        out.append(a + (b - a) * g if g < 0.5 else b - (b - a) * (1 - g))
    return out


def _percentile_cols(x: np.ndarray, q: float) -> np.ndarray:
    """``np.percentile(x, q, axis=0)`` of an integer array: the same values (see
    :func:`_percentiles_int`).

    >>> x = np.array([[3, 200], [7, 7], [90, 15]], np.uint8)
    >>> bool((_percentile_cols(x, 85) == np.percentile(x, 85, axis=0)).all())
    True
    """
    s = np.sort(x, axis=0)
    n = s.shape[0]
    v = (n - 1) * (q / 100)
    if v >= n - 1:
        return s[-1].astype(np.float64)
    i = math.floor(v)
    g = v - i
    a, b = s[i], s[i + 1]
    d = b - a  # (sorted: never below 0)
    return np.add(a, d * g) if g < 0.5 else np.subtract(b, d * (1 - g))


def _median_cols_f32(x: np.ndarray) -> np.ndarray:
    """``np.median(x.astype(np.float32), axis=0)`` of an integer or float32 array (the same
    float32 values: the middle one, or the two middle ones summed in float32 and halved).

    >>> x = np.array([[3, 200], [7, 7], [90, 15], [4, 4]], np.uint8)
    >>> bool((_median_cols_f32(x) == np.median(x.astype(np.float32), axis=0)).all())
    True
    """
    s = np.sort(x, axis=0)
    k = s.shape[0] // 2
    if s.shape[0] % 2:
        return s[k].astype(np.float32)
    return (s[k - 1].astype(np.float32) + s[k]) / 2


def _median_f32(v: np.ndarray) -> float:
    """``float(np.median(v))`` of a 1-D float32 array without NaNs: the middle value, or the
    two middle ones summed in float32 and halved, as numpy's mean of them does.

    >>> v = np.float32([0.1, 7.3, 2.2, 5.0])
    >>> _median_f32(v) == float(np.median(v))
    True
    """
    return float(_median_cols_f32(v[:, None])[0])


def _rect_dims(rect) -> tuple[float, float]:
    (w, h) = rect[1]
    return (w, h) if w >= h else (h, w)


def _channels(small: np.ndarray, params: TileSetParams, L: np.ndarray | None = None,
              hsv: np.ndarray | None = None, table: list | tuple | None = None,
              planes: tuple | None = None, pattern: bool = True,
              edges: bool | None = None) -> list[tuple[str, np.ndarray, list[int], int]]:
    """(name, channel, levels, threshold type): the masks whose blobs may be tiles.
    ``table``: the table's colours when already known (a crop), else found here.
    ``planes``: ``cv2.split(small)`` when already made.  ``pattern``: look for a repeating
    pattern (a whole frame: a crop's repeats are not the frame's).  ``edges``: make the
    edges' mask (EDGE_CHAN) — None: when the table is plain (a whole frame; the decision is
    left in ``_LOCAL.plain_table``), True: always (a crop of a frame whose table is plain),
    False: never."""
    if L is None:
        L = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    if hsv is None:
        hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    if planes is None:
        planes = cv2.split(small)
    V = hsv[..., 2]
    B, INV = cv2.THRESH_BINARY, cv2.THRESH_BINARY_INV
    chans: list[tuple[str, np.ndarray, list[int], int]] = []
    lab_planes = None  # the Lab planes of ``small``, converted when first needed

    def lab_dist(col) -> np.ndarray:
        """Distance of every pixel from the Lab colour ``col``; lightness counts half
        (lighting gradients).  Plane by plane against a scalar: the same values as the
        difference from a whole image of that colour, without building that image."""
        nonlocal lab_planes
        if lab_planes is None:
            lab_planes = cv2.split(cv2.cvtColor(small, cv2.COLOR_BGR2Lab))
        dl, da, db = (cv2.absdiff(p, float(v)) for p, v in zip(lab_planes, col, strict=True))
        return cv2.addWeighted(dl, 0.5, cv2.add(da, db), 1.0, 0.0)

    if params.body_bgr is not None:
        bl = cv2.cvtColor(np.uint8([[params.body_bgr]]), cv2.COLOR_BGR2Lab)[0, 0]
        # lightness matters less than colour (lighting gradients)
        chans.append(("body", lab_dist(bl), [30, 50, 70], INV))
    otsu, _ = cv2.threshold(L, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    light = [150, 205]
    dark = [32, 46, 62]
    if all(abs(otsu - v) > 15 for v in light):
        light.append(int(otsu))
    if all(abs(otsu - v) > 10 for v in dark):
        dark.append(int(otsu))
    chans.append(("light", L, light, B))
    chans.append(("dark", L, dark, INV))
    if DARK_V_LEVELS:
        chans.append(("darkv", V, list(DARK_V_LEVELS), INV))
    # lightness against the neighbourhood: light tiles on light wood, lighting gradients
    k = max(15, (max(L.shape) // 6) | 1)
    loc = cv2.blur(L, (k, k))
    rel = cv2.addWeighted(L, 1.0, loc, -1.0, 128.0)
    # (and at a lower level: a light face only a little lighter than a pale cloth beside it,
    # the cloth lit unevenly so that no level across the frame parts them)
    chans.append(("rel+", rel, [128 + 18, 128 + 11], B))
    chans.append(("rel-", rel, [128 - 18], INV))
    # distance from the table's own colours (a dark tile on dark blue felt, navy on red):
    # the colours that cover much of the frame are the table; a tile differs in hue if not
    # in lightness.  (Lightness counts half: lighting gradients.)
    bg = _table_colours(small) if table is None else table
    if bg:
        dist = None
        for col in bg:
            x = lab_dist(col)
            dist = x if dist is None else cv2.min(dist, x)
        chans.append(("bg", dist, list(BG_LEVELS), B))
    # ivory and cream: green above blue (white cloth, red checks and grey felt are not)
    lit = cv2.compare(V, 120, cv2.CMP_GT)  # (the pixels light enough to judge warmth in)
    warm = cv2.bitwise_and(cv2.subtract(planes[1], planes[0]), lit)
    # under warm light (tungsten, a warm white balance) a white table is warm too: ivory is
    # then warmer than the table's own level, not than a fixed one
    levels = [WARM_LEVEL]
    table_warm = _median_u8(warm[::4, ::4])
    if table_warm > WARM_LEVEL / 2:
        levels.append(int(min(250, table_warm + WARM_LEVEL)))
        # (and where the warm values part in two, between the table's and the tiles')
        otsu_w, _ = cv2.threshold(warm[::2, ::2], 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        if otsu_w > table_warm + WARM_LEVEL / 2 and all(abs(otsu_w - v) > 8 for v in levels):
            levels.append(int(otsu_w))
    elif table_warm == 0:
        # a cool table (lilac paper, blue or grey cloth) under bright light: ivory pales
        # toward white and is barely warm, yet nothing else is
        levels.append(WARM_LEVEL // 2)
    chans.append(("warm", warm, levels, B))
    # ... and only its lightest part: a face without its own (shaded) side
    chans.append(("warm+", cv2.bitwise_and(warm, cv2.compare(rel, 133, cv2.CMP_GT)), levels, B))
    if table_warm > WARM_LEVEL / 2:
        # the light's cast taken out: blue scaled so that the lit table's green and blue are
        # level.  A warm light scales blue down rather than shifting it, so ivory rises less
        # above a white table turned warm than the level above expects, and that level lies
        # in the tiles' own noise (jm_5 under tungsten: none of its four tiles was found).
        # A table warm of its own (wood) is balanced too: ivory falls below it here and is
        # found by the masks above, as before
        on = lit[::4, ::4] > 0
        g_b = _median_u8(planes[1][::4, ::4][on]) / max(1.0, _median_u8(planes[0][::4, ::4][on]))
        balanced = cv2.subtract(planes[1], cv2.convertScaleAbs(planes[0], alpha=g_b))
        chans.append((WARM_BAL_CHAN, cv2.bitwise_and(balanced, lit), [WARM_LEVEL], B))
    if bg:
        # the distance from the table in colour alone, at a lower level: a navy tile on dark
        # red wood, amber on light wood differ from it by 12-20 in a* and b*, the table's
        # grain by 7 at most, and a shadow, which darkens the table, barely (the lightness
        # of the distance above takes shadows in at a level that low).  Last: its blobs are
        # looked at only where no other mask found a tile (_proposals, BGC_CHAN)
        chroma = None
        for col in bg:
            x = cv2.add(cv2.absdiff(lab_planes[1], float(col[1])), cv2.absdiff(lab_planes[2], float(col[2])))
            chroma = x if chroma is None else cv2.min(chroma, x)
        bgc_levels = [BGC_LEVEL]
        if BGC_QUIET_LEVEL and np.percentile(chroma[::4, ::4], 75) <= BGC_QUIET:
            bgc_levels.append(BGC_QUIET_LEVEL)
        chans.append((BGC_CHAN, chroma, bgc_levels, B))
    if pattern and min(L.shape) >= 200:
        # a repeating pattern (stripes, checks) one of whose colours is the tiles': what
        # differs from the cloth as it would be without them (last, as the colour-only mask)
        if lab_planes is None:
            lab_planes = cv2.split(cv2.cvtColor(small, cv2.COLOR_BGR2Lab))
        cloth = _pattern_background(lab_planes, L)
        if cloth is not None:
            dl, da, db = (cv2.absdiff(p, c) for p, c in zip(lab_planes, cv2.split(cloth), strict=True))
            dist = cv2.addWeighted(dl, PAT_LIGHTNESS, cv2.add(da, db), 1.0, 0.0)
            dist = cv2.morphologyEx(dist, cv2.MORPH_CLOSE,
                                    cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (PAT_CLOSE, PAT_CLOSE)))
            chans.append((PAT_CHAN, dist, list(PAT_LEVELS), B))
    if pattern and min(L.shape) >= 200:
        # a busy cloth (checks, grain): a tile's top is smooth where the cloth is not — a
        # back of the cloth's own colour differs from it only so (SMOOTH_CHAN; a whole
        # frame only, as the pattern's mask: its blobs are proposed only where no other
        # mask proposed anything, and only in a tile's shape — _proposals)
        if lab_planes is None:
            lab_planes = cv2.split(cv2.cvtColor(small, cv2.COLOR_BGR2Lab))
        sd = None
        for p_ in lab_planes:
            f_ = p_.astype(np.float32)
            m_ = cv2.blur(f_, (SMOOTH_K, SMOOTH_K))
            v_ = cv2.sqrt(cv2.max(cv2.blur(f_ * f_, (SMOOTH_K, SMOOTH_K)) - m_ * m_, 0.0))
            sd = v_ if sd is None else sd + v_
        sd_u8 = cv2.convertScaleAbs(sd)
        med_sd = _median_u8(sd_u8[::4, ::4])
        if med_sd >= SMOOTH_TABLE:
            # (the window's reach over a tile's rim given back: the smooth part grown by a
            # pixel, as the spread's minimum over its neighbours)
            chans.append((SMOOTH_CHAN, cv2.erode(sd_u8, _K3), [max(1, int(SMOOTH_SHARE * med_sd))], INV))
    _LOCAL.plain_table = False
    if (edges is None and pattern and min(L.shape) >= 200) or edges:
        # a tile's outline traced by its edges (EDGE_CHAN): ivory on cream or white paper
        # is as light as it and barely warmer, and only its rim, side and shadow part them
        for blur in (3, EDGE_BLUR_WIDE) if EDGE_BLUR_WIDE and not edges else (3,):
            lines = cv2.Canny(cv2.GaussianBlur(L, (blur, blur), 0), EDGE_LO, EDGE_HI)
            busy = cv2.countNonZero(lines) > EDGE_MAX_SHARE * lines.size
            lab_ = None
            if busy:
                # less the pieces shorter than EDGE_MIN_PIECE: a cloth printed with small dots
                # is plain between its dots' rims, which outline no tile (and a crop of such a
                # cloth is traced as its frame was)
                _, lab_, st_, _ = _components8(lines, frame=True)
                long_ = np.maximum(st_[:, 2], st_[:, 3]) >= EDGE_MIN_PIECE
                long_[0] = False
                busy = int(st_[long_, cv2.CC_STAT_AREA].sum()) > EDGE_MAX_SHARE * lines.size
            if not busy:
                break
        if edges or not busy:
            if lab_ is not None:
                lines = (long_.astype(np.uint8) * np.uint8(255))[lab_]  # (the long pieces only)
            _LOCAL.plain_table = True
            # (a plain table only: a busy cloth's edges join everything)
            k5 = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
            cs, _ = cv2.findContours(cv2.dilate(lines, k5), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            filled = np.zeros_like(L)
            cv2.drawContours(filled, cs, -1, 255, -1)
            chans.append((EDGE_CHAN, cv2.erode(filled, k5), [128], B))
    table_sat = _median_u8(hsv[::4, ::4, 1]) if not any(c[0] == PAT_CHAN for c in chans) else 0.0
    table_v = _median_u8(V[::4, ::4]) if table_sat >= PALE_TABLE_SAT else 0.0
    if table_v >= PALE_TABLE_V:
        # (light ones only, PALE_LIGHT: the saturation of dark pixels is noise — black
        # tiles on dark red cloth were outlined askew and misread)
        dim = cv2.compare(V, PALE_LIGHT * table_v, cv2.CMP_LT)
        chans.append((PALE_CHAN, cv2.bitwise_or(hsv[..., 1], dim), [int(PALE_LEVEL * table_sat)], INV))
    return chans


def _table_colours(small: np.ndarray, share: float = BG_SHARE, most: int = 3) -> list[np.ndarray]:
    """The Lab colours (uint8) covering at least ``share`` of the image each (``most`` of
    them): the table (one for felt or cloth, two for a checked cloth); none for a busy
    pattern."""
    return _colours_of(_colour_bins(small), share, most)


def _colour_bins(small: np.ndarray) -> dict:
    """``small``'s pixels (every fourth) binned by Lab colour: for :func:`_colours_of`, which
    may be asked more than once of one image."""
    h, w = small.shape[:2]
    f = 4 if min(h, w) >= 80 else 1
    th2 = cv2.cvtColor(small[::f, ::f], cv2.COLOR_BGR2Lab)
    th = th2.reshape(-1, 3)
    key = (th[:, 0].astype(np.int32) >> 5) * 256 + (th[:, 1].astype(np.int32) >> 4) * 16 + (th[:, 2] >> 4)
    return {"shape": th2.shape[:2], "th": th, "key": key, "cnt": np.bincount(key, minlength=2048)}


def _colours_of(bins: dict, share: float, most: int) -> list[np.ndarray]:
    """:func:`_table_colours` of binned pixels."""
    th, key, cnt = bins["th"], bins["key"], bins["cnt"]
    out = []

    def mean_of(k: int) -> np.ndarray:
        # per bin and plane: the means without gathering each bin's pixels (sums of integers
        # in float64 are exact: the same mean as np.mean's)
        if "sums" not in bins:
            bins["sums"] = [np.bincount(key, weights=th[:, i], minlength=2048) for i in range(3)]
        return np.round(np.array([p[k] for p in bins["sums"]]) / cnt[k]).astype(np.uint8)

    order = np.argsort(cnt)[::-1]
    for k in order[:most]:
        if cnt[k] < share * len(key):
            break
        out.append(mean_of(k))
    # a colour of the table split over two lightness bins (a stripe of a cloth across a
    # lighting gradient) covers its share only together: by hue alone, the hues not yet
    # found count too, each at the lightness of its largest bin — if the frame's rim shows
    # it (a cloth runs out of the frame; a few large tiles of one colour lie inside it)
    hue = key & 255
    found = {int(k) & 255 for k in order[:len(out)]}
    cnt_h = np.bincount(hue, minlength=256)
    rim = None
    for hk in np.argsort(cnt_h)[::-1][:most]:
        if len(out) >= most or cnt_h[hk] < share * len(key):
            break
        if int(hk) in found:
            continue
        if rim is None:
            hue2 = hue.reshape(bins["shape"])
            rim = np.concatenate([hue2[0], hue2[-1], hue2[1:-1, 0], hue2[1:-1, -1]])
        if np.count_nonzero(rim == hk) < RIM_SHARE * len(rim):
            continue
        col = mean_of(int(np.argmax(np.where((np.arange(2048) & 255) == hk, cnt, 0))))
        # (a hue beside one found, across a bin's edge, is that colour: not another)
        if all(abs(int(col[1]) - int(c[1])) + abs(int(col[2]) - int(c[2])) > HUE_APART for c in out):
            out.append(col)
    return out


#: a table colour found by its hue alone shows on at least this share of the frame's rim
RIM_SHARE = 0.1
#: ... and differs from every colour found by more than this in a* and b* (summed)
HUE_APART = 12

_K3SQ = np.ones((3, 3), np.uint8)
_K2SQ = np.ones((2, 2), np.uint8)
_K5SQ = np.ones((5, 5), np.uint8)
EDGE_SOBEL = 48  # a tile's edge in a 3x3 Sobel of the working image's grey


def _chromaticity(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Red and blue shares of each pixel's brightness (x 255): a colour's, whatever its
    lighting (a shadow on a red check is still red)."""
    b, g, r = cv2.split(bgr)
    tot = cv2.add(cv2.add(b, g, dtype=cv2.CV_32F), r, dtype=cv2.CV_32F) + 1.0
    return cv2.divide(r, tot, scale=255.0, dtype=cv2.CV_32F), cv2.divide(b, tot, scale=255.0, dtype=cv2.CV_32F)


def _pattern_shifts(planes, rlo: float, rhi: float, most: int = 8, corr: float | None = None) -> list[np.ndarray]:
    """The shifts (dx, dy) in pixels, ``rlo`` to ``rhi`` long, that map a repeating pattern
    in an image (``planes``: its Lab planes) onto itself: peaks of the image's
    autocorrelation (at half size, the three planes summed, a Hann window against the
    edges) above PAT_CORR (``corr`` when given) of its value at zero, at least 25° apart in direction, each with
    its opposite, strongest first, ``most`` of them at most; none for a cloth without a
    strong repeat (plain felt, wood).

    >>> yy, xx = np.mgrid[0:240, 0:320]
    >>> stripes = np.where((xx // 15) % 2 == 0, 200, 60).astype(np.uint8)  # a 30 px period
    >>> lab = [stripes, np.full_like(stripes, 128), np.full_like(stripes, 128)]
    >>> sorted({abs(int(v[0])) % 30 for v in _pattern_shifts(lab, 24, 54)})  # whole periods across
    [0]
    >>> _pattern_shifts([np.full((240, 320), 128, np.uint8)] * 3, 24, 54)
    []
    """
    h, w = planes[0].shape[:2]
    q = [cv2.resize(p, (w // 2, h // 2), interpolation=cv2.INTER_AREA) for p in planes]
    hq, wq = q[0].shape[:2]
    win = cv2.createHanningWindow((wq, hq), cv2.CV_32F)
    k = int(math.ceil(rhi / 2)) + 1  # the longest shift looked at, at half size
    # (padded by that much: shifts up to it do not wrap round; packed spectra, real throughout)
    ph, pw = cv2.getOptimalDFTSize(hq + k + 1), cv2.getOptimalDFTSize(wq + k + 1)
    power = None
    for plane in q:
        x = plane.astype(np.float32)
        x -= float(x.mean())
        x *= win
        f = cv2.dft(cv2.copyMakeBorder(x, 0, ph - hq, 0, pw - wq, cv2.BORDER_CONSTANT, 0))
        sp = cv2.mulSpectrums(f, f, 0, conjB=True)
        power = sp if power is None else power + sp
    acc = cv2.idft(power, flags=cv2.DFT_REAL_OUTPUT | cv2.DFT_SCALE)
    if acc[0, 0] <= 1e-6:
        return []  # (a flat image)
    rows = np.r_[acc.shape[0] - k : acc.shape[0], 0 : k + 1]
    cols = np.r_[acc.shape[1] - k : acc.shape[1], 0 : k + 1]
    R = acc[np.ix_(rows, cols)] / acc[0, 0]  # shifts -k..k each way, zero in the middle
    yy, xx = np.mgrid[-k : k + 1, -k : k + 1]
    rr = 2 * np.hypot(xx, yy)
    # (an autocorrelation is symmetric: a peak and its opposite are taken together — the
    # order of two equal values must not hang on rounding)
    half = (yy > 0) | ((yy == 0) & (xx > 0))
    peak = (R >= cv2.dilate(R, _K3SQ)) & (rr >= rlo) & (rr <= rhi) & (R > (PAT_CORR if corr is None else corr)) & half
    ys, xs = np.nonzero(peak)
    chosen: list[tuple[float, np.ndarray]] = []
    for i in np.argsort(-R[ys, xs], kind="stable"):
        v = np.array([xs[i] - k, ys[i] - k], np.float64) * 2
        a = math.degrees(math.atan2(v[1], v[0]))
        if any(abs((a - b + 90) % 180 - 90) < 25 for b, _ in chosen):
            continue
        chosen.append((a, v))
        if 2 * len(chosen) >= most:
            break
    return [s for _, v in chosen for s in (v, -v)]


def _median9(imgs: list[np.ndarray]) -> np.ndarray:
    """The per-pixel median of nine images of one shape and type: a sorting network of 19
    compare-exchanges (cv2.min / cv2.max), some thirty times faster than ``np.median`` of
    the stack.

    >>> ims = [np.full((1, 2), v, np.uint8) for v in (5, 1, 9, 7, 3, 8, 2, 6, 4)]
    >>> _median9(ims).tolist()
    [[5, 5]]
    """
    v = list(imgs)
    for i, j in ((1, 2), (4, 5), (7, 8), (0, 1), (3, 4), (6, 7), (1, 2), (4, 5), (7, 8), (0, 3), (5, 8),
                 (4, 7), (3, 6), (1, 4), (2, 5), (4, 7), (4, 2), (6, 4), (4, 2)):
        v[i], v[j] = cv2.min(v[i], v[j]), cv2.max(v[i], v[j])
    return v[4]


def _sub_peak(res: np.ndarray, loc: tuple[int, int]) -> tuple[float, float]:
    """The maximum of ``res`` at ``loc`` (x, y) to a fraction of a pixel: the vertex of a
    parabola through it and its neighbours, each way.

    >>> res = np.float32([[0, 0, 0], [0.5, 1.0, 0.9], [0, 0, 0]])
    >>> [round(v, 2) for v in _sub_peak(res, (1, 1))]
    [1.33, 1.0]
    """
    x, y = loc

    def vertex(a: float, c: float, b: float) -> float:
        den = a - 2 * c + b
        return max(-0.5, min(0.5, 0.5 * (a - b) / den)) if den < 0 else 0.0

    c = float(res[y, x])
    dx = vertex(float(res[y, x - 1]), c, float(res[y, x + 1])) if 0 < x < res.shape[1] - 1 else 0.0
    dy = vertex(float(res[y - 1, x]), c, float(res[y + 1, x])) if 0 < y < res.shape[0] - 1 else 0.0
    return x + dx, y + dy


#: a striped cloth (one repeat and its opposite) repeats along its stripes at any length:
#: the cloth's model takes shifts along them too (PAT_ALONG; 0: not), PAT_ALONG_D of the
#: long side each way, when the gradients lie across one direction (coherence PAT_COHERENT
#: or more).  The median of three — the image and one repeat each way — lets any tile that
#: lies on one of them in; of seven, three may (scene3d 25605: a 6-4 and a 6-6 on stripes)
PAT_ALONG = 1
PAT_ALONG_D = (0.08, 0.13)
PAT_COHERENT = 0.5


def _stripes_along(gray: np.ndarray) -> np.ndarray | None:
    """The unit direction (dx, dy) along a striped image's stripes: across its gradients'
    main direction (the structure tensor summed over the image), when their coherence is
    PAT_COHERENT or more; else None.

    >>> yy, xx = np.mgrid[0:120, 0:160]
    >>> [round(float(v), 2) for v in np.abs(_stripes_along(np.where((xx // 8) % 2 == 0, 200, 60).astype(np.uint8)))]
    [0.0, 1.0]
    >>> _stripes_along(np.where(((xx // 8) + (yy // 8)) % 2 == 0, 200, 60).astype(np.uint8)) is None
    True
    """
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    a, b, c = float(cv2.sumElems(gx * gx)[0]), float(cv2.sumElems(gx * gy)[0]), float(cv2.sumElems(gy * gy)[0])
    tr = a + c
    if tr <= 1e-6:
        return None
    root = math.sqrt((a - c) ** 2 + 4 * b * b)
    if root < PAT_COHERENT * tr:
        return None
    ang = 0.5 * math.atan2(2 * b, a - c)  # the gradients' direction; the stripes lie across it
    return np.array([-math.sin(ang), math.cos(ang)], np.float64)


def _pattern_background(planes, gray: np.ndarray) -> np.ndarray | None:
    """A repeating pattern (stripes, checks) as it would look without what lies on it, Lab:
    the median of an image (``planes``: its Lab planes) and of it shifted by (up to) eight
    of the pattern's repeats (_pattern_shifts, 7.5–17 % of the long side: longer than a
    tile, so that most shifted copies of a tile's pixel show cloth) — a striped cloth's one
    repeat each way, and shifts along its stripes (PAT_ALONG).  Each shift is aligned
    block by block on ``gray`` at half size (a tilted camera bends the pattern: the repeat
    is a few pixels longer near the camera), to a fraction of a pixel; a shift's opposite
    takes the alignment turned round.  None when the image has no such pattern.

    >>> yy, xx = np.mgrid[0:240, 0:320]
    >>> checks = np.where(((xx // 12) + (yy // 12)) % 2 == 0, 210, 50).astype(np.uint8)
    >>> gray = checks.copy(); gray[100:130, 100:170] = 210        # a tile the light checks' colour
    >>> cloth = _pattern_background([gray, np.full_like(gray, 128), np.full_like(gray, 128)], gray)
    >>> bool(np.mean(cloth[105:125, 105:165, 0] == checks[105:125, 105:165]) > 0.9)  # the checks under it
    True
    >>> bool(np.mean(gray[105:125, 105:165] == checks[105:125, 105:165]) > 0.6)  # (which the tile hid)
    False
    """
    h, w = gray.shape
    shifts = _pattern_shifts(planes, 0.075 * max(h, w), 0.17 * max(h, w))
    t = None
    if len(shifts) < PAT_MIN_SHIFTS and PAT_CORR_STRIPES:
        t = _stripes_along(gray)
        if t is not None:
            shifts = _pattern_shifts(planes, 0.075 * max(h, w), 0.17 * max(h, w), corr=PAT_CORR_STRIPES)
    if len(shifts) < PAT_MIN_SHIFTS:
        return None
    if PAT_ALONG and len(shifts) == 2:
        t = _stripes_along(gray) if t is None else t
        if t is not None:
            for d in PAT_ALONG_D:
                shifts += [t * d * max(h, w), -t * d * max(h, w)]
    lab = cv2.merge(list(planes))
    g2 = cv2.resize(gray, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    h2, w2 = g2.shape
    B, R = PAT_BLOCK // 2, PAT_SEARCH // 2
    ny, nx = h2 // B, w2 // B
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    fields: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (shift, dx, dy per pixel)
    for v in shifts:
        opp = next((f for f in fields if abs(f[0][0] + v[0]) < 1 and abs(f[0][1] + v[1]) < 1), None)
        if opp is not None:
            # the way back: where q - v went by v + d(q - v), q comes back by -v - d(q - v)
            back = np.float32([[1, 0, -v[0]], [0, 1, -v[1]]])
            dx, dy = (-cv2.warpAffine(f, back, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                      borderMode=cv2.BORDER_REPLICATE) for f in opp[1:])
            fields.append((v, dx, dy))
            continue
        F = np.zeros((ny, nx, 2), np.float32)
        good = np.zeros((ny, nx), bool)
        v2 = v / 2
        for by in range(ny):
            for bx in range(nx):
                y0, x0 = by * B, bx * B
                sx, sy = int(round(x0 + v2[0])) - R, int(round(y0 + v2[1])) - R
                if sx < 0 or sy < 0 or sx + B + 2 * R > w2 or sy + B + 2 * R > h2:
                    continue
                res = cv2.matchTemplate(g2[sy : sy + B + 2 * R, sx : sx + B + 2 * R], g2[y0 : y0 + B, x0 : x0 + B],
                                        cv2.TM_CCOEFF_NORMED)
                _, mx, _, loc = cv2.minMaxLoc(res)
                if mx >= PAT_MATCH:
                    px, py = _sub_peak(res, loc)
                    F[by, bx] = (2 * (px + sx - x0 - v2[0]), 2 * (py + sy - y0 - v2[1]))
                    good[by, bx] = True
        if good.sum() < 4:
            continue
        F[~good] = np.median(F[good], axis=0)  # (blocks of tiles, of a hand: the usual bend)
        fields.append((v, cv2.resize(F[..., 0], (w, h), interpolation=cv2.INTER_LINEAR),
                       cv2.resize(F[..., 1], (w, h), interpolation=cv2.INTER_LINEAR)))
    if len(fields) < PAT_MIN_SHIFTS:
        return None
    # (where a shift leaves the frame it has no value: the least and the greatest in turn,
    # so that the median is of the values there are)
    outs = [lab] + [cv2.remap(lab, gx + np.float32(v[0]) + dx, gy + np.float32(v[1]) + dy, cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=(255 * (i % 2),) * 3)
                    for i, (v, dx, dy) in enumerate(fields)]
    if len(outs) % 2 == 0:
        outs.pop()  # (a shift whose opposite found no alignment: the last, the weakest)
    while len(outs) < 9:  # (as many below all as above all: the median of those there)
        outs += [np.zeros_like(lab), np.full_like(lab, 255)]
    return _median9(outs)


def _pattern_mask(small: np.ndarray):
    """A regular two-colour pattern (a checked cloth): the mask of its cells of one colour,
    their stats and centroids, the pattern's colour contrast image, or None.

    Cheap test first: two peaks of chromaticity (lighting left out: gradients, shadows),
    each on a tenth of a sparse sample of the image.  Then the pixels on either side of
    the bisector between the two colours are split into 4-connected blobs (cells of a
    checked cloth touch only at their corners); the colour whose blobs are many similar
    squares is the pattern's (the other colour's cells are joined to the tiles lying on
    them when the tiles have that colour)."""
    r4, b4 = _chromaticity(small[::4, ::4])
    sa = (r4.ravel() / 8).astype(np.int32).clip(0, 31)
    sb = (b4.ravel() / 8).astype(np.int32).clip(0, 31)
    hist = np.bincount(sa * 32 + sb, minlength=1024).reshape(32, 32)
    n = sa.size
    k1 = np.unravel_index(int(np.argmax(hist)), hist.shape)
    if hist[k1] < 0.1 * n:
        return None
    hh = hist.copy()
    hh[max(0, k1[0] - 2) : k1[0] + 3, max(0, k1[1] - 2) : k1[1] + 3] = 0
    k2 = np.unravel_index(int(np.argmax(hh)), hh.shape)
    if hh[k2] < 0.1 * n:
        return None
    a4, b4_ = r4.ravel(), b4.ravel()

    def centre(k):
        sel = (np.abs(sa - k[0]) <= 1) & (np.abs(sb - k[1]) <= 1)
        return float(a4[sel].mean()), float(b4_[sel].mean())

    c1, c2 = centre(k1), centre(k2)
    da, db = c2[0] - c1[0], c2[1] - c1[1]
    nrm = abs(da) + abs(db)
    if nrm < 20:
        return None
    rr, bb = _chromaticity(small)
    proj = cv2.addWeighted(rr, da / nrm, bb, db / nrm, 0)
    mid = ((c1[0] + c2[0]) * da + (c1[1] + c2[1]) * db) / 2 / nrm
    best = None
    for m in (cv2.compare(proj, mid, cv2.CMP_LT), cv2.compare(proj, mid, cv2.CMP_GT)):
        nc, lbl, st, cen = cv2.connectedComponentsWithStats(cv2.erode(m, _K3SQ), connectivity=4)
        ar = st[1:, 4].astype(np.float64)
        bw, bh = st[1:, 2], st[1:, 3]
        # squares, upright or turned (perspective), of similar sizes (the far side's smaller)
        ok = (ar >= 16) & (bw * bh <= 2.2 * ar) & (np.maximum(bw, bh) <= 2.2 * np.minimum(bw, bh))
        if ok.sum() < 12:
            continue
        med = float(np.median(ar[ok]))
        ok &= (ar > 0.45 * med) & (ar < 2.2 * med)
        if best is None or ok.sum() > best[0]:
            col = c1 if best is None else c2  # the first mask is the first colour's side
            best = (int(ok.sum()), m, lbl, ok, st[1:][ok], cen[1:][ok], med, col)
    if best is None or best[0] < 12:
        return None
    col = best[-1]
    # a colour, not white, grey or black (a neutral's share of each channel is a third)
    chromatic = abs(col[0] - 85.0) + abs(col[1] - 85.0) >= 25
    return best[1:-1] + (proj, chromatic)


_GRID_U, _GRID_V = (g.ravel() for g in np.meshgrid(np.linspace(-0.46, 0.46, 9), np.linspace(-0.4, 0.4, 5)))


def _pattern_inside(rects: list, pattern: np.ndarray) -> np.ndarray:
    """For each rotated rectangle: at how many of 9 x 5 places over it (to 4 % of its length
    from its ends, 10 % of its width from its sides) the mask ``pattern`` is set."""
    r = np.array([(cx, cy, w, h, a) for (cx, cy), (w, h), a in rects], np.float64).reshape(-1, 5)
    an = np.radians(r[:, 4:5])
    u = _GRID_U[None, :] * r[:, 2:3]
    v = _GRID_V[None, :] * r[:, 3:4]
    xs = np.clip(np.round(r[:, 0:1] + u * np.cos(an) - v * np.sin(an)), 0, pattern.shape[1] - 1).astype(np.int64)
    ys = np.clip(np.round(r[:, 1:2] + u * np.sin(an) + v * np.cos(an)), 0, pattern.shape[0] - 1).astype(np.int64)
    return (pattern[ys, xs] > 0).sum(axis=1)


def _near_cells(pts: np.ndarray, reach: float, kn: int) -> tuple:
    """Neighbours among ``pts`` (n x 2) without the n x n distances: (the distance from each
    point to its nearest other, the indices of its ``kn`` nearest others — n x kn —, and
    every pair (i, j, distance), i != j, at most ``reach`` apart along x and along y).
    A point with fewer than ``kn`` others within ``reach`` is measured against all.

    >>> pts = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 4.0], [30.0, 0.0]])
    >>> nn, near, i, j, d = _near_cells(pts, 5.0, 1)
    >>> nn.tolist(), near.ravel().tolist()
    ([3.0, 3.0, 4.0, 27.0], [1, 0, 0, 1])
    >>> sorted(zip(i.tolist(), j.tolist()))
    [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    """
    n = len(pts)
    order = np.argsort(pts[:, 0], kind="stable")
    xs = pts[order, 0]
    lo = np.searchsorted(xs, xs - reach, side="left")
    hi = np.searchsorted(xs, xs + reach, side="right")
    counts = hi - lo
    first = np.repeat(np.cumsum(counts) - counts, counts)
    rows = np.repeat(np.arange(n), counts)
    ii, jj = order[rows], order[lo[rows] + np.arange(len(rows)) - first]
    keep = (ii != jj) & (np.abs(pts[ii, 1] - pts[jj, 1]) <= reach)
    ii, jj = ii[keep], jj[keep]
    # (the same expression as a full distance matrix's element)
    dist = np.hypot(pts[ii, 0] - pts[jj, 0], pts[ii, 1] - pts[jj, 1])
    srt = np.lexsort((jj, dist, ii))
    ii, jj, dist = ii[srt], jj[srt], dist[srt]
    start = np.searchsorted(ii, np.arange(n), side="left")
    cnt = np.searchsorted(ii, np.arange(n), side="right") - start
    nn = np.empty(n, np.float64)
    near = np.empty((n, kn), np.int64)
    full = cnt < max(1, kn)
    full[~full] = dist[start[~full] + max(1, kn) - 1] > reach
    ok = ~full
    nn[ok] = dist[start[ok]]
    if kn:
        near[ok] = jj[start[ok][:, None] + np.arange(kn)]
    for i in np.nonzero(full)[0]:
        row = np.hypot(pts[i, 0] - pts[:, 0], pts[i, 1] - pts[:, 1])
        row[i] = 1e9
        nn[i] = row.min()
        if kn:
            near[i] = np.argpartition(row, kn - 1)[:kn]
    return nn, near, ii, jj, dist


def _pattern_rects(got, gray: np.ndarray) -> list[tuple]:
    """Tiles lying on a regular two-colour pattern (a checked cloth) whose other colour is
    the tiles' own (white tiles on red-and-white checks): their rectangles.

    Every mask joins such tiles with the cloth's cells of their colour.  Here the pattern is
    modelled: the cells of the pattern's colour lie on a lattice (their nearest
    neighbours' offsets give its two vectors); where a cell is expected next to a seen one
    (shifted by the local lattice vector) and not seen, something covers it, and the covered
    part is certainly tile.  The tile is then the largest rectangle around its covered parts
    that holds none of the pattern's colour, its sides along the tile's edges (the edges
    between covered cells and the cloth's pattern seen beside them).  Where tiles hardly
    longer than the cells lie close together, the cells of their colour join them all into
    one region; then each covered part gives its own rectangle, kept when all its sides stop
    at an edge or at the pattern (not at a tile's proportions), drawn in off the pattern,
    with a tile's proportions, and cutting no other covered part.  ``got``: _pattern_mask's
    answer for the image (None: no such pattern — a cheap test — and no rectangles)."""
    _LOCAL.pattern = None
    if got is None:
        return []
    P, lbl, ok, st, Pc, med, a, chromatic = got
    h, w = P.shape
    if len(Pc) < 30:
        return []
    # the lattice: offsets to the nearest neighbours of each cell (two directions)
    kn = min(9, len(Pc) - 1)
    nn, near_idx, ii, jj, dist = _near_cells(Pc, 4.5 * math.sqrt(med), kn)
    r0 = float(np.median(nn))
    # a cloth's cells: many, evenly spaced, each about its own size from the next (not a
    # few tiles or patches of felt that happen to be square)
    if np.mean(np.abs(nn / r0 - 1) < 0.2) < 0.85 or not 1.2 <= r0 / math.sqrt(med) <= 2.2:
        return []
    near_ = dist < 1.3 * r0
    ii, jj = ii[near_], jj[near_]
    off = Pc[jj] - Pc[ii]
    ang = np.degrees(np.arctan2(off[:, 1], off[:, 0])) % 180

    def vec(aa):
        sel = np.abs(((ang - aa + 90) % 180) - 90) < 15
        o = off[sel]
        o = np.where((o[:, 0:1] * math.cos(math.radians(aa)) + o[:, 1:2] * math.sin(math.radians(aa))) < 0, -o, o)
        return np.median(o, axis=0)

    a1 = (int(np.argmax(np.histogram(ang, bins=36, range=(0, 180))[0])) + 0.5) * 5
    far = np.abs(((ang - a1 + 90) % 180) - 90) >= 40
    if far.sum() < 6:
        return []
    a2 = (int(np.argmax(np.histogram(ang[far], bins=36, range=(0, 180))[0])) + 0.5) * 5
    vs = (vec(a1), vec(a2))
    # which cell (index into Pc) each label is
    cell_of = np.full(len(ok) + 1, -1, np.int64)
    cell_of[1:][ok] = np.arange(len(Pc))

    def cell_at(pts):
        xi = np.clip(np.round(pts[:, 0]).astype(np.int64), 0, w - 1)
        yi = np.clip(np.round(pts[:, 1]).astype(np.int64), 0, h - 1)
        inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        return np.where(inside, cell_of[lbl[yi, xi]], -2), inside

    # the cells expected: each whole cell's box shifted by the local lattice vectors (to its
    # neighbour when that is seen whole, else the one on the other side, else the nearest
    # whole cell's); a cell partly covered (smaller than its neighbours) shows where it is
    # but not its shape
    area = st[:, 4].astype(np.float64)
    whole = area >= 0.75 * np.median(area[near_idx], axis=1)
    E = np.zeros(P.shape, np.uint8)
    boxes = np.stack([st[:, 0] - 1, st[:, 1] - 1, st[:, 0] + st[:, 2], st[:, 1] + st[:, 3]], 1).astype(np.float64)
    for vv in (vs[0], -vs[0], vs[1], -vs[1]):
        j, inside = cell_at(Pc + vv)
        j2, _ = cell_at(Pc - vv)
        fw = whole & (j >= 0)
        fw[fw] &= whole[j[fw]]
        if not fw.any():
            continue
        srcs = np.nonzero(fw)[0]
        fwd = Pc[j[srcs]] - Pc[srcs]
        for k in np.nonzero(whole & inside & ~fw)[0]:
            if j2[k] >= 0 and whole[j2[k]]:
                lv = Pc[k] - Pc[j2[k]]
            else:
                lv = fwd[int(np.argmin(np.hypot(Pc[k, 0] - Pc[srcs, 0], Pc[k, 1] - Pc[srcs, 1])))]
            x0, y0, x1, y1 = boxes[k]
            box = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) + lv
            cv2.fillConvexPoly(E, np.round(box).astype(np.int32), 255)
    # the pattern's colour seen, without small blobs (red pips on a tile)
    nc, lbl8, st2, _ = cv2.connectedComponentsWithStats(P, connectivity=8)
    tiny = st2[:, 4] < 0.15 * med
    tiny[0] = False
    Pcl = P.copy()
    if tiny.any():
        Pcl[tiny.astype(np.uint8)[lbl8] > 0] = 0
    # covered by something as light as the cloth's other colour about it (a tile of that
    # colour; a dark tile, a hand are found by the other masks): certainly tile (less
    # slivers along the edges: blur, a shadow's rim)
    other = cv2.bitwise_not(P)
    k = (int(4 * r0) | 1,) * 2
    lit = cv2.blur(cv2.bitwise_and(gray, other), k).astype(np.float32) / np.maximum(
        cv2.blur(other, k).astype(np.float32), 1.0) * 255.0
    light = cv2.compare(gray.astype(np.float32), 0.8 * lit, cv2.CMP_GE)
    C = cv2.morphologyEx(cv2.erode(cv2.bitwise_and(E, other), _K3SQ), cv2.MORPH_OPEN, _K3SQ)
    # tile regions: 4-connected parts of what is not the pattern's colour (cells of the
    # other colour touch only at their corners) that hold covered cells
    # a coloured pattern's cells, not pips: what no tile holds (a neutral one's are
    # confused with tiles of that colour, light or dark)
    if chromatic:
        # ... as light as the cells about it (a dark tile may share their hue), and not a
        # speck on its own (pips of that colour)
        kl = (int(4 * r0) | 1,) * 2
        lvl = cv2.blur(cv2.bitwise_and(gray, Pcl), kl).astype(np.float32) / np.maximum(
            cv2.blur(Pcl, kl).astype(np.float32), 1.0) * 255.0
        g32 = gray.astype(np.float32)
        seen_p = cv2.bitwise_and(Pcl, cv2.bitwise_and(cv2.compare(g32, 0.6 * lvl, cv2.CMP_GE),
                                                      cv2.compare(g32, 1.5 * lvl, cv2.CMP_LE)))
        ns_, lbs, sts, _ = cv2.connectedComponentsWithStats(seen_p, connectivity=8)
        speck = sts[:, 4] < 0.3 * med
        speck[0] = False
        if speck.any():
            seen_p[speck.astype(np.uint8)[lbs] > 0] = 0
        _LOCAL.pattern = seen_p
    Q = cv2.bitwise_not(cv2.dilate(Pcl, _K3SQ))
    nq, lq, stq, _ = cv2.connectedComponentsWithStats(Q, connectivity=4)
    ccount = np.bincount(lq[C > 0], minlength=nq)
    # (mostly light: a tile of the cloth's other colour)
    ccount[np.bincount(lq[(C > 0) & (light > 0)], minlength=nq) < 0.6 * ccount] = 0
    af = cv2.GaussianBlur(a, (3, 3), 0)
    gx = cv2.Sobel(af, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(af, cv2.CV_32F, 0, 1)
    # the cloth's own direction (modulo 90 degrees): its cells' edges
    edge_px = cv2.dilate(Pcl, _K3SQ) != cv2.erode(Pcl, _K3SQ)
    zg = (gx[edge_px] + 1j * gy[edge_px]) ** 4 / np.maximum(np.hypot(gx[edge_px], gy[edge_px]), 1e-3) ** 3
    grid_deg = math.degrees(float(np.angle(zg.sum())) / 4)
    # the tile's edges: covered cells against the pattern seen beside them
    band = cv2.bitwise_and(cv2.dilate(C, _K3SQ, iterations=2), cv2.dilate(Pcl, _K3SQ))
    rects = []

    def fit(x, y, bw, bh, reg, cov, bm, need_edges=False):
        """The rectangle grown in the region ``reg`` (a crop at x, y) from its covered parts
        ``cov``, its direction from the edges at ``bm``; None when there is none, 'inside'
        when it would hold the cloth's pattern."""
        sl = (slice(y, y + bh), slice(x, x + bw))
        gxs, gys = gx[sl][bm], gy[sl][bm]
        if len(gxs) < 8:
            return None
        # the edges' direction modulo 90 degrees (a rectangle's four sides), away from the
        # cloth's own (corners of its cells seen beside the tile); the cloth's when the
        # tile lies along it
        mag = np.hypot(gxs, gys)
        rel = (np.degrees(np.arctan2(gys, gxs)) - grid_deg) % 90
        rel = np.where(rel > 45, rel - 90, rel)
        off_grid = np.abs(rel) >= 6
        if mag[off_grid].sum() >= 0.3 * mag.sum():
            hist = np.bincount(np.round(rel[off_grid] + 45).astype(np.int32) % 90, mag[off_grid], 90)
            pk = int(np.argmax(hist + np.roll(hist, 1) + np.roll(hist, -1) + np.roll(hist, 2) + np.roll(hist, -2))) - 45
            near = off_grid & (np.abs(((rel - pk) + 45) % 90 - 45) <= 5)
            dv = ((rel[near] - pk) + 45) % 90 - 45
            th = math.radians(grid_deg + pk + float((dv * mag[near]).sum() / max(1e-6, mag[near].sum())))
        else:
            th = math.radians(grid_deg)
        R = int(math.hypot(bw, bh) / 2) + 3
        M = cv2.getRotationMatrix2D((bw / 2, bh / 2), math.degrees(th), 1.0)
        M[0, 2] += R - bw / 2
        M[1, 2] += R - bh / 2
        regr = cv2.warpAffine(reg, M, (2 * R, 2 * R), flags=cv2.INTER_NEAREST)
        cr = cv2.warpAffine(cov, M, (2 * R, 2 * R), flags=cv2.INTER_NEAREST) & regr
        ys, xs = np.nonzero(cr)
        if len(xs) < 8:
            return None
        # grown from the covered parts, a side at a time, while the side stays in the region,
        # up to a tile's edge seen across the other colour's cells (its bevel or its shadow:
        # a line of strong gradient along most of the side) and to a tile's proportions
        x0, x1, y0, y1 = int(xs.min()), int(xs.max()) + 1, int(ys.min()), int(ys.max()) + 1
        outside = cv2.integral(1 - regr)  # pixels outside the region, summed
        gr = cv2.warpAffine(gray[sl], M, (2 * R, 2 * R), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        ex = np.abs(cv2.Sobel(gr, cv2.CV_16S, 1, 0)) >= EDGE_SOBEL
        ey = np.abs(cv2.Sobel(gr, cv2.CV_16S, 0, 1)) >= EDGE_SOBEL
        ex = ex | np.roll(ex, 1, axis=1) | np.roll(ex, -1, axis=1)
        ey = ey | np.roll(ey, 1, axis=0) | np.roll(ey, -1, axis=0)

        def out_of(xa, xb, ya, yb, it=outside):
            return it[yb, xb] - it[ya, xb] - it[yb, xa] + it[ya, xa]

        def edge_line(line) -> bool:
            n = len(line)
            if n < 4:
                return False
            d = np.diff(np.concatenate(([0], line.view(np.int8), [0])))
            runs = np.nonzero(d < 0)[0] - np.nonzero(d > 0)[0]
            return len(runs) > 0 and runs.max() >= 0.75 * n

        open_ = [True, True, True, True]  # x0, x1, y0, y1
        capped = False  # a side stopped by a tile's proportions or the crop, not by an edge
        while any(open_):
            lx, ly = x1 - x0, y1 - y0
            if open_[0]:
                if x0 > 0 and out_of(x0 - 1, x0, y0, y1) <= 0.1 * ly and (lx + 1) <= 2.6 * ly:
                    x0 -= 1
                    open_[0] = not edge_line(ex[y0:y1, x0])
                else:
                    open_[0] = False
                    capped |= x0 <= 0 or out_of(x0 - 1, x0, y0, y1) <= 0.1 * ly
            if open_[1]:
                if x1 < 2 * R and out_of(x1, x1 + 1, y0, y1) <= 0.1 * ly and (x1 - x0 + 1) <= 2.6 * ly:
                    x1 += 1
                    open_[1] = not edge_line(ex[y0:y1, x1 - 1])
                else:
                    open_[1] = False
                    capped |= x1 >= 2 * R or out_of(x1, x1 + 1, y0, y1) <= 0.1 * ly
            lx = x1 - x0
            if open_[2]:
                if y0 > 0 and out_of(x0, x1, y0 - 1, y0) <= 0.1 * lx and (ly + 1) <= 2.6 * lx:
                    y0 -= 1
                    open_[2] = not edge_line(ey[y0, x0:x1])
                else:
                    open_[2] = False
                    capped |= y0 <= 0 or out_of(x0, x1, y0 - 1, y0) <= 0.1 * lx
            if open_[3]:
                if y1 < 2 * R and out_of(x0, x1, y1, y1 + 1) <= 0.1 * lx and (y1 - y0 + 1) <= 2.6 * lx:
                    y1 += 1
                    open_[3] = not edge_line(ey[y1 - 1, x0:x1])
                else:
                    open_[3] = False
                    capped |= y1 >= 2 * R or out_of(x0, x1, y1, y1 + 1) <= 0.1 * lx
        if need_edges:
            if capped:
                return None
            # one tile among others: its sides drawn in to where none of the cloth's pattern
            # is (a side grown onto a cell's edge reads the cell as pips)
            while x1 - x0 > 4 and out_of(x0, x0 + 1, y0, y1) > 0:
                x0 += 1
            while x1 - x0 > 4 and out_of(x1 - 1, x1, y0, y1) > 0:
                x1 -= 1
            while y1 - y0 > 4 and out_of(x0, x1, y0, y0 + 1) > 0:
                y0 += 1
            while y1 - y0 > 4 and out_of(x0, x1, y1 - 1, y1) > 0:
                y1 -= 1
        # too square for one tile and too small for two: the sides grown beyond the covered
        # parts (over cells of the tile's colour, where its edge may not show) give way
        # until the rectangle has a tile's proportions
        lx, ly = x1 - x0, y1 - y0
        if 1.3 <= max(lx, ly) / min(lx, ly) < 1.9:
            grown = [int(xs.min()) - x0, x1 - int(xs.max()) - 1, int(ys.min()) - y0, y1 - int(ys.max()) - 1]
            k = 2 if lx >= ly else 0  # the short axis' sides
            excess = min(lx, ly) - max(lx, ly) / 2.0
            # (a side drawn in past the covered parts above has grown by nothing: a negative
            # share would push the opposite side out, beyond the crop)
            g0, g1 = max(0, grown[k]), max(0, grown[k + 1])
            if g0 + g1 > 0:
                cut0 = min(g0, excess * g0 / (g0 + g1))
                cut1 = min(g1, excess * g1 / (g0 + g1))
                if k == 0:
                    x0, x1 = x0 + cut0, x1 - cut1
                else:
                    y0, y1 = y0 + cut0, y1 - cut1
        xi0, xi1, yi0, yi1 = int(math.ceil(x0)) + 2, int(x1) - 2, int(math.ceil(y0)) + 2, int(y1) - 2
        if xi1 <= xi0 or yi1 <= yi0 or out_of(xi0, xi1, yi0, yi1) > 0.03 * (xi1 - xi0) * (yi1 - yi0):
            return "inside"  # the cloth's pattern inside: not one tile's outline
        Mi = cv2.invertAffineTransform(M)
        ctr = Mi @ np.array([(x0 + x1) / 2, (y0 + y1) / 2, 1.0])
        return (((float(ctr[0] + x), float(ctr[1] + y)), (float(x1 - x0 + 2), float(y1 - y0 + 2)),
                      math.degrees(th)))

    for q in np.nonzero(ccount >= max(12.0, 0.15 * med))[0]:
        if q == 0:
            continue
        x, y, bw, bh, _ = stq[q]
        if bw * bh > 0.25 * h * w:
            continue
        sl = (slice(y, y + bh), slice(x, x + bw))
        reg = (lq[sl] == q).astype(np.uint8)
        regd = cv2.dilate(reg, _K3SQ, iterations=2) > 0
        r = fit(x, y, bw, bh, reg, C[sl], (band[sl] > 0) & regd)
        if r != "inside":
            if r is not None:
                rects.append(r)
            continue
        # several tiles in one region (tiles on the cells of their colour join them at their
        # corners): each covered part on its own, its direction from the edges about it
        cov = cv2.bitwise_and(C[sl], C[sl], mask=reg)
        nk, lk, stk, cek = cv2.connectedComponentsWithStats(cov, connectivity=8)
        done = []
        for kk in np.argsort(-stk[1:, 4]) + 1:
            if stk[kk, 4] < 12 or (done and _in_any((cek[kk][0] + x, cek[kk][1] + y), done)):
                continue
            ck = (lk == kk).astype(np.uint8) * 255
            bmk = regd & (cv2.dilate(ck, _K3SQ, iterations=2) > 0) & (cv2.dilate(Pcl[sl], _K3SQ) > 0)
            r = fit(x, y, bw, bh, reg, ck, bmk, True)
            if r is None or r == "inside":
                continue
            # one tile: its proportions, and every other covered part wholly in it or out of
            # it (a strip across touching tiles cuts theirs)
            lo_, sh_ = max(r[1]), min(r[1])
            if not 1.6 <= lo_ / max(sh_, 1.0) <= 3.2:
                continue
            ys_, xs_ = np.nonzero(lk)
            inr = _centres_in(np.stack([xs_ + x, ys_ + y], 1).astype(np.float64), [r])
            n_in = np.bincount(lk[ys_, xs_], inr, nk)
            frac = n_in / np.maximum(stk[:, 4], 1)
            if np.any((frac[1:] > 0.1) & (frac[1:] < 0.9)):
                continue
            rects.append(r)
            done = done + [r]
    return rects


def _shape(c: np.ndarray, amin: float, amax: float):
    ca = cv2.contourArea(c)
    if ca < amin or ca > amax:
        return None
    rect = cv2.minAreaRect(c)
    lo_, sh_ = _rect_dims(rect)
    if sh_ < 4:
        return None
    return rect, ca, ca / max(1.0, lo_ * sh_), lo_ / sh_


def _opened_tiles(blob: np.ndarray, at: tuple[int, int], disc: np.ndarray, perim_min: int, areas: tuple,
                  frame_wh: tuple[int, int], typ_area: float, fill: float, aspect: tuple, most: float | None,
                  tag: str) -> list[_Cand]:
    """The single tiles that stand alone once ``blob`` (a filled blob's box, its corner at
    ``at`` in the working image) is opened with ``disc``: filled ``fill`` or more, long
    ``aspect`` widths, 0.6-1.5 of ``typ_area`` (and at most ``most``, when given), not
    touching the frame (``frame_wh``).  ``areas``: (amin, amax) as in _shape."""
    w, h = frame_wh
    off = np.array([[at[0], at[1]]], np.int32)
    out = []
    cs, _ = cv2.findContours(cv2.morphologyEx(blob, cv2.MORPH_OPEN, disc), cv2.RETR_EXTERNAL,
                             cv2.CHAIN_APPROX_NONE)
    for c in cs:
        if len(c) < perim_min:
            continue
        c = c + off
        sh = _shape(c, *areas)
        if sh is None or not (sh[2] >= fill and aspect[0] <= sh[3] <= aspect[1] and
                              0.6 * typ_area <= sh[1] <= 1.5 * typ_area and (most is None or sh[1] <= most)):
            continue
        bx, by, bw, bh = cv2.boundingRect(c)
        if bx > 0 and by > 0 and bx + bw < w and by + bh < h:
            out.append(_Cand(sh[0], sh[1], sh[2], sh[2], tag, c))
    return out


def _bgc_rest(c: np.ndarray, x: int, y: int, bw_: int, bh_: int, out: list, add, tag: str,
              amin: float, amax: float) -> None:
    """What is left of a colour-only blob (``c``, its box ``x, y, bw_, bh_``) once the
    well-filled outlines other masks found in it (``out``) are taken out, proposed (``add``)
    where a tile's shape: a back of about the cloth's colour lying against a face found
    (scene3d 26247: blue backs on teal cloth, end to end with ivory faces, each blob of the
    two passed over for the face in it)."""
    blob = np.zeros((bh_, bw_), np.uint8)
    cv2.drawContours(blob, [c], -1, 255, -1, offset=(-x, -y))
    full = cv2.countNonZero(blob)
    inside = [c_ for c_ in out if c_.fill >= 0.8 and x <= c_.rect[0][0] < x + bw_ and y <= c_.rect[0][1] < y + bh_]
    for c_ in inside:
        box = cv2.boxPoints(_grow(c_.rect, BGC_REST_GROW)) - np.float32([x, y])
        cv2.fillConvexPoly(blob, np.round(box).astype(np.int32), 0)
    if cv2.countNonZero(blob) < 0.25 * full:
        return
    blob = cv2.morphologyEx(blob, cv2.MORPH_OPEN, _K3)
    cs, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    areas = [c_.area for c_ in inside if _is_tile_shape(c_)]
    for c2 in cs:
        sh = _shape(c2, amin, amax)
        if sh is None or sh[2] < BGC_REST_FILL or not 1.7 <= sh[3] <= 3.0:
            continue
        if areas and not 0.6 * min(areas) <= sh[1] <= 1.5 * max(areas):
            continue
        add(c2, tag, np.array([[x, y]], np.int32))


#: a blob that is not one clean tile is cut along strong edges and looked at again
#: (_proposals) when it fills this share of its rectangle or more (table texture does not)
PENDING_FILL = 0.4
#: a blob filling less than PENDING_FILL of its rectangle, of LINES_BLOB tiles' area or more
#: (tiles joined by a cloth's thin lines or narrow stripes of their own colour: scene3d
#: 25849, eleven wooden tiles on cream with green lines missed), is opened as a blob of about
#: one tile is (OPEN_WIDTH): what stands alone then is proposed as a tile freed by an opening
#: (_select takes it only where nothing else was found; read, it must be a face read whole,
#: OPEN_MIN_PIPS).  Blobs whose rectangle is larger than any group's count too (a net of
#: lines across the frame).  At most LINES_MAX such blobs a frame, the largest first, one of
#: those that share most of their box (the same net at other levels or in other masks);
#: what stands alone must fill LINES_FILL of its rectangle (a tile with its shadow's wedge
#: fills less than a clean one: 0.85 kept 25849's 1-1 out) and have LINES_ASPECT (a
#: narrower piece, 3 : 1, was a 6-1 cut short, 25159)
LINES_OPEN = 1
LINES_BLOB = 1.5
LINES_MAX = 6
LINES_FILL = 0.8
LINES_ASPECT = (1.7, 2.9)


def _proposals(small: np.ndarray, params: TileSetParams, len_px: float | None,
               gray: np.ndarray | None = None, hsv: np.ndarray | None = None,
               table: list | tuple | None = None, planes: tuple | None = None,
               pattern: bool = True, edges: bool | None = None) -> list[_Cand]:
    h, w = small.shape[:2]
    if len_px:
        amin = 0.25 * (len_px * len_px / 2.6)
        amax = 1.8 * 4.2 * (len_px * len_px / 2.0)
    else:
        amin = 150.0
        amax = 0.3 * h * w
    out: list[_Cand] = []
    edge_out: list[_Cand] = []  # blobs cut by the frame: groups running out of it (see _select)
    _LOCAL.edge_blobs = edge_out
    opened: list[_Cand] = []  # single tiles freed of the cloth's spots by an opening (see _select)
    _LOCAL.opened = opened
    _LOCAL.frame_wh = (w, h)
    perim_min = int(2.2 * math.sqrt(amin))
    # strong edges cut a blob apart: seams between touching tiles, a tile's face from its side
    not_edges = None  # computed when first needed
    kernel = np.ones((2, 2), np.uint8)

    shapes: dict[tuple, tuple | None] = {}

    def add(c, tag, off=None, bb=None):
        """``c`` (plus the offset ``off`` when given) as a proposal; ``bb`` its bounding box
        when already known."""
        # the same blob at several levels: measure it once
        if bb is None:
            bb = cv2.boundingRect(c)
            if off is not None:
                bb = (bb[0] + int(off[0, 0]), bb[1] + int(off[0, 1]), bb[2], bb[3])
        if bb[2] * bb[3] <= amin:
            return None  # (its area is less than its box's: under amin, as _shape would find)
        key = bb + (len(c),)
        if key in shapes:
            return shapes[key]
        sh = shapes[key] = _add(c if off is None else c + off, tag, bb)
        return sh

    def _add(c, tag, bb):
        sh = _shape(c, amin, amax)
        if sh is None:
            return None
        rect, ca, fill, aspect = sh
        if fill < 0.6 or aspect > 12:
            return sh
        bx, by, bw2, bh2 = bb
        if (bx <= 0 or by <= 0 or bx + bw2 >= w or by + bh2 >= h) and not (
                fill >= 0.85 and 1.75 <= aspect <= 2.9):
            # cut by the frame (a tile just touching it still has its proportions); a well
            # filled rectangle may be a group of tiles running out of the frame
            if fill >= 0.85:
                edge_out.append(_Cand(rect, ca, fill, fill, f"{tag}:edge", c))
            return sh
        score = fill - 0.15 * max(0.0, min(abs(aspect - 2.0), abs(aspect - 2.5)) - 0.25)
        out.append(_Cand(rect, ca, fill, score, f"{tag}:{aspect:.2f}", c))
        return sh

    if hsv is None:
        hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    # a checked cloth modelled by its cells (_pattern_rects) is not modelled again by its
    # repeats (PAT_CHAN): the cells' model reads it, and the two would compete
    checked = _pattern_mask(small)
    chans = _channels(small, params, gray, hsv, table, planes, pattern and checked is None,
                      False if edges is None and checked is not None else edges)
    gray_s = next(c[1] for c in chans if c[0] == "light")
    sat_s = hsv[..., 1]
    pending = []  # blobs that are not one clean tile: looked at again below
    thin = []  # blobs filling little of their rectangle: tiles joined by thin lines? (LINES_OPEN)
    pat_disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(PAT_OPEN),) * 2) if PAT_OPEN else None
    pat_fill = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(PAT_FILL),) * 2) if PAT_FILL else None
    seen = set()
    masks = []
    for name, ch, levels, ttype in chans:
        for lv in levels:
            _, m = cv2.threshold(ch, lv, 255, ttype)
            masks.append((name, ch, lv, ttype, m))
            if name in CLOSE_CHANS:
                # a light divider bar or pips at the edge cut a dark tile's mask apart at
                # this resolution: closed, it is whole again
                masks.append((name + "~", ch, lv, ttype, cv2.morphologyEx(m, cv2.MORPH_CLOSE, _K3)))
            if name == PAT_CHAN and PAT_OPEN:
                op = cv2.morphologyEx(m, cv2.MORPH_OPEN, pat_disc)
                masks.append((name + "^", ch, lv, ttype, op))
                if pat_fill is not None:
                    masks.append((name + "^^", ch, lv, ttype, cv2.morphologyEx(op, cv2.MORPH_CLOSE, pat_fill)))
    for name, ch, lv, ttype, m in masks:
        # a lone pixel is a contour of one point, far below perim_min: table texture makes
        # thousands of them, cleared before tracing (every other contour stays as it is; the
        # blobs below are still cut from m itself)
        # (a face as light as the table shows as a hole in the ring of its own darker edge,
        # side and shadow: the holes of HOLE_CHAN's mask are proposals too)
        holes = name == HOLE_CHAN
        cs, hier = cv2.findContours(cv2.bitwise_and(m, cv2.dilate(m, _RING8)),
                                    cv2.RETR_CCOMP if holes else cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if holes and hier is not None:
            for c in (c for c, hh in zip(cs, hier[0], strict=True) if hh[3] >= 0 and len(c) >= perim_min):
                add(c, f"{name}@{lv}/hole")
            cs = [c for c, hh in zip(cs, hier[0], strict=True) if hh[3] < 0]
        tag = f"{name}@{lv}"
        closed = name.endswith(("~", "^"))  # (closed, or the pattern's opened: PAT_OPEN, PAT_FILL)
        # (the colour-only mask and the pattern's: none of their blobs where the other masks
        # found a tile)
        known = np.array([c_.rect[0] for c_ in out if c_.fill >= 0.8], np.float64).reshape(-1, 2) \
            if name in (BGC_CHAN, PALE_CHAN, EDGE_CHAN) or name.startswith(PAT_CHAN) else None
        if name == SMOOTH_CHAN:
            # (a busy cloth's smooth blobs: none where any mask found a tile-like blob)
            known = np.array([c_.rect[0] for c_ in out], np.float64).reshape(-1, 2)
        # (and none of the pale mask's inside a tile or a group found: a dark face in
        # brighter light is pale too, and such a second outline of tiles found lost a group
        # of four beside them — scene3d 17053)
        known_rects = [c_.rect for c_ in out if c_.fill >= 0.8] if name == PALE_CHAN else \
            [c_.rect for c_ in out] if name == SMOOTH_CHAN else []
        # CHAIN_APPROX_NONE: one point per boundary pixel
        big = [c for c in cs if len(c) >= perim_min]
        boxes = [cv2.boundingRect(c) for c in big]
        on_known = [False] * len(big)  # (whose box holds a known centre: all boxes at once)
        if known is not None and len(known) and boxes:
            bx = np.array(boxes, np.int64)
            on_known = ((known[:, 0] >= bx[:, 0:1]) & (known[:, 0] < bx[:, 0:1] + bx[:, 2:3]) &
                        (known[:, 1] >= bx[:, 1:2]) & (known[:, 1] < bx[:, 1:2] + bx[:, 3:4])).any(axis=1).tolist()
        for c, (x, y, bw_, bh_), known_in in zip(big, boxes, on_known, strict=True):
            if bw_ * bh_ < amin or max(bw_, bh_) < 8:
                continue
            if bw_ * bh_ > amax * 2.2:
                # (a net of a cloth's lines, tiles joined to it? LINES_OPEN)
                if LINES_OPEN and known is None and not closed:
                    ca = cv2.contourArea(c)
                    if ca <= 0.3 * h * w:
                        r_ = cv2.minAreaRect(c)
                        if ca < PENDING_FILL * r_[1][0] * r_[1][1]:
                            thin.append((ca, c, x, y, bw_, bh_))
                continue
            if known_in:
                if BGC_REST and name == BGC_CHAN:
                    _bgc_rest(c, x, y, bw_, bh_, out, add, f"{name}@{lv}{BGC_REST_TAG}", amin, amax)
                continue
            if known_rects and _in_any((x + 0.5 * bw_, y + 0.5 * bh_), known_rects):
                continue
            if name == SMOOTH_CHAN:
                # (a smooth blob is a tile's top only in a tile's shape: no other is tried)
                sh_s = _shape(c, amin, amax)
                if sh_s is None or sh_s[2] < SMOOTH_FILL or not SMOOTH_ASPECT[0] <= sh_s[3] <= SMOOTH_ASPECT[1]:
                    continue
            if name == EDGE_CHAN:
                # an outline traced by edges holds the tile's side and shadow too: its face
                # is the blob's light part (not of a blob cut by the frame: eroded, its
                # light part would not show the cut)
                if x <= 0 or y <= 0 or x + bw_ >= w or y + bh_ >= h:
                    continue
                blob = np.zeros((bh_, bw_), np.uint8)
                cv2.drawContours(blob, [c], -1, 255, -1, offset=(-x, -y))
                blob = cv2.erode(blob, _K3, iterations=2)
                if not cv2.countNonZero(blob):
                    continue  # (a thin blob: nothing left once shrunk)
                gr = gray_s[y : y + bh_, x : x + bw_]
                th, _ = cv2.threshold(gr[blob > 0].reshape(-1, 1), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
                _, sub2 = cv2.threshold(gr, th, 255, cv2.THRESH_BINARY)
                sub2 = cv2.morphologyEx(cv2.bitwise_and(sub2, blob), cv2.MORPH_CLOSE, _K3)
                cs3, _ = cv2.findContours(sub2, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
                off = np.array([[x, y]], np.int32)
                for c3 in cs3:
                    if len(c3) >= perim_min:
                        add(c3, f"{name}/light", off)
                continue
            # (a blob touching the image border is not a tile itself — add() refuses it —
            # but the tile it holds may be cut out of it below)
            sh = add(c, tag, bb=(x, y, bw_, bh_))
            if sh is not None and sh[2] >= 0.88 and 1.7 <= sh[3] <= 2.9:
                continue
            if closed:
                # a closed mask is there to make a tile whole that pips or a bar cut apart;
                # a blob that is not one tile in it is cut and re-thresholded from the open
                # mask (same channel, same levels) below, not a second time from this one
                # (nor from the pattern's opened mask, PAT_OPEN: there for its clean tiles)
                continue
            if sh is None:
                ca = cv2.contourArea(c)
                if ca < amin or ca > 0.5 * h * w:
                    continue
                big = True
            else:
                ca = sh[1]
                # a few touching tiles fill much of their rectangle; table texture does not
                big = ca > 0.3 * h * w
                if not big and sh[2] < PENDING_FILL:
                    if LINES_OPEN:
                        thin.append((ca, c, x, y, bw_, bh_))
                    continue
            key = (name, lv, x // 3, y // 3, bw_ // 3, bh_ // 3)
            if key in seen:
                continue
            seen.add(key)
            pending.append((name, lv, ttype, ch, m, c, x, y, bw_, bh_, big, ca, sh))
    # the size of a clean tile in this image, when there are enough of them
    clean = [c.area for c in out if c.fill >= 0.88 and 1.7 <= _rect_dims(c.rect)[0] / _rect_dims(c.rect)[1] <= 2.9]
    typ_area = float(np.median(clean)) if len(clean) >= 3 and not len_px else (
        len_px * len_px / 2.3 if len_px else None)
    # the disc that frees a tile of the cloth's spots (OPEN_WIDTH of a tile's width), made once
    open_disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(5, int(OPEN_WIDTH * math.sqrt(
        typ_area / 2.2)) | 1),) * 2) if typ_area else None
    if thin and typ_area:
        # tiles joined by a cloth's thin lines (LINES_OPEN): opened, each stands alone
        thin = [t for t in thin if t[0] >= LINES_BLOB * typ_area]
        thin.sort(key=lambda t: -t[0])
        done_boxes: list[tuple] = []
        for _ca, c, x, y, bw_, bh_ in thin:
            if len(done_boxes) >= LINES_MAX:
                break
            if any(max(0, min(x + bw_, a + cc) - max(x, a)) * max(0, min(y + bh_, b + d) - max(y, b)) >=
                   0.8 * max(bw_ * bh_, cc * d) for a, b, cc, d in done_boxes):
                continue  # (the same blob at another level, or in another mask)
            done_boxes.append((x, y, bw_, bh_))
            blob = np.zeros((bh_, bw_), np.uint8)
            cv2.drawContours(blob, [c], -1, 255, -1, offset=(-x, -y))
            opened.extend(_opened_tiles(blob, (x, y), open_disc, perim_min, (amin, amax), (w, h), typ_area,
                                        LINES_FILL, LINES_ASPECT, None, "lines/open"))
    for name, lv, ttype, ch, m, c, x, y, bw_, bh_, big, ca, sh in pending:
        if typ_area and not big and not (1.1 * typ_area <= ca <= 14 * typ_area) and not (
                sh is not None and 0.45 * typ_area <= ca <= 1.8 * typ_area):
            continue  # neither a few tiles nor one tile with something attached
        off = np.array([[x, y]], np.int32)
        blob = np.zeros((bh_, bw_), np.uint8)
        cv2.drawContours(blob, [c], -1, 255, -1, offset=(-x, -y))
        if not big:
            # not one clean tile: cut along strong edges and look again
            if not_edges is None:
                g = cv2.GaussianBlur(gray_s, (3, 3), 0)
                e = cv2.Canny(g, 30, 90)
                e2 = cv2.Canny(cv2.GaussianBlur(sat_s, (3, 3), 0), 40, 110)
                not_edges = cv2.bitwise_not(cv2.bitwise_or(e, e2))
            # (blob is 0 or 255: and-ed like any mask, a few times cheaper than mask=blob)
            sub = cv2.bitwise_and(cv2.bitwise_and(m[y : y + bh_, x : x + bw_], not_edges[y : y + bh_, x : x + bw_]),
                                  blob)
            sub = cv2.morphologyEx(sub, cv2.MORPH_OPEN, kernel)
            cs2, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            tag = f"{name}@{lv}/cut"
            for c2 in cs2:
                if len(c2) >= 4:
                    add(c2, tag, off)
            if typ_area and ca <= OPEN_BLOB * typ_area:
                # spots or stripes of the cloth joined to a tile's edge: opened with a disc
                # narrower than a tile, wider than them, the tile stands alone again (one
                # tile, clean once opened: kept aside for _select, which takes it only where
                # nothing else was found — among the others it would compete with the ways
                # of splitting groups, and teach the tiles' size)
                opened.extend(_opened_tiles(blob, (x, y), open_disc, perim_min, (amin, amax), (w, h), typ_area,
                                            OPEN_FILL, (1.7, 3.2), 0.97 * ca, f"{name}@{lv}/open"))
        # and at stricter levels inside the blob (a dark tile joined to its shadow)
        roi = ch[y : y + bh_, x : x + bw_]
        sgn = -1 if ttype == cv2.THRESH_BINARY_INV else 1
        for lv2 in (int(lv + sgn * 10), int(lv + sgn * 22)):
            if not 0 < lv2 < 255:
                continue
            _, sub2 = cv2.threshold(roi, lv2, 255, ttype)
            sub2 = cv2.bitwise_and(sub2, blob)
            cs3, _ = cv2.findContours(sub2, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            tag = f"{name}@{lv2}/local"
            for c3 in cs3:
                if len(c3) >= perim_min:
                    add(c3, tag, off)
    # tiles on a checked cloth of their own colour: rectangles fitted to a model of the
    # cloth, not blobs' outlines; they do not teach the tiles' size (not clean) and yield to
    # any well-filled outline (a tile, or touching tiles) that a mask gave of the same place
    _LOCAL.check_rects = set()
    own = [c for c in out if c.fill >= 0.8]
    own_pts = np.array([c.rect[0] for c in own], np.float64).reshape(-1, 2)
    for r in _pattern_rects(checked, gray_s):
        lo_, sh_ = _rect_dims(r)
        if lo_ * sh_ < amin or lo_ * sh_ > amax or sh_ < 4:
            continue
        # a tile's outline, or touching tiles' (not a cell of the cloth, nor part of a tile)
        big = [i for i, c in enumerate(own) if (c.area >= 0.6 * lo_ * sh_ and _is_tile_shape(c)) or
               c.area >= 1.5 * lo_ * sh_]
        if big and (_any_inside(r, own_pts[big]) or _in_any(r[0], [own[i].rect for i in big])):
            continue
        aspect = lo_ / sh_
        box = np.round(cv2.boxPoints(r)).astype(np.int32).reshape(-1, 1, 2)
        if box.min() <= 0 or box[..., 0].max() >= w - 1 or box[..., 1].max() >= h - 1:
            continue  # running out of the frame
        score = 0.8 - 0.15 * max(0.0, min(abs(aspect - 2.0), abs(aspect - 2.5)) - 0.25)
        out.append(_Cand(r, lo_ * sh_, 0.85, score, f"check:{aspect:.2f}", box))
        _LOCAL.check_rects |= _ids([r])
    # (outlines only the pattern's mask gave: judged more strictly when read — analyze)
    _LOCAL.pat_rects = _ids(c.rect for c in out if c.source.startswith(PAT_CHAN))
    _LOCAL.pale_rects = _ids(c.rect for c in out if c.source.startswith(PALE_CHAN))
    _LOCAL.edge_rects = _ids(c.rect for c in out if c.source.startswith(EDGE_CHAN))
    return out


def _rect_arrays(rects) -> tuple:
    key = id(rects)
    cache = getattr(_LOCAL, "rect_cache", None)
    if cache is None:
        cache = _LOCAL.rect_cache = {}
    hit = cache.get(key)
    if hit is not None and hit[0] == len(rects) and hit[1] is rects:
        return hit[2]
    r = np.array([(cx, cy, w, h, a) for (cx, cy), (w, h), a in rects], np.float64).reshape(-1, 5)
    an = np.radians(r[:, 4])
    arr = (r[:, 0], r[:, 1], r[:, 2] / 2, r[:, 3] / 2, np.cos(an), np.sin(an))
    # a few lists at once: _select asks about the rectangles found and the blobs waiting to
    # be read in turn, and a one-entry cache rebuilt the arrays at every turn.  (An entry
    # holds its list, so its id is not reused while the entry is there.)
    if len(cache) >= 8:
        cache.clear()
    cache[key] = (len(rects), rects, arr)
    return arr


def _grow(rect, f: float = 1.3) -> tuple:
    (cx, cy), (w, h), a = rect
    return ((cx, cy), (w * f, h * f), a)


def _in_any(pt, rects) -> bool:
    """Is ``pt`` inside any of the rotated rectangles ``rects`` (a list, cached by identity)?"""
    cx, cy, hw, hh, co, si = _rect_arrays(rects)
    dx, dy = pt[0] - cx, pt[1] - cy
    return bool(np.any((np.abs(dx * co + dy * si) <= hw) & (np.abs(-dx * si + dy * co) <= hh)))


def _centres_in(pts: np.ndarray, rects) -> np.ndarray:
    """For each point (n × 2): is it inside any of ``rects``?  (``_in_any`` for many points.)"""
    if len(rects) == 0 or len(pts) == 0:
        return np.zeros(len(pts), bool)
    r = np.array([(cx, cy, w, h, a) for (cx, cy), (w, h), a in rects], np.float64).reshape(-1, 5)
    an = np.radians(r[:, 4])
    cx, cy, hw, hh, co, si = r[:, 0], r[:, 1], r[:, 2] / 2, r[:, 3] / 2, np.cos(an), np.sin(an)
    dx = pts[:, 0:1] - cx[None, :]
    dy = pts[:, 1:2] - cy[None, :]
    return ((np.abs(dx * co + dy * si) <= hw) & (np.abs(-dx * si + dy * co) <= hh)).any(axis=1)


def _centres_near(rects: list, rect) -> list:
    """The rectangles of ``rects`` whose centre lies in ``rect`` grown by ``_grow`` (the
    same test as ``_in_any`` for each, all at once)."""
    hit = _centres_in(np.array([r[0] for r in rects], np.float64).reshape(-1, 2), [_grow(rect)])
    return [r for r, h in zip(rects, hit, strict=True) if h]


def _any_inside(rect, pts: np.ndarray) -> bool:
    """Does the rotated rectangle hold any of the points ``pts`` (n × 2)?"""
    if len(pts) == 0:
        return False
    (cx, cy), (w, h), a = rect
    an = math.radians(a)
    dx, dy = pts[:, 0] - cx, pts[:, 1] - cy
    u = dx * math.cos(an) + dy * math.sin(an)
    v = -dx * math.sin(an) + dy * math.cos(an)
    return bool(np.any((np.abs(u) <= w / 2) & (np.abs(v) <= h / 2)))


def _inside(pt, rect, shrink: float = 1.0) -> bool:
    (cx, cy), (rw, rh), ang = rect
    a = math.radians(ang)
    dx, dy = pt[0] - cx, pt[1] - cy
    u = dx * math.cos(a) + dy * math.sin(a)
    v = -dx * math.sin(a) + dy * math.cos(a)
    return abs(u) <= rw / 2 * shrink and abs(v) <= rh / 2 * shrink


def _is_tile_shape(c: _Cand, aspect_range=(1.7, 3.2), min_fill=0.8) -> bool:
    lo_, sh_ = _rect_dims(c.rect)
    a = lo_ / sh_
    return c.fill >= min_fill and aspect_range[0] <= a <= aspect_range[1]


def _split_rect(c: _Cand, unit_long: float, unit_short: float) -> list[tuple]:
    """Split a rectangle holding k tiles side by side or end to end into k tile rects."""
    (cx, cy), (rw, rh), ang = c.rect
    out = []
    # axis along rw is at angle ang
    for along, across, a_deg in ((rw, rh, ang), (rh, rw, ang + 90)):
        # side by side: across ≈ unit_long, along ≈ k * unit_short
        for unit_a, unit_b in ((unit_short, unit_long), (unit_long, unit_short)):
            if abs(across - unit_b) > 0.22 * unit_b:
                continue
            k = along / unit_a
            kr = int(round(k))
            if kr < 2 or kr > 6 or abs(k - kr) > max(0.28, 0.1 * kr):
                continue
            step = along / kr
            a = math.radians(a_deg)
            for j in range(kr):
                off = (j - (kr - 1) / 2) * step
                out.append(((cx + off * math.cos(a), cy + off * math.sin(a)), (step, across), a_deg))
            return out
    return out


def _row_axis(parts: list[tuple]) -> tuple | None:
    """A row of equal pieces (one tile across, rectangles as minAreaRect gives them): its
    pieces' centres, the step between them, the unit vector along the row, whether the
    rectangles' width runs along it, their size across it, and their angle.  ``None`` when
    the pieces are fewer than two, under 6 pixels apart, or not in one row."""
    k = len(parts)
    if k < 2:
        return None
    ctr = np.array([p[0] for p in parts], np.float64)
    d = ctr[-1] - ctr[0]
    step = float(np.linalg.norm(d)) / (k - 1)
    if step < 6:
        return None
    u = d / np.linalg.norm(d)
    if np.abs((ctr - ctr[0]) @ np.array([-u[1], u[0]])).max() > 1.0:
        return None  # not one row
    (_, _), (w0, h0), ang = parts[0]
    a = math.radians(ang)
    along_w = abs(math.cos(a) * u[0] + math.sin(a) * u[1]) > 0.7  # the rect's width runs along the row
    return ctr, step, u, along_w, (h0 if along_w else w0), ang


def _row_rects(centres, lens, across: float, along_w: bool, ang: float) -> list[tuple]:
    """The pieces of a row, as minAreaRects: at ``centres``, each ``lens`` long along the row
    and ``across`` wide (``along_w``, ``ang``: as :func:`_row_axis` gives them)."""
    return [((float(c[0]), float(c[1])), (float(ln), across) if along_w else (across, float(ln)), ang)
            for c, ln in zip(centres, lens, strict=True)]


def _snap_row(gray: np.ndarray, parts: list[tuple]) -> list[tuple] | None:
    """A row of equal pieces (one tile across) with each cut moved to the strongest seam
    (a dip or bump in the grey across the row) within ``SNAP_REACH`` of a piece of where
    it was; the row's two ends stay.  ``None`` when the pieces are no row, or no cut moved
    by more than a pixel."""
    row = _row_axis(parts)
    if row is None:
        return None
    ctr, step, u, along_w, across, ang = row
    k = len(parts)
    v = np.array([-u[1], u[0]])
    reach = int(SNAP_REACH * step)
    ts = np.arange(-reach - 3, reach + 4, dtype=np.float64)
    ss = np.linspace(-0.35 * across, 0.35 * across, 9)
    H, W = gray.shape[:2]
    cuts = []
    moved = False
    for i in range(k - 1):
        p = (ctr[i] + ctr[i + 1]) / 2
        pts = p[None, None, :] + ts[:, None, None] * u[None, None, :] + ss[None, :, None] * v[None, None, :]
        xs = np.clip(np.round(pts[..., 0]), 0, W - 1).astype(np.int32)
        ys = np.clip(np.round(pts[..., 1]), 0, H - 1).astype(np.int32)
        g = gray[ys, xs].astype(np.float32)  # offsets x places across the row
        mid = g[3:-3]
        # a dip or bump at each place across: one that holds nearly all across (the third
        # weakest of nine places) is a seam, not a row of pips near a tile's end
        strength = np.sort(np.maximum(np.minimum(g[:-6], g[6:]) - mid, mid - np.maximum(g[:-6], g[6:])), axis=1)[:, 2]
        j = int(np.argmax(strength))
        t = float(ts[3 + j]) if strength[j] >= 5 else 0.0
        moved |= abs(t) > 1.0
        cuts.append(p + t * u)
    if not moved:
        return None
    ends = [ctr[0] - step / 2 * u] + cuts + [ctr[-1] + step / 2 * u]
    lens = [float(np.linalg.norm(b_ - a_)) for a_, b_ in zip(ends, ends[1:], strict=False)]
    if min(lens) < 0.7 * step:
        return None
    return _row_rects([(a_ + b_) / 2 for a_, b_ in zip(ends, ends[1:], strict=False)], lens, across, along_w, ang)


#: a row of tiles under a tilted camera: its pieces sized as the perspective model expects
#: where each lies, another way to read, when the model's sizes along the row differ by
#: PERSP_ROW or more (as a share; 0: never) — equal pieces of a row whose tiles grow
#: towards the camera cut each tile further into the next the further along the row
#: (scene3d 26306: three orange tiles end to end 79, 86 and 92 px long, cut at 87.5 each)
PERSP_ROW = 0.04


def _perspective_row(parts: list[tuple], size_at) -> list[tuple] | None:
    """A row of equal pieces (one tile across, as :func:`_snap_row` takes) cut again so that
    each piece's length along the row is in proportion to the tile size ``size_at`` expects
    where it lies; the row's two ends stay.  ``None`` when the pieces are no row, the sizes
    differ by less than PERSP_ROW, or no cut moves by a pixel.

    >>> row = [((50.0 + 100.0 * i, 20.0), (100.0, 40.0), 0.0) for i in range(3)]
    >>> [round(p[0][0]) for p in _perspective_row(row, lambda q: 80.0 + 0.1 * q[0])]
    [45, 139, 245]
    >>> _perspective_row(row, lambda q: 90.0) is None
    True
    """
    row = _row_axis(parts) if size_at is not None and PERSP_ROW > 0 else None
    if row is None:
        return None
    ctr, step, u, along_w, across, ang = row
    k = len(parts)
    start = ctr[0] - step / 2 * u
    total = k * step
    pos = ctr
    for _ in range(2):  # (the sizes where the pieces lie, then where the new pieces lie)
        w = np.array([size_at((float(x), float(y))) for x, y in pos], np.float64)
        if w.min() <= 0 or w.max() / w.min() < 1.0 + PERSP_ROW:
            return None
        lens = total * w / w.sum()
        ends = np.concatenate([[0.0], np.cumsum(lens)])
        pos = start[None, :] + ((ends[:-1] + ends[1:]) / 2)[:, None] * u[None, :]
    if np.linalg.norm(pos - ctr, axis=1).max() <= 1.0:
        return None
    return _row_rects(pos, lens, across, along_w, ang)


#: a row of tiles whose blob takes in one tile's side at its end (a tilted camera sees the
#: side of the far end of a row; the sides between its tiles are hidden by the next):
#: equal pieces are each cut a little more into the next tile.  The row shortened by this
#: share of a piece at one end, and at the other, is cut again — two more ways to read
#: (scene3d 26306: a row of three orange tiles, its bottom end 5 px of side)
ROW_TRIM = 0.1
#: ... and shortened by these shares of a piece (at either end), ways read only when no
#: other way of the group reads clean — the side of a row of tiles side by side, seen
#: under a tilted camera, is up to half a tile's width (scene3d 24006: three amber tiles
#: side by side, 132 px across for 111 of faces, cut 44 px apart — none read)
ROW_TRIM_MORE = (0.45,)
#: ... in such a way, a face of fewer pips than this is reported unsure: a piece cut
#: across two tiles shows a pip of each and reads a 1-1 (24324, 24332, 24645)
TRIM_MORE_PIPS = 3
#: ... and such a way with a back among its pieces is not taken (False: it may be)
TRIM_MORE_BACKS = True


def _row_ways(parts: list[tuple], size_at, second: list | None = None) -> list[tuple]:
    """The ways to read a row of equal pieces besides itself: cut as the perspective model
    expects (:func:`_perspective_row`); and the row shortened by ROW_TRIM of a piece at
    either end (:func:`_trimmed_row`), cut equally and so.  With ``second`` (a list), by
    ROW_TRIM_MORE too: those ways are added to it as well (read only when no other way
    of the group reads clean) and their pieces noted in ``_LOCAL.trim_more``."""
    out = []
    persp = _perspective_row(parts, size_at)
    if persp is not None:
        out.append(persp)
    for f in (ROW_TRIM, *(ROW_TRIM_MORE if second is not None else ())):
        if f <= 0:
            continue
        more = f != ROW_TRIM
        for end in (0, 1):
            tr = _trimmed_row(parts, f, end)
            if tr is not None:
                out.append(tr)
                if more:
                    second.append(tr)
                    _LOCAL.trim_more.update((id(p), p) for p in tr)  # (held: ids stay unique)
                pt = _perspective_row(tr, size_at)
                if pt is not None:
                    out.append(pt)
                    if more:
                        second.append(pt)
                        _LOCAL.trim_more.update((id(p), p) for p in pt)
    return out


def _trimmed_row(parts: list[tuple], f: float, end: int) -> list[tuple] | None:
    """The row of equal pieces ``parts`` shortened by ``f`` of a piece at its first (``end``
    0) or last end, cut again into as many equal pieces (``None`` for no row).

    >>> row = [((50.0 + 100.0 * i, 20.0), (100.0, 40.0), 0.0) for i in range(3)]
    >>> [(round(p[0][0], 1), round(p[1][0], 1)) for p in _trimmed_row(row, 0.3, 1)]
    [(45.0, 90.0), (135.0, 90.0), (225.0, 90.0)]
    """
    row = _row_axis(parts)
    if row is None:
        return None
    ctr, step, u, along_w, across, ang = row
    k = len(parts)
    start = ctr[0] - step / 2 * u + (f * step * u if end == 0 else 0.0)
    ln = (k * step - f * step) / k
    return _row_rects([start + (i + 0.5) * ln * u for i in range(k)], [ln] * k, across, along_w, ang)


#: a way of dividing a group whose pieces' length : width is further than this (as a share)
#: from the tiles' is not tried (_grid_splits)
GRID_ASPECT = 0.25

#: a way of two pieces (_grid_splits) is tried when one count of tiles is within
#: GRID_PAIR_ONE of one and the other falls short of two by up to GRID_PAIR_TWO: a pair
#: whose outline holds the faces only, the tiles' size taken with their sides or shadows
#: (scene3d 22437: two tiles side by side 90 px across, the tiles' width 55 px with their
#: sides — only the way across them was tried, and read as a 4-3 and a 6-3)
GRID_PAIR_ONE, GRID_PAIR_TWO = 0.2, 0.4
#: such a pair's outline, near square (its long side at most GRID_PAIR_SQUARE of its short)
#: and well filled (GRID_PAIR_FILL: no round chip or coin, whose fill is π/4), is split
#: from GRID_PAIR_AREA of a tile's area, not 1.4 (_select): 22539, 22668 — white and grey
#: tiles whose sides show, their pairs' faces 1.2 tiles' area
GRID_PAIR_SQUARE, GRID_PAIR_AREA, GRID_PAIR_FILL = 1.4, 1.1, 0.82

#: how far (in pieces) a cut of a row of tiles may move to a seam (_snap_row)
SNAP_REACH = 0.15


def _grid_splits(c: _Cand, unit_long: float, unit_short: float, max_tiles: int = 7) -> list[tuple]:
    """Every way a rectangle divides into a grid of n × m tiles (the tiles' long axis along
    either side), best fit first.  Returns (parts, pairs of neighbouring parts) per way."""
    rw, rh = c.rect[1]
    found = []
    for ua, ub in ((unit_long, unit_short), (unit_short, unit_long)):
        n_f, m_f = rw / ua, rh / ub
        n, m = int(round(n_f)), int(round(m_f))
        if n < 1 or m < 1 or not 2 <= n * m <= max_tiles:
            continue
        # as in _split_rect: one tile across within 22 %, k tiles within 0.28 or 10 % of a tile
        tol = [0.22 if k == 1 else max(0.28, 0.1 * k) for k in (n, m)]
        if n * m == 2 and min(abs(n_f - n), abs(m_f - m)) <= GRID_PAIR_ONE:
            # (two tiles side by side or end to end, short of two tiles: the tiles' size was
            # measured with their sides or shadows in it, the pair's outline without)
            tol = [GRID_PAIR_TWO if k == 2 and k_f < 2 else t for k, k_f, t in zip((n, m), (n_f, m_f), tol, strict=True)]
        if abs(n_f - n) > tol[0] or abs(m_f - m) > tol[1]:
            continue
        err = max(abs(n_f - n) / n, abs(m_f - m) / m)
        sw, sh = rw / n, rh / m
        if abs(max(sw, sh) / max(1e-6, min(sw, sh)) / (unit_long / unit_short) - 1.0) > GRID_ASPECT:
            continue  # pieces not of the tiles' proportions (two Chinese tiles cut across)
        found.append((err, *_grid_parts(c.rect, n, m)))
    found.sort(key=lambda f: f[0])
    return [(p, q) for _, p, q in found]


def _grid_parts(rect, n: int, m: int) -> tuple[list[tuple], list[tuple[int, int]]]:
    """The rectangle ``rect`` (a minAreaRect) cut into n × m equal pieces along its axes:
    (pieces, pairs of neighbouring pieces' indices)."""
    (cx, cy), (rw, rh), ang = rect
    a = math.radians(ang)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    sw, sh = rw / n, rh / m
    parts, idx = [], {}
    for j in range(m):
        for i in range(n):
            du, dv = (i - (n - 1) / 2) * sw, (j - (m - 1) / 2) * sh
            idx[i, j] = len(parts)
            parts.append(((cx + du * ux + dv * vx, cy + du * uy + dv * vy), (sw, sh), ang))
    pairs = [(idx[i, j], idx[i + 1, j]) for j in range(m) for i in range(n - 1)]
    pairs += [(idx[i, j], idx[i, j + 1]) for j in range(m - 1) for i in range(n)]
    return parts, pairs


#: a group's tiles may be this much smaller or larger than the size expected where they lie
#: (a tilted camera's view changes faster than the fitted model tells): _grid_scaled — if
#: its pieces have the tiles' length : width within GRID_SCALE_ASPECT (a blob that takes in
#: a shadow or a side is wider than its tiles, not larger)
GRID_SCALE = 0.22
GRID_SCALE_ASPECT = 0.12
#: ... and a row of END_ROW_MIN tiles or more end to end, one tile wide (its width
#: END_ROW_WIDE of the tiles'), is cut into pieces as short as this share of the tiles'
#: length, each at least END_ROW_ASPECT times the row's width long, read only (0: not) —
#: the tiles' size measured with the sides and shadows at their ends, the row's outline
#: with their side along it (scene3d 24560: three yellow tiles, 90.6 x 21.1 working pixels,
#: the tiles 35.8 x 17.8 — pieces of 1.43 : 1, no tile's proportions).  Not over a tile
#: found: a face read alone at the end of a row of backs left the backs to be found as
#: the rest of the group (_rest_of_groups), which such a way, read and dropped, stood in
#: the way of (scene3d 25887)
END_ROW_SHORT = 0.7
END_ROW_WIDE = (0.8, 1.4)
END_ROW_ASPECT = 1.3
END_ROW_MIN = 2


#: the length : width of the faces of Western and Chinese tiles (shared/tiles.md: 2 : 1,
#: about 2.5 : 1)
TILE_ASPECTS = (2.0, 2.5)
#: ... and rows end to end of this many tiles or more too (0: none): a row of three whose
#: tiles are shorter than the frame's measured ones, their proportions the nominal ones
#: (scene3d 26231: 95 x 16 working pixels, the tiles measured 35.4 x 14.9)
SCALED_END_ROW = 3
#: two tiles side by side make a near-square outline (GRID_PAIR_SQUARE, GRID_PAIR_FILL);
#: under a tilted camera their sides show and each looks wider than the frame's measured
#: tiles, so the size expected cuts the square only the wrong way, across both tiles —
#: each piece half of one and half of the other (scene3d 24406's 3-3 and 5-2).  Such a
#: square is also cut into two pieces of the nominal proportions (TILE_ASPECTS), their
#: length within PAIR_SCALED_SIZE of the tiles' (_grids_scaled; three tiles side by side
#: make a square of pieces 1.2 tiles long, 24828; 0.12 at first: 0.18 gained tiles on
#: the measure, held out (970051) and fresh (28176), and read one 4-4 as a 4-3, fresh
#: 27966 — a piece cut right, one pip missed), and (PAIR_ACROSS) the other way too,
#: so that the readings tell which way is right.  Neither is offered over a tile found
#: already (it was read alone, 24828's 5-5)
PAIR_SCALED = 1
PAIR_SCALED_SIZE = 0.18
PAIR_ACROSS = 1
#: ... and such a way is taken only if every piece reads as a face (a single tile with its
#: side beside it is a square too: its side reads as a back, 25355, 24749) with no line
#: across its middle of PAIR_SEAM or more (the seam of two tiles cut across: 27987, a 6-5
#: and a 4-1 read as a 6-1 and a 5-4)
PAIR_SCALED_FACES = 1
PAIR_SEAM = 0.92
#: ... nor when another way of the group read every piece as a face of this quality or
#: more (and was dropped for something else): scene3d 23376's 4-1 and 5-3 cut that way
#: read a 6-1 and a 5-3, and the pair way across them a 5-4 and a 3-1, both sure
PAIR_OTHER_WHOLE = 0.9


def _same_grid(a: list[tuple], b: list[tuple]) -> bool:
    """Two grids of one blob with as many pieces, of the same sides within 15 %."""
    (wa, ha), (wb, hb) = a[0][1], b[0][1]
    return len(a) == len(b) and abs(wa / wb - 1.0) <= 0.15 and abs(ha / hb - 1.0) <= 0.15


def _grids_scaled(c: _Cand, unit_long: float, unit_short: float) -> list[tuple]:
    """:func:`_grid_scaled`'s ways for the tiles' measured proportions, then rows of three
    tiles or more side by side of the nominal ones (TILE_ASPECTS) that are not the same
    grid: a single tile's outline takes in its side, and is wider than its face in a row of
    tiles side by side (scene3d 23653: four blurred black tiles, 53 x 37 working pixels,
    the single tiles 35.4 x 15.4 — three tiles across 0.44 off, four 0.56); and rows of
    SCALED_END_ROW tiles or more end to end (26231: three shorter than the frame's tiles)."""
    grids = _grid_scaled(c, unit_long, unit_short)
    n_own = len(grids)
    lo_, sh_ = _rect_dims(c.rect)
    square = lo_ <= GRID_PAIR_SQUARE * sh_ and c.fill >= GRID_PAIR_FILL
    for a in TILE_ASPECTS:
        # (rows of three tiles or more side by side, whose width is in question: a block
        # cut two ways at once is as likely cut wrong as right, and a tile with its side
        # beside it is a pair's square; rows end to end only of SCALED_END_ROW or more —
        # a pair end to end is as likely one long tile)
        grids += [g for g in _grid_scaled(c, unit_long, unit_long / a)
                  if (len(g[0]) >= 3 or (PAIR_SCALED and len(g[0]) == 2 and square and not _end_to_end(g[0]) and
                                         abs(_rect_dims(g[0][0])[0] / unit_long - 1.0) <= PAIR_SCALED_SIZE)) and
                  len(g[1]) == len(g[0]) - 1 and
                  (not _end_to_end(g[0][:2]) or (SCALED_END_ROW and len(g[0]) >= SCALED_END_ROW)) and
                  not any(_same_grid(g[0], h) for h, _ in grids)]
    if END_ROW_SHORT:
        # (and rows of END_ROW_MIN tiles or more end to end, one tile wide, of tiles
        # shorter than that: the tiles' size measured with their sides and shadows at their
        # ends, the row's outline wider than its faces by their side — its pieces' proportions
        # no tile's; END_ROW_SHORT)
        # (not one the frame cuts: a row side by side running out of it is one tile wide too)
        rw, rh = c.rect[1]
        along_w = rw >= rh
        len_, wid_ = (rw, rh) if along_w else (rh, rw)
        fw, fh = getattr(_LOCAL, "frame_wh", None) or (1 << 30, 1 << 30)
        box = cv2.boxPoints(c.rect)
        if END_ROW_WIDE[0] <= wid_ / unit_short <= END_ROW_WIDE[1] and \
                box.min() >= 1 and box[:, 0].max() <= fw - 2 and box[:, 1].max() <= fh - 2:
            for n in range(max(2, END_ROW_MIN), 8):
                f = len_ / n / unit_long
                if END_ROW_SHORT <= f <= 1.0 + GRID_SCALE and len_ / n >= END_ROW_ASPECT * wid_:
                    g = _grid_parts(c.rect, n, 1) if along_w else _grid_parts(c.rect, 1, n)
                    if not any(_same_grid(g[0], h) for h, _ in grids):
                        grids.append(g)
                        if hasattr(_LOCAL, "end_row"):
                            _LOCAL.end_row[id(g[0][0])] = g[0][0]
    pairs = [g for g, _ in grids[n_own:] if len(g) == 2]
    if pairs and PAIR_ACROSS:
        # (and the square cut the other way, to be read too: which way is right only the
        # readings tell)
        for g in list(pairs):
            across = _pair_across(c.rect, g)
            if not any(_same_grid(across[0], h) for h, _ in grids):
                grids.append(across)
                pairs.append(across[0])
    if PAIR_SCALED and hasattr(_LOCAL, "pair_scaled"):
        _LOCAL.pair_scaled |= _ids(p for g in pairs for p in g)
    return grids


def _pair_across(rect, pair: list[tuple]) -> tuple[list[tuple], list[tuple[int, int]]]:
    """The rectangle ``rect`` of two tiles side by side cut the other way than the two
    pieces ``pair`` cut it: :func:`_grid_parts`'s (pieces, pairs).  A way of pieces along
    the rectangle's first side is cut in two along it.

    >>> sq = ((50.0, 50.0), (40.0, 44.0), 0.0)
    >>> [p[1] for p in _pair_across(sq, _grid_parts(sq, 2, 1)[0])[0]]
    [(40.0, 22.0), (40.0, 22.0)]
    """
    return _grid_parts(rect, 2, 1) if pair[0][1][0] > rect[1][0] / 1.5 else _grid_parts(rect, 1, 2)


def _grid_scaled(c: _Cand, unit_long: float, unit_short: float, max_tiles: int = 7) -> list[tuple]:
    """The ways :func:`_grid_splits` would find with the tiles' size taken from the blob
    itself: n × m pieces of the tiles' length : width (within GRID_SCALE_ASPECT), their length
    within GRID_SCALE of ``unit_long`` — when the size expected gives none.  Best fit of
    the proportions first.

    >>> c = _Cand(((50.0, 50.0), (61.0, 87.0), 0.0), 5300.0, 0.95, 0.9, "t", None)
    >>> _grid_splits(c, 70.0, 36.6)
    []
    >>> [(len(p), [tuple(round(v) for v in r[1]) for r in p][:1]) for p, _ in _grid_scaled(c, 70.0, 36.6)]
    [(3, [(61, 29)])]
    """
    rw, rh = c.rect[1]
    asp = unit_long / unit_short
    found = []
    for n in range(1, max_tiles + 1):
        for m in range(1, max_tiles // n + 1):
            if n * m < 2:
                continue
            sw, sh = rw / n, rh / m
            lo_, sh_ = max(sw, sh), min(sw, sh)
            err = abs(lo_ / max(1e-6, sh_) / asp - 1.0)
            if err > GRID_SCALE_ASPECT or abs(lo_ / unit_long - 1.0) > GRID_SCALE:
                continue
            found.append((err, *_grid_parts(c.rect, n, m)))
    found.sort(key=lambda f: f[0])
    return [(p, q) for _, p, q in found]


#: a blob of touching tiles whose middle lies in a tile found already is still divided if
#: every such tile is under this share of the blob's rectangle (scene3d 24366: four tiles
#: side by side, a back read alone over the middle of their outline, the two faces beyond
#: it missed); the ways' pieces must line up with the tiles found (_new_parts).  0: not
BLOB_HOLDER = 0.4


#: a single way of splitting a group whose seams all show is taken for sure.  When its
#: pieces' length is under this share of the tiles' least proportions (TILE_ASPECTS) times
#: their width, the other grids of the tiles' proportions (_grids_scaled) are kept aside
#: too, and if every piece of the sure way is then dropped, they are read as a group
#: (scene3d 26013: four Chinese tiles side by side, 40 x 64 working pixels, cut 2 x 2 into
#: pieces of 1.6 : 1 by the size the frame's tiles, seen with their sides, gave — 35 x 19 —
#: and all four lost).  Read as a group at once, the sure way lost more than it gained (a
#: way with backs in it reads clean less easily than a sure split stands).  0: not
SURE_ODD_ASPECT = 0.85
#: ... and a sure way of two pieces side by side keeps the square cut the other way aside
#: so (0: not): two Western tiles side by side whose bars line up show a seam across both,
#: and were cut along it (scene3d 26169: a 1-1 beside a 5-4, both lost)
SURE_PAIR_ACROSS = 1


#: a row of tiles staggered along their edges makes a parallelogram: its corners' angle
#: off square by more than this (degrees; _sheared_row) — and at most SHEAR_MAX
SHEAR_MIN = 4.0
SHEAR_MAX = 30.0
#: ... a parallelogram whose area is the outline's within this share
SHEAR_FIT = 0.1
#: ... and a tile's side, seen in the outlines of tiles alone, this share of their width
SHEAR_SIDE = 0.15


def _sheared_row(c: _Cand, unit_long: float, unit_short: float) -> list[list[tuple]]:
    """A row of touching tiles, each pushed a little along its neighbour's edge: its outline
    is a parallelogram, not a rectangle, and the tiles lie at its slanted sides' angle — not
    at the angle of the rectangle around it, which :func:`_grid_splits` cuts.  The pieces:
    two of the parallelogram's sides are a tile's edge (a tile's length, or its width), the
    other two run along the row through the tiles.  One way, or two when the row is a
    tile's side longer than whole tiles (the side at one end or the other); none if the
    outline is no such parallelogram, or its tiles do not fit a whole number.

    >>> sheared = np.array([[0, 0], [100, 0], [130, 170], [30, 170]], np.int32)  # ~10 deg
    >>> quad = sheared.reshape(-1, 1, 2)
    >>> c = _Cand(cv2.minAreaRect(quad), 17000.0, 1.0, 1.0, "t", quad)
    >>> [parts] = _sheared_row(c, 100.0, 42.0)
    >>> len(parts), [round(p[2]) % 180 for p in parts][:1]
    (4, [0])
    >>> [(round(p[0][0]), round(p[0][1])) for p in parts]
    [(54, 21), (61, 64), (69, 106), (76, 149)]
    """
    per = cv2.arcLength(c.contour, True)
    P = None
    for eps in (0.02, 0.03):
        q = cv2.approxPolyDP(c.contour, eps * per, True)
        if len(q) == 4:
            P = q.reshape(4, 2).astype(np.float64)
            break
    if P is None or not cv2.isContourConvex(P.astype(np.float32).reshape(-1, 1, 2)):
        return []
    if abs(cv2.contourArea(P.astype(np.float32)) / max(1.0, cv2.contourArea(c.contour)) - 1.0) > SHEAR_FIT:
        return []  # the four corners do not follow the outline
    a, b, a2, b2 = P[1] - P[0], P[2] - P[1], P[3] - P[2], P[0] - P[3]
    la, lb = float(np.linalg.norm(a)), float(np.linalg.norm(b))
    if la < 1 or lb < 1 or np.linalg.norm(a + a2) > 0.25 * la or np.linalg.norm(b + b2) > 0.25 * lb:
        return []  # opposite sides not alike: no parallelogram
    cos_ab = abs(float(a @ b)) / (la * lb)
    skew = math.degrees(math.asin(min(1.0, cos_ab)))
    if not SHEAR_MIN < skew <= SHEAR_MAX:
        return []
    best = None
    # which pair of sides is a tile's edge (from P[0] along a, or from P[1] along b); which
    # of the tile's sides it is
    for p0, e, r in ((P[0], a, b), (P[1], b, -a)):
        le = float(np.linalg.norm(e))
        eu = e / le
        across = abs(float(eu[0] * r[1] - eu[1] * r[0]))  # the row's extent square to the edge
        for t_e, t_r in ((unit_long, unit_short), (unit_short, unit_long)):
            if abs(le - t_e) > 0.22 * t_e:
                continue
            # (a tile alone shows its side under a tilted camera, and its outline takes it
            # in: in a row only the last one's shows)
            for side in (0.0, SHEAR_SIDE * unit_short):
                k_f = (across - side) / (t_r - side)
                k = int(round(k_f))
                if not 2 <= k <= 7 or abs(k_f - k) > max(0.28, 0.1 * k):
                    continue
                err = max(abs(le - t_e) / t_e, abs(k_f - k) / k)
                if best is None or err < best[0]:
                    best = (err, k, side, p0, e, r, le, across)
    if best is None:
        return []
    _, k, side, p0, e, r, le, across = best
    ang = math.degrees(math.atan2(e[1], e[0]))
    step = (across - side) / k / across  # a piece, as a share of the row
    # (with a tile's side in the row: at one end or the other, both ways)
    starts = (0.0, 1.0 - k * step) if side else (0.0,)
    return [[((float(x), float(y)), (le, step * across), ang)
             for x, y in (p0 + e / 2 + (st + (j + 0.5) * step) * r for j in range(k))]
            for st in starts]


_SEAM_OFFS = np.array([-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0])


def _seam_ok(gray: np.ndarray, parts: list[tuple]) -> bool:
    """Touching tiles show a seam (a darker or lighter line) where they meet."""
    for p0, p1 in zip(parts, parts[1:], strict=False):
        v = _seam_profile(gray, p0, p1)
        if v is None or np.count_nonzero(v >= 5) < 4:
            return False
    return True


def _seam_depth(gray: np.ndarray, p0: tuple, p1: tuple) -> float:
    """How deep the line between the rectangles ``p0`` and ``p1`` is: the fourth deepest of
    nine places along it (grey levels; as :func:`_seam_ok` asks, four places of 5 or more)."""
    v = _seam_profile(gray, p0, p1)
    return 0.0 if v is None else float(np.sort(v)[-4])


def _seam_line(p0: tuple, p1: tuple) -> tuple | None:
    """The line where the rectangles ``p0`` and ``p1`` meet: (its middle, the unit vector
    from ``p0``'s centre to ``p1``'s, the unit vector along the line, ``p0``'s side along
    the line, its side across it); None when their centres coincide.

    >>> _seam_line(((0.0, 0.0), (20.0, 40.0), 0.0), ((20.0, 0.0), (20.0, 40.0), 0.0))
    ((10.0, 0.0), (1.0, 0.0), (-0.0, 1.0), 40.0, 20.0)
    """
    (x0, y0), (w0, h0), a = p0
    (x1, y1), _, _ = p1
    ux, uy = x1 - x0, y1 - y0
    n = math.hypot(ux, uy)
    if n < 1:
        return None
    ux, uy = ux / n, uy / n
    w_across = abs(math.cos(math.radians(a)) * ux + math.sin(math.radians(a)) * uy) > 0.7
    side, across = (h0, w0) if w_across else (w0, h0)
    return ((x0 + x1) / 2, (y0 + y1) / 2), (ux, uy), (-uy, ux), side, across


def _seam_profile(gray: np.ndarray, p0: tuple, p1: tuple) -> np.ndarray | None:
    """At nine places along the line where the rectangles ``p0`` and ``p1`` meet: its dip
    or bump against both sides (−inf where the two sides differ: a step, not a line); None
    when their centres coincide."""
    geo = _seam_line(p0, p1)
    if geo is None:
        return None
    (mx, my), (ux, uy), (vx, vy), side, _ = geo
    half = 0.35 * side
    ts = np.linspace(-half, half, 9)

    offs = _SEAM_OFFS[:, None]
    xs = np.clip(mx + offs * ux + ts[None, :] * vx, 0, gray.shape[1] - 1).astype(np.int32)
    ys = np.clip(my + offs * uy + ts[None, :] * vy, 0, gray.shape[0] - 1).astype(np.int32)
    # per place along the seam: a dip or a bump at the seam against both sides
    prof = gray[ys, xs].astype(np.float32)  # 7 offsets x 9 places
    left, right = prof[0], prof[6]
    mid_lo, mid_hi = prof[2:5].min(axis=0), prof[2:5].max(axis=0)
    dip = np.minimum(left, right) - mid_lo
    bump = mid_hi - np.maximum(left, right)
    same = np.abs(left - right) <= 25  # the same colour on both sides (not a step)
    return np.where(same, np.maximum(dip, bump), -np.inf)


def _bar_pieces(strip: np.ndarray, Lr: int, Wr: int) -> list[tuple[int, int, float, float]]:
    """Western tiles end to end whose seams do not show: cut half-way between divider bars.

    The lines across the strip are found in the body's end of the values across its middle
    band (the 85th percentile when the pips are darker than the body, else the 15th), which
    pips do not move; the strongest must lie at multiples of half a tile (n tiles in the
    blob): the divider bars at the odd ones, seams (where they show) at the even ones, or
    there is no cut.  Returns (start, end, centre
    across, width) per piece: the tiles' width is half the bars' spacing (2 : 1).
    """
    band = strip[int(0.2 * Wr) : int(0.8 * Wr) + 1]
    p15, p50, p85 = _percentiles_int(band, (15, 50, 85))
    prof = _percentile_cols(band, 85 if p50 - p15 >= p85 - p50 else 15).astype(np.float32)
    prof = cv2.GaussianBlur(prof.reshape(1, -1), (0, 0), 1.0).ravel()
    base = cv2.blur(prof.reshape(1, -1), (max(3, Wr // 2) | 1, 1)).ravel()
    dev = np.abs(prof - base)
    cand = [i for i in range(2, Lr - 2) if dev[i] >= 10 and dev[i] >= dev[i - 1] and dev[i] >= dev[i + 1]]
    top = max((dev[i] for i in cand), default=0.0)
    lines: list[int] = []
    for i in sorted(cand, key=lambda i: -dev[i]):
        if dev[i] < 0.35 * top:
            break
        if all(abs(i - j) > 0.4 * Wr for j in lines) and min(i, Lr - i) > 0.3 * Wr:
            lines.append(i)
    lines.sort()
    if len(lines) < 2:
        return []
    # n tiles: bars at odd multiples of half a tile, seams (where they show) at even ones
    bars: list[int] = []
    seams: dict[int, int] = {}
    bar_at: dict[int, int] = {}
    n = 0
    for n in range(2, 7):
        per = Lr / n
        if not 1.2 * Wr <= per <= 3.0 * Wr:
            continue
        pos = [j / (per / 2) for j in lines]
        near = [round(q) for q in pos]
        if any(abs(q - r) > 0.2 or r <= 0 or r >= 2 * n for q, r in zip(pos, near, strict=True)) or \
                len(set(near)) < len(near):
            continue  # (two lines at one multiple: not this many tiles)
        odd = [j for j, r in zip(lines, near, strict=True) if r % 2 == 1]
        if len(odd) >= max(2, n - 1):
            bars = odd
            seams = {r // 2: j for j, r in zip(lines, near, strict=True) if r % 2 == 0}
            bar_at = {r: j for j, r in zip(lines, near, strict=True) if r % 2 == 1}
            break
    if len(bars) < 2:
        return []
    rs = sorted(bar_at)
    per = (bar_at[rs[-1]] - bar_at[rs[0]]) / ((rs[-1] - rs[0]) / 2)  # one tile, measured between bars
    # the bars are centred across their tiles, and a Western tile is twice as long as wide:
    # a blob wider than that also holds the tiles' sides or shadows, left out here
    dark = p50 - p15 >= p85 - p50
    mids = []
    for i in bars:
        col = strip[:, max(0, i - 1) : i + 2].min(axis=1) if dark else strip[:, max(0, i - 1) : i + 2].max(axis=1)
        col = col.astype(np.float32)
        lvl = (float(col.min()) + float(p85)) / 2 if dark else (float(col.max()) + float(p15)) / 2
        on = (col < lvl) if dark else (col > lvl)
        idx = np.nonzero(on)[0]
        if len(idx) < 0.3 * Wr or idx[-1] - idx[0] + 1 > 1.5 * len(idx):
            return []  # not one solid line across
        mids.append((idx[0] + idx[-1]) / 2)
    mid = float(np.median(mids))
    width = min(float(Wr), 0.5 * per)
    mid = min(max(mid, width / 2), Wr - width / 2)
    def _cut(k: int) -> int:
        if k in seams:
            return seams[k]
        if 2 * k - 1 in bar_at and 2 * k + 1 in bar_at:
            return int(round((bar_at[2 * k - 1] + bar_at[2 * k + 1]) / 2))
        return int(round(k * Lr / n))

    cuts = [0] + [_cut(k) for k in range(1, n)] + [Lr]
    return [(a, b, mid, width) for a, b in zip(cuts, cuts[1:], strict=False)]


def _seam_split(gray: np.ndarray, c: _Cand) -> list[tuple]:
    """Split a long blob (tiles end to end) at the seams seen along its length.

    Used when the image offers no single tile to learn the size from.  The blob's rectangle
    is straightened; the median across its middle band gives a profile along the length;
    seams are dips or bumps in it; every piece must have tile proportions.  Failing that,
    Western tiles end to end are cut half-way between their divider bars.
    """
    (cx, cy), (rw, rh), ang = c.rect
    if rw < rh:
        rw, rh, ang = rh, rw, ang + 90
    Lr, Wr = int(round(rw)), int(round(rh))
    if Wr < 6 or Lr < 3 * Wr:
        return []
    by_bars = False
    M = cv2.getRotationMatrix2D((cx, cy), ang, 1.0)
    M[0, 2] += Lr / 2 - cx
    M[1, 2] += Wr / 2 - cy
    strip = cv2.warpAffine(gray, M, (Lr, Wr), flags=cv2.INTER_LINEAR)
    prof = _median_cols_f32(strip[int(0.3 * Wr) : int(0.7 * Wr) + 1])
    prof = cv2.GaussianBlur(prof.reshape(1, -1), (0, 0), 1.0).ravel()
    base = cv2.blur(prof.reshape(1, -1), (1, max(3, Wr // 2) | 1)).ravel()
    dev = np.abs(prof - base)
    seams = []
    for i in range(2, Lr - 2):
        if dev[i] >= 7 and dev[i] >= dev[i - 1] and dev[i] >= dev[i + 1] and \
                (not seams or i - seams[-1] > 0.8 * Wr):
            seams.append(i)
    cuts = [0] + seams + [Lr]
    pieces = [(a, b) for a, b in zip(cuts, cuts[1:], strict=False)]
    if len(pieces) < 2 or not all(1.2 * Wr <= b - a <= 3.0 * Wr for a, b in pieces):
        pieces = _bar_pieces(strip, Lr, Wr)
        if not pieces:
            return []
        by_bars = True
    a_rad = math.radians(ang)
    co, si = math.cos(a_rad), math.sin(a_rad)
    out = []
    for pc in pieces:
        a, b = pc[0], pc[1]
        across, wd = (pc[2] - Wr / 2, pc[3]) if len(pc) > 2 else (0.0, float(Wr))
        mid = (a + b) / 2 - Lr / 2
        out.append(((cx + mid * co - across * si, cy + mid * si + across * co), (float(b - a), float(wd)), ang))
    if by_bars:
        # each piece must then be read as a Western tile with its bar (checked in analyze)
        _LOCAL.bar_cut |= _ids(out)
    return out


def _has_spots(gray: np.ndarray, rect) -> bool:
    """Does the inside of the rectangle show small contrasting spots (pips)?"""
    (cx, cy), (w, h), a = rect
    inner = ((cx, cy), (w * 0.75, h * 0.75), a)
    box = cv2.boxPoints(inner)
    x0, y0 = np.maximum(np.floor(box.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 1
    roi = gray[y0:y1, x0:x1]
    if roi.size < 16:
        return False
    m = np.zeros(roi.shape, np.uint8)
    cv2.fillConvexPoly(m, np.round(box - (x0, y0)).astype(np.int32), 255)
    vals = roi[m > 0]
    if vals.size < 16:
        return False
    med = _median_u8(vals)
    vals = vals.astype(np.int16)
    return bool(np.count_nonzero(np.abs(vals - med) > 40) >= max(3, 0.02 * vals.size))


def _new_parts(parts: list[tuple], near: list) -> list[tuple] | None:
    """The parts of a split group that are not tiles found already (``near``: the rectangles
    found around the group).  A part over a found tile that does not line up with it means
    the split is wrong: None."""
    new = []
    for p in parts:
        p_in = [r for r in near if _inside(p[0], r)]
        r_in = [r for r in near if _inside(r[0], p)]
        if not p_in and not r_in:
            new.append(p)
        elif not any(r in r_in for r in p_in):
            return None
    return new


def _edge_groups(blobs: list[_Cand], rects: list, tentative: list, tent_cover: list, gray: np.ndarray,
                 unit_long: float, unit_short: float) -> None:
    """Groups of touching tiles running out of the frame: the blob is cut by the frame, so
    its length there is not a whole number of tiles.  From its end inside the frame the
    tiles are laid out at the tile size; the pieces wholly inside the frame wait to be read
    every way (as other groups); a piece cut by the frame is left out, never guessed."""
    w, h = getattr(_LOCAL, "frame_wh", (gray.shape[1], gray.shape[0]))
    unit_area = unit_long * unit_short
    tried = set()
    for b in sorted(blobs, key=lambda c: -c.area):
        if len(tentative) >= MAX_TENTATIVE:
            return
        if not 0.9 * unit_area <= b.area <= 7 * unit_area:
            continue
        (cx, cy), (rw, rh), ang = b.rect
        key = (round(cx / 3), round(cy / 3), round(rw / 3), round(rh / 3))
        if key in tried or (rects and _in_any(b.rect[0], rects)) or (tent_cover and _in_any(b.rect[0], tent_cover)):
            continue
        tried.add(key)
        a = math.radians(ang)
        u, v = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
        ctr = np.array([cx, cy])

        # which ends of the rectangle lie on the frame's border (both corners of the end)
        ends = [(sg * rw / 2 * u, rh / 2 * v) for sg in (-1, 1)] + [(sg * rh / 2 * v, rw / 2 * u) for sg in (-1, 1)]
        on_frame = []
        for end, side in ends:
            pts = (ctr + end - side, ctr + end + side)
            on_frame.append(all(x <= 1.5 or y <= 1.5 or x >= w - 2.5 or y >= h - 2.5 for x, y in pts))
        cut_u, cut_v = on_frame[:2], on_frame[2:]
        if not any(cut_u + cut_v):
            continue
        # the blob fills its rectangle to the corners: tiles lined up with it, the frame's
        # border across their ends (tilted tiles cut by the border leave a corner empty;
        # a work pixel of slack)
        d = 0.12 * unit_short
        if any(cv2.pointPolygonTest(b.contour, (float(q[0]), float(q[1])), True) < -1.0
               for q in (ctr + su_ * (rw / 2 - d) * u + sv_ * (rh / 2 - d) * v for su_ in (-1, 1) for sv_ in (-1, 1))):
            continue
        alts = []
        for ua, ub in ((unit_long, unit_short), (unit_short, unit_long)):
            dims = []
            for length, unit, cut in ((rw, ua, cut_u), (rh, ub, cut_v)):
                k_f = length / unit
                if cut[0] != cut[1]:
                    # one end in the frame: whole tiles from it, the last one running out
                    k = max(1, int(math.ceil(k_f - 0.25)))
                    shift = (k * unit - length) / 2 * (1 if cut[1] else -1)
                    dims.append((k, unit, shift))
                else:
                    k = int(round(k_f))
                    if k < 1 or abs(k_f - k) > (0.22 if k == 1 else max(0.28, 0.1 * k)):
                        break
                    dims.append((k, length / k, 0.0))
            if len(dims) < 2 or not 2 <= dims[0][0] * dims[1][0] <= 7:
                continue
            (n, sw, su), (m, sh, sv) = dims
            c0 = ctr + su * u + sv * v
            parts = []
            for j in range(m):
                for i in range(n):
                    pc = c0 + (i - (n - 1) / 2) * sw * u + (j - (m - 1) / 2) * sh * v
                    p = ((float(pc[0]), float(pc[1])), (sw, sh), ang)
                    corners = cv2.boxPoints(p)
                    if corners[:, 0].min() < 0 or corners[:, 1].min() < 0 or corners[:, 0].max() > w or \
                            corners[:, 1].max() > h:
                        continue  # cut by the frame: left out
                    parts.append(p)
            if not parts:
                continue
            new = _new_parts(parts, _centres_near(rects, b.rect))
            if not new or not any(_has_spots(gray, p) for p in new):
                continue
            alts.append(new)
        if alts:
            tentative.append(alts)
            tent_cover.append(b.rect)


def _judge_pieces_as_blob(b: _Cand, pieces: list) -> None:
    """The pieces of a blob only the pattern's mask or the edges' mask gave are judged as
    that mask's outlines when read (analyze): a row of green tiles cut from the edges' mask
    read its 1-1 as a back beside a 6-6 (scene3d 20950)."""
    if b.source.startswith(PAT_CHAN):
        _LOCAL.pat_rects |= _ids(pieces)
    elif b.source.startswith(EDGE_CHAN):
        _LOCAL.edge_rects |= _ids(pieces)


#: a tile-shaped proposal near a tilted camera is one tile up to this many times the median
#: length of the tiles with pips (and 1.55 times the length expected where it lies) (_select)
NEAR_BIG = 2.0


def _select(cands: list[_Cand], len_px: float | None, gray: np.ndarray | None = None) -> list[tuple]:
    """Choose non-overlapping tile rectangles (work pixels).

    Groups of touching tiles that could not be split for sure are left in
    ``_LOCAL.tentative``: per group, the ways of splitting it (lists of rectangles), for
    :func:`analyze` to read and keep only one that reads as valid tiles.
    """
    tentative: list[list[list[tuple]]] = []
    _LOCAL.narrow = set()
    _LOCAL.loose = set()
    _LOCAL.loose_short = set()  # ids of the loose faces under 0.85 of a tile's length (LOOSE_SHORTEST)
    _LOCAL.short = set()  # ids of the rectangles of short faces (_short_faces) ...
    _LOCAL.short_notched = set()  # ... and of those notched by pips
    _LOCAL.open_rects = set()  # ... and of single tiles freed by an opening (OPEN_WIDTH)
    _LOCAL.size_at = None  # the perspective fit of the proposals with spots (below)
    _LOCAL.sure_split = []
    _LOCAL.sure_alts = []  # (a sure split of odd pieces, the other ways to read if it is dropped)
    _LOCAL.second_ways = set()  # ids of the pieces of ways read only if no other way reads clean
    _LOCAL.pair_scaled = set()  # ids of the pieces of pairs of the nominal proportions (_grids_scaled)
    _LOCAL.end_row = {}  # ... and the first pieces of rows of short tiles, by id (END_ROW_SHORT; held,
    # so that no later piece takes a freed one's id)
    _LOCAL.trim_more = {}  # ... of them, the pieces of rows cut again shorter (ROW_TRIM_MORE), by id
    _LOCAL.tentative = tentative
    tiles = [c for c in cands if _is_tile_shape(c)]
    chosen: list[_Cand] = []
    if tiles:
        n = len(tiles)
        cx = np.array([c.rect[0][0] for c in tiles])
        cy = np.array([c.rect[0][1] for c in tiles])
        hw = np.array([c.rect[1][0] / 2 for c in tiles])
        hh = np.array([c.rect[1][1] / 2 for c in tiles])
        an = np.radians([c.rect[2] for c in tiles])
        co, si = np.cos(an), np.sin(an)
        area = np.array([c.area for c in tiles])
        score = np.array([c.score for c in tiles])
        dx = cx[:, None] - cx[None, :]
        dy = cy[:, None] - cy[None, :]
        u = dx * co[None, :] + dy * si[None, :]
        v = -dx * si[None, :] + dy * co[None, :]
        inside = (np.abs(u) <= hw[None, :]) & (np.abs(v) <= hh[None, :])  # [i, j]: centre i inside j
        np.fill_diagonal(inside, False)
        smaller = area[:, None] <= 0.7 * area[None, :]
        mutual = inside | inside.T
        both = inside & inside.T
        # drop a rectangle that holds two or more smaller tile-shaped proposals — two tiles,
        # not one piece cut across it proposed by two masks (pieces as wide as it, along
        # it, at most two thirds of its length — a half, not the tile in its shadow's
        # rectangle —, of about one size and whose centres lie each in the other count once)
        held = inside & smaller
        alive = held.sum(axis=0) < 2
        half_long, half_short = np.maximum(hw, hh), np.minimum(hw, hh)
        long_ax = np.where(hw >= hh, an, an + np.pi / 2)
        for j in np.nonzero(~alive)[0]:
            ins = np.nonzero(held[:, j])[0]
            a_ = area[ins]
            if HELD_MIDDLE and (np.hypot(cx[ins] - cx[j], cy[ins] - cy[j]) <= HELD_MIDDLE * half_short[j]).all() and \
                    (half_long[ins] <= HELD_MIDDLE_LONG * half_long[j]).all() and \
                    np.median(half_long[ins]) <= HELD_MIDDLE_MEDIAN * half_long[j]:
                # (pieces all about its centre, shorter than it, most much shorter: its lit
                # middle between the pips at its ends, found at brighter levels — one tile,
                # not two; 32358's white 2-2 on wood, the middle 0.64 of it chosen and read
                # as nothing.  Not the tile itself, 0.82 of a rectangle holding its shadow:
                # 32419's 6-3 read 3-3 so)
                alive[j] = True
                continue
            turn = np.abs(np.sin(long_ax[ins] - long_ax[j]))
            if (half_short[ins] < 0.8 * half_short[j]).any() or (turn > 0.35).any() or \
                    (half_long[ins] > 0.66 * half_long[j]).any():
                continue
            same = both[np.ix_(ins, ins)] & (np.maximum(a_[:, None], a_[None]) <= 1.3 * np.minimum(a_[:, None], a_[None]))
            alive[j] = not (same.sum(axis=1) < len(ins) - 1).any()
        order = np.argsort(-score)
        taken = np.zeros(n, bool)
        for i in order:
            if not alive[i] or taken[i] or (mutual[i] & taken).any():
                continue
            # among near-equally rectangular versions of this tile, the largest
            grp = np.nonzero(alive & both[i] & (score >= score[i] - 0.05) & (area <= 1.5 * area[i]))[0]
            best = i
            if len(grp) and LARGEST_OF_EQUALS:
                j = grp[np.argmax(area[grp])]
                if area[j] > area[i] and not (mutual[j] & taken).any():
                    best = j
            taken[best] = True
            taken_i = taken  # noqa: F841
            chosen.append(tiles[best])
            # everything overlapping the chosen one is done
            alive &= ~mutual[best]
            alive[best] = False
    # typical size, from the proposals that hold pips (plain patches of cloth do not)
    if len_px:
        typ_long = len_px
    elif chosen:
        spotted = [c for c in chosen if gray is not None and _has_spots(gray, c.rect)]
        # (the pattern's outlines teach the size only where the other masks found too few
        # tiles: an outline with the tile's shadow in it must not change the size of all)
        # (nor the rests of colour-only blobs, _bgc_rest: a rest of a face's shadow and its
        # neighbour's side made the size so small that a row of four went unsplit — 960022)
        own = [c for c in spotted if not c.source.startswith(PAT_CHAN) and BGC_REST_TAG + ":" not in c.source]
        if len(own) >= 3:
            spotted = own
        base = spotted if len(spotted) >= 3 else chosen
        typ_long = float(np.median([_rect_dims(c.rect)[0] for c in base]))
        typ_short_base = float(np.median([_rect_dims(c.rect)[1] for c in base]))
    else:
        typ_long = None
    # under a tilted camera tiles near it look bigger: groups are split by the size expected
    # where they lie (the perspective model of _length_model, fitted to the single tiles
    # with pips found here)
    size_at = None
    if typ_long and not len_px and len(spotted) >= 5:
        pts_ = np.array([[c.rect[0][0], c.rect[0][1], _rect_dims(c.rect)[0]] for c in spotted
                         if 0.6 * typ_long <= _rect_dims(c.rect)[0] <= 1.55 * typ_long], np.float64).reshape(-1, 3)
        if len(pts_) >= 5:
            size_at = _fit_length(pts_)
    _LOCAL.size_at = size_at  # (analyze's sizes, where too few faces read whole fit its own)
    rects = []
    too_big: list[_Cand] = []
    if typ_long and (len_px or len(chosen) >= 3):
        for c in chosen:
            lo_ = _rect_dims(c.rect)[0]
            # (against the size expected where it lies: four narrow tiles side by side far
            # from a tilted camera make a 1.8 : 1 rectangle; a tile near it may be longer
            # than 1.55 of the median, most of the faces read far off — 23462's backs —,
            # up to NEAR_BIG of it)
            big = lo_ > (min(1.55 * size_at(c.rect[0]), NEAR_BIG * typ_long) if size_at is not None
                         else 1.55 * typ_long)
            if 0.6 * typ_long <= lo_ and not big:
                rects.append(c.rect)
            elif big:
                too_big.append(c)  # e.g. four Western tiles side by side make a 2 : 1 rectangle
        narrow = _narrow_faces(cands, rects, typ_long)
        _LOCAL.narrow = _ids(narrow)
        rects.extend(narrow)
    else:
        rects = [c.rect for c in chosen]
    # rectangles made of several touching tiles
    if typ_long and chosen:
        typ_short = typ_short_base if not len_px else len_px / 2.3
        unit_area = typ_long * typ_short
        # (a group of tiles may itself be tile-shaped — four Western tiles side by side —, and
        # dropped above for holding smaller tile-shaped pieces of itself)
        def unit_at(c: _Cand, least: bool) -> float:
            # a tile's area where the blob lies, where that widens the range (BLOB_AREA_AT:
            # under a tilted camera a pair of far tiles end to end covers less than 1.4 of
            # the median tile — scene3d 26257; the fit, extrapolated to a corner of the
            # frame, may make a tile there half as long again as it is — 26278)
            if size_at is None or not BLOB_AREA_AT:
                return unit_area
            f2 = (size_at(c.rect[0]) / typ_long) ** 2
            return unit_area * (min(1.0, f2) if least else max(1.0, f2))

        def least_area(c: _Cand) -> float:
            # (a near-square outline, well filled, is two tiles side by side from
            # GRID_PAIR_AREA of a tile's area: its faces only, the tiles' size taken with
            # their sides)
            lo_, sh_ = _rect_dims(c.rect)
            return (GRID_PAIR_AREA if lo_ <= GRID_PAIR_SQUARE * sh_ and c.fill >= GRID_PAIR_FILL else 1.4) * \
                unit_at(c, True)

        blobs = [c for c in cands if c.fill >= 0.72 and least_area(c) <= c.area <= 7 * unit_at(c, False) and (
            not _is_tile_shape(c) or _rect_dims(c.rect)[0] > 1.55 * typ_long)] + too_big
        blobs.sort(key=lambda c: -c.fill)
        tried = set()
        tent_cover: list = []
        later: list = []  # blobs that no grid of the size expected divides (see below)
        for b in blobs[:MAX_SPLIT_TRIES]:
            (bx, by), (bw, bh), _ = b.rect
            key = (round(bx / 2), round(by / 2), round(bw / 2), round(bh / 2))
            if key in tried:
                continue
            tried.add(key)
            if rects and _in_any(b.rect[0], rects) and not (BLOB_HOLDER and all(
                    r[1][0] * r[1][1] < BLOB_HOLDER * bw * bh for r in rects if _inside(b.rect[0], r))):
                continue
            if tent_cover and _in_any(b.rect[0], tent_cover):
                continue
            # every way the blob divides into a grid of tiles; a single way whose seams all
            # show is taken; otherwise the ways are read, and kept only if one reads clean
            f_ = size_at(b.rect[0]) / typ_long if size_at else 1.0
            hyps = _grid_splits(b, typ_long * f_, typ_short * f_)
            if not hyps:
                later.append((b, f_))
                continue
            alts = []
            second = []  # ways read only if no other reads clean
            near = _centres_near(rects, b.rect)
            for parts, pairs in hyps:
                new = _new_parts(parts, near)
                if new is None:
                    continue
                if not new:
                    alts = []
                    break  # the tiles found already explain the blob
                seams = gray is None or all(_seam_ok(gray, [parts[i], parts[j]]) for i, j in pairs)
                alts.append((seams, new))
                snapped = _snap_row(gray, new) if gray is not None and not seams and len(new) == len(parts) else None
                if snapped is not None:
                    # a row of tiles whose blob takes in a shadow or a side at its end: the
                    # cuts moved to the seams seen near them, another way to read
                    alts.append((False, snapped))
                if len(new) == len(parts) and not seams:
                    alts.extend((False, w) for w in _row_ways(new, size_at, second))
            if not (len(alts) == 1 and alts[0][0]):
                # no single way whose seams show: the row may be sheared
                for sheared in _sheared_row(b, typ_long * f_, typ_short * f_):
                    new = _new_parts(sheared, near)
                    if new:
                        alts.append((False, new))
            # (a single way whose seams show, its pieces far from any tile's proportions: the
            # size expected, measured with the tiles' sides, may have cut a row side by side
            # wrong — the other grids kept aside, read if the way is dropped; SURE_ODD_ASPECT)
            odd = SURE_ODD_ASPECT and len(alts) == 1 and alts[0][0] and \
                _rect_dims(alts[0][1][0])[0] < SURE_ODD_ASPECT * min(TILE_ASPECTS) * _rect_dims(alts[0][1][0])[1]
            if odd:
                ways_odd = [new for parts, _pairs in _grids_scaled(b, typ_long * f_, typ_short * f_)
                            if not any(_same_grid(parts, p) for p, _ in hyps)
                            for new in [_new_parts(parts, near)] if new and len(new) == len(parts)]
                if ways_odd:
                    _LOCAL.sure_alts.append((alts[0][1], ways_odd))
            elif SURE_PAIR_ACROSS and len(alts) == 1 and alts[0][0] and len(alts[0][1]) == 2 and \
                    not _end_to_end(alts[0][1]):
                # (two pieces side by side taken for their seam: two Western tiles side by
                # side whose bars line up show a seam across them both — the square cut the
                # other way is kept aside, read as a group if both pieces are dropped)
                g0 = alts[0][1]
                across = _pair_across(b.rect, g0)[0]
                new_across = _new_parts(across, near)
                if new_across and len(new_across) == 2 and not _same_grid(across, g0):
                    _LOCAL.sure_alts.append((g0, [new_across]))
            if alts and not (len(alts) == 1 and alts[0][0]):
                # other grids of pieces of the tiles' proportions and a size near the expected
                # (a tilted camera's view): read only if none above reads clean
                for parts, _pairs in _grids_scaled(b, typ_long * f_, typ_short * f_):
                    new = None if any(_same_grid(parts, p) for p, _ in hyps) else _new_parts(parts, near)
                    if new is not None and len(new) < len(parts) and id(parts[0]) in _LOCAL.end_row:
                        continue  # (a row of short tiles over a tile found: see END_ROW_SHORT)
                    if new and len(new) < len(parts) and id(parts[0]) in _LOCAL.pair_scaled:
                        continue  # (a pair of the nominal proportions over a tile found: see PAIR_SCALED)
                    if new:
                        second.append(new)
                        alts.append((False, new))
            if not alts:
                continue
            _judge_pieces_as_blob(b, [p for a in alts for p in a[1]])
            if len(alts) == 1 and alts[0][0]:
                # one way, its seams shown: read as it is, unless a piece shows the signs of
                # a wrong split (see _wrong_split)
                rects.extend(alts[0][1])
                _LOCAL.sure_split.append(alts[0][1])
                continue
            # to be read: only ways with pips to read (a back alone is not read this way)
            if len(tentative) >= MAX_TENTATIVE or gray is None:
                continue
            alts = [a for a in alts if any(_has_spots(gray, p) for p in a[1])]
            if not alts:
                continue
            alts.sort(key=lambda a: not a[0])  # stable: seams shown first, then best fit
            tentative.append([a[1] for a in alts])
            tent_cover.append(b.rect)
            _LOCAL.second_ways |= _ids(p for w in second for p in w if any(w is a[1] for a in alts))
    if typ_long and chosen and gray is not None:
        _edge_groups(getattr(_LOCAL, "edge_blobs", []), rects, tentative, tent_cover, gray, typ_long, typ_short)
    _LOCAL.bar_cut = set()
    if gray is not None:
        # no single tile to learn the size from: rows of tiles end to end, split at their seams
        seq = sorted((c for c in cands if c.fill >= 0.72), key=lambda c: -c.area)
        # which centres lie in a rectangle found so far: all at once, brought up to date
        # only when rectangles are added (the same test as _in_any)
        ctrs = np.array([c.rect[0] for c in seq], np.float64).reshape(-1, 2)
        covered = _centres_in(ctrs, rects)
        n_cov = len(rects)
        for k, b in enumerate(seq):
            if len(rects) > n_cov:
                covered[k:] |= _centres_in(ctrs[k:], rects[n_cov:])
                n_cov = len(rects)
            if covered[k]:
                continue
            parts = _seam_split(gray, b)
            if parts and rects:
                # a tile already found stays as it is; a piece over it is not another tile
                r_pts = np.array([r[0] for r in rects], np.float64).reshape(-1, 2)
                parts = [p for p in parts if not _in_any(p[0], rects) and not _any_inside(p, r_pts)]
            rects.extend(parts)
    if typ_long and chosen and (len_px or len(chosen) >= 3):
        # last, where nothing else was found: faces notched by pips at their edge
        taken = rects + [p for g in tentative for alt in g for p in alt]
        loose = _narrow_faces(cands, taken, typ_long, loose_ones=True, size_at=size_at)
        _LOCAL.loose = _ids(loose)
        _LOCAL.narrow |= _LOCAL.loose
        rects.extend(loose)
        # and faces foreshortened along their length
        short, _LOCAL.short_notched = _short_faces(cands, taken + loose, typ_long, typ_short, size_at,
                                                   getattr(_LOCAL, "frame_wh", None))
        _LOCAL.short = _ids(short)
        rects.extend(short)
        if LOOSE_ASPECT < LOOSE_ASPECTS[0]:
            # and, where none of those lies, loose faces seen aslant (LOOSE_ASPECT) whose
            # ends lie in the frame (a tile running out of it is as short)
            aslant = _narrow_faces(cands, taken + loose + short, typ_long, loose_ones=True, size_at=size_at,
                                   least_aspect=LOOSE_ASPECT, frame_wh=getattr(_LOCAL, "frame_wh", None))
            _LOCAL.loose |= _ids(aslant)
            _LOCAL.narrow |= _ids(aslant)
            rects.extend(aslant)
            loose = loose + aslant
        # and single tiles that a cloth's spots or stripes joined at their edge, freed by an
        # opening (_proposals, OPEN_WIDTH), of the tiles' size where they lie
        taken = taken + loose + short
        for c in sorted(getattr(_LOCAL, "opened", []), key=lambda c: -c.fill):
            lo_ = _rect_dims(c.rect)[0]
            f_ = size_at(c.rect[0]) / typ_long if size_at is not None else 1.0
            if not OPEN_SIZE[0] * typ_long * f_ <= lo_ <= OPEN_SIZE[1] * typ_long * f_:
                continue
            if taken and (_in_any(c.rect[0], taken) or _any_inside(c.rect, np.array([r[0] for r in taken], np.float64))):
                continue
            rects.append(c.rect)
            taken = taken + [c.rect]
            _LOCAL.open_rects |= _ids([c.rect])
    if typ_long and chosen and gray is not None:
        # last of all, blobs that no grid of the tiles' size expected where they lie divides,
        # and that nothing since has explained: grids of pieces of the tiles' proportions
        # and a size near it (a tilted camera's view), only read, never sure for their seams
        for b, f_ in later:
            if len(tentative) >= MAX_TENTATIVE:
                break
            if (rects and _in_any(b.rect[0], rects)) or (tent_cover and _in_any(b.rect[0], tent_cover)):
                continue
            near = _centres_near(rects, b.rect)
            ways = []
            sec: list = []  # (ways read only if no other reads clean)
            for parts, _pairs in _grids_scaled(b, typ_long * f_, typ_short * f_):
                new = _new_parts(parts, near)
                if new is None or (len(new) < len(parts) and id(parts[0]) in _LOCAL.end_row):
                    continue  # (a row of short tiles over a tile found: see END_ROW_SHORT)
                if not new:
                    ways = []
                    break
                pair = id(parts[0]) in _LOCAL.pair_scaled
                if pair and len(new) < len(parts):
                    continue  # (a pair of the nominal proportions over a tile found: see PAIR_SCALED)
                ways.append(new)
                if len(new) == len(parts):
                    rows = _row_ways(new, size_at, sec)
                    if pair:
                        _LOCAL.pair_scaled |= _ids(p for w in rows for p in w)
                    ways.extend(rows)
            ways = [w for w in ways if any(_has_spots(gray, p) for p in w)]
            _LOCAL.second_ways |= _ids(p for w in sec for p in w if any(w is x for x in ways))
            _judge_pieces_as_blob(b, [p for w in ways for p in w])
            if ways:
                tentative.append(ways)
                tent_cover.append(b.rect)
    if typ_long and chosen and gray is not None and (len_px or len(chosen) >= 3):
        # and the rest of a group some of whose tiles were found: a tile's outline left once
        # they are taken out of the blob, read only if it reads whole (as a loose face) — no
        # grid of the size expected divides the blob, or its middle lies in a tile found, so
        # it was not split (scene3d 23356: three of a row of four found).  Last: a rest
        # taken before the blobs above were split stood in the way of their ways (24208)
        rest = _rest_of_groups(blobs, rects + [p for g in tentative for alt in g for p in alt],
                               typ_long, typ_short, size_at)
        _LOCAL.loose |= _ids(rest)
        _LOCAL.narrow |= _ids(rest)
        rects.extend(rest)
    clean = _LOCAL.clean = set()
    for c in chosen:
        lo_, sh_ = _rect_dims(c.rect)
        if c.fill >= CLEAN_FILL and 1.8 <= lo_ / max(1e-6, sh_) <= 2.7:
            clean |= _ids([c.rect])
    return rects


#: a loose face (_narrow_faces, the rests of groups among them) that reads as a plain back
#: is judged as a back on its own outline is (analyze's plain backs: in a row with a
#: face read whole, of its size and body colour, _backs_in_rows; or paired, or alone, of
#: the size expected where it lies); 0: dropped, as a loose face that does not read whole
#: (scene3d 26064: a red back with its cream side on green, outlined only as a loose face).
#: Off in the fiftieth round (5 more false tiles on 960000: cells of a cream striped cloth
#: as light as the tiles); on since the fifty-first with REST_NOT_TABLE (docs/vision.md)
REST_BACKS = 1

#: ... unless its colour is a table colour's in shadow: its lightness within SHADOW_L of the
#: table's, its colour (a*, b* from grey) a share of the table's of at most SHADOW_SHARE,
#: off that line by less than SHADOW_CHROMA (0: no such test) — a shadow darkens a cloth
#: and greys it (scene3d 25464: blue cloth Lab 141, 127, 89, a tile's shadow 74, 128, 105)
SHADOW_CHROMA = 10
SHADOW_L = (0.35, 0.92)
SHADOW_SHARE = 1.15
#: ... and is not of one of the table's colours, within this Lab gap (_lab_gap; 0: not
#: asked): a cell of a cloth of the tiles' own colour, cut to a tile's size by its stripes
#: or its neighbours, reads as a plain back of the cloth's colour (960023; 24446's wood)
REST_NOT_TABLE = 12


#: a short face (_short_faces, not notched by pips) that reads as a plain back is judged
#: as a loose face's back is (REST_BACKS, _rest_back; 0: dropped)
SHORT_BACKS = 1


def _rest_back(rd: _Read, occ: bool, table_cols) -> bool:
    """Is ``rd``, read on a loose or short face's outline, a plain back to judge as one
    (REST_BACKS): not hidden in part, of no colour of the table's nor of its shadow's?"""
    return rd.face == "down" and not rd.spots_back and not occ and rd.body_lab is not None and \
        not _shadow_of_table(rd.body_lab, table_cols) and \
        not (REST_NOT_TABLE and any(_lab_gap(t, rd.body_lab) <= REST_NOT_TABLE for t in table_cols or ()))


def _shadow_of_table(lab, table_cols) -> bool:
    """Is the Lab colour ``lab`` one of the table's colours in shadow (SHADOW_CHROMA,
    SHADOW_L, SHADOW_SHARE)?

    >>> cloth = [np.array([141.0, 127.0, 89.0])]
    >>> _shadow_of_table((74, 128, 105), cloth), _shadow_of_table((30, 128, 128), cloth)
    (True, False)
    >>> _shadow_of_table((74, 160, 150), cloth)  # a red back
    False
    """
    d = np.array([float(lab[1]) - 128.0, float(lab[2]) - 128.0])
    for t in table_cols or ():
        if not SHADOW_L[0] * float(t[0]) < float(lab[0]) < SHADOW_L[1] * float(t[0]):
            continue
        tv = np.array([float(t[1]) - 128.0, float(t[2]) - 128.0])
        n2 = float(tv @ tv)
        k = float(d @ tv) / n2 if n2 >= 16.0 else 0.0
        off = float(np.linalg.norm(d - k * tv))
        if -0.1 <= k <= SHADOW_SHARE and off < SHADOW_CHROMA:
            return True
    return False


#: the rest of a group blob once the tiles found in it are taken out is read
#: (_rest_of_groups), the tiles found taken out this much larger (their seams and rims with them)
REST_GROW = 1.08
#: ... and what is left: of a tile's length and width where it lies within these shares
REST_LONG = (0.8, 1.2)
REST_SHORT = (0.7, 1.3)
#: ... well filled
REST_FILL = 0.75


def _rest_of_groups(blobs: list[_Cand], taken: list, typ_long: float, typ_short: float,
                    size_at=None) -> list[tuple]:
    """Tiles of groups left over: for each blob holding the centre of a rectangle of
    ``taken`` (tiles found, pieces waiting to be read), the blob less every rectangle of
    ``taken`` (REST_GROW larger); a part left of a tile's size where it lies (REST_LONG,
    REST_SHORT of ``typ_long``, ``typ_short``, scaled by ``size_at``) and well filled
    (REST_FILL) is returned, unless it lies in or over one of ``taken``.

    >>> blob = np.array([[0, 0], [80, 0], [80, 20], [0, 20]], np.int32).reshape(-1, 1, 2)  # two tiles
    >>> b = _Cand(cv2.minAreaRect(blob), 1600.0, 1.0, 1.0, "t", blob)
    >>> [(round(x), round(y), round(max(w, h)), round(min(w, h))) for (x, y), (w, h), _ in
    ...  _rest_of_groups([b], [((20.0, 10.0), (40.0, 20.0), 0.0)], 40.0, 20.0)]
    [(62, 10, 37, 20)]
    """
    out: list[tuple] = []
    if not taken:
        return out
    seen = set()
    for b in blobs:
        x, y, w, h = cv2.boundingRect(b.contour)
        key = (x // 2, y // 2, w // 2, h // 2)
        if key in seen:
            continue
        seen.add(key)
        poly = b.contour.reshape(-1, 1, 2).astype(np.float32)
        if not any(x <= r[0][0] <= x + w and y <= r[0][1] <= y + h and
                   cv2.pointPolygonTest(poly, (float(r[0][0]), float(r[0][1])), False) > 0 for r in taken):
            continue
        m = np.zeros((h + 2, w + 2), np.uint8)
        cv2.drawContours(m, [b.contour.astype(np.int32)], -1, 255, -1, offset=(1 - x, 1 - y))
        for (cx, cy), (rw, rh), a in taken:
            if abs(cx - (x + w / 2)) > w / 2 + max(rw, rh) or abs(cy - (y + h / 2)) > h / 2 + max(rw, rh):
                continue
            box = cv2.boxPoints(((cx - x + 1, cy - y + 1), (rw * REST_GROW, rh * REST_GROW), a))
            cv2.fillConvexPoly(m, np.round(box).astype(np.int32), 0)
        m = cv2.morphologyEx(m, cv2.MORPH_OPEN, _K3)
        cs, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for c in cs:
            if len(c) < 4:
                continue
            c = c + np.array([[x - 1, y - 1]], np.int32)
            r = cv2.minAreaRect(c)
            lo_, sh_ = _rect_dims(r)
            f_ = size_at(r[0]) / typ_long if size_at is not None else 1.0
            if not (REST_LONG[0] * typ_long * f_ <= lo_ <= REST_LONG[1] * typ_long * f_ and
                    REST_SHORT[0] * typ_short * f_ <= sh_ <= REST_SHORT[1] * typ_short * f_):
                continue
            if cv2.contourArea(c) < REST_FILL * lo_ * sh_:
                continue
            near = taken + out
            if _in_any(r[0], near) or _any_inside(r, np.array([q[0] for q in near], np.float64)):
                continue
            out.append(r)
    return out


def _narrow_faces(cands: list[_Cand], rects: list, typ_long: float, loose_ones: bool = False,
                  size_at=None, least_aspect: float | None = None, frame_wh: tuple | None = None) -> list[tuple]:
    """Faces of which a mask caught only a lengthwise part: a well-filled rectangle of a
    tile's length but too narrow for one (a face shaded across, its lower part as dark as
    the cloth's cells beside it).  Where no tile was found, it is read (its outline is then
    re-cut by the face's colour).  ``loose_ones``: instead faces notched by pips at their
    edge (ill-filled, their convex hull a rectangle), sharing at most LOOSE_OVERLAP of their
    area with a rectangle of ``rects``, of the length of the frame's tiles or of a tile
    where they lie (``size_at``, the perspective model, when given — not a hole in a mask,
    ``HOLE_CHAN``: a patterned cloth's cells make holes of every size).  A loose face's
    length : width lies in LOOSE_ASPECTS, or from ``least_aspect`` when given; with
    ``frame_wh``, its ends (half a width on, as a short face's) lie in the frame."""
    out: list[tuple] = []
    fw, fh = frame_wh or (1 << 30, 1 << 30)
    for c in sorted(cands, key=lambda c: -c.fill):
        lo_, sh_ = _rect_dims(c.rect)
        f_ = size_at(c.rect[0]) / typ_long if size_at is not None and loose_ones else 1.0
        least = LOOSE_SHORTEST if loose_ones else 0.85
        if not (least * typ_long <= lo_ <= 1.2 * typ_long or (
                least * typ_long * f_ <= lo_ <= 1.2 * typ_long * f_ and "/hole" not in c.source)):
            continue
        # (shorter than 0.85 of a tile: a face only — LOOSE_SHORTEST)
        short_one = loose_ones and not (0.85 * typ_long <= lo_ or (
            0.85 * typ_long * f_ <= lo_ and "/hole" not in c.source))
        asp = lo_ / max(sh_, 1e-6)
        if loose_ones:
            # ... or a face notched by pips at its edge: ill-filled, its hull a rectangle
            # (not one of the pale mask's, PALE_CHAN: a face seen aslant, so outlined, read a
            # 5-5 as a 3-3 for sure — scene3d 19114)
            # (seen aslant, ``least_aspect``: well filled too, short of a tile's shape — a face
            # whose outline takes in its side, as long as a tile and wider — ASLANT_FILLED)
            filled = bool(least_aspect) and ASLANT_FILLED and c.fill >= 0.8 and asp < ASLANT_FILLED
            if c.source.startswith(PALE_CHAN) or not ((LOOSE_FILL <= c.fill < 0.8 or filled) and (
                    least_aspect or LOOSE_ASPECTS[0]) <= asp <= LOOSE_ASPECTS[1] and
                    cv2.contourArea(cv2.convexHull(c.contour)) >= LOOSE_HULL * lo_ * sh_):
                continue
        elif not (c.fill >= NARROW_FILL and 3.2 < asp <= NARROW_MAX):
            continue
        if frame_wh is not None and not _ends_in_frame(c.rect, fw, fh):
            continue  # (as a short face's, _short_faces)
        taken = rects + out
        if taken and (_in_any(c.rect[0], taken) or _any_inside(c.rect, np.array([r[0] for r in taken], np.float64))):
            continue
        if loose_ones and _mostly_over(cv2.boxPoints(c.rect), [cv2.boxPoints(r).reshape(-1, 1, 2) for r in taken],
                                       LOOSE_OVERLAP):
            continue  # across the seam of two tiles found (half of each)
        (cx, cy), (rw, rh), ang = c.rect
        out.append(((cx, cy), (rw, rh), ang))
        if short_one:
            _LOCAL.loose_short = getattr(_LOCAL, "loose_short", set()) | _ids([out[-1]])
    return out


def _ends_in_frame(rect, fw: float, fh: float) -> bool:
    """Do both ends of the rectangle ``rect`` (a minAreaRect), half its width on beyond it,
    lie in a frame ``fw`` × ``fh`` (a pixel in from its edges)?  A tile the frame cuts has a
    short outline whose end lies on the edge.

    >>> _ends_in_frame(((100.0, 50.0), (40.0, 18.0), 0.0), 640, 360)
    True
    >>> _ends_in_frame(((20.0, 50.0), (40.0, 18.0), 0.0), 640, 360)  # (20 + 20 + 9 > 20)
    False
    """
    return _corners_in_frame(_order_corners(rect), fw, fh)


def _short_faces(cands: list[_Cand], rects: list, typ_long: float, typ_short: float, size_at=None,
                 frame_wh: tuple | None = None) -> tuple[list[tuple], set]:
    """Faces foreshortened along their length (a tilted camera looking along the tile),
    where nothing was found (``rects``): a rectangle ``SHORT_MIN`` to ``SHORT_MAX`` times as
    long as wide, as wide as a tile where it lies (``size_at``, the perspective model, when
    given) and 0.55–1.0 of its length; well filled (``SHORT_FILL``), or notched by pips at
    its edge (from ``LOOSE_FILL``, its convex hull a rectangle).  Not a checked cloth's
    model (which may stop short of a tile's end), and its ends half a width on inside the
    frame (``frame_wh``; a tile the frame cuts is short too).  Returns the rectangles and
    the ids of the notched ones (read only if they read whole, as loose faces are).

    >>> c = _Cand(((100.0, 100.0), (30.0, 20.0), 0.0), 560.0, 0.93, 0.9, "t", None)  # 1.5 : 1
    >>> _short_faces([c], [], 40.0, 18.0, frame_wh=(640, 360))
    ([((100.0, 100.0), (30.0, 20.0), 0.0)], set())
    >>> _short_faces([c], [], 40.0, 18.0, frame_wh=(124, 360))[0]  # half a width on, its end is off the frame
    []
    """
    out: list[tuple] = []
    notched = set()
    fw, fh = frame_wh or (1 << 30, 1 << 30)
    for c in sorted(cands, key=lambda c: -c.fill):
        if c.fill < LOOSE_FILL or c.source.startswith("check"):
            continue
        lo_, sh_ = _rect_dims(c.rect)
        if not SHORT_MIN <= lo_ / max(sh_, 1e-6) < SHORT_MAX:
            continue
        f_ = size_at(c.rect[0]) / typ_long if size_at else 1.0
        if not (0.8 * typ_short * f_ <= sh_ <= 1.25 * typ_short * f_ and 0.55 * typ_long * f_ <= lo_ <= typ_long * f_):
            continue
        if c.fill < SHORT_FILL and cv2.contourArea(cv2.convexHull(c.contour)) < LOOSE_HULL * lo_ * sh_:
            continue
        if not _ends_in_frame(c.rect, fw, fh):
            continue
        taken = rects + out
        if taken and (_in_any(c.rect[0], taken) or _any_inside(c.rect, np.array([r[0] for r in taken], np.float64))):
            continue
        (cx, cy), (rw, rh), ang = c.rect
        out.append(((cx, cy), (rw, rh), ang))
        if c.fill < SHORT_FILL:
            notched |= _ids([out[-1]])
    return out, notched


#: a short face (_short_faces): its least fill and length : width
SHORT_FILL = 0.85
SHORT_MIN = 1.3
SHORT_MAX = 1.7


#: a narrow face (_narrow_faces): its fill and its longest length : width
NARROW_FILL = 0.85
NARROW_MAX = 3.7
#: ... and the longest length : width of the outline it is read by
NARROW_READ = 3.0
#: a loose face (_narrow_faces): its least fill, and the least fill of its convex hull
#: (0.9 until the forty-eighth round: the pattern's opened outlines, PAT_OPEN, of tiles on
#: stripes of their own colour fill 0.85-0.9; 0.8 added three confident wrong readings)
LOOSE_FILL = 0.6
LOOSE_HULL = 0.85
#: ... and its length : width
LOOSE_ASPECTS = (1.8, 3.0)
#: ... and its least length, a share of the tiles' (or of a tile's where it lies); under
#: 0.85 a face only (0.85 until the fifty-seventh round)
LOOSE_SHORTEST = 0.8
#: a loose face seen aslant (LOOSE_ASPECT) may be well filled (0.8 or more) when shorter
#: than this length : width (a tile's shape from 1.7, _is_tile_shape): its outline takes
#: in its side, so it is as long as a tile and wider (0: not so)
ASLANT_FILLED = 1.7
#: ... or as little as this, for a face seen aslant, looked for after the short faces
#: (_short_faces) where none of them lies, its ends in the frame (1.8: not looked for)
LOOSE_ASPECT = 1.6
#: ... and the most of its area it may share with a tile found
LOOSE_OVERLAP = 0.2


# ---------------------------------------------------------------------------------------
def _components8(bw: np.ndarray, frame: bool = False) -> tuple:
    """``cv2.connectedComponentsWithStats(bw, connectivity=8)``: the same labels, stats and
    centroids, with 16-bit labels (plenty for a tile's neighbourhood), which OpenCV finds in
    about 2/3 of the time it takes for its default 32-bit ones on images this small.
    ``frame``: a whole working image (its components may outnumber 16 bits): 32-bit labels,
    by the block-based algorithm (CCL_GRANA: the default's labels, stats and centroids), in
    about half the time the default takes for a mask of many small spots."""
    if frame:
        return cv2.connectedComponentsWithStatsWithAlgorithm(bw, 8, cv2.CV_32S, cv2.CCL_GRANA)
    return cv2.connectedComponentsWithStatsWithAlgorithm(bw, 8, cv2.CV_16U, cv2.CCL_DEFAULT)


def _label_mask(lbl: np.ndarray, n: int, ks) -> np.ndarray:
    """``np.isin(lbl, ks)`` for a label image of ``n`` labels (the same mask): a lookup
    table indexed by the labels, several times faster than np.isin's search on a tile's crop.

    >>> lbl = np.array([[0, 1, 2], [2, 3, 1]], np.uint16)
    >>> bool((_label_mask(lbl, 4, [1, 3]) == np.isin(lbl, [1, 3])).all())
    True
    """
    lut = np.zeros(n, bool)
    lut[ks] = True
    return lut[lbl]


def _order_corners(rect) -> np.ndarray:
    """Corners of a minAreaRect ordered so that p0→p1 runs along the long side."""
    pts = cv2.boxPoints(rect).astype(np.float32)
    d01 = np.linalg.norm(pts[1] - pts[0])
    d12 = np.linalg.norm(pts[2] - pts[1])
    if d01 < d12:
        pts = pts[[1, 2, 3, 0]]  # (np.roll's result by one, without its overhead)
    return pts


@dataclass
class _Read:
    face: str
    halves: tuple[int, int] | None
    red: int
    has_bar: bool
    quality: float
    ambiguous_mid: int
    spots_back: bool
    n_pips: int
    body_lab: np.ndarray | None = None
    cut_pip: bool = False  # the outline cuts through a pip
    bar_through: bool = False  # the "bar" runs right across, edge to edge: a seam, not a bar
    seam_along: bool = False  # a line along most of the length, inside: a seam
    layout_ok: bool = True  # a Western tile's halves show die layouts (see _die_layouts_ok)
    long_three: bool = False  # six pips laid out as the 3-3 along the long axis (_long_three)
    # the pips of the halves that are red in a painted set (a 1, a 4) are all redder than
    # the others, by RED_RANK_GAP of a*, or no pip is when no half is (None: not judged)
    red_rank: bool | None = None
    # a* of the least red of the pips a painted set has red, and of the reddest of the others
    # (None where there are none, or not judged): for the frame's ranking (_rank_all_red)
    red_a: float | None = None
    white_a: float | None = None
    # the longest line across the piece near its middle, faint ones too (tile widths; 0 when
    # not looked for): a bar stops short of the edges, a seam runs from edge to edge
    mid_run: float = 0.0
    # a piece of a group (read for seams) much of whose face lies above the usual level: its
    # reading at the higher level, when that reads whole (_read_tile; _resolve_groups tries
    # it when no way of the group reads clean otherwise)
    high: _Read | None = None
    # a face with no bar seen and no pip in one half, whose empty half shows no response
    # even at EMPTY_HALF_LEVEL of the pips' level, and whose other half is a die's layout: a
    # Western blank half whose bar does not show (a half whose pips were lost shows them
    # faintly)
    blank_clean: bool = False
    # the face's spots all drawn out the same way (motion blur): (angle in the crop, in
    # radians from its long axis; length in crop pixels) — see _smear
    smear: tuple[float, float] | None = None
    # read on an outline that judges nothing for the frame (its size, style, red pips): a
    # face foreshortened along its length (_short_faces), whose length tells nothing of the
    # tiles' size; a tile seen only against a repeating pattern (PAT_CHAN), whose outline
    # may hold its shadow
    aside: bool = False
    # read on an outline only the pattern's mask gave (PAT_CHAN): unsure unless it reads whole
    patterned: bool = False
    # a seam along (seam_along) only near a side: outside SEAM_MID of the width about the middle
    seam_side: bool = False
    # a divider bar found that may be a column of pips run together (_pip_column): read
    # again with such columns as pips (``column_bars``, :func:`_read_tile`); 2: a column
    # with necks between its pips
    column_bar: int = 0


_K5 = np.ones((5, 5), np.uint8)


def _resegment(img: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Re-cut the tile from its neighbourhood by its own body colour (full resolution).

    The body colour is the median of the rectangle's central part; pixels near it (Lab,
    lightness weighted less: shading) form the tile, its pips are holes that the outline
    fills.  Separates a face from its own shadow and from the tile's visible side.
    Returns new ordered corners, or the old ones when the cut does not look like a tile.
    """
    H, W = img.shape[:2]
    c = corners.mean(axis=0)
    a = float(np.linalg.norm(corners[1] - corners[0])) / 2
    b = float(np.linalg.norm(corners[2] - corners[1])) / 2
    if b < 4:
        return corners
    grow = (corners - c) * 1.6 + c
    x0, y0 = np.floor(grow.min(axis=0)).astype(int)
    x1, y1 = np.ceil(grow.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(W, x1), min(H, y1)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return corners
    f = min(1.0, 48.0 / b)  # work on about 96 px across the tile
    roi = img[y0:y1, x0:x1]
    if f < 1.0:
        roi = cv2.resize(roi, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(roi, cv2.COLOR_BGR2Lab)
    local = (corners - (x0, y0)) * f
    lc = local.mean(axis=0)
    centre_poly = np.round((local - lc) * 0.55 + lc).astype(np.int32)
    # the body colour is found in the centre and a ring around its spots: all of it lies in
    # the centre's box grown by the ring's reach, so only that part of the neighbourhood is
    # looked at (the same pixels, the same numbers)
    rk = max(3, int(0.1 * b * f)) | 1
    hh, ww = lab.shape[:2]
    gx0, gy0 = np.maximum(centre_poly.min(axis=0) - (rk + 1), 0)
    gx1, gy1 = np.minimum(centre_poly.max(axis=0) + rk + 2, (ww, hh))
    lab_c = lab[gy0:gy1, gx0:gx1]
    centre = np.zeros(lab_c.shape[:2], np.uint8)
    cv2.fillConvexPoly(centre, centre_poly - (gx0, gy0), 255)
    px = lab_c[centre > 0]
    if len(px) < 20:
        return corners
    # the body is what the pips sit on: a ring around each pip-sized spot that departs far
    # from the centre's median lightness (an outline that is too big also holds some of the
    # tile's side or shadow, which would pull a plain median away); no pips: the median
    body = _median_u8_cols(px)
    far = cv2.bitwise_and(cv2.compare(cv2.absdiff(lab_c[..., 0], float(int(body[0]))), 45, cv2.CMP_GT), centre)
    nf, lf, sf, _ = _components8(far)
    r_max = 0.3 * b * f  # a pip is at most about 0.3 of the tile's width across
    ok = [k for k in range(1, nf) if 4 <= sf[k, cv2.CC_STAT_AREA] <= math.pi * r_max * r_max
          and max(sf[k, cv2.CC_STAT_WIDTH], sf[k, cv2.CC_STAT_HEIGHT]) <= 2 * r_max]
    if len(ok) >= 2:
        spots = _label_mask(lf, nf, ok).astype(np.uint8) * 255
        ring = cv2.subtract(cv2.dilate(spots, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * rk + 1, 2 * rk + 1))),
                            cv2.dilate(spots, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (rk, rk))))
        ring = cv2.bitwise_and(ring, cv2.bitwise_not(far))
        rp = lab_c[ring > 0]
        if len(rp) >= 30:
            body = _median_u8_cols(rp)
    bq = np.clip(body, 0, 255).astype(np.uint8)
    d = cv2.absdiff(lab, (float(bq[0]), float(bq[1]), float(bq[2]), 0.0))
    dist = cv2.add(d[..., 0], cv2.add(d[..., 1], d[..., 2]))
    # pips are far from the body too; clipping keeps them from pulling the threshold up
    t, _ = cv2.threshold(cv2.min(dist, 60), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    t = float(min(45.0, max(12.0, t)))
    mask = cv2.compare(dist, t, cv2.CMP_LT)
    # opening cuts thin attachments: the tile's side seen in perspective, a sliver of shadow
    k = max(3, int(0.2 * b * f)) | 1
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    cs, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    pt = (float(lc[0]), float(lc[1]))
    best = None
    for cc in cs:
        if cv2.pointPolygonTest(cc, pt, False) >= 0:
            best = cc
            break
    if best is None:
        return corners
    bx, by, bw, bh = cv2.boundingRect(best)
    if bx <= 0 or by <= 0 or bx + bw >= mask.shape[1] or by + bh >= mask.shape[0]:
        return corners  # runs out of the neighbourhood: not one tile's outline
    best = cv2.convexHull(best)  # a pip at the edge leaves a notch
    rect = cv2.minAreaRect(best)
    lo_, sh_ = _rect_dims(rect)
    area0 = 4 * a * b * f * f
    fill = cv2.contourArea(best) / max(1.0, lo_ * sh_)
    if not (0.5 * area0 <= lo_ * sh_ <= 1.45 * area0) or fill < 0.85 or not 1.6 <= lo_ / max(1.0, sh_) <= 3.0:
        return corners
    new = _order_corners(rect) / f + (x0, y0)
    return new.astype(np.float32)


class _GrayOnDemand:
    """Grey of a full-resolution image, converted only where it is sampled (a few tiles'
    neighbourhoods instead of the whole frame; per pixel the same values)."""

    def __init__(self, img: np.ndarray):
        self.img = img
        self.buf = np.zeros(img.shape[:2], np.uint8)

    def covering(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        H, W = self.buf.shape
        x0 = max(0, int(math.floor(float(xs.min()))) - 2)
        y0 = max(0, int(math.floor(float(ys.min()))) - 2)
        x1 = min(W, int(math.ceil(float(xs.max()))) + 3)
        y1 = min(H, int(math.ceil(float(ys.max()))) + 3)
        if x1 > x0 and y1 > y0:
            self.buf[y0:y1, x0:x1] = cv2.cvtColor(self.img[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
        return self.buf


_REFINE_TS = np.linspace(-0.6, 0.6, 7)  # _refine's places along a side (of its half-length)
_REFINE_SIDE, _REFINE_PLACE = np.arange(4)[:, None], np.arange(len(_REFINE_TS))[None, :]


def _refine(gray, corners: np.ndarray) -> np.ndarray:
    """Move each side of the tile rectangle onto the strongest nearby edge (full resolution).

    ``corners`` ordered p0→p1 along the long side.  Each side is searched along its normal
    within ±22% of the short half-side, at seven places along it; the median offset wins.
    """
    p0, p1, p2, _ = corners.astype(np.float64)
    c = corners.mean(axis=0).astype(np.float64)
    u = p1 - p0
    a = np.linalg.norm(u) / 2
    v = p2 - p1
    b = np.linalg.norm(v) / 2
    if a < 4 or b < 3:
        return corners
    u /= 2 * a
    v /= 2 * b
    span = max(2.0, 0.25 * b)
    ss = np.arange(-span, span + 0.01, 0.5)
    # ends get the same search in samples but a longer reach
    end_scale = max(1.0, 0.2 * a / span)
    ts = _REFINE_TS
    sides = ((u, v, a, b), (-u, v, a, b), (v, u, b, a), (-v, u, b, a))
    xs, ys = [], []
    for k, (n, t_dir, d, along) in enumerate(sides):
        base = c + n * d
        sc = end_scale if k < 2 else 1.0
        pts = base[None, None, :] + (ss * sc)[None, :, None] * n[None, None, :] + \
            (ts * along)[:, None, None] * t_dir[None, None, :]
        xs.append(pts[..., 0])
        ys.append(pts[..., 1])
    mx = np.concatenate(xs).astype(np.float32)
    my = np.concatenate(ys).astype(np.float32)
    if isinstance(gray, _GrayOnDemand):
        gray = gray.covering(mx, my)
    prof_g = cv2.remap(gray, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).reshape(4, len(ts), len(ss))
    prof = prof_g.astype(np.float32)
    # the tile's edge goes from body to table: only that direction counts (not a pip's edge)
    # (the medians of the grey levels themselves: np.median's numbers of them as float32)
    median = _median_u8 if prof_g.dtype == np.uint8 else (lambda x: float(np.median(x.astype(np.float32))))
    inside = median(prof_g[:, :, : len(ss) // 4])
    outside = median(prof_g[:, :, -(len(ss) // 4) :])
    pol = 1.0 if outside >= inside else -1.0
    grad = np.maximum(np.diff(prof, axis=2) * pol, 0)  # between samples, outward
    w = 1.0 - 0.25 * np.abs(ss[:-1] + 0.25) / span  # mild preference for the original place
    best = np.argmax(grad * w[None, None, :], axis=2)
    strength = grad[_REFINE_SIDE, _REFINE_PLACE, best]  # (each side's and place's at its best)
    offs = []
    for k in range(4):
        ok = strength[k] > 6
        if ok.sum() >= 3:
            offs.append(_median_list((ss[best[k][ok]] + 0.25).tolist()) * (end_scale if k < 2 else 1.0))
        else:
            offs.append(0.0)
    da_p, da_n, db_p, db_n = offs
    a2 = a + (da_p + da_n) / 2
    b2 = b + (db_p + db_n) / 2
    if not (0.8 * a < a2 < 1.2 * a and 0.75 * b < b2 < 1.25 * b):
        return corners
    c2 = c + u * (da_p - da_n) / 2 + v * (db_p - db_n) / 2
    out = np.array([c2 - a2 * u - b2 * v, c2 + a2 * u - b2 * v, c2 + a2 * u + b2 * v, c2 - a2 * u + b2 * v])
    # keep the original corner order (p0→p1 along the long side, same winding)
    return out.astype(np.float32)


def _read_lines(img: np.ndarray, corners: np.ndarray, style: str, aspect_hint) -> _Read | None:
    """The outline read for its lines — the one across its middle (``mid_run``) and one
    along it (``seam_along``) — as a group's piece is read: untrimmed, not again at the
    higher level."""
    return _read_tile(img, corners, style, aspect_hint, seams=True, trim=False, messy=False)


def _trim_end(corners: np.ndarray, end: int, f: float) -> np.ndarray:
    """The outline with ``f`` of its length cut off one end (0: corners 0 and 3; 1: corners
    1 and 2; corners ordered as :func:`_order_corners` orders them)."""
    c = np.asarray(corners, np.float32).copy()
    v = (c[1] - c[0]) * f
    if end == 0:
        c[0] += v
        c[3] += v
    else:
        c[1] -= v
        c[2] -= v
    return c


def _body_share(img: np.ndarray, quad: np.ndarray, body_lab: np.ndarray) -> float:
    """Share of the quadrilateral ``quad`` (long side first) of the body colour ``body_lab``
    (Lab, lightness counting half, as the masks measure it)."""
    M = cv2.getPerspectiveTransform(np.float32(quad), np.float32([[0, 0], [24, 0], [24, 8], [0, 8]]))
    patch = cv2.cvtColor(cv2.warpPerspective(img, M, (24, 8), flags=cv2.INTER_AREA), cv2.COLOR_BGR2Lab)
    d = np.abs(patch.reshape(-1, 3).astype(np.float32) - np.float32(body_lab)) @ np.float32([0.5, 1.0, 1.0])
    return float((d <= TRIM_BODY_GAP).mean())


def _end_strip(outer: np.ndarray, inner: np.ndarray, end: int) -> np.ndarray:
    """The strip between two outlines that differ at one end only (``end`` as for
    :func:`_trim_end`), long side first (as :func:`_body_share` takes it)."""
    if end == 0:
        return np.float32([outer[3], outer[0], inner[0], inner[3]])
    return np.float32([outer[1], outer[2], inner[2], inner[1]])


def _read_trimmed(img: np.ndarray, corners: np.ndarray, rd: _Read, style: str, aspect_hint) -> tuple | None:
    """A tile that does not read as one (a piece of a split group, or a tile alone with
    more than six pips in a half), read again with an end trimmed off where that end is not
    the tile's body: its outline took in some of the cloth beyond the tile (spots of a
    spotted cloth read as pips) — or a group's did, so the cuts along it fall a little off.
    (reading, corners) of the first trim that reads as a tile with confidence at least
    TRIM_CONF, else None."""
    if rd.body_lab is None:
        return None
    c = np.asarray(corners, np.float32)
    for end in (0, 1):
        alt = _trim_end(c, end, TRIM_END)
        if _body_share(img, _end_strip(c, alt, end), rd.body_lab) > TRIM_BODY:
            continue  # the tile's own end (its end pips with it): not to be cut off
        rd2 = _read_tile(img, alt, style, aspect_hint, seams=True)
        if rd2 is not None and rd2.face == "up" and not rd2.cut_pip and \
                _name_and_confidence(rd2, True)[2] >= TRIM_CONF:
            return rd2, alt
    return None


#: a piece of a group whose outline cuts a pip is also read moved across by this share of
#: its width, either way (scene3d 25634: three Western tiles side by side whose row's side
#: widened their group, every way's pieces cutting pips).  Its cost: a row's end piece so
#: moved may read another tile whole (17914's 5-5 as a 5-3, the way then naming the 5-3
#: twice and refused, where it stood before with that piece unsure).  0: not
PIECE_SHIFT = 0.15


def _widen(corners: np.ndarray, f: float) -> np.ndarray:
    """The same outline, ``f`` times as wide (across the long side), same centre."""
    v = (corners[2] - corners[1]) / 2 * (f - 1.0)
    return np.array([corners[0] - v, corners[1] - v, corners[2] + v, corners[3] + v], np.float32)


@lru_cache(maxsize=64)
def _canon_masks(Wc: int, Lc: int):
    m = max(2, int(0.1 * Wc))
    inner = np.zeros((Wc, Lc), np.uint8)
    inner[m:-m, m:-m] = 255
    r = int(0.2 * Wc)  # rounded corners
    for cx, cy in ((0, 0), (Lc - 1, 0), (0, Wc - 1), (Lc - 1, Wc - 1)):
        cv2.circle(inner, (cx, cy), r, 0, -1)
    ks = int(0.45 * Wc) | 1
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (ks, ks))
    vk = cv2.getStructuringElement(cv2.MORPH_RECT, (1, int(0.42 * Wc)))
    return inner, ker, vk, m


def _hat(src: np.ndarray, op: int, ker: np.ndarray) -> np.ndarray:
    """``cv2.morphologyEx(src, op, ker)`` for MORPH_TOPHAT or MORPH_BLACKHAT: the same values,
    faster for a tile's crop.  OpenCV's filter for a large kernel that is not a rectangle
    goes slowly through the bytes of each row beyond the last multiple of 4, for each of the
    kernel's hundreds of points (up to twice the time of the rest of the row); such rows are
    padded to a multiple of 16 bytes.  The padding must count for nothing: 0 under a dilation
    (never the maximum: the kernel holds its centre), 255 under an erosion (never the
    minimum) — so the two steps are taken one at a time, the padding reset in between."""
    w = src.shape[1]
    if w * (src.shape[2] if src.ndim == 3 else 1) % 4 == 0:
        return cv2.morphologyEx(src, op, ker)  # (padding costs about what it saves here)
    pad = -w % 16
    steps = ((cv2.dilate, 0), (cv2.erode, 255)) if op == cv2.MORPH_BLACKHAT else ((cv2.erode, 255), (cv2.dilate, 0))
    x = cv2.copyMakeBorder(src, 0, 0, 0, pad, cv2.BORDER_CONSTANT, value=(steps[0][1],) * 4)
    x = steps[0][0](x, ker)
    x[:, w:] = steps[1][1]
    x = steps[1][0](x, ker)[:, :w]
    return cv2.subtract(x, src) if op == cv2.MORPH_BLACKHAT else cv2.subtract(src, x)


#: a pip's strongest response is at least this many times the level that cut it out
PIP_PEAK = 1.5
#: a red pip's pixels on a face of light pips count from this share of the level
RED_LOW = 0.5
#: ... on a black body (its median lightness under this), for a red speck narrower than this
#: share of the tile's width (a pip narrower is no pip: see ``keep`` in _read_face)
RED_LOW_BODY = 40
SPECK_W = 0.09
#: ... unless the pips kept are themselves within SMALL_PIP_SIDE pixels of that width: then
#: a spot dropped for its width alone, of SMALL_PIP_AREA of their median area or more (and
#: not more than the median over it) and no longer, is a pip
SMALL_PIP_SIDE = 1.5
SMALL_PIP_AREA = 0.75
#: a face with no pip and a thin bar (_thin_bar) over this share of its width's rows is a
#: Western double blank face up
BLANK_BAR_ROWS = 0.6
#: ... or a faint bar (_faint_bar_line): the middle's strongest column of the response, within
#: FAINT_BAR_MID of the length of the middle, FAINT_BAR_RATIO times the median column and
#: FAINT_BAR_MIN or more, above half its mean on FAINT_BAR_ROWS of the rows (on 460 backs
#: of scene3d 23000-23099 a column that strong covers 0.43 of them at most)
FAINT_BAR_MID = 0.06
FAINT_BAR_RATIO = 5.0
FAINT_BAR_MIN = 4.0
FAINT_BAR_ROWS = 0.7

#: a spot whose centre lies this close to the middle of a divider bar (in tile widths) is
#: the bar's spinner (the pin at its middle) or a piece of the bar, never a pip: a die has
#: no pip there (a printed set's pips may touch the bar nearer its ends)
BAR_CLEAR = 0.12
#: ... and so is a spot there, with no bar seen, among more than SPINNER_AMONG pips, under
#: SPINNER_AREA of their median area
SPINNER_AMONG = 4
SPINNER_AREA = 0.4
#: ... or under SPINNER_BRASS_AREA of it, if brass: yellower than red (b* above a* by
#: SPINNER_YELLOW) and than the other spots (its b* SPINNER_YELLOWER above their median) —
#: a spinner blurred as large as a pip, a bar too faint to be seen (scene3d 26270: a 5-5
#: read 6-5, unsure)
SPINNER_BRASS_AREA = 1.3
SPINNER_YELLOW = 8
SPINNER_YELLOWER = 6


def _brass_spot(lab: np.ndarray, lbl: np.ndarray, comp_ids: list, i: int) -> bool:
    """Whether spot ``i`` of ``comp_ids`` (components of ``lbl`` over the crop, whose Lab
    image is ``lab``) is brass: its mean b* SPINNER_YELLOW above its a* and
    SPINNER_YELLOWER above the median b* of the others'.

    >>> lab = np.full((10, 30, 3), 128, np.uint8); lbl = np.zeros((10, 30), np.uint16)
    >>> lbl[2:5, 2:5], lbl[2:5, 12:15], lbl[2:5, 22:25] = 1, 2, 3
    >>> lab[2:5, 12:15] = (120, 131, 146)                  # a* +3, b* +18: brass
    >>> _brass_spot(lab, lbl, [1, 2, 3], 1), _brass_spot(lab, lbl, [1, 2, 3], 0)
    (True, False)
    >>> lab[2:5, 12:15] = (120, 155, 146)                  # a* +27: red
    >>> _brass_spot(lab, lbl, [1, 2, 3], 1)
    False
    """
    if SPINNER_BRASS_AREA <= 0 or len(comp_ids) < 2:
        return False
    ab = [lab[lbl == k][:, 1:].astype(np.float64).mean(axis=0) - 128.0 for k in comp_ids]
    a_, b_ = ab[i]
    others = float(np.median([x[1] for j, x in enumerate(ab) if j != i]))
    return bool(b_ - a_ >= SPINNER_YELLOW and b_ - others >= SPINNER_YELLOWER)


#: two spots each under FRAGMENT_AREA of the median pip's area, closer than FRAGMENT_REACH of
#: its diameter, together no more than a pip and a third: one pip in pieces (a broken ring)
FRAGMENT_AREA = 0.7
FRAGMENT_REACH = 0.75


#: pixels lie on one straight divider bar when the line fitted to them (x along y) slants by
#: at most BAR_LINE_SLOPE and holds every one within BAR_LINE_FIT of a tile width
BAR_LINE_SLOPE = 0.7
BAR_LINE_FIT = 0.1


def _bar_line(ys: np.ndarray, xs: np.ndarray, Wc: int) -> tuple[float, float] | None:
    """(slope dx/dy, x at y = 0) of the straight line through the pixels (``ys``, ``xs``)
    of a divider bar, or None when they do not lie on one (BAR_LINE_SLOPE, BAR_LINE_FIT).

    >>> ys = np.arange(4, 44); _bar_line(ys, 40 + ys // 8, 48)[0] < 0.2
    True
    >>> _bar_line(ys, 40 + (ys > 24) * 12, 48) is None   # two pieces a quarter width apart
    True
    """
    slope, x0 = np.polyfit(ys.astype(np.float64), xs.astype(np.float64), 1)
    if abs(slope) > BAR_LINE_SLOPE or np.abs(xs - (x0 + slope * ys)).max() > BAR_LINE_FIT * Wc:
        return None
    return float(slope), float(x0)


#: the pieces of a bar _broken_bar finds span this share of the width or more (a face whose
#: outline takes in its side shows its bar over about 0.55 of the outline's width: scene3d
#: 23482, a slanted bar missed and counted as a pip, a 3-2 read 3-3 at 0.97)
BROKEN_BAR_SPAN = 0.5


def _broken_bar(bw: np.ndarray, Lc: int, Wc: int, cc: tuple | None = None) -> tuple[float, float, np.ndarray] | None:
    """A divider bar that the vertical opening misses: slanted (an outline sheared by
    perspective, motion blur) or broken in two by a spinner of another colour.  Thin
    straight pieces near the middle, within 35 degrees of the across direction, that lie
    on one line together spanning most of the width.  Returns (x of the line at the
    middle of the width, slope dx/dy, the pieces' mask) or None.

    >>> bw = np.zeros((48, 96), np.uint8)
    >>> bw[4:20, 47:50] = 255; bw[28:44, 49:52] = 255   # a bar broken at its middle
    >>> x, slope, m = _broken_bar(bw, 96, 48)
    >>> round(x), abs(slope) < 0.2, int(m.max())
    (49, True, 255)
    >>> bw[:] = 0; bw[10:20, 40:50] = 255; bw[28:38, 40:50] = 255   # two pips in a column
    >>> _broken_bar(bw, 96, 48) is None
    True
    """
    n, lbl, st, ce = cc if cc is not None else _components8(bw)  # (``cc``: bw's, when known)
    if n < 2:
        return None
    ws_, hs_, as_ = st[1:, cv2.CC_STAT_WIDTH], st[1:, cv2.CC_STAT_HEIGHT], st[1:, cv2.CC_STAT_AREA]
    # (a piece at most 0.14 tile widths thick and 35 degrees off across has at most this
    # area for its height; a round pip has more)
    cand = np.nonzero((0.3 * Lc <= ce[1:, 0]) & (ce[1:, 0] <= 0.7 * Lc) & (hs_ >= 0.2 * Wc) &
                      (ws_ <= 0.6 * Wc) & (as_ <= 0.17 * Wc * hs_))[0] + 1
    pieces = []
    for k in cand:
        x, y, w_, h_ = st[k, :4]
        mo = cv2.moments((lbl[y : y + h_, x : x + w_] == k).astype(np.uint8), True)
        if mo["m00"] < 3:
            continue
        mu20, mu02, mu11 = mo["mu20"] / mo["m00"], mo["mu02"] / mo["m00"], mo["mu11"] / mo["m00"]
        d = math.sqrt(max(0.0, (mu20 - mu02) ** 2 / 4 + mu11 * mu11))
        minor, major = 4 * math.sqrt(max(0.0, (mu20 + mu02) / 2 - d)), 4 * math.sqrt((mu20 + mu02) / 2 + d)
        # the main axis against the across (y) direction
        tilt = abs(0.5 * math.degrees(math.atan2(2 * mu11, mu02 - mu20)))
        if minor <= 0.14 * Wc and major >= 0.25 * Wc and major >= 3 * minor and tilt <= 35:
            pieces.append(k)
    if not pieces:
        return None
    mask = np.isin(lbl, pieces).astype(np.uint8) * 255
    ys, xs = np.nonzero(mask)
    if ys.max() - ys.min() < BROKEN_BAR_SPAN * Wc or len(ys) < 0.42 * Wc * 2:
        return None
    line = _bar_line(ys, xs, Wc)
    if line is None:
        return None  # not one straight line
    slope, x0 = line
    return x0 + slope * Wc / 2.0, slope, mask


#: a divider bar run into its spinner and into pips (_thin_bar): the thin parts of the mask —
#: what an opening THIN_BAR_WIDE tile widths wide takes away —, THIN_BAR_TALL widths tall or
#: more, on one straight line near the middle spanning THIN_BAR_SPAN of the width
THIN_BAR_WIDE = 0.16
THIN_BAR_TALL = 0.2
THIN_BAR_SPAN = 0.6
#: ... covering THIN_BAR_ROWS of the width's rows, within THIN_BAR_MID of the length of the middle
THIN_BAR_ROWS = 0.5
THIN_BAR_MID = 0.12


def _thin_bar(bw: np.ndarray, Lc: int, Wc: int) -> tuple[float, float, np.ndarray] | None:
    """A divider bar that neither the vertical opening nor :func:`_broken_bar` finds: run
    into a spinner of another colour, or into a pip beside it, so that no piece of it is
    both long and thin on its own.  Its thin parts are: pips and spinners are wider than
    THIN_BAR_WIDE of the width, and what an opening that wide leaves out of them is caps
    shorter than THIN_BAR_TALL.  Returns (x of the line at the middle of the width, slope
    dx/dy, the pieces' mask) or None, as :func:`_broken_bar`.

    >>> bw = np.zeros((48, 96), np.uint8)
    >>> bw[3:45, 47:50] = 255; _ = cv2.circle(bw, (48, 24), 5, 255, -1)   # a bar, its spinner
    >>> _ = cv2.circle(bw, (56, 36), 6, 255, -1)                          # a pip touching it
    >>> x, slope, m = _thin_bar(bw, 96, 48)
    >>> round(x), abs(slope) < 0.1, int(m[24, 48]), int(m[36, 56])
    (48, True, 0, 0)
    >>> bw[:] = 0
    >>> for y in (8, 24, 40): _ = cv2.circle(bw, (40, y), 6, 255, -1)   # a column of pips
    >>> _thin_bar(bw, 96, 48) is None
    True
    """
    kw = max(3, int(round(THIN_BAR_WIDE * Wc)))
    kh = max(3, int(round(THIN_BAR_TALL * Wc)))
    x0, x1 = int(0.3 * Lc), int(0.7 * Lc) + 1
    band = bw[:, x0:x1]
    if cv2.countNonZero(band) < kh:
        return None
    thin = cv2.subtract(band, cv2.morphologyEx(band, cv2.MORPH_OPEN, np.ones((1, kw), np.uint8)))
    thin = cv2.morphologyEx(thin, cv2.MORPH_OPEN, np.ones((kh, 1), np.uint8))
    if not cv2.countNonZero(thin):
        return None  # (no piece: most faces; their labelling skipped)
    n, lbl, st, _ = _components8(thin)
    pieces = [k for k in range(1, n) if st[k, cv2.CC_STAT_WIDTH] <= 0.14 * Wc]
    if not pieces:
        return None
    ys, xs = np.nonzero(_label_mask(lbl, n, pieces))
    if ys.max() - ys.min() < THIN_BAR_SPAN * Wc or len(np.unique(ys)) < THIN_BAR_ROWS * Wc:
        return None  # (the rims of a column of pips leave short pieces with gaps between)
    line = _bar_line(ys, xs, Wc)
    if line is None:
        return None  # not one straight line
    slope, xa = line
    x_mid = x0 + xa + slope * Wc / 2.0
    if abs(x_mid - Lc / 2.0) > THIN_BAR_MID * Lc:
        return None  # (a bar lies at the middle: the outline holds the face)
    mask = np.zeros_like(bw)
    mask[ys, xs + x0] = 255
    return x_mid, slope, mask


def _faint_bar_line(resp: np.ndarray, Lc: int, Wc: int, m: int) -> bool:
    """Is there a divider bar too faint for the pips' level in the pip response ``resp`` of
    a crop ``Lc`` x ``Wc`` (margin ``m``): the strongest column of the middle two fifths,
    within FAINT_BAR_MID of the length of the middle, FAINT_BAR_RATIO times the median
    column or more (and at least FAINT_BAR_MIN), above half its mean on FAINT_BAR_ROWS of
    the rows?  (A spotted back's middle spot makes a strong column over a third of them.)

    >>> resp = np.zeros((48, 96), np.uint8); resp[4:44, 47:49] = 12; resp[::3, ::5] += 1
    >>> _faint_bar_line(resp, 96, 48, 4)
    True
    >>> resp[4:30, 47:49] = 0                             # a spot, not a line across
    >>> _faint_bar_line(resp, 96, 48, 4)
    False
    """
    x0 = int(0.3 * Lc)
    band = resp[m : Wc - m, x0 : int(0.7 * Lc)].astype(np.float32)
    col = band.mean(axis=0)
    j = int(np.argmax(col))
    top = float(col[j])
    if top < FAINT_BAR_MIN or top < FAINT_BAR_RATIO * max(1.0, _median_f32(col)) or \
            abs(x0 + j + 0.5 - Lc / 2.0) > FAINT_BAR_MID * Lc:
        return False
    return float(np.mean(band[:, max(0, j - 1) : j + 2].max(axis=1) >= 0.5 * top)) >= FAINT_BAR_ROWS


def _clear_spots_at(bw: np.ndarray, cc: tuple, x: float, y: float, r: float) -> tuple | None:
    """Clear from the mask ``bw`` its components (``cc``, bw's) whose centre lies within
    ``r`` of (x, y) — a spinner on a divider bar.  Returns ``cc`` if nothing was cleared,
    else None (to be found again).

    >>> bw = np.zeros((10, 30), np.uint8); bw[4:6, 4:6] = 255; bw[4:6, 14:16] = 255
    >>> _clear_spots_at(bw, _components8(bw), 15.0, 5.0, 2.0) is None, int(bw[:, 10:].max()), int(bw[:, :10].max())
    (True, 0, 255)
    """
    n, lbl, _, ce = cc
    if n > 1:
        near = np.nonzero(np.hypot(ce[1:, 0] - x, ce[1:, 1] - y) < r)[0] + 1
        if len(near):
            bw[np.isin(lbl, near)] = 0
            return None
    return cc


#: what is left of a divider bar once it is taken out (a piece the bar's mask missed, past
#: its spinner): thin spots — this many times as long as wide — on the bar's line, within
#: BAR_REST of a tile width of it (a pip beside the bar has its centre a radius off it)
BAR_REST_THIN = 2.2
BAR_REST = 0.08


def _clear_bar_rests(bw: np.ndarray, cc: tuple, split: float, slope: float, Wc: int) -> tuple | None:
    """Clear from ``bw`` its thin spots lying along the divider bar's line (x = ``split`` at
    the middle of the width, moving by ``slope`` per pixel across) and along it: pieces of
    the bar, never pips.  Returns ``cc`` if nothing was cleared, else None.

    >>> bw = np.zeros((48, 96), np.uint8)
    >>> bw[28:44, 48:51] = 255   # a piece of the bar below its spinner
    >>> bw[20:28, 20:28] = 255   # a pip
    >>> _clear_bar_rests(bw, _components8(bw), 49.0, 0.0, 48) is None, int(bw[:, 40:].max()), int(bw[:, :40].max())
    (True, 0, 255)
    """
    n, lbl, st, ce = cc
    if n < 2:
        return cc
    w_, h_ = st[1:, cv2.CC_STAT_WIDTH].astype(np.float64), st[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    on_line = np.abs(ce[1:, 0] - (split + slope * (ce[1:, 1] - Wc / 2.0))) < BAR_REST * Wc
    rest = np.nonzero(on_line & (h_ >= BAR_REST_THIN * np.maximum(w_, 1.0)))[0] + 1
    if not len(rest):
        return cc
    bw[np.isin(lbl, rest)] = 0
    return None


#: a thin spot (BAR_REST_THIN) whose centre lies within BAR_SLANT_NEAR tile widths of the
#: bar found, and which lies on one straight line with it (_bar_line), is the rest of a
#: slanted bar
BAR_SLANT_NEAR = 0.2
#: ... and which lies beyond the ends of the part found: no more than this share of its
#: height beside it (a column of pips run together is taken for a bar; a piece of its
#: neighbour beside it is no rest of it)
BAR_SLANT_BESIDE = 0.3


def _clear_slanted_rests(bw: np.ndarray, cc: tuple, bar_mask: np.ndarray, split: float, Wc: int) -> tuple | None:
    """Clear from ``bw`` its thin spots near the divider bar found (``bar_mask``, at ``split``)
    that continue it on one straight line: the bar seen slanted (an outline a little askew,
    perspective), of which the vertical opening kept only a part.  Returns ``cc`` if nothing
    was cleared, else None.

    >>> bw = np.zeros((48, 96), np.uint8); bar = np.zeros_like(bw)
    >>> bar[4:26, 47:50] = 255            # the part of the bar found
    >>> bw[27:44, 50:53] = 255            # its slanted rest (centre 2.5 px off the bar's line)
    >>> bw[30:38, 20:28] = 255            # a pip
    >>> _clear_slanted_rests(bw, _components8(bw), bar, 48.0, 48) is None, int(bw[:, 40:].max()), int(bw[:, :40].max())
    (True, 0, 255)
    """
    n, lbl, st, ce = cc
    if n < 2:
        return cc
    w_, h_ = st[1:, cv2.CC_STAT_WIDTH].astype(np.float64), st[1:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    cand = np.nonzero((np.abs(ce[1:, 0] - split) < BAR_SLANT_NEAR * Wc) &
                      (h_ >= BAR_REST_THIN * np.maximum(w_, 1.0)))[0] + 1
    if not len(cand):
        return cc
    ys, xs = np.nonzero(bar_mask)
    y_lo, y_hi = int(ys.min()), int(ys.max())
    gone = []
    for k in cand:
        x, y, ww, hh = st[k, :4]
        if min(y + hh - 1, y_hi) - max(y, y_lo) + 1 > BAR_SLANT_BESIDE * hh:
            continue  # beside the bar found, not beyond its ends: a pip's piece
        yk, xk = np.nonzero(lbl[y : y + hh, x : x + ww] == k)
        if _bar_line(np.r_[ys, yk + y], np.r_[xs, xk + x], Wc) is not None:
            gone.append(k)
    if not gone:
        return cc
    bw[np.isin(lbl, gone)] = 0
    return None


#: a spinner on the bar's line lies within this many tile widths of the bar's x at the
#: middle (a line slanted by at most 0.7 over a quarter of the width, and BAR_REST)
SPINNER_NEAR = 0.3
#: a spot on the bar's line within BAR_END_NEAR tile widths of an end of the bar found, and
#: under BAR_END_AREA of the other spots' median area, is the bar's end — where the bar found
#: spans BAR_END_SPAN of the width (beside a bar found over half of it, a pip may lie there)
BAR_END_NEAR = 0.15
BAR_END_AREA = 0.6
BAR_END_SPAN = 0.6
#: a bar found inside a blob of the pip mask wider than this many tile widths (pips run
#: together, grain) is no bar to trust: the reading is unsure
BAR_BLOB_WIDE = 0.75


#: a "bar" whose blob of the pip mask is wider than BAR_COLUMN_MID tile widths in most of
#: its rows and than BAR_COLUMN_W in a quarter of them or more is a column of pips run
#: together across the tile (a Western 6's or 4's inner column beside a bar that does not
#: show: scene3d 23390, amber 6-4 and 6-5 read 4-3 and 5-3): a pip is 0.19-0.21 of the
#: width across where widest; a bar, even blurred, 0.15 or less, its spinner widens a sixth
#: of its rows at most (21365), and pips that touch it at its ends a third (the real photo
#: ab_f160's 4-4: a bar three pixels wide in most rows)
BAR_COLUMN_MID = 0.12
BAR_COLUMN_W = 0.17
#: ... and it spans BAR_COLUMN_TALL of the width or more (a 4's or a 6's column of two or
#: three pips spans 0.7 or more; a spotted back's red middle spot with a highlight's tail
#: down to the side, taken for a bar as before, less: scene3d 6366)
BAR_COLUMN_TALL = 0.6
#: ... or it lies in one spot as wide as tall to BAR_PIP_ROUND, filling BAR_PIP_FILL of its
#: box: a big round pip (the spotted back's red spot with a highlight's tail, 15 x 22 px, is
#: not)
BAR_PIP_ROUND = 0.8
BAR_PIP_FILL = 0.65
#: a column whose rows narrow to BAR_NECK of its widest rows on both sides has a neck
#: between two pips: no bar (a bar narrows only past its spinner, to its own width)
BAR_NECK = 0.6


def _pip_column(labels: np.ndarray, piece: np.ndarray, y: int, h: int, Wc: int) -> int:
    """Whether the piece ``piece`` (a boolean mask) that an opening along the width kept of
    the pip mask (labelled ``labels``) may be pips, not a divider bar: it lies in a blob
    wider than a bar in most of its rows — rows ``y`` to ``y + h`` — and as wide as a pip
    in a quarter of them, spanning BAR_COLUMN_TALL of the width (a column of pips run
    together); or in one round, solid blob (a big pip as tall as the opening: scene3d
    21265, a 1-1's big red pip at a third of the length taken for the bar, read 1-0).  Not
    where the blob is wider than BAR_BLOB_WIDE tile widths: pips run together with grain
    across much of the tile, read unsure for the bar found in it, as before (scene3d 21362,
    21513).  A bar found so is tried both ways (:func:`_read_tile`, ``column_bars``).
    Returns 0 (a bar), 1 (may be pips) or 2 (a column with a neck between its pips: a row
    narrower than BAR_NECK of the widest rows on both sides of it).

    >>> lab = np.zeros((48, 96), np.uint16)
    >>> lab[6:42, 40:49] = 1                      # a column nine pixels wide
    >>> piece = np.zeros((48, 96), bool); piece[6:42, 43:46] = True
    >>> _pip_column(lab, piece, 6, 36, 48)
    1
    >>> lab[23:25, 40:43] = 0; lab[23:25, 46:49] = 0                     # a neck at its middle
    >>> _pip_column(lab, piece, 6, 36, 48)
    2
    >>> lab[6:42, 40:49] = 0; lab[6:42, 44:47] = 1; lab[20:28, 41:50] = 1   # a bar and its spinner
    >>> _pip_column(lab, piece, 6, 36, 48)
    0
    >>> lab[:] = 0; _ = cv2.circle(lab, (44, 24), 10, 1, -1)             # one big round pip
    >>> _pip_column(lab, piece, 14, 21, 48)
    1
    """
    ks = np.unique(labels[piece])
    ks = ks[ks > 0]
    if not len(ks):
        return 0
    blob = np.isin(labels, ks)
    cols = np.nonzero(blob.any(axis=0))[0]
    bw_ = cols[-1] - cols[0] + 1
    if bw_ > BAR_BLOB_WIDE * Wc:
        return 0
    rws = np.nonzero(blob.any(axis=1))[0]
    bh_ = rws[-1] - rws[0] + 1
    if len(ks) == 1 and min(bw_, bh_) >= BAR_PIP_ROUND * max(bw_, bh_) and \
            np.count_nonzero(blob) >= BAR_PIP_FILL * bw_ * bh_:
        return 1  # (one round, solid spot)
    if h < BAR_COLUMN_TALL * Wc:
        return 0  # (shorter than two pips in a column, and not round: a spot with a tail, 6366)
    rows = blob[y : y + h].sum(axis=1)
    if not (float(np.median(rows)) > BAR_COLUMN_MID * Wc and float(np.percentile(rows, 75)) > BAR_COLUMN_W * Wc):
        return 0
    widest = np.minimum(np.maximum.accumulate(rows), np.maximum.accumulate(rows[::-1])[::-1])
    return 2 if np.any(rows < BAR_NECK * widest) else 1


def _clear_spinner_on_bar(bw: np.ndarray, cc: tuple, bar_mask: np.ndarray, split: float, Wc: int) -> tuple | None:
    """Clear from ``bw`` a small spot (under SPINNER_AREA of the median of the others) lying
    on the line of the divider bar found (``bar_mask``, within BAR_REST of a tile width),
    in the middle half of the width: the bar's spinner, off the outline's middle where the
    outline takes in a side or a strip of table — or at an end of the bar found, under
    BAR_END_AREA of it: the bar's end.  Returns ``cc`` if nothing was cleared, else None.

    >>> bw = np.zeros((48, 96), np.uint8); bar = np.zeros_like(bw)
    >>> bar[2:46, 47:50] = 255                          # the bar found
    >>> bw[29:33, 46:50] = 255                          # its spinner, 7 px below the middle
    >>> for x in (10, 70, 80): bw[8:17, x : x + 9] = 255   # pips
    >>> _clear_spinner_on_bar(bw, _components8(bw), bar, 48.0, 48) is None, int(bw[:, 40:60].max())
    (True, 0)
    """
    n, lbl, st, ce = cc
    if n < 4:
        return cc
    a_ = st[1:, cv2.CC_STAT_AREA].astype(np.float64)
    _, y_lo, _, h_b = cv2.boundingRect(bar_mask)
    y_hi = y_lo + h_b - 1
    # (in the middle half of the width, its spinner; or at an end of the bar found, its end,
    # wider than the bar and so no thin rest of it — a slanted bar's end read as a pip, 22819)
    mid = np.abs(ce[1:, 1] - Wc / 2.0) < 0.25 * Wc
    end = (np.minimum(np.abs(ce[1:, 1] - y_lo), np.abs(ce[1:, 1] - y_hi)) < BAR_END_NEAR * Wc) & (
        y_hi - y_lo >= BAR_END_SPAN * Wc)
    # (first, cheaply: such a spot small against the largest, near the bar — most faces
    # have none, and the bar's line need not be fitted)
    if not np.any(((mid & (a_ < SPINNER_AREA * a_.max())) | (end & (a_ < BAR_END_AREA * a_.max()))) &
                  (np.abs(ce[1:, 0] - split) < SPINNER_NEAR * Wc)):
        return cc
    if y_hi - y_lo < 4:
        return cc
    ys, xs = np.nonzero(bar_mask)
    sl, x0 = np.polyfit(ys.astype(np.float64), xs.astype(np.float64), 1)
    on = np.abs(ce[1:, 0] - (x0 + sl * ce[1:, 1])) < BAR_REST * Wc
    gone = [k + 1 for k in np.nonzero(on & (mid | end))[0]
            if a_[k] < (SPINNER_AREA if mid[k] else BAR_END_AREA) * float(np.median(np.delete(a_, k)))]
    if not gone:
        return cc
    bw[np.isin(lbl, gone)] = 0
    return None


#: a band along an edge of an outline whose lightness departs this much from the body's is
#: not the tile's face (its side seen in perspective, its shadow, the table) ...
SIDE_GAP = 28
#: ... when it is at least this wide (tile widths; a bevel or an edge line is thinner)
SIDE_MIN = 0.08
#: lines of table at the edge before a side band that the band may still begin after
SIDE_SKIP = 4
#: ... and then departs from the body all along but 1/SIDE_SKIP_PART of a line at either end
SIDE_SKIP_PART = 25
#: a band, with the lines of table before it, is at most this much of the outline's width
#: (a black tile's side and a strip of table beyond it, lit lighter than the side: 20310)
SIDE_MOST = 0.5
#: a body darker than SIDE_DARK_BODY (L*, 0-255): a band darker than it by SIDE_DARK_SHARE
#: of its lightness, and at least SIDE_DARK_MIN, is a side too
SIDE_DARK_BODY = 40
SIDE_DARK_SHARE = 0.5
SIDE_DARK_MIN = 6


def _side_bands(L: np.ndarray, body_L: float, Lc: int, Wc: int) -> tuple[int, int, int, int]:
    """How many pixels of the warped tile ``L`` (Wc x Lc) to cut off at its top, bottom, left
    and right: bands running the whole edge, from the edge inward, whose lightness departs
    from the body's by SIDE_GAP or more (nearly all along the edge, to one side).  A
    face seen through an outline that also holds the tile's side (a camera off vertical sees
    it), its shadow or a strip of table.  On a dark body (under SIDE_DARK_BODY) a band
    darker by SIDE_DARK_SHARE of its lightness counts too: a black tile's side is black."""
    gap_dn = SIDE_GAP if body_L >= SIDE_DARK_BODY else max(SIDE_DARK_MIN, SIDE_DARK_SHARE * body_L)

    k0 = max(3, math.ceil(SIDE_MIN * Wc))  # the narrowest band that counts

    near_up, near_dn = 0.5 * SIDE_GAP, 0.5 * gap_dn  # (a band's first lines this near the body: none)

    def band(lines: np.ndarray, rev: bool, most: int, sums: list, cache: dict) -> int:
        """The band from one edge: ``lines`` from their start (``rev``: their end) inward.
        ``sums``: the lines' running sums; ``cache``: whether each line departs, per part
        of a line (:func:`departs`), computed once for both directions."""
        nl, n = lines.shape

        def departs(part: int) -> np.ndarray:
            # (all but 1/part at either end of each line departs, and to the same side: a
            # line through a row of pips is body between them) — in order from the edge.
            # Its (n // part)-th lowest value SIDE_GAP or more above the body: at most
            # n // part values are less; its (n // part)-th highest gap_dn or more below
            # it: at most n // part values are greater (the order statistics' test, without
            # sorting the lines)
            if part not in cache:
                if "counts" not in cache:
                    dif = lines.astype(np.float64) - body_L
                    cache["counts"] = ((dif < SIDE_GAP).sum(axis=1), (dif > -gap_dn).sum(axis=1))
                below, above = cache["counts"]
                cache[part] = (below <= n // part) | (above <= n // part)
            return cache[part][::-1] if rev else cache[part]

        # (the outline may begin a line or two outside the side, on the table: the band
        # then starts there)
        for j in range(SIDE_SKIP + 1):
            b0 = min(nl, j + k0)
            # the first lines' mean, from the running sums: the same number as cv2.mean's
            # of them (the exact sum times 1 / its count of pixels)
            a_, b_ = (nl - b0, nl - j) if rev else (j, b0)
            d0 = float(sums[b_] - sums[a_]) * (1.0 / ((b_ - a_) * n)) - body_L
            if d0 < near_up if d0 >= 0 else -d0 < near_dn:
                continue  # (most outlines: their first lines are the face already)
            # (after lines of table, the band departs all along: a row of pips along the
            # edge, after lines of face, has body between its pips)
            dep = departs(6 if j == 0 else SIDE_SKIP_PART)
            if not dep[j:b0].all():
                continue
            # the band runs on while its lines depart: to the first that does not (none
            # before ``most`` lines: no band)
            rest = dep[j + k0 : max(j, min(nl, most))]
            if k0 >= most - j or rest.all():
                return 0
            return j + k0 + int(np.argmin(rest))
        return 0

    rows = L[:, int(0.2 * Lc) : int(0.8 * Lc) : 2]
    cols = L[int(0.25 * Wc) : int(0.75 * Wc) : 2, :].T
    out = []
    for lines, most in ((rows, int(SIDE_MOST * Wc)), (cols, int(0.25 * Lc))):
        sums = [0, *np.cumsum(lines.sum(axis=1, dtype=np.int64)).tolist()]
        cache: dict = {}
        out += [band(lines, False, most, sums, cache), band(lines, True, most, sums, cache)]
    return tuple(out)


def _read_tile(img: np.ndarray, corners: np.ndarray, style: str, aspect_hint: float | None,
               debug: dict | None = None, seams: bool = False, trim: bool = True,
               dark_pips: bool | None = None, high_level: bool = False, messy: bool = True,
               glare: bool = False, rim_ok: bool = True, column_bars: bool = False,
               lone: bool = False) -> _Read | None:
    """``seams``: also look for seam lines in it (a piece of a split group).  ``lone``: looked
    at for seams, yet read alone, not a piece of a group (the trimmed face of an outline read
    alone: a speck in a corner is dropped as on any tile alone, CORNER_SPECK).  ``trim``: read
    the face without bands of another lightness along its edges (_side_bands).
    ``rim_ok``: a line along its trimmed face only near a side is its rim, not a seam
    (SEAM_MID) — unless it is a piece of a group (``seams``); False for an outline fitted to
    a checked cloth's model, judged by its proportions afterwards.
    ``dark_pips``: the pips' polarity when known (else found from the face).
    ``high_level``: pips above half the strongest response (not the usual level).
    ``glare``: light pips above GLARE_LEVEL of the strongest response, down to GLARE_FLOOR
    (a face lit almost white, :func:`_clipped_pips`).
    ``column_bars``: a divider bar found that may be pips (:func:`_pip_column`: a column of
    pips run together, a big round pip) is read as pips — the second reading of a face whose
    first found such a bar (``_Read.column_bar``), taken where it reads better.
    ``messy``: a face much of which is above the level is read at the higher level too
    (a piece of a group, ``seams``, keeps that reading aside as ``high``: its big pips run
    together at the usual level lose their count, but a piece cut across two tiles may read
    whole at the higher level too — its way is tried so only when none reads clean)."""
    grainy: list[bool] | None = [] if messy and not high_level else None
    rd1 = _read_face(img, corners, style, aspect_hint, debug, seams, trim, dark_pips, high_level, grainy,
                     glare=glare, rim_ok=rim_ok, column_bars=column_bars, lone=lone)
    if rd1 is not None and rd1.column_bar and not column_bars:
        # a "bar" that may be a column of pips run together: read again with such columns
        # as pips, taken if that reads more pips and names a tile in die layouts (scene3d
        # 23390: amber 6-4 and 6-5 whose bar does not show, their 6's inner column taken for
        # it — 4-3 and 5-3 at 0.89; a real set's bar as wide as a pip, or with pips touching
        # it, read so loses pips: the photos' 6-4 and 0-0 shot darker; an unpainted set's
        # red count agrees with no 1 or 4, so its bars stay bars)
        rd_c = _read_tile(img, corners, style, aspect_hint, None, seams=seams, trim=trim, dark_pips=dark_pips,
                          high_level=high_level, messy=messy, glare=glare, rim_ok=rim_ok, column_bars=True,
                          lone=lone)
        off1 = _red_off(rd1)  # (a bar is looked for in faces only: rd1 is face up)
        off_c = _red_off(rd_c) if rd_c is not None and rd_c.face == "up" else None
        if off_c is not None and rd_c.n_pips > rd1.n_pips and rd_c.layout_ok and not rd_c.cut_pip and (
                off_c == 0 or (rd1.column_bar == 2 and off1 != 0 and (off1 is None or off_c <= off1))):
            # (and its red count agrees — or, where the column shows a neck between its pips
            # and the bar's reading's red count is off too, is off by no more: a wide bright
            # bar with its spinner read as three pips made a 6-1 with a white 1 a 6-4 with
            # no red, scene3d 19332; a 6-1 whose pale red 1 is not red, 21309, read 4-1, has
            # necks; a 4-1 read whole with its bar, 21516, stays so)
            return rd_c
        if COLUMN_SURE and off_c == 0 and rd_c.halves == (1, 1) and off1 != 0 and not rd_c.has_bar and \
                rd_c.layout_ok and _reads_whole(rd_c, 2, red=True) and \
                _name_and_confidence(rd1, True)[2] < UNCERTAIN_BELOW:
            # (or, with fewer pips, when it reads sure, without a bar, its red count right,
            # and the bar's reading unsure with its red count off: a Chinese red 1-1, one
            # big pip taken for a bar and the other for two run together — 2-1 with three
            # red, 0.32 — scene3d 24049, 24603, 25255).  A 1-1 only: a piece of a group cut
            # askew, a column of its neighbour's pips taken for a bar, read 2-1 sure so
            # (26183's 6-1 at 0.97)
            return rd_c
    if rd1 is not None and rd1.smear is not None:
        # (its spots all drawn out the same way: motion blur — read with them shrunk back;
        # _read_face looks for a smear only in a reading not whole)
        rd_s = _read_face(img, corners, style, aspect_hint, None, seams, trim, dark_pips, high_level, None,
                          smear=rd1.smear, glare=glare, rim_ok=rim_ok, lone=lone)
        if rd_s is not None and _reads_whole(rd_s):
            return rd_s
    if not grainy or (rd1 is not None and _reads_whole(rd1)):
        return rd1
    # much of the face above the level: a grainy body of a saturated colour (a* counts
    # twice), or many big pips — read at the higher level too, taken if only that reads
    # whole and has as many red pips (the pips stand far above the grain; red ones, weaker,
    # may not: a 6-4 whose 4 fell below the level reads as a whole 6-1)
    rd2 = _read_tile(img, corners, style, aspect_hint, None, seams=seams, trim=trim, dark_pips=dark_pips,
                     high_level=True, rim_ok=rim_ok, lone=lone)
    if rd2 is not None and _reads_whole(rd2) and (rd1 is None or rd1.face != "up" or rd2.red >= rd1.red):
        if seams:
            return replace(rd1, high=rd2) if rd1 is not None else None
        return _higher(rd1, rd2)
    return rd1


def _red_off(rd: _Read) -> int | None:
    """How many red pips a face-up reading's red count is off by for the tile its halves
    name (None: halves no tile has, a blank half or more than six)."""
    hi, lo = rd.halves
    if not (1 <= lo <= hi <= 6):
        return None
    return abs(red_pips_of(hi, lo) - rd.red)


def _higher(rd1: _Read | None, rd2: _Read) -> _Read:
    """The reading of a tile read on its own whose higher-level reading ``rd2`` reads whole
    (and has as many red pips as ``rd1``, the usual level's): ``rd2`` — but where it has
    fewer pips, pips dropped below the higher level (a 6-4's dull red 4 on an amber body,
    too dull to count as red: read 6-2, 23169): the usual reading where the pips of its 1
    and 4 halves, and only they, were the reddest; else ``rd2`` unsure where ``rd1`` lay in
    a die's layout.  (A piece of a group keeps ``rd2`` aside as ``high``; read on its own
    after all, or through a trimmed face read as such a piece, the choice is made here —
    scene3d 23620: an amber 6-4 read 6-1 at 0.97 through its trimmed face's ``high``.)"""
    if rd1 is not None and rd1.face == "up" and rd1.n_pips > rd2.n_pips:
        if rd1.red_rank:
            return rd1
        if rd1.layout_ok and 1 <= min(rd1.halves) and max(rd1.halves) <= 6:
            return replace(rd2, quality=min(rd2.quality, 0.5))
    return rd2


#: spots drawn out the same way: at least SMEAR_MIN of them, each SMEAR_ELONG times as long
#: as wide or more, their directions agreeing (mean resultant of the doubled angles) to
#: SMEAR_AGREE
SMEAR_MIN = 3
SMEAR_ELONG = 1.35
SMEAR_AGREE = 0.95
#: ... and are shrunk along it by this share of the blur's length estimated
SMEAR_SHRINK = 0.5


def _smear(lbl: np.ndarray, stats: np.ndarray, n: int, Wc: int) -> tuple[float, float] | None:
    """The direction and length of a motion blur shown by a face's spots (components of
    ``lbl``, pip-sized): every one drawn out the same way.  From each spot's second moments
    (a disc of diameter d blurred along a line of length b has variances d²/16 + b²/12 and
    d²/16): the mean direction and the median b."""
    if n < SMEAR_MIN + 1:
        return None
    a = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    ok = (a >= max(5.0, math.pi * (0.035 * Wc) ** 2)) & (a <= math.pi * (0.2 * Wc) ** 2 * 2)
    ok[0] = False
    if np.count_nonzero(ok) < SMEAR_MIN:
        return None
    rows = []
    for i in np.nonzero(ok)[0]:
        x, y, w_, h_ = stats[i, :4]
        mu = cv2.moments((lbl[y : y + h_, x : x + w_] == i).view(np.uint8), binaryImage=True)
        cxx, cyy, cxy = mu["mu20"] / a[i], mu["mu02"] / a[i], mu["mu11"] / a[i]
        disc = math.sqrt(max(0.0, (cxx - cyy) ** 2 / 4 + cxy * cxy))
        l1, l2 = (cxx + cyy) / 2 + disc, max(1e-6, (cxx + cyy) / 2 - disc)
        if l1 < SMEAR_ELONG * SMEAR_ELONG * l2:
            return None  # (a round spot: no blur — most faces stop at their first)
        rows.append((cxx, cyy, cxy, l1, l2))
    cxx, cyy, cxy, l1, l2 = np.array(rows).T
    ang2 = np.arctan2(2 * cxy, cxx - cyy)  # doubled angles of the long axes
    c, s_ = float(np.mean(np.cos(ang2))), float(np.mean(np.sin(ang2)))
    if math.hypot(c, s_) < SMEAR_AGREE:
        return None
    b = float(np.median(np.sqrt(12.0 * (l1 - l2))))
    return (0.5 * math.atan2(s_, c), SMEAR_SHRINK * b)


#: a pip split in two by a light streak across it: two pieces each thinner than
#: SPLIT_THIN of the crop's width (and SPLIT_LONG long or more), at most SPLIT_GAP pixels
#: apart, side by side over SPLIT_OVERLAP of the shorter's extent, together a round
#: (SPLIT_ROUND) pip's box, SPLIT_FILL of it or more
SPLIT_THIN = 0.09
SPLIT_LONG = 0.06
SPLIT_GAP = 2
SPLIT_OVERLAP = 0.6
SPLIT_ROUND = 1.5
SPLIT_FILL = 0.45


def _join_split_pips(lbl: np.ndarray, stats: np.ndarray, cents: np.ndarray, strong: np.ndarray,
                     Wc: int) -> tuple:
    """The components (and which are ``strong``) with each pip split in two by a highlight
    across it (a domed pip lit so that a light streak runs through its middle: 23133, a 4-3
    whose split pips were dropped as slivers, read as a spotted back from the three left)
    joined into one: the second piece's pixels relabelled as the first's, its stats zeroed.
    Pieces are strong and thin; the arrays are copied only when a pair joins.

    >>> bw = np.zeros((48, 100), np.uint8)
    >>> bw[10:18, 20:23] = 255; bw[10:18, 24:28] = 255    # a pip cut by a 1-px streak
    >>> n, lbl, st, ce = _components8(bw)
    >>> lbl2, st2, ce2, strong2 = _join_split_pips(lbl, st, ce, np.array([False, True, True]), 48)
    >>> st2[1].tolist(), st2[2].tolist(), strong2.tolist()
    ([20, 10, 8, 8, 56], [0, 0, 0, 0, 0], [False, True, False])
    """
    ws, hs = stats[:, 2], stats[:, 3]
    thin = strong & (np.minimum(ws, hs) < SPLIT_THIN * Wc)
    thin &= (np.maximum(ws, hs) >= SPLIT_LONG * Wc) & (np.maximum(ws, hs) <= 0.4 * Wc)
    thin[0] = False
    ids = np.nonzero(thin)[0]
    if len(ids) < 2:
        return lbl, stats, cents, strong
    copied = False
    gone: set[int] = set()
    for a_i, i in enumerate(ids):
        for j in ids[a_i + 1:]:
            if i in gone or j in gone:
                continue
            xi, yi, wi, hi, ai = (int(v) for v in stats[i])
            xj, yj, wj, hj, aj = (int(v) for v in stats[j])
            x0, y0 = min(xi, xj), min(yi, yj)
            w, h = max(xi + wi, xj + wj) - x0, max(yi + hi, yj + hj) - y0
            gap_x = max(xi, xj) - min(xi + wi, xj + wj)  # (negative: overlapping)
            gap_y = max(yi, yj) - min(yi + hi, yj + hj)
            side = (0 <= gap_x <= SPLIT_GAP and -gap_y >= SPLIT_OVERLAP * min(hi, hj)) or \
                (0 <= gap_y <= SPLIT_GAP and -gap_x >= SPLIT_OVERLAP * min(wi, wj))
            if not side or min(w, h) < SPLIT_THIN * Wc or max(w, h) > SPLIT_ROUND * min(w, h) or \
                    ai + aj < SPLIT_FILL * w * h:
                continue
            if not copied:
                lbl, stats, cents, strong = lbl.copy(), stats.copy(), cents.copy(), strong.copy()
                copied = True
            sub = lbl[yj : yj + hj, xj : xj + wj]
            sub[sub == j] = i
            cents[i] = (cents[i] * ai + cents[j] * aj) / (ai + aj)
            stats[i] = (x0, y0, w, h, ai + aj)
            stats[j] = 0
            strong[j] = False
            gone.add(int(j))
    return lbl, stats, cents, strong


def _one_pip_area(pips: list, comp_ids: list, rows: np.ndarray) -> float:
    """The median area of the spots ``pips`` taken for pips (area last in each), leaving out
    rows of three run together (``rows``, by component: along the tile — or across it too,
    where the caller says so) where there are others: the size of one pip, not of three."""
    single = [p[3] for p, k in zip(pips, comp_ids, strict=True) if not rows[k]]
    return _median_list(single or [p[3] for p in pips])


def _peaks(resp: np.ndarray, lbl: np.ndarray, box, k: int) -> list[tuple[int, float, float]]:
    """The peaks of component ``k`` (labels ``lbl``, its box ``box`` = x, y, w, h) of the
    pip response: the parts of it above 0.62 of its maximum, of 3 pixels or more, as
    (area, x, y) in the crop — pips run together split at their saddle.

    >>> resp = np.zeros((10, 20), np.uint8); resp[3:7, 2:6] = 200; resp[3:7, 10:14] = 180
    >>> resp[4:6, 6:10] = 60                                  # two pips joined by a faint neck
    >>> lbl = (resp > 0).astype(np.int32)
    >>> [(a, round(x, 1), round(y, 1)) for a, x, y in _peaks(resp, lbl, (2, 3, 12, 4), 1)]
    [(16, 3.5, 4.5), (16, 11.5, 4.5)]
    """
    x, y, w_, h_ = (int(v) for v in box[:4])
    sub = resp[y : y + h_, x : x + w_].copy()
    sub[lbl[y : y + h_, x : x + w_] != k] = 0
    _, hi = cv2.threshold(sub, 0.62 * float(sub.max()), 255, cv2.THRESH_BINARY)
    nk, _, st2, c2 = cv2.connectedComponentsWithStats(hi, connectivity=4)
    return [(int(st2[j, cv2.CC_STAT_AREA]), x + float(c2[j][0]), y + float(c2[j][1])) for j in range(1, nk)
            if st2[j, cv2.CC_STAT_AREA] >= 3]


def _peaks_are_pips(peaks: list, area: float, one_area: float) -> bool:
    """Are the peaks (_peaks: size, x, y) of a blob of ``area`` pips run together: two or
    three, of about one size (the smallest at least 0.3 of the largest: a big pip's
    highlight makes a much smaller one), and as many pips' area (0.7-1.3 of ``one_area``
    each)?

    >>> _peaks_are_pips([(9, 10, 10), (8, 20, 20)], 60.0, 30.0), _peaks_are_pips([(9, 10, 10), (2, 20, 20)], 60.0, 30.0)
    (True, False)
    """
    if not 2 <= len(peaks) <= 3:
        return False
    sizes = [p[0] for p in peaks]
    return min(sizes) >= 0.3 * max(sizes) and 0.7 <= area / (len(peaks) * one_area) <= 1.3


def _merge_close_peaks(peaks: list, one_area: float) -> list[tuple[int, float, float]]:
    """The peaks (_peaks: size, x, y) with each one closer than DIAG_RUN_APART of a pip's
    width (a pip of ``one_area``) to a bigger one taken into it — its size added, the
    bigger one's place kept: a pip's highlight splits a small peak off it a few pixels
    away.

    >>> _merge_close_peaks([(9, 10, 10), (3, 13, 10), (8, 20, 10)], 50.0)
    [(12, 10.0, 10.0), (8, 20.0, 10.0)]
    """
    apart = DIAG_RUN_APART * 2.0 * math.sqrt(one_area / math.pi)
    kept: list[list] = []
    for a, x, y in sorted(peaks, key=lambda p: -p[0]):
        near = [q for q in kept if math.hypot(q[1] - x, q[2] - y) < apart]
        if near:
            near[0][0] += a
        else:
            kept.append([a, x, y])
    return [(int(a), float(x), float(y)) for a, x, y in sorted(kept, key=lambda q: q[1])]


def _block_pips(peaks: list, area: float, one_area: float) -> list | None:
    """The pips of a blob of ``area`` that is four to six pips run into one block, from its
    peaks (_peaks: size, x, y): for n = 6, 5, 4, the peaks with those near a bigger one
    taken into it (_merge_close_peaks, for pips of area / n) are n, of about one size
    (BIG_BLOB_EVEN), a pip's width apart (_peaks_apart), each of 0.6-1.6 of ``one_area``
    (the other pips' size) — or None.

    >>> four = [(20, 10, 10), (4, 13, 10), (18, 30, 10), (19, 10, 30), (20, 30, 30)]
    >>> [(a, x, y) for a, x, y in _block_pips(four, 1200.0, 300.0)]
    [(24, 10.0, 10.0), (19, 10.0, 30.0), (20, 30.0, 30.0), (18, 30.0, 10.0)]
    """
    for n in (6, 5, 4):
        one = area / n
        if not 0.6 * one_area <= one <= 1.6 * one_area:
            continue
        got = _merge_close_peaks(peaks, one)
        sizes = [p[0] for p in got]
        if len(got) == n and min(sizes) >= BIG_BLOB_EVEN * max(sizes) and _peaks_apart(got, one):
            return got
    return None


def _peaks_apart(peaks: list, one_area: float) -> bool:
    """Do the peaks (_peaks: size, x, y) lie DIAG_RUN_APART of a pip's width (a pip of
    ``one_area``) apart or more, each pair — as touching pips do (a pip's highlight or
    grain splits its peak a few pixels apart)?

    >>> _peaks_apart([(9, 10, 10), (8, 20, 10)], 50.0), _peaks_apart([(9, 10, 10), (8, 13, 10)], 50.0)
    (True, False)
    """
    apart = DIAG_RUN_APART * 2.0 * math.sqrt(one_area / math.pi)
    return all(math.hypot(p[1] - q[1], p[2] - q[2]) >= apart for i, p in enumerate(peaks) for q in peaks[i + 1:])


def _solid_area(lbl: np.ndarray, box, k: int, one_area: float) -> int:
    """The area of component ``k`` (labels ``lbl``, its box ``box``) left after an opening
    by a disc SOLID_OPEN of a pip of ``one_area`` wide: its round parts, without the thin
    wisps a textured body or a cloth's dots beside the outline add to pips run together.

    >>> m = np.zeros((20, 30), np.uint8); _ = cv2.circle(m, (7, 9), 4, 1, -1); _ = cv2.circle(m, (17, 9), 4, 1, -1)
    >>> round_parts = int(m.sum()); m[9, 7:18] = 1; m[0:5, 7] = 1; m[13:20, 21] = 1   # a neck, two wisps: gone, and a few edge pixels
    >>> lbl = m.astype(np.int32)
    >>> round_parts, int(lbl.sum()), _solid_area(lbl, (3, 0, 19, 20), 1, 50.0)
    (98, 111, 94)
    """
    x, y, w_, h_ = (int(v) for v in box[:4])
    m = (lbl[y : y + h_, x : x + w_] == k).astype(np.uint8)
    d = max(3, int(round(SOLID_OPEN * 2.0 * math.sqrt(one_area / math.pi))))
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d))
    m = cv2.copyMakeBorder(m, d, d, d, d, cv2.BORDER_CONSTANT)
    return int(cv2.countNonZero(cv2.morphologyEx(m, cv2.MORPH_OPEN, ker)))


def _line_kernel(angle: float, length: float) -> np.ndarray:
    """A line of ``length`` pixels at ``angle`` (radians) as a structuring element."""
    k = max(1, int(round(length)))
    k += 1 - k % 2
    ker = np.zeros((k, k), np.uint8)
    c = (k - 1) / 2.0
    dx, dy = c * math.cos(angle), c * math.sin(angle)
    cv2.line(ker, (int(round(c - dx)), int(round(c - dy))), (int(round(c + dx)), int(round(c + dy))), 1, 1)
    return ker


def _without(gone, *lists: list) -> tuple[list, ...]:
    """Each of ``lists`` (parallel: one entry per spot) without the entries at the indices
    ``gone``.

    >>> _without({1}, ["a", "b", "c"], [1, 2, 3])
    (['a', 'c'], [1, 3])
    """
    return tuple([x for i, x in enumerate(lst) if i not in gone] for lst in lists)


#: a 1-1 read with its red count off whose pip lies more than this share of the width off
#: the middle line is unsure: a 1's pip is centred (the right ones read so on 20 ranges lie
#: within 0.21), a spotted back's outer spots 0.22 of the width off it, and more on an
#: outline that takes in the side
ONE_ONE_OFF = 0.24
#: an outline snapped this much shorter (or more) than the proposal's own, that lost pips
#: the proposal's held whole, gives the proposal's reading back (_refine_lost_pips)
REFINE_SHORTER = 0.95
#: a spot at least this far (crop pixels) from every edge of the outline is no pip it cuts
CUT_CLEAR = 2


def _read_face(img: np.ndarray, corners: np.ndarray, style: str, aspect_hint: float | None,
               debug: dict | None, seams: bool, trim: bool, dark_pips: bool | None, high_level: bool,
               grainy: list | None, smear: tuple[float, float] | None = None, glare: bool = False,
               rim_ok: bool = True, column_bars: bool = False, lone: bool = False) -> _Read | None:
    """One reading of the outline ``corners`` (see :func:`_read_tile`, which reads a grainy
    face again; ``rim_ok`` and ``lone`` as there).  ``grainy``: True is added to it when much of the face
    (MESSY_SHARE) lies above the pips' level."""
    d_long = float(np.linalg.norm(corners[1] - corners[0]))
    d_short = float(np.linalg.norm(corners[2] - corners[1]))
    aspect = d_long / max(1.0, d_short)
    aspect = min(3.0, max(1.6, aspect))
    Wc = CANON_W
    Lc = int(round(Wc * aspect))
    dst = np.float32([[0, 0], [Lc, 0], [Lc, Wc], [0, Wc]])
    M = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    crop = cv2.warpPerspective(img, M, (Lc, Wc), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab)
    L = lab[..., 0]
    inner, ker, vk, m = _canon_masks(Wc, Lc)
    core = lab[m:-m:2, m:-m:2]
    body_L = _median_u8(core[..., 0])
    body_a = _median_u8(core[..., 1])
    lab_r = lab
    if _blueness(body_a, _median_u8(core[..., 2])) < -BLUE_BODY:
        # a blue body: redness measured on a* only where the hue is not blue (its a* is as
        # high as a red pip's, _redness)
        lab_r = _redness(lab)
        body_a = _median_u8(lab_r[m:-m:2, m:-m:2, 1])
    if trim:
        # (a piece of a group too: the group's outline takes in the sides at its rim; the
        # trimmed face is still searched for seams, which tell a wrong split)
        t, b, lf, rt = _side_bands(L, body_L, Lc, Wc)
        if t or b or lf or rt:
            # (against the body's commonest lightness: big pips move a median)
            hist = np.convolve(np.bincount(core[..., 0].ravel(), minlength=256), np.ones(9), "same")
            t, b, lf, rt = _side_bands(L, float(np.argmax(hist)), Lc, Wc)
        if t or b or lf or rt:
            lo_ = (Lc - lf - rt) * d_long / Lc
            sh_ = (Wc - t - b) * d_short / Wc
            if 1.6 <= max(lo_, sh_) / max(1.0, min(lo_, sh_)) <= 3.2 and sh_ <= lo_:
                face = np.float32([[lf, t], [Lc - rt, t], [Lc - rt, Wc - b], [lf, Wc - b]]).reshape(-1, 1, 2)
                inner_c = cv2.perspectiveTransform(face, np.linalg.inv(M)).reshape(4, 2)
                # (what is left must not be two tiles' parts side by side: a seam along it —
                # on an outline of its own, one along its middle: SEAM_MID)
                rd = _read_tile(img, inner_c, style, aspect_hint, debug, seams=True, trim=False,
                                dark_pips=dark_pips, column_bars=column_bars,
                                lone=(lone or not seams) and CORNER_IN_TRIM)
                if rd is not None and rd.seam_along:
                    if seams or not rim_ok or not rd.seam_side:
                        return None
                    rd = replace(rd, seam_along=False, seam_side=False)
                return rd
    # pips are the minority that departs from the body: darker or lighter?
    # the pips' lightness against the body's, counted away from the outline's edges (a side
    # or a shadow taken in along an edge is darker than the face, whatever its pips)
    mid_at = (slice(int(0.2 * Wc), Wc - int(0.2 * Wc)), slice(int(0.1 * Lc), Lc - int(0.1 * Lc)))
    mid = L[mid_at]
    if dark_pips is None:
        dark_ = cv2.compare(mid, body_L - 30, cv2.CMP_LT)
        light_ = cv2.compare(mid, body_L + 30, cv2.CMP_GT)
        if lab_r is not lab:
            # (on a blue body a red pip is a light one, whatever its lightness: its redness
            # stands out, _pip_response; and what is darker but blue is the body's shade,
            # no dark pip — those are black.  Scene3d 26437: a 4-4 of red pips darker than
            # its body read for dark pips, its sides taken for them)
            red_ = cv2.compare(lab_r[mid_at][..., 1], body_a + 30, cv2.CMP_GT)
            lab_mid = lab[mid_at]
            shade_ = (_blueness(lab_mid[..., 1], lab_mid[..., 2]) < -BLUE_SHADE).view(np.uint8) * np.uint8(255)
            light_ = cv2.bitwise_or(light_, red_)
            dark_ = cv2.bitwise_and(dark_, cv2.bitwise_not(cv2.bitwise_or(red_, shade_)))
        chosen = cv2.countNonZero(dark_) >= cv2.countNonZero(light_)
    else:
        chosen = dark_pips
    resp = _pip_response(lab_r, ker, chosen)
    resp_all = resp
    resp = cv2.bitwise_and(resp, inner)
    thr = _pip_level(resp)
    if high_level:
        thr = max(thr, HIGH_LEVEL * float(resp.max()))
    elif glare:
        thr = max(GLARE_FLOOR, GLARE_LEVEL * float(resp.max()))
    _, bw = cv2.threshold(resp, thr, 255, cv2.THRESH_BINARY)
    redm = None  # (the red pixels: made here for a black face of light pips, else below)
    if not chosen and not high_level and body_L < RED_LOW_BODY:
        # light pips: a red pip on a black body stands out by its redness, weaker than a white
        # pip's lightness — at the level the white ones set only its peak may be above it, a
        # speck narrower than a pip (24100's dim red 4 left one pip: a 4-2 read 2-1).  Such a
        # speck, red, is taken at RED_LOW of the level (its red pixels there) when it is a
        # round pip's size so; a red pip already a pip's width stays as it is (bright ones,
        # so grown, would take in their glow and run together)
        redm = _red_pixels(lab_r, body_a)
        low = cv2.bitwise_and(cv2.compare(resp, RED_LOW * thr, cv2.CMP_GE), redm)
        if cv2.countNonZero(low):
            nb_, lb_, sb_, _ = _components8(bw)
            nl_, ll_, sl_, _ = _components8(low)
            speck = np.minimum(sb_[:, 2], sb_[:, 3]) < SPECK_W * Wc
            on = (ll_ > 0) & (lb_ > 0)
            lo_ids, b_ids = ll_[on], lb_[on]
            grow = np.zeros(nl_, bool)
            grow[lo_ids[speck[b_ids]]] = True
            grow[lo_ids[~speck[b_ids]]] = False  # (holding a blob a pip's width already)
            # (and round and pip-sized so taken: a red side along the outline's edge is not)
            grow &= _pip_sized(*(sl_[:, i].astype(np.float64) for i in (2, 3, 4)), Wc)
            grow[0] = False
            if grow.any():
                bw = cv2.bitwise_or(bw, (grow[ll_]).astype(np.uint8) * np.uint8(255))
    if RIM_OPEN and redm is None:
        redm = _red_pixels(lab_r, body_a)
    bw = _fill_rims(bw, Wc, redm)
    if RED_WEAK and chosen and not high_level:
        bw = _weak_red_pips(bw, resp, lab_r, redm, body_L, body_a, inner, thr, Wc, Lc, m)
    if smear is not None:
        bw = cv2.erode(bw, _line_kernel(*smear))
    if grainy is not None and cv2.countNonZero(bw) > MESSY_SHARE * cv2.countNonZero(inner):
        grainy.append(True)
    # a pip that the outline cuts through: the outline is wrong (too narrow or shifted), and
    # what is counted inside it cannot be trusted
    cut_pip = False
    _, bw_all = cv2.threshold(resp_all, thr, 255, cv2.THRESH_BINARY)
    na, la, sa, _ = _components8(bw_all)
    # round, pip-sized spots not centred inside (a whole pip is): the candidates, in order
    xs_, ys_, ws_, hs_, as_ = (sa[:, i].astype(np.float64) for i in range(5))
    cand = _pip_sized(ws_, hs_, as_, Wc)
    cy_, cx_ = ys_ + hs_ / 2, xs_ + ws_ / 2
    cand &= ~((m < cy_) & (cy_ < Wc - m) & (2 * m < cx_) & (cx_ < Lc - 2 * m))
    # (and a spot clear of the outline's edges is whole, whatever its place: a Western
    # tile's pips lie close to its ends)
    cand &= (xs_ < CUT_CLEAR) | (ys_ < CUT_CLEAR) | (xs_ + ws_ > Lc - CUT_CLEAR) | (ys_ + hs_ > Wc - CUT_CLEAR)
    cand[0] = False
    for k in np.nonzero(cand)[0]:
        x, y, w_, h_, a_ = sa[k]
        sub_in = inner[y : y + h_, x : x + w_][la[y : y + h_, x : x + w_] == k]
        share = np.count_nonzero(sub_in) / max(1, a_)
        if 0.25 <= share <= 0.7:
            cut_pip = True
            break
    # a line right across the piece, edge to edge, away from its ends, or one along most of
    # its length, away from its sides: the seam between two tiles (a piece cut in the wrong
    # place), never part of one tile
    line_across = seam_along = seam_side = False
    mid_run = 0.0
    if seams:
        across = cv2.morphologyEx(bw_all[:, int(0.12 * Lc) : int(0.88 * Lc) + 1], cv2.MORPH_OPEN,
                                  cv2.getStructuringElement(cv2.MORPH_RECT, (1, Wc - 4)))
        # (a seam is fainter than pips: half the pips' level, and a row of pips covers much less)
        weak = cv2.dilate(cv2.compare(resp_all, 0.5 * thr, cv2.CMP_GT), np.ones((3, 1), np.uint8))
        # (pips — strong and short — are no seam, though a blurred row of them looks like one)
        short = np.nonzero(sa[1:, cv2.CC_STAT_WIDTH] < 0.55 * Lc)[0] + 1
        if len(short):
            weak[cv2.dilate(_label_mask(la, na, short).astype(np.uint8), _K3) > 0] = 0
        y0 = int(0.12 * Wc)  # (the first row looked at for a seam along)
        along = weak[y0 : int(0.88 * Wc) + 1, int(0.05 * Lc) : int(0.95 * Lc)]
        line_across = cv2.countNonZero(across) > 0
        mid_run = _mid_run(resp_all, MID_LEVEL * thr, Lc, Wc)
        rows_on = along.mean(axis=1) >= 0.92 * 255 if along.size else np.zeros(0, bool)
        seam_along = bool(rows_on.any())
        if seam_along:
            y_on = np.nonzero(rows_on)[0] + y0
            seam_side = not bool(np.any(np.abs(y_on - 0.5 * Wc) <= 0.5 * SEAM_MID * Wc))
    # divider bar: a vertical run across the width near the middle
    bar_len = int(0.42 * Wc)
    has_bar = bar_through = False
    split = Lc / 2.0
    bar = cv2.morphologyEx(bw, cv2.MORPH_OPEN, vk) if style != "chinese" else None
    bar_mask = None
    column_bar = 0  # (the bar found may be a column of pips: _Read.column_bar)
    slope = 0.0  # the bar's slant: its x moves by slope per pixel across the tile
    cc_bw = None  # (the components of bw: made when a bar candidate is to be judged)
    if bar is not None and cv2.countNonZero(bar):
        nb, lb, sb, cb = _components8(bar)
        best = None
        for k in range(1, nb):
            x, y, w_, h_, a_ = sb[k]
            cxk = cb[k][0]
            if BAR_FROM * Lc <= cxk <= (1.0 - BAR_FROM) * Lc and w_ <= 0.25 * Wc and h_ >= bar_len:
                if best is None or h_ > best[1]:
                    if cc_bw is None:
                        cc_bw = _components8(bw)
                    column = _pip_column(cc_bw[1], lb == k, y, h_, Wc)
                    if column and column_bars:
                        continue
                    best = (cxk, h_, k, column)
        if best is not None:
            split = float(best[0])
            bar_mask = (lb == best[2]).astype(np.uint8) * 255
            column_bar = best[3]
    cc = None  # the components of bw, while bw stays as it is
    thin_rows = 0  # (the rows a thin bar found by _thin_bar covers)
    if bar_mask is None and bar is not None:
        # a bar seen slanted (a sheared outline, motion blur) or broken by a spinner
        cc = cc_bw if cc_bw is not None else _components8(bw)  # (bw is as it was)
        found = _broken_bar(bw, Lc, Wc, cc)
        if found is not None:
            split, slope, bar_mask = found
        else:
            thin_bar = _thin_bar(bw, Lc, Wc)
            if thin_bar is not None:
                # a bar run into its spinner: its pieces, its spinner and what is left of it
                # are no pips — but a bar found so does not judge the tile (has_bar, the
                # split: a faint bar's pieces are found where a set's bars mostly do not show)
                x_t, slope_t, mask_t = thin_bar
                thin_rows = int(np.count_nonzero(mask_t.any(axis=1)))
                # (grown by a pixel: the openings that found it, of even lengths, may leave
                # it a pixel off the mask's own)
                bw = cv2.bitwise_and(bw, cv2.bitwise_not(cv2.dilate(mask_t, _K3SQ)))
                cc = _clear_spots_at(bw, _components8(bw), x_t, Wc / 2.0, BAR_CLEAR * Wc)
                cc = _clear_bar_rests(bw, cc if cc is not None else _components8(bw), x_t, slope_t, Wc)
    bar_in_blob = False
    if bar_mask is not None:
        has_bar = True
        # (a bar found inside a blob much wider than a bar: 23016, a blue 5-3 whose 5 ran
        # into one blob with the grain round it, a "bar" found in it at 0.68 of the length,
        # read 1-0 at 0.9 — BAR_BLOB_WIDE)
        if cc is not None:  # (pieces of blobs of bw, _broken_bar: its components made)
            _, l_b, s_b, _ = cc
            ks = np.unique(l_b[bar_mask > 0])
            ks = ks[ks > 0]
            blob_w = int(s_b[ks, cv2.CC_STAT_WIDTH].max()) if len(ks) else 0
        else:  # (one piece of bw opened, inside one blob of bw: its box by a flood fill)
            y_b, x_b = np.argwhere(bar_mask)[0]
            blob_w = cv2.floodFill(bw, np.zeros((Wc + 2, Lc + 2), np.uint8), (int(x_b), int(y_b)), 0,
                                   flags=8 | cv2.FLOODFILL_MASK_ONLY)[3][2]
        bar_in_blob = blob_w > BAR_BLOB_WIDE * Wc
        if seams:
            ys_, xs_ = np.nonzero(bar_mask)
            kb = int(la[ys_[len(ys_) // 2], xs_[len(xs_) // 2]])
            bar_through = line_across or (kb > 0 and sa[kb, cv2.CC_STAT_HEIGHT] >= Wc - 2)
        # remove the bar from the pip mask, and whatever lies on its line: no pip sits on
        # the bar, but a spinner (the brass pin at its middle) and pieces of the bar do
        bw = cv2.bitwise_and(bw, cv2.bitwise_not(bar_mask))
        bw = cv2.morphologyEx(bw, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3)))
        cc = _clear_spots_at(bw, _components8(bw), split, Wc / 2.0, BAR_CLEAR * Wc)
        cc = _clear_bar_rests(bw, cc if cc is not None else _components8(bw), split, slope, Wc)
        cc = _clear_slanted_rests(bw, cc if cc is not None else _components8(bw), bar_mask, split, Wc)
        cc = _clear_spinner_on_bar(bw, cc if cc is not None else _components8(bw), bar_mask, split, Wc)
    elif style == "western":
        # a Western tile with no bar seen (too faint): still none of its pips sits at the
        # middle, where the bar crosses — a spot there is its spinner
        cc = _clear_spots_at(bw, cc if cc is not None else _components8(bw), Lc / 2.0, Wc / 2.0, BAR_CLEAR * Wc)
    if debug is not None:
        debug.update(crop=crop, resp=resp, bw=bw.copy(), split=split, has_bar=has_bar)
    n, lbl, stats, cents = cc if cc is not None else _components8(bw)
    # (a component is strong where its response stands well clear of the level somewhere)
    strong = np.zeros(n, bool)
    strong[lbl[resp >= PIP_PEAK * thr]] = True
    lbl, stats, cents, strong = _join_split_pips(lbl, stats, cents, strong, Wc)
    pip_r_min = 0.035 * Wc
    amin = max(5.0, math.pi * pip_r_min * pip_r_min)
    amax = math.pi * (0.2 * Wc) ** 2
    pips: list[tuple[float, float, bool, float]] = []
    stats_of = []
    comp_ids = []
    ws_, hs_, as_ = (stats[:, i].astype(np.float64) for i in (2, 3, 4))
    # a pip is round (or two or three run together); thin lines are edges and bevels
    long_, short_ = np.maximum(ws_, hs_), np.maximum(1.0, np.minimum(ws_, hs_))
    # (a row of three big pips run together, across a Western tile's half, is longer than
    # any one blob is allowed: it is kept when it is three round pips long and has their area)
    # (the rings round its pips make it up to 4.3 widths long — then it has at least their
    # area: a thin line, a bar, has less)
    k_row = long_ / short_
    # (or along it, within a half: a Chinese 6's rows of three, big pips close together)
    along3 = (long_ > 0.95 * Wc) & (ws_ > hs_) & (ws_ <= ROW3_ALONG * Lc)
    row3 = (k_row >= 2.5) & (k_row <= ROW3_LONG) & (short_ >= 0.15 * Wc) & ((long_ <= 0.95 * Wc) | along3) & \
        (as_ >= np.where(k_row < 3.5, 0.6, 0.8) * 0.785 * short_ * short_ * 3) & \
        (as_ <= 1.4 * 0.785 * short_ * short_ * 3)
    # (a row of three oval pips — long along the row: up to ROW3_OVAL_LONG times as long as
    # wide, more than round pips' area for its width, filling an oval's share of its box —
    # where it splits at its saddles into three peaks of about one size: 22793's and
    # 23202's 6-1, a 6 of two such rows, one 4.6 times as long as wide or 330 pixels for 10
    # wide left out — read 3-1 at 0.89)
    for k in np.nonzero(~row3 & (k_row >= 2.5) & (k_row <= ROW3_OVAL_LONG) & ((long_ <= 0.95 * Wc) | along3) &
                        (short_ >= 0.15 * Wc) & (as_ >= 0.6 * ws_ * hs_) & (as_ <= 0.9 * ws_ * hs_))[0]:
        if k > 0 and strong[k]:
            sizes = [p_[0] for p_ in _peaks(resp, lbl, stats[k], k)]
            row3[k] = len(sizes) == 3 and min(sizes) >= 0.5 * max(sizes)
    keep = (as_ >= amin) & ~((as_ > 3.5 * amax) | ((long_ > 0.75 * Wc) & ~row3)) & \
        ~((np.minimum(ws_, hs_) < SPECK_W * Wc) | (as_ < 0.35 * ws_ * hs_))
    # a sliver along the outline's edge (the tile's side or the table where the outline is
    # a little off) is no pip: longer than twice its width, the area of less than one and
    # a half pips (not pips run together), lying against the inner margin ...
    # and along it (a pip cut into strips by a divider bar's removal lies across the edge)
    # (the components against the inner margin at an end of the outline, or at a side)
    x0s, y0s = stats[:, 0], stats[:, 1]
    at_end = (x0s <= m + 1) | (x0s + stats[:, 2] >= Lc - m - 1)
    at_side = (y0s <= m + 1) | (y0s + stats[:, 3] >= Wc - m - 1)
    along = (at_end & (hs_ >= SLIVER * np.maximum(ws_, 1.0))) | (at_side & (ws_ >= SLIVER * np.maximum(hs_, 1.0)))
    keep &= ~(along & (as_ < 1.5 * math.pi * (0.09 * Wc) ** 2))
    keep[0] = False
    # small pips (a set's small pips on a tile far off): some are a pixel narrower than the
    # rest and fall under SPECK_W — a strong spot dropped for that alone, as big and as
    # round as the pips kept, is one of them (24607's 5-5 read 5-2 at 0.97, the three pips
    # at one end 4 pixels wide, the others 5)
    kept_ = np.nonzero(keep & strong)[0]
    if len(kept_) >= 3:
        # (_median_list: np.median's number for these few float64 values, without its overhead)
        med_s, med_a = _median_list(short_[kept_].tolist()), _median_list(as_[kept_].tolist())
        if med_s < SPECK_W * Wc + SMALL_PIP_SIDE:
            keep |= strong & ~keep & ~along & (short_ < SPECK_W * Wc) & (short_ >= med_s - 1) & \
                (long_ <= _median_list(long_[kept_].tolist()) + 1) & (as_ >= SMALL_PIP_AREA * med_a) & \
                (as_ <= med_a / SMALL_PIP_AREA) & (as_ >= 0.6 * ws_ * hs_)
            keep[0] = False
    # a speck in a corner of the outline, far smaller than the pips kept, is no pip: the
    # tile's side or the table where the outline's corner is a little off, or a piece of a
    # neighbour's pip — no whole pip of the tile lies in the corner (25048: a Chinese 1-1,
    # its big red pips, a speck of its dark side by one end read 2-1 at 0.97).  Not in a
    # piece of a group: there a piece of a neighbour's pip tells a way cut wrong, and a
    # piece read cleaner without it won over the right way (24054: a row of four lost)
    kept_ = np.nonzero(keep)[0]
    if len(kept_) >= 3 and (not seams or lone):
        # (or its box within CORNER_NEAR of a tile's width of an end and of a side: 26253's
        # 1-1 on green cloth, the cloth's rim at a corner 5 pixels in, read 2-1 at 0.85
        # — under CORNER_NEAR_SPECK of the median: 23210's pip of a 4 that the outline
        # cuts there, 0.21 of it, is a pip)
        corner_reach = max(m + 1, CORNER_NEAR * Wc)
        in_corner = ((x0s <= corner_reach) | (x0s + stats[:, 2] >= Lc - corner_reach)) & \
            ((y0s <= corner_reach) | (y0s + stats[:, 3] >= Wc - corner_reach))
        med_k = _median_list(as_[kept_].tolist())
        keep &= ~((at_end & at_side & (as_ < CORNER_SPECK * med_k)) | (in_corner & (as_ < CORNER_NEAR_SPECK * med_k)))
        keep[0] = False
    kept_ = np.nonzero(keep)[0]
    if SLIVER_LONG and len(kept_) >= 3:
        # a thin blob far longer than wide, of no more than a pip's area, among round pips:
        # the tile's side or the table where the outline runs past an end, no pip (pips
        # smeared by motion are all drawn out alike)
        med_k, med_r = _median_list(as_[kept_].tolist()), _median_list(k_row[kept_].tolist())
        keep &= ~((k_row >= SLIVER_LONG) & (k_row >= 2.0 * med_r) & ~row3 & ~along3 & (as_ < 1.6 * med_k))
        keep[0] = False
    # red: a* (and not too light) against the body, of a red hue (b* not far below
    # neutral: a blue pip has a* above neutral too), around the pip's centre or over a
    # good share of its box (a ring pip, painted round its rim, or a highlight on a
    # domed pip does not show its colour at the centre)
    if redm is None:
        redm = _red_pixels(lab_r, body_a)
    # per component: the red pixels in its box, and whether its strongest response stands
    # well clear of the level
    ii = cv2.integral(redm // 255)
    x0_, y0_ = stats[:, 0], stats[:, 1]
    x1_, y1_ = x0_ + stats[:, 2], y0_ + stats[:, 3]
    n_red = ii[y1_, x1_] - ii[y0_, x1_] - ii[y1_, x0_] + ii[y0_, x0_]
    for k in np.nonzero(keep)[0]:
        a_ = stats[k, 4]
        if not strong[k] and n_red[k] < 0.3 * a_:
            # no pip: a pip's centre stands well clear of the level (texture, grain); a red
            # one on a dark body may not (its response is its redness, weaker)
            continue
        stats_of.append(stats[k])
        comp_ids.append(k)
        pips.append((float(cents[k][0]), float(cents[k][1]), False, float(a_)))
    if len(pips) > SPINNER_AMONG and not has_bar:
        # a spot at the very middle, much smaller than the pips round it, is a bar's
        # spinner (a bar too faint to be seen; no face has a pip there — a spotted back's
        # middle spot has two beside it, not four or more)
        mid_a = _one_pip_area(pips, comp_ids, along3)
        at_mid = [i for i, p in enumerate(pips) if
                  abs(p[0] - Lc / 2.0) < BAR_CLEAR * Wc and abs(p[1] - Wc / 2.0) < BAR_CLEAR * Wc]
        gone = [i for i in at_mid if pips[i][3] < SPINNER_AREA * mid_a or (
                pips[i][3] < SPINNER_BRASS_AREA * mid_a and _brass_spot(lab, lbl, comp_ids, i))]
        if gone:
            pips, stats_of, comp_ids = _without(gone, pips, stats_of, comp_ids)
    if len(pips) >= 3:
        # two small spots closer than a pip's size: one pip in pieces (a ring painted round
        # its rim, broken where it is faint) — one pip, at their joint centre
        mid_a = _one_pip_area(pips, comp_ids, along3)
        reach = FRAGMENT_REACH * math.sqrt(4.0 * mid_a / math.pi)
        small_ = [i for i, p in enumerate(pips) if p[3] < FRAGMENT_AREA * mid_a]
        gone = set()
        for i in small_:
            for j in small_:
                if j <= i or i in gone or j in gone:
                    continue
                (xi, yi, _, ai), (xj, yj, _, aj) = pips[i], pips[j]
                if math.hypot(xi - xj, yi - yj) < reach and ai + aj <= 1.3 * mid_a:
                    keep_, drop_ = (i, j) if ai >= aj else (j, i)
                    pips[keep_] = ((xi * ai + xj * aj) / (ai + aj), (yi * ai + yj * aj) / (ai + aj), False, ai + aj)
                    gone.add(drop_)
        if gone:
            pips, stats_of, comp_ids = _without(gone, pips, stats_of, comp_ids)
    if len(pips) >= 2:
        # pips run together along a diagonal (the 5's middle three, big pips close): a blob
        # filling little of its box, left out above — where a higher level splits it into
        # two or three peaks and it has as many pips' area, those are pips
        # (its peaks well inside the outline: a shadow or side along an edge splits too; and
        # not where a pip read is itself of several of its peaks' area, counted as one,
        # unless alone in its half — a Chinese 1 is big: unsure then)
        # (the size of one pip without rows of three, along the tile or across it — a
        # blurred 6's streaks beside a 5's diagonal, 21304 —, nor is a row "a pip of several
        # peaks' area"; and up to three pips' area and the necks between them: the 1.3 of
        # each that _peaks_are_pips allows)
        rows3 = along3 | row3
        mid_a = _one_pip_area(pips, comp_ids, rows3)
        cands_ = np.nonzero(~keep & strong & (as_ >= 1.6 * mid_a) & (as_ <= 3.9 * mid_a) &
                            (as_ < RUN_BOX_FILL * ws_ * hs_) & (long_ <= Wc))[0]
        for k in cands_:
            peaks = _peaks(resp, lbl, stats[k], k)
            if PEAKS_MERGE and len(peaks) > 3:
                # (each pip's highlight split off a small peak of its own, a few pixels from
                # it: 32329's blurred 5-3, its 3 and the 5's diagonal each one blob of five
                # or six peaks — read 2-0)
                peaks = _merge_close_peaks(peaks, mid_a)
            if not _peaks_are_pips(peaks, float(stats[k, 4]), mid_a):
                continue
            e_ = 0.15 * Wc
            xs_p = [px for _a, px, _y in peaks]
            one_a = float(stats[k, 4]) / len(peaks)
            if any(p[3] > SPLIT_AREA * one_a and not rows3[j] and sum((q[0] < split) == (p[0] < split) for q in pips) > 1
                   for p, j in zip(pips, comp_ids, strict=True)):
                continue  # (a pip of several peaks' area, not alone in its half)
            if all(e_ <= px <= Lc - e_ and e_ <= py <= Wc - e_ for _a, px, py in peaks) and (
                    min(xs_p) > split + 0.07 * Lc or max(xs_p) < split - 0.07 * Lc):  # (within a half)
                for _a, px, py in peaks:
                    stats_of.append(stats[k])
                    comp_ids.append(k)
                    pips.append((px, py, False, one_a))
                keep[k] = True
    elif len(pips) == 1 and LONE_DIAG:
        # a lone pip in one half and, in the other, two or three pips run together on a
        # diagonal (small pips close, blurred: 26218's blue 3-1s read 1-0): no other pips
        # tell one pip's size — the blob's own peaks do (two or three of one size: each the
        # blob's area over their number, _peaks_are_pips), a pip's width apart
        # (the lone pip inside its half: a spotted back's middle spot at the centre, its
        # end spots run into rings, is no 1 — scene3d 21659)
        e_ = 0.15 * Wc
        # (as long as a half: a 3 of big pips corner to corner is longer than the width —
        # 31615's 3-1s read 1-0 — LONE_DIAG_HALF)
        reach_ = max(Wc, LONE_DIAG_HALF * Lc) if LONE_DIAG_HALF else Wc
        for k in np.nonzero(~keep & strong & (as_ < LONE_DIAG_FILL * ws_ * hs_) & (long_ <= reach_))[0]:
            peaks = _peaks(resp, lbl, stats[k], k)
            if PEAKS_MERGE and len(peaks) > 3:
                # (a highlight's small peak beside each pip: 32329's 3-1, read 1-0)
                peaks = _merge_close_peaks(peaks, float(as_[k]) / 3.0)
            one_a = float(as_[k]) / max(1, len(peaks))
            if not _peaks_are_pips(peaks, as_[k], one_a):
                continue
            xs_p = [px for _a, px, _y in peaks]
            if amin <= one_a <= min(amax, LONE_DIAG * pips[0][3]) and _peaks_apart(peaks, one_a) and \
                    all(e_ <= px <= Lc - e_ and e_ <= py <= Wc - e_ for _a, px, py in peaks) and (
                        (min(xs_p) > split + 0.07 * Lc and pips[0][0] < split - LONE_DIAG_OFF * Lc) or
                        (max(xs_p) < split - 0.07 * Lc and pips[0][0] > split + LONE_DIAG_OFF * Lc)):
                for _a, px, py in peaks:
                    stats_of.append(stats[k])
                    comp_ids.append(k)
                    pips.append((px, py, False, one_a))
                keep[k] = True
                break
    quality = 0.5 if cut_pip or bar_in_blob else 1.0
    suspects: list[int] = []  # blobs counted as several pips no bigger than the single ones
    q_once = quality  # the quality were they counted a pip fewer
    left_any = False
    if pips:
        med = _one_pip_area(pips, comp_ids, along3)
        # (one pip's area for pips run together on a diagonal: the round spots' — such a
        # pair fills little of its box — where two or more are round; a 3-3 whose two 3s
        # each ran into a pair and a pip has a median of a pair's and a pip's: 22260)
        # (the boxes as plain ints, at once: the same numbers without numpy's per-item cost)
        boxes_wh = np.array(stats_of)[:, 2:4].tolist()
        rounds = [p[3] for p, (w_, h_) in zip(pips, boxes_wh, strict=True)
                  if p[3] >= ROUND_FILL * w_ * h_ and max(w_, h_) <= 1.45 * min(w_, h_)]
        med_d = min(med, _median_list(rounds)) if len(rounds) >= 2 else med
        counted = []
        big_parts: dict[int, list] = {}  # blobs of many pips' area split at their peaks
        split_ids = {k for k, n_ in Counter(comp_ids).items() if n_ > 1}  # (blobs split above into pips)
        for idx, (_cx, _cy, _, a_) in enumerate(pips):
            k = 1
            comp = stats_of[idx]
            peaks = None  # (the blob's peaks, found once where a test below needs them)
            elong = max(comp[2], comp[3]) / max(1, min(comp[2], comp[3]))
            if comp_ids[idx] in split_ids:
                pass  # (a peak of a blob split above: one pip)
            elif elong > 1.45 and comp[4] > 1.5 * math.pi * (0.09 * Wc) ** 2:
                # pips run together (blur): a saddle between them splits at a higher level
                peaks = _peaks(resp, lbl, comp, comp_ids[idx])
                parts = len(peaks)
                # a row of touching round pips is as many widths long as it has pips, and
                # has their area (the saddle of the middle one of three may not show)
                k_len = min(3, int(round(elong)))
                d_ = float(min(comp[2], comp[3]))
                # (and at least ROW2_SHORT widths long: an oval pip is less)
                row = elong >= ROW2_SHORT and 0.6 <= a_ / (0.785 * d_ * d_ * k_len) <= 1.4
                if along3[comp_ids[idx]]:
                    k = 3  # (a row along the tile kept for three pips' length and area)
                elif parts >= 2:
                    k = min(3, max(parts, k_len if row else parts))
                elif a_ > 1.8 * med and len(pips) > 2 and not (parts == 1 and peaks[0][0] < ONE_PEAK_SHARE * a_):
                    # (of several pips' area, no saddle: blurred pips run together — unless
                    # its one peak is a small part of it, a pip with the grain or a shadow
                    # run into it: 25166's white 2 on a blue body, a pip of it 198 pixels
                    # with one peak of 52, read 4-4 at 0.81)
                    k = max(1, min(3, int(round(a_ / med))))
                elif row:
                    k = k_len
                if k > 1:
                    quality *= RUN_TOGETHER_Q
            elif a_ >= DIAG_RUN_AREA * med_d and a_ < DIAG_RUN_FILL * comp[2] * comp[3] and len(pips) > 1:
                # pips run together along a diagonal, its box square (a 5's corner, middle and
                # corner): it fills little of its box — as many pips as its peaks, where they
                # have as many pips' area and are of about one size (a big pip with a tail, a
                # Chinese 1 with its highlight, has one peak much bigger than the rest)
                # — and lie a pip's width apart, as touching pips do (a pip's highlight or
                # grain splits its peak a few pixels apart), well inside the outline (a spot
                # run into the table or the side at the outline's edge peaks there: a spotted
                # back's end spot read as two pips, 18681)
                peaks = _peaks(resp, lbl, comp, comp_ids[idx])
                e_ = 0.15 * Wc
                # (a blob of more than their area with wisps on it: its round parts' area)
                if (_peaks_are_pips(peaks, a_, med_d) or (
                        a_ > 1.3 * len(peaks) * med_d and 2 <= len(peaks) <= 3 and
                        _peaks_are_pips(peaks, _solid_area(lbl, comp, comp_ids[idx], med_d), med_d))) and \
                        _peaks_apart(peaks, med_d) and all(
                        e_ <= px <= Lc - e_ and e_ <= py <= Wc - e_ for _a, px, py in peaks):
                    k = len(peaks)
                    quality *= RUN_TOGETHER_Q
            if k == 1 and a_ >= BIG_BLOB * med_d and len(pips) > 1:
                # one blob of many pips' area, the pips of a half joined by the grain of the
                # body between them (a white 5 on a blue body, 24301's 5-4 read 4-2 at 0.97):
                # its peaks, where there are three or more, of about one size and a pip's
                # width apart (a Chinese 1, up to five pips' area, may split in two at its
                # highlight: 960037's 2-1 and 5-1, made unsure when two peaks were enough)
                if peaks is None:
                    peaks = _peaks(resp, lbl, comp, comp_ids[idx])
                sizes = [p_[0] for p_ in peaks]
                if 3 <= len(peaks) <= 6 and min(sizes) >= BIG_BLOB_EVEN * max(sizes) and _peaks_apart(peaks, med_d):
                    big_parts[idx] = peaks
                    quality *= RUN_TOGETHER_Q
            counted.append(k)
        if big_parts:
            # (each peak a pip of its own, so that the halves' layouts are checked: a speck
            # of the grain beside a 5 so split is no 6)
            for idx in sorted(big_parts, reverse=True):
                peaks = big_parts[idx]
                one_a = pips[idx][3] / len(peaks)
                pips[idx:idx + 1] = [(px, py, False, one_a) for _a, px, py in peaks]
                stats_of[idx:idx + 1] = [stats_of[idx]] * len(peaks)
                comp_ids[idx:idx + 1] = [comp_ids[idx]] * len(peaks)
                counted[idx:idx + 1] = [1] * len(peaks)
        # a blob counted as pips run together that is no bigger than the single pips beside
        # it (a highlight on a big pip splits its peak): one pip, or two — unsure
        singles = [p[3] for p, k in zip(pips, counted, strict=True) if k == 1]
        if len(singles) >= 2:
            med1 = _median_list(singles)
            suspects = [i for i, (p, k) in enumerate(zip(pips, counted, strict=True)) if k > 1 and p[3] < SPLIT_AREA * med1]
            if suspects:
                q_once = quality / RUN_TOGETHER_Q ** len(suspects)
                quality = min(quality, 0.5)
        # a strong blob left out, inside the face and of several pips' area (pips run
        # together along a diagonal fill little of their box): pips not counted
        # — inside by its box, or by its centre, well away from the edges, within a half
        # and not a thin ring (three pips run together across a half reach the margin; a
        # band along an edge has its centre near it, a bevel's ring round the face in it)
        cx_, cy_ = cents[:, 0], cents[:, 1]
        e_, f_ = LEFT_OUT_EDGE * Wc, LEFT_OUT_END * Wc
        inside_ = (~at_end & ~at_side) | ((cx_ > f_) & (cx_ < Lc - f_) & (cy_ > e_) & (
                cy_ < Wc - e_) & (ws_ <= 0.5 * Lc) & (as_ >= 0.25 * ws_ * hs_))
        left = ~keep & strong & (as_ >= LEFT_OUT_PIPS * med) & inside_
        left[0] = False
        if BLOCK_PEAKS and left.any():
            # a blob left out that is a half's four to six pips run into one block (big
            # pips close, blurred: 32358's 6-1 and 32478's 5-1 read 1-0): counted by its
            # peaks (each pip's highlight split off taken back into it, _merge_close_peaks),
            # as many as its area holds pips of about one size, a pip's width apart, all in
            # one half where no other pip is
            for k in np.nonzero(left)[0]:
                got = _block_pips(_peaks(resp, lbl, stats[k], k), float(as_[k]), med)
                if got is None:
                    continue
                xs_p = [px for _a, px, _y in got]
                first = max(xs_p) < split - 0.07 * Lc
                if not (first or min(xs_p) > split + 0.07 * Lc) or any((p[0] < split) == first for p in pips):
                    continue  # (across the split, or in a half with pips of its own)
                one_a = float(as_[k]) / len(got)
                for _a, px, py in got:
                    stats_of.append(stats[k])
                    comp_ids.append(k)
                    pips.append((px, py, False, one_a))
                    counted.append(1)
                left[k] = False
        if left.any():
            quality = min(quality, 0.5)
            left_any = True
        redm_bl = cv2.blur(redm, (3, 3))
        reds = [bool(redm_bl[int(cy), int(cx)] >= 128) or n_red[k] >= 0.3 * a_  # (most of the 3 x 3 at its centre)
                for (cx, cy, _, a_), k in zip(pips, comp_ids, strict=True)]
        pips = [(p[0], p[1], rd, p[3]) for p, rd in zip(pips, reds, strict=True)]
        # each pip's mean a* (over its own pixels): which pips are redder than which
        pip_a = (np.bincount(lbl.ravel(), weights=lab_r[..., 1].ravel().astype(np.float64), minlength=n)[comp_ids] /
                 np.maximum(1, stats[comp_ids, cv2.CC_STAT_AREA]))
        if slope:
            # pips placed against a slanted bar: sheared back so that the bar stands across
            pips = [(p[0] - slope * (p[1] - Wc / 2.0), p[1], p[2], p[3]) for p in pips]
        if RED_ONE_REACH:
            # a half of two red spots, each one pip, closer than RED_ONE_REACH of a pip of
            # the other half (its pips none red) is wide: a big red 1 in pieces, its rim
            # broken or its highlight cutting it — no die has a red 2 (32648's, 32538's 3-1
            # read 3-2 at 0.1)
            for side in (True, False):
                mine = [i for i, p in enumerate(pips) if (p[0] < split) == side]
                other = [i for i, p in enumerate(pips) if (p[0] < split) != side]
                if len(mine) != 2 or not other or any(counted[i] != 1 or not pips[i][2] for i in mine) or \
                        any(pips[i][2] for i in other):
                    continue
                i, j = mine
                (xi, yi, _, ai), (xj, yj, _, aj) = pips[i], pips[j]
                per = [pips[o][3] / counted[o] for o in other]  # (a pip's area there)
                one = _median_list(per)
                width = 2.0 * math.sqrt(one / math.pi)
                # (each smaller than a pip of the other half: a 4 cut across by an outline
                # leaves two whole red pips — 32478's 6-4 in a row read 6-1 at 0.97)
                # (and the other half's pips of one size: an outline cut across a 5 and its
                # 1 left two of the 5's pips, one with two run into it, beside the 1 in two
                # pieces — 25419's 5-1 read 2-1 at 0.97, the longer outline not tried)
                if math.hypot(xi - xj, yi - yj) <= RED_ONE_REACH * width and max(ai, aj) < RED_ONE_PIECE * one and \
                        max(per) <= RED_ONE_EVEN * min(per):
                    pips[i] = ((xi * ai + xj * aj) / (ai + aj), (yi * ai + yj * aj) / (ai + aj), True, ai + aj)
                    pips, counted, stats_of, comp_ids = _without({j}, pips, counted, stats_of, comp_ids)
                    pip_a = np.delete(pip_a, j)
                    suspects = [t - (t > j) for t in suspects]  # (the spots after j move up)
                    break
    else:
        counted = []
        pip_a = np.zeros(0)
    if counted == [3] and not has_bar:
        # one blob counted as a row of three, and nothing else: no face — a Western 3 is
        # set diagonally, a Chinese tile has no blank half, and a row of three is half of
        # a 6 — but a back's end side or shadow, a band across it (37 of 37 such readings,
        # all unsure, were backs on five ranges)
        pips, counted, pip_a = [], [], np.zeros(0)
    if LONE_SPOT_OFF and counted == [1] and not has_bar and (lone or not seams):
        # one spot and nothing else, away from where a face's lone pip lies — the middle of
        # its half — and not about the tile's centre (a spotted back's middle spot, below): a
        # speck of a plain back (its grain, the shadow along its end), no face (32258's
        # black back on wood read 1-0 unsure; LONE_SPOT_AREA).  Not a piece of a
        # group: a way cut askew, its piece a shadow or half of each of two tiles, would
        # read as a plain back (24289, 24600: false backs; 24161: a 2-1 read as a back)
        x_, y_ = pips[0][0], pips[0][1]
        hc_ = split / 2.0 if x_ < split else (split + Lc) / 2.0
        if (abs(x_ - hc_) > LONE_SPOT_OFF * Wc or abs(y_ - Wc / 2.0) > LONE_SPOT_OFF * Wc) and \
                abs(x_ - Lc / 2.0) >= 0.42 * Wc and pips[0][3] < LONE_SPOT_AREA * Wc * Wc:
            pips, counted, pip_a = [], [], np.zeros(0)
    if debug is not None:
        debug.update(pips=pips, counted=counted)
    n_total = sum(counted)
    red = sum(k for k, p in zip(counted, pips, strict=True) if p[2])
    # spotted back: three spots on a diagonal through the centre, the middle one red
    # (face-up tiles never have all their pips so close to the centre along the length)
    spots_back = False
    if not has_bar and 1 <= len(pips) <= 3 and n_total <= 3:
        near = all(abs(p[0] - Lc / 2) < 0.42 * Wc for p in pips)
        if near and len(pips) >= 2 and not _one_one([min(pips), max(pips)], Wc):
            # (three with the outer two on the middle line: a Western 1-1 seen short, its
            # spinner left of its bar, 20079 — a spotted back's ends lie across the tile)
            spots_back = True
        elif near and len(pips) == 1 and abs(pips[0][1] - Wc / 2) < 0.15 * Wc and (
                pips[0][2] or abs(pips[0][0] - Lc / 2) < 0.15 * Wc) and not np.any((
                    ~keep & strong & inside_ & (np.abs(cents[:, 1] - Wc / 2.0) < STRAY_MID * Wc) &
                    (as_ >= STRAY_SPOT * pips[0][3]))[1:]):
            # only the red middle spot survived (or the middle spot alone, right at the
            # centre, where no face has a pip: darker than a light body while the white
            # spots are lighter, of another polarity, and too dark to show its red)
            # — unless a strong blob left out inside the face (``inside_``, above) lies about
            # the middle line, where a spotted back's end spots are not, and has STRAY_SPOT
            # of the spot's area: pips run together (22772)
            spots_back = True
        elif len(pips) == 3 and _spots_through_centre(pips, Lc, Wc):
            spots_back = True  # the back's diagonal, longer than the tile is wide
        elif len(pips) == 2 and _diagonal_pair(pips, Lc, Wc):
            spots_back = True  # its two ends (the middle spot of the other polarity)
        elif len(pips) == 2 and any(_at_centre(p, Lc, Wc) and abs(q[1] - Wc / 2) >= 0.15 * Wc
                                    for p, q in (pips, pips[::-1])):
            # its middle spot, at the very centre, where no face has a pip, and a spot off
            # the middle line (an end spot, or a speck of the side): a face's two pips lie
            # on the middle line, one in the middle of each half (20216: a back on brown
            # tiles read 1-1 at 0.88)
            spots_back = True
    elif not has_bar and len(pips) == 3 and _spot_counted_twice(pips, counted, Lc, Wc):
        # its three spots, a white end counted as two pips run together though it is the
        # other end's size (25999: three black backs side by side, each read 3-1 unsure;
        # 24090: both ends so, read 3-2), as sure as it would be had each been counted once
        spots_back = True
        if suspects:
            quality = min(q_once, 0.5 if left_any else 1.0)
    elif not has_bar and len(pips) == 2 and counted != [3, 3] and _diagonal_pair(pips, Lc, Wc):
        # its two white ends seen as ovals (aslant, blurred), each counted as pips run
        # together (20018: read 3-2): a half's pips run together lie about the middle of
        # the half — except the 6-6's red rows of three, one in each half, diagonally
        # (seen without its white rows: 19333, 19367)
        spots_back = True
    elif has_bar and len(pips) == 2 and n_total == 2 and _diagonal_pair(pips, Lc, Wc):
        # its two ends, the red middle spot (and a highlight on it) taken for a divider bar:
        # no face has two pips on a diagonal through its centre, one in each half
        spots_back = True
    if not spots_back and not has_bar and _back_with_specks(pips, counted, Lc, Wc):
        quality = min(quality, 0.5)  # (no face has a pip at its centre: unsure)
    # a tile's body is one colour: two halves that differ are two things side by side
    body = cv2.bitwise_and(inner, cv2.bitwise_not(cv2.dilate(bw, _K5)))
    half = int(split)
    n1, n2 = cv2.countNonZero(body[:, :half]), cv2.countNonZero(body[:, half:])
    body_med = None
    if n1 > 20 and n2 > 20:
        c1 = np.array(cv2.mean(lab[:, :half], mask=body[:, :half])[:3])
        c2 = np.array(cv2.mean(lab[:, half:], mask=body[:, half:])[:3])
        if _halves_apart(c1, c2) and not (HALVES_MEDIAN and _halves_alike(lab, body, half)):
            return None
        ref_L = _median_u8(L[body > 0]) if OFF_BODY_OWN else body_L
        off = cv2.bitwise_and(cv2.compare(cv2.absdiff(L, float(int(ref_L))), 45, cv2.CMP_GT), body)
        if cv2.countNonZero(off) > OFF_BODY * (n1 + n2):
            return None
        body_med = (c1 * n1 + c2 * n2) / (n1 + n2)
    if n_total == 0 and not has_bar and not spots_back and bar is not None and (
            thin_rows >= BLANK_BAR_ROWS * Wc or _faint_bar_line(resp_all, Lc, Wc, m)):
        # no pip, and a thin bar across most of the width (found only by _thin_bar: a
        # line run into its spinner; or too faint for the level, a line of the response
        # across the middle): a Western double blank face up, which no back shows
        # (scene3d 23447, 23498, 24420: 0-0 read as backs at 0.95)
        has_bar = True
    if (n_total == 0 and not has_bar) or spots_back:
        if spots_back and dark_pips is None and quality > 0.5 and \
                _pips_of_other_polarity(lab_r, inner, ker, chosen, Wc, Lc, m):
            # a spotted back's "spots" of the polarity chosen, and pips of the other: specks
            # of a face whose side or shadow outweighed its pips when the polarity was chosen
            # (scene3d 23414: a dark 2-2 on red cloth, its side band taken in, two specks
            # by its bar read as a spotted back's ends — a back at 0.95).  Taken if the face
            # reads whole with the other polarity, with more pips than a back has spots (a
            # spotted back's own spots read so may make a whole 2-1: scene3d 6366)
            rd2 = _read_tile(img, corners, style, aspect_hint, debug, seams=seams, trim=False,
                             dark_pips=not chosen)
            if rd2 is not None and rd2.face == "up" and rd2.n_pips > 3 and _reads_whole(rd2):
                return rd2
        if not spots_back and body_L >= FAINT_BODY_L:
            # a face so overexposed that its pips are faint rings (below the level) shows
            # pip-sized spots of a weaker response: not a plain back for sure
            # (a body clipped at white has no noise left: fainter spots are pips' too)
            _, faint = cv2.threshold(resp, FAINT_LEVEL if body_L < FAINT_CLIPPED_L else FAINT_LEVEL_CLIPPED, 255,
                                     cv2.THRESH_BINARY)
            # (a pip painted round its rim is a ring, broken where faint: closed and filled,
            # it is a round spot — looked for in both)
            ring = cv2.morphologyEx(faint, cv2.MORPH_CLOSE, _ELL5)
            cs_f, _ = cv2.findContours(ring, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            cv2.drawContours(ring, cs_f, -1, 255, -1)
            n_spots = 0
            for spots in (faint, ring):
                sf = _components8(spots)[2]
                fw, fh, fa = (sf[1:, i].astype(np.float64) for i in (2, 3, 4))
                # (round and solid: grain and streaks make long thin specks)
                n_spots = max(n_spots, np.count_nonzero((fa >= amin) & (np.maximum(fw, fh) <= 0.4 * Wc) & (
                    fa >= 0.5 * fw * fh) & (np.maximum(fw, fh) <= 1.4 * np.minimum(fw, fh))))
            if n_spots >= 2:
                quality = min(quality, 0.5)
        if not spots_back and quality > 0.5 and dark_pips is None and \
                _pips_of_other_polarity(lab_r, inner, ker, chosen, Wc, Lc, m):
            # pips of the other polarity: a face whose side or shadow, taken in by the
            # outline, outweighed its pips when the polarity was chosen (or pips barely
            # lighter than a light body) — no plain back.  Read with that polarity; a
            # face that does not read so stays unsure
            rd2 = _read_tile(img, corners, style, aspect_hint, debug, seams=seams, trim=False,
                             dark_pips=not chosen)
            if rd2 is not None and rd2.face == "up":
                return rd2
            quality = 0.5
        elif not spots_back and dark_pips is None and body_L >= GLARE_BODY_L and \
                (n_clip := _clipped_pips(L, inner, body_L, Lc, Wc)):
            # a face in a glare, its pips clipped at white: less contrast than the level's
            # floor, and too little above the body for light pips to be chosen (or chosen,
            # and below the level: big pale pips on a pale blue body, 22822).  Read as light
            # pips at a lower level, taken if that finds every clipped spot (scene3d 20786:
            # 2-2s read as backs at 0.95)
            rd2 = _read_tile(img, corners, style, aspect_hint, debug, seams=seams, trim=False,
                             dark_pips=False, glare=True)
            if rd2 is not None and rd2.face == "up" and rd2.n_pips >= n_clip:
                return rd2
        elif not spots_back and not high_level and \
                (n_above := cv2.countNonZero(bw)) > MERGED_SHARE * (n_inner := cv2.countNonZero(inner)):
            # much of the face above the level, yet no pip-sized spot: pips merged by a glow
            # around them (a textured or saturated body), or a mottled back — read again at a
            # higher level
            rd2 = _read_tile(img, corners, style, aspect_hint, debug, seams=seams, trim=False,
                             dark_pips=chosen, high_level=True)
            if rd2 is not None and rd2.face == "up":
                return rd2
            # (not a face at the higher level: a back, unsure where much of it is lighter
            # than the "body" — a face beside its shadow, MERGED_BACK)
            if MERGED_BACK and not chosen and n_above > MERGED_BACK * n_inner and \
                    cv2.mean(L, mask=cv2.bitwise_and(bw, inner))[0] > body_L + MERGED_BACK_GAP:
                quality = min(quality, 0.5)
        return _Read("down", None, 0, has_bar, quality, 0, spots_back, n_total, body_med, cut_pip)
    # per half
    h1, h2 = _halves_at(pips, counted, split)
    if suspects:
        # blobs counted as several pips, no bigger than the single pips (a pip with a
        # highlight's tail, an open ring), each counted once
        once = [k - 1 if i in suspects else k for i, k in enumerate(counted)]
        o1, o2 = _halves_at(pips, once, split)
        take = 1 <= min(o1, o2) and max(o1, o2) <= 6
        if len(suspects) == 1 and max(h1, h2) > 6:
            pass  # (one that makes a half no tile has: a pip fewer, if the halves are then a tile's)
        elif SUSPECTS_ONCE and take:
            # (any number, where their halves are then single pips, of about one size, laid
            # out as a tile's: 32426's blurred red 4-4, each half's open ring of a pip
            # counted as two, read 5-5 at 0.17 — a 5's diagonal of three run into one blob,
            # counted once, makes a 3: 32329's 5-5 read 3-3 without the size bound)
            sides = {pips[i][0] < split for i in suspects}
            mine = [j for j, p in enumerate(pips) if (p[0] < split) in sides]
            areas = [pips[j][3] for j in mine]
            take = all(once[j] == 1 for j in mine) and max(areas) <= SUSPECTS_ONCE_EVEN * _median_list(areas) and \
                _die_layouts_ok(pips, once, split, Lc, Wc, chinese=not has_bar)
        else:
            take = False
        if take:
            counted, h1, h2 = once, o1, o2
            n_total = sum(counted)
            red = sum(k for k, p in zip(counted, pips, strict=True) if p[2])
            quality = min(q_once, 0.5) if left_any else q_once
    if (h1 > 6) != (h2 > 6):
        # a half of more than six pips, one of whose spots has less than a single pip's area
        # (OVER_SIX_AREA) for each pip it was counted as, every other spot of the half at
        # least OVER_SIX_NEXT: counted one too many — a 6's row
        # of two blurred into 2.6 pips' area read as three (25811's 6-6 read 7-6, 25899's
        # 6-3 read 7-3), a speck of half a pip's area beside a 6 (25926's 6-3 read 7-3), all
        # dropped unsure — a pip fewer, where the halves are then a tile's laid out as dice
        # (a half that still holds pips run together is not checked: _die_layouts_ok);
        # failing that, its specks on the split and its spots at the tile's very end
        # dropped (_over_six_specks: OVER_SIX_SPLIT, OVER_SIX_END)
        for gone, fewer in _over_six_drops(pips, counted, split, Lc, has_bar, h1 > 6):
            pips_, fewer = _without(gone, pips, fewer)
            f1, f2 = _halves_at(pips_, fewer, split)
            if max(f1, f2) <= 6 and min(f1, f2) >= (0 if has_bar else 1) and \
                    _die_layouts_ok(pips_, fewer, split, Lc, Wc, chinese=not has_bar):
                pips, counted, h1, h2 = pips_, fewer, f1, f2
                stats_of, comp_ids = _without(gone, stats_of, comp_ids)
                pip_a = np.delete(pip_a, list(gone))
                n_total = sum(counted)
                red = sum(k for k, p in zip(counted, pips, strict=True) if p[2])
                # (a count guessed: never whole, so that the outline is re-cut too — 24509's
                # 6-4 on a patterned cloth, its first outline taking in a speck, was kept on
                # it and dropped for its proportions)
                quality *= RUN_TOGETHER_Q
                break
    if has_bar and min(h1, h2) == 0 and max(h1, h2) > 0:
        # a blank half beside the bar holding a small round spot above the level, too
        # small or faint to be counted: a pip missed (a small, dull red 1 on a black body:
        # 5-1 read 5-0, 22988)
        spot = (as_ >= amin) & _pip_sized(ws_, hs_, as_, Wc, least=0.0)
        spot[0] = False
        spot[comp_ids] = False
        xs_ = cents[spot, 0]
        if np.any(xs_ < split - WEAK_BLANK_CLEAR * Wc) if h1 == 0 else np.any(xs_ > split + WEAK_BLANK_CLEAR * Wc):
            quality = min(quality, 0.5)
    amb = 0
    if not has_bar:
        for k, p in zip(counted, pips, strict=True):
            if abs(p[0] - split) < 0.07 * Lc:
                amb += k
    six1 = not has_bar and counted == [1] * 6
    each_along = all(st[2] > st[3] for st in stats_of)  # (every spot longer along the tile)
    if not has_bar and sorted(counted) == [2, 2, 3] and each_along and \
            max(p[3] for p in pips) <= PAIRS_LIKE * min(p[3] for p in pips) and _long_three_pairs(pips, Lc, Wc):
        # three like blobs along the middle line, at the ends and the middle, one a little
        # bigger and counted as three: the long 3-3's pairs (23150: read 5-2 at 0.69)
        counted, n_total = [2, 2, 2], 6
    pairs3 = not has_bar and counted == [2, 2, 2] and _long_three_pairs(pips, Lc, Wc)
    along = (six1 and _long_three_along(pips, Lc, Wc)) or (pairs3 and each_along)
    long3 = along or pairs3 or (six1 and _long_three(pips, Lc, Wc))
    by_layout = 0  # blobs of several pips that the layout counts: no doubt for them
    if along and red == 0 and min(p[0] for p in pips) <= LONG3_END * Lc and \
            max(p[0] for p in pips) >= (1.0 - LONG3_END) * Lc:
        # the long 3-3 with its pairs along the middle line, at the tile's two ends and its
        # middle, is read as one whatever the split: three and three (no pip red).  Pairs run
        # together (three like blobs, each longer along the tile) are counted by the layout,
        # not guessed: not unsure for it (ivory 3-3s on beige outlined by their edges, which
        # must read whole, 22242).  (Not the pairs across: a Chinese 6 under a piece cut
        # across two tiles shows three of them round its middle, 960170)
        h1 = h2 = 3
        by_layout = 3 if pairs3 else 0
    rows = [i for i, k in enumerate(counted) if k == 3 and stats_of[i][2] > stats_of[i][3]]
    if len(rows) in (2, 4) and sum(k > 1 for k in counted) == len(rows) and not has_bar:
        # a Chinese 6's two rows of three, each run into one blob along the tile: side by
        # side in one half, across from each other about the middle line, of one size — the
        # 6's layout, which counts them (a 6-1 on beige, 22253, dropped unsure for its rows);
        # a 6-6's four, two such in each half
        def six(i: int, j: int) -> bool:
            (xa, ya, _, aa), (xb, yb, _, ab) = pips[i], pips[j]
            return abs(xa - xb) <= SIX_ROWS_X * Wc and abs((ya + yb) / 2.0 - Wc / 2.0) <= 0.1 * Wc and \
                abs(ya - yb) >= 0.3 * Wc and min(aa, ab) >= 0.7 * max(aa, ab) and (xa < split) == (xb < split)

        by_half = [[i for i in rows if (pips[i][0] < split) == side] for side in (True, False)]
        if all(len(h) in (0, 2) and (not h or six(*h)) for h in by_half):
            by_layout = len(rows)
    if by_layout and not cut_pip and not left_any and not suspects:
        # (the reading's only doubt was those blobs' count, RUN_TOGETHER_Q each: taken back)
        quality = min(1.0, quality / RUN_TOGETHER_Q ** by_layout)
    # (a Chinese tile's halves too, unless its six pips lie along it: the long 3-3, one
    # pair at the middle.  No other Chinese layout puts a pip at the middle, so one there
    # is in either half: each way)
    if has_bar:
        layout_ok = _die_layouts_ok(pips, counted, split, Lc, Wc)
    elif long3:
        layout_ok = _halves_reach(pips, counted, split, Lc)
    elif amb and n_total == 6:
        # (their halves of three in a line: 25252's 5-3 in a row end to end, its outline off
        # the 5's end, kept the 5's middle and two corners — read 3-3 at 0.97)
        layout_ok = _halves_reach(pips, counted, split, Lc) and _threes_in_line(pips, counted, split, Wc)
    else:
        splits = (split - 0.07 * Lc, split, split + 0.07 * Lc) if amb else (split,)
        layout_ok = any(_die_layouts_ok(pips, counted, sp, Lc, Wc, chinese=True) and all(
            1 <= h <= 6 for h in _halves_at(pips, counted, sp)) for sp in splits)
    blank_clean = False
    if min(h1, h2) == 0 and max(h1, h2) > 0 and not has_bar and not seams and \
            _die_layouts_ok(pips, counted, split, Lc, Wc):
        # (not a piece of a group: a piece cut across a tile may leave a half of it empty)
        empty = np.zeros_like(inner)
        # (clear of the split by BLANK_BAND of the width: a bar too faint or broken to be
        # found, its spinner, lies there — 31833's 3-0, 31506's, read at 0.3)
        band = max(2, int(round(BLANK_BAND * Wc)))
        lo_x, hi_x = (m, int(split) - band) if h1 == 0 else (int(split) + band, Lc - m)
        empty[:, lo_x:hi_x] = inner[:, lo_x:hi_x]
        blank_clean = cv2.minMaxLoc(resp, mask=empty)[1] < EMPTY_HALF_LEVEL * thr
    if (h1, h2) == (1, 1) and red != 2 and len(pips) == 2 and \
            max(abs(p[1] - Wc / 2.0) for p in pips) > ONE_ONE_OFF * Wc:
        # a 1-1 with its red pips not red, a pip far off the middle line: a spotted back's
        # two white spots, its red middle one lost (scene3d 17239, 19054, 22093: 1-1 at 0.85)
        quality = min(quality, 0.5)
    if not _twos_across(pips, counted, split, Wc):
        # a half of two pips on a slant closer across than any 2's (a 3 that lost a pip at
        # the outline's end, its middle and one corner left: 24830's 3-1 read 2-1 at 0.97)
        quality = min(quality, 0.5)
    if not has_bar and not long3 and amb and len(pips) <= 3 and n_total > len(pips):
        # a spot at the tile's middle among three at most, some big enough to count as
        # several pips: a spotted back's spots (its red one at the middle), not a face — no
        # Chinese face has a pip at its middle but the long 3-3 (24889's and 24090's spotted
        # backs read 3-2 at 0.89 and 0.82, 24129's 3-1 at 0.81; 23374's long 3-3 of three
        # blobs, not found as one, read 6-3 at 0.76)
        quality = min(quality, 0.5)
    rd = _Read("up", (max(h1, h2), min(h1, h2)), red, has_bar, quality, amb, False, n_total, body_med, cut_pip,
               bar_through or line_across, seam_along, layout_ok, long3,
               _red_rank(pips, counted, pip_a, split, h1, h2), *_red_white_a(pips, counted, pip_a, split, h1, h2),
               mid_run, blank_clean=blank_clean, seam_side=seam_side, column_bar=column_bar)
    if smear is None and not _reads_whole(rd):
        # (looked at only where the reading is not whole: the spots' moments cost)
        smeared = _smear(lbl, stats, n, Wc)
        if smeared is not None:
            rd = replace(rd, smear=smeared)
            if comp_ids and bool(np.any(along3[comp_ids])):
                # a row of three along the tile on a face blurred along it may be a row of
                # two drawn out, or two rows run into one: unsure (a 6-6 read 3-3, a 6-5 5-3)
                rd = replace(rd, quality=min(rd.quality, 0.5))
    return rd


#: a half of two single pips TWO_SLANT of the tile's width or more apart along it and less
#: than TWO_ACROSS apart across it is no 2 (_twos_across)
TWO_ACROSS = 0.3
TWO_SLANT = 0.15


def _twos_across(pips: list, counted: list, split: float, Wc: int) -> bool:
    """Does each half (of ``pips`` x, y, ..., each ``counted`` as so many pips, split at
    ``split``) that holds two single pips hold them as a 2 does?  A die's 2 lies on its
    half's diagonal, about half the tile's width apart across it; a Chinese 2 side by side
    across the tile, 0.3 of the width apart and not along it.  Two pips on a slant less than
    TWO_ACROSS of the width apart across are what is left of a 3 whose end pip the outline
    cut off (its middle pip and one corner).

    >>> _twos_across([(20, 12), (20, 36), (70, 12), (80, 36)], [1] * 4, 48.0, 48)   # a Chinese 2, a die's 2
    True
    >>> _twos_across([(20, 12), (20, 36), (86, 22), (74, 33)], [1] * 4, 48.0, 48)   # a 3's middle and corner
    False
    """
    for first in (True, False):
        mine = [(p, k) for p, k in zip(pips, counted, strict=True) if (p[0] < split) == first]
        if len(mine) == 2 and all(k == 1 for _, k in mine):
            (a, _), (b, _) = mine
            if abs(a[1] - b[1]) < TWO_ACROSS * Wc and abs(a[0] - b[0]) >= TWO_SLANT * Wc:
                return False
    return True


def _mid_run(resp: np.ndarray, level: float, Lc: int, Wc: int) -> float:
    """The longest run across the tile (in tile widths) of ``resp`` above ``level`` in the
    middle fifth of its length (a pixel's neighbours along the tile count: a line a little
    slanted).

    >>> r = np.zeros((48, 100), np.uint8); r[6:42, 50] = 100
    >>> _mid_run(r, 30.0, 100, 48)
    0.75
    """
    band = resp[:, int(0.4 * Lc) : int(0.6 * Lc) + 1]
    m = cv2.dilate(cv2.compare(band, level, cv2.CMP_GT), np.ones((1, 3), np.uint8)) > 0
    # runs down each column: where they start and end (column by column, in order)
    pad = np.zeros((m.shape[0] + 2, m.shape[1]), np.int8)  # (np.pad's result, without its overhead)
    pad[1:-1] = m
    d = np.diff(pad, axis=0).T
    starts, ends = np.nonzero(d == 1)[1], np.nonzero(d == -1)[1]
    return float((ends - starts).max()) / Wc if len(starts) else 0.0


#: a hole in the pip mask is a pip seen by its rim when it is round (RIM_ROUND of the
#: circle round it), RIM_MIN to RIM_MAX of the crop's width across and RIM_HOLE or more of
#: the area inside its blob's outline (a thin rim: a highlight in a solid pip is less)
RIM_HOLE = 0.4
RIM_MIN = 0.08
RIM_MAX = 0.42
RIM_ROUND = 0.6
#: ... and a blob open on one side (a rim with a gap: no hole) is one when its convex hull
#: is so round and so sized, the blob fills less than RIM_OPEN of it (a solid pip, or a
#: pip with a highlight, fills most of its hull) and RIM_OPEN_RED of it is red (a big red
#: pip whose lighter middle reaches its edge: scene3d 24262's and 24179's Chinese 3-1 read
#: 3-0, the 1's rim broken; not a curl of a grainy face's texture, 32085).  0: not
RIM_OPEN = 0.55
RIM_OPEN_RED = 0.5
#: a red pip on a light face of dark pips whose response stays under the level the black
#: pips set (a big red 1 on a white body: flat inside, it responds at its rim only, and
#: weakly — scene3d 33497's row of a 5-1, a 2-2 and a 2-1 read 5-0, 2-2, 2-0, dropped): its
#: red pixels are a pip when they make one round, solid blob of RED_WEAK_LEAST to
#: RED_WEAK_MOST of the width, clear of the outline's edges, over no pip found, whose
#: response reaches RED_WEAK of the level, and which on average is RED_WEAK_DARK levels
#: darker than the body and RED_WEAK_A redder (a*) — an amber back's mottle is neither
#: (scene3d 33592, 33685).  0: not
RED_WEAK = 0.5
RED_WEAK_LEAST = 0.2
RED_WEAK_MOST = 0.6
RED_WEAK_DARK = 50
RED_WEAK_A = 30


def _weak_red_pips(bw: np.ndarray, resp: np.ndarray, lab: np.ndarray, red: np.ndarray | None, body_L: float,
                   body_a: float, inner: np.ndarray, thr: float, Wc: int, Lc: int, m: int) -> np.ndarray:
    """``bw`` (a face of dark pips) with its red pips that stay under the level ``thr`` added
    (RED_WEAK): the round, solid blobs of red pixels (``red``, or found in ``lab``) of
    RED_WEAK_LEAST to RED_WEAK_MOST of the width ``Wc``, clear of the edges (by ``m``),
    over no blob of ``bw``, whose response ``resp`` reaches RED_WEAK of ``thr``, darker than
    the body (``body_L``) by RED_WEAK_DARK and redder (``body_a``) by RED_WEAK_A in the mean
    (``lab``: the crop in Lab).

    >>> lab = np.full((48, 100, 3), (250, 128, 128), np.uint8)  # a white body
    >>> _ = cv2.circle(lab, (70, 24), 11, (140, 175, 160), -1)     # a big red pip
    >>> bw = np.zeros((48, 100), np.uint8); resp = np.zeros_like(bw); inner = np.full_like(bw, 255)
    >>> _ = cv2.circle(resp, (70, 24), 11, 40, 2)                  # its rim's weak response
    >>> int(_weak_red_pips(bw, resp, lab, None, 250.0, 128.0, inner, 60.0, 48, 100, 4)[24, 70])
    255
    >>> int(_weak_red_pips(bw, resp, lab, None, 250.0, 128.0, inner, 100.0, 48, 100, 4)[24, 70])  # too weak
    0
    >>> int(_weak_red_pips(bw, resp, lab, None, 170.0, 128.0, inner, 60.0, 48, 100, 4)[24, 70])  # not darker
    0
    """
    if red is None:
        red = _red_pixels(lab, body_a)
    n, lab_, st, _ = _components8(cv2.bitwise_and(red, inner))
    if n <= 1:
        return bw
    x, y, w, h, a = (st[:, i].astype(np.float64) for i in range(5))
    ok = _pip_sized(w, h, a, Wc, RED_WEAK_MOST, RED_WEAK_LEAST) & (x > m) & (y > m) & \
        (x + w < Lc - m) & (y + h < Wc - m)
    ok[0] = False
    if not ok.any():
        return bw
    out = None
    for k in np.nonzero(ok)[0]:
        sel = lab_ == k
        if bw[sel].any() or int(resp[sel].max()) < RED_WEAK * thr:
            continue
        # (a red pip on a light face is much darker than the body, and much redder: the
        # mottle of an amber back is neither — scene3d 33592, 33685)
        if float(lab[..., 0][sel].mean()) > body_L - RED_WEAK_DARK or \
                float(lab[..., 1][sel].mean()) < body_a + RED_WEAK_A:
            continue
        if out is None:
            out = bw.copy()
        out[sel] = 255
    return bw if out is None else out


def _fill_rims(bw: np.ndarray, Wc: int, red: np.ndarray | None = None) -> np.ndarray:
    """``bw`` with the round, pip-sized holes of its blobs filled: a pip seen by its rim
    only — a red pip on a body of about its lightness, lit so that its middle is lighter,
    stands out darker than the body only round its edge.

    >>> bw = np.zeros((48, 100), np.uint8)
    >>> _ = cv2.circle(bw, (30, 24), 7, 255, 2)            # a rim round a hole 10 px across
    >>> _ = cv2.circle(bw, (48, 24), 8, 255, -1)           # a solid pip with a highlight
    >>> bw[23:26, 47:50] = 0
    >>> _ = cv2.rectangle(bw, (60, 4), (96, 44), 255, 2)   # a frame round a larger hole
    >>> out = _fill_rims(bw, 48)
    >>> int(out[24, 30]), int(out[24, 78]), int(out[24, 48])
    (255, 0, 0)

    A rim broken on one side (the highlight of a big red pip reaching its edge) has no
    hole: its convex hull is filled when round, pip-sized and red (``red``: the red pixels'
    mask, RIM_OPEN_RED of the hull; RIM_OPEN).

    >>> bw = np.zeros((48, 100), np.uint8)
    >>> _ = cv2.ellipse(bw, (30, 24), (8, 8), 0, 60, 360, 255, 2)  # five sixths of a rim
    >>> _ = cv2.line(bw, (60, 20), (72, 32), 255, 2)               # a stroke: not round
    >>> red = np.zeros_like(bw); _ = cv2.circle(red, (30, 24), 9, 255, -1)
    >>> out = _fill_rims(bw, 48, red)
    >>> int(out[24, 30]), int(out[28, 62])
    (255, 0)
    >>> int(_fill_rims(bw, 48)[24, 30])  # (not known to be red: left open)
    0
    """
    if not cv2.countNonZero(bw):
        return bw
    cs, hier = cv2.findContours(bw, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hier is None:
        return bw
    out = None
    lo, hi = RIM_MIN * Wc, RIM_MAX * Wc
    for c, h in zip(cs, hier[0], strict=True):
        if h[3] < 0 and h[2] < 0 and RIM_OPEN and red is not None and len(c) >= 3:
            # (an outer boundary with no hole inside: a rim open on one side)
            x, y, w_, h_ = cv2.boundingRect(c)
            if not (lo <= w_ <= hi and lo <= h_ <= hi):
                continue
            hull = cv2.convexHull(c)
            (_, _), r = cv2.minEnclosingCircle(c)
            a_hull = cv2.contourArea(hull)
            if a_hull < RIM_ROUND * math.pi * r * r or cv2.contourArea(c) >= RIM_OPEN * a_hull:
                continue
            inside = np.zeros_like(bw)
            cv2.drawContours(inside, [hull], -1, 255, -1)
            if cv2.countNonZero(cv2.bitwise_and(inside, red)) < RIM_OPEN_RED * cv2.countNonZero(inside):
                continue  # (not a red pip: a grain's or a side's curl)
            if out is None:
                out = bw.copy()
            cv2.drawContours(out, [hull], -1, 255, -1)
            continue
        if h[3] < 0 or len(c) < 3:
            continue  # (an outer boundary, not a hole)
        x, y, w_, h_ = cv2.boundingRect(c)
        if not (lo <= w_ <= hi and lo <= h_ <= hi):
            continue
        (_, _), r = cv2.minEnclosingCircle(c)
        a_hole = cv2.contourArea(c)
        if a_hole < RIM_ROUND * math.pi * r * r or a_hole < RIM_HOLE * cv2.contourArea(cs[h[3]]):
            continue  # (not round; or a pip's highlight, a small hole in a solid pip)
        if out is None:
            out = bw.copy()
        cv2.drawContours(out, [c], -1, 255, -1)
    return bw if out is None else out


def _pip_response(lab: np.ndarray, ker, dark: bool) -> np.ndarray:
    """How much each pixel of a tile's crop (Lab) stands out as a pip: darker than its
    surroundings (``dark``), or lighter — where a red pip is hardly lighter than a dark body,
    but redder, so a* counts twice.  (L and a* in one two-channel call: about half the cost
    of two calls.)"""
    if dark:
        return _hat(lab[..., 0], cv2.MORPH_BLACKHAT, ker)
    th = _hat(lab[..., :2], cv2.MORPH_TOPHAT, ker)
    return cv2.max(th[..., 0], cv2.multiply(th[..., 1], 2))


#: a body is blue when twice its b*'s rise plus its a*'s (both from neutral) falls under
#: -BLUE_BODY: blue sets' faces lie at -60 to -118 (scene3d 26437, 26393, 24072), black
#: ones under a bluish light up to -55 (26209: a black 6-1 lit lavender, -46; at 40, four
#: such faces lost their red count)
BLUE_BODY = 60
#: ... and a pixel darker than a blue body is its shade, no dark pip, when that sum of its
#: own lies under -BLUE_SHADE
BLUE_SHADE = 20


def _blueness(a, b):
    """2 (b* - 128) + (a* - 128) of Lab values (OpenCV's 8-bit a*, b*; arrays come back as
    int16): at or below 0 a blue hue — b* below neutral by half a*'s rise or more —, above
    it a red, yellow or green one.

    >>> _blueness(164.0, 52.0), _blueness(176.0, 160.0)
    (-116.0, 112.0)
    """
    if isinstance(b, np.ndarray):
        return 2 * b.astype(np.int16) + a - 384
    return 2.0 * b + a - 384.0


def _halves_apart(c1, c2) -> bool:
    """Are two halves' body colours (Lab) so far apart that they are two things side by
    side: 40 in L*, or 30 in a* and b* together?"""
    d = np.abs(np.asarray(c1, np.float64) - np.asarray(c2, np.float64))
    return bool(d[0] > 40 or d[1] + d[2] > 30)


def _halves_alike(lab: np.ndarray, body: np.ndarray, half: int) -> bool:
    """Do the medians of the body's pixels (``body``: a mask) left and right of ``half`` in the
    crop ``lab`` agree as closely as _read_face asks of their means (:func:`_halves_apart`)?"""
    on1, on2 = body[:, :half] > 0, body[:, half:] > 0
    return not _halves_apart([_median_u8(lab[:, :half, k][on1]) for k in range(3)],
                             [_median_u8(lab[:, half:, k][on2]) for k in range(3)])


def _redness(lab: np.ndarray) -> np.ndarray:
    """The crop ``lab`` with a* no higher than neutral where the hue is blue (b* below neutral
    by half a*'s rise or more): a blue body's a* is as high as a red pip's (scene3d 26437: a
    blue body at a* 164, its red pips at 172-176), its grain and the body between white pips
    stood out as red. Other hues keep their a*.

    >>> lab = np.full((1, 3, 3), 128, np.uint8)
    >>> lab[0, 0, 1:] = (164, 52)   # blue
    >>> lab[0, 1, 1:] = (176, 160)  # red
    >>> _redness(lab)[0, :, 1].tolist()
    [128, 176, 128]
    """
    a_p = lab[..., 1]
    blue = _blueness(a_p, lab[..., 2]) <= 0
    if not blue.any():
        return lab
    out = lab.copy()
    out[..., 1] = np.where(blue, np.minimum(a_p, 128), a_p)
    return out


def _red_pixels(lab: np.ndarray, body_a: float) -> np.ndarray:
    """The red pixels of a tile's crop (Lab): a* above the body's (and neutral) by 14, of a
    red hue (b* not far below neutral: a blue pip has a* above neutral too), not too light."""
    a_p = lab[..., 1]
    hue = (_blueness(a_p, lab[..., 2]) > 0).view(np.uint8) * np.uint8(255)
    return cv2.bitwise_and(cv2.bitwise_and(cv2.compare(a_p, max(body_a, 128.0) + 14.0, cv2.CMP_GT), hue),
                           cv2.compare(lab[..., 0], 215, cv2.CMP_LT))


def _pip_level(resp: np.ndarray) -> float:
    """The level of :func:`_pip_response` above which a pixel is a pip's: low enough for red
    pips (weaker than white or black ones), above noise."""
    return max(24.0, min(0.28 * float(resp.max()), 70.0))


def _pip_sized(w: np.ndarray, h: np.ndarray, a: np.ndarray, Wc: int, most: float = 0.4,
               least: float = 0.12) -> np.ndarray:
    """Which components (box ``w`` x ``h``, area ``a``) are round, solid and pip-sized in a
    crop ``Wc`` across (``least`` to ``most`` of it across)."""
    return (least * Wc <= w) & (w <= most * Wc) & (least * Wc <= h) & (h <= most * Wc) & \
        (a >= 0.55 * w * h) & (np.maximum(w, h) <= 1.4 * np.minimum(w, h))


def _pips_of_other_polarity(lab: np.ndarray, inner: np.ndarray, ker, dark_pips: bool, Wc: int, Lc: int,
                            m: int) -> bool:
    """Does the crop show OTHER_POLARITY_PIPS or more round, pip-sized spots of the polarity
    not chosen (light ones when dark pips were looked for, and the other way round), whole
    and away from the outline's edges — or a red 1-1's two (:func:`_one_one_red`)?"""
    resp = cv2.bitwise_and(_pip_response(lab, ker, not dark_pips), inner)
    _, bw = cv2.threshold(resp, _pip_level(resp), 255, cv2.THRESH_BINARY)
    sa = _components8(bw)[2][1:]
    x, y, w, h, a = (sa[:, i].astype(np.float64) for i in range(5))
    cy, cx = y + h / 2, x + w / 2
    inside = (m < cy) & (cy < Wc - m) & (m < cx) & (cx < Lc - m)
    ok = _pip_sized(w, h, a, Wc) & inside
    # (spots that touch are one: a spot and its highlight; pips never touch)
    pts: list[tuple] = []
    for a_, b_ in zip(cx[ok], cy[ok], strict=True):
        if all(math.hypot(a_ - p[0], b_ - p[1]) >= 0.22 * Wc for p in pts):
            pts.append((float(a_), float(b_), False, 0.0))
    # (or the two big round spots of a red 1-1: a Chinese 1 is bigger than other pips)
    big = _pip_sized(w, h, a, Wc, most=0.5) & inside
    if np.count_nonzero(big) == 2 and _one_one_red(sa[big, :4], lab, Lc, Wc):
        return True
    if len(pts) < OTHER_POLARITY_PIPS:
        return False
    # (a spotted back's three spots set diagonally are no pips)
    return not (len(pts) == 3 and _spots_through_centre(pts, Lc, Wc))


def _one_one_red(boxes: np.ndarray, lab: np.ndarray, Lc: int, Wc: int) -> bool:
    """Two spots (``boxes``: x, y, w, h each) where a 1-1 has its pips — on the middle line,
    each in the middle of its half — and both red (the a* of most of their box: a highlight
    at a domed pip's centre is white): a red 1-1 on a body of about their lightness, lit so
    that they are lighter (20058: red on green, read as a back from the darker rims).

    >>> lab = np.full((48, 110, 3), (120, 90, 140), np.uint8)       # a green body
    >>> for x in (27, 83): _ = cv2.circle(lab, (x, 24), 9, (150, 175, 150), -1)
    >>> _one_one_red(np.array([[18, 15, 19, 19], [74, 15, 19, 19]]), lab, 110, 48)
    True
    >>> _one_one_red(np.array([[18, 15, 19, 19], [46, 15, 19, 19]]), lab, 110, 48)
    False
    """
    body_a = _median_u8(lab[::2, ::2, 1])
    for k, (x, y, w, h) in enumerate(sorted(boxes.tolist())):
        if abs(y + h / 2 - Wc / 2.0) > 0.1 * Wc or abs(x + w / 2 - (0.25 + 0.5 * k) * Lc) > 0.1 * Lc:
            return False
        if _median_u8(lab[y : y + h, x : x + w, 1]) < max(body_a, 128.0) + 14.0:
            return False
    return True


#: a face lit almost white by a glare (its median L at GLARE_BODY_L or more) whose pips, lighter
#: still, are clipped at white (above GLARE_CLIP and 8 over the body): read with light pips
#: at GLARE_LEVEL of the strongest response (GLARE_FLOOR at least) — the usual floor of the
#: pips' level (24) is more than what is left between such a body and white
GLARE_BODY_L = 215
GLARE_CLIP = 248
GLARE_LEVEL = 0.35
GLARE_FLOOR = 6


def _clipped_pips(L: np.ndarray, inner: np.ndarray, body_L: float, Lc: int, Wc: int) -> int:
    """How many round, pip-sized spots of a light face (lightness ``L``, median ``body_L``)
    are clipped at white inside ``inner`` — 0 where they are none a face shows: one or two
    off the middle line, three through the centre or one at it (a spotted back's).

    >>> L = np.full((48, 120), 236, np.uint8)
    >>> for x, y in ((14, 14), (14, 34), (104, 14), (104, 34)): _ = cv2.circle(L, (x, y), 6, 255, -1)
    >>> inner = _canon_masks(48, 120)[0]
    >>> _clipped_pips(L, inner, 236.0, 120, 48)                          # a 2-2
    4
    >>> L = np.full((48, 120), 236, np.uint8)
    >>> for x, y in ((36, 14), (84, 34)): _ = cv2.circle(L, (x, y), 6, 255, -1)
    >>> _clipped_pips(L, inner, 236.0, 120, 48)                          # a back's end spots
    0
    >>> _ = cv2.circle(L, (60, 24), 6, 255, -1)
    >>> _clipped_pips(L, inner, 236.0, 120, 48)                          # and its middle one
    0
    """
    spots = cv2.bitwise_and(cv2.compare(L, max(GLARE_CLIP, body_L + 8), cv2.CMP_GT), inner)
    sa = _components8(spots)[2][1:]
    x, y, w, h, a = (sa[:, i].astype(np.float64) for i in range(5))
    ok = _pip_sized(w, h, a, Wc, most=0.5)
    pts = [(float(u), float(v), False, 0.0) for u, v in zip(x[ok] + w[ok] / 2, y[ok] + h[ok] / 2, strict=True)]
    if any(_at_centre(p, Lc, Wc) for p in pts):
        return 0
    if len(pts) == 2:
        return 2 if _one_one(pts, Wc) else 0
    if len(pts) == 3 and _spots_through_centre(pts, Lc, Wc):
        return 0
    return len(pts) if len(pts) >= 3 else 0


#: pips of the polarity not chosen that make a plain back unsure (_pips_of_other_polarity)
OTHER_POLARITY_PIPS = 3
#: a "back" with more than this share of its face above the pip level has pips merged by
#: a glow: read again with the level at HIGH_LEVEL of the strongest response
MERGED_SHARE = 0.06
#: ... and a "back" with more than this share of its face above the level of light pips,
#: lighter than its body by MERGED_BACK_GAP on average, not a face at the higher level
#: either, is no sure back: an outline across a face and its shadow, the shadow taken for
#: the body and the face's half for merged pips (scene3d 33359's 1-1: 31 %, 149 lighter).
#: Light pips only: a dark band over a back is its side (33328); a lit side is a little
#: lighter (24522's green backs: 20-26 %, 25-30 lighter); a two-tone tile's white side is
#: far lighter but narrower (6581's dark back: 22 %, 142 lighter).  0: off
MERGED_BACK = 0.3
MERGED_BACK_GAP = 80
HIGH_LEVEL = 0.5
#: a face with more than this share above the pips' level is read at HIGH_LEVEL first
MESSY_SHARE = 0.3


#: a spot (pips run together, or a speck counted as a pip) in a half read as more than six
#: that has less than this share of a single pip's area for each pip it was counted as is
#: counted a pip fewer (_over_six_fewer, _read_face; 0 turns the rule off)
OVER_SIX_AREA = 0.9
#: ... and every other spot of that half at least this share for each pip (one spot alone
#: so short of its count: a bar's spinner counted as pips and a speck beside a 4 are not)
OVER_SIX_NEXT = 0.95
#: ... or this, where the spot with the least area for each pip was counted as several
OVER_SIX_RUN_NEXT = 0.7
#: a half read as more than six, no bar found: its single spots centred within this share of
#: the length of the split (0: the rule is off) ...
OVER_SIX_SPLIT = 0.06
#: ... with less than this share of the area for each pip of the half's other spots are a
#: broken bar's pieces, not pips (_over_six_specks)
OVER_SIX_SPLIT_AREA = 0.6
#: ... and its spots centred within this share of the length of the tile's end, whatever
#: their size (0: none), are no pips either
OVER_SIX_END = 0.08
#: a face of a Western frame read again as Western (a spinner counted as a pip) takes that
#: reading when it is sure and the first is not, though it does not read whole (recognize;
#: False turns the rule off)
WEST_REREAD_SURE = True
#: blobs counted as several pips though no bigger than the single ones (SPLIT_AREA) are
#: counted once each where their halves are then single pips laid out as a tile's
#: (_read_face; False turns the rule off)
SUSPECTS_ONCE = True
#: ... where no spot of those halves is more than this many times their median area
SUSPECTS_ONCE_EVEN = 1.6
#: a blob of pips run together on a diagonal of more than three peaks has each peak near a
#: bigger one (DIAG_RUN_APART) taken into it before its peaks are counted (_read_face;
#: False turns the rule off)
PEAKS_MERGE = True
#: a blob left out that is a half's four to six pips run into one block is counted by its
#: peaks (_block_pips, _read_face; False turns the rule off)
BLOCK_PEAKS = True
#: a divider bar is looked for from this share of the length to (1 - it) (_read_face: a
#: column of pips run together a third of the way along is no bar — 32358's 6-5 read 8-1,
#: 32438's 4-4 read 5-4)
BAR_FROM = 0.35
#: a tile-shaped proposal holding smaller ones whose centres all lie within this share of
#: its half width of its own centre, none longer than HELD_MIDDLE_LONG of it and their
#: median length under HELD_MIDDLE_MEDIAN of it, stays a candidate (_select; 0 turns the
#: rule off)
HELD_MIDDLE = 0.4
HELD_MIDDLE_LONG = 0.85
HELD_MIDDLE_MEDIAN = 0.72


def _over_six_drops(pips: list, counted: list, split: float, Lc: int, has_bar: bool, first: bool):
    """The ways, in turn, of reading the half before (``first``) or after ``split`` read as
    more than six pips with fewer: (the spots dropped, the counts of all spots) — one pip fewer for the spot short
    of its count's area (:func:`_over_six_fewer`, OVER_SIX_AREA), then without its specks
    on the split and its spots at the tile's end (:func:`_over_six_specks`)."""
    at = _over_six_fewer(pips, counted, split, first) if OVER_SIX_AREA else None
    if at is not None:
        # (a speck counted as one pip: dropped)
        yield ({at} if counted[at] == 1 else set()), [k - (j == at) for j, k in enumerate(counted)]
    gone = _over_six_specks(pips, counted, split, Lc, has_bar, first)
    if gone:
        yield gone, counted


def _over_six_specks(pips: list, counted: list, split: float, Lc: int, has_bar: bool, first: bool) -> set:
    """The spots of the half before (``first``) or after ``split`` read as more than six that
    are no pips: single specks within OVER_SIX_SPLIT of the length of the split, with no bar
    found, each under OVER_SIX_SPLIT_AREA of the area for each pip of the half's other spots
    (a divider bar broken into pieces too small to be found as one: 32935's 6-1 read 8-1),
    and spots within OVER_SIX_END of the length of the tile's end, whatever their size (the
    tile's end edge, or its side's, taken in by an outline a little long: 32746's 6-1 read
    8-1).

    >>> pips = [(20, 10, False, 100), (20, 30, False, 100), (35, 10, False, 100), (35, 30, False, 100),
    ...         (50, 10, False, 100), (50, 30, False, 100), (59, 20, False, 30), (2, 20, False, 90),
    ...         (90, 20, True, 120)]
    >>> sorted(_over_six_specks(pips, [1] * 9, 60.0, 120, False, True))   # the speck and the end
    [6, 7]
    >>> sorted(_over_six_specks(pips, [1] * 9, 60.0, 120, True, True))    # a bar found: the end only
    [7]
    """
    mine = [j for j, p in enumerate(pips) if (p[0] < split) == first]
    near = [j for j in mine if counted[j] == 1 and abs(pips[j][0] - split) < OVER_SIX_SPLIT * Lc] \
        if not has_bar else []
    ends = [j for j in mine if min(pips[j][0], Lc - pips[j][0]) < OVER_SIX_END * Lc]
    rest = [pips[j][3] / counted[j] for j in mine if j not in near and j not in ends]
    if not (near or ends) or not rest:
        return set()
    ref = _median_list(rest)
    return {j for j in near if pips[j][3] < OVER_SIX_SPLIT_AREA * ref} | set(ends)


def _over_six_fewer(pips: list, counted: list, split: float, first: bool) -> int | None:
    """Which spot in the half before (``first``) or after ``split`` has the least area for
    each pip it was counted as, when that is less than OVER_SIX_AREA of one pip's (the
    single pips' median, or where fewer than two are single, the median of every spot's
    area for each pip): counted a pip too many — unless another spot of that half has less
    than OVER_SIX_NEXT (OVER_SIX_RUN_NEXT where the spot was counted as several pips: which
    one is too many is not clear), or the other half a spot
    counted as several pips with less than OVER_SIX_AREA for each (its count is in doubt
    too: a slanted bar's pieces counted as pips).  None when none is so found.

    >>> pips = [(12, 14, False, 100), (29, 14, False, 102), (45, 14, False, 99), (13, 34, False, 118),
    ...         (37, 34, False, 247), (76, 14, False, 119), (100, 14, False, 256), (76, 34, False, 103),
    ...         (92, 34, False, 102), (109, 34, False, 101)]
    >>> _over_six_fewer(pips, [1, 1, 1, 1, 2, 1, 3, 1, 1, 1], 61.5, False)  # 256 is no three pips
    6
    >>> _over_six_fewer(pips, [1, 1, 1, 1, 2, 1, 3, 1, 1, 1], 61.5, True) is None
    True
    >>> _over_six_fewer(pips, [1, 1, 1, 1, 3, 1, 3, 1, 1, 1], 61.5, False) is None  # 247 no three either
    True
    """
    singles = [p[3] for p, k in zip(pips, counted, strict=True) if k == 1]
    one = _median_list(singles if len(singles) >= 2 else [p[3] / k for p, k in zip(pips, counted, strict=True)])
    runs = [(p[3] / (k * one), i) for i, (p, k) in enumerate(zip(pips, counted, strict=True))
            if (p[0] < split) == first]
    runs.sort()
    # (OVER_SIX_RUN_NEXT where the spot is one counted as several pips: a smallish single
    # pip beside it — a red one among white, 32181's 6-6 read 7-6 — leaves no doubt)
    nxt = OVER_SIX_RUN_NEXT if runs and counted[runs[0][1]] > 1 else OVER_SIX_NEXT
    if not runs or runs[0][0] >= OVER_SIX_AREA or (len(runs) > 1 and runs[1][0] < nxt):
        return None
    if any(k > 1 and p[3] < OVER_SIX_AREA * k * one and (p[0] < split) != first
           for p, k in zip(pips, counted, strict=True)):
        return None  # (the other half's count is in doubt too: 21529's 6-2 would read 6-5)
    return runs[0][1]


def _halves_at(pips: list, counted: list, split: float) -> tuple[int, int]:
    """The pips (as counted) before and after ``split`` along the tile."""
    h1 = sum(k for k, p in zip(counted, pips, strict=True) if p[0] < split)
    return h1, sum(counted) - h1


def _red_rank(pips: list, counted: list, pip_a, split: float, h1: int, h2: int) -> bool | None:
    """Are the pips of the halves painted red (a 1, a 4) redder than all the others?

    A painted set's red pips are those of its 1 and 4 halves: when the absolute test of red
    miscounts them (blue or brown pips on an amber body drift toward red), their ranking by
    a* within the tile still tells — the 6-6's red pips are three in each half.  ``None``
    when not judged (halves no die shows; pips run together, unless only in a half beside
    RANK_RUNS_RED red pips each seen alone — a 6's rows beside a 4).

    >>> pips = [(10, 10, False, 9), (10, 30, False, 9), (30, 20, False, 9), (80, 20, False, 9)]
    >>> _red_rank(pips, [1, 1, 1, 1], np.array([134.0, 136, 133, 146]), 50, 3, 1)   # a 3-1
    True
    >>> _red_rank(pips, [1, 1, 1, 1], np.array([134.0, 147, 133, 146]), 50, 3, 1)   # one more as red
    False
    >>> _red_rank(pips, [1, 1, 1, 1], np.array([134.0, 136, 133, 135]), 50, 3, 1)   # a 3-1's red 1 missed
    False
    >>> _red_rank(pips, [1, 1, 1, 1], np.array([141.0, 143, 140, 142]), 50, 2, 2)   # a 2-2: no red half
    True
    >>> six4 = [(10, 10, False, 27), (10, 30, False, 27)] + [(x, y, False, 9) for x in (70, 90) for y in (10, 30)]
    >>> _red_rank(six4, [3, 3, 1, 1, 1, 1], np.array([133.0, 134, 146, 147, 145, 146]), 50, 6, 4)  # rows of a 6
    True
    >>> _red_rank(pips[2:], [3, 1], np.array([133.0, 146]), 50, 3, 1) is None  # a band as a 3: no rank
    True
    >>> six6 = [(x, 10, False, 9) for x in (10, 20, 30)] + [(15, 30, False, 18), (30, 30, False, 9)] + [
    ...     (x, y, False, 9) for y in (10, 30) for x in (70, 80, 90)]  # two white pips of a row run together
    >>> a6 = np.array([140.0, 141, 140, 128, 129, 128, 127, 128, 141, 140, 142])
    >>> runs = [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1]
    >>> _red_rank(six6, runs, a6, 50, 6, 6)  # a 6-6: the run counts as two white pips
    True
    >>> mixed = six6[:2] + [(30, 20, False, 18), (10, 30, False, 9), (20, 30, False, 9)] + six6[5:]
    >>> a_mixed = a6 - [0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]  # a red and a white pip run together
    >>> _red_rank(mixed, [1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1], a_mixed, 50, 6, 6)  # no gap
    False
    """
    runs = any(k != 1 for k in counted)
    if not (1 <= h1 <= 6 and 1 <= h2 <= 6):
        return None
    if (h1, h2) == (6, 6):
        # half its pips red, three in each half: six stand above the other six (pips run
        # together ranked as the pips they count, with RANK_SIX_RUNS: two of a row seen as
        # one, each of the 6-6's colours — a run of a red and a white pip, between them, is
        # no gap)
        if sum(counted) != 12 or (runs and not RANK_SIX_RUNS):
            return None
        a = np.repeat(np.asarray(pip_a, float), counted)
        left = np.repeat([p[0] < split for p in pips], counted)
        order = np.argsort(a, kind="stable")
        return bool(a[order[6]] - a[order[5]] >= RED_RANK_GAP and int(left[order[6:]].sum()) == 3)
    want = _red_wanted(pips, split, h1, h2)
    if want.all():
        return None  # nothing to rank against
    if runs and (np.count_nonzero(want) < RANK_RUNS_RED or
                 any(w and k != 1 for w, k in zip(want, counted, strict=True))):
        # (pips run together ranked only in the other half, against a 4's pips each seen
        # alone: a 6's rows beside a dull red 4, 23169 — a band counted as a 3 beside a
        # spotted back's red spot is no 3-1)
        return None
    if not want.any():
        # no red half: no pip may stand out as redder than the rest
        return bool(len(pips) >= 4 and pip_a.max() - pip_a.min() < RED_RANK_GAP)
    return bool(pip_a[want].min() - pip_a[~want].max() >= RED_RANK_GAP)


def _red_wanted(pips: list, split: float, h1: int, h2: int) -> np.ndarray:
    """For each pip: does a painted set have it red (in a 1 or a 4 half, left of ``split``
    for ``h1``)?"""
    red_side = [h in (1, 4) for h in (h1, h2)]
    return np.array([red_side[0] if p[0] < split else red_side[1] for p in pips])


def _red_white_a(pips: list, counted: list, pip_a, split: float, h1: int, h2: int) -> tuple:
    """The a* of the least red of the pips a painted set has red (a 1's, a 4's), and of the
    reddest of the others; None for either where there are none, or where pips run
    together or the halves are no die's.  (The 6-6 is ranked within the tile.)

    >>> pips = [(10, 10, False, 9), (10, 30, False, 9), (30, 20, False, 9), (80, 20, False, 9)]
    >>> _red_white_a(pips, [1, 1, 1, 1], np.array([134.0, 136, 133, 146]), 50, 3, 1)
    (146.0, 136.0)
    >>> _red_white_a(pips[:2], [1, 1], np.array([144.0, 141]), 50, 1, 1)
    (141.0, None)
    """
    if any(k != 1 for k in counted) or not (1 <= h1 <= 6 and 1 <= h2 <= 6) or (h1, h2) == (6, 6) or not pips:
        return None, None
    want = _red_wanted(pips, split, h1, h2)
    return (float(pip_a[want].min()) if want.any() else None,
            float(pip_a[~want].max()) if not want.all() else None)


def _rank_all_red(raw: list) -> list:
    """Readings whose pips should all be red (the 4-4, the 1-1, the 4-1) and whose red count
    is off: their pips, pale under this light, cannot be ranked within the tile — but may
    be against the frame.  When every one of them is RED_RANK_GAP redder (a*) than the
    reddest pip a painted set has white on the tiles read sure (RED_FRAME_MIN of them or
    more), the reading is ranked (``red_rank``).  And the other way round: a reading with no
    red half whose "red" pip is as white as the frame's white pips and below its red ones is
    ranked too.  Returns ``raw``, such readings replaced."""
    sure = [rd.white_a for _, rd, occ in raw if not occ and rd.face == "up" and rd.white_a is not None
            and not rd.aside and _name_and_confidence(rd, True)[2] >= UNCERTAIN_BELOW]
    if len(sure) < RED_FRAME_MIN:
        return raw
    top = max(sure)
    raw = [(c, replace(rd, red_rank=True), occ) if (
        rd.face == "up" and rd.red_rank is None and rd.white_a is None and rd.red_a is not None and
        rd.red_a >= top + RED_RANK_GAP) else (c, rd, occ) for c, rd, occ in raw]
    # and readings with no red half that show a "red" pip (a stray: a brown pip, a red
    # reflection): when their reddest pip is as white as the frame's white pips (within half
    # the gap) and RED_RANK_GAP below every red pip of the tiles read sure, it is no red pip
    reds = [rd.red_a for _, rd, occ in raw if not occ and rd.face == "up" and rd.red_a is not None
            and not rd.aside and _name_and_confidence(rd, True)[2] >= UNCERTAIN_BELOW]
    if len(reds) < RED_FRAME_MIN:
        return raw
    low = min(reds)
    return [(c, replace(rd, red_rank=True), occ) if (
        rd.face == "up" and rd.red_rank is False and rd.red > 0 and rd.red_a is None and rd.white_a is not None and
        rd.white_a <= min(top + 0.5 * RED_RANK_GAP, low - RED_RANK_GAP)) else (c, rd, occ) for c, rd, occ in raw]


#: the tiles read sure whose white pips set the frame's level for _rank_all_red
RED_FRAME_MIN = 4
#: pips run together are ranked only beside this many red pips seen alone (_red_rank)
RANK_RUNS_RED = 4
#: the red pips' a* must all stand this far above the other pips' (_red_rank)
RED_RANK_GAP = 4.0
#: a 6-6 whose pips run together (two of a row seen as one) is ranked too, each run as the
#: pips it counts (_red_rank)
RANK_SIX_RUNS = True
#: a reading named by its halves and that ranking (its red count off) keeps this much
RED_RANK_CONF = 0.85


def _spots_through_centre(pips: list, Lc: int, Wc: int) -> bool:
    """Three spots in a line through the tile's centre, the middle one on it: a spotted
    back (shared/tiles.md: three spots set diagonally).  No face has a pip at the tile's
    centre: a 1 sits in the middle of its half, a Western tile's bar crosses the centre.

    >>> _spots_through_centre([(30, 34, False, 9), (60, 24, True, 9), (90, 14, False, 9)], 120, 48)
    True
    >>> _spots_through_centre([(30, 24, True, 9), (80, 12, False, 9), (100, 36, False, 9)], 120, 48)  # a 2-1
    False
    >>> _spots_through_centre([(35, 39, False, 9), (59, 31, True, 9), (83, 24, False, 9)], 121, 48)  # outline off
    True
    >>> _spots_through_centre([(28, 28, False, 9), (46, 28, False, 30), (63, 28, False, 9)], 83, 48)  # 1-1, spinner
    False
    """
    a, b, c = sorted(pips)
    cx, cy = Lc / 2.0, Wc / 2.0
    # the middle one halfway between the ends and near the centre: an outline that takes in
    # the tile's side is a little off its face's centre, the spots not off their own middle;
    # and the ends across the tile from each other (set diagonally: a Western 1-1's pips and
    # its spinner lie along the middle line)
    return math.hypot(b[0] - (a[0] + c[0]) / 2, b[1] - (a[1] + c[1]) / 2) < 0.1 * Wc and \
        math.hypot(b[0] - cx, b[1] - cy) < SPOTS_OFF_CENTRE * Wc and abs(a[1] - c[1]) >= 0.2 * Wc


def _spot_counted_twice(pips: list, counted: list, Lc: int, Wc: int) -> bool:
    """A spotted back's three spots (_spots_through_centre), its two white ends of one size
    (within ENDS_ALIKE of each other's area), one or both of them counted as two pips run
    together and the middle one as one: a single spot each — two pips run together are
    twice a pip's area.  (The middle spot, red, may be too dim to read as red.)

    >>> _spot_counted_twice([(33, 14, False, 106), (55, 25, True, 73), (76, 35, False, 104)], [1, 1, 2], 110, 48)
    True
    >>> _spot_counted_twice([(36, 13, False, 128), (59, 24, False, 50), (83, 34, False, 125)], [2, 1, 2], 119, 48)
    True
    >>> _spot_counted_twice([(33, 14, False, 60), (55, 25, True, 73), (76, 35, False, 130)], [1, 1, 2], 110, 48)
    False
    """
    (a, ka), (b, kb), (c, kc) = sorted(zip(pips, counted, strict=True))
    return kb == 1 and max(ka, kc) == 2 and not a[2] and not c[2] and \
        max(a[3], c[3]) <= ENDS_ALIKE * min(a[3], c[3]) and _spots_through_centre(pips, Lc, Wc)


#: a spotted back's two end spots, one counted as two pips, are within this ratio of area
#: (_spot_counted_twice)
ENDS_ALIKE = 1.4


#: a face whose first reading found a bar that may be a column of pips, unsure and its red
#: count off, takes the reading with such columns as pips when that reads a 1-1 sure with
#: its red count right, though it has fewer pips (_read_tile; 0: not)
COLUMN_SURE = 1
#: a lone spot (and nothing else) farther than this from its half's middle, either way
#: (tile widths), is a speck of a back, not a face's one pip (_read_face; 0: not)
LONE_SPOT_OFF = 0.3
#: ... and smaller than this share of the width squared (a pip of a Western tile is about
#: 0.03-0.05, a Chinese 1 0.1): 26257's blue 1-1, its outline run past one end and one pip
#: left, 0.034, was read as a back
LONE_SPOT_AREA = 0.03
#: a spot this near the outline's centre both ways (tile widths) is a spotted back's middle
#: spot (_read_face)
CENTRE_SPOT = 0.1


def _at_centre(p: tuple, Lc: int, Wc: int) -> bool:
    """Does the spot ``p`` (x, y, ...) lie at the very centre of a crop ``Lc`` x ``Wc``
    (CENTRE_SPOT), where no face has a pip?"""
    return abs(p[0] - Lc / 2) < CENTRE_SPOT * Wc and abs(p[1] - Wc / 2) < CENTRE_SPOT * Wc


def _back_with_specks(pips: list, counted: list, Lc: int, Wc: int) -> bool:
    """A spotted back seen with specks beside its spots, at the tile's centre where no face
    has a pip: four single spots, three of them a red one between two set diagonally through
    it (a knot of the grain on a wooden back: 23232, read 3-1 at 0.97); or a single spot at
    the very centre beside one blob counted as several (its middle spot and a band of its
    side or shadow: 22533, amber backs read 3-1 at 0.81 in a frame judged unpainted).

    >>> _back_with_specks([(30, 34, False, 9), (60, 24, True, 9), (90, 14, False, 9), (40, 10, False, 9)],
    ...                   [1, 1, 1, 1], 120, 48)
    True
    >>> _back_with_specks([(60, 24, False, 9), (100, 8, False, 30)], [1, 3], 120, 48)
    True
    >>> _back_with_specks([(30, 24, False, 9), (100, 8, False, 30)], [1, 3], 120, 48)  # a 3-1
    False
    """
    if counted == [1, 1, 1, 1]:
        return any(sorted(t)[1][2] and _spots_through_centre(list(t), Lc, Wc) for t in itertools.combinations(pips, 3))
    return len(pips) == 2 and min(counted) == 1 < max(counted) and _at_centre(pips[counted.index(1)], Lc, Wc)


#: the middle one of a spotted back's three spots lies this near the outline's centre (in
#: tile widths: a face's pips lie at least 0.6 from it)
SPOTS_OFF_CENTRE = 0.25


def _one_one(pips: list, Wc: int) -> bool:
    """Two pips on the tile's middle line, or two red ones: a 1-1 (seen in a short crop, its
    pips near the centre along the tile), never the two outer spots of a spotted back — they
    lie either side of the middle line, and are white.

    >>> _one_one([(20, 26, True, 77), (58, 26, True, 77)], 48)
    True
    >>> _one_one([(24, 13, False, 9), (54, 34, False, 9)], 48)  # a back's diagonal
    False
    """
    a, b = pips
    return (a[2] and b[2]) or (abs(a[1] - Wc / 2.0) < 0.1 * Wc and abs(b[1] - Wc / 2.0) < 0.1 * Wc)


def _diagonal_pair(pips: list, Lc: int, Wc: int) -> bool:
    """Two spots on a diagonal through the tile's centre, either side of it: the ends of a
    spotted back's three (its red middle spot, darker than a light body while the white
    ones are lighter, is not seen with them).  A face's two pips (the 1-1) lie on its
    middle line.

    >>> _diagonal_pair([(78, 13, False, 9), (34, 34, False, 9)], 111, 48)
    True
    >>> _diagonal_pair([(28, 24, True, 9), (83, 24, True, 9)], 111, 48)  # the 1-1
    False
    >>> _diagonal_pair([(105, 14, False, 9), (54, 34, False, 9)], 144, 48)  # a face trimmed
    True

    >>> _diagonal_pair([(78, 17, False, 9), (34, 36, False, 9)], 111, 48)  # the outline a little off
    True

    (Their midpoint within 0.2 of a tile's width of the centre along the tile, 0.1 across:
    an outline that took in a side at one end, or a face trimmed to a narrow one, whose
    crop is then squeezed along, moves it along; either side of that midpoint, 0.3 of the
    width apart across the tile.)
    """
    a, b = pips
    cx, cy = Lc / 2.0, Wc / 2.0
    return abs((a[0] + b[0]) / 2 - cx) < 0.2 * Wc and abs((a[1] + b[1]) / 2 - cy) < 0.1 * Wc and \
        abs(a[1] - b[1]) >= 0.3 * Wc


def _three_pairs(xs: list, Lc: int) -> list | None:
    """Six positions along the tile (sorted) taken two by two: the three pairs, if the
    middle one's midpoint lies at the tile's middle (within 8 % of its length) and the
    pairs are evenly spaced (the smaller gap 0.7 of the larger or more) — the long 3-3's
    layout (:func:`_long_three`, :func:`_long_three_along`); else None.

    >>> _three_pairs([20, 28, 56, 64, 92, 100], 120)
    [[20, 28], [56, 64], [92, 100]]
    >>> _three_pairs([10, 20, 30, 40, 90, 100], 120) is None
    True
    """
    pairs = [xs[0:2], xs[2:4], xs[4:6]]
    mids = [(q[0] + q[1]) / 2 for q in pairs]
    gaps = mids[1] - mids[0], mids[2] - mids[1]
    if abs(mids[1] - Lc / 2.0) > 0.08 * Lc or min(gaps) < 0.7 * max(gaps):
        return None
    return pairs


def _long_three(pips: list, Lc: int, Wc: int) -> bool:
    """Six pips in three pairs across the tile, at its two ends and straddling its middle,
    evenly spaced: the 3-3 drawn along the long axis (shared/tiles.md), whose halves
    cannot be split by geometry.

    >>> six = [(x, y, False, 9) for x in (24, 60, 96) for y in (14, 34)]
    >>> _long_three(six, 120, 48)
    True
    >>> _long_three([(x, y, False, 9) for x in (20, 30, 90) for y in (14, 34)], 120, 48)
    False
    """
    xs = sorted(p[0] for p in pips)
    pairs = _three_pairs(xs, Lc)
    if pairs is None or any(q[1] - q[0] > 0.08 * Lc for q in pairs):
        return False
    for lo in (0, 2, 4):  # each pair lies across the tile
        ys = sorted(p[1] for p in pips if xs[lo] <= p[0] <= xs[lo + 1])
        if len(ys) != 2 or ys[1] - ys[0] < 0.25 * Wc:
            return False
    return True


def _long_three_along(pips: list, Lc: int, Wc: int) -> bool:
    """Six pips on the tile's middle line in three pairs along it, at its two ends and
    straddling its middle, evenly spaced: the 3-3 drawn along the long axis
    (shared/tiles.md) with each pair's pips one behind the other, not side by side
    (:func:`_long_three`).

    >>> six = [(x + d, 24, False, 9) for x in (24, 60, 96) for d in (-5, 5)]
    >>> _long_three_along(six, 120, 48)
    True
    >>> _long_three_along([(x, 24, False, 9) for x in (14, 34, 54, 74, 94, 114)], 120, 48)
    False
    """
    if len(pips) != 6 or any(abs(p[1] - Wc / 2.0) > LONG3_LINE * Wc for p in pips):
        return False
    xs = sorted(p[0] for p in pips)
    pairs = _three_pairs(xs, Lc)
    # (a pair's two pips closer than the pairs are to each other: not six evenly spaced)
    return pairs is not None and all(q[1] - q[0] <= LONG3_PAIR * min(xs[2] - xs[1], xs[4] - xs[3]) for q in pairs)


#: ... its pips within this share of the width of the middle line, each pair's two closer
#: than this share of the gaps between the pairs
LONG3_LINE = 0.15
LONG3_PAIR = 0.6
#: ... its end pairs' outer pips within this share of the length from the ends
LONG3_END = 0.25
#: a Chinese 6's two rows of three, run together: their centres this share of the width
#: apart along the tile or less (_read_face)
SIX_ROWS_X = 0.15


#: the long 3-3's three pairs run together: blobs within this ratio of each other's area
PAIRS_LIKE = 1.3


def _long_three_pairs(pips: list, Lc: int, Wc: int) -> bool:
    """Three spots, each two pips run together, on the tile's middle line at its two ends
    and its middle, evenly spaced: the long 3-3 (:func:`_long_three`, or
    :func:`_long_three_along`) with each pair seen as one blob.

    >>> _long_three_pairs([(x, 24, False, 90) for x in (24, 60, 96)], 120, 48)
    True
    >>> _long_three_pairs([(x, 24, False, 90) for x in (20, 40, 96)], 120, 48)
    False
    >>> _long_three_pairs([(24, 14, False, 90), (60, 24, False, 90), (96, 34, False, 90)], 120, 48)
    False
    """
    xs = sorted(p[0] for p in pips)
    gaps = xs[1] - xs[0], xs[2] - xs[1]
    return abs(xs[1] - Lc / 2.0) <= 0.08 * Lc and min(gaps) >= 0.7 * max(gaps) and \
        all(abs(p[1] - Wc / 2.0) < 0.12 * Wc for p in pips)


# The die layouts of a Western tile's half, as cells of a 3 x 3 grid over the half: (across,
# along), 0 / 1 / 2 (see shared/tiles.md: Western sets keep their die layouts when repainted).
_DIE = {
    1: [{(1, 1)}],
    2: [{(0, 0), (2, 2)}, {(2, 0), (0, 2)}],
    3: [{(0, 0), (1, 1), (2, 2)}, {(2, 0), (1, 1), (0, 2)}],
    4: [{(0, 0), (2, 0), (0, 2), (2, 2)}],
    5: [{(0, 0), (2, 0), (0, 2), (2, 2), (1, 1)}],
    6: [{(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)}, {(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)}],
}
#: a Chinese tile's halves: its 2 side by side across the half (as well as a die's)
_DIE_CH = {**_DIE, 2: _DIE[2] + [{(0, 1), (2, 1)}]}
#: a half's pips spread less than this (in tile widths) along an axis lie in one row on it
DIE_SPAN = 0.2
#: a half's lone pip lies within this share of the other half's rows' span from their middle,
#: or within this share of the tile's width from the outline's middle line (a sheared crop)
LONE_OFF = 0.25
LONE_OFF_W = 0.2
#: a half's two pips on a diagonal lie at least this share of the other half's
#: extent apart, along and across (a die's 2 is corner to corner)
TWO_SPAN = 0.7
#: a Chinese half's pips in the first or last this share of their extent are at its edge
DIE_EDGE_CH = 0.35


def _halves_reach(pips: list, counted: list, split: float, Lc: int) -> bool:
    """Does each half (of ``pips`` x, y, ..., each ``counted`` as so many pips, split at
    ``split`` of a crop ``Lc`` long) that holds two single pips or more reach out from the
    middle — a pip HALF_REACH of the half's length from it or farther?  Every layout of
    two pips or more has one at 0.7-0.8 (a die's corner, a Chinese face's end pips); pips
    all near the middle are an outline shifted along the tile by a quarter of it, a 5 under
    its middle (24727's 5-5 read 3-3 at 0.97).  A half with pips run together is not
    judged (a row's centre lies at the middle of its pips).

    >>> five = [(40, 12), (40, 36), (48, 24), (56, 12), (56, 36)]    # a 5 at the middle
    >>> _halves_reach(five, [1] * 5, 48.0, 96), _halves_reach([(12, 12), (12, 36), (84, 24)], [1] * 3, 48.0, 96)
    (False, True)
    """
    for lo, hi, half_l in ((-1.0, split, split), (split, float(Lc) + 1.0, Lc - split)):
        mine = [(p[0], k) for p, k in zip(pips, counted, strict=True) if lo <= p[0] < hi]
        if len(mine) >= 2 and all(k == 1 for _, k in mine) and \
                max(abs(x - split) for x, _ in mine) < HALF_REACH * half_l:
            return False
    return True


#: a half's three pips lie in a line: the middle one within this share of the tile's width
#: of the line through the other two (a die's 3 on its diagonal, the long 3-3's three along
#: the middle line; a 5 that lost two corners to its outline keeps a "<")
THREE_OFF = 0.12


def _threes_in_line(pips: list, counted: list, split: float, Wc: int) -> bool:
    """Does each half of three single pips hold them in a line (a die's 3 on its diagonal,
    the long 3-3's three on the middle line), its middle pip within THREE_OFF of the width
    of the line through the other two?

    >>> three = [(x, y, False, 9) for x, y in ((10, 10), (24, 24), (38, 38))]   # a diagonal
    >>> other = [(x, y, False, 9) for x, y in ((86, 10), (72, 24), (58, 38))]   # and so
    >>> lost = [(x, y, False, 9) for x, y in ((62, 24), (76, 10), (76, 38))]    # a 5 that lost two corners
    >>> _threes_in_line(three + other, [1] * 6, 48.0, 48), _threes_in_line(three + lost, [1] * 6, 48.0, 48)
    (True, False)
    """
    for first in (True, False):
        mine = [(p, k) for p, k in zip(pips, counted, strict=True) if (p[0] < split) == first]
        if len(mine) != 3 or any(k != 1 for _, k in mine):
            continue
        a, b, c = (np.array(p[:2], np.float64) for p, _ in mine)
        u, v = b - a, c - a
        # the middle pip's distance from the line through the other two: twice the
        # triangle's area over its longest side
        longest = max(np.linalg.norm(u), np.linalg.norm(v), np.linalg.norm(c - b))
        if abs(float(u[0] * v[1] - u[1] * v[0])) > THREE_OFF * Wc * max(float(longest), 1e-6):
            return False
    return True


def _die_layouts_ok(pips: list, counted: list, split: float, Lc: int, Wc: int, chinese: bool = False) -> bool:
    """Each half of a tile with a divider bar shows its count as a die does: a 6 that lost
    a side pip is no 5 (a 5 has its centre pip); a lost pip that leaves a die's layout (a 3
    without its centre is a 2) is not caught.  The pips are placed on a 3 x 3 grid over
    their own extent (an outline that also holds the tile's side or shadow moves them all
    alike); a half spread less than DIE_SPAN of the tile's width along an axis is one row
    on that axis.  A half with pips run together (counted more
    than once) is not checked.

    >>> _die_layouts_ok([(12, 12, False, 9), (36, 36, False, 9)], [1, 1], 48, 96, 48)  # a 2
    True
    >>> _die_layouts_ok([(12, 12, False, 9), (12, 36, False, 9)], [1, 1], 48, 96, 48)  # not a 2
    False
    >>> five = [(x, y, False, 9) for x, y in ((10, 10), (10, 24), (10, 38), (38, 10), (38, 38))]
    >>> _die_layouts_ok(five, [1] * 5, 48, 96, 48)  # a 6 that lost a pip
    False

    ``chinese``: a Chinese tile's halves (no bar), whose 2 lies across the half, side by
    side (shared/tiles.md):

    >>> two = [(12, 12, False, 9), (12, 36, False, 9)]
    >>> _die_layouts_ok(two, [1, 1], 48, 96, 48), _die_layouts_ok(two, [1, 1], 48, 96, 48, chinese=True)
    (False, True)
    >>> quincunx = [(x, y, False, 9) for x, y in ((10, 10), (10, 38), (24, 24), (38, 10), (38, 38))]
    >>> _die_layouts_ok(quincunx, [1] * 5, 48, 96, 48, chinese=True)  # a 5
    True
    >>> _die_layouts_ok(quincunx + [(44, 24, False, 9)], [1] * 6, 48, 96, 48, chinese=True)  # and a speck: no 6
    False
    """
    layouts = _DIE_CH if chinese else _DIE
    halves = [[(p, k) for p, k in zip(pips, counted, strict=True) if lo <= p[0] < hi]
              for lo, hi in ((0.0, split), (split, float(Lc) + 1.0))]
    # (a Chinese tile has no bar to measure a slanted outline by (see _read_tile): its rows
    # may lie a little sheared, a corner pip a third of the way in)
    edge = DIE_EDGE_CH if chinese else 0.25
    for mine in halves:
        if len(mine) < 2 or any(k > 1 for _, k in mine) or len(mine) > 6:
            continue
        # (plain floats: numpy's overhead outweighs its work on six values; the same numbers)
        xs = [float(p[0]) for p, _ in mine]
        ys = [float(p[1]) for p, _ in mine]

        def cells(v: list[float]) -> list[int]:
            lo = min(v)
            span = max(v) - lo
            if span < DIE_SPAN * Wc:
                return [1] * len(v)
            return [0 if t < edge else 2 if t > 1.0 - edge else 1 for t in ((x - lo) / span for x in v)]

        got = set(zip(cells(ys), cells(xs), strict=True))
        if len(got) != len(mine) or got not in layouts[len(mine)]:
            return False
    if not _halves_reach(pips, counted, split, Lc):
        return False
    # a half of two pips on a diagonal: a die's 2 lies corner to corner, as far apart as the
    # other half's corners (a 3 that lost its end pip to the outline keeps two pips half as
    # far apart: 23089's and 24215's 3-3 read 3-2, 24059's 4-3 read 4-2)
    # (a Chinese 2 lies across, side by side: no diagonal)
    for one, other in (halves, halves[::-1]):
        if len(one) == 2 and len(other) >= 3 and all(k == 1 for _, k in one + other):
            sx = [abs(one[0][0][i] - one[1][0][i]) for i in (0, 1)]
            ox = [max(p[i] for p, _ in other) - min(p[i] for p, _ in other) for i in (0, 1)]
            if min(sx) >= DIE_SPAN * Wc and min(ox) >= DIE_SPAN * Wc and \
                    all(a < TWO_SPAN * b for a, b in zip(sx, ox, strict=True)):
                return False
    # a half of one pip: a die's 1 lies on the middle line across, as the middle of the other
    # half's rows does (a 4 whose dim red pips all but one fell under the level keeps a pip
    # in a row of the other half's: scene3d 24210, 24056 — 6-4 read 6-1 at 0.97); either
    # middle will do (a crop sheared along the tile moves the other half's rows across)
    for one, other in (halves, halves[::-1]):
        if len(one) == 1 and one[0][1] == 1 and len(other) >= 2:
            ys = [p[1] for p, _ in other]
            span = max(ys) - min(ys)
            y1 = one[0][0][1]
            if span >= DIE_SPAN * Wc and abs(y1 - (max(ys) + min(ys)) / 2.0) > LONE_OFF * span and \
                    abs(y1 - Wc / 2.0) > LONE_OFF_W * Wc:
                return False
    return True


def _name_and_confidence(rd: _Read, red_reliable: bool) -> tuple[tuple[int, int] | None, str | None, float]:
    if rd.face == "down":
        return None, None, 0.95 * rd.quality
    hi, lo = rd.halves
    total = hi + lo
    conf = rd.quality
    if hi > 6:
        return (hi, lo), None, 0.2
    try:
        t_h = Tile(hi, lo)
    except TileError:
        t_h = None
    by_counts = _BY_COUNTS.get((total, rd.red), set()) if red_reliable else None
    if t_h is None:
        if lo == 0 and (rd.has_bar or rd.blank_clean):
            # a Western blank half: reported as pips, not a Tien Gow name (its bar seen, or
            # the half clean of any response: see _Read.blank_clean)
            # (its bar seen, and its other half no die layout: a pip lost or one too many —
            # 25038's 5-1 of ring pips, broken by the level, read 2-0 at 0.9, its 5 two pips
            # side by side.  A blank half without a bar seen is judged as clean, and the
            # layouts so, as Chinese, have no blank half: not asked there)
            if not rd.layout_ok and rd.has_bar:
                conf *= LAYOUT_CONF
            return (hi, lo), None, 0.9 * conf if hi <= 6 else 0.3
        # no valid halves: fall back to the counts if they name one tile
        if by_counts and len(by_counts) == 1:
            nm = next(iter(by_counts))
            t = Tile.parse(nm)
            ok_layout = rd.ambiguous_mid > 0 and rd.long_three
            return (t.hi, t.lo), nm, (0.8 if ok_layout else 0.45) * conf
        return (hi, lo), None, 0.3 * conf
    if not rd.layout_ok:
        # a half is no die layout: a pip lost or one too many (or an outline far off)
        conf *= LAYOUT_CONF
    if by_counts is None:
        # unpainted Western set: only the halves
        return (hi, lo), t_h.name, 0.88 * conf
    if t_h.name in by_counts:
        c = 0.97 * conf
        if rd.ambiguous_mid and not rd.has_bar and len(by_counts) > 1:
            c *= 0.75
        return (hi, lo), t_h.name, c
    if rd.red_rank:
        # the red count is off, but the pips of its 1 and 4 halves, and only they, are the
        # reddest (or, with no such half, none stands out): the absolute test of red
        # miscounted them (blue pips on amber drift toward red)
        return (hi, lo), t_h.name, RED_RANK_CONF * conf
    # disagreement: the counts may still name the tile (3-3 drawn along the long axis)
    if by_counts and len(by_counts) == 1:
        nm = next(iter(by_counts))
        t = Tile.parse(nm)
        if t.total == total and rd.ambiguous_mid > 0 and rd.long_three:
            return (t.hi, t.lo), nm, 0.8 * conf
        return (t.hi, t.lo), nm, 0.4 * conf
    return (hi, lo), None, 0.35 * conf


def _counts_name(rd: _Read) -> bool:
    """A face whose halves name a tile whose pip total and red count are those read.

    >>> rd = _Read("up", (6, 3), 1, False, 1.0, 0, False, 9)
    >>> _counts_name(rd), _counts_name(replace(rd, red=0))
    (False, True)
    """
    hi, lo = rd.halves or (0, 0)
    try:
        nm = Tile(hi, lo).name
    except TileError:
        return False
    return nm in _BY_COUNTS.get((hi + lo, rd.red), set())


def _painted_evidence(raw) -> bool | None:
    """Do the tiles read show red pips where a painted set has them?  ``None``: too few to tell.

    The tiles whose halves call for red pips (a 1 or a 4, the 6-6) are counted: in a
    painted set most show exactly that many red; in an unpainted one (a Western set as
    sold) a few show a stray "red" spot (a brass spinner, a brown pip) and almost none
    the right count.  One stray red spot must not make every tile of an unpainted set
    uncertain, nor a style guess (Western tiles whose bars were not seen) decide it.
    """
    due = hit = 0
    for _, rd, occ in raw:
        if occ or rd.face != "up" or rd.halves is None or rd.n_pips < 2 or rd.aside:
            continue
        hi, lo = max(rd.halves), min(rd.halves)
        want = red_pips_of(hi, lo)
        if want:
            due += 1
            hit += int(rd.red == want)
    if due < PAINTED_MIN_TILES:
        return None
    return hit >= PAINTED_SHARE * due


#: the tiles calling for red pips needed to judge whether a set is painted, and the share
#: of them that must show exactly their red pips
PAINTED_MIN_TILES = 4
PAINTED_SHARE = 0.3


#: a back this light (Lab L*) with two or more pip-sized spots of a response above
#: FAINT_LEVEL may be an overexposed face whose pips are faint: it is reported unsure
FAINT_BODY_L = 245
FAINT_LEVEL = 10
#: ... and at FAINT_LEVEL_CLIPPED on a body at FAINT_CLIPPED_L or more (clipped at white)
FAINT_CLIPPED_L = 253
FAINT_LEVEL_CLIPPED = 5


#: a spot against the outline this many times longer than wide is a sliver of side or
#: table, not a pip (_read_tile)
SLIVER = 2.2


#: an empty half is clean (a Western blank, its bar unseen) when nothing in it responds at
#: this share of the pips' level (_Read.blank_clean)
EMPTY_HALF_LEVEL = 0.3
#: ... looked at from this share of the tile's width off the split (0: two pixels)
BLANK_BAND = 0.1
#: a half of two red spots this many of the other half's pip widths apart or less is a
#: red 1 in pieces (_read_face; 0 turns the rule off)
RED_ONE_REACH = 1.1
#: ... each of less than this share of a pip's area there
RED_ONE_PIECE = 0.8
#: ... the other half's pips no bigger than this many times each other
RED_ONE_EVEN = 1.5


#: a reading whose halves are no die layouts keeps this much of its confidence (below
#: UNCERTAIN_BELOW: such a reading is never taken as sure)
LAYOUT_CONF = 0.6

#: A proposal's own outline is kept without a re-cut when its reading is this sure ...
FIRST_READ_CONF = 0.96
#: ... and without the red check (an unpainted set: _name_and_confidence's 0.88 at most)
UNPAINTED_WHOLE = 0.88
#: ... and shows at least this many pips (three spots may be a spotted back seen through an
#: outline that also holds its shadow: the re-cut tells)
FIRST_READ_MIN_PIPS = 4
#: ... but a face beside a back in a group of two: two pips are enough (a 1-1 next to a back)
PAIR_BACK_PIPS = 2
#: ... and so in a row of a Western frame (_bars_judged True) beside backs with no spots,
#: for a face whose bar shows (stopping short of its edges): _resolve_groups (0: off)
ROW_BACK_BAR = 1
#: a tile read alone with a blank half and no bar is read again untrimmed and with each
#: polarity; a reading that names a tile with more pips is taken at this confidence or more
#: (read_one in analyze; 0: off).  At UNCERTAIN_BELOW, two confident wrong readings more
#: on 24000-24799 (24398's 4-2 read 2-1 at 0.85, 24493's 2-1 read 3-1 at 0.89)
BLANK_RETRY_CONF = 0.9
#: ... and read with either end pushed out by this share of its length (0: not), the
#: outline then no longer than BLANK_EXTEND_MAX of the frame's tile length and the strip
#: added the tile's body (more than TRIM_BODY of it)
BLANK_EXTEND = 0.2
BLANK_EXTEND_MAX = 1.1
#: ... and, pushed out by this share more, reads no more pips
BLANK_BEYOND = 0.1
#: a piece of a group cut between divider bars (analyze) that reads as a plain back goes on
#: to be judged as plain backs are (0: dropped, as a piece without a bar is)
BAR_CUT_BACKS = 1


def _refine_lost_pips(first: _Read | None, rd: _Read | None) -> bool:
    """Did snapping the outline to edges (:func:`_refine`) lose pips that the proposal's own
    outline held whole (``first``: face up, every pip whole, in die layouts, naming a Tien
    Gow tile — a 7 took a neighbour's pip in, a blank half may be a half lost)?  An end
    snapped to the edge of a row of pips — light tiles end to end, whose seams are faint —
    drops that row, and the face left reads whole (jm_5's 6-6 read 6-4 at 0.88).  The
    caller asks too that the snapped outline came out REFINE_SHORTER of the proposal's."""
    return first is not None and rd is not None and first.face == "up" and rd.face == "up" and \
        not first.cut_pip and first.quality >= 1.0 and first.layout_ok and rd.n_pips < first.n_pips and \
        _name_and_confidence(first, False)[1] is not None


def _reads_whole(rd: _Read, min_pips: int = FIRST_READ_MIN_PIPS, red: bool = False,
                 unpainted: bool | None = None) -> bool:
    """A face-up reading with every pip whole and round, enough pips (``min_pips``), and
    halves that agree with the pip total and red count (checked as if red were painted: an
    unpainted set falls back to the re-cut) — or, in an unpainted set (``unpainted``; None:
    while the groups of a frame whose tiles read alone show one are resolved,
    ``_LOCAL.unpainted``, _resolve_groups), halves that name a tile in die layouts (``red``:
    the red count asked for all the same)."""
    if rd.face != "up" or rd.cut_pip or rd.quality < 1.0 or rd.n_pips < min_pips:
        return False
    if unpainted is None:
        unpainted = getattr(_LOCAL, "unpainted", False)
    if not red and unpainted:
        return _name_and_confidence(rd, False)[2] >= UNPAINTED_WHOLE
    return _name_and_confidence(rd, True)[2] >= FIRST_READ_CONF


#: a face seen only by its edges or as paler than the table (analyze's EDGE_MIN_PIPS,
#: PALE_MIN_PIPS) that reads whole but for its red pips waits for the frame's evidence, as
#: a loose face does: in an unpainted set it is whole (0: dropped).  scene3d 24329, an
#: unpainted Western set on pink felt: its 6-4, read right, was dropped for want of red
EDGE_UNPAINTED = 1


def _waits_unpainted(rd: _Read, min_pips: int, piece: bool, occ: bool, pattern) -> bool:
    """Does a face dropped for not reading whole wait for the frame's evidence of an
    unpainted set (a loose face; with EDGE_UNPAINTED, one seen by its edges or as paler)?
    Not a piece of a group, nor hidden in part, nor on a patterned cloth; whole in die
    layouts with ``min_pips`` or more pips."""
    return not piece and not occ and pattern is None and rd.n_pips >= min_pips and _whole_unpainted(rd)


def _whole_unpainted(rd: _Read) -> bool:
    """Would ``rd`` read whole (:func:`_reads_whole`, any number of pips) in an unpainted
    set, and in die layouts, with no blank half (a pip missed there names a tile too)?"""
    return _reads_whole(rd, 0, unpainted=True) and rd.layout_ok and min(rd.halves) >= 1


def _scene_western(raw: list, style: str) -> bool:
    ups = [rd for _, rd, _ in raw if rd.face == "up" and not rd.aside]  # (a short face's bar may not show)
    return style == "western" or (style == "auto" and bool(ups) and sum(rd.has_bar for rd in ups) >= 0.5 * len(ups))


def _faint_bars(raw: list, style: str) -> bool:
    """Western tiles whose divider bars mostly do not show (a grey bar fainter than the
    pips): fewer than half the faces read show one, but the faces read whole are 2 : 1,
    not about 2.5 : 1 (their median length : width at most WESTERN_ASPECT, of
    STYLE_MIN_TILES or more).  A bar then neither shows a piece of a group is cut right
    nor that it is cut wrong."""
    if style != "auto" or _scene_western(raw, style):
        return False
    asps = [_aspect(c) for c, rd, o in raw if rd.face == "up" and not o and _reads_whole(rd) and not rd.aside]
    return len(asps) >= STYLE_MIN_TILES and float(np.median(asps)) <= WESTERN_ASPECT


def _bars_judged(raw: list, style: str) -> bool | None:
    """What a piece of a split group's divider bar tells (see :func:`_wrong_split`): True,
    the frame's tiles have bars; False, they have none (Chinese); None, Western tiles
    whose bars mostly do not show (:func:`_faint_bars`) — a bar or none tells nothing."""
    if _scene_western(raw, style):
        return True
    if _faint_bars(raw, style) or sum(rd.face == "up" and rd.has_bar and not rd.bar_through and not rd.aside and
                                      not o and _reads_whole(rd) for _, rd, o in raw) >= BARS_SEEN:
        # (BARS_SEEN faces read whole on their own with a bar that stops short of their
        # edges: Western tiles, most of whose thin bars the reader missed — scene3d 25998,
        # 7 of 20; no frame judged Chinese on scene3d 24430-24579 shows one)
        return None
    return False


#: faces read whole with a bar (not from edge to edge) that make a frame's bars tell nothing
#: of a split (_bars_judged), fewer than half its faces showing one
BARS_SEEN = 3


def _wrong_split(rd: _Read, western: bool | None, strict: bool = True) -> bool:
    """A piece of a split group that shows the split is wrong: a bar where the tiles of the
    image have none (a seam across its middle) or none where they have, a line along its
    length; ``strict``: or a line (or bar) right across, from edge to edge — which a long
    divider bar can also be, so it only decides between ways of splitting."""
    bar_wrong = western is not None and rd.has_bar != western  # (None: bars not judged)
    return rd.face == "up" and (bar_wrong or rd.seam_along or (strict and rd.bar_through))


#: a frame whose faces read whole (STYLE_MIN_TILES or more) are at most this long for their
#: width (median) is of a Western set, even if few of them show a divider bar
WESTERN_ASPECT = 2.05
STYLE_MIN_TILES = 4


def _aspect(corners: np.ndarray) -> float:
    return float(np.linalg.norm(corners[1] - corners[0])) / max(1e-6, float(np.linalg.norm(corners[2] - corners[1])))


#: a piece of a group that shares more than this of its area with a tile read on its own
#: outline is dropped
GROUP_OVERLAP = 0.3


def _mostly_over(corners: np.ndarray, polys: list, share: float = GROUP_OVERLAP) -> bool:
    """Does the quadrilateral ``corners`` share more than ``share`` of its area with one of
    ``polys`` (float32 contours)?  A piece of a split group lying so much over a tile
    read on its own is part of it and of its neighbour.

    >>> sq = lambda x, y, w, h: np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]).reshape(-1, 1, 2)
    >>> piece = np.float32([[0, 0], [100, 0], [100, 40], [0, 40]])
    >>> _mostly_over(piece, [sq(0, 20, 100, 40)]), _mostly_over(piece, [sq(0, 35, 100, 40)])
    (True, False)
    """
    q = corners.astype(np.float32).reshape(-1, 1, 2)
    a_ = cv2.contourArea(q)
    return any(cv2.intersectConvexConvex(q, p_)[0] > share * a_ for p_ in polys)

#: two ways of splitting a group that read as clean are told apart by how far their pieces'
#: proportions are from the tiles' (mean share): by more than this, or the group is unsure
AMBIG_ASPECT = 0.1
#: ... and only ways whose pieces' length : width differ by more than this share
AMBIG_SHAPE = 0.2
#: ... and, Chinese tiles side by side, by a line across a piece's middle (_mid_run) of
#: TIE_SEAM or more in every way but those whose pieces show none of TIE_NO_LINE
TIE_SEAM = 0.6
TIE_NO_LINE = 0.4
#: ... and, in a set whose red pips show, by their red pips: a way whose every face's halves
#: are a tile with the red count read is taken over ways with a face named only because its
#: reddest pips lie where they should (_Read.red_rank; faces reported unsure left out) — a
#: piece cut across two tiles side by side reads a valid pair of halves and a red count no
#: such tile has (scene3d 24569: a 3-3 and a 6-4 side by side, cut along them, read a 6-3
#: with one red pip and a 4-3; 0: not)
TIE_RED_COUNTS = 1
#: ... and, the same pieces cut a little apart, by the faces read whole: the way with more
#: pieces that read whole than any other, when every other way names no tile it does not
#: (a piece read as a plain back where another cut of it shows a whole face saw no pips for
#: its cut, not a back — scene3d 33497: a 6-1 at the end of a row of four side by side,
#: cut 2 px off, read as a back at 0.87; a piece read as another face is not so settled,
#: 24765's 6-5 and 6-2).  0: not
TIE_WHOLE = 1


#: a group of this many Chinese tiles or more is split right when all its pieces but one
#: read clean (the one reported unsure): _resolve_groups
GROUP_ONE_BAD = 3
#: ... and a pair of Chinese tiles end to end when one piece names a tile, unsure, and the
#: other reads whole with at least this many pips
PAIR_ONE_BAD_PIPS = 4
#: ... and two Western tiles side by side whose bars both do not show, when the group's
#: other cut, across them, puts a line from edge to edge across both pieces' middles (their
#: seam: _square_seamed; scene3d 25362, a 5-1 beside a 6-5 with thin bars)
SQUARE_SEAM_BARS = 1
#: a square of two tiles side by side holding a way with a back (a face beside a back) is
#: judged as the frame's set is, unpainted, not with red asked for: a back's way is not
#: told apart by red counts (scene3d 26072, an unpainted 6-1 beside a back)
SQUARE_BACK_UNPAINTED = 1
#: a row of at least this many Western tiles may hold one piece with no bar seen
#: (_resolve_groups): whole and consistent, between pieces that show theirs
BARLESS_ROW = 3
#: ... and one piece whose bar runs right across (_Read.bar_through: an outline that takes in
#: a strip of shadow past the tile's edge reads its bar so), reported unsure, when every other
#: piece reads whole with a bar that stops short of the edges (scene3d 25031: four black
#: tiles side by side, all missed for the 3-2's piece)
THROUGH_ROW = 3
#: ... and pieces with a line along them near one side only (_Read.seam_side: the outline
#: takes in the edge of a neighbour), reported unsure — as many as the row's count of
#: unsure pieces allows (one in a Chinese row) — when every other piece reads whole with no
#: line along it (scene3d 26179: four Western tiles side by side, all missed for the 3-1's
#: piece)
SIDE_SEAM_ROW = 3
#: ... such a piece that reads whole itself is not unsure (and the others may show such a
#: line at their side too, if they read whole): the line is the neighbour's edge, not a
#: seam through the piece
SIDE_SEAM_WHOLE = True
#: a way's names are checked against the set (more of a tile than one set holds: a wrong
#: cut) without its pieces reported unsure when it has at most this many (0: with them).
#: One: scene3d 24367's row of four, its 4-4 read 4-3 beside a 4-3, was dropped; two were
#: too many — 33847's row cut a third of a width off read two 4-2s unsure and a 4-1 for sure
EXCESS_SURE = 1
#: A split taken for its seams (_select's sure splits) whose piece shows a line across its
#: middle that stops short of the edges (MID_BAR .. MID_SEAM of its width), in a row of
#: three or more Western tiles: the piece's faint bar (_faint_bar), as in a group's ways —
#: not a sign the split is wrong (scene3d 26166: three tiles side by side, all dropped for
#: the 3-1's bar at 0.71)
SURE_FAINT_BAR = True
#: ... and of such a split one of whose pieces shows it is wrong, the pieces that read whole
#: and consistent are kept (False: every piece dropped).  The piece that shows it may be a
#: tile misread, not a piece across a seam (scene3d 25277: a 3-2 with a spinner end to end
#: with a 4-4, the 4-4 read whole and dropped with it); over scene3d 24000-26369 +42 right,
#: one confident wrong reading (24684: a 5-4 in the row read 4-2) and one false tile more
SURE_KEEP_WHOLE = True


def _second_way(way: list, second: set) -> bool:
    """A way of splitting a group tried only when no other way of it reads clean: every piece
    of it among ``second`` (the ids of such pieces, ``_LOCAL.second_ways``)."""
    return bool(way) and all(id(p) in second for p in way)


def _resolve_groups(groups: list, tent_read: dict, raw: list, style: str, second: set = frozenset(),
                    unpainted: bool = False, read_more=None, backs_out: list | None = None) -> list[tuple]:
    """Of the ways of splitting each group of touching tiles, the one whose every piece reads
    as a valid tile, face up, with no pip cut by its outline — and, among Western tiles,
    with its divider bar across the middle (the wrong axis puts the bar along the piece).
    A group none of whose ways reads clean is dropped.  ``second``: the ids of the pieces of
    ways tried only when no other way of their group reads clean.  ``unpainted``: the
    tiles read alone show an unpainted set — faces read whole on their halves alone
    (``_LOCAL.unpainted``, set here for _reads_whole; the caller clears it), the frame's
    bars judged so too.  ``read_more(pieces)``: reads pieces into ``tent_read`` — the
    second ways' pieces are read only when their group comes to them.  ``backs_out``: a
    list to which, for each group dropped, the ways (pieces, readings) whose every piece
    reads as a plain back are added (one list a group) — for :func:`_back_rows`."""
    any_red = any(rd.red > 0 for _, rd, _ in raw if rd.face == "up")
    trim_more = getattr(_LOCAL, "trim_more", {})
    pair_scaled = getattr(_LOCAL, "pair_scaled", set())

    def judged(halves_only: bool) -> tuple:
        """(what the bars tell, Western, red usable), faces read whole on their halves
        alone or not."""
        _LOCAL.unpainted = halves_only
        bars = _bars_judged(raw, style)
        west = bars is not False  # (None: Western tiles whose bars mostly do not show)
        # red pips name the tile with the pip total: usable unless an unpainted Western set
        return bars, west, not west or any_red

    as_painted = judged(False)
    as_unpainted = judged(True) if unpainted else as_painted
    bars_judged, western, red_ok = as_unpainted
    # (in a frame read as unpainted whose bars do not show so, a square of two tiles side
    # by side is judged as before, red asked for: its two ways only the red count told
    # apart, and without it it was cut the wrong way, 950059, 19363)
    squares_painted = unpainted and bars_judged is not True
    out = []
    # the length : width of the tiles read whole here (not in a group)
    asps = [_aspect(c) for c, rd, _ in raw if rd.face == "up" and rd.n_pips >= 2]
    asp_ref = float(np.median(asps)) if len(asps) >= 3 else None
    # the tiles named already: a set holds each civil tile twice and each military one
    # once, so a way that names more of a tile than that (with the rest of the table) is
    # less likely than one that does not
    def names(reads) -> Counter:
        return Counter(nm for _, rd, o in reads if rd.face == "up" and not o
                       for nm in [_name_and_confidence(rd, red_ok)[1]] if nm)

    def excess(cnt: Counter) -> int:
        return sum(max(0, v - _IN_SET.get(k, 1)) for k, v in cnt.items())

    def unsure(read: tuple) -> tuple:
        """(corners, reading, occluded) with the reading marked unsure (quality 0.5)."""
        c, rd, o = read
        return c, replace(rd, quality=min(0.5, rd.quality)), o

    def pair_one_bad(reads: list, k: int, alt: list) -> bool:
        """A Chinese pair end to end whose other piece than ``k`` reads whole (PAIR_ONE_BAD_PIPS)."""
        return not western and len(reads) == 2 and _reads_whole(reads[1 - k][1], PAIR_ONE_BAD_PIPS) and \
            _end_to_end(alt)

    named = names(raw)
    base_excess = excess(named)
    # the bodies of the faces read whole here (a face of two or three pips beside a back
    # must be of one of their colours)
    face_bodies = [rd.body_lab for _, rd, _ in raw if rd.face == "up" and rd.body_lab is not None and _reads_whole(rd)]
    painted = _painted_evidence(raw) is True  # the tiles read show their red pips
    for g in groups:
        square = squares_painted and any(len(a) == 2 and not _end_to_end(a) for a in g) and not (
            SQUARE_BACK_UNPAINTED and any(len(a) == 2 and any(r is not None and r[1].face == "down" for r in (
                tent_read.get(id(p)) for p in a)) for a in g))
        bars_judged, western, red_ok = as_painted if square else as_unpainted
        _LOCAL.unpainted = unpainted and not square
        # (ways of another number of pieces, of a size guessed from the group: only if no
        # other way reads clean)
        # (a faint middle line counts as a bar in rows of three or more at once, in two-piece
        # ways only when no way reads clean without it: a seam across a square reads so too;
        # pieces' readings at the higher level, ``high``, only when none reads clean then)
        pools = ([a for a in g if not _second_way(a, second)], [a for a in g if _second_way(a, second)])
        # (another way of the group, not a pair of the nominal proportions, whose every piece
        # read as a sure face: the group is not cut wrong where that way was dropped — a
        # piece misread, a bar judged — and a pair way cut across its tiles reads as well;
        # see PAIR_OTHER_WHOLE)
        others_whole = bool(pair_scaled) and PAIR_OTHER_WHOLE and any(
            a and not any(id(p) in pair_scaled for p in a) and all(
                r is not None and r[1].face == "up" and r[1].quality >= PAIR_OTHER_WHOLE
                for r in (tent_read.get(id(p)) for p in a)) for a in g)
        g_backs: list[tuple] = []  # (the ways all of plain backs)
        def passes(pools=pools, bars_judged=bars_judged):
            for k, pl in enumerate(pools):
                if k and pl and read_more is not None:
                    read_more([p for a in pl for p in a])  # (only now: no other way read clean)
                for f, h in _group_passes(pl, tent_read, bars_judged):
                    yield pl, f, h

        for pool, faint_pairs, high in passes():
            best = None
            clean: list[tuple] = []  # every way that reads clean
            for alt in pool:
                reads = [tent_read.get(id(p)) for p in alt]
                if not alt or any(r is None for r in reads):
                    continue
                if high:
                    reads = [(c, rd.high or rd, o) for c, rd, o in reads]
                trimmed = all(id(p) in trim_more for p in alt)  # (a row cut again shorter: ROW_TRIM_MORE)
                if PAIR_SCALED_FACES and any(id(p) in pair_scaled for p in alt) and (others_whole or any(
                        rd.face != "up" or rd.mid_run >= PAIR_SEAM for _, rd, _ in reads)):
                    continue
                if TRIM_MORE_BACKS and trimmed and any(rd.face != "up" for _, rd, _ in reads):
                    continue  # (a row cut again shorter: faces only — a face with its shadow cut in
                    # four strips across reads a 2-2, a 1-1 and two backs, 960064)
                ok = True
                # (backs whose three spots each piece shows, centred on it: the split is right —
                # a piece cut elsewhere has them off its middle, or a spot of the next)
                spotted = all(rd.face != "up" and rd.spots_back and not rd.cut_pip for _, rd, _ in reads)
                if all(rd.face != "up" or rd.halves[1] == 0 for _, rd, _ in reads) and not spotted:
                    if all(rd.face == "down" and not rd.spots_back for _, rd, _ in reads):
                        g_backs.append((alt, reads))
                    continue
                # backs beside nothing read whole (a cup's dark inside cut in three); beside a
                # back in a way of two, a face of two or three pips (1-1, 2-1) naming its tile
                # by its counts is whole enough — if it has the colour of a face read whole
                # here (a cup's inside and rim cut in two read a back and a 1-1 where nothing
                # else was read, 949952).  So too in a row of pieces all end to end with no
                # spotted back (21751: a 1-1 and two backs; side by side, a playing card cut in
                # strips reads a 1-1 and backs, 18534; beside spotted backs one of them reads
                # as a 2-1, 20594)
                if any(rd.face != "up" for _, rd, _ in reads) and not spotted:
                    row_end_to_end = not any(rd.spots_back for _, rd, _ in reads) and \
                        all(_end_to_end([p, q]) for p, q in itertools.combinations(alt, 2))
                    # (and in a row of a frame of Western tiles, beside backs none of them
                    # spotted, a face with its bar seen, stopping short of its edges: 26092's
                    # 2-1 beside two backs side by side, every way of the row read so, dropped)
                    row_barred = ROW_BACK_BAR and bars_judged is True and not any(
                        rd.spots_back for _, rd, _ in reads) and any(
                        rd.face == "up" and rd.has_bar and not rd.bar_through for _, rd, _ in reads)
                    min_pips = PAIR_BACK_PIPS if len(reads) == 2 or row_end_to_end or row_barred \
                        else FIRST_READ_MIN_PIPS
                    if not any(_reads_whole(rd, min_pips) for _, rd, _ in reads):
                        continue
                    if min_pips < FIRST_READ_MIN_PIPS and not any(_reads_whole(rd) for _, rd, _ in reads) and \
                            not any(rd.face == "up" and rd.body_lab is not None and
                                    any(_same_body(rd.body_lab, b) for b in face_bodies) for _, rd, _ in reads):
                        continue
                bad_at: list[int] = []  # the pieces marked unsure
                cut_bad = through_bad = side_bad = False
                barless = []  # (a row of Western tiles: the pieces whose bar does not show)
                for k, (_, rd, _) in enumerate(reads):
                    if rd.face != "up":
                        if rd.cut_pip:  # a "back" with a pip cut by its outline: part of a face
                            ok = False
                            break
                        continue  # a back among read tiles
                    # (a piece across a seam reads as a Western tile whose bar is the seam: bars
                    # only where the tiles read for sure have them, and not from edge to edge)
                    rd_f = _faint_bar(rd, bars_judged) if len(reads) > 2 or faint_pairs else rd
                    if not rd.cut_pip and bars_judged and (len(reads) >= BARLESS_ROW or faint_pairs) and not rd_f.has_bar and \
                            not _wrong_split(replace(rd_f, has_bar=True), bars_judged) and rd.mid_run < MID_BAR and \
                            _reads_whole(rd):
                        # no bar and no line at its middle, but whole and consistent: in a row
                        # whose other pieces all show their bars (the cuts confirmed) it is a tile
                        # whose bar does not show, not a piece across a seam (checked below)
                        barless.append(k)
                        continue
                    if SIDE_SEAM_ROW and len(reads) >= SIDE_SEAM_ROW and rd.seam_side and not rd.cut_pip and \
                            not _wrong_split(replace(rd_f, seam_along=False), bars_judged, strict=False):
                        # (a line along one piece of a row near its side only: its outline takes in
                        # the edge of its neighbour — reported unsure, the others checked below)
                        side_bad = True
                        if SIDE_SEAM_WHOLE and _reads_whole(rd):
                            continue
                        reads[k] = unsure(reads[k])
                        bad_at.append(k)
                        continue
                    if _wrong_split(rd_f, bars_judged):
                        # (only for its bar right across, in a row: THROUGH_ROW, checked below)
                        if len(reads) >= THROUGH_ROW and bars_judged and rd_f.has_bar and \
                                not _wrong_split(rd_f, bars_judged, strict=False):
                            reads[k] = unsure(reads[k])
                            bad_at.append(k)
                            through_bad = True
                            continue
                        ok = False
                        break
                    hi, lo = rd.halves
                    if rd.cut_pip or hi > 6 or (lo == 0 and not western):  # (Chinese tiles have no blank half)
                        # one piece of a row that reads no tile — its outline cuts a pip (then
                        # every other must read whole, below), or a Chinese half of more than six
                        # pips or blank —: unsure, as below; not where it has a reading at the
                        # higher level, for the pass that tries it
                        if (len(reads) < GROUP_ONE_BAD and not pair_one_bad(reads, k, alt)) or \
                                rd.high is not None or (western and not rd.cut_pip):
                            ok = False
                            break
                        reads[k] = unsure(reads[k])
                        bad_at.append(k)
                        cut_bad = cut_bad or rd.cut_pip
                        continue
                    if lo == 0:
                        # a Western blank half: a pip lost at the cut would have been cut by the
                        # outline (cut_pip) or would leave a piece across a seam (_wrong_split)
                        continue
                    if _name_and_confidence(rd, red_ok)[2] < UNCERTAIN_BELOW:
                        if not western and len(reads) < GROUP_ONE_BAD and not pair_one_bad(reads, k, alt):
                            ok = False
                            break
                        # Western pieces each with its bar across the middle: the split is right
                        # even if this one does not name a tile; it is reported unsure (and so
                        # one piece of a row of Chinese tiles whose others all read clean)
                        reads[k] = unsure(reads[k])
                        bad_at.append(k)
                bad = len(bad_at)
                if not ok or 2 * bad > len(reads) or (not western and bad > 1):
                    continue
                if barless and (len(barless) > 1 or bad or sum(rd.face == "up" for _, rd, _ in reads) < (
                        2 if len(reads) == 2 else 3)) and not (
                        SQUARE_SEAM_BARS and len(reads) == 2 and len(barless) == 2 and not bad and
                        _square_seamed(alt, pool, tent_read)):
                    # (one piece without its bar, in a row whose others, two or more, show theirs;
                    # or in a pair, when no way reads clean with bars seen as bars, beside a
                    # piece whose faint bar shows: 20236's red 6-6 beside a 5-5)
                    continue
                if bad and not western and any(rd.quality < 1.0 for _, rd, _ in reads if rd.quality > 0.5):
                    continue  # (the others of a Chinese row with a piece unsure — marked 0.5 — read whole)
                if cut_bad and any(not _reads_whole(rd, 0, red=True) for _, rd, _ in reads if rd.face == "up" and rd.quality > 0.5):
                    continue  # (and of a row with a piece whose outline cuts a pip, every other is whole)
                if through_bad and any(not _reads_whole(rd, 0, red=True) or rd.bar_through
                                       for k, (_, rd, _) in enumerate(reads) if k not in bad_at):
                    continue  # (and of a row with a piece whose bar runs across, every other is whole)
                if side_bad and any(not _reads_whole(rd, 0) for k, (_, rd, _) in enumerate(reads) if k not in bad_at):
                    # (and of a row with a piece with a line along its side, every other is whole —
                    # none of them with a line along it but the side's own, passed above)
                    continue
                if excess(names([r for k, r in enumerate(reads) if not (k in bad_at and bad <= EXCESS_SURE)])):
                    continue  # more of a tile than one set holds, in one group: a wrong cut
                # (two tiles side by side make a square that cuts either way: a line across a
                # piece's middle from edge to edge is their seam even if read as its bar; one
                # that stops short of the edges, a Western tile's bar even if too faint to be
                # read as one.  So in ways of more pieces, a line across ROW_SEAM of the width
                # a seam already — a block of four cut two by two shows two, 19296 — where the
                # frame's tiles have bars or may (a Chinese face's pips about its middle make
                # such a line too, 17270).  A bar on a piece marked unsure tells nothing of the
                # cut: a piece whose outline cuts a pip, across a seam, reads it as its bar)
                ups = [rd for k, (_, rd, _) in enumerate(reads) if rd.face == "up" and k not in bad_at]
                if len(reads) == 2 or western:
                    seam_at = MID_SEAM if len(reads) == 2 else ROW_SEAM
                    seamy = sum(rd.mid_run >= seam_at for rd in ups)
                    bars = sum((rd.has_bar or (western and rd.mid_run >= MID_BAR)) and rd.mid_run < seam_at
                               for rd in ups) - seamy
                else:
                    bars = sum(rd.has_bar for rd in ups)
                key = (bars, -bad)
                if trimmed:
                    # (a row cut again shorter: a face of one or two pips there may be a pip
                    # of each of two tiles — unsure)
                    reads = [unsure(r) if r[1].face == "up" and r[1].n_pips < TRIM_MORE_PIPS else r for r in reads]
                clean.append((key, reads))
                if best is None or key > best[0]:
                    best = (key, reads)
            if best is not None:
                break
        if best is None and g_backs and backs_out is not None:
            backs_out.append(g_backs)
        if best is not None:
            # another way, cut elsewhere, that reads as clean and as well: the group may be
            # either (two Chinese tiles side by side cut along or across both read as two
            # tiles) — unless one way's pieces have the proportions of the tiles read whole
            # here and the other's do not: reported unsure, not guessed
            ties = [r for k, r in clean if k == best[0]]
            if len(ties) > 1 and asp_ref:
                fit = [float(np.mean([abs(_aspect(c) / asp_ref - 1.0) for c, _, _ in r])) for r in ties]
                way_asp = [float(np.median([_aspect(c) for c, _, _ in r])) for r in ties]
                order = np.argsort(fit)
                # (only ways whose pieces differ in shape: two Western tiles side by side
                # make a square whose pieces are 2 : 1 either way)
                if fit[order[1]] - fit[order[0]] > AMBIG_ASPECT and \
                        abs(way_asp[order[1]] / way_asp[order[0]] - 1.0) > AMBIG_SHAPE:
                    best = (best[0], ties[order[0]])
                    ties = [ties[order[0]]]
            if len(ties) > 1 and painted:
                # ... or unless only one names no more of a tile than a set holds (the
                # names checked by their red pips)
                fine = [r for r in ties if excess(named + names(r)) == base_excess]
                if len(fine) == 1:
                    best = (best[0], fine[0])
                    ties = fine
            if len(ties) > 1 and painted and red_ok and TIE_RED_COUNTS:
                # (the faces reported unsure left out: they name no tile for sure either way)
                counted = [r for r in ties if all(_counts_name(rd) for _, rd, _ in r if rd.face == "up" and rd.quality > 0.5)]
                if counted and len(counted) < len(ties):
                    best = (best[0], counted[0])
                    ties = counted
            if len(ties) > 1 and not western and (all(len(r) == 2 for r in ties) or _cut_elsewhere(ties[0], ties)):
                # ... or, Chinese tiles (no bar), unless every way shows a line across a
                # piece's middle — the seam between two tiles side by side, cut across — but
                # those that show none, which name the same tiles (TIE_SEAM, TIE_NO_LINE): in
                # pairs, and in rows cut elsewhere (20881: four side by side, cut two by two
                # across their seams — not the same pieces cut a little apart, where a face's
                # middle pips make the line: 17172's 3-3)
                lines = [max((rd.mid_run for _, rd, _ in r if rd.face == "up"), default=0.0) for r in ties]
                plain = [r for r, ln in zip(ties, lines, strict=True) if ln < TIE_NO_LINE]
                if plain and len(plain) < len(ties) and len({frozenset(names(r).items()) for r in plain}) == 1 and \
                        all(ln >= TIE_SEAM or ln < TIE_NO_LINE for ln in lines):
                    best = (best[0], plain[0])
                    ties = plain
            if TIE_WHOLE and len(ties) > 1 and best[0][1] == 0 and not _cut_elsewhere(best[1], ties):
                n_whole = [sum(_reads_whole(rd) for _, rd, _ in r) for r in ties]
                top = max(n_whole)
                if n_whole.count(top) == 1:
                    most = ties[n_whole.index(top)]
                    # (and only where every other way names no tile it does not: a piece read
                    # as a back there, not as another face — 24765's 6-5 read 6-5 at 0.78 one
                    # way, 6-2 whole the other)
                    named_most = names(most)
                    if all(not (names(r) - named_most) for r in ties):
                        best = (best[0], most)
                        ties = [most]
            other = _cut_elsewhere(best[1], ties)
            # (cut either way, every piece a face named and every way naming the same tiles:
            # which cut is right does not change what lies there — read as the first way)
            same_tiles = other and best[0][1] == 0 and len({frozenset(names(r).items()) for r in ties}) == 1 and \
                sum(names(best[1]).values()) == len(best[1])
            if other and not same_tiles:
                out.extend((c, replace(rd, quality=min(0.5, rd.quality)), o) for c, rd, o in best[1])
            elif best[0][1] < 0:
                # the same pieces, cut a little apart, each way with a piece unsure: a piece
                # that reads otherwise in another of them is unsure too (which cut is right,
                # its reading does not tell; ways that read clean keep the order they were
                # found in: seams shown first, then the best fit)
                out.extend((c, replace(rd, quality=min(0.5, rd.quality)) if _read_otherwise(c, rd, ties) else rd, o)
                           for c, rd, o in best[1])
            else:
                out.extend(best[1])
    return out


def _square_seamed(alt: list, pool: list, tent_read: dict) -> bool:
    """Two pieces side by side (``alt``) whose group is also cut across them the other way
    into two pieces each with a line from edge to edge across its middle (``_Read.mid_run``
    of MID_SEAM or more): the seam between two tiles side by side, which the cut across
    them puts at each piece's middle — so ``alt`` is cut along that seam (SQUARE_SEAM_BARS)."""
    if _end_to_end(alt):
        return False
    a0 = _long_axis(alt[0])
    for b in pool:
        if len(b) != 2 or b is alt or _end_to_end(b):
            continue
        if abs(math.cos(_long_axis(b[0]) - a0)) > 0.5:
            continue  # (cut the same way)
        reads = [tent_read.get(id(p)) for p in b]
        if all(r is not None and r[1].face == "up" and r[1].mid_run >= MID_SEAM for r in reads):
            return True
    return False


def _long_axis(part: tuple) -> float:
    """The direction (radians) of a minAreaRect's long side."""
    (_, _), (w, h), a = part
    return math.radians(a if w >= h else a + 90)


def _end_to_end(parts: list[tuple]) -> bool:
    """Two pieces (minAreaRects) that lie end to end: the line between their centres runs
    along their length, not across it.

    >>> _end_to_end([((0.0, 0.0), (40.0, 17.0), 0.0), ((40.0, 1.0), (40.0, 17.0), 0.0)])
    True
    >>> _end_to_end([((0.0, 0.0), (40.0, 17.0), 0.0), ((0.0, 17.0), (40.0, 17.0), 0.0)])
    False
    """
    (x0, y0), _, _ = parts[0]
    (x1, y1), _, _ = parts[1]
    a = _long_axis(parts[0])
    dx, dy = x1 - x0, y1 - y0
    return abs(dx * math.cos(a) + dy * math.sin(a)) > 2 * abs(-dx * math.sin(a) + dy * math.cos(a))


def _group_passes(pool: list, tent_read: dict, bars_judged: bool | None) -> list[tuple[bool, bool]]:
    """The passes of :func:`_resolve_groups` over the ways ``pool`` of one group, each tried
    only when those before read no way clean: (faint middle lines as bars in two-piece ways,
    the pieces' readings at the higher level).  The second only if there is a two-piece way
    in a frame whose tiles have bars, the third only if a piece has such a reading."""
    passes = [(False, False)]
    if bars_judged and any(len(a) == 2 for a in pool):
        passes.append((True, False))
    if any(r is not None and r[1].high is not None for a in pool for r in (tent_read.get(id(p)) for p in a)):
        passes.append((passes[-1][0], True))
    return passes


def _faint_bar(rd: _Read, bars_judged: bool | None) -> _Read:
    """``rd`` as having its divider bar when the frame's tiles have bars and a line across
    its middle, too faint to be read as one, stops short of its edges (MID_BAR .. MID_SEAM of
    its width: a thin painted divider, not a seam)."""
    if bars_judged and rd.face == "up" and not rd.has_bar and MID_BAR <= rd.mid_run < MID_SEAM:
        return replace(rd, has_bar=True)
    return rd


def _read_otherwise(c: np.ndarray, rd: _Read, ways: list) -> bool:
    """Does the piece nearest the outline ``c`` in one of ``ways`` (lists of (corners,
    reading, occluded)) read otherwise than ``rd`` — face, or halves?"""
    for way in ways:
        _c2, rd2, _o = min(way, key=lambda x: float(np.linalg.norm(x[0].mean(axis=0) - c.mean(axis=0))))
        if rd2.face != rd.face or (rd.face == "up" and sorted(rd2.halves) != sorted(rd.halves)):
            return True
    return False


def _skin_mask(small: np.ndarray, hsv: np.ndarray | None = None, planes: tuple | None = None) -> np.ndarray:
    if hsv is None:
        hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    m = cv2.inRange(hsv, (2, 45, 55), (22, 190, 255))
    b, g, r = cv2.split(small) if planes is None else planes
    m = cv2.bitwise_and(m, cv2.compare(cv2.subtract(r, g), 15, cv2.CMP_GE))
    m = cv2.bitwise_and(m, cv2.compare(cv2.subtract(g, b), 10, cv2.CMP_GE))
    return m


def _hands(small: np.ndarray, len_px: float, rects: list, hsv: np.ndarray | None = None,
           planes: tuple | None = None) -> tuple[np.ndarray, list[np.ndarray]]:
    """Skin-coloured blobs of hand size and thickness, outside the tiles found."""
    sk = _skin_mask(small, hsv, planes)
    h0, w0 = sk.shape
    if cv2.countNonZero(sk) > 0.2 * h0 * w0:
        # a skin-coloured table (light wood): a hand cannot be told from it by colour
        return np.zeros_like(sk), []
    for r in rects:
        (cx, cy), (rw, rh), ang = r
        cv2.fillConvexPoly(sk, cv2.boxPoints(((cx, cy), (rw + 4, rh + 4), ang)).astype(np.int32), 0)
    h, w = sk.shape
    out = np.zeros_like(sk)
    polys = []
    tile_area = len_px * len_px / 2.4
    cs, _ = cv2.findContours(sk, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for c in cs:
        if len(c) < 6:
            continue
        a = cv2.contourArea(c)
        # a hand (palm and fingers) covers a few tiles' area, not a table's worth of wood
        if a < 0.6 * tile_area or a > min(10 * tile_area, 0.25 * h * w):
            continue
        rect = cv2.minAreaRect(c)
        lo_, sh_ = _rect_dims(rect)
        # a hand is not a tidy rectangle, and its palm is thick
        if a / max(1.0, lo_ * sh_) > 0.85 and lo_ / max(1.0, sh_) < 3.2:
            continue
        x, y, bw, bh = cv2.boundingRect(c)
        comp = np.zeros((bh, bw), np.uint8)
        cv2.drawContours(comp, [c - np.array([[x, y]], np.int32)], -1, 255, -1)
        comp = cv2.bitwise_and(comp, sk[y : y + bh, x : x + bw])
        dt = cv2.distanceTransform(comp, cv2.DIST_L2, 3)
        if float(dt.max()) < HAND_PALM * len_px:
            continue
        out[y : y + bh, x : x + bw] |= comp
        polys.append(c)
    return out, polys


_K2 = np.ones((2, 2), np.uint8)


def _backs_in_rows(backs: list[tuple], raw: list) -> list[tuple]:
    """Plain backs (on their own outline, not re-cut by colour) that lie in a row with a tile
    read face up: touching it side by side or end to end, at its angle, of its size and its
    body colour.  (A back alone in a row of tiles merges with them in every colour mask.)"""
    ups = [(c, rd) for c, rd, occ in raw if rd.face == "up" and not occ and rd.body_lab is not None
           and _reads_whole(rd)]
    out: list[tuple] = []
    left = [b for b in backs if b[1].body_lab is not None and not b[2]]
    for _ in range(len(backs)):
        # (a back kept is a neighbour for the next: back, back, tile in a row)
        new = _backs_beside(left, ups) if ups and left else []
        if not new:
            break
        out.extend(new)
        ups = [(c, rd) for c, rd, _ in new]
        left = [b for b in left if not any(b is n for n in new)]
    return out


def _lab_gap(a, b) -> float:
    """Distance of two Lab colours as the masks measure it (lightness counts half)."""
    return 0.5 * abs(float(a[0]) - float(b[0])) + abs(float(a[1]) - float(b[1])) + abs(float(a[2]) - float(b[2]))


def _drop_table_backs(raw: list, table_cols, bins: dict | None = None, frame_area: float | None = None,
                      image_bgr: np.ndarray | None = None) -> list:
    """Plain backs of the table's own colour are the table: two squares of a checked cloth
    side by side are a uniform 2:1 patch.  A colour counts as the table's only when none of
    the tiles read face up has it (many tiles of one set can cover enough of the frame to
    count as a table colour themselves) — nor, given the frame's binned colours (``bins``,
    _colour_bins) and its area, when the backs of that colour cover BACKS_ARE_COLOUR or more
    of what the frame shows of it in patches (a set whose backs are not its faces' colour,
    many of them face down: their colour is theirs, not a cloth's).  What the frame shows
    counts in patches only — the binned pixels of that colour opened by 2 x 2 bins: the rims
    of a checked cloth's cells, blended with their neighbours, make a colour one bin wide
    that no back could be a patch of (23708's grey backs on a yellow gingham).  Given the
    image (``image_bgr``), a back raised off the cloth (_raised) is kept (RAISED_BACKS)."""
    if not table_cols:
        return raw
    bodies = [rd.body_lab for _, rd, occ in raw if rd.body_lab is not None and _reads_whole(rd)]
    if len(bodies) < 2:
        return raw  # (nothing tells the table from a set seen only from the back)
    cloth = [t for t in table_cols if min(_lab_gap(t, b) for b in bodies) > TABLE_BACK_GAP]
    if cloth and bins is not None and frame_area:
        th = bins["th"].astype(np.float32)

        def backs_own(t) -> bool:
            area = sum(float(cv2.contourArea(c.astype(np.float32))) for c, rd, _ in raw
                       if rd.face == "down" and not rd.spots_back and rd.body_lab is not None and
                       _lab_gap(t, rd.body_lab) <= TABLE_BACK_GAP)
            if not area:
                return False  # (no back of that colour to drop: the pixels need no pass)
            near = (0.5 * np.abs(th[:, 0] - float(t[0])) + np.abs(th[:, 1] - float(t[1])) +
                    np.abs(th[:, 2] - float(t[2])) <= TABLE_BACK_GAP).reshape(bins["shape"]).view(np.uint8)
            shown = cv2.countNonZero(cv2.morphologyEx(near, cv2.MORPH_OPEN, _K2SQ)) / near.size
            return area >= BACKS_ARE_COLOUR * shown * frame_area

        cloth = [t for t in cloth if not backs_own(t)]
    if not cloth:
        return raw
    gray = None
    out = []
    for c, rd, occ in raw:
        if rd.face == "down" and not rd.spots_back and rd.body_lab is not None and \
                any(_cloth_coloured(t, rd.body_lab) for t in cloth):
            if not (RAISED_BACKS and image_bgr is not None):
                continue
            if gray is None:  # (the grey only for the few backs of a cloth's colour)
                gray = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
            if not _raised(image_bgr, gray, np.float32(c).reshape(4, 2)):
                continue
        out.append((c, rd, occ))
    return out


def _cloth_coloured(t, body) -> bool:
    """Is a plain back's body colour (Lab) that of the cloth colour ``t``: within
    TABLE_BACK_GAP of it — unless off its hue by BACK_HUE or more on a cloth of little
    colour (BACK_HUE_CHROMA): a patch of the cloth has the cloth's hue, 25213's brown backs
    on a mottled tan cloth do not."""
    if _lab_gap(t, body) > TABLE_BACK_GAP:
        return False
    return not (_hue_gap(t, body) >= BACK_HUE and _hue_gap(t, (0, 128, 128)) <= BACK_HUE_CHROMA)


def _hue_gap(a, b) -> float:
    """How far apart two Lab colours are in a* and b* (summed), their lightness aside."""
    return abs(float(a[1]) - float(b[1])) + abs(float(a[2]) - float(b[2]))


#: backs of a colour that cover this share of what the frame shows of it are a set's backs,
#: not a cloth (_drop_table_backs)
BACKS_ARE_COLOUR = 0.5
#: ... and so is a back whose a* and b* are this far (summed) from each cloth colour near it:
#: of the backs dropped as the cloth on scene3d 23330-23529, 24030-24229 and 25130-25229,
#: the patches of cloth were 1.1-4.6 off the nearest colour's hue, the real backs 2.2-8.5
#: (ten of fourteen 6.2 or more) — on a cloth whose chroma (a* and b* off grey, summed) is
#: BACK_HUE_CHROMA or less: a saturated cloth's patches vary more in hue, as much as real
#: backs on it (24822's purple, chroma 109: patches 7.3 and 9.0 off; 12834's red stripe,
#: 71: 7.9 off; backs on such cloths 6.2-11.4 off)
BACK_HUE = 6.0
BACK_HUE_CHROMA = 40
#: ... but a back of the cloth's colour raised off it (_raised: every side an edge,
#: RAISED_EDGE times the texture inside it, with the cloth's hue beyond, within RAISED_HUE,
#: and its lightness beyond one side, within RAISED_L) is a tile (RAISED_BACKS; 0: not):
#: green backs on green felt (scene3d 25720, 26114)
RAISED_BACKS = 1
RAISED_EDGE = 5.0
RAISED_HUE = 40.0
RAISED_L = 70.0


def _whole_size(raw: list) -> tuple[float, float] | None:
    """The median length and width of the tiles of ``raw`` read whole (not hidden, not read
    aside), or None with fewer than two."""
    ups = [c for c, rd, occ in raw if not occ and _reads_whole(rd) and not rd.aside]
    if len(ups) < 2:
        return None
    return (float(np.median([np.linalg.norm(c[1] - c[0]) for c in ups])),
            float(np.median([np.linalg.norm(c[2] - c[1]) for c in ups])))


#: a back's size judged by its area too (_back_sized), its length : width within this
#: factor of the tiles' (0: by its length and width only)
BACK_AREA_ASPECT = 1.3


def _back_sized(c: np.ndarray, size: tuple[float, float], length_at, long: tuple, short: tuple) -> bool:
    """Is the outline ``c`` within ``long`` of the length expected where it lies (``length_at``,
    else the median of ``size``) and within ``short`` of the width in the proportions of
    ``size`` (the tiles read whole: :func:`_whole_size`)?"""
    L, W = size
    la = L if length_at is None else float(length_at(c.mean(axis=0)))
    wa = la * W / L
    lo_, sh_ = float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[2] - c[1]))
    if long[0] * la <= lo_ <= long[1] * la and short[0] * wa <= sh_ <= short[1] * wa:
        return True
    # (under a tilted camera a tile looks longer or shorter as it lies across the tilt or
    # along it, its area the same either way: by its area, within ``long`` of the length
    # squared, and proportions within BACK_AREA_ASPECT of the tiles' — 26212's three backs
    # side by side across the tilt, 124 x 43 where the faces are 105 x 45)
    return bool(BACK_AREA_ASPECT) and long[0] <= math.sqrt(lo_ * sh_ / (la * wa)) <= long[1] and \
        1.0 / BACK_AREA_ASPECT <= (lo_ / max(1.0, sh_)) / (L / W) <= BACK_AREA_ASPECT


def _back_pairs(backs: list[tuple], raw: list, length_at=None) -> list[tuple]:
    """Plain backs in a row with each other (side by side or end to end, at one angle, one
    body colour), each of the size of the tiles read whole in this image (of the length
    expected where it lies, ``length_at`` given: _length_model's): a hand's worth of
    tiles laid face down together, with no face-up tile beside them.  (One plain back alone
    is any uniform patch of tile size; two of exactly a tile's size, touching along a seam,
    are tiles.)"""
    size = _whole_size(raw)
    if size is None or len(backs) < 2:
        return []
    sized = [b for b in backs if b[1].body_lab is not None and not b[2] and
             _back_sized(b[0], size, length_at, (0.92, 1.08), (0.85, 1.15))]
    out: list[tuple] = []
    for i, b in enumerate(sized):
        others = [(c, rd) for j, (c, rd, _) in enumerate(sized) if j != i]
        if others and _backs_beside([b], others):
            out.append(b)
    return out


#: a piece of a group of plain backs (_back_rows): its length and width, as shares of the
#: length expected where it lies and of the width in the faces' proportions
BACK_ROW_LONG = (0.8, 1.15)
BACK_ROW_SHORT = (0.7, 1.2)
#: ... and the seam between two of its pieces, at least this deep (_seam_depth, grey levels)
BACK_ROW_SEAM = 8.0
#: ... or, with no line between them, a notch of this many grey levels at both ends of
#: every cut, as rounded corners make in the outline, and none half as deep at a piece's
#: middle (_seam_notch; 0: not asked)
BACK_ROW_NOTCH = 15.0
#: ... each piece then within these shares of the length and width expected where it lies
#: (a poker chip cut in two makes two 2 : 1 pieces, 0.83 of a tile's length, whose round
#: outline reads as notched where it was cut: 24298)
BACK_NOTCH_LONG = (0.86, 1.15)
BACK_NOTCH_SHORT = (0.85, 1.15)


def _back_rows(groups: list, raw: list, gray: np.ndarray, length_at=None, image: np.ndarray | None = None,
               s: float = 1.0) -> list[tuple]:
    """Plain backs side by side or end to end in a group of their own (a player's discards
    laid face down together), which :func:`_resolve_groups` drops — a way of plain backs
    alone may be a cup's dark inside cut in three.  ``groups``: for each group dropped, its
    ways (pieces as rectangles in ``gray``; readings) all of plain backs.  A way is kept
    when its pieces show a seam where they meet (:func:`_seam_depth` at least
    BACK_ROW_SEAM) and none half as deep across a piece's middle (:func:`_halves`: the cut
    is not across two backs side by side), are of one body (BACKS_BODY), each
    about a tile's size where it lies (BACK_ROW_LONG, BACK_ROW_SHORT of the length
    expected there and of the width in the faces' proportions: a piece is cut at the size
    the group was split at, and a back's outline stops short of its rounded edge or takes
    in its side), and none lies over a tile read — and unless another such way of the group
    is cut elsewhere (the same pieces cut a little apart are one way).  Where no line shows
    between them, the notches of their rounded corners at both ends of every cut will do
    (:func:`_seam_notch` in ``image``, the full-resolution frame, ``s`` its work scale:
    BACK_ROW_NOTCH, the pieces nearer a tile's size: BACK_NOTCH_LONG, BACK_NOTCH_SHORT)."""
    size = _whole_size(raw)
    if size is None:
        return []
    out: list[tuple] = []
    polys = [c.astype(np.float32).reshape(-1, 1, 2) for c, _, _ in raw]
    for ways in groups:
        kept = []
        for alt, reads in ways:
            if len(reads) < 2 or any(o or rd.body_lab is None or _mostly_over(c, polys) for c, rd, o in reads):
                continue
            if not all(_back_sized(c, size, length_at, BACK_ROW_LONG, BACK_ROW_SHORT) and
                       _same_body(rd.body_lab, reads[0][1].body_lab, BACKS_BODY) for c, rd, _ in reads):
                continue
            cut = min(_seam_depth(gray, p, q) for p, q in zip(alt, alt[1:], strict=False))
            mid = max(_seam_depth(gray, *_halves(r)) for r in alt)
            if cut >= BACK_ROW_SEAM and mid < 0.5 * cut:
                kept.append(reads)
            elif BACK_ROW_NOTCH and image is not None and mid < 0.5 * BACK_ROW_SEAM and \
                    all(_back_sized(c, size, length_at, BACK_NOTCH_LONG, BACK_NOTCH_SHORT) for c, _, _ in reads) and \
                    min(_seam_notch(image, p, q, s) for p, q in zip(alt, alt[1:], strict=False)) >= BACK_ROW_NOTCH and \
                    max(_seam_notch(image, *_halves(r), s) for r in alt) < 0.5 * BACK_ROW_NOTCH:
                # (no line where they meet — white backs overexposed as one —, but the notches
                # their rounded corners make in the outline at both ends of every cut, and
                # none at a piece's middle: scene3d 26072, three white backs on dark cloth;
                # each piece of about a tile's width, BACK_NOTCH_SHORT — three backs cut in
                # four narrow pieces show notches near enough their cuts, 26146)
                kept.append(reads)
        if kept and not _cut_elsewhere(kept[0], kept[1:]):
            # (several ways that are the same pieces cut a little apart are one)
            out.extend(kept[0])
            polys.extend(c.astype(np.float32).reshape(-1, 1, 2) for c, _, _ in kept[0])
    return out


_NOTCH_OFFS = np.array([-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5])  # (work pixels across the line)


def _seam_notch(image: np.ndarray, p0: tuple, p1: tuple, s: float = 1.0) -> float:
    """The notch that two tiles' rounded corners make in their outline where the rectangles
    ``p0`` and ``p1`` (work pixels; ``s`` the work scale of the full-resolution ``image``)
    meet: at each end of the line between them, near the outline (0.36–0.56 of the side
    along it from its middle), the most that a point on the line differs from both points
    a quarter of a piece's width to either side of it, the same way (a dip in a light row,
    a bump in a dark one; the line's point taken within 1.5 work pixels across it, where
    the cut may be off the seam); the lesser of the two ends (grey levels).  A cut across a tile's
    middle meets its straight side there: no notch."""
    geo = _seam_line(p0, p1)
    if geo is None:
        return 0.0
    (mx, my), (ux, uy), (vx, vy), side, across = geo
    mx, my = mx / s, my / s
    ts = np.linspace(0.36, 0.56, 6) * side / s
    d = 0.25 * across / s
    offs = _NOTCH_OFFS / s
    pts = []
    for e in (-1.0, 1.0):
        for t in ts:
            cx, cy = mx + e * t * vx, my + e * t * vy
            pts += [(cx - d * ux, cy - d * uy), (cx + d * ux, cy + d * uy)]
            pts += [(cx + o * ux, cy + o * uy) for o in offs]
    pts = np.float32(pts)
    H, W = image.shape[:2]
    xa, ya = np.floor(pts.min(axis=0)).astype(int) - 1
    xb, yb = np.ceil(pts.max(axis=0)).astype(int) + 2
    xa, ya, xb, yb = max(0, xa), max(0, ya), min(W, xb), min(H, yb)
    if xb - xa < 2 or yb - ya < 2:
        return 0.0
    crop = image[ya:yb, xa:xb]
    g = (cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop).astype(np.float32)
    v = cv2.remap(g, np.float32(pts[:, 0] - xa).reshape(1, -1), np.float32(pts[:, 1] - ya).reshape(1, -1), cv2.INTER_LINEAR,
                  borderMode=cv2.BORDER_REPLICATE).reshape(2, len(ts), 2 + len(_NOTCH_OFFS))
    lo, hi, mid = v[..., 0], v[..., 1], v[..., 2:]
    dip = np.minimum(lo, hi) - mid.min(axis=2)
    bump = mid.max(axis=2) - np.maximum(lo, hi)
    notch = np.where(np.abs(lo - hi) <= 25, np.maximum(dip, bump), 0.0)  # (one colour either side)
    return float(notch.max(axis=1).min())


def _halves(rect) -> list[tuple]:
    """The two halves of the rectangle ``rect`` ((centre), (w, h), angle), end to end: a
    plain back shows no line between them — two backs side by side, cut across, do (their
    seam runs through the middle of each piece).

    >>> _halves(((50.0, 20.0), (40.0, 20.0), 0.0))
    [((40.0, 20.0), (20.0, 20.0), 0.0), ((60.0, 20.0), (20.0, 20.0), 0.0)]
    """
    (cx, cy), (w, h), a = rect
    if w < h:
        w, h, a = h, w, a + 90.0
    ux, uy = math.cos(math.radians(a)) * w / 4, math.sin(math.radians(a)) * w / 4
    return [((cx - ux, cy - uy), (w / 2, h), a), ((cx + ux, cy + uy), (w / 2, h), a)]


def _cut_elsewhere(way: list, ways: list) -> bool:
    """Is one of ``ways`` cut elsewhere than ``way`` (not the same pieces cut a little
    apart, :func:`_same_pieces`)?"""
    return any(not _same_pieces(way, r) for r in ways)


def _same_pieces(a: list, b: list) -> bool:
    """Are the ways ``a`` and ``b`` (lists of (corners, reading, occluded)) the same pieces,
    cut a little apart — as many, each of ``b`` within a quarter of a piece's length of one
    of ``a``?"""
    if len(a) != len(b):
        return False
    pts = np.array([c.mean(axis=0) for c, _, _ in a])
    reach = 0.25 * min(float(np.linalg.norm(c[1] - c[0])) for c, _, _ in a)
    return all(float(np.linalg.norm(pts - c.mean(axis=0), axis=1).min()) <= reach for c, _, _ in b)


def _length_model(raw: list, few=None):
    """The length of a tile expected at a point of the image, from the tiles read face up
    (with pips, not occluded): under a tilted camera a tile's apparent size is inversely
    proportional to its depth, and the inverse depth of points on the table is an affine
    function of the image position — so 1 / length is fitted as a + b x + c y (least
    squares, once more without the tiles 15 % — or FIT_FIRST, if that keeps more in the
    end — off the first fit).  With fewer than five
    tiles, or a fit that leaves them scattered, the median — or, with fewer than five,
    ``few`` when given (a model of the caller's).  Predictions stay within 0.7–1.5 of the
    median (LENGTH_CLAMP), and within FIT_RANGE of the shortest and longest the fit gives
    where its tiles lie.

    >>> def tile(x, y, L):  # a tile centred at (x, y), L long, lying along x
    ...     return (np.float32([[x - L / 2, y - 10], [x + L / 2, y - 10], [x + L / 2, y + 10], [x - L / 2, y + 10]]),
    ...             _Read("up", (1, 1), 2, False, 1.0, 0, False, 2), False)
    >>> at = _length_model([tile(x, y, 30000 / (x + 500)) for x, y in ((0, 0), (100, 50), (200, 0), (300, 80), (400, 9))])
    >>> round(at((0, 40))), round(at((400, 0)))   # near (left) and far (right)
    (60, 33)
    >>> round(_length_model([tile(0, 0, 60), tile(50, 0, 64)])((900, 900)))
    62
    >>> near = _length_model([tile(x, y, 30000 / (x + 500)) for x, y in ((0, 0), (25, 50), (50, 0), (75, 80), (100, 9))])
    >>> round(near((0, 40))), round(near((-150, 0)))  # 60 where its tiles lie; 86 by the plane far left
    (60, 66)
    """
    pts = np.array(_length_points(raw), np.float64).reshape(-1, 3)
    if few is not None and len(pts) < 5:
        return few  # (too few tiles for a fit of their own: the caller's model stands in)
    return _fit_length(pts)


def _length_points(raw: list) -> list[list[float]]:
    """The rows (x, y, length) :func:`_length_model` fits: the tiles read face up with pips,
    not occluded, not set aside."""
    return [[*c.mean(axis=0), float(np.linalg.norm(c[1] - c[0]))] for c, rd, occ in raw
            if rd.face == "up" and rd.n_pips >= 2 and not occ and not rd.aside]


#: a blob is split as a group of tiles by its area against a tile's where it lies (the
#: perspective fit of _select) as well as against the median tile's (whichever admits it)
BLOB_AREA_AT = True


#: the sizes of the tiles in a frame are fitted to a plane seen in perspective
#: (_fit_length): the first fit, of all, keeps what lies within this share of it for the
#: second, when that keeps more than 0.15 does (0.15 alone before: a group of four side
#: by side taken for one tile, among nine, made the first fit keep six, under 0.7 of them,
#: and a frame whose tiles run from 64 to 116 pixels long had one size of 97 — scene3d
#: 26257, where a pair of 75-pixel tiles end to end was then never split)
FIT_FIRST = 0.3


#: a length predicted by _fit_length stays within these shares of the median tile's
LENGTH_CLAMP = (0.7, 1.5)
#: ... and within this share of the shortest and longest it predicts where the tiles it
#: was fitted to lie (0: no such limit): extrapolated to a corner of the frame far from
#: them, the plane may be far off (scene3d 24969: a 6-3 and a 6-5 side by side read as
#: one tile, 12-8, by the plain fit; 24285's 3-3 and 24215's 4-1)
FIT_RANGE = 0.1


def _fit_length(pts: np.ndarray):
    """:func:`_length_model` from rows (x, y, length)."""
    med = float(np.median(pts[:, 2])) if len(pts) else 1.0
    if len(pts) < 5:
        return lambda _p: med
    A = np.column_stack([pts[:, 0], pts[:, 1], np.ones(len(pts))])
    best = None
    # (the first fit, of all, may be pulled by an outlier — a group of tiles taken for one
    # —: the tiles within 0.15 of it are fitted again, or, if that keeps more in the end,
    # those within FIT_FIRST of it; the tiles within 0.15 of the second fit are kept)
    for first in (0.15, FIT_FIRST) if FIT_FIRST > 0.15 else (0.15,):
        keep = np.ones(len(pts), bool)
        coef = None
        for near in (first, 0.15):
            if keep.sum() < 5 or np.linalg.matrix_rank(A[keep]) < 3:
                coef = None
                break
            coef = np.linalg.lstsq(A[keep], 1.0 / pts[keep, 2], rcond=None)[0]
            keep = np.abs(1.0 / np.maximum(A @ coef, 1e-9) / pts[:, 2] - 1.0) < near
        if coef is not None and (best is None or keep.sum() > best[1].sum()):
            best = (coef, keep)
    if best is None or best[1].sum() < 0.7 * len(pts):
        return lambda _p: med  # the sizes do not follow a plane seen in perspective
    coef = best[0]
    lo_c, hi_c = LENGTH_CLAMP[0] * med, LENGTH_CLAMP[1] * med
    if FIT_RANGE:
        # (and within FIT_RANGE of what it gives where the tiles it was made of lie: far
        # from them, extrapolated, it may be far off)
        fitted = 1.0 / np.maximum(A[best[1]] @ coef, 1e-9)
        lo_c = max(lo_c, (1.0 - FIT_RANGE) * float(fitted.min()))
        hi_c = min(hi_c, (1.0 + FIT_RANGE) * float(fitted.max()))

    def at(p) -> float:
        v = float(coef[0] * p[0] + coef[1] * p[1] + coef[2])
        return float(min(hi_c, max(lo_c, 1.0 / v))) if v > 0 else med

    return at


#: two bodies whose Lab colours differ by at most this (summed over L, a*, b*) are one set's
#: — where a face is matched with a face or a back with a face (backs with backs: BACKS_BODY)
SAME_BODY = 25


#: two backs' body colours that differ by at most this are one set's backs (_same_body's
#: ``tol`` where backs are matched with backs, not with faces).  SAME_BODY until the
#: fifty-eighth round: a back lit a little brighter or in a neighbour's shadow (24472,
#: 25345) fell outside its set's backs' colour and was dropped, a specked one read a 1-0
#: (24299, 25370).  Backs matched with faces keep SAME_BODY: a face whose pips went unseen
#: reads as a back of a colour a little off its faces' (24919's 1-1, 32 off)
BACKS_BODY = 35


def _same_body(a: np.ndarray, b: np.ndarray, tol: float | None = None) -> bool:
    """Two body colours (Lab) that are one set's: within ``tol`` (SAME_BODY when not given),
    summed over L, a*, b*.

    >>> black = np.array([20.0, 130.0, 125.0])
    >>> _same_body(black, black + [30.0, 0.0, 0.0]), _same_body(black, black + [30.0, 0.0, 0.0], BACKS_BODY)
    (False, True)
    """
    return float(np.abs(a - b).sum()) <= (SAME_BODY if tol is None else tol)


def _corners_in_frame(c: np.ndarray, fw: float, fh: float) -> bool:
    """Do the ends of the tile outline ``c`` (corners, ``c[0]→c[1]`` along its length),
    half its width on beyond it, lie in a frame ``fw`` × ``fh`` (a pixel in from its edges)?

    >>> c = np.float32([[100, 40], [180, 40], [180, 80], [100, 80]])
    >>> _corners_in_frame(c, 640, 360), _corners_in_frame(c, 190, 360)
    (True, False)
    """
    ax = c[1] - c[0]
    lo_, sh_ = float(np.linalg.norm(ax)), float(np.linalg.norm(c[2] - c[1]))
    ends = c.mean(axis=0) + np.outer([-1.0, 1.0], ax * (0.5 + 0.5 * sh_ / max(lo_, 1e-6)))
    return not (ends.min() < 1 or ends[:, 0].max() > fw - 2 or ends[:, 1].max() > fh - 2)


def _lone_backs(backs: list[tuple], raw: list, length_at=None, frame_wh: tuple | None = None,
                table_cols=None) -> list[tuple]:
    """Plain backs alone — a face-down discard — kept when they have the proportions of the
    tiles read whole in this image (LONE_BACK_SQUAT–LONE_BACK_ASPECT of their median length
    : width: a back's outline is often the narrower), the length of a tile where they lie
    (LONE_BACK_LENGTH of ``length_at``, _length_model's when not given — under 0.85 only
    with their ends in a frame ``frame_wh``, of a face's colour or of none of the table's
    colours ``table_cols`` in shadow —, or of that model fitted again with the backs of the
    faces' colour and proportions, LONE_BACK_REFIT) and the body colour of one of them — or
    a colour no face has that BACKS_ALIKE backs share (a set whose backs are not its faces'
    colour).  Not on a patterned cloth (its cells may be of the tiles' colour and
    size: the caller leaves those out); a table-coloured one is dropped later
    (_drop_table_backs)."""
    ups = [(c, rd) for c, rd, occ in raw if not occ and rd.face == "up" and rd.body_lab is not None
           and _reads_whole(rd) and not rd.aside]
    if len(ups) < 2 or not backs:
        return []
    length_at = length_at or _length_model(raw)
    A = float(np.median([np.linalg.norm(c[1] - c[0]) / max(1.0, np.linalg.norm(c[2] - c[1])) for c, _ in ups]))
    bodies = [rd.body_lab for _, rd in ups]
    out = []
    sized = []

    def shaped(b) -> bool:
        lo_, sh_ = float(np.linalg.norm(b[0][1] - b[0][0])), float(np.linalg.norm(b[0][2] - b[0][1]))
        return b[1].body_lab is not None and not b[2] and \
            LONE_BACK_SQUAT * A <= lo_ / max(1.0, sh_) <= LONE_BACK_ASPECT * A

    refit = None
    if LONE_BACK_REFIT:
        # (the faces read may lie all in one part of a tilted camera's view, their fit far
        # off elsewhere: fitted again with the backs of their body colour and proportions)
        alike = [b for b in backs if shaped(b) and any(_same_body(b[1].body_lab, x) for x in bodies)]
        pts = _length_points(raw) + [[*b[0].mean(axis=0), float(np.linalg.norm(b[0][1] - b[0][0]))] for b in alike]
        if len(alike) >= LONE_BACK_REFIT and len(pts) >= 5:
            refit = _fit_length(np.array(pts, np.float64))
    for b in backs:
        if not shaped(b):
            continue
        lo_ = float(np.linalg.norm(b[0][1] - b[0][0]))
        L = length_at(b[0].mean(axis=0))
        # (shorter than 0.85 of a tile only with its ends, half a width on, in the frame: a
        # patch the frame's edge cuts is as short — a cell of 960023's cream stripes)
        # (and of no colour of the table's in shadow: two shadows of tiles on 25464's blue
        # cloth, alike, were kept as backs of a colour no face has)
        same = any(_same_body(b[1].body_lab, x) for x in bodies)
        a_, b_ = LONE_BACK_LENGTH if frame_wh is not None and _corners_in_frame(b[0], *frame_wh) and (
            same or not _shadow_of_table(b[1].body_lab, table_cols)) else \
            (max(0.85, LONE_BACK_LENGTH[0]), LONE_BACK_LENGTH[1])
        if not (a_ * L <= lo_ <= b_ * L or (
                refit is not None and a_ * refit(b[0].mean(axis=0)) <= lo_ <= b_ * refit(b[0].mean(axis=0)))):
            continue
        if same:
            out.append(b)
        else:
            sized.append(b)
    # backs of another colour than the faces (a set whose backs are not its faces' colour):
    # kept when BACKS_ALIKE or more of them share that colour (and a tile's size and
    # proportions, as above); the backs read in the frame count too
    known = [rd.body_lab for _, rd, _ in raw if rd.face == "down" and rd.body_lab is not None]
    for b in sized:
        alike = sum(_same_body(b[1].body_lab, x, BACKS_BODY) for x in [o[1].body_lab for o in sized if o is not b] + known)
        if alike + 1 >= BACKS_ALIKE:
            out.append(b)
    return out


#: a lone back's length, as a share of a tile's where it lies (_lone_backs; under 0.85 only
#: with its ends in the frame, of a face's colour or of no table colour's in shadow).  0.85
#: until the fifty-seventh round: a back's outline, of its plain colour, leaves out the side
#: and shadow that the faces' outlines take in
LONE_BACK_LENGTH = (0.78, 1.15)
#: lone backs (_lone_backs) are judged by a length model fitted again with them too, when
#: this many or more have the faces' body colour and proportions (0: never)
LONE_BACK_REFIT = 2


#: plain backs with an open side are dropped (_open_backs; 0: kept)
OPEN_BACKS = 1
#: a plain back's side is open when its edge is weaker than this many times the texture
#: inside the back (median gradient, at least OPEN_TEXTURE_MIN), the colour beyond it within
#: OPEN_GAP (Lab, summed) of the colour within (_side_bare), and no other reading covers
#: what lies beyond (_open_backs)
OPEN_EDGE = 2.0
OPEN_TEXTURE_MIN = 2.0
OPEN_GAP = 10.0


def _side_frame(c: np.ndarray, i: int) -> tuple:
    """Side ``i`` of the rectangle ``c`` (corners): its start, its run, its outward unit
    normal, the rectangle's depth behind it and 15 points along its middle 70 %."""
    p, q = c[i], c[(i + 1) % 4]
    d = q - p
    u = d / max(float(np.linalg.norm(d)), 1.0)
    n = np.float32([-u[1], u[0]])
    if float(np.dot((p + q) / 2 - c.mean(axis=0), n)) < 0:
        n = -n
    depth = float(np.linalg.norm(c[(i + 2) % 4] - q))
    ts = np.linspace(0.15, 0.85, 15, dtype=np.float32)[:, None]
    return p, d, n, depth, p + d * ts


def _edge_across(gray: np.ndarray, c: np.ndarray, i: int) -> float:
    """How sharp side ``i`` of the rectangle ``c`` is in ``gray``: per point along it, the
    strongest step across it (Sobel after a 3 x 3 blur) within 4 px (or 0.15 of the
    shorter of the side and the depth) either way; their median."""
    H, W = gray.shape
    _p, d, n, depth, base = _side_frame(c, i)
    reach = max(4, int(round(0.15 * min(depth, float(np.linalg.norm(d))))))
    offs = np.arange(-reach, reach + 1, dtype=np.float32)[None, :, None]
    pts = np.round(base[:, None, :] + n[None, None, :] * offs).astype(int).reshape(-1, 2)
    pts = np.clip(pts, 0, [W - 1, H - 1])
    x0, y0 = pts.min(axis=0) - 2
    x1, y1 = pts.max(axis=0) + 3
    x0, y0 = max(0, x0), max(0, y0)
    roi = cv2.GaussianBlur(gray[y0:y1, x0:x1].astype(np.float32), (3, 3), 0)
    gx = cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3)
    step = np.abs(gx[pts[:, 1] - y0, pts[:, 0] - x0] * n[0] + gy[pts[:, 1] - y0, pts[:, 0] - x0] * n[1])
    return float(np.median(step.reshape(15, -1).max(axis=1)))


def _texture(gray: np.ndarray, c: np.ndarray) -> float:
    """The median gradient magnitude (after a 3 x 3 blur) over the middle 60 % of the
    rectangle ``c`` (corners) in ``gray``."""
    H, W = gray.shape
    m = c.mean(axis=0)
    x0, y0 = np.maximum(0, np.floor(c.min(axis=0)).astype(int) - 2)
    x1, y1 = np.minimum([W, H], np.ceil(c.max(axis=0)).astype(int) + 3)
    roi = cv2.GaussianBlur(gray[y0:y1, x0:x1].astype(np.float32), (3, 3), 0)
    mag = cv2.magnitude(cv2.Sobel(roi, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(roi, cv2.CV_32F, 0, 1, ksize=3))
    mask = np.zeros(roi.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.int32((c - m) * 0.6 + m - [x0, y0]), 1)
    return float(np.median(mag[mask > 0])) if mask.any() else 0.0


def _side_bare(img: np.ndarray, gray: np.ndarray, c: np.ndarray, i: int, inner: float) -> np.ndarray | None:
    """Is side ``i`` of the back ``c`` (corners, px of the BGR image ``img``, whose grey is
    ``gray``) bare: no edge (under OPEN_EDGE times ``inner``, the texture inside the back:
    _texture) and the same colour on both sides (within OPEN_GAP)?  If so, the points
    beyond it where a neighbour would lie (a neighbour's outline may be off: 0.3 and 0.6
    of the depth; the colour is compared nearer, a stripe may lie further); else, or when
    too few of those are in the frame, None."""
    H, W = gray.shape
    _p, _d, n, depth, base = _side_frame(c, i)
    outs = np.concatenate([base + n * depth * f for f in (0.3, 0.6)])
    io = np.round(outs).astype(int)
    outs = outs[(io[:, 0] >= 0) & (io[:, 0] < W) & (io[:, 1] >= 0) & (io[:, 1] < H)]
    if len(outs) < 10:
        return None  # (what lies beyond is out of the frame)
    either = _either_side(img, c, i)
    if either is None:
        return None
    gap = float(np.abs(either[0] - either[1]).sum())
    if gap >= OPEN_GAP or _edge_across(gray, c, i) >= OPEN_EDGE * max(inner, OPEN_TEXTURE_MIN):
        return None
    return outs


def _either_side(img: np.ndarray, c: np.ndarray, i: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The median Lab just beyond side ``i`` of the rectangle ``c`` (corners, px of the BGR
    image ``img``; 0.15 and 0.3 of its depth out) and just inside it (as far in); None when
    too few of the points beyond lie in the frame."""
    H, W = img.shape[:2]
    _p, _d, n, depth, base = _side_frame(c, i)
    near = np.concatenate([base + n * depth * f for f in (0.15, 0.3)])
    ins = np.concatenate([base - n * depth * f for f in (0.15, 0.3)])
    ii = np.clip(np.round(ins).astype(int), 0, [W - 1, H - 1])
    jj = np.round(near).astype(int)
    jj = jj[(jj[:, 0] >= 0) & (jj[:, 0] < W) & (jj[:, 1] >= 0) & (jj[:, 1] < H)]
    if len(jj) < 10:
        return None
    # (Lab of the points only: the conversion is per pixel)
    lab = cv2.cvtColor(np.concatenate([img[jj[:, 1], jj[:, 0]], img[ii[:, 1], ii[:, 0]]])[:, None],
                       cv2.COLOR_BGR2Lab).reshape(-1, 3)
    return _median_u8_cols(lab[:len(jj)]), _median_u8_cols(lab[len(jj):])


def _raised(img: np.ndarray, gray: np.ndarray, c: np.ndarray) -> bool:
    """Is the plain back ``c`` (corners, px of ``img``; ``gray`` its grey) a tile of the
    cloth's own colour lying on it: every side an edge (RAISED_EDGE times the texture
    inside it, _texture, at least) with the cloth's hue beyond it (within RAISED_HUE in a*
    and b*, summed, of the back's just inside: a side or a shadow darkens the cloth, but
    hardly changes its hue), and the cloth's lightness too beyond one side at least (within
    RAISED_L: a shadow falls on two sides at most)?  A patch of a checked cloth is edged
    too, but by cells of another colour; a piece of a dark stripe between two tiles, by
    the tiles and the light stripes either side (scene3d 26109, 26325: 98-176 in L* off)."""
    floor = RAISED_EDGE * max(_texture(gray, c), OPEN_TEXTURE_MIN)
    dark = []
    for i in range(4):
        either = _either_side(img, c, i)
        if either is None or float(np.abs(either[0][1:] - either[1][1:]).sum()) > RAISED_HUE or \
                _edge_across(gray, c, i) < floor:
            return False
        dark.append(abs(float(either[0][0]) - float(either[1][0])))
    return min(dark) <= RAISED_L


def _covered(pts: np.ndarray, polys: list) -> bool:
    """Do half the points ``pts`` or more lie in (or on) one of the outlines ``polys``?"""
    return sum(any(cv2.pointPolygonTest(pl, (float(x), float(y)), False) >= 0 for pl in polys)
               for x, y in pts) >= 0.5 * len(pts)


def _side_open(img: np.ndarray, gray: np.ndarray, c: np.ndarray, i: int, polys: list, inner: float) -> bool:
    """Is side ``i`` of the back ``c`` open: bare (_side_bare) and nothing read beyond it
    (``polys``: the other readings' outlines)?"""
    outs = _side_bare(img, gray, c, i, inner)
    return outs is not None and not _covered(outs, polys)


def _open_backs(image_bgr: np.ndarray, raw: list) -> list:
    """A plain back with an open side (_side_open) is a patch of cloth: a tile's side is an
    edge, or the side of a neighbour read.  Whether a side is bare is looked at once; only
    what covers it changes as backs are dropped.  A cloth striped as wide as a
    tile, of the tiles' colour, cuts its bands into tile-long pieces read as backs
    (960023); one dropped opens its neighbour's side, so they go until none is left open."""
    backs = [k for k, (c, rd, occ) in enumerate(raw) if rd.face == "down" and not rd.spots_back and not occ]
    if not backs:
        return raw
    gray = cv2.cvtColor(image_bgr, cv2.COLOR_BGR2GRAY)
    polys = {j: np.float32(c).reshape(-1, 1, 2) for j, (c, _, _) in enumerate(raw)}
    bare = {}  # back -> the points beyond each of its bare sides (what dropping changes: their cover)
    for k in backs:
        c = polys[k].reshape(4, 2)
        inner = _texture(gray, c)
        sides = [_side_bare(image_bgr, gray, c, i, inner) for i in range(4)]
        if any(o is not None for o in sides):
            bare[k] = [o for o in sides if o is not None]
    dropped: set[int] = set()
    while True:
        new = set()
        for k, sides in bare.items():
            if k in dropped:
                continue
            others = [pl for j, pl in polys.items() if j != k and j not in dropped]
            if any(not _covered(outs, others) for outs in sides):
                new.add(k)
        if not new:
            break
        dropped |= new
    return [t for j, t in enumerate(raw) if j not in dropped]


def _specked_backs(raw: list) -> list:
    """A plain back with a speck on it (a knot of its grain, a blotch of its mottling, a fleck
    of the table) reads a 1-0 with no bar — unsure: no Chinese tile has a blank half, a
    Western one shows its bar.  Of the colour of SPECK_BACKS backs read sure in the frame
    (BACKS_BODY) and of none of the faces read whole there (at least SPECK_FACE_APART from
    each: a set whose backs are not its faces' colour), it is read as a back — unless it is
    near white (SPECK_PALE).  A face with one half unseen has its faces' colour.

    >>> b, f = np.array([40.0, 130, 130]), np.array([230.0, 128, 128])
    >>> up = lambda: _Read("up", (5, 5), 0, False, 1.0, 0, False, 10, f, False)
    >>> down = lambda: _Read("down", None, 0, False, 1.0, 0, False, 0, b + 3, False)
    >>> one = _Read("up", (1, 0), 0, False, 1.0, 0, False, 1, b, False)
    >>> c = np.zeros((4, 2), np.float32)
    >>> [rd.face for _, rd, _ in _specked_backs([(c, up(), False), (c, up(), False)] + [(c, down(), False)] * 3 +
    ...                                         [(c, one, False)])]
    ['up', 'up', 'down', 'down', 'down', 'down']
    >>> [rd.face for _, rd, _ in _specked_backs([(c, up(), False), (c, up(), False), (c, one, False)])]
    ['up', 'up', 'up']
    """
    ups = [rd.body_lab for _, rd, occ in raw if not occ and rd.face == "up" and rd.body_lab is not None
           and _reads_whole(rd) and not rd.aside]
    downs = [rd.body_lab for _, rd, occ in raw if not occ and rd.face == "down" and not rd.spots_back
             and rd.body_lab is not None and rd.quality >= 1.0]
    if len(ups) < 2 or not downs:
        return raw
    out = []
    for c, rd, occ in raw:
        if not occ and rd.face == "up" and rd.halves == (1, 0) and not rd.has_bar and rd.body_lab is not None and \
                rd.body_lab[0] < SPECK_PALE and \
                sum(_same_body(rd.body_lab, d, BACKS_BODY) for d in downs) >= SPECK_BACKS and \
                all(float(np.abs(rd.body_lab - u).sum()) >= SPECK_FACE_APART for u in ups):
            rd = _Read("down", None, 0, False, rd.quality, 0, False, 0, rd.body_lab, False)
        out.append((c, rd, occ))
    return out


#: a back read 1-0 for a speck on it differs this much at least (L*, a*, b* summed) from
#: every face read whole in the frame (_specked_backs)
SPECK_FACE_APART = 50
#: ... and has the colour of this many backs read sure there (a frame of pale faces has
#: some read as backs: 23139)
SPECK_BACKS = 3
#: ... and is darker than this (L*): on white bodies a glare washes out faces' pips, and
#: those faces are among the backs read sure (25191: a 5-3 read 1-0 beside four such)
SPECK_PALE = 225


#: plain backs alone of a colour no face has, alike, that are kept (_lone_backs)
BACKS_ALIKE = 2
#: a lone back's proportions at most this many times the faces' median (_lone_backs): a
#: plain back's outline is often narrower than the faces' (the backs read on scene3d
#: 19730-19879: a fifth under 0.85 of the faces' median width, a tenth under 0.8)
LONE_BACK_ASPECT = 1.4
#: ... and at least this many times it (an outline that takes in the back's side is wider;
#: 0.78 until the fifty-seventh round — 0.72 kept six backs more on the measure, 24452's,
#: and no false tile on the held-out sets)
LONE_BACK_SQUAT = 0.72


def _backs_beside(backs: list[tuple], ups: list[tuple]) -> list[tuple]:
    """The ``backs`` (corners, reading, occluded) touching one of ``ups`` (corners, reading)."""
    out = []
    for b in backs:
        corners, rd, _occ = b
        L0 = float(np.linalg.norm(corners[1] - corners[0]))
        W0 = float(np.linalg.norm(corners[2] - corners[1]))
        u0 = (corners[1] - corners[0]) / max(1e-6, L0)
        ctr = corners.mean(axis=0)
        for c, r in ups:
            L1 = float(np.linalg.norm(c[1] - c[0]))
            W1 = float(np.linalg.norm(c[2] - c[1]))
            if not (0.92 * L1 <= L0 <= 1.08 * L1 and 0.85 * W1 <= W0 <= 1.15 * W1):
                continue
            u1 = (c[1] - c[0]) / max(1e-6, L1)
            if abs(float(u0 @ u1)) < math.cos(math.radians(6)):
                continue  # not at the tile's angle
            d = ctr - c.mean(axis=0)
            along, across = abs(float(d @ u1)), abs(float(d[0] * -u1[1] + d[1] * u1[0]))
            side = along < 0.12 * L1 and 0.9 * W1 <= across <= 1.15 * W1
            end = across < 0.12 * W1 and 0.95 * L1 <= along <= 1.1 * L1
            if not (side or end):
                continue
            if not _same_body(rd.body_lab, r.body_lab):
                continue  # not the same body
            out.append(b)
            break
    return out


def _hand_beside(img: np.ndarray, corners: np.ndarray, rd: _Read, tile_len: float) -> bool:
    """A hand touches the outline of this tile but is beside it, not over it: every pip
    reads whole, the outline is as long as a tile (not the part of one a hand leaves
    uncovered), and its core holds (almost) no skin at full resolution."""
    if not _reads_whole(rd) or float(np.linalg.norm(corners[1] - corners[0])) < 0.93 * tile_len:
        return False
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    roi = img[y0:y1, x0:x1]
    if roi.size == 0:
        return False
    ctr = corners.mean(axis=0)
    core = np.zeros(roi.shape[:2], np.uint8)
    cv2.fillConvexPoly(core, np.round(ctr + 0.85 * (corners - ctr) - [x0, y0]).astype(np.int32), 1)
    skin = _skin_mask(roi)
    return float(np.count_nonzero(skin[core > 0])) < HAND_BESIDE * max(1, int(np.count_nonzero(core)))


#: sizes (of the median tile read) tried in turn for a tile laid over a cluster of pips
PF_SIZES = (1.0, 0.9, 0.8)
#: ... smaller than 1.0 only where no spot but the cluster's lies within PF_ALONE of the
#: median tile's length of the rectangle's centre (a tile alone, not the halves of two)
PF_ALONE = 0.9
#: a rectangle whose ring is off the tiles' colour along one long side, one end, or one of each
#: is moved away from them by these shares of its width and length and looked at again
PF_NUDGE = (0.15, 0.08)


def _pips_darker(gray: np.ndarray, raw: list, s: float) -> bool:
    """Are the pips of the faces read in ``raw`` darker than their bodies?  Each face with
    two pips or more votes by the tails of its grey levels (inside 0.8 of its width): the
    pips, a tenth of a face or so, draw the tail on their side further from the median than
    a pip's highlight or the grain of the body draws the other.  (A body's lightness alone
    does not tell: a wooden face darker than mid-grey has dark pips, scene3d 25863.)
    ``gray`` is the image scaled by ``s``.

    >>> g = np.full((40, 100), 100, np.uint8)
    >>> for x in (20, 30, 40, 60, 70, 80):
    ...     _ = cv2.circle(g, (x, 20), 4, 30, -1)
    >>> q = np.float32([[5, 5], [95, 5], [95, 35], [5, 35]])
    >>> rd = _Read("up", (3, 3), 0, True, 1.0, 0, False, 6)
    >>> _pips_darker(g, [(q, rd, False)], 1.0), _pips_darker(255 - g, [(q, rd, False)], 1.0)
    (True, False)
    """
    votes = 0
    for c, rd, occ in raw:
        if rd.face != "up" or rd.n_pips < 2 or occ:
            continue
        q = np.round(_widen(c, 0.8) * s).astype(np.int32)
        x, y, w, h = cv2.boundingRect(q)
        x0, y0 = max(0, x), max(0, y)
        roi = gray[y0:y + h, x0:x + w]
        if roi.size < 16:
            continue
        m = np.zeros(roi.shape, np.uint8)
        cv2.fillConvexPoly(m, q - (x0, y0), 1)
        px = roi[m > 0]
        if px.size < 16:
            continue
        lo, med, hi = _percentiles_int(px, (5, 50, 95))
        votes += 1 if med - lo > hi - med else -1
    return votes > 0


#: a rectangle whose colour runs on beyond its ends (_runs_on) but whose both ends are
#: edges (_ends_edged) is a tile on a table of its colour, not part of something longer
RUNS_ON_EDGED = 1


def _ends_edged(img: np.ndarray, corners: np.ndarray) -> bool:
    """Are both short ends of the outline ``corners`` (full-image pixels; corners 0-1
    along the long side) edges: steps across them (_edge_across) of OPEN_EDGE times the
    texture just beyond them (_texture of a strip a quarter of the length deep) or more?"""
    c = np.float32(corners)
    H, W = img.shape[:2]
    margin = int(0.3 * float(np.linalg.norm(c[1] - c[0]))) + 8  # (the strips beyond the ends)
    x0, y0 = np.maximum(0, np.floor(c.min(axis=0)).astype(int) - margin)
    x1, y1 = np.minimum([W, H], np.ceil(c.max(axis=0)).astype(int) + margin + 1)
    gray = cv2.cvtColor(img[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    c = c - np.float32([x0, y0])
    for i in (1, 3):
        # (the texture beyond the end: inside, a face's pips would set it)
        _p, d, n, depth, _b = _side_frame(c, i)
        p0 = c[i] + n * 3.0
        beyond = np.float32([p0, p0 + d, p0 + d + n * 0.25 * depth, p0 + n * 0.25 * depth])
        if _edge_across(gray, c, i) < OPEN_EDGE * max(_texture(gray, beyond), OPEN_TEXTURE_MIN):
            return False
    return True


def _runs_on(img: np.ndarray, corners: np.ndarray, body_lab: np.ndarray, reach: float = 0.15,
             tol: float = 25.0) -> bool:
    """Does the colour ``body_lab`` (Lab) go on beyond both short ends of the outline
    ``corners`` (full-image pixels; corners 0-1 along the long side) — the outline a part
    of something longer, two tiles end to end, not a tile?  Looked at in strips ``reach``
    of the length beyond each end, over the middle half of the width.

    >>> img = np.full((200, 300, 3), (40, 110, 40), np.uint8)              # green felt
    >>> _ = cv2.rectangle(img, (50, 80), (250, 120), (25, 25, 25), -1)     # two tiles end to end
    >>> quad = np.float32([[100, 80], [200, 80], [200, 120], [100, 120]])  # the middle of them
    >>> body = cv2.cvtColor(np.full((1, 1, 3), 25, np.uint8), cv2.COLOR_BGR2Lab)[0, 0].astype(np.float32)
    >>> _runs_on(img, quad, body)
    True
    >>> _ = cv2.rectangle(img, (50, 80), (250, 120), (40, 110, 40), -1)
    >>> _ = cv2.rectangle(img, (100, 80), (200, 120), (25, 25, 25), -1)    # one tile
    >>> _runs_on(img, quad, body)
    False
    """
    c = corners.astype(np.float64)
    u = c[1] - c[0]
    v = c[3] - c[0]
    o = c[0] - reach * u + 0.25 * v
    src = np.float32([o, o + (1 + 2 * reach) * u, o + (1 + 2 * reach) * u + 0.5 * v, o + 0.5 * v])
    end, rows = 8, 8  # pixels of the warped strip: an end's reach, and across
    w = int(round(end * (1 + 2 * reach) / reach))
    strip = cv2.warpPerspective(img, cv2.getPerspectiveTransform(src, np.float32([[0, 0], [w, 0], [w, rows], [0, rows]])),
                                (w, rows), flags=cv2.INTER_AREA)
    lab = cv2.cvtColor(strip, cv2.COLOR_BGR2Lab).astype(np.float32)
    ends = (lab[:, : end - 1].reshape(-1, 3), lab[:, w - end + 1:].reshape(-1, 3))
    return all(float(np.abs(np.median(e, axis=0) - body_lab).sum()) <= tol for e in ends)


def _pip_fallback(img: np.ndarray, small: np.ndarray, gray_small: np.ndarray, s: float, raw: list, style: str,
                  aspect_hint: float | None, red_reliable: bool, hand_mask: np.ndarray,
                  planes: tuple | None = None) -> list[tuple]:
    """Tiles whose outline does not show against the table (ivory on a checked cloth of its
    own colour, dark on dark felt) but whose pips do: pip-like spots outside every tile found
    are clustered, a rectangle of the size of the tiles read in this image (or, where that
    fits nowhere, a little smaller: ``PF_SIZES``) is laid over each cluster along the ways
    its arrangement allows, and read like any other outline; kept only
    if one reading is whole and consistent, holds every spot of the cluster and no other."""
    ups = [(float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[2] - c[1])))
           for c, rd, occ in raw if rd.face == "up" and rd.n_pips >= 2 and not occ and not rd.aside]
    if len(ups) < 2:
        return []
    L0 = L = _median_list([u[0] for u in ups]) * s
    Wd0 = Wd = _median_list([u[1] for u in ups]) * s
    if Wd < 12:
        return []
    bodies = [rd.body_lab for _c, rd, o in raw if rd.face == "up" and rd.body_lab is not None and not o]
    if len(bodies) < 2:
        return []
    tile_pts = np.array([c.mean(axis=0) * s for c, _r, _o in raw], np.float64)
    western = _bars_judged(raw, style)
    Hs, Ws = gray_small.shape[:2]
    any_hand = bool(hand_mask.any())
    k = max(3, int(round(0.45 * Wd)) | 1)
    ker = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    d_min, d_max = 0.1 * Wd, 0.36 * Wd
    # dark or light spots, and red ones (weak in grey): red above green, raised above its surroundings
    _b, g_, r_ = cv2.split(small) if planes is None else planes
    redness = cv2.subtract(r_, g_)
    # the faces read tell whether the pips are darker or lighter than the bodies
    light = _pips_darker(gray_small, raw, s)
    bw = None
    for src, op in ((gray_small, cv2.MORPH_BLACKHAT if light else cv2.MORPH_TOPHAT), (redness, cv2.MORPH_TOPHAT)):
        m_ = cv2.compare(cv2.morphologyEx(src, op, ker), 40, cv2.CMP_GT)
        bw = m_ if bw is None else cv2.bitwise_or(bw, m_)
    # (the tiles found are left out: their pips are read)
    for c, _rd, _o in raw:
        cv2.fillConvexPoly(bw, np.round(_widen(c, 1.1) * s).astype(np.int32), 0)
    bw = cv2.morphologyEx(bw, cv2.MORPH_OPEN, _K2)  # specks of texture are no pips
    n, _, st, ce = cv2.connectedComponentsWithStatsWithAlgorithm(bw, 8, cv2.CV_16U, cv2.CCL_GRANA)
    w_, h_, a_ = (st[:, i].astype(np.float64) for i in (2, 3, 4))
    ok = (w_ >= d_min) & (w_ <= d_max) & (h_ >= d_min) & (h_ <= d_max) & \
        (a_ >= 0.55 * w_ * h_) & (np.maximum(w_, h_) <= 1.4 * np.minimum(w_, h_))
    ok[0] = False
    spots = ce[ok].tolist()
    if not spots:
        return []
    pts = np.array(spots, np.float64)
    if len(pts) < 2 or len(pts) > 120:
        return []
    # clusters: spots closer than a pip pitch and a half are on one tile
    dd = np.linalg.norm(pts[:, None] - pts[None], axis=2)
    reach = dd < 0.5 * Wd
    while True:  # linked spots, transitively (few steps: a tile has at most 12 pips)
        nxt = (reach.astype(np.float32) @ reach.astype(np.float32)) > 0
        if (nxt == reach).all():
            break
        reach = nxt
    first = reach.argmax(axis=1)
    roots, lbl = np.unique(first, return_inverse=True)
    nl = len(roots)
    # a cluster per tile: spots closer than a pip pitch and a half; clusters that together
    # fit one tile are tried together too (the two halves of a tile, a lone pip beside)
    groups = [np.nonzero(lbl == g)[0] for g in range(nl)]
    groups = [ix for ix in groups if len(ix) <= 12]
    if not groups:
        return []
    cents = np.array([pts[ix].mean(axis=0) for ix in groups])
    dc = np.linalg.norm(cents[:, None] - cents[None], axis=2)
    ng = len(groups)
    for a_, b_ in zip(*np.nonzero(np.triu(dc < 0.8 * L, 1)), strict=True):
        if len(groups[a_]) + len(groups[b_]) <= 12:  # a tile has at most 12 pips
            groups.append(np.concatenate([groups[a_], groups[b_]]))
    # (and every cluster near one, where there are more than two and they fit a tile
    # together: the pips of a Western 4-4 lie a little more than a pitch and a half apart —
    # but not where every one is a single spot: a playing card's pips, or a 3 whose middle
    # pip was not found, read as a 2-2)
    seen_u = set()
    spread_out = set()  # (ids of such groups)
    for a_ in range(ng):
        near_ = np.nonzero(dc[a_, :ng] < 0.8 * L)[0]
        if len(near_) < 3 or max(len(groups[b_]) for b_ in near_) < 2:
            continue
        key = tuple(near_)
        if key in seen_u:
            continue
        seen_u.add(key)
        ix = np.concatenate([groups[b_] for b_ in near_])
        ext_ = pts[ix].max(axis=0) - pts[ix].min(axis=0)
        if len(ix) <= 12 and ext_[0] * ext_[0] + ext_[1] * ext_[1] <= L * L:
            groups.append(ix)
            spread_out.add(id(ix))
    def laid(c0: np.ndarray, u: np.ndarray, v: np.ndarray, L: float, Wd: float, f_sz: float, ix: np.ndarray,
             cl: np.ndarray, moved: bool = False) -> tuple | None:
        """The rectangle L x Wd centred at ``c0`` along ``u`` over the cluster ``cl`` (spots
        ``ix``), ``f_sz`` of the tiles' size: (corners in image pixels, reading, name) if it
        holds a tile, else None.  ``moved``: it was moved once already (PF_NUDGE)."""
        # no other spot inside, every spot of the cluster inside
        d = pts - c0
        # (and none just beyond its outline: pips of the same tile left outside)
        inside = (np.abs(d @ u) <= 0.5 * L + 0.35 * Wd) & (np.abs(d @ v) <= 0.65 * Wd)
        if np.count_nonzero(inside) != len(cl) or not inside[ix].all():
            return None
        if f_sz < 1.0 and np.count_nonzero(np.hypot(d[:, 0], d[:, 1]) <= PF_ALONE * L0) != len(cl):
            return None  # (smaller only for a cluster with no other spot about it: no tile beside)
        hu, hv = 0.5 * L * u, 0.5 * Wd * v
        corners = np.array([c0 - hu - hv, c0 + hu - hv, c0 + hu + hv, c0 - hu + hv], np.float32)
        if corners.min() < 0 or corners[:, 0].max() >= Ws or corners[:, 1].max() >= Hs:
            return None  # running out of the frame: partly hidden, not guessed
        dt = tile_pts - c0
        if np.any((np.abs(dt @ u) <= L0) & (np.abs(dt @ v) <= Wd0)):
            return None  # overlapping a tile found (at the full size)
        if any_hand:
            pm = np.zeros_like(hand_mask)
            cv2.fillConvexPoly(pm, corners.astype(np.int32), 1)
            if np.any(hand_mask[pm > 0]):
                return None  # a hand over it
        # one colour right up to its outline (a ring where no pip lies)
        ring = cv2.cvtColor(cv2.warpPerspective(img, cv2.getPerspectiveTransform(
            (corners / s).astype(np.float32), np.float32([[0, 0], [40, 0], [40, 20], [0, 20]])), (40, 20)),
            cv2.COLOR_BGR2Lab).astype(np.float32)
        sides = [ring[:3].reshape(-1, 3), ring[-3:].reshape(-1, 3), ring[3:-3, :3].reshape(-1, 3),
                 ring[3:-3, -3:].reshape(-1, 3)]
        ring = np.concatenate(sides)
        ring_med = np.median(ring, axis=0)
        dev = np.abs(ring - ring_med)
        ok_px = (dev[:, 0] < 25) & (dev[:, 1] + dev[:, 2] < 20)
        if np.mean(ok_px) < 0.8:
            # (one long side off the colour — or one end, or one of each: the rectangle takes
            # in the tile's side or shadow there, the spots placing it a little off — moved
            # away from it by PF_NUDGE and looked at again; scene3d 20808, 20729)
            if moved:
                return None
            per_side = np.split(ok_px, np.cumsum([len(sd) for sd in sides])[:-1])
            bad_ = [k for k, o_ in enumerate(per_side) if np.mean(o_) < 0.8]
            if not bad_ or len(bad_) > 2 or {0, 1} <= set(bad_) or {2, 3} <= set(bad_):
                return None
            nw, nl = PF_NUDGE[0] * Wd, PF_NUDGE[1] * L
            step = sum((nw * v, -nw * v, nl * u, -nl * u)[k] for k in bad_)
            return laid(c0 + step, u, v, L, Wd, f_sz, ix, cl, moved=True)
        if min(float(np.abs(ring_med - b).sum()) for b in bodies) > 40:
            return None  # not the colour of the tiles read in this image
        cf = corners / s
        rd = _read_tile(img, cf, style, aspect_hint, seams=f_sz < 1.0)
        if rd is None or not _reads_whole(rd) or rd.n_pips < len(cl) or rd.has_bar is None or (
                f_sz < 1.0 and (rd.n_pips != len(cl) or rd.mid_run >= MID_SEAM or rd.seam_along or
                                rd.bar_through)):
            return None  # (smaller: a seam across or along it — two tiles' halves)
        if _wrong_split(rd, western, strict=False):
            return None  # (laid across a tile: no bar where the tiles read show one, or a line along it)
        nm = _name_and_confidence(rd, red_reliable)[1]
        if nm is None or rd.body_lab is None:
            return None
        # its body has the colour of the tiles read in this image (of two of them:
        # one outlier, a tile misread, must not vouch for a patch of table)
        if sum(float(np.abs(rd.body_lab - b).sum()) <= 30 for b in bodies) < 2:
            return None
        ends_on = (f_sz < 1.0 or id(ix) in spread_out or moved) and _runs_on(img, cf, rd.body_lab)
        if ends_on and RUNS_ON_EDGED and _ends_edged(img, cf):
            ends_on = False  # (its colour goes on, but both its ends are edges: a table as dark as it)
        if ends_on and (f_sz < 1.0 or moved):
            return None  # smaller than its tile, or moved: the body goes on beyond both ends (950053)
        if ends_on and _runs_on(img, np.roll(cf, -1, axis=0), rd.body_lab, reach=0.3):
            return None  # pips far apart (spread_out), the body on beyond both sides too: a playing card
        return cf, rd, nm

    out = []
    taken: list[np.ndarray] = []
    for ix in sorted(groups, key=len, reverse=True):
        if len(ix) < 2 or any(np.isin(ix, t_).any() for t_ in taken):
            continue
        cl = pts[ix]
        ctr = cl.mean(axis=0)
        if any(cv2.pointPolygonTest((c_ * s).astype(np.float32).reshape(-1, 1, 2),
                                    (float(ctr[0]), float(ctr[1])), False) >= 0 for c_, _r, _o in out):
            continue  # (within a tile laid already: its other half)
        ext = cl.max(axis=0) - cl.min(axis=0)
        cov = np.cov((cl - ctr).T)
        ev, evec = np.linalg.eigh(cov)
        ax = evec[:, 1]
        # the tiles read may have been read with their side or shadow (dark tiles on dark
        # felt): the rectangle is laid a little smaller too, when the full size fits nowhere
        # — only for a cluster with no other spot about it (PF_ALONE) and where the full size
        # overlaps no tile found, and it must hold exactly the cluster's pips, show no seam
        # across or along it and end where the tile's colour ends (smaller than its tile, a
        # rectangle fits the halves of two tiles side by side or end to end)
        found = []
        for f_sz in PF_SIZES:
            L, Wd = f_sz * L0, f_sz * Wd0
            if ext[0] * ext[0] + ext[1] * ext[1] > L * L:
                break  # too spread for one tile
            if f_sz < 1.0 and len(cl) < FIRST_READ_MIN_PIPS:
                break  # (smaller, it must read exactly the cluster's pips, and whole: four or more)
            for u in (ax, np.array([-ax[1], ax[0]])):
                v = np.array([-u[1], u[0]])
                pu, pv = (cl - ctr) @ u, (cl - ctr) @ v
                if pu.max() - pu.min() > 0.9 * L or pv.max() - pv.min() > 0.8 * Wd:
                    continue  # the spots do not fit a tile this way
                mid_v = 0.5 * (pv.max() + pv.min())
                lo_c, hi_c = pu.max() - 0.42 * L, pu.min() + 0.42 * L  # tile centres keeping the spots inside
                shifts = {0.5 * (pu.max() + pu.min())}
                if hi_c > lo_c:
                    shifts |= {lo_c, hi_c}
                for sh in sorted(shifts):
                    hit = laid(ctr + sh * u + mid_v * v, u, v, L, Wd, f_sz, ix, cl)
                    if hit is not None:
                        found.append(hit)
            if found:
                break
        if found and len({f[2] for f in found}) == 1:
            out.append((found[0][0], found[0][1], False))
            taken.append(ix)
    return out


def _vivid(lab: np.ndarray | None) -> bool:
    """A body colour (Lab) of VIVID_CHROMA or more: a tile's back, green or red or blue, not a
    phone's dark screen (grey, a* and b* within 13 of neutral on the own generator's
    910000 and 953000 sets) — a plain back's rim is dark on all four sides too (scene3d
    24212: two dark green backs unsure beside the faces read sure).

    >>> _vivid(np.array([64.0, 104, 138])), _vivid(np.array([45.0, 130, 118])), _vivid(None)
    (True, False, False)
    """
    return lab is not None and math.hypot(float(lab[1]) - 128.0, float(lab[2]) - 128.0) >= VIVID_CHROMA


#: the chroma (Lab a*, b* from neutral) of a body that is no phone's screen (_vivid)
VIVID_CHROMA = 20.0

#: a tile alone read unsure is read again at its other outlines, none shorter than this
#: share of the longer of its proposal's and its reading's (analyze's read_one)
ALT_OUTLINE_SHORT = 0.92

#: a plain "back" framed all round by a line darker than both it and what lies beyond —
#: by more than FRAMED_DEPTH (Lab L*) on every side, alike on all four sides within
#: FRAMED_SPREAD — is a phone's screen in its bezel or the like, not a tile for sure
FRAMED_DEPTH = 15.0
FRAMED_SPREAD = 8.0
FRAMED_CONF = 0.5


def _framed(img: np.ndarray, corners: np.ndarray) -> bool:
    """Is the outline ``corners`` (a plain back read) framed by a dark line along all four
    sides, as deep on each: darker than the face inside and the table outside (a phone's
    bezel round its dark screen)?  A tile's edges differ from side to side (its side and
    shadow on one or two, a bevel's highlight on the others).

    >>> img = np.full((200, 300, 3), 150, np.uint8)
    >>> _ = cv2.rectangle(img, (96, 71), (204, 129), (20, 20, 20), -1)    # a bezel ...
    >>> _ = cv2.rectangle(img, (100, 75), (200, 125), (60, 60, 60), -1)   # ... round a screen
    >>> quad = np.float32([[100, 75], [200, 75], [200, 125], [100, 125]])
    >>> _framed(img, quad)
    True
    >>> _ = cv2.rectangle(img, (96, 71), (204, 129), (150, 150, 150), -1)  # a plain back alone
    >>> _ = cv2.rectangle(img, (100, 75), (200, 125), (60, 60, 60), -1)
    >>> _framed(img, quad)
    False
    """
    c = np.float32(corners)
    if np.linalg.norm(c[1] - c[0]) < np.linalg.norm(c[2] - c[1]):
        c = np.roll(c, -1, axis=0)
    Wc, Lc, P, r = 48, 96, 24, 6  # the face 96 x 48, half a width about it; +-r about each edge
    M = cv2.getPerspectiveTransform(c, np.float32([[P, P], [Lc + P, P], [Lc + P, Wc + P], [P, Wc + P]]))
    crop = cv2.warpPerspective(img, M, (Lc + 2 * P, Wc + 2 * P), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    L = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab)[..., 0]
    cols = slice(P + int(0.1 * Lc), P + int(0.9 * Lc))
    rows = slice(P + int(0.1 * Wc), P + int(0.9 * Wc))
    depths = []
    # per side: (about the edge, just inside, beyond), each with the edge running along axis 1
    for strip, inner, outer in (
            (L[P - r : P + r, cols], L[P + r : P + 2 * r, cols], L[P - 3 * r : P - 2 * r, cols]),
            (L[P + Wc - r : P + Wc + r, cols], L[P + Wc - 2 * r : P + Wc - r, cols],
             L[P + Wc + 2 * r : P + Wc + 3 * r, cols]),
            (L[rows, P - r : P + r].T, L[rows, P + r : P + 2 * r].T, L[rows, P - 3 * r : P - 2 * r].T),
            (L[rows, P + Lc - r : P + Lc + r].T, L[rows, P + Lc - 2 * r : P + Lc - r].T,
             L[rows, P + Lc + 2 * r : P + Lc + 3 * r].T)):
        valley = _median_u8(strip.min(axis=0))
        depths.append(min(_median_u8(inner), _median_u8(outer)) - valley)
    return min(depths) > FRAMED_DEPTH and max(depths) - min(depths) < FRAMED_SPREAD


# a reading made unsure because the frame shows more copies of its tile than the set holds
OVER_SET_CONF = 0.55
#: ... of equally sure readings, one whose outline lies within this many pixels of the
#: frame's edge goes after the others (check_set; 0: no such order)
EDGE_SET_PX = 3


def check_set(readings: list[TileReading], sets: int = 1, frame_wh: tuple[int, int] | None = None) -> list[TileReading]:
    """``readings`` with those that can't all be right made unsure: a table of ``sets``
    sets of 32 shows at most ``sets`` × 2 of a civil tile and ``sets`` × 1 of a military
    one.  Of a tile read more often than that, the readings beyond the allowance, the least
    sure first, are unsure; when the last allowed and the first beyond it are equally sure,
    nothing tells the right ones from the wrong: all of them are — unless one of them lies
    against the frame's edge (``frame_wh``: the frame's width and height; an outline within
    EDGE_SET_PX of it may be cut there, and goes after the others of its confidence:
    scene3d 26222, a playing card cut by the frame read 1-1 and made both 1-1s unsure).
    ``sets`` 0: no check.

    >>> up = lambda name, conf, x: TileReading('up', (int(name[0]), int(name[2])), name, (x, 0.0),
    ...                                        (), conf, False)
    >>> [(r.name, r.uncertain) for r in check_set([up('6-3', 0.97, 0), up('6-3', 0.81, 50)])]
    [('6-3', False), ('6-3', True)]
    >>> [r.uncertain for r in check_set([up('6-3', 0.97, 0), up('6-3', 0.97, 50)])]
    [True, True]
    >>> [r.uncertain for r in check_set([up('6-6', 0.97, 0), up('6-6', 0.97, 50)])]
    [False, False]
    >>> at = lambda r, y: replace(r, corners=((r.center[0], y), (r.center[0] + 40.0, y)))
    >>> trio = [at(up('1-1', 0.97, 200), 100.0), at(up('1-1', 0.97, 500), 718.0), at(up('1-1', 0.97, 900), 300.0)]
    >>> [r.uncertain for r in check_set(trio, frame_wh=(1280, 720))]
    [False, True, False]
    """
    if sets <= 0:
        return readings

    def at_edge(r: TileReading) -> bool:
        if frame_wh is None or not EDGE_SET_PX or not r.corners:
            return False
        xs, ys = [c[0] for c in r.corners], [c[1] for c in r.corners]
        return min(xs) <= EDGE_SET_PX or min(ys) <= EDGE_SET_PX or max(xs) >= frame_wh[0] - 1 - EDGE_SET_PX or \
            max(ys) >= frame_wh[1] - 1 - EDGE_SET_PX

    by_name: dict[str, list[int]] = {}
    for i, r in enumerate(readings):
        if r.face == "up" and r.name and not r.uncertain and not r.occluded:
            by_name.setdefault(r.name, []).append(i)
    out = list(readings)
    for name, idx in by_name.items():
        n = sets * _IN_SET[name]
        if len(idx) <= n:
            continue
        edge = {i: at_edge(readings[i]) for i in idx}
        idx.sort(key=lambda i: (-readings[i].confidence, edge[i]))
        tie = n > 0 and readings[idx[n - 1]].confidence <= readings[idx[n]].confidence and \
            edge[idx[n - 1]] == edge[idx[n]]
        for i in idx[0 if tie else n:]:
            out[i] = replace(readings[i], uncertain=True, confidence=min(readings[i].confidence, OVER_SET_CONF))
    return out


#: a cloth printed with small spots (dots, flowers: scene3d's small print) is looked for
#: (0: never) and found when its spots fill PRINT_COVER or more of the working image's
#: cells (8 x 5), each with PRINT_SPOTS or more — spots: blobs of a top-hat or a black-hat
#: (a PRINT_HAT-pixel disc) PRINT_LEVEL or more above the rest, 3 to 60 pixels, about as
#: wide as long
PRINT_COVER = 0.75
PRINT_SPOTS = 8
PRINT_HAT = 9
PRINT_LEVEL = 25
#: a print of bigger spots (flowers nearer the camera: scene3d 32987, whose spots run to 80
#: pixels and more) is looked for with a PRINT_HAT_WIDE-pixel disc, and spots up to 60 times
#: (PRINT_HAT_WIDE / PRINT_HAT)² pixels, when PRINT_HAT's found PRINT_SPOTS x 20 spots or
#: more of one polarity but no print (0: never)
PRINT_HAT_WIDE = 11
#: ... and they are alike — median area PRINT_AREA pixels or more, interquartile range at
#: most PRINT_AREA_SPREAD of it, filling PRINT_FILL of their boxes — and evenly spaced:
#: the interquartile range of the distances to the nearest spot at most PRINT_NN_SPREAD
#: of their median.  (Wood grain, weave, speckled cork and gingham make spots of many
#: sizes, or thin ones, at random distances.)
PRINT_AREA = 8
PRINT_AREA_SPREAD = 0.65
PRINT_FILL = 0.62
PRINT_NN_SPREAD = 0.4
#: the spots painted over, the working image is smoothed by a median this wide (pixels;
#: 0: not) for the proposals: what is left of the spots' rims and the pips
PRINT_MEDIAN = 5
#: ... and its proposals are added to the image's own, but for those whose middle lies in
#: one of these with a fill of PRINT_NEW_FILL or more (a tile found already: painting the
#: spots over may shift its outline, and the selection weigh the two)
PRINT_NEW_FILL = 0.8

#: what :func:`_proposals` leaves in ``_LOCAL`` for the selection (kept across its runs on
#: one frame — a printed cloth's, a dim frame's second: lists and sets joined, see
#: :func:`_propose_again`)
_PROPOSAL_STATE = ("edge_blobs", "opened", "check_rects", "pat_rects", "pale_rects", "edge_rects")


def _propose_again(cands: list, image: np.ndarray, params: TileSetParams, len_px: float | None,
                   table_cols, pattern: bool, edges: bool | None, plain_table: bool) -> tuple:
    """``cands`` and the proposals of ``image`` (the working image changed: its print
    painted over, or lifted) but for those whose middle lies in one of ``cands`` with a fill
    of PRINT_NEW_FILL or more (a tile found already: the change may shift its outline, and
    the selection weigh the two), and so for the single tiles an opening freed
    (``_LOCAL.opened``, which the selection takes where nothing else was found: a dim
    frame's lifted run freed one across the seam of two tiles end to end, own 930084);
    ``_LOCAL``'s proposal state joined, the frame's own kept.  Also: whether ``image``'s
    table is plain (see _channels)."""
    kept = {k: getattr(_LOCAL, k) for k in _PROPOSAL_STATE}
    kept_pattern = getattr(_LOCAL, "pattern", None)
    more = _proposals(image, params, len_px, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY),
                      cv2.cvtColor(image, cv2.COLOR_BGR2HSV), table_cols, cv2.split(image),
                      pattern=pattern, edges=edges)
    have = [c.rect for c in cands if c.fill >= PRINT_NEW_FILL]

    def new(cs: list) -> list:
        return [c for c in cs if not (have and _in_any(c.rect[0], have))]

    _LOCAL.opened = new(_LOCAL.opened)
    for k, v in kept.items():
        now = getattr(_LOCAL, k)
        setattr(_LOCAL, k, v + now if isinstance(now, list) else v | now)
    its_plain = bool(getattr(_LOCAL, "plain_table", False))
    _LOCAL.plain_table, _LOCAL.pattern = plain_table, kept_pattern
    return cands + new(more), its_plain


#: a dim frame: the median brightness (HSV value) of its working image below DIM_FRAME_V
#: (0: never) but not below DIM_FLOOR_V (a black cloth: lifting it brings up only its
#: noise, a JPEG's 8x8 blocks of colour, which the colour masks take for tiles) ...
DIM_FRAME_V = 100
DIM_FLOOR_V = 20
#: ... is proposed again lifted by this gamma (its levels x -> 255 (x/255)^gamma)
DIM_GAMMA = 0.65


def _lifted(small: np.ndarray) -> np.ndarray:
    """``small`` lifted by DIM_GAMMA.

    >>> _lifted(np.uint8([[[0, 64, 255]]])).tolist()
    [[[0, 103, 255]]]
    """
    return cv2.LUT(small, np.clip(255 * (np.arange(256) / 255.0) ** DIM_GAMMA, 0, 255).astype(np.uint8))


def _print_disc(hat: int | None = None) -> np.ndarray:
    hat = hat or PRINT_HAT
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (hat, hat))


def _spots(gray: np.ndarray, op: int, hat: int | None = None) -> tuple:
    """The spots of one polarity (``op``: cv2.MORPH_TOPHAT light, cv2.MORPH_BLACKHAT dark)
    in ``gray``, found with a ``hat``-pixel disc (PRINT_HAT by default): (label image,
    stats, centres, which labels are spots)."""
    hat = hat or PRINT_HAT
    _, m = cv2.threshold(_hat(gray, op, _print_disc(hat)), PRINT_LEVEL, 255, cv2.THRESH_BINARY)
    _n, lab, st, ce = _components8(m, frame=True)
    a, bw, bh = st[:, 4], st[:, 2], st[:, 3]
    ok = (a >= 3) & (a <= 60 * (hat / PRINT_HAT) ** 2) & (np.maximum(bw, bh) <= 2 * np.minimum(bw, bh) + 1)
    ok[0] = False
    return lab, st, ce, ok


def _print_cloth(gray: np.ndarray) -> int | None:
    """The polarity of the spots (cv2.MORPH_BLACKHAT: dark, cv2.MORPH_TOPHAT: light) of a
    cloth printed with small spots all over the working image ``gray``; None for none
    (:func:`_print_spots`, without the spots).

    >>> yy, xx = np.mgrid[0:360, 0:640]
    >>> dots = np.where((yy % 12 - 6) ** 2 + ((xx + 6 * (yy // 12 % 2)) % 12 - 6) ** 2 <= 5, 60, 200)
    >>> _print_cloth(dots.astype(np.uint8)) == cv2.MORPH_BLACKHAT
    True
    >>> rng = np.random.default_rng(1)
    >>> _print_cloth(np.clip(rng.normal(150, 30, (360, 640)), 0, 255).astype(np.uint8)) is None
    True
    """
    found = _print_spots(gray)
    return None if found is None else found[0]


def _print_spots(gray: np.ndarray, hat: int | None = None) -> tuple | None:
    """:func:`_print_cloth`'s polarity, the spots of that polarity (:func:`_spots`) and
    the width of the disc that found them, or None."""
    h, w = gray.shape
    if PRINT_COVER <= 0 or min(h, w) < 80:
        return None
    hat = hat or PRINT_HAT
    best = None
    many = False  # (many spots of one polarity, but no print: bigger spots? PRINT_HAT_WIDE)
    for op in (cv2.MORPH_BLACKHAT, cv2.MORPH_TOPHAT):
        spots = _spots(gray, op, hat)
        _lab, st, ce, ok = spots
        if ok.sum() < PRINT_SPOTS * 20:
            continue  # (too few spots to fill most cells)
        many = True
        c = ce[ok]
        cnt = np.zeros((5, 8), np.int32)
        np.add.at(cnt, (np.minimum((c[:, 1] * 5 / h).astype(int), 4), np.minimum((c[:, 0] * 8 / w).astype(int), 7)), 1)
        cover = float(np.mean(cnt >= PRINT_SPOTS))
        if cover < PRINT_COVER:
            continue
        a = st[ok, 4].astype(np.float64)
        q1, q2, q3 = np.percentile(a, [25, 50, 75])
        if q2 < PRINT_AREA or q3 - q1 > PRINT_AREA_SPREAD * q2 or \
                float(np.median(a / (st[ok, 2] * st[ok, 3]))) < PRINT_FILL:
            continue
        # (the nearest spot to each of a hundred or so spots, spread over the list)
        cf = c.astype(np.float64)
        some = cf[:: max(1, len(cf) // 128)]
        d2 = (some * some).sum(1)[:, None] + (cf * cf).sum(1)[None, :] - 2.0 * some @ cf.T
        d2[d2 < 0.25] = np.inf  # (each spot itself)
        n1, n2, n3 = np.percentile(np.sqrt(d2.min(1)), [25, 50, 75])
        if n3 - n1 > PRINT_NN_SPREAD * n2:
            continue
        if best is None or cover > best[0]:
            best = (cover, op, spots, hat)
    if best is None and many and PRINT_HAT_WIDE > hat:
        return _print_spots(gray, PRINT_HAT_WIDE)
    return None if best is None else best[1:]


def _wipe_print(small: np.ndarray, gray: np.ndarray, op: int, spots: tuple | None = None,
                hat: int | None = None) -> np.ndarray:
    """``small`` with the spots of polarity ``op`` (:func:`_print_cloth`; ``spots``: those
    :func:`_spots` found in ``gray`` with a ``hat``-pixel disc, when known) painted over with
    the cloth about them (a closing or an opening), then smoothed (PRINT_MEDIAN)."""
    lab, _st, _ce, ok = spots if spots is not None else _spots(gray, op, hat)
    spots = cv2.dilate(ok[lab].astype(np.uint8), _K3SQ) > 0
    out = small.copy()
    out[spots] = cv2.morphologyEx(small, cv2.MORPH_CLOSE if op == cv2.MORPH_BLACKHAT else cv2.MORPH_OPEN,
                                  _print_disc(hat))[spots]
    return cv2.medianBlur(out, PRINT_MEDIAN) if PRINT_MEDIAN else out


#: a tile alone read with a blank half and no bar, a red pip among those counted, read
#: again (BLANK_RETRY_CONF), is taken for a back where a reading of its own outline finds a
#: spotted back's spots (False: not)
BLANK_RETRY_SPOTS = True

#: a back may be this many times the length expected where it lies (or 1.22 of the faces'
#: median): it has nothing but its size to tell it from a phone or a card.  1.15 until the
#: fifty-seventh round; over 1.15 only lying wholly in the frame, its ends half a width on
#: too (_corners_in_frame: a card the frame cuts, 970022, read as a back 1.21 times the
#: length there), and over no face read
BACK_LONGEST = 1.25


def analyze(image_bgr: np.ndarray, params: TileSetParams | None = None, style: str = "auto", *,
            context: FrameContext | None = None, whole: bool | None = None) -> Analysis:
    """Everything the recognizer sees in one image: readings and hand outlines.

    ``context`` (from an earlier ``Analysis.context`` of the whole frame) reads a crop of
    the frame as the whole frame would be read (see :mod:`vision.stream`).  ``whole``: the
    image is all the table there is, so its readings are checked against the set
    (:func:`check_set`, ``params.sets``); by default, when there is no ``context``."""
    if image_bgr is None or image_bgr.ndim not in (2, 3):
        raise ValueError("expected a BGR image")
    if image_bgr.ndim == 2:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_GRAY2BGR)
    elif image_bgr.shape[2] == 4:
        image_bgr = cv2.cvtColor(image_bgr, cv2.COLOR_BGRA2BGR)
    params = params or TileSetParams()
    if style == "auto":
        style = params.style
    H, W = image_bgr.shape[:2]
    if min(H, W) < 24:
        return Analysis(readings=[], occluders=[], scale=1.0)  # too small to hold a readable tile
    s = context.scale if context else min(1.0, WORK_MAX / max(H, W))
    frame_long = context.frame_long if context else max(H, W)
    small = cv2.resize(image_bgr, (int(round(W * s)), int(round(H * s))), interpolation=cv2.INTER_AREA) \
        if s < 1.0 else image_bgr
    len_px = params.tile_length_px * s if params.tile_length_px else None
    if len_px is None and context and context.tile_len:
        # a crop: tiles cut by its edge must not teach the size; the whole frame knows it
        len_px = context.tile_len * s
    # computed once: the proposals, the selection and the hand finder all use them
    gray_small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    hsv_small = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    planes_small = cv2.split(small)
    # the table's colours: the whole frame's for a crop (which may be mostly tiles)
    bins = _colour_bins(small) if not (context and context.table_colours is not None) else None
    table_cols = context.table_colours if bins is None else tuple(_colours_of(bins, BG_SHARE, 3))
    _LOCAL.alive = []  # (the rectangles tagged for the last frame: see _ids)
    cands = _proposals(small, params, len_px, gray_small, hsv_small, table_cols, planes_small,
                       pattern=context is None, edges=context.plain_table if context else None)
    plain_table = bool(context.plain_table) if context else bool(getattr(_LOCAL, "plain_table", False))
    found = _print_spots(gray_small) if context is None else None
    print_op = found[0] if found is not None else (context.print_op if context else None)
    print_hat = found[2] if found is not None else (context.print_hat if context else None)
    if print_op is not None:
        # a cloth printed with small spots: proposed again on the image with its spots
        # painted over, the cloth's and the pips' alike (the spots cut a tile's outline
        # and join it to the cloth); new outlines only
        wiped = _wipe_print(small, gray_small, print_op, found[1] if found is not None else None, print_hat)
        cands, _ = _propose_again(cands, wiped, params, len_px, table_cols, context is None,
                                  context.plain_table if context else None, plain_table)
    dim = context.dim if context else (
        DIM_FRAME_V > 0 and DIM_FLOOR_V <= _median_u8(hsv_small[::4, ::4, 2]) < DIM_FRAME_V)
    lift_cols, lift_plain = (context.lift_colours, context.lift_plain) if context else (None, None)
    if dim:
        # a dim frame (the room's light low, the cloth dark but not black): black tiles
        # differ from the cloth by a few levels only, below every mask's.  Proposed again
        # on the frame lifted (DIM_GAMMA), its table's colours its own; new outlines only
        lifted = _lifted(small)
        if lift_cols is None:
            lift_cols = tuple(_table_colours(lifted))
        cands, lift_plain = _propose_again(cands, lifted, params, len_px, lift_cols, context is None,
                                           lift_plain, plain_table)
    rects = _select(cands, len_px, gray_small)
    clean_ids = set(getattr(_LOCAL, "clean", ()))
    bar_ids = set(getattr(_LOCAL, "bar_cut", ()))
    check_ids = set(getattr(_LOCAL, "check_rects", ()))
    pat_ids = set(getattr(_LOCAL, "pat_rects", ()))
    pale_ids = set(getattr(_LOCAL, "pale_rects", ()))
    edge_ids = set(getattr(_LOCAL, "edge_rects", ()))
    open_ids = set(getattr(_LOCAL, "open_rects", ()))
    narrow_ids = set(getattr(_LOCAL, "narrow", ()))
    loose_ids = set(getattr(_LOCAL, "loose", ()))
    short_ids = set(getattr(_LOCAL, "short", ()))
    loose_short = set(getattr(_LOCAL, "loose_short", ()))
    short_notched = set(getattr(_LOCAL, "short_notched", ()))
    pattern = getattr(_LOCAL, "pattern", None)
    typ = len_px or (context.tile_len * s if context and context.tile_len else None) or (
        float(np.median([_rect_dims(r)[0] for r in rects])) if rects else 40.0)
    hand_mask, hand_polys = _hands(small, typ, rects, hsv_small, planes_small)
    aspect_hint = params.aspect()
    raw: list[tuple[np.ndarray, _Read, bool]] = []
    gray_full = _GrayOnDemand(image_bgr)  # _refine converts only what it samples
    frame_poly = np.float32([[0, 0], [W, 0], [W, H], [0, H]]).reshape(-1, 1, 2)
    # the ways of splitting groups of touching tiles that wait to be read (see _select);
    # a piece over a rectangle found for sure is left out
    groups = getattr(_LOCAL, "tentative", [])
    r_pts = np.array([r[0] for r in rects], np.float64).reshape(-1, 2)
    groups = [[[p for p in alt if not (rects and _in_any(p[0], rects)) and not _any_inside(p, r_pts)]
               for alt in g] for g in groups]
    tent_ids = {id(p) for g in groups for alt in g for p in alt}
    pair_ids = {id(p) for g in groups for alt in g if len(alt) == 2 for p in alt}  # (see _mid_run)
    sure_ids = {id(p) for g in getattr(_LOCAL, "sure_split", []) for p in g}
    sure_read: dict[int, int] = {}  # the pieces of splits taken as sure: where in raw
    plain_backs: list[tuple] = []  # plain backs on their own outline (not re-cut by colour)
    back_groups: list[list] = []  # groups dropped whose ways are all of plain backs (_back_rows)
    tent_read: dict[int, tuple] = {}
    loose_unpainted: list[tuple] = []  # loose faces whole but for their red (see below)

    def read_one(rect) -> None:
        """Read one outline (a rectangle selected or a piece of a group's way) and file
        the reading: in ``raw``, among the plain backs, the loose faces or the pieces."""
        c0 = _order_corners(rect) / s
        if float(np.linalg.norm(c0[1] - c0[0])) < MIN_TILE_FRAC * frame_long:
            return  # smaller than any tile a table camera sees
        rd = first = None  # (first: the proposal's own reading, when not whole)
        reseg = refined = None  # each outline of this tile is computed at most once
        piece = id(rect) in tent_ids or id(rect) in sure_ids  # of a split group: read for seams too
        if id(rect) in clean_ids:
            # a clean rectangle already: if it reads face up, no re-cut is needed
            rd = _read_tile(image_bgr, c0, style, aspect_hint)
            if rd is not None and rd.face != "up":
                rd = None
        else:
            # any other outline is read as it is first too: a reading that is whole and
            # consistent needs no re-cut (which costs more than a reading); otherwise re-cut
            # (an outline fitted to a checked cloth is judged by its proportions below: read
            # trimmed, its rim taken for no seam, it would be dropped, not re-cut)
            rd = _read_tile(image_bgr, c0, style, aspect_hint, rim_ok=id(rect) not in check_ids)
            # (an outline freed by an opening is re-cut even so: it takes in the tile's side
            # and shadow, which may reach over a neighbour's pips — scene3d 20920)
            if rd is not None and (not _reads_whole(rd) or id(rect) in open_ids):
                first, rd = rd, None
        if rd is not None:
            corners, recut = c0, True
        else:
            corners = reseg = _resegment(image_bgr, c0)
            recut = corners is not c0
        if not recut:  # not re-cut by colour: snap the sides to edges instead
            corners = refined = _refine(gray_full, c0)
        # occluded: a hand touches the tile's outline
        occ = False
        if hand_polys:
            box = cv2.boxPoints(rect)
            (cx, cy), (rw, rh), ang = rect
            grown = cv2.boxPoints(((cx, cy), (rw + 6, rh + 6), ang)).astype(np.int32)
            x0, y0 = np.maximum(grown.min(axis=0), 0)
            x1, y1 = grown.max(axis=0) + 1
            roi = hand_mask[y0:y1, x0:x1]
            if roi.size and roi.any():
                pm = np.zeros(roi.shape, np.uint8)
                cv2.fillConvexPoly(pm, grown - [x0, y0], 1)
                cv2.fillConvexPoly(pm, box.astype(np.int32) - [x0, y0], 0)
                touch = float((roi[pm > 0] > 0).sum()) / max(1, int(pm.sum()))
                occ = touch > 0.04
        if rd is None:
            rd = _read_tile(image_bgr, corners, style, aspect_hint, seams=piece)
            if corners is refined and _refine_lost_pips(first, rd) and float(np.linalg.norm(
                    refined[1] - refined[0])) < REFINE_SHORTER * float(np.linalg.norm(c0[1] - c0[0])):
                rd, corners = first, c0
        if rd is not None and rd.cut_pip:
            # the outline cuts through a pip: try the other outlines of this tile (the
            # proposal's own, snapped to edges, re-cut by colour, a little wider) and take
            # the first that holds every pip whole; if none does, the reading stays unsure.
            # (A piece of a group too: its way is still judged by all its pieces' readings.)
            tried = [corners]
            if refined is None:
                refined = _refine(gray_full, c0)
            if reseg is None:
                reseg = _resegment(image_bgr, c0)
            for alt in (c0, refined, reseg, _widen(c0, 1.12)):
                if any(np.allclose(alt, t, atol=1.5) for t in tried):
                    continue
                tried.append(alt)
                rd2 = _read_tile(image_bgr, alt, style, aspect_hint, seams=piece)
                if rd2 is not None and not rd2.cut_pip:
                    rd, corners = rd2, alt
                    break
            else:
                if piece and PIECE_SHIFT:
                    # (a piece of a group cut where the group's outline, widened by the row's
                    # side or shadow, put it: moved across a little either way, the reading
                    # that holds every pip whole and most pips taken)
                    v = (c0[2] - c0[1]) * PIECE_SHIFT
                    best = None
                    for alt in (c0 + v, c0 - v):
                        rd2 = _read_tile(image_bgr, alt, style, aspect_hint, seams=piece)
                        if rd2 is not None and not rd2.cut_pip and rd2.face == "up":
                            key = (_reads_whole(rd2), rd2.n_pips)
                            if best is None or key > best[0]:
                                best = (key, rd2, alt)
                    if best is not None:
                        rd, corners = best[1], best[2]
        if rd is not None and rd.face == "up" and not rd.cut_pip and (
                max(rd.halves) > 6 if not piece else _name_and_confidence(rd, True)[2] < UNCERTAIN_BELOW):
            # a piece of a group whose end may lie over the cloth: trimmed, it may read; and
            # a tile read alone with more pips in a half than any tile has (spots of the
            # cloth beyond its end taken for pips)
            trimmed = _read_trimmed(image_bgr, corners, rd, style, aspect_hint)
            if trimmed is not None:
                rd, corners = trimmed
        if rd is not None and rd.face == "up" and not piece and not rd.cut_pip and not _reads_whole(rd) and \
                _name_and_confidence(rd, True)[2] < UNCERTAIN_BELOW:
            # a tile alone read unsure: its other outlines (the proposal's own, snapped to
            # edges, re-cut by colour), the first that reads whole taken — none much shorter
            # (ALT_OUTLINE_SHORT: a 5 cut off reads a whole 3; 23376: a 5-1 read 5-2 re-cut)
            longest = max(float(np.linalg.norm(c0[1] - c0[0])), float(np.linalg.norm(corners[1] - corners[0])))
            for alt in (c0, refined if refined is not None else _refine(gray_full, c0),
                        reseg if reseg is not None else _resegment(image_bgr, c0)):
                if np.allclose(alt, corners, atol=1.5) or \
                        float(np.linalg.norm(alt[1] - alt[0])) < ALT_OUTLINE_SHORT * longest:
                    continue
                rd2 = _read_tile(image_bgr, alt, style, aspect_hint)
                if rd2 is not None and _reads_whole(rd2):
                    rd, corners = rd2, alt
                    break
        if BLANK_RETRY_CONF and rd is not None and rd.face == "up" and not piece and not rd.has_bar and \
                not rd.cut_pip and rd.halves[1] == 0 < rd.halves[0] <= 6:
            # a tile alone with a blank half and no bar (no Chinese tile has one): read again
            # untrimmed (a band along its edge taken for its side may hold a pip) and with
            # each polarity (its side, lighter than a black body, turned the polarity and a
            # speck was its one pip: 24572's red 1-1, 24585's 5-5 and 24704's 6-5 read 1-0);
            # the first reading that names a tile with more pips, in die layouts, sure enough
            # (BLANK_RETRY_CONF: 24179's 3-1 and 24001's 2-1, read untrimmed at 0.85, are not)
            # — and then with either end pushed out by BLANK_EXTEND of its length, no longer
            # than BLANK_EXTEND_MAX tiles: an outline stopped short of a 2 set at a Chinese
            # tile's very end reads its 1 alone (24765's, 24897's 2-1 read 1-0)
            tries = [(corners, kw, None) for kw in ({"trim": False}, {"dark_pips": True}, {"dark_pips": False})]
            if BLANK_EXTEND and typ and rd.body_lab is not None:
                for end in (0, 1):
                    alt = _trim_end(corners, end, -BLANK_EXTEND)
                    # (where the tile goes on: the strip so added is its body — pushed out over
                    # the cloth, the outline of a 3-1 shifted across, its 3 a column along the
                    # edge, read 2-1, 960115)
                    if float(np.linalg.norm(alt[1] - alt[0])) <= BLANK_EXTEND_MAX * typ / s and \
                            _body_share(image_bgr, _end_strip(alt, corners, end), rd.body_lab) > TRIM_BODY:
                        tries.append((alt, {}, end))
            for alt, kw, end in tries:
                rd2 = _read_tile(image_bgr, alt, style, aspect_hint, **kw)
                if BLANK_RETRY_SPOTS and end is None and rd.red >= 1 and rd2 is not None and \
                        rd2.face == "down" and rd2.spots_back and not rd2.cut_pip and rd2.quality >= 1.0:
                    # (or a spotted back's spots, read with the other polarity, where the
                    # first reading counted a red spot — the back's middle one: 32776's brown
                    # back, its white end spots dark on the light body's lit side, read 1-0;
                    # 32284's 2-1 read 2-0, no red counted, its 2 a diagonal pair, would be
                    # a back at 0.95)
                    rd = rd2
                    break
                if rd2 is not None and rd2.face == "up" and not rd2.cut_pip and rd2.n_pips > rd.n_pips and \
                        1 <= rd2.halves[1] <= rd2.halves[0] <= 6 and rd2.layout_ok and \
                        _name_and_confidence(rd2, True)[2] >= BLANK_RETRY_CONF:
                    if end is not None:
                        # (and pushed out by BLANK_BEYOND more, it reads no more pips: 31578's
                        # 6-2, its outline stopped after the 6's first row, read 2-2 at 0.97)
                        rd3 = _read_tile(image_bgr, _trim_end(corners, end, -BLANK_EXTEND - BLANK_BEYOND), style,
                                         aspect_hint)
                        if rd3 is not None and rd3.face == "up" and rd3.n_pips > rd2.n_pips:
                            continue
                    rd, corners = rd2, alt
                    break
        if rd is not None and id(rect) in bar_ids and not rd.has_bar and rd.face == "up" and not piece and \
                _reads_whole(rd):
            # (cut between bars found along the row, and read whole: a bar grey on black, too
            # faint to be read as one, still shows as a line across the middle that stops
            # short of the edges — read again for such lines, scene3d 25850)
            rd_s = _read_tile(image_bgr, corners, style, aspect_hint, seams=True)
            if rd_s is not None and not rd_s.seam_along:
                rd = _faint_bar(replace(rd, mid_run=rd_s.mid_run), True)
        if rd is None or (id(rect) in bar_ids and not rd.has_bar and not (
                BAR_CUT_BACKS and rd.face == "down" and not rd.spots_back)):
            # nothing readable; or a cut between divider bars with no bar in the piece — but
            # a plain back, which has none, is judged as plain backs are, by a face read
            # whole beside it (_backs_in_rows: 32003's black back end to end with a 5-4)
            return
        if id(rect) in check_ids:
            # fitted to a model of a checked cloth: where the tile's end lies on a cell of its
            # own colour the rectangle may stop short of it, and a part of a tile reads as a
            # tile: it must have a whole tile's proportions (a Chinese tile's without a bar)
            lo_c = float(np.linalg.norm(corners[1] - corners[0]))
            sh_c = float(np.linalg.norm(corners[2] - corners[1]))
            if lo_c < (1.8 if rd.has_bar else 2.2) * sh_c:
                return
        if id(rect) in pale_ids and rd.face == "up" and not _reads_whole(rd, PALE_MIN_PIPS):
            if EDGE_UNPAINTED and _waits_unpainted(rd, PALE_MIN_PIPS, piece, occ, pattern):
                loose_unpainted.append((corners, rd, occ))
            return  # (seen only as paler than the table: must read whole — PALE_MIN_PIPS)
        if id(rect) in edge_ids and rd.face == "up" and not _reads_whole(rd, EDGE_MIN_PIPS) and not (
                EDGE_RUN_PIPS and rd.n_pips >= EDGE_RUN_PIPS and rd.quality >= EDGE_RUN_Q and
                _reads_whole(replace(rd, quality=1.0), EDGE_MIN_PIPS)):
            if EDGE_UNPAINTED and _waits_unpainted(rd, EDGE_MIN_PIPS, piece, occ, pattern):
                loose_unpainted.append((corners, rd, occ))
            return  # (seen only by its edges, or a piece of a group so seen: EDGE_MIN_PIPS)
        if id(rect) in open_ids:
            # freed of a cloth by an opening: a face read whole or a spotted back, and it
            # judges nothing for the frame (see OPEN_SIZE, OPEN_MIN_PIPS)
            if not (_reads_whole(rd, OPEN_MIN_PIPS) or (rd.face == "down" and rd.spots_back)):
                return
            rd = replace(rd, aside=True)
        if id(rect) in pat_ids:
            if _aspect(corners) < PAT_ASPECT:
                # seen only against a repeating pattern, its outline took the tile's shadow in
                # across (a 3-1 read 2-1; a 3-3 whose trimmed face stopped short of a pip read
                # a whole 3-2): it must have a tile's proportions
                return
            rd = replace(rd, aside=True, patterned=True)  # (its length, with a shadow, is not the tiles')
        if id(rect) in short_ids:
            # a face foreshortened along its length: face up only (read as a back — an
            # overexposed face whose pips barely show —, it has nothing to tell it from a
            # patch of that shape); marked, so that it judges nothing for the frame
            if rd.face != "up" or (id(rect) in short_notched and not _reads_whole(rd, 0)):
                if SHORT_BACKS and id(rect) not in short_notched and _rest_back(rd, occ, table_cols):
                    plain_backs.append((corners, rd, occ))  # (judged below, as a loose face's back)
                return  # (notched by pips: it must read whole, as a loose face must)
            rd = replace(rd, aside=True)
        if id(rect) in loose_short and rd.face != "up":
            return  # (a loose outline shorter than 0.85 of a tile: a face only — 26319's checked cloth)
        if id(rect) in narrow_ids and (id(rect) in loose_ids or float(np.linalg.norm(
                corners[1] - corners[0])) > NARROW_READ * float(np.linalg.norm(corners[2] - corners[1]))) and \
                not _reads_whole(rd, 0) and not (
                rd.face == "down" and rd.spots_back and 1.8 <= _aspect(corners) <= 3.0):
            # a narrow face still narrow after its re-cut must read whole and consistent
            # (an outline run on over a cell of a checked cloth of the tile's own colour
            # reads the cell as part of a half); a back, its spots on an outline of a tile's
            # proportions.  A loose face whole but for its red pips waits for the frame's
            # evidence: in an unpainted set it is whole (below)
            if id(rect) in loose_ids and _waits_unpainted(rd, 0, piece, occ, pattern):
                loose_unpainted.append((corners, rd, occ))
            if REST_BACKS and id(rect) in loose_ids and _rest_back(rd, occ, table_cols):
                plain_backs.append((corners, rd, occ))  # (judged below: in a row, paired or alone)
            return
        if pattern is not None:
            # no tile holds the cloth's coloured cells: an outline that does holds a piece of
            # the cloth, which reads as pips (a red check as a red pip)
            ctr_w = corners.mean(axis=0) * s
            ax = (corners[1] - corners[0]) * s
            r_w = ((float(ctr_w[0]), float(ctr_w[1])), (float(np.linalg.norm(ax)),
                   float(np.linalg.norm(corners[2] - corners[1]) * s)), math.degrees(math.atan2(ax[1], ax[0])))
            if _pattern_inside([r_w], pattern)[0] >= 3:
                return
        if occ and _hand_beside(image_bgr, corners, rd, typ / s):
            occ = False
        # a tile running out of the frame is partly hidden: reported, not guessed
        if corners[:, 0].min() < 0 or corners[:, 1].min() < 0 or corners[:, 0].max() > W or \
                corners[:, 1].max() > H:
            quad = corners.astype(np.float32).reshape(-1, 1, 2)
            inter, _ = cv2.intersectConvexConvex(quad, frame_poly)
            if inter < 0.97 * cv2.contourArea(quad):
                occ = True
        if rd.face == "down" and not rd.spots_back and not recut and id(rect) not in tent_ids:
            # a plain back is a uniform patch whose own colour outline is a tile (or a piece
            # of a split taken for its seams: squares of a checked cloth split the same way);
            # kept if it lies in a row with a tile read whole (_backs_in_rows).  A piece of a
            # group read every way stands as it is: its neighbours' readings decide the way.
            plain_backs.append((corners, rd, occ))
            return
        if rd.high is not None and id(rect) not in tent_ids:
            # (not a way to be judged among others: read as a tile on its own is)
            rd = _higher(replace(rd, high=None), rd.high)
        if id(rect) in tent_ids:
            if rd.face == "up" and not rd.mid_run and id(rect) in pair_ids:
                # (read whole at once, not looked at for seams: the line across its middle —
                # only that is taken, so not read at the higher level too)
                rd_s = _read_lines(image_bgr, corners, style, aspect_hint)
                if rd_s is not None:
                    rd = replace(rd, mid_run=rd_s.mid_run)
            tent_read[id(rect)] = (corners, rd, occ)
            return
        if id(rect) in sure_ids:
            sure_read[id(rect)] = len(raw)
        raw.append((corners, rd, occ))
    # the pieces of ways read only when no other way of their group reads clean are read
    # then (_resolve_groups asks for them); every other outline now
    second = getattr(_LOCAL, "second_ways", set())
    first_ids = {id(p) for g in groups for alt in g if not _second_way(alt, second) for p in alt}
    done: set[int] = set()

    def read_later(pieces: list) -> None:
        for p in pieces:
            if id(p) not in done:
                done.add(id(p))
                read_one(p)

    for rect in rects + [p for g in groups for alt in g for p in alt]:
        if id(rect) in second and id(rect) not in first_ids:
            continue
        done.add(id(rect))
        read_one(rect)
    if sure_read:
        # a split taken for its seams, one of whose pieces shows it is wrong: that piece
        # dropped, and every other that does not read whole (SURE_KEEP_WHOLE; else all)
        drop = set()
        west = _bars_judged(raw, style)

        def wrong_piece(i: int, row: bool) -> bool:
            c, rd, _o = raw[i]
            if row and SURE_FAINT_BAR:
                # (a line across the middle that stops short of the edges, in a row of three
                # or more: a faint bar, as in a group's ways — scene3d 26166)
                rd = _faint_bar(rd, west)
            if not _wrong_split(rd, west, strict=False):
                return False
            if not (west and rd.face == "up" and not rd.has_bar and not rd.seam_along and not rd.mid_run):
                return True
            # (no bar seen on a piece read whole at once, not looked at for seams: the line
            # at its middle, read so, may be a bar too faint to be read as one — _faint_bar,
            # as in a group's ways; scene3d 22514, a 6-6 beside a 2-2)
            rd_s = _read_lines(image_bgr, c, style, aspect_hint)
            return rd_s is None or rd_s.seam_along or not _faint_bar(replace(rd, mid_run=rd_s.mid_run), west).has_bar

        for g in getattr(_LOCAL, "sure_split", []):
            idx = [sure_read[id(p)] for p in g if id(p) in sure_read]
            bad = [i for i in idx if wrong_piece(i, len(g) > 2)]
            if bad:
                drop.update(i for i in idx if not SURE_KEEP_WHOLE or i in bad or not _reads_whole(raw[i][1]))
        # (and a piece lying much over a tile read on its own outline: part of it and of
        # its neighbour, the rest of the split over tiles found)
        sure_idx = set(sure_read.values())
        own = [raw[i][0].astype(np.float32).reshape(-1, 1, 2) for i in range(len(raw)) if i not in sure_idx]
        for i in sure_idx - drop:
            if _mostly_over(raw[i][0], own):
                drop.add(i)
        raw = [r for i, r in enumerate(raw) if i not in drop]
        # (a sure split of odd pieces all dropped: its other ways read as a group —
        # SURE_ODD_ASPECT)
        for g, ways in getattr(_LOCAL, "sure_alts", []):
            if all(id(p) not in sure_read or sure_read[id(p)] in drop for p in g):
                g_ids = {id(p) for p in g}
                others = np.array([r[0] for r in rects if id(r) not in g_ids], np.float64).reshape(-1, 2)
                ways = [[p for p in alt if not _any_inside(p, others)] for alt in ways]
                ways = [alt for alt in ways if alt]
                if ways:
                    tent_ids.update(id(p) for alt in ways for p in alt)
                    for alt in ways:
                        read_later(alt)
                    groups.append(ways)
    if groups:
        # (a piece lying much over a tile read already is part of it and its neighbour; one
        # lying over half of a piece taken from a group is the same tile read in another
        # group — groups may share a piece. Shrunk a little: OpenCV's intersection of two
        # pieces with a side in common, neighbours in one group, may come out as all of one)
        polys = [c.astype(np.float32).reshape(-1, 1, 2) for c, _, _ in raw]
        from_groups: list[np.ndarray] = []  # (the pieces taken, shrunk)
        # (a frame whose tiles read alone show an unpainted set — _painted_evidence: their 1s
        # and 4s show no red —: with red asked for, no piece with a 1 or a 4 reads whole,
        # nor do enough faces to judge the frame's bars, and a row of four with a 5-1 in it
        # was dropped, 18577)
        try:
            resolved = _resolve_groups(groups, tent_read, raw, style, second,
                                       unpainted=_painted_evidence(raw) is False, read_more=read_later,
                                       backs_out=back_groups)
        finally:
            _LOCAL.unpainted = False
        for c, rd, o in resolved:
            if not _mostly_over(c, polys):
                ctr_ = c.mean(axis=0)
                shrunk = ctr_ + 0.9 * (c - ctr_)
                if not _mostly_over(shrunk, from_groups, 0.5):
                    raw.append((c, rd, o))
                    from_groups.append(shrunk.astype(np.float32).reshape(-1, 1, 2))
    # the length of a tile where it lies (a tilted camera sees near tiles larger), from the
    # tiles read face up: the backs added or dropped below leave it as it is
    # (too few faces read whole for a fit of their own — the median would stand for all —:
    # the fit of the proposals with spots, made for the splits (_select).  23462's backs
    # near a tilted camera were half as long again as the four faces' median, most far)
    sel_at = getattr(_LOCAL, "size_at", None)
    length_at = _length_model(raw, None if sel_at is None else
                              lambda p: sel_at((float(p[0]) * s, float(p[1]) * s)) / s)
    if back_groups:
        raw.extend(_back_rows(back_groups, raw, gray_small, length_at, image_bgr, s))
    if plain_backs:
        kept = _backs_in_rows(plain_backs, raw)
        raw.extend(kept)
        rest = [b for b in plain_backs if not any(b is k for k in kept)]
        paired = _back_pairs(rest, raw, length_at)
        raw.extend(paired)
        if pattern is None:
            raw.extend(_lone_backs([b for b in rest if not any(b is k for k in paired)], raw, length_at, (W, H),
                                   table_cols))
    # (every colour of a striped cloth: a stripe between two tiles is a plain 2:1 patch; a
    # crop has only the frame's colours of the masks)
    raw = _drop_table_backs(raw, table_cols if context else _colours_of(bins, BACK_TABLE_SHARE, 5),
                            None if context else bins, float(W * H), image_bgr)
    # sizes: backs and blank rectangles are checked against the tiles whose pips were read
    ups = [np.linalg.norm(c[1] - c[0]) for c, rd, occ in raw if rd.face == "up" and rd.n_pips >= 2 and not occ
           and not rd.aside]
    ctx_len = context.tile_len if context else None
    if len(ups) >= 2 or (ups and params.tile_length_px) or ctx_len:
        ref = params.tile_length_px or (float(np.median(ups)) if len(ups) >= (3 if ctx_len else 2) else ctx_len)
        ref_at = length_at if not params.tile_length_px and not ctx_len else None
        # a back has nothing but its size to tell it from a phone or a card: a tighter range
        # (against the median, or tighter still against the size expected where it lies)
        kept = []
        face_polys = [c.astype(np.float32).reshape(-1, 1, 2) for c, rd, _ in raw if rd.face == "up"]

        def long_back(c: np.ndarray) -> bool:
            # (over 1.15: lying wholly in the frame, its ends half a width on too — a card the
            # frame cuts, 970022 —, and over no face read — 25695's outline over the ends of a
            # 6-1 and a 4-2 side by side and their shadow, read as a back)
            return _corners_in_frame(c, W, H) and c.min() >= 2 and c[:, 0].max() <= W - 3 and \
                c[:, 1].max() <= H - 3 and not _mostly_over(c, face_polys, 0.15)

        for c, rd, occ in raw:
            r_ = ref_at(c.mean(axis=0)) if ref_at else ref
            lo_ = float(np.linalg.norm(c[1] - c[0]))
            if 0.68 * r_ <= lo_ <= 1.45 * r_ and (rd.face == "up" or lo_ <= 1.22 * ref or lo_ <= 1.15 * r_ or (
                    lo_ <= BACK_LONGEST * r_ and long_back(c))):
                kept.append((c, rd, occ))
        raw = kept
    # is red information usable?  (an unpainted Western set shows no red pips at all)
    any_red = any(rd.red > 0 for _, rd, _ in raw if rd.face == "up" and not rd.aside)
    up_len = float(np.median(ups)) if ups else ctx_len
    eff_style = style
    if style == "auto" and context and context.style:
        eff_style = context.style  # a crop: the whole frame decided
    elif style == "auto":
        bars = sum(1 for _, rd, _ in raw if rd.has_bar and not rd.aside)
        n_up = sum(1 for _, rd, _ in raw if rd.face == "up" and not rd.aside)
        eff_style = "western" if (n_up and bars >= 0.5 * n_up) or _faint_bars(raw, "auto") else "chinese"
    painted = _painted_evidence(raw)
    if painted is None:
        painted = any_red or eff_style == "chinese"
    red_reliable = painted or params.red_pip_bgr is not None or bool(context and context.red_reliable)
    if not red_reliable and loose_unpainted:
        # a frame of an unpainted set: its loose faces that read whole but for their red
        # pips are whole (four of a Western set with blue pips on grey dotted paper, 22787,
        # were dropped for want of red)
        polys = [c.astype(np.float32).reshape(-1, 1, 2) for c, _, _ in raw]
        raw.extend(t for t in loose_unpainted if not _mostly_over(t[0], polys))
    if up_len is not None and len(raw) >= 2:
        raw.extend(_pip_fallback(image_bgr, small, gray_small, s, raw, style, aspect_hint, red_reliable, hand_mask,
                                 planes_small))
    if eff_style == "western" and style == "auto" and not (context and context.style):
        # faces of a Western frame read with no bar and not whole (for want of a name, not
        # made unsure for their outline or their group): read again as Western — a spinner
        # on a bar too faint to see was counted as a pip; kept if that one pip less reads whole
        for i, (c, rd, o) in enumerate(raw):
            if rd.face == "up" and not rd.has_bar and not o and rd.quality >= 1.0 and not _reads_whole(rd):
                rd2 = _read_tile(image_bgr, c, "western", aspect_hint)
                if rd2 is not None and rd2.face == "up" and rd2.n_pips == rd.n_pips - 1 and (_reads_whole(rd2) or (
                        WEST_REREAD_SURE and rd2.layout_ok and
                        _name_and_confidence(rd2, red_reliable)[2] >= UNCERTAIN_BELOW >
                        _name_and_confidence(rd, red_reliable)[2])):
                    # (or sure, though its red count is off, where the first reading is not:
                    # 31913's 4-2 on a black body, its spinner a pip — 4-3 at 0.51 — two of
                    # its red 4's pips not red)
                    raw[i] = (c, rd2, o)
    raw = _specked_backs(raw)
    if OPEN_BACKS:
        raw = _open_backs(image_bgr, raw)
    if red_reliable:
        raw = _rank_all_red(raw)
    readings: list[TileReading] = []
    for corners, rd, occ in raw:
        pips, name, conf = _name_and_confidence(rd, red_reliable)
        if rd.face == "down" and not rd.spots_back and conf > FRAMED_CONF and not _vivid(rd.body_lab) and \
                _framed(image_bgr, corners):
            conf = min(conf, FRAMED_CONF)  # a plain "back" in a frame: a phone, a card case
        if rd.patterned and rd.face == "up" and not _reads_whole(rd, 0):
            conf = min(conf, PAT_UNSURE)  # (its outline may hold a shadow: pips gained, lost)
        if eff_style == "chinese" and rd.has_bar:
            conf *= 0.8
        if eff_style == "chinese" and rd.face == "up" and min(rd.halves) == 0:
            # a blank half among Chinese tiles (which have none): pips missed, not a blank
            conf = min(conf, CHINESE_BLANK_CONF)
        ctr = corners.mean(axis=0)
        if occ:
            readings.append(TileReading(face=rd.face, pips=None, name=None, center=(float(ctr[0]), float(ctr[1])),
                                        corners=tuple((float(x), float(y)) for x, y in corners),
                                        confidence=min(conf, 0.3), uncertain=True, occluded=True,
                                        style=eff_style, red=None))
            continue
        readings.append(TileReading(
            face=rd.face, pips=pips, name=name, center=(float(ctr[0]), float(ctr[1])),
            corners=tuple((float(x), float(y)) for x, y in corners), confidence=float(conf),
            uncertain=conf < UNCERTAIN_BELOW, occluded=False,
            style="western" if rd.has_bar else eff_style, red=rd.red if rd.face == "up" else None,
        ))
    # partly hidden tiles: proposal fragments of tile colour cut off by a hand
    if hand_polys and rects:
        taken = [r for r in rects]
        taken_pts = np.array([r[0] for r in taken], np.float64).reshape(-1, 2)
        body_cols = [rd.body_lab for _, rd, _ in raw if rd.body_lab is not None]
        for c in cands:
            if c.fill < 0.6 or _is_tile_shape(c):
                continue
            lo_, sh_ = _rect_dims(c.rect)
            if c.area < 0.25 * typ * typ / 2.6 or lo_ > 1.3 * typ:
                continue
            # (the cheap test first: most blobs are nowhere near a hand)
            x, y, bw_, bh_ = cv2.boundingRect(c.contour)
            x0, y0 = max(0, x - 4), max(0, y - 4)
            roi = hand_mask[y0 : y + bh_ + 4, x0 : x + bw_ + 4]
            if roi.size == 0 or not roi.any():
                continue
            if _in_any(c.rect[0], taken) or _any_inside(c.rect, taken_pts):
                continue
            # the fragment has the colour of the tiles read in this image
            fm = np.zeros((bh_, bw_), np.uint8)
            cv2.drawContours(fm, [c.contour - np.array([[x, y]], np.int32)], -1, 255, -1)
            # Lab of the fragment's box only (per pixel: the same values as the whole image's)
            lab_box = cv2.cvtColor(small[y : y + bh_, x : x + bw_], cv2.COLOR_BGR2Lab).astype(np.float32)
            col = np.median(lab_box[fm > 0], axis=0)
            if not body_cols or min(float(np.abs(col - b).sum()) for b in body_cols) > 40:
                continue
            taken.append(c.rect)
            taken_pts = np.array([r[0] for r in taken], np.float64)
            corners = _order_corners(c.rect) / s
            ctr = corners.mean(axis=0)
            readings.append(TileReading(face="up", pips=None, name=None, center=(float(ctr[0]), float(ctr[1])),
                                        corners=tuple((float(x_), float(y_)) for x_, y_ in corners),
                                        confidence=0.2, uncertain=True, occluded=True, style=eff_style))
    if context is None if whole is None else whole:
        readings = check_set(readings, params.sets, (W, H))
    occluders = [(p.astype(np.float32) / s) for p in hand_polys]
    ctx = FrameContext(scale=s, frame_long=frame_long, tile_len=up_len, style=eff_style, red_reliable=red_reliable,
                       table_colours=table_cols, plain_table=plain_table, print_op=print_op,
                       print_hat=print_hat,
                       dim=dim, lift_colours=lift_cols, lift_plain=lift_plain)
    return Analysis(readings=readings, occluders=occluders, scale=s, context=ctx)


def recognize(image_bgr: np.ndarray, params: TileSetParams | None = None, style: str = "auto") -> list[TileReading]:
    """Read every tile in ``image_bgr``.  ``style`` ('auto' | 'chinese' | 'western')
    overrides ``params.style`` unless it is 'auto'."""
    return analyze(image_bgr, params, style).readings


def draw_readings(image_bgr: np.ndarray, readings: list[TileReading]) -> np.ndarray:
    """A copy of the image with outlines, names and confidences drawn on."""
    out = image_bgr.copy()
    H, W = out.shape[:2]
    fs = max(0.4, min(W, H) / 1200)
    for r in readings:
        pts = np.round(np.array(r.corners)).astype(np.int32)
        col = (0, 200, 0) if not r.uncertain else ((0, 165, 255) if not r.occluded else (255, 0, 255))
        cv2.polylines(out, [pts], True, col, max(1, int(2 * fs)), cv2.LINE_AA)
        if r.occluded:
            label = "occluded"
        elif r.face == "down":
            label = "back"
        elif r.name:
            label = r.name
        elif r.pips:
            label = f"{r.pips[0]}-{r.pips[1]}*"
        else:
            label = "?"
        label += f" {r.confidence:.2f}"
        org = (int(r.center[0] - 30 * fs), int(r.center[1]))
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, fs, (0, 0, 0), max(2, int(4 * fs)), cv2.LINE_AA)
        cv2.putText(out, label, org, cv2.FONT_HERSHEY_SIMPLEX, fs, (255, 255, 255), max(1, int(1.5 * fs)),
                    cv2.LINE_AA)
    return out
