"""Seed 004_7970fcaecd98a9a3.txt (Tenkyu / Da Tian Jiu 打天九): rankings, supreme pairs, bonuses, settlement
multipliers, dealt hands, dealer multiplier, starting score and game end.  Profiles 'tenkyu', 'tenkyu-short'.
"""

from __future__ import annotations

import itertools

import pytest

from referee.game import IllegalPlay, InvalidAction
from referee.tiles import Tile

from ._support import (
    S004,
    assert_quoted,
    beats,
    bonus,
    hand_won_by,
    judge,
    lead,
    new_game,
    play_trick,
    settle,
    sweep_hand,
    trick,
)

T = "tenkyu"

QUOTES = [
    "銅錘六 Supreme (5-1 + 5-1): Can only be beaten by a 高脚七 pair (6-1 + 6-1).",
    "Military Supreme (大鶏六 4-2 + 細鶏三 2-1): Unbeatable — all opponents must fold.",
    "Play face-up — play tiles that beat the current highest face-up play (not just the lead).",
    "You may always choose to fold, even if you have a valid face-up play.",
    "If everyone after the leader folds, the leader wins.",
    "any player with 0 tricks won must fold",
    "However, if 七支結 is confirmed",
    "Each opponent pays 20 (base 5 × 4) before dealer multiplier.",
    "Each opponent pays 10 (base 5 × 2) before dealer multiplier.",
    "The winner of a mixed-quad trick receives +4 from each opponent.",
    "the leader receives +2 from each opponent.",
    "the beater receives +2 from each opponent instead of the leader.",
    "the immediate bonus is not applied",
    "The leader who attempted 幺結 bears sole responsibility for all losers' payments — other losers pay "
    "nothing.",
    "all 8 tricks belong to that player and all other players are treated as having 0 tricks",
    "but 幺結反殺 (counter ×4) does not apply",
    "Payments are first multiplied by the settlement multiplier, then by the dealer multiplier",
    "When the dealer wins, all losers' payments are multiplied. When a non-dealer wins, only the dealer's "
    "payment is multiplied.",
    "All payments are zero-sum. Starting score: 50 points.",
    "The transition from provisional to full dealer (whether by winning or losing) counts as 1 dealer change.",
    "The game ends after the 8th dealer completes (or a safety limit of 32 rounds).",
    "the game ends after the 4th dealer completes",
]


@pytest.mark.parametrize("quote", QUOTES)
def test_quoted_passages_are_in_the_seed(quote):
    """The passages these tests cite are really in seed 004 (skips if ../shared is absent)."""
    assert_quoted(S004, quote)


def _lt(leader, led, won_with, won_by):
    return {"leader": leader, "led": list(led), "won_with": list(won_with), "won_by": won_by}


# -- rankings -------------------------------------------------------------------------------

_CIVIL = [("天", "6-6", 12), ("地", "1-1", 11), ("人", "4-4", 10), ("和", "3-1", 8), ("梅花", "5-5", 6),
          ("長三", "3-3", 5), ("板發", "2-2", 4), ("斧頭", "6-5", 3), ("紅頭十", "6-4", 2),
          ("高脚七", "6-1", 1), ("銅錘六", "5-1", 0)]
_MIL = [("雑九", ["6-3", "5-4"], 12), ("雑八", ["6-2", "5-3"], 11), ("雑七", ["4-3", "5-2"], 10),
        ("大鶏六", ["4-2"], 9), ("雑五", ["3-2", "4-1"], 8), ("細鶏三", ["2-1"], 7)]


@pytest.mark.parametrize("name,pips,rank", _CIVIL)
def test_civil_tile_names(name, pips, rank):
    """004 'Civil Tiles (strongest to weakest)': the table of names, pips and ranks."""
    assert Tile.parse(name).name == pips
    assert Tile.parse(pips).tenkyu == name


@pytest.mark.parametrize("a,b", list(itertools.combinations(_CIVIL, 2)))
def test_civil_ranking(a, b):
    """004 'Civil Tiles': 天 12 > 地 11 > 人 10 > 和 8 > 梅花 6 > 長三 5 > 板發 4 > 斧頭 3 > 紅頭十 2 > 高脚七 1 >
    銅錘六 0 — as singles and as civil pairs ("Civil pair rank = same as single tile rank"), apart from the
    銅錘六 pair, which is a supreme pair in Tenkyu."""
    hi, lo = a[1], b[1]
    assert beats([lo], [hi], T) is True and beats([hi], [lo], T) is False
    if lo != "5-1":
        assert beats([lo, lo], [hi, hi], T) is True and beats([hi, hi], [lo, lo], T) is False


@pytest.mark.parametrize("a,b", list(itertools.combinations(_MIL, 2)))
def test_military_single_ranking(a, b):
    """004 'Military Tiles (strongest to weakest as singles)': 雑九 > 雑八 > 雑七 > 大鶏六 > 雑五 > 細鶏三; the two
    tiles of a total are equal."""
    for hi in a[1]:
        for lo in b[1]:
            assert beats([lo], [hi], T) is True and beats([hi], [lo], T) is False
    if len(a[1]) == 2:
        assert beats([a[1][0]], [a[1][1]], T) is False


