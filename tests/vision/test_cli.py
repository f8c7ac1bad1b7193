from __future__ import annotations

import json

import cv2
import pytest

from api.cli import main
from vision.scene import Layout, TilePlacement, render_layout


@pytest.fixture(scope="module")
def scene_png(tmp_path_factory):
    d = tmp_path_factory.mktemp("imgs")
    lay = Layout(tiles=(TilePlacement("6-6", "up", (160.0, 180.0), 20.0), TilePlacement("4-1", "up", (420.0, 180.0), 95.0),
                        TilePlacement(None, "down", (300.0, 300.0), 5.0)), tile_length_px=100)
    img, _ = render_layout(lay, 600, 400, seed=21)
    p = d / "table.png"
    cv2.imwrite(str(p), img)
    bad = d / "corrupt.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\nthis is not really a png")
    return p, bad


def test_json_contract_and_corrupt_file_does_not_stop_the_rest(scene_png, capsys):
    good, bad = scene_png
    rc = main(["recognize", "--json", str(bad), str(good), str(good.parent / "missing.png")])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 1  # some files failed
    assert [im["path"] for im in doc["images"]] == [str(bad), str(good), str(good.parent / "missing.png")]
    assert "error" in doc["images"][0] and "corrupt.png" in doc["images"][0]["error"]
    assert "error" in doc["images"][2] and "missing.png" in doc["images"][2]["error"]
    im = doc["images"][1]
    assert (im["width"], im["height"]) == (600, 400) and im["elapsed_ms"] >= 0
    names = sorted((t["name"] or "") for t in im["tiles"])
    assert names == ["", "4-1", "6-6"]
    for t in im["tiles"]:
        assert set(t) == {"face", "pips", "name", "center", "corners", "confidence", "uncertain"}
        assert t["face"] in ("up", "down") and len(t["corners"]) == 4
        assert (t["pips"] is None) == (t["face"] == "down")


def test_table_output_and_annotations(scene_png, tmp_path, capsys):
    good, _ = scene_png
    rc = main(["recognize", "--annotate", str(tmp_path), str(good)])
    out = capsys.readouterr().out
    assert rc == 0 and "6-6" in out and "4-1" in out and "back" in out
    written = list(tmp_path.glob("*.png"))
    assert len(written) == 1
    ann = cv2.imread(str(written[0]))
    assert ann.shape == (400, 600, 3) and (ann != cv2.imread(str(good))).any()


def test_calibration_file_and_errors(scene_png, tmp_path, capsys):
    good, _ = scene_png
    prof = tmp_path / "p.yaml"
    prof.write_text("zones: {}\ntiles: {style: chinese, tile_length_px: 100}\n")
    assert main(["recognize", "--json", "--calibration", str(prof), str(good)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sorted(t["name"] or "" for t in doc["images"][0]["tiles"]) == ["", "4-1", "6-6"]
    prof.write_text("tiles: {style: klingon}\n")
    assert main(["recognize", "--calibration", str(prof), str(good)]) == 2
    err = capsys.readouterr().err
    assert "tiles.style" in err and err.count("\n") == 1


def test_bench_runs_small(tmp_path, capsys):
    plot = tmp_path / "lat.png"
    assert main(["bench", "vision", "--frames", "2", "--size", "640x360", "--plot", str(plot), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["frames"] == 2 and 0.0 <= res["identity_accuracy"] <= 1.0 and res["threads"] == 1
    assert "p50" in res["latency_ms"]["all"]
    assert cv2.imread(str(plot)) is not None
    assert main(["bench", "vision", "--size", "big"]) == 2


def test_bench_photos(scene_png, tmp_path, capsys):
    """``bench vision --photos DIR`` reads a labelled folder as it is and in every variant;
    a folder without labels, or with an unreadable photo, is one clear error."""
    from vision.photobench import VARIANTS

    good, bad = scene_png
    d = tmp_path / "photos"
    d.mkdir()
    (d / "t.png").write_bytes(good.read_bytes())
    labels = {"images": [{"path": "t.png", "width": 600, "height": 400, "tiles": [
        {"pips": [6, 6], "face": "up", "center": [160, 180]}, {"pips": [4, 1], "face": "up", "center": [420, 180]},
        {"pips": None, "face": "down", "center": [300, 300]}]}]}
    (d / "labels.json").write_text(json.dumps(labels))
    assert main(["bench", "vision", "--photos", str(d), "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert set(res["variants"]) == set(VARIANTS)
    assert res["variants"]["as is"]["tiles"] == 3 and res["variants"]["as is"]["right"] == 3
    assert res["tiles"] == 3 * len(VARIANTS)
    assert main(["bench", "vision", "--photos", str(tmp_path)]) == 2
    assert "no labels.json" in capsys.readouterr().err
    (d / "t.png").write_bytes(bad.read_bytes())
    assert main(["bench", "vision", "--photos", str(d)]) == 2
    err = capsys.readouterr().err
    assert "t.png" in err and "cannot decode" in err


def test_photobench_docstring_examples_run():
    import doctest

    import vision.photobench as mod

    res = doctest.testmod(mod)
    assert res.attempted > 0 and res.failed == 0
