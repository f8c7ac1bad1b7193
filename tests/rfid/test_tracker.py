"""The host state machine on hand-made frame sequences (no I/O)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rfid.protocol import P
from rfid.registry import TagRegistry
from rfid.tracker import BoardTracker

UID_A = bytes.fromhex("04A1B2C3")
UID_B = bytes.fromhex("04112233445566")


class Feed:
    """Plays the board: numbers frames, keeps scan numbers."""

    def __init__(self, tracker, slots=8):
        self.t = tracker
        self.seq = 0
        self.scan = 0
        self.now = 100.0
        self.slots = slots
        self.out = []

    def frame(self, mtype, payload=b"", seq=None):
        s = self.seq if seq is None else seq
        self.seq = (s + 1) & 0xFF
        self.now += 0.01
        obs = self.t.on_frames([(s, mtype, payload)], self.now)
        self.out += obs
        return obs

    def connect(self, entries=None, scan=5):
        self.t.on_connect(self.now)
        assert self.t.take_requests() == [P.C_HELLO]
        self.frame(P.T_HELLO, P.hello_payload(self.slots))
        assert self.t.take_requests() == [P.C_SNAPSHOT]
        return self.snapshot(entries, scan)

    def snapshot(self, entries=None, scan=None):
        scan = self.scan if scan is None else scan
        self.scan = scan
        entries = entries or [(P.S_OK, 1, None)] * self.slots
        obs = []
        for p in P.snapshot_payloads(scan, entries):
            obs += self.frame(P.T_SNAPSHOT, p)
        return obs

    def scan_with(self, *events):
        self.scan += 1
        obs = []
        for mtype, payload_fn in events:
            obs += self.frame(mtype, payload_fn(self.scan))
        return obs + self.frame(P.T_SCAN, P.scan_payload(self.scan))


def tracker(debounce=2, **kw):
    reg = TagRegistry.from_mapping({"tags": {"04A1B2C3": "6-6", "04112233445566": "5-4"}, "seats": 2})
    return BoardTracker(reg, debounce=debounce, **kw)


def zone(obs, name):
    found = [o for o in obs if o.zone == name]
    return found[-1] if found else None


def test_handshake_then_live_with_empty_zones():
    f = Feed(tracker())
    obs = f.connect()
    assert f.t.phase == "live"
    assert {o.zone for o in obs} == {"seat0.play", "seat1.play"}
    assert all(o.status == "ok" and o.tiles == () for o in obs)


def test_debounce_needs_n_consecutive_scans():
    f = Feed(tracker(debounce=3))
    f.connect()
    assert f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(5, s, UID_A))) == []
    assert f.scan_with() == []
    obs = f.scan_with()
    ob = zone(obs, "seat1.play")
    assert ob is not None and ob.names() == ["6-6"] and ob.tiles[0].slot == 1 and ob.tiles[0].face == "unknown"
    # a one-scan flicker (tag missed once) never reaches the table
    f.scan_with((P.T_TAG_OFF, lambda s: P.tag_off_payload(5, s)))
    assert f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(5, s, UID_A))) == []
    assert f.scan_with() == [] and f.scan_with() == []
    assert f.t.observations(0)["seat1.play"].names() == ["6-6"]


def test_sequence_gap_resyncs_from_snapshot_and_never_applies_events_after_the_gap():
    f = Feed(tracker(debounce=1))
    f.connect()
    f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(0, s, UID_A)))
    assert f.t.observations(0)["seat0.play"].names() == ["6-6"]
    f.seq += 2  # two frames lost
    obs = f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(1, s, UID_B)))
    assert f.t.phase == "resync" and f.t.take_requests() == [P.C_SNAPSHOT]
    assert zone(obs, "seat0.play").status == "stale"
    assert "5-4" not in f.t.observations(0)["seat0.play"].names()  # ignored while resynchronising
    entries = [(P.S_OK, 0, None)] * 8
    entries[0] = (P.S_OK, 1, None)  # the 6-6 was taken away during the gap
    entries[2] = (P.S_OK, 3, UID_B)
    obs = f.snapshot(entries)
    assert f.t.phase == "live"
    ob = zone(obs, "seat0.play")
    assert ob.status == "ok" and [(t.slot, t.name) for t in ob.tiles] == [(2, "5-4")]
    assert any("sequence gap" in line for line in f.t.take_log())


def test_scan_gap_also_resyncs():
    f = Feed(tracker())
    f.connect()
    f.scan_with()
    f.scan += 5
    f.scan_with()
    assert f.t.phase == "resync"


def test_frame_with_wrong_sequence_is_never_applied():
    f = Feed(tracker(debounce=1))
    f.connect()
    # a frame that passed the CRC (say, garbage that happened to) but has the wrong number
    f.frame(P.T_TAG_ON, P.tag_on_payload(3, f.scan + 1, UID_A), seq=(f.seq + 17) & 0xFF)
    f.scan_with()
    assert f.t.phase == "resync"
    assert f.t.observations(0)["seat0.play"].names() == []


def test_malformed_payload_resyncs_with_a_message():
    f = Feed(tracker())
    f.connect()
    f.frame(P.T_TAG_ON, b"\x01\x02")
    assert f.t.phase == "resync"
    assert any("tag_on" in line and "bad length" in line for line in f.t.take_log())


def test_event_for_wrong_scan_is_rejected():
    f = Feed(tracker(debounce=1))
    f.connect()
    f.frame(P.T_TAG_ON, P.tag_on_payload(1, f.scan + 7, UID_A))
    assert f.t.phase == "resync"


def test_reader_down_and_multi_and_unknown_tag():
    f = Feed(tracker(debounce=1))
    f.connect()
    obs = f.scan_with((P.T_SLOT, lambda s: P.slot_payload(0, s, P.S_DOWN)),
                      (P.T_SLOT, lambda s: P.slot_payload(1, s, P.S_MULTI)),
                      (P.T_TAG_ON, lambda s: P.tag_on_payload(2, s, bytes.fromhex("04DEADBE"))))
    ob = zone(obs, "seat0.play")
    assert ob.status == "stale"  # one reader of four is down
    assert [(t.slot, t.name, t.uncertain) for t in ob.tiles] == [(1, None, True), (2, None, True)]
    log = "\n".join(f.t.take_log())
    assert "does not answer" in log and "more than one tag" in log and "not enrolled" in log
    def down(k):
        return lambda s: P.slot_payload(k, s, P.S_DOWN)

    obs = f.scan_with(*[(P.T_SLOT, down(k)) for k in (1, 2, 3)])
    assert zone(obs, "seat0.play").status == "lost"


def test_same_tag_on_two_antennas_is_uncertain():
    f = Feed(tracker(debounce=1))
    f.connect()
    obs = f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(0, s, UID_A)),
                      (P.T_TAG_ON, lambda s: P.tag_on_payload(4, s, UID_A)))
    assert all(t.uncertain for o in obs for t in o.tiles)


def test_protocol_mismatch_is_reported_and_nothing_applied():
    t = tracker()
    t.on_connect(0)
    bad = bytearray(P.hello_payload(8))
    bad[0] = P.PROTOCOL_VERSION + 1
    t.on_frames([(0, P.T_HELLO, bytes(bad))], 0.1)
    assert t.phase == "incompatible"
    assert any("protocol" in line and "firmware" in line for line in t.take_log())
    t.on_frames([(1, P.T_TAG_ON, P.tag_on_payload(0, 1, UID_A))], 0.2)
    assert t.confirmed == {}


def test_disconnect_keeps_last_state_as_lost_then_reconnect_resyncs():
    f = Feed(tracker(debounce=1))
    f.connect()
    f.scan_with((P.T_TAG_ON, lambda s: P.tag_on_payload(0, s, UID_A)))
    obs = f.t.on_disconnect("unplugged", 200.0)
    ob = zone(obs, "seat0.play")
    assert ob.status == "lost" and ob.names() == ["6-6"]
    f.seq = 0  # the board restarted
    entries = [(P.S_OK, 0, None)] * 8
    entries[0] = (P.S_OK, 0, UID_A)
    obs = f.connect(entries, scan=40)
    assert zone(obs, "seat0.play").status == "ok" and f.t.stats["reconnects"] == 1


def test_lost_requests_are_repeated():
    t = tracker(request_timeout=0.5)
    t.on_connect(0.0)
    assert t.take_requests() == [P.C_HELLO]
    t.tick(0.2)
    assert t.take_requests() == []
    t.tick(0.7)
    assert t.take_requests() == [P.C_HELLO]


def test_snapshot_parts_out_of_order_are_asked_again():
    f = Feed(tracker(), slots=20)
    f.t.on_connect(0)
    f.t.take_requests()
    f.frame(P.T_HELLO, P.hello_payload(20))
    f.t.take_requests()
    parts = P.snapshot_payloads(5, [(P.S_OK, 0, None)] * 20)
    f.frame(P.T_SNAPSHOT, parts[0])
    f.frame(P.T_SNAPSHOT, parts[2])
    assert f.t.phase == "resync" and f.t.take_requests() == [P.C_SNAPSHOT]


# -- fuzz: frames that passed the CRC but carry anything at all --------------------------------

_types = st.sampled_from([P.T_HELLO, P.T_HEARTBEAT, P.T_SCAN, P.T_TAG_ON, P.T_TAG_OFF, P.T_SLOT,
                          P.T_SNAPSHOT, P.T_ERROR, 0x55])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 255), _types, st.binary(max_size=40)), max_size=30))
def test_fuzz_tracker_never_crashes_and_names_only_uids_it_was_given(frames):
    f = Feed(tracker(debounce=1))
    f.connect()
    given_uids = set()
    for seq, mtype, payload in frames:
        if len(payload) >= 9:
            given_uids.update({payload[5:9].hex().upper(), payload[5:12].hex().upper()})
        for k in range(len(payload)):  # a UID anywhere in a payload (snapshot entries)
            given_uids.update({payload[k:k + 4].hex().upper(), payload[k:k + 7].hex().upper()})
        f.t.on_frames([(seq, mtype, payload)], f.now)
        f.t.tick(f.now + 1)
    for _i, (status, uid) in f.t.confirmed.items():
        assert status in ("ok", "down", "multi", "error")
        assert uid is None or uid in given_uids
