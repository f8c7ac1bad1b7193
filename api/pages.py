"""The HTML pages: side screen, operator console and the replay viewer's parts.

Pages are self-contained (CSS and JavaScript inlined), so the replay viewer can be saved
as one file and the side screen needs nothing but the WebSocket.
"""

from __future__ import annotations

import functools
import json
from importlib import resources

from referee.tiles import DISTINCT

__all__ = ["screen_page", "console_page", "asset", "tile_names_js"]


def asset(name: str) -> str:
    return resources.files("api").joinpath("static", name).read_text(encoding="utf-8")


def tile_names_js() -> str:
    names = {t.name: [t.english, t.chinese] for t in DISTINCT}
    return "const TILE_NAMES = " + json.dumps(names, ensure_ascii=False) + ";"


def fill(template: str, **parts: str) -> str:
    for key, text in parts.items():
        template = template.replace(f"/*@{key}@*/", text)
    return template


@functools.cache
def screen_page() -> str:
    return fill(asset("screen.html"), CSS=asset("screen.css"), TILES=tile_names_js(), RENDER=asset("render.js"))


@functools.cache
def console_page() -> str:
    return fill(asset("console.html"), CSS=asset("screen.css"), TILES=tile_names_js(), RENDER=asset("render.js"))