def test_military_pairs_and_no_regular_pair_for_big_six_or_small_three():
    """004: "Military pairs: 雑九 > 雑八 > 雑七 > 雑五" and "(大鶏六 and 細鶏三 cannot form a regular pair — only a
    supreme pair when leading.)"."""
    pairs = [["6-3", "5-4"], ["6-2", "5-3"], ["5-2", "4-3"], ["4-1", "3-2"]]
    for hi, lo in itertools.combinations(pairs, 2):
        assert beats(lo, hi, T) is True and beats(hi, lo, T) is False
    for bad in (["4-2", "4-1"], ["4-2", "3-2"], ["2-1", "4-1"], ["2-1", "3-2"]):
        assert lead(bad, T)["valid"] is False


def test_mixed_groups_rank_heaven_earth_man_harmony():
    """004: "Mixed pairs/triples/quads rank: 天+雑九 > 地+雑八 > 人+雑七 > 和+雑五."""
    groups = [("6-6", ["6-3", "5-4"]), ("1-1", ["6-2", "5-3"]), ("4-4", ["4-3", "5-2"]), ("3-1", ["3-2", "4-1"])]
    for (hc, hm), (lc, lm) in itertools.combinations(groups, 2):
        assert beats([lc, lm[0]], [hc, hm[0]], T) is True
        assert beats([lc, lc, lm[0]], [hc, hc, hm[1]], T) is True
        assert beats([lc, lm[0], lm[1]], [hc, hm[0], hm[1]], T) is True
        assert beats([lc, lc, *lm], [hc, hc, *hm], T) is True
        assert beats([hc, hm[0]], [lc, lm[0]], T) is False


# -- leading --------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles,cat", [
    (["6-6"], "single"), (["4-2"], "single"),
    (["2-2", "2-2"], "civil_pair"), (["6-2", "5-3"], "military_pair"),
    (["4-2", "2-1"], "supreme_pair"), (["5-1", "5-1"], "civil_supreme_pair"),
    (["6-6", "6-3"], "mixed_pair"),
    (["6-6", "6-6", "6-3"], "triple"), (["4-4", "4-3", "5-2"], "triple"),
    (["1-1", "1-1", "6-2", "5-3"], "quad"),
])
def test_what_the_leader_may_play(tiles, cat):
    """004 'Leading a Trick': "1 tile (single) ... 2 tiles forming a valid pair — same-category pair, supreme
    pair, or mixed pair. 3 tiles forming a mixed triple — 3 tiles from one mixed group (2 civil + 1 military,
    or 1 civil + 2 military). 4 tiles forming a mixed quad — all 4 tiles from one mixed group."""
    assert lead(tiles, T) == {"valid": True, "category": cat}


@pytest.mark.parametrize("tiles", [["6-6", "6-6", "6-2"], ["1-1", "6-2", "6-3"], ["6-6", "6-6", "6-3", "6-2"],
                                   ["6-6", "6-6", "1-1", "1-1"], ["5-5", "5-5", "5-5"]])
def test_illegal_tenkyu_leads(tiles):
    """004: triples and quads come from one mixed group only ("all 4 tiles from one mixed group")."""
    res = lead(tiles, T)
    assert res["valid"] is False and res["reason"]


# -- supreme pairs --------------------------------------------------------------------------

def test_copper_supreme_beaten_only_by_tall_seven_pair():
    """004 'Supreme Pairs (Lead Only)': "銅錘六 Supreme (5-1 + 5-1): Can only be beaten by a 高脚七 pair
    (6-1 + 6-1)."  Not even the Heaven pair beats it; in Pagat it is just the lowest civil pair."""
    cu = ["5-1", "5-1"]
    assert beats(cu, ["6-1", "6-1"], T) is True
    for p in (["6-6", "6-6"], ["1-1", "1-1"], ["6-4", "6-4"], ["6-3", "5-4"], ["6-6", "6-3"]):
        assert beats(cu, p, T) is False, p
    assert beats(cu, ["6-6", "6-6"], "pagat") is True


def test_nothing_beats_the_tall_seven_pair_over_the_copper_supreme():
    """004: the 銅錘六 supreme "Can only be beaten by a 高脚七 pair" — once it is, a higher civil pair does not
    take the trick (the escalation stays in the supreme class); the judge names seat and tiles."""
    res = trick(0, [("5-1+5-1", "up"), ("6-1+6-1", "up"), ("6-6+6-6", "up"), ("2-2+2-2", "down")], T)
    assert "error" in res and "seat 2" in res["error"] and "6-6+6-6" in res["error"]
    res = trick(0, [("5-1+5-1", "up"), ("6-1+6-1", "up"), ("6-6+6-6", "down"), ("2-2+2-2", "down")], T)
    assert res == {"winner": 1, "tricks_credited": 2}


