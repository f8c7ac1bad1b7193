from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from table.observations import ZoneObservation
from vision.recognizer import TileReading, analyze
from vision.scene import generate_sequence
from vision.tracker import TileEvent, Tracker

LEFT = [(0, 0), (450, 0), (450, 540), (0, 540)]
RIGHT = [(450, 0), (960, 0), (960, 540), (450, 540)]


def _r(name, x=100.0, y=100.0, face="up", occluded=False, uncertain=False):
    pips = tuple(int(v) for v in name.split("-")) if name else None
    return TileReading(face, pips, name, (x, y), ((x - 40, y - 16), (x + 40, y - 16), (x + 40, y + 16), (x - 40, y + 16)),
                       0.9, uncertain, occluded)


def _events(out):
    return [(e.kind, e.zone, e.tile.name) for e in out if isinstance(e, TileEvent)]


def test_content_reported_only_when_stable():
    tr = Tracker({"seat0.play": LEFT, "centre": RIGHT}, stable_ms=300)
    assert tr.update([_r("6-6")], 0.0) == []
    assert tr.update([_r("6-6")], 0.2) == []
    out = tr.update([_r("6-6")], 0.31)
    obs = [o for o in out if isinstance(o, ZoneObservation)]
    assert len(obs) == 1 and obs[0].zone == "seat0.play" and obs[0].names() == ["6-6"] and obs[0].source == "camera"
    assert _events(out) == [("appeared", "seat0.play", "6-6")]
    assert tr.update([_r("6-6", x=130)], 0.4) == []  # slid within the region: no change


def test_one_frame_dropout_is_not_two_events():
    tr = Tracker({"z": LEFT}, stable_ms=300)
    t = 0.0
    allout = []
    for i in range(30):
        readings = [] if i == 15 else [_r("5-5")]
        allout += tr.update(readings, t)
        t += 1 / 30
    assert _events(allout) == [("appeared", "z", "5-5")]


def test_hand_holds_state_then_turned_event():
    tr = Tracker({"z": LEFT}, stable_ms=300)
    for i in range(12):
        tr.update([_r(None, face="down")], i * 0.05)
    out = tr.update([_r(None, face="down", occluded=True)], 0.7)
    assert [o.occluded for o in out if isinstance(o, ZoneObservation)] == [True]
    held = tr.current()[0]
    assert held.occluded and [t.face for t in held.tiles] == ["down"]
    # under the hand: nothing changes, whatever is seen
    assert _events(tr.update([], 0.8, occluders=[[(50, 50), (150, 50), (150, 150)]])) == []
    evs = []
    for i in range(10):
        evs += tr.update([_r("4-2")], 1.0 + i * 0.05)
    assert _events(evs) == [("turned", "z", "4-2")]
    turned = [e for e in evs if isinstance(e, TileEvent)][0]
    assert turned.previous.face == "down" and turned.tile.face == "up"


def test_lost_camera_keeps_state():
    tr = Tracker({"z": LEFT}, stable_ms=100)
    for i in range(5):
        tr.update([_r("2-1")], i * 0.05)
    lost = tr.lost(1.0)
    assert lost[0].status == "lost" and lost[0].names() == ["2-1"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=5, max_size=60))
def test_blips_shorter_than_stable_time_make_no_events(flags):
    """A tile present in isolated single frames (never two in a row) is never reported."""
    tr = Tracker({"z": LEFT}, stable_ms=300)
    out = []
    prev = False
    for i, f in enumerate(flags):
        seen = f and not prev
        prev = seen
        out += tr.update([_r("3-3")] if seen else [], i / 30)
    assert _events(out) == []


def test_sequence_from_generated_frames():
    """Real pixels: the generator's scripted sequence through the recognizer and tracker."""
    frames = generate_sequence(2, fps=15)
    tr = Tracker({"left": LEFT, "right": RIGHT}, stable_ms=300)
    events = []
    for f in frames:
        a = analyze(f.image)
        events += _events(tr.update(a.readings, f.t, a.occluders))
    assert ("appeared", "left", "6-6") in events
    assert ("turned", "right", "4-2") in events
    assert ("gone", "left", "6-6") in events and ("gone", "right", "4-2") in events
    # the slide of 6-6 within the left region is not an event; nothing flickers
    assert len(events) == 5, events
