"""The calibration profile: one versioned YAML file holding camera, table, zones, tiles, RFID.

Every section is optional (a table is calibrated step by step); ``version`` is required.
Loading validates the whole file and reports the first problems with the field path::

    calibration profile kitchen.yaml: tiles.body_bgr: Tuple should have at most 3 items ...

Saving is atomic (temporary file in the same folder, then ``os.replace``), so a failed or
interrupted calibration never leaves a half-written profile, and a step that raises before
``save_profile`` leaves the stored file byte for byte as it was.

Version history
---------------
* version 1 (never released as a module, but written by early notes and hand-made files):
  flat keys ``camera_matrix``, ``dist_coeffs``, ``image_size``, ``homography``,
  ``table_size_mm``, ``zones`` and ``tile_colors`` (``{body: [b,g,r], pip: …, red: …}``).
* version 2 (current): the nested sections below.  :func:`migrate` turns 1 into 2.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

__all__ = [
    "CURRENT_VERSION",
    "ZONE_NAMES",
    "ProfileError",
    "BoardSpec",
    "CameraSection",
    "TableSection",
    "TileSetParams",
    "RfidSection",
    "Profile",
    "load_profile",
    "load_or_new",
    "save_profile",
    "parse_profile",
    "migrate",
]

CURRENT_VERSION = 2
ZONE_NAMES: tuple[str, ...] = tuple(
    [f"seat{i}.play" for i in range(4)] + [f"seat{i}.pile" for i in range(4)] + ["centre"]
)


class ProfileError(ValueError):
    """A calibration profile that cannot be read; the message names the file and field."""


Byte = Annotated[int, Field(ge=0, le=255)]
BGR = tuple[Byte, Byte, Byte]

# --- the tiles section --------------------------------------------------------------------
# The vision engineer owns ``vision.params.TileSetParams``; we embed it when it exists and
# otherwise use an identical local model (same fields, same defaults).
try:  # pragma: no cover - depends on the state of vision/
    from vision.params import TileSetParams  # type: ignore[assignment]

    TILESET_SOURCE = "vision.params"
except ImportError:  # vision/params.py not there yet

    class TileSetParams(BaseModel):  # type: ignore[no-redef]
        """What a tile set looks like (local copy of ``vision.params.TileSetParams``)."""

        model_config = ConfigDict(extra="forbid")

        style: Literal["auto", "chinese", "western"] = "auto"
        body_bgr: BGR | None = None
        pip_bgr: BGR | None = None
        red_pip_bgr: BGR | None = None
        tile_mm: tuple[float, float] | None = None  # (width, length)
        back: Literal["plain", "spots", "auto"] = "auto"
        tile_length_px: float | None = None
        sets: int = Field(default=1, ge=0)

    TILESET_SOURCE = "calibration.profile"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Matrix3 = tuple[
    tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]
]


class BoardSpec(_Strict):
    """A ChArUco board: squares across and down, sizes in millimetres, ArUco dictionary."""

    squares_x: int = Field(8, ge=3, le=30)
    squares_y: int = Field(6, ge=3, le=30)
    square_mm: float = Field(30.0, gt=0)
    marker_mm: float = Field(22.0, gt=0)
    dictionary: str = "DICT_5X5_100"

    @model_validator(mode="after")
    def _marker_fits(self) -> BoardSpec:
        if self.marker_mm >= self.square_mm:
            raise ValueError("marker_mm must be smaller than square_mm")
        return self

    @field_validator("dictionary")
    @classmethod
    def _known_dict(cls, v: str) -> str:
        if not v.startswith("DICT_"):
            raise ValueError(f"{v!r} is not an ArUco dictionary name like 'DICT_5X5_100'")
        return v


class CameraSection(_Strict):
    """Intrinsics from ChArUco views.  ``dist`` is OpenCV's (k1, k2, p1, p2, k3[, …])."""

    image_size: tuple[int, int]  # (width, height) in pixels
    matrix: Matrix3
    dist: list[float] = Field(min_length=4, max_length=14)
    reprojection_error: float = Field(ge=0)  # RMS, pixels
    views: int = Field(0, ge=0)
    board: BoardSpec = Field(default_factory=BoardSpec)

    @field_validator("matrix")
    @classmethod
    def _camera_matrix(cls, m: Matrix3) -> Matrix3:
        if m[0][0] <= 0 or m[1][1] <= 0 or tuple(m[2]) != (0.0, 0.0, 1.0):
            raise ValueError("not a camera matrix: need fx > 0, fy > 0 and last row [0, 0, 1]")
        return m