def test_military_supreme_is_unbeatable():
    """004: "Military Supreme (大鶏六 4-2 + 細鶏三 2-1): Unbeatable — all opponents must fold."""
    for p in (["6-6", "6-6"], ["6-3", "5-4"], ["6-6", "5-4"], ["6-1", "6-1"], ["5-1", "5-1"]):
        assert beats(["4-2", "2-1"], p, T) is False
    res = trick(2, [("4-2+2-1", "up"), ("6-6+6-6", "up"), ("1-1+1-1", "down"), ("4-4+4-4", "down")], T)
    assert "error" in res and "seat 3" in res["error"]


# -- following ------------------------------------------------------------------------------

def test_each_face_up_play_must_escalate():
    """004 'Following a Trick': "Play face-up — play tiles that beat the current highest face-up play (not just
    the lead). Each face-up play must escalate."  4-4 beats the 5-5 lead but not the 1-1 on top of it."""
    res = trick(0, [("5-5", "up"), ("1-1", "up"), ("4-4", "up"), ("2-2", "down")], T)
    assert "error" in res and "seat 2" in res["error"] and "4-4" in res["error"] and "1-1" in res["error"]
    g = new_game(T)
    g.play(0, ["5-5"])
    g.play(1, ["1-1"])
    with pytest.raises(IllegalPlay) as exc:
        g.play(2, ["4-4"])
    assert "seat 2" in str(exc.value) and "4-4" in str(exc.value)


def test_last_face_up_player_wins_and_everyone_may_fold():
    """004 'Winning a Trick': "The last player who played face-up wins the trick ... If everyone after the
    leader folds, the leader wins."  "You may always choose to fold, even if you have a valid face-up play."""
    assert trick(0, [("5-5", "up"), ("1-1", "up"), ("6-6", "up"), ("2-2", "down")], T)["winner"] == 2
    assert trick(0, [("5-5", "up"), ("1-1", "down"), ("6-6", "down"), ("4-4", "down")], T)["winner"] == 0


@pytest.mark.parametrize("plays,credited", [
    ([("6-6", "up"), ("2-2", "down"), ("3-3", "down"), ("5-5", "down")], 1),
    ([("6-6+5-4", "up"), ("2-2+3-3", "down"), ("5-5+6-5", "down"), ("6-4+6-1", "down")], 2),
    ([("4-4+4-4+5-2", "up"), ("2-2+3-3+2-2", "down"), ("5-5+6-5+6-5", "down"), ("6-4+6-1+6-4", "down")], 3),
    ([("3-1+3-1+4-1+3-2", "up"), ("2-2+3-3+2-2+3-3", "down"), ("5-5+6-5+6-5+5-5", "down"),
      ("6-4+6-1+6-4+6-1", "down")], 4),
])
def test_trick_counting(plays, credited):
    """004 'Trick Counting': Single 1, Pair / Mixed Pair 2, Mixed Triple 3, Mixed Quad 4."""
    assert trick(0, plays, T) == {"winner": 0, "tricks_credited": credited}


# -- last-trick restriction -----------------------------------------------------------------

def test_last_single_trick_zero_trick_players_must_fold():
    """004 'Last-Trick Restriction': "On the last trick (when the leader has no remaining tiles after playing),
    if the lead is a single tile: any player with 0 tricks won must fold. (This restriction does not apply to
    pair or quad leads.)"."""
    plays = [("5-1", "up"), ("6-1", "up"), ("6-6", "down"), ("6-5", "down")]
    res = trick(0, plays, T, before=[6, 0, 1, 0], last=True)
    assert "error" in res and "seat 1" in res["error"]
    assert trick(0, plays, T, before=[6, 1, 0, 0], last=True)["winner"] == 1
    pair = [("2-2+2-2", "up"), ("3-3+3-3", "up"), ("6-6+6-5", "down"), ("1-1+6-4", "down")]
    assert trick(0, pair, T, before=[5, 0, 1, 0], last=True)["winner"] == 1


def test_seven_sweep_lifts_the_last_trick_restriction():
    """004: "However, if 七支結 is confirmed (one player has won 7+ consecutive tricks from trick 1), this
    restriction is lifted and all players may play face-up."""
    plays = [("5-1", "up"), ("6-1", "up"), ("6-6", "down"), ("6-5", "down")]
    assert trick(0, plays, T, before=[7, 0, 0, 0], last=True) == {"winner": 1, "tricks_credited": 1}
    g = new_game(T)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"):
        play_trick(g, [t, "#", "#", "#"])
    g.play(0, ["5-1"])
    assert g.must_fold(1) is False
    g.play(1, ["6-1"])  # allowed: no IllegalPlay


