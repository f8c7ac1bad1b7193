"""The tile-set part of a calibration profile.

The calibration profile (a YAML file written by ``tiengow calibrate``) carries this model
under its ``tiles:`` key.  Every field is optional: the defaults read the common sets
(black tiles with white and red pips; ivory tiles with black and red pips).

>>> TileSetParams().style
'auto'
>>> TileSetParams.model_validate({'style': 'western', 'tile_length_px': 90}).tile_length_px
90.0
>>> TileSetParams().sets       # one set of 32: two of each civil tile, one of each military
1
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

BGR = tuple[int, int, int]


class TileSetParams(BaseModel):
    """What the recognizer may know in advance about the tile set and the camera."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    style: Literal["auto", "chinese", "western"] = "auto"
    body_bgr: BGR | None = Field(default=None, description="tile body colour (B, G, R)")
    pip_bgr: BGR | None = Field(default=None, description="colour of the ordinary (non-red) pips")
    red_pip_bgr: BGR | None = Field(default=None, description="colour of the red pips")
    tile_mm: tuple[float, float] | None = Field(default=None, description="(width, length) in mm")
    back: Literal["plain", "spots", "auto"] = "auto"
    tile_length_px: float | None = Field(default=None, gt=0, description="expected long side in pixels")
    sets: int = Field(default=1, ge=0, description="sets of 32 tiles on the table: a frame shows no more "
                      "copies of a tile than they hold (0: no such check)")

    def aspect(self) -> float | None:
        """Length / width from ``tile_mm`` when known."""
        if self.tile_mm and self.tile_mm[0] > 0:
            return self.tile_mm[1] / self.tile_mm[0]
        return None


class ProfileError(ValueError):
    """A calibration file that cannot be read as a tile-set profile."""


def load_params(path: str | Path) -> TileSetParams:
    """Read the ``tiles:`` mapping of a YAML calibration profile (other keys are ignored).

    A file without a ``tiles`` key gives the defaults.  Errors name the file and the field.
    """
    import yaml

    p = Path(path)
    try:
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ProfileError(f"{p}: cannot read calibration file ({exc.strerror or exc})") from exc
    except yaml.YAMLError as exc:
        raise ProfileError(f"{p}: not valid YAML ({exc})") from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ProfileError(f"{p}: a calibration profile is a YAML mapping")
    tiles = data.get("tiles") or {}
    if not isinstance(tiles, dict):
        raise ProfileError(f"{p}: 'tiles' must be a mapping of tile-set fields")
    try:
        return TileSetParams.model_validate(tiles)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(x) for x in first.get("loc", ())) or "?"
        raise ProfileError(f"{p}: tiles.{field}: {first.get('msg', 'invalid')}") from exc