class TableSection(_Strict):
    """Camera → table plane.  ``homography`` maps image pixels to table millimetres; the
    pixels are undistorted ones when ``undistorted`` is true (camera section present when
    the table was calibrated), raw pixels otherwise."""

    homography: Matrix3
    undistorted: bool = False
    image_size: tuple[int, int]
    size_mm: tuple[float, float] = (900.0, 900.0)  # (width along x, depth along y)
    marker_dictionary: str = "DICT_4X4_50"
    marker_mm: float = Field(60.0, gt=0)
    markers: dict[int, tuple[float, float]]  # id -> marker centre, table mm
    rotations: dict[int, int] = Field(default_factory=dict)  # id -> quarter turns as laid
    error_mm: float = Field(0.0, ge=0)  # RMS residual of the marker corners, mm

    @model_validator(mode="after")
    def _check(self) -> TableSection:
        if len(self.markers) < 3:
            raise ValueError("markers: need the positions of at least 3 markers (4 normally)")
        for k, q in self.rotations.items():
            if q not in (0, 1, 2, 3):
                raise ValueError(f"rotations.{k}: quarter turns must be 0..3, not {q}")
        return self


class RfidSection(_Strict):
    """The RFID tag registry mapping (``rfid.registry.TagRegistry.to_mapping()``): validated
    through ``TagRegistry.from_mapping`` when the rfid package is importable."""

    tags: dict[str, str] = Field(default_factory=dict)  # UID (hex, upper case) -> tile name
    seats: int = Field(4, ge=1, le=8)
    slots_per_seat: int = Field(4, ge=1, le=64)
    zone: str | None = None  # reader zone pattern, e.g. "seat{seat}.play" (rfid's default)
    readers: dict[str, str] | None = None  # "[board:]index" -> "zone:slot" overrides

    @field_validator("tags", mode="before")
    @classmethod
    def _tag_keys(cls, v: Any) -> Any:
        if isinstance(v, dict):
            for k in v:
                if isinstance(k, int):  # YAML reads an unquoted all-digit UID as a number
                    raise ValueError(f"tag UID {k} was read as a number: put UIDs in quotes, like '04112233'")
        return v

    @field_validator("tags")
    @classmethod
    def _tags(cls, v: dict[str, str]) -> dict[str, str]:
        from referee.tiles import SET_COUNTS, Tile, TileError

        out: dict[str, str] = {}
        counts: dict[str, int] = {}
        for uid, name in v.items():
            u = str(uid).strip().upper().replace(":", "")
            if not u or any(c not in "0123456789ABCDEF" for c in u):
                raise ValueError(f"{uid!r} is not a hexadecimal tag UID")
            try:
                t = Tile.parse(name)
            except TileError as exc:
                raise ValueError(f"{uid}: {exc}") from None
            out[u] = t.name
            counts[t.name] = counts.get(t.name, 0) + 1
        for name, n in counts.items():
            allowed = SET_COUNTS[Tile.parse(name)]
            if n > allowed:
                raise ValueError(f"{n} tags are mapped to {name} but a set has only {allowed}")
        return out

    @model_validator(mode="after")
    def _registry(self) -> RfidSection:
        try:
            from rfid.registry import TagRegistry
        except ImportError:
            return self
        try:
            TagRegistry.from_mapping(self.mapping())
        except ValueError as exc:
            raise ValueError(str(exc).removeprefix("rfid.").removeprefix("rfid: ")) from None
        return self

    def mapping(self) -> dict[str, Any]:
        """The plain mapping ``TagRegistry.from_mapping`` takes."""
        return self.model_dump(exclude_none=True)

    def model_dump(self, **kw) -> dict[str, Any]:  # type: ignore[override]
        # unset optional keys (zone, readers) are left out, so the dump is a valid registry mapping
        kw.setdefault("exclude_none", True)
        return super().model_dump(**kw)