def test_seven_sweep_not_lifted_without_the_option():
    """004's lifting is option seven_sweep_lifts_early_death; switched off, the restriction binds."""
    plays = [("5-1", "up"), ("6-1", "up"), ("6-6", "down"), ("6-5", "down")]
    res = trick(0, plays, T, before=[7, 0, 0, 0], last=True, seven_sweep_lifts_early_death=False)
    assert "error" in res and "seat 1" in res["error"]


# -- immediate bonuses ----------------------------------------------------------------------

def test_mixed_quad_win_collects_four_from_each():
    """004 '四大賀 (Mixed Quad Win): The winner of a mixed-quad trick receives +4 from each opponent.'"""
    assert bonus("quad_won", 2, T, banker=0, provisional=True) == [-4, -4, 12, -4]
    g = new_game(T)
    ev = play_trick(g, ["3-1+3-1+4-1+3-2", "4-4+4-4+5-2+4-3", "#4", "#4"])
    assert [e["payments"] for e in ev if e["type"] == "payment"] == [[-4, 12, -4, -4]]
    assert g.state.scores == [46, 62, 46, 46]


def test_supreme_pair_lead_collects_two_from_each():
    """004 '賀尊 (Supreme Pair Lead): When leading with a supreme pair (大鶏六+細鶏三), the leader receives +2 from
    each opponent.'"""
    assert bonus("gee_joon_led", 1, T, banker=0, provisional=True) == [-2, 6, -2, -2]
    g = new_game(T)
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    assert [e["payments"] for e in ev if e["type"] == "payment"] == [[6, -2, -2, -2]]


def test_copper_supreme_beaten_pays_the_beater():
    """004 '包尊 (Supreme Beaten): When a 銅錘六 supreme pair is beaten by a 高脚七 pair, the beater receives +2
    from each opponent instead of the leader.'"""
    assert bonus("copper_supreme_beaten", 3, T, banker=0, provisional=True) == [-2, -2, -2, 6]
    g = new_game(T)
    ev = play_trick(g, ["5-1+5-1", "6-1+6-1", "#2", "#2"])
    pays = [e for e in ev if e["type"] == "payment"]
    assert [(p["kind"], p["seat"], p["payments"]) for p in pays] == [("copper_supreme_beaten", 1, [-2, 6, -2, -2])]


def test_copper_supreme_won_by_its_leader_pays_the_leader():
    """004 '包尊': the beater receives +2 "instead of the leader" — read as: a 銅錘六 supreme that wins pays its
    leader +2 from each (engine kind copper_supreme_led; the seed only implies it)."""
    g = new_game(T)
    ev = play_trick(g, ["5-1+5-1", "#2", "#2", "#2"])
    assert [e["payments"] for e in ev if e["type"] == "payment"] == [[6, -2, -2, -2]]


@pytest.mark.parametrize("k,prov,factor", [(0, True, 1), (1, False, 2), (2, False, 3), (3, False, 4)])
def test_immediate_bonuses_take_the_dealer_multiplier(k, prov, factor):
    """004 'Special Scoring: Immediate Bonuses': "These bonuses are paid immediately and are affected by the
    dealer multiplier when the dealer is involved."""
    assert bonus("quad_won", 2, T, banker=0, k=k, provisional=prov) == [-4 * factor, -4, 8 + 4 * factor, -4]
    assert bonus("gee_joon_led", 0, T, banker=0, k=k, provisional=prov) == [6 * factor] + [-2 * factor] * 3


def test_final_trick_bonus_is_a_multiplier_only():
    """004: "Note: When 四大賀, 賀尊, or 包尊 occur on the final trick, the immediate bonus is not applied — only the
    corresponding settlement multiplier (賀四結, 賀尊, or 包尊) takes effect."  A mixed quad wins the last trick:
    no payment event, settlement x4."""
    g = new_game(T)
    for t in ("6-6", "6-6", "1-1", "1-1"):
        play_trick(g, [t, "#", "#", "#"])
    ev = play_trick(g, ["3-1+3-1+4-1+3-2", "4-4+4-4+5-2+4-3", "#4", "#4"])
    assert not [e for e in ev if e["type"] == "payment"]
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["tricks"] == [4, 4, 0, 0] and end["payments"] == [0, 40, -20, -20]


def test_final_trick_supreme_lead_has_no_immediate_bonus():
    """004 Note on the final trick: a 賀尊 on the last trick gives the x2 multiplier, not the +2 each."""
    g = new_game(T)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4"):
        play_trick(g, [t, "#", "#", "#"])
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    assert not [e for e in ev if e["type"] == "payment"]
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    # all 8 tricks: 八支結 x4, 賀尊 x2; provisional dealer x1: 5 x 8 each
    assert end["payments"] == [120, -40, -40, -40]


# -- settlement multipliers -----------------------------------------------------------------

BASE = dict(banker=0, provisional=True, winner=1, tricks=[1, 5, 2, 0])


