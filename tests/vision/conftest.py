from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PHOTOS = REPO.parent / "shared" / "photos"


@pytest.fixture(scope="session")
def photos_dir() -> Path:
    if not (PHOTOS / "labels.json").is_file():
        pytest.skip("../shared/photos is not beside the checkout")
    return PHOTOS


@pytest.fixture(scope="session")
def photo_labels(photos_dir) -> dict:
    return json.loads((photos_dir / "labels.json").read_text())