Polygon = list[tuple[float, float]]


class Profile(_Strict):
    version: int = CURRENT_VERSION
    camera: CameraSection | None = None
    table: TableSection | None = None
    zones: dict[str, Polygon] | None = None
    tiles: TileSetParams | None = None
    rfid: RfidSection | None = None

    @field_validator("version")
    @classmethod
    def _version(cls, v: int) -> int:
        if v != CURRENT_VERSION:
            raise ValueError(f"version {v} is not {CURRENT_VERSION} (load_profile migrates old files)")
        return v

    @field_validator("tiles")
    @classmethod
    def _tiles(cls, t: TileSetParams | None) -> TileSetParams | None:
        # vision's model takes any int; a colour channel must be a byte
        if t is not None:
            for name in ("body_bgr", "pip_bgr", "red_pip_bgr"):
                v = getattr(t, name)
                if v is not None and not all(0 <= c <= 255 for c in v):
                    raise ValueError(f"@{name}: each of B, G, R must be 0..255, not {list(v)}")
            if t.tile_mm is not None and not all(0 < x < 200 for x in t.tile_mm):
                raise ValueError(f"@tile_mm: (width, length) in millimetres, not {list(t.tile_mm)}")
        return t

    @field_validator("zones")
    @classmethod
    def _zones(cls, z: dict[str, Polygon] | None) -> dict[str, Polygon] | None:
        if z is None:
            return z
        unknown = sorted(set(z) - set(ZONE_NAMES))
        if unknown:
            raise ValueError(f"unknown zone {unknown[0]!r}; zones are {', '.join(ZONE_NAMES)}")
        missing = [n for n in ZONE_NAMES if n not in z]
        if missing:
            raise ValueError(f"missing zone {missing[0]!r}; all of {', '.join(ZONE_NAMES)} are needed")
        for name, poly in z.items():
            if len(poly) < 3:
                raise ValueError(f"{name}: a zone polygon needs at least 3 points")
            if abs(_area(poly)) < 1.0:
                raise ValueError(f"{name}: polygon has no area")
        return {n: z[n] for n in ZONE_NAMES}

    @model_validator(mode="after")
    def _consistent(self) -> Profile:
        t, c = self.table, self.camera
        if t is not None and t.undistorted:
            if c is None:
                raise ValueError("@table.undistorted: true, but there is no camera section to undistort with")
            if tuple(c.image_size) != tuple(t.image_size):
                raise ValueError(f"@table.image_size: {list(t.image_size)} differs from camera.image_size "
                                 f"{list(c.image_size)}; re-run 'tiengow calibrate table'")
        return self

    def to_data(self) -> dict[str, Any]:
        return _plain(self.model_dump(mode="python", exclude_none=True))


def _area(poly: Polygon) -> float:
    s = 0.0
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        s += x1 * y2 - x2 * y1
    return s / 2


def _plain(x: Any) -> Any:
    """Tuples → lists, numpy scalars → Python, so yaml.safe_dump writes clean YAML."""
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    if hasattr(x, "item") and not isinstance(x, str):
        return x.item()
    return x