def test_payment_table():
    """004 'Scoring': "0 Pay 5 (4 + 1 penalty); 1 Pay 3; 2 Pay 2; 3 Pay 1; 4 Even (pay 0); 5+ Winner pays YOU
    (you exceeded baseline)".  Provisional dealer: no multiplier."""
    for t, p in [(0, 5), (1, 3), (2, 2), (3, 1), (4, 0), (5, -1), (6, -2)]:
        tricks = [1, 7 - t, t, 0]
        pay = settle(T, banker=0, provisional=True, winner=1, tricks=tricks)
        assert pay[2] == -p, (t, pay)


def test_mixed_quad_finish_times_four():
    """004 '賀四結 (Mixed Quad Finish): Last trick won with a mixed quad → ×4.'"""
    plain = settle(T, **BASE)
    assert plain == [-3, 10, -2, -5]
    pay = settle(T, **BASE, last_trick=_lt(1, ["3-1", "3-1", "4-1", "3-2"], ["3-1", "3-1", "4-1", "3-2"], 1))
    assert pay == [4 * p for p in plain]


@pytest.mark.parametrize("tile", ["5-1", "2-1"])
def test_weakest_single_finish_leader_wins_times_two(tile):
    """004 '幺結 (Weakest Single Finish): Last trick led with the weakest single tile (銅錘六 or 細鶏三): Leader
    wins → ×2.'"""
    pay = settle(T, **BASE, last_trick=_lt(1, [tile], [tile], 1))
    assert pay == [2 * p for p in settle(T, **BASE)]
    # not a weakest tile: no multiplier
    assert settle(T, **BASE, last_trick=_lt(1, ["6-1"], ["6-1"], 1)) == settle(T, **BASE)


@pytest.mark.parametrize("led,counter", [("5-1", "6-1"), ("2-1", "4-2")])
def test_counter_kill_times_four_and_leader_bears_the_losers_payments(led, counter):
    """004 '幺結反殺': "Beaten by the specific counter (高脚七 beats 銅錘六, or 大鶏六 beats 細鶏三) → ×4 (幺結反殺,
    Counter-kill). The leader who attempted 幺結 bears sole responsibility for all losers' payments — other
    losers pay nothing."  Leader seat 1 (3 tricks), counter by seat 2; seat 0 (1 trick) and seat 3 (2 tricks)
    would owe 3 x 4 and 2 x 4; seat 1 pays them and his own 1 x 4."""
    pay = settle(T, banker=3, provisional=True, winner=2, tricks=[1, 3, 2, 2],
                 last_trick=_lt(1, [led], [counter], 2))
    assert pay == [0, -(12 + 4 + 8), 24, 0]
    # beaten by another tile: no counter-kill
    other = "6-6" if led == "5-1" else "6-3"
    assert settle(T, banker=3, provisional=True, winner=2, tricks=[1, 3, 2, 2],
                  last_trick=_lt(1, [led], [other], 2)) == [-3, -1, 6, -2]


def test_supreme_pair_on_last_trick_times_two():
    """004 '賀尊 on last trick: Supreme pair lead on the last trick: Leader wins → ×2. 銅錘六 supreme beaten by
    高脚七 → ×2.'"""
    plain = settle(T, **BASE)
    assert settle(T, **BASE, last_trick=_lt(1, ["4-2", "2-1"], ["4-2", "2-1"], 1)) == [2 * p for p in plain]
    assert settle(T, **BASE, last_trick=_lt(1, ["5-1", "5-1"], ["5-1", "5-1"], 1)) == [2 * p for p in plain]
    beaten = settle(T, banker=0, provisional=True, winner=1, tricks=[1, 5, 2, 0],
                    last_trick=_lt(2, ["5-1", "5-1"], ["6-1", "6-1"], 1))
    assert beaten == [2 * p for p in plain]


def test_seven_sweep_takes_all_tricks_times_two():
    """004 '七支結 (7-Trick Sweep): One player wins 7+ consecutive tricks from trick 1 → ×2. When 七支結 is
    confirmed, all 8 tricks belong to that player and all other players are treated as having 0 tricks.'
    "in the case of 七支結/八支結, the player who won consecutive tricks from trick 1 is the round winner."
    Seat 0 won the first 7, seat 1 took the last: seat 0 is paid 5 x 2 by everyone."""
    g = new_game(T, first_banker=0)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"):
        play_trick(g, [t, "#", "#", "#"])
    ev = play_trick(g, ["5-1", "6-1", "#", "#"])
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["winner"] == 0 and end["tricks"] == [8, 0, 0, 0]
    assert end["payments"] == [30, -10, -10, -10]
    assert g.state.hand.banker == 0  # the sweeper is the round winner and keeps the deal
    assert settle(T, banker=3, provisional=True, winner=2, tricks=[7, 0, 1, 0]) == [30, -10, -10, -10]


