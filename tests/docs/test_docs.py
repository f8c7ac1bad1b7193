"""The documentation stays true to the code: generated tables match, doctests run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from referee.rules import OPTION_DOCS, options_table_markdown

ROOT = Path(__file__).resolve().parents[2]
REFEREE_MODULES = ["tiles", "plays", "rules", "scoring", "decktet", "game", "views", "replay", "judge",
                   "simulate"]


def test_rules_md_has_the_generated_options_table():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start = text.index("<!-- options-table:start -->\n") + len("<!-- options-table:start -->\n")
    end = text.index("<!-- options-table:end -->")
    assert text[start:end] == options_table_markdown(), "run: tiengow rules table, and paste it into docs/rules.md"


def test_every_option_cites_a_source():
    for name, meta in OPTION_DOCS.items():
        assert meta["meaning"] and meta["source"], name


@pytest.mark.parametrize("name", REFEREE_MODULES)
def test_referee_docstring_examples_run(name):
    mod = importlib.import_module(f"referee.{name}")
    res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0


def test_readme_gives_the_two_setup_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text