# --- migration ----------------------------------------------------------------------------


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a loaded YAML mapping to the current version (returns a new dict)."""
    v = data.get("version", 1 if "camera_matrix" in data or "homography" in data else None)
    if v is None:
        raise ValueError("version: missing (a calibration profile starts with 'version: 2')")
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"version: {v!r} is not a whole number")
    if v > CURRENT_VERSION:
        raise ValueError(f"version: {v} is newer than this program understands ({CURRENT_VERSION})")
    if v < 1:
        raise ValueError(f"version: {v} is not a profile version")
    out = dict(data)
    if v == 1:
        out = _v1_to_v2(out)
    return out


_V1_KEYS = {
    "version", "camera_matrix", "dist_coeffs", "image_size", "reprojection_error", "homography",
    "table_size_mm", "marker_ids", "marker_mm", "zones", "tile_colors", "tile_mm", "rfid_tags",
}


def _v1_to_v2(d: dict[str, Any]) -> dict[str, Any]:
    extra = sorted(set(d) - _V1_KEYS)
    if extra:
        raise ValueError(f"{extra[0]}: not a version 1 key")
    out: dict[str, Any] = {"version": 2}
    size = d.get("image_size")
    if "camera_matrix" in d:
        out["camera"] = {
            "image_size": size,
            "matrix": d["camera_matrix"],
            "dist": d.get("dist_coeffs", [0.0, 0.0, 0.0, 0.0, 0.0]),
            "reprojection_error": d.get("reprojection_error", 0.0),
        }
    if "homography" in d:
        w, h = d.get("table_size_mm", (900.0, 900.0))
        ids = d.get("marker_ids", [0, 1, 2, 3])
        m = float(d.get("marker_mm", 60.0))
        inset = m / 2 + 20.0
        corners = [(inset, inset), (w - inset, inset), (w - inset, h - inset), (inset, h - inset)]
        out["table"] = {
            "homography": d["homography"],
            # version 1 homographies were computed on raw pixels
            "undistorted": False,
            "image_size": size,
            "size_mm": [w, h],
            "marker_mm": m,
            "markers": {int(i): list(c) for i, c in zip(ids, corners, strict=False)},
        }
    if "zones" in d:
        out["zones"] = d["zones"]
    if "tile_colors" in d or "tile_mm" in d:
        c = d.get("tile_colors") or {}
        out["tiles"] = {
            "body_bgr": c.get("body"), "pip_bgr": c.get("pip"), "red_pip_bgr": c.get("red"),
            "tile_mm": d.get("tile_mm"),
        }
    if "rfid_tags" in d:
        out["rfid"] = {"tags": d["rfid_tags"]}
    return out


# --- load / save ----------------------------------------------------------------------------


def _format_error(where: str, exc: ValidationError) -> str:
    parts = []
    for e in exc.errors()[:3]:
        loc = ".".join(str(p) for p in e["loc"] if not str(p).startswith(("function-after", "tuple[")))
        msg = e["msg"].removeprefix("Value error, ")
        if msg.startswith("@"):  # "@sub.field: message" from our validators: extend the path
            sub, _, msg = msg[1:].partition(": ")
            loc = f"{loc}.{sub}" if loc else sub
        parts.append(f"{loc}: {msg}" if loc else msg)
    more = len(exc.errors()) - 3
    tail = f" (and {more} more)" if more > 0 else ""
    return f"calibration profile {where}: " + "; ".join(parts) + tail


def parse_profile(data: Any, where: str = "<data>") -> Profile:
    """Validate a mapping (as loaded from YAML), migrating old versions."""
    if not isinstance(data, dict):
        raise ProfileError(f"calibration profile {where}: expected a mapping of sections, got {type(data).__name__}")
    try:
        data = migrate(data)
    except ValueError as exc:
        raise ProfileError(f"calibration profile {where}: {exc}") from None
    try:
        return Profile.model_validate(data)
    except ValidationError as exc:
        raise ProfileError(_format_error(where, exc)) from None


def load_profile(path: str | os.PathLike) -> Profile:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProfileError(f"calibration profile {p}: no such file") from None
    except OSError as exc:
        raise ProfileError(f"calibration profile {p}: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise ProfileError(f"calibration profile {p}: not valid YAML{at}") from None
    return parse_profile(data, str(p.name))


def load_or_new(path: str | os.PathLike) -> Profile:
    """The stored profile, or an empty one if the file does not exist yet."""
    if not Path(path).exists():
        return Profile()
    return load_profile(path)


def save_profile(profile: Profile, path: str | os.PathLike) -> Path:
    """Validate again and write atomically.  Raises :class:`ProfileError` before touching
    the file if the profile is not valid."""
    p = Path(path)
    # round-trip through validation so nothing invalid is ever written
    checked = parse_profile(profile.to_data(), str(p.name))
    text = "# tiengow calibration profile (see docs/calibration.md)\n" + yaml.safe_dump(
        checked.to_data(), sort_keys=False, default_flow_style=None, width=100
    )
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return p