def test_seven_sweep_cancels_counter_kill():
    """004: "On the final trick under 七支結, 幺結 (leader wins ×2) still stacks, but 幺結反殺 (counter ×4) does not
    apply (the trick only determines 七支結 vs 八支結)."  The sweeper leads 細鶏三 and 大鶏六 takes it: still 七支結
    x2 only."""
    pay = settle(T, banker=3, provisional=True, winner=2, tricks=[7, 0, 1, 0], last_trick=_lt(0, ["2-1"], ["4-2"], 2))
    assert pay == [30, -10, -10, -10]


def test_eight_sweep_times_four_and_stacks_with_weakest_single():
    """004 '八支結 (8-Trick Sweep): After 七支結 is confirmed, if the same player also wins the final trick → ×4.'
    and "On the final trick under 七支結, 幺結 (leader wins ×2) still stacks"; "These multipliers apply to all
    round-end payments and stack multiplicatively"."""
    assert settle(T, banker=3, provisional=True, winner=0, tricks=[8, 0, 0, 0]) == [60, -20, -20, -20]
    assert settle(T, banker=3, provisional=True, winner=0, tricks=[8, 0, 0, 0],
                  last_trick=_lt(0, ["2-1"], ["2-1"], 0)) == [120, -40, -40, -40]
    g = new_game(T, first_banker=0)
    ev = sweep_hand(g, leads=("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "5-1"))
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["payments"] == [120, -40, -40, -40]


def test_multipliers_stack_multiplicatively():
    """004: "These multipliers apply to all round-end payments and stack multiplicatively" — 八支結 (x4) with a
    mixed quad finish 賀四結 (x4): x16."""
    quad = ["3-1", "3-1", "4-1", "3-2"]
    assert settle(T, banker=3, provisional=True, winner=0, tricks=[8, 0, 0, 0],
                  last_trick=_lt(0, quad, quad, 0)) == [240, -80, -80, -80]


# -- dealt hands ----------------------------------------------------------------------------

def _declare(tiles, seat=1, banker=0, k=0, prov=True, profile=T):
    return judge({"ask": "declare", "seat": seat, "tiles": tiles, "banker": banker, "banker_wins_in_a_row": k,
                  "provisional_banker": prov}, profile)


@pytest.mark.parametrize("tiles,why", [
    (["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1"], "(a) all 8 military"),
    (["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"], "(b) no 1 or 4 and no 天"),
    (["6-6", "6-3", "1-1", "6-2", "4-4", "5-2", "3-1", "4-1"], "(c) all four mixed groups"),
])
def test_eight_branch_hand(tiles, why):
    """004 '八枝牌 (8-Branch Hand): Any of: (a) all 8 tiles are military, (b) no pip value "1" or "4" appears
    anywhere in the hand and no 天 (double-six) is present, or (c) the hand contains tiles from all 4 mixed
    groups ... Each opponent pays 20 (base 5 × 4) before dealer multiplier.'  (c) is read as a civil and a
    military tile of every group.  Provisional dealer seat 0: x1."""
    assert _declare(tiles) == {"valid": True, "kind": "eight_branch", "payments": [-20, 60, -20, -20]}, why


@pytest.mark.parametrize("tiles,why", [
    (["6-6", "6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2"], "(a) 7 of 8 military"),
    (["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"], "(b) one digit 1, no 4, no 天"),
    (["6-1", "5-5", "5-5", "3-3", "3-3", "2-2", "6-3", "6-5"], "(b) with the 6-1"),
])
def test_seven_branch_hand(tiles, why):
    """004 '七枝牌 (7-Branch Hand): Either (a) 7 of 8 tiles are military, or (b) across all pip values in the
    hand, the digit "1" appears exactly once, the digit "4" does not appear at all, and no 天 (double-six) is
    present → same scoring as 七支結 (×2 settlement). Each opponent pays 10 (base 5 × 2) before dealer
    multiplier.'"""
    assert _declare(tiles) == {"valid": True, "kind": "seven_branch", "payments": [-10, 30, -10, -10]}, why


@pytest.mark.parametrize("tiles", [
    ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"],
    ["2-1", "3-1", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # digit 1 twice
    ["6-6", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # 天 present
    ["2-1", "4-3", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # a 4
    ["6-6", "6-6", "6-3", "5-4", "6-2", "5-3", "5-2", "4-3"],   # 6 military
])
def test_ordinary_hand_is_not_a_branch_hand(tiles):
    """004 'Dealt-hand bonuses': hands outside the listed conditions are played normally."""
    assert _declare(tiles) == {"valid": False, "kind": None, "payments": [0, 0, 0, 0]}


def test_branch_hand_with_dealer_multiplier():
    """004: "Each opponent pays 20 (base 5 × 4) before dealer multiplier." — full dealer with 2 wins (x3)
    declaring: each pays 60; a non-dealer declaring against that dealer: the dealer pays 60."""
    tiles = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1"]
    assert _declare(tiles, seat=0, banker=0, k=2, prov=False)["payments"] == [180, -60, -60, -60]
    assert _declare(tiles, seat=1, banker=0, k=2, prov=False)["payments"] == [-60, 100, -20, -20]


def test_branch_hand_declared_in_a_game_skips_the_round():
    """004: "Dealt-hand bonuses (resolved immediately — the round is skipped, no tricks are played)"; declaring
    after the first lead is refused; a non-special hand is refused naming the seat."""
    g = new_game(T, first_banker=0)
    with pytest.raises(IllegalPlay) as exc:
        g.declare(3, ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"])
    assert "seat 3" in str(exc.value)
    ev = g.declare(3, ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"])
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["declared"] == "seven_branch" and end["payments"] == [-10, -10, -10, 30]
    assert (g.state.hand.number, g.state.hand.banker) == (2, 3)
    g.play(3, ["6-6"])
    with pytest.raises(InvalidAction):
        g.declare(0, ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1"])


def test_branch_hands_are_tenkyu_only():
    """004's dealt hands are option branch_hands (off in pagat): the same hand is not special there."""
    tiles = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1"]
    assert _declare(tiles, profile="pagat")["valid"] is False


# -- dealer multiplier ----------------------------------------------------------------------

@pytest.mark.parametrize("k,prov,factor", [(0, True, 1), (1, False, 2), (2, False, 3), (3, False, 4)])
def test_dealer_multiplier(k, prov, factor):
    """004 'Dealer multiplier': "Provisional dealer (仮親): ×1 (no multiplier); New full dealer (本親, 1 win): ×2;
    2 consecutive wins: ×3; 3 consecutive wins: ×4...".  "When the dealer wins, all losers' payments are
    multiplied. When a non-dealer wins, only the dealer's payment is multiplied."""
    assert settle(T, banker=0, k=k, provisional=prov, winner=0, tricks=[4, 1, 3, 0]) == \
        [9 * factor, -3 * factor, -1 * factor, -5 * factor]
    assert settle(T, banker=0, k=k, provisional=prov, winner=1, tricks=[1, 4, 3, 0]) == \
        [-3 * factor, 3 * factor + 6, -1, -5]


def test_settlement_multiplier_then_dealer_multiplier():
    """004: "Payments are first multiplied by the settlement multiplier, then by the dealer multiplier (when the
    dealer is involved)." — 賀四結 x4 and dealer x3: the dealer's 3 becomes 36, the others x4 only."""
    quad = ["3-1", "3-1", "4-1", "3-2"]
    pay = settle(T, banker=0, k=2, winner=1, tricks=[1, 5, 2, 0], last_trick=_lt(1, quad, quad, 1))
    assert pay == [-36, 64, -8, -20]


def test_no_cap_on_the_tenkyu_dealer_multiplier():
    """004 has no cap like navpil's: a losing dealer with 6 tricks is paid 2 x his multiplier."""
    assert settle(T, banker=0, k=2, winner=1, tricks=[6, 2, 0, 0])[0] == 2 * 3


# -- dealer system, starting score, game end ------------------------------------------------

def test_starting_score_fifty_and_zero_sum():
    """004: "All payments are zero-sum. Starting score: 50 points."""
    g = new_game(T)
    assert g.state.scores == [50, 50, 50, 50]
    hand_won_by(g, 2)
    assert sum(g.state.scores) == 200


def test_first_dealer_is_provisional_and_promoted_by_winning():
    """004 'Dealer System': "The first dealer is the provisional dealer (仮親)"; "If the dealer wins the round,
    they remain dealer (連荘, consecutive deal) and the multiplier increases. A winning provisional dealer is
    promoted to full dealer."  First hand x1, then x2, then x3."""
    g = new_game(T, first_banker=1)
    h = g.state.hand
    assert (h.banker, h.provisional, h.wins_in_a_row) == (1, True, 0)
    got = []
    for _ in range(3):
        ev = hand_won_by(g, 1)
        got.append([e for e in ev if e["type"] == "hand_ended"][0]["payments"][0])
    assert got == [-5 * 4, -5 * 4 * 2, -5 * 4 * 3]  # 八支結 x4 each time, then the dealer multiplier
    h = g.state.hand
    assert (h.banker, h.provisional, h.wins_in_a_row) == (1, False, 3)


def test_another_winner_becomes_full_dealer_at_times_two():
    """004: "If someone else wins, they become the new full dealer (multiplier starts at ×2 since that win
    counts)."""
    g = new_game(T, first_banker=0)
    hand_won_by(g, 2)
    h = g.state.hand
    assert (h.banker, h.provisional, h.wins_in_a_row) == (2, False, 1)
    ev = hand_won_by(g, 2)
    assert [e for e in ev if e["type"] == "hand_ended"][0]["payments"] == [-40, -40, 120, -40]


@pytest.mark.parametrize("profile,dealers", [("tenkyu", 8), ("tenkyu-short", 4)])
def test_game_ends_after_the_last_dealer_completes(profile, dealers):
    """004 'Game End': "The game ends after the 8th dealer completes"; 'Short Match': "the game ends after the
    4th dealer completes".  "The transition from provisional to full dealer (whether by winning or losing)
    counts as 1 dealer change."  A new winner each hand: the game lasts exactly that many hands."""
    g = new_game(profile, first_banker=0)
    hands = 0
    while g.state.status == "playing":
        hand_won_by(g, (g.state.hand.banker + 1) % 4)
        hands += 1
    assert hands == dealers
    assert f"{dealers}th dealer" in g.events[-1]["reason"]
    assert sum(g.state.scores) == 200


def test_provisional_promotion_counts_as_a_dealer_change():
    """004: "The transition from provisional to full dealer (whether by winning or losing) counts as 1 dealer
    change."  Short match: the provisional dealer wins (dealer 2, same seat), wins again (still dealer 2),
    then three different winners: dealers 3, 4 and the 4th completes after hand 5."""
    g = new_game("tenkyu-short", first_banker=1)
    seen = []
    for w in (1, 1, 2, 3, 0):
        assert g.state.status == "playing"
        hand_won_by(g, w)
        seen.append(g.state.hand.dealer if g.state.status == "playing" else None)
    assert seen == [2, 2, 3, 4, None]
    assert g.state.status == "over"


def test_safety_limit_of_32_rounds():
    """004: "(or a safety limit of 32 rounds)" — a dealer who never loses."""
    g = new_game("tenkyu-short", first_banker=0)
    hands = 0
    while g.state.status == "playing":
        sweep_hand(g)
        hands += 1
    assert hands == 32 and "32" in g.events[-1]["reason"]


def test_final_trick_copper_supreme_beaten_is_a_multiplier_only():
    """004 Note: "When 四大賀, 賀尊, or 包尊 occur on the final trick, the immediate bonus is not applied — only the
    corresponding settlement multiplier ... takes effect" and '賀尊 on last trick: 銅錘六 supreme beaten by 高脚七 →
    ×2'.  Seat 0 (6 tricks) leads 5-1+5-1 last, seat 1 takes it with 6-1+6-1: no payment event; seat 1 pays
    seat 0 (4-6) x 2 and receives 5 x 2 from seats 2 and 3."""
    g = new_game(T, first_banker=0)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4"):
        play_trick(g, [t, "#", "#", "#"])
    ev = play_trick(g, ["5-1+5-1", "6-1+6-1", "#2", "#2"])
    assert not [e for e in ev if e["type"] == "payment"]
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["winner"] == 1 and end["payments"] == [4, 16, -10, -10]


def test_seven_sweep_with_combinations_counts_tricks_not_leads():
    """004 '七支結': "One player wins 7+ consecutive tricks from trick 1" — tricks as credited: three pairs and a
    single are 7 tricks; the restriction is lifted and the sweeper is paid x2 when another takes the last."""
    g = new_game(T, first_banker=0)
    for t in ("6-6+6-6", "1-1+1-1", "4-4+4-4"):
        play_trick(g, [t, "#2", "#2", "#2"])
    play_trick(g, ["3-1", "#", "#", "#"])
    g.play(0, ["5-1"])
    assert g.must_fold(1) is False
    ev = play_trick(g, ["6-1", "#", "#"])
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["winner"] == 0 and end["payments"] == [30, -10, -10, -10]


def test_view_shows_no_early_death_when_seven_sweep_lifts_it():
    """004: "if 七支結 is confirmed ... this restriction is lifted and all players may play face-up" — the side
    screen's early_death flag should agree with the engine (must_fold is False for everyone)."""
    from referee.views import view

    g = new_game(T, first_banker=0)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"):
        play_trick(g, [t, "#", "#", "#"])
    g.play(0, ["5-1"])
    assert not any(g.must_fold(s) for s in (1, 2, 3))
    assert view(g.state, "public")["hand"]["early_death"] is False


def test_tile_counts_22_civil_10_military():
    """004 'Equipment': "Civil tiles (文牌, 22 tiles): 11 types × 2 identical copies each. Military tiles (武牌, 10
    tiles): 10 unique tiles, paired by pip total."""
    from referee.tiles import FULL_SET

    assert sum(t.is_civil for t in FULL_SET) == 22 and len({t for t in FULL_SET if t.is_civil}) == 11
    assert sum(not t.is_civil for t in FULL_SET) == 10 and len({t for t in FULL_SET if not t.is_civil}) == 10


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eight_tricks_per_round_and_zero_sum_in_random_games(seed):
    """004: "The total trick count across all players always equals 8 per round."  "All payments are zero-sum."
    Random legal tenkyu-short games: every settled round credits 8 tricks and the scores keep summing to 200."""
    import random

    from referee.simulate import simulate_game

    g = simulate_game("tenkyu-short", random.Random(seed))
    ends = [e for e in g.events if e["type"] == "hand_ended"]
    assert ends
    for e in ends:
        assert sum(e["tricks"]) == 8 and sum(e["payments"]) == 0
        assert sum(e["scores"]) == 200
    assert g.state.status == "over"
