"""Seed 000_81018c6b564607b8.txt (Pagat, Celko/Kam Hong Kong rules): every rule and example.

Each test's docstring quotes the passage it checks.  Profile 'pagat' (and 'pagat-hk' for the
Hong Kong consecutive-win multiplier) implement this seed.
"""

from __future__ import annotations

import itertools

import pytest

from referee.game import GameOver, IllegalPlay, InvalidAction, OutOfTurn, WrongCount
from referee.tiles import CIVIL_ORDER, FULL_SET, MILITARY_ORDER, Tile

from ._support import (
    S000,
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

QUOTES = [
    "the following eleven tiles duplicated: 6-6, 6-5, 6-4, 6-1, 5-5, 5-1, 4-4, 3-3, 3-1, 2-2, 1-1",
    "The banker also leads to the first trick of the hand",
    "In the case of a tie, the tile played earliest wins",
    "A mixed pair of Man-seven ([4-4] and [5-2]) beats Goose-five",
    "Nothing beats it, and it can beat nothing",
    "No other two pair combinations aside from sets of four",
    "but not a set of two Eights and an Earth because of mismatched suits",
    "you would pay the banker 4 - 3 = 1 point",
    "any non-winner with no columns (no tricks) pays five points",
    "if the current banker wins only one column, he pays 3 x 2 = 6 points",
    "he is paid 4 points per trick below par",
    "the Gee Joon would collect four points from the current banker",
    "A player who wins a quartet trick immediately collects four points from each other player",
    "any players who have not won any trick during the first seven tiles immediately forfeit",
    "The singleton Little Three",
    "so the banker would have all end of hand payments quadrupled",
    "the end of hand payments are thus quadrupled (or eight times if the banker wins!)",
    "unbeatable seen from his own eyes",
    "are made by the player of the Little Three instead",
    "There are only 13 tiles without red pips",
]


@pytest.mark.parametrize("quote", QUOTES)
def test_quoted_passages_are_in_the_seed(quote):
    """The passages these tests cite are really in seed 000 (skips if ../shared is absent)."""
    assert_quoted(S000, quote)


# -- the set --------------------------------------------------------------------------------

def test_set_has_32_tiles_with_eleven_duplicated():
    """000 'Players and Equipment': "The set consists of all pairs of numbers from 1-1 to 6-6, with
    the following eleven tiles duplicated: 6-6, 6-5, 6-4, 6-1, 5-5, 5-1, 4-4, 3-3, 3-1, 2-2, 1-1"
    (32 tiles: 21 distinct, 11 doubled)."""
    assert len(FULL_SET) == 32
    doubled = {t.name for t in set(FULL_SET) if FULL_SET.count(t) == 2}
    assert doubled == {"6-6", "6-5", "6-4", "6-1", "5-5", "5-1", "4-4", "3-3", "3-1", "2-2", "1-1"}
    assert all(FULL_SET.count(t) == 1 for t in set(FULL_SET) if t.name not in doubled)


def test_all_doubles_are_civil_and_suits_are_as_listed():
    """000 'Civil Suit': "Note that all of the doubles are civilian."  The civil table lists eleven
    tiles and the military list ten (Gow, Bart, Chut, Lok, Ng, Sam)."""
    for h in range(1, 7):
        assert Tile.parse(f"{h}-{h}").is_civil
    assert [f"{a}-{b}" for a, b in CIVIL_ORDER] == [
        "6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
    mil = ["6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"]
    assert all(not Tile.parse(t).is_civil for t in mil)
    assert len([k for same in MILITARY_ORDER for k in same]) == 10


def test_unknown_tile_is_refused_with_its_name():
    """000: the set is "all pairs of numbers from 1-1 to 6-6" — no blanks, no 7s.  The judge contract
    answers an unknown tile with {"error": ...} naming it."""
    for bad in ("7-7", "0-0", "6-0"):
        res = lead([bad])
        assert set(res) == {"error"} and bad in res["error"]


# -- leads ----------------------------------------------------------------------------------

@pytest.mark.parametrize("tiles,category", [
    (["6-6"], "single"),
    (["2-1"], "single"),
    (["6-6", "6-6"], "civil_pair"),
    (["5-1", "5-1"], "civil_pair"),
    (["6-3", "5-4"], "military_pair"),
    (["4-1", "3-2"], "military_pair"),
    (["6-6", "6-3"], "mixed_pair"),
    (["3-1", "3-2"], "mixed_pair"),
    (["4-2", "2-1"], "supreme_pair"),
    (["6-6", "6-6", "6-3"], "triple"),
    (["1-1", "6-2", "5-3"], "triple"),
    (["1-1", "1-1", "6-2", "5-3"], "quad"),
])
def test_what_may_be_led(tiles, category):
    """000 'The Play': "a player can lead: one tile (singleton), a pair of tiles (bo or pair), a set of 3
    tiles (triplet), a set of 4 tiles (quartet)"; the pair table (civil, military, mixed, Supreme);
    "two Heavens and a Nine constitute a set of three, while two pairs of Earths and two Eights
    constitute a set of four"."""
    assert lead(tiles) == {"valid": True, "category": category}


@pytest.mark.parametrize("tiles,words", [
    (["6-6", "6-6", "1-1", "1-1"], "set of four"),
    (["6-6", "6-6", "6-3", "6-2"], "set of four"),
    (["1-1", "1-1", "6-3", "5-4"], "set of four"),
    (["6-6", "6-6", "6-2"], "set of three"),
    (["6-6", "1-1", "4-4"], "set of three"),
    (["6-6", "1-1"], "not a pair"),
    (["6-6", "6-2"], "not a pair"),
    (["4-2", "4-1"], "not a pair"),
    (["2-1", "3-2"], "not a pair"),
    (["6-3", "6-2"], "not a pair"),
    (["5-5", "6-3"], "not a pair"),
    (["6-6", "6-6", "6-6"], "only two"),
    (["6-6", "6-6", "6-3", "5-4", "1-1"], "at most four"),
])
def test_illegal_leads_are_refused_with_a_reason(tiles, words):
    """000 'Triplet and Quartet Sets': "No other two pair combinations aside from sets of four, as
    defined above, can be led"; sets are "Heavens and Nines, Earths and Eights, Man and Sevens, Goose
    and Fives"; the Big Six and Little Three pair only as the Gee Joon; the set holds two of each civil
    tile."""
    res = lead(tiles)
    assert res["valid"] is False
    assert words in res["reason"]
    if len(tiles) <= 4:
        assert tiles[0] in res["reason"]


def test_game_refuses_an_illegal_lead_naming_seat_and_tiles():
    """000: "No other two pair combinations aside from sets of four ... can be led" — the engine
    refuses 6-6+6-6+1-1+1-1 and says who and what."""
    g = new_game()
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["6-6", "6-6", "1-1", "1-1"])
    assert "seat 0" in str(exc.value) and "6-6+6-6+1-1+1-1" in str(exc.value)
    assert len(g.events) == 2  # nothing emitted


def test_banker_leads_the_first_trick():
    """000 'The Deal': "The banker also leads to the first trick of the hand." — another seat
    playing first is out of turn."""
    g = new_game(first_banker=2)
    assert g.state.hand.banker == 2 and g.state.hand.turn == 2
    with pytest.raises(OutOfTurn) as exc:
        g.play(3, ["6-6"])
    assert "seat 2" in str(exc.value) and "seat 3" in str(exc.value)


def test_winner_of_each_trick_leads_the_next():
    """000 'The Deal': "After that, the winner of each trick leads the next trick."""
    g = new_game()
    play_trick(g, ["2-2", "3-3", "#", "#"])  # seat 1 wins
    assert g.state.hand.leader == 1 and g.state.hand.turn == 1
    with pytest.raises(OutOfTurn):
        g.play(2, ["6-6"])


def test_followers_play_the_same_number_of_tiles():
    """000 'The Play': "Each of the other players in turn then plays the same number of tiles"."""
    g = new_game()
    g.play(0, ["6-6", "6-6"])
    with pytest.raises(WrongCount) as exc:
        g.play(1, None, face="down", count=1)
    assert "seat 1" in str(exc.value) and "2-tile trick" in str(exc.value)
    with pytest.raises(WrongCount):
        g.play(1, ["1-1", "1-1", "4-4"], face="down")
    res = trick(0, [("6-6+6-6", "up"), ("1-1", "down"), ("4-4+4-4", "down"), ("3-1+3-1", "down")])
    assert "error" in res and "seat 1" in res["error"]


def test_discard_may_be_any_tiles_face_down():
    """000 'Two Tile Tricks': "When discarding, you do not have to follow suit and indeed you do not
    have to discard another pair -- you can discard any two tiles you like."""
    res = trick(0, [("6-6+6-6", "up"), ("2-1+6-5", "down"), ("1-1+4-2", "down"), ("5-1+6-3", "down")])
    assert res == {"winner": 0, "tricks_credited": 2}


def test_face_up_tiles_that_do_not_beat_are_refused():
    """000 'The Play': "if a player's tile(s) do not beat the current high tile ... then they must be
    played face down as discards."  The engine names the seat and both plays."""
    g = new_game()
    g.play(0, ["4-4"])
    with pytest.raises(IllegalPlay) as exc:
        g.play(1, ["6-4"])
    msg = str(exc.value)
    assert "seat 1" in msg and "6-4" in msg and "4-4" in msg
    g.play(1, ["6-4"], face="down")
    g.play(2, ["1-1"])  # beats 4-4: new current high
    with pytest.raises(IllegalPlay) as exc:
        g.play(3, ["4-4"])  # beats the lead but not the current high tile
    assert "seat 3" in str(exc.value) and "1-1" in str(exc.value)


def test_a_lead_is_face_up():
    """000 'The Play': the leader sets the high tile; only followers discard face down."""
    g = new_game()
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["6-6"], face="down")
    assert "seat 0" in str(exc.value)


# -- single tiles ---------------------------------------------------------------------------

_CIVIL = ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
_MILITARY = [["6-3", "5-4"], ["6-2", "5-3"], ["5-2", "4-3"], ["4-2"], ["4-1", "3-2"], ["2-1"]]


@pytest.mark.parametrize("hi,lo", list(itertools.combinations(_CIVIL, 2)))
def test_civil_single_ranking(hi, lo):
    """000 'Civil Suit': "The civil suit is ranked from highest to lowest by this table": Heaven, Earth,
    Man, Goose, Plum Flower, Double Three, Board, Hatchet, Partition, Long leg Seven, Big Head Six;
    'Single Tile Tricks': "A tile beats another tile if ... the first tile is higher in that suit's
    ranking"."""
    assert beats([lo], [hi]) is True
    assert beats([hi], [lo]) is False


@pytest.mark.parametrize("hi_rank,lo_rank", list(itertools.combinations(range(6), 2)))
def test_military_single_ranking(hi_rank, lo_rank):
    """000 'Military Suit': Gow (Nines) > Bart (Eights) > Chut (Sevens) > Lok (Big Six) > Ng (Fives) >
    Sam (Little Three)."""
    for hi in _MILITARY[hi_rank]:
        for lo in _MILITARY[lo_rank]:
            assert beats([lo], [hi]) is True
            assert beats([hi], [lo]) is False


@pytest.mark.parametrize("a,b", [("6-3", "5-4"), ("6-2", "5-3"), ("5-2", "4-3"), ("4-1", "3-2"),
                                 ("6-6", "6-6"), ("5-1", "5-1")])
def test_equal_tiles_tie_and_the_earliest_wins(a, b):
    """000 'Military Suit': "[6-3], [5-4] Gow - Nines (the two tiles are ranked equally)";
    'Single Tile Tricks': "In the case of a tie, the tile played earliest wins. Thus if your tile is equal
    to or lower than the current high tile in a trick, it must be discarded face down."""
    assert beats([a], [b]) is False
    res = trick(0, [(a, "up"), (b, "up"), ("2-2", "down"), ("3-3", "down")])
    assert "error" in res and "seat 1" in res["error"] and b in res["error"]
    res = trick(0, [(a, "up"), (b, "down"), ("2-2", "down"), ("3-3", "down")])
    assert res["winner"] == 0


@pytest.mark.parametrize("led,other", [("2-1", "6-6"), ("5-1", "6-3"), ("4-2", "1-1"), ("6-1", "4-2")])
def test_a_tile_of_the_other_suit_never_beats(led, other):
    """000 'Single Tile Tricks': "if your tile is of a different suit than the tile led, it must be
    discarded face down" (even Heaven does not beat the Little Three)."""
    assert beats([led], [other]) is False
    res = trick(1, [(led, "up"), (other, "up"), ("2-2", "down"), ("3-3", "down")])
    assert "error" in res and "seat 2" in res["error"] and other in res["error"]


# -- pairs ----------------------------------------------------------------------------------

def test_heaven_pair_beats_earth_pair_but_not_military_sevens_nor_goose_five():
    """000 'Two Tile Tricks': "a Civil pair of Heavens ([6-6] and [6-6]) beats a pair of Earth ([1-1] and
    [1-1]), but not a Military pair of sevens ([5-2] and [4-3]), nor a mixed pair of Goose-five if that
    is what was lead."""
    assert beats(["1-1", "1-1"], ["6-6", "6-6"]) is True
    assert beats(["5-2", "4-3"], ["6-6", "6-6"]) is False
    assert beats(["3-1", "4-1"], ["6-6", "6-6"]) is False
    assert beats(["3-1", "3-2"], ["6-6", "6-6"]) is False


def test_man_seven_beats_goose_five_but_plum_pair_beats_neither():
    """000 'Two Tile Tricks': "A mixed pair of Man-seven ([4-4] and [5-2]) beats Goose-five, but neither is
    beaten by) the Civil Plum-pair ([5-5] and [5-5])."""
    assert beats(["3-1", "4-1"], ["4-4", "5-2"]) is True
    assert beats(["3-1", "3-2"], ["4-4", "4-3"]) is True
    assert beats(["4-4", "5-2"], ["3-1", "4-1"]) is False
    assert beats(["4-4", "5-2"], ["5-5", "5-5"]) is False
    assert beats(["3-1", "4-1"], ["5-5", "5-5"]) is False


@pytest.mark.parametrize("hi,lo", list(itertools.combinations(_CIVIL, 2)))
def test_civil_pairs_rank_as_the_table(hi, lo):
    """000 pair table, Double Civil column: Heaven, Earth, Man, Goose, Flower, Long, Board, Hatchet,
    Partition, Long Leg Seven, Big Head Six."""
    assert beats([lo, lo], [hi, hi]) is True
    assert beats([hi, hi], [lo, lo]) is False


@pytest.mark.parametrize("hi,lo", list(itertools.combinations(
    [("6-3", "5-4"), ("6-2", "5-3"), ("5-2", "4-3"), ("4-1", "3-2")], 2)))
def test_military_pairs_rank_as_the_table(hi, lo):
    """000 pair table, Double Military: "6-3 & 5-4 Jaap Gow - mixed nines", "6-2 & 5-3 Jaap Bart",
    "5-2 & 4-3 Jaap Chut", "4-1 & 3-2 Jaap Ng" (highest first)."""
    assert beats(list(lo), list(hi)) is True
    assert beats(list(hi), list(lo)) is False


@pytest.mark.parametrize("hi,lo", list(itertools.combinations(
    [("6-6", "6-3"), ("1-1", "5-3"), ("4-4", "4-3"), ("3-1", "4-1")], 2)))
def test_mixed_pairs_rank_as_the_table(hi, lo):
    """000 pair table, Mixed Pairs: "6-6 & 6-3 6-6 & 5-4", "1-1 & 5-3 1-1 & 6-2", "4-4 & 4-3 4-4 & 5-2",
    "3-1 & 4-1 3-1 & 3-2" (highest first)."""
    assert beats(list(lo), list(hi)) is True
    assert beats(list(hi), list(lo)) is False


def test_the_two_mixed_heaven_nines_tie():
    """000 pair table: 6-6 & 6-3 and 6-6 & 5-4 are the same mixed pair; a tie goes to the earlier."""
    assert beats(["6-6", "6-3"], ["6-6", "5-4"]) is False
    assert beats(["6-6", "5-4"], ["6-6", "6-3"]) is False


def test_gee_joon_is_not_double_military_and_beats_nothing():
    """000 'Special Pair': "This pair is not considered double-Military ... Nothing beats it, and it can
    beat nothing. ... if played against another other pair led, it must always be discarded"."""
    assert lead(["4-2", "2-1"])["category"] == "supreme_pair"
    for led in (["4-1", "3-2"], ["5-1", "5-1"], ["3-1", "3-2"]):
        assert beats(led, ["4-2", "2-1"]) is False
    for ch in (["6-6", "6-6"], ["6-3", "5-4"], ["6-6", "6-3"], ["1-1", "1-1"]):
        assert beats(["4-2", "2-1"], ch) is False
    res = trick(3, [("4-1+3-2", "up"), ("4-2+2-1", "up"), ("#", "down"), ("#", "down")])
    assert "error" in res and "seat 0" in res["error"]


def test_gee_joon_led_always_wins_the_trick():
    """000 'Special Pair': "if led, it will always win since nothing beats it"."""
    res = trick(2, [("4-2+2-1", "up"), ("6-6+6-6", "down"), ("6-3+5-4", "down"), ("1-1+1-1", "down")])
    assert res == {"winner": 2, "tricks_credited": 2}
    res = trick(2, [("4-2+2-1", "up"), ("6-6+6-6", "up"), ("6-3+5-4", "down"), ("1-1+1-1", "down")])
    assert "error" in res and "seat 3" in res["error"] and "6-6+6-6" in res["error"]


# -- triplets and quartets ------------------------------------------------------------------

def test_two_heavens_and_a_nine_beat_two_earths_and_an_eight_but_not_two_eights_and_an_earth():
    """000 'Triplet and Quartet Sets': "a triplet set of two Heavens and a Nine ([6-6], [6-6] and [6-3] or
    [5-4]) can beat a set of two Earths and an Eight ([1-1], [1-1] and [6-2] or [5-3]), but not a set of
    two Eights and an Earth because of mismatched suits."""
    for nine in ("6-3", "5-4"):
        for eight in ("6-2", "5-3"):
            assert beats(["1-1", "1-1", eight], ["6-6", "6-6", nine]) is True
    assert beats(["6-2", "5-3", "1-1"], ["6-6", "6-6", "6-3"]) is False
    assert beats(["6-2", "5-3", "1-1"], ["6-3", "5-4", "6-6"]) is True  # same suits: two Nines and a Heaven


def test_lower_triplet_does_not_beat_higher_and_equal_structure_needed():
    """000: a triplet beats a triplet if "The tiles have the same suits, and Each tile in the first ...
    beats its corresponding tile in the second"."""
    assert beats(["6-6", "6-6", "6-3"], ["1-1", "1-1", "6-2"]) is False
    assert beats(["3-1", "3-1", "4-1"], ["4-4", "4-4", "5-2"]) is True
    assert beats(["3-1", "4-1", "3-2"], ["4-4", "4-4", "5-2"]) is False


@pytest.mark.parametrize("hi,lo", list(itertools.combinations([
    ["6-6", "6-6", "6-3", "5-4"], ["1-1", "1-1", "6-2", "5-3"], ["4-4", "4-4", "5-2", "4-3"],
    ["3-1", "3-1", "4-1", "3-2"]], 2)))
def test_quartets_rank_heaven_earth_man_goose(hi, lo):
    """000: "Since any quartet consists of two civilians and two Militaries, suit matching is not an
    issue"; sets rank Heavens and Nines, Earths and Eights, Man and Sevens, Goose and Fives."""
    assert lead(hi)["category"] == "quad"
    assert beats(lo, hi) is True
    assert beats(hi, lo) is False


def test_triplet_or_quartet_trick_credits_that_many_tricks():
    """000 'Scoring': "winning a triplet would generate twelve tiles which the winner of the trick stacks
    as three columns"."""
    res = trick(0, [("1-1+1-1+6-2", "up"), ("6-6+6-6+6-3", "up"), ("#", "down"), ("#", "down")])
    assert "error" in res and "'#'" in res["error"]  # '#' is not a tile name
    res = trick(0, [("1-1+1-1+6-2", "up"), ("6-6+6-6+6-3", "up"), ("2-2+3-3+6-5", "down"),
                    ("4-4+4-4+5-5", "down")])
    assert res == {"winner": 1, "tricks_credited": 3}


# -- scoring --------------------------------------------------------------------------------

def test_triplet_loser_pays_one_point():
    """000 'Scoring': "if you only win a triplet trick and it is not the last trick of the hand, then you
    are a loser with three columns, and you would pay the banker 4 - 3 = 1 point"."""
    pay = settle(banker=3, winner=0, tricks=[3, 3, 2, 0])  # seat 0 won the last trick (new banker)
    assert pay[1] == -1
    assert pay[2] == -2


def test_no_columns_pays_five_and_above_par_is_paid_by_the_winner():
    """000 'Scoring': "As a special case any non-winner with no columns (no tricks) pays five points";
    "If he's above par, the winner pays him the difference."""
    pay = settle(banker=1, winner=0, tricks=[2, 0, 6, 0], provisional=False)
    assert pay[3] == -5
    assert pay[2] == +2
    assert pay[1] == -10  # the banker, doubled
    assert pay[0] == 5 + 10 - 2


def test_banker_who_wins_one_column_pays_six():
    """000 '"Banker Double" Rule': "if the current banker wins only one column, he pays 3 x 2 = 6 points
    to the winner (new banker)."""
    pay = settle(banker=0, winner=1, tricks=[1, 3, 4, 0])
    assert pay == [-6, 11, 0, -5]


def test_banker_double_applies_to_what_the_banker_receives():
    """000: "The banker's payments to or from the other players are doubled."""
    pay = settle(banker=2, winner=2, tricks=[1, 3, 4, 0])
    assert pay == [-6, -2, 18, -10]
    pay = settle(banker=1, winner=0, tricks=[2, 6, 0, 0])  # winner pays the banker 2 x 2
    assert pay[1] == 4


@pytest.mark.parametrize("k,per_trick", [(0, 2), (1, 4), (2, 6), (3, 8)])
def test_hong_kong_consecutive_win_multiplier(k, per_trick):
    """000 'A local variation in Hong Kong': "if the new banker wins a second time, he is paid 4 points
    per trick below par by the other players ... If he then goes on to win a third time, he would triple
    all transactions (6 points per trick), and on his fourth win they would be quadrupled".
    banker_wins_in_a_row counts the wins before this hand (the win that made him banker counts), so
    k=1 is his second win."""
    pay = settle("pagat-hk", banker=0, k=k, winner=0, tricks=[4, 3, 1, 0])
    assert pay[1] == -1 * per_trick
    assert pay[2] == -3 * per_trick
    assert pay[3] == -5 * per_trick
    assert settle("pagat", banker=0, k=k, winner=0, tricks=[4, 3, 1, 0])[1] == -2  # plain rule: x2 only


def test_hong_kong_multiplier_only_when_the_banker_wins():
    """000: "when the banker wins, the payments are also multiplied by his number of consecutive wins"
    — a losing banker pays the plain double (option hong_kong_both_ways, off by default; the seed
    says only 'when the banker wins')."""
    assert settle("pagat-hk", banker=0, k=3, winner=1, tricks=[1, 3, 4, 0])[0] == -6
    assert settle("pagat-hk", banker=0, k=3, winner=1, tricks=[1, 3, 4, 0],
                  hong_kong_both_ways=True)[0] == -6 * 3


def test_gee_joon_collects_two_from_each_four_from_the_banker():
    """000 'Payments for Tricks': "Any trick won by playing the Gee Joon ... immediately collects two points
    from each other player ... the Gee Joon would collect four points from the current banker, and if the
    Gee Joon was played by the current banker, it would collect four points from all others."""
    assert bonus("gee_joon_led", 2, banker=0) == [-4, -2, 8, -2]
    assert bonus("gee_joon_led", 0, banker=0) == [12, -4, -4, -4]


def test_quartet_collects_four_from_each():
    """000 'Payments for Tricks': "A player who wins a quartet trick immediately collects four points from
    each other player. Again, "banker double" rule applies"."""
    assert bonus("quad_won", 1, banker=3) == [-4, 16, -4, -8]
    assert bonus("quad_won", 3, banker=3) == [-8, -8, -8, 24]


def test_gee_joon_payment_is_made_during_the_hand():
    """000 'Payments for Tricks': "These payments are made during the hand" — a payment event follows the
    Gee Joon trick and the scores move at once."""
    g = new_game(first_banker=1)
    play_trick(g, ["2-2", "3-3", "5-5", "#"])  # seat 3 wins with 5-5
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    pays = [e for e in ev if e["type"] == "payment"]
    assert len(pays) == 1 and pays[0]["kind"] == "gee_joon_led"
    assert pays[0]["payments"] == [-2, -4, -2, 8]
    assert g.state.scores == [-2, -4, -2, 8]


def test_quartet_payment_is_made_during_the_hand():
    """000: "A player who wins a quartet trick immediately collects four points from each other player"."""
    g = new_game(first_banker=0)
    ev = play_trick(g, ["3-1+3-1+4-1+3-2", "6-6+6-6+6-3+5-4", "#4", "#4"])
    pays = [e for e in ev if e["type"] == "payment"]
    assert [p["payments"] for p in pays] == [[-8, 16, -4, -4]]
    assert g.state.hand.tricks == [0, 4, 0, 0]


# -- early death ----------------------------------------------------------------------------

def _to_last_trick(g):
    """Tricks: seat 1 wins trick 0 with 6-6, seat 2 wins trick 1 with 6-1 and tricks 2..6; seat 2 leads
    the Little Three to the last trick.  Seats 0 and 3 have no trick."""
    play_trick(g, ["2-2", "6-6", "#", "#"])
    play_trick(g, ["5-1", "6-1", "#", "#"])
    for t in ("6-6", "1-1", "1-1", "4-4", "4-4"):
        play_trick(g, [t, "#", "#", "#"])
    assert g.state.hand.tricks == [0, 1, 6, 0]
    g.play(2, ["2-1"])


def test_early_death_forces_a_trickless_player_to_discard():
    """000 'The "Early Death" Rule': "If seven tiles have been played by each player so that the last trick
    is a singleton tile trick, then any players who have not won any trick during the first seven tiles
    immediately forfeit the last trick also. Those players' final tiles are immediately discarded face
    down regardless of what they are"."""
    g = new_game(first_banker=0)
    _to_last_trick(g)
    assert g.must_fold(3) is True
    with pytest.raises(IllegalPlay) as exc:
        g.play(3, ["4-2"])
    assert "early death" in str(exc.value) and "seat 3" in str(exc.value)
    g.play(3, ["4-2"], face="down")
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["6-3"])
    assert "seat 0" in str(exc.value)
    g.play(0, ["6-3"], face="down")
    assert g.must_fold(1) is False


def test_early_death_trickless_players_pay_five_and_big_six_captures_little_three():
    """000 'Early Death': "those unfortunate players, having no tricks, will pay five points to whoever
    wins"; '"Big Six Captures Little Three" Bonus': "If the last trick is a single tile trick, and is led
    with the Little Three ... and it is eventually won by a second player ... with the Big Six ... any
    payment that the other two players not involved ... have to make to the player of the Big Six are made
    by the player of the Little Three instead ... the player of the Big Six would not gain anything extra."
    Here seat 1 (one trick) takes seat 2's Little Three with the Big Six: seat 0 (banker, no trick: 5 x 2)
    and seat 3 (no trick: 5) would pay 15; seat 2 pays it instead; seat 1 pays seat 2 the 2 above par."""
    g = new_game(first_banker=0)
    _to_last_trick(g)
    g.play(3, None, face="down", count=1)
    g.play(0, None, face="down", count=1)
    ev = g.play(1, ["4-2"])
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["winner"] == 1 and end["tricks"] == [0, 2, 6, 0]
    assert end["payments"] == [0, 13, -13, 0]
    assert any("Little Three" in r for r in end["reasons"])


def test_early_death_does_not_apply_before_the_last_trick_or_to_a_combination():
    """000 'Strategy': "Notice that if the final trick is not a singleton tile, the "early death" rule
    cannot apply. This means that all players are in contention for the last trick"."""
    g = new_game(first_banker=0)
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4"):
        play_trick(g, [t, "#", "#", "#"])
    g.play(0, ["2-2", "2-2"])
    assert g.must_fold(1) is False
    ev = g.play(1, ["3-3", "3-3"])  # no trick yet, but may win a pair last trick
    assert ev[-1]["type"] == "play"
    res = trick(0, [("2-2+2-2", "up"), ("3-3+3-3", "up"), ("#", "down"), ("#", "down")],
                before=[6, 0, 0, 0], last=True)
    assert "error" in res  # '#' is not a tile
    res = trick(0, [("2-2+2-2", "up"), ("3-3+3-3", "up"), ("6-5+6-4", "down"), ("6-1+5-1", "down")],
                before=[6, 0, 0, 0], last=True)
    assert res == {"winner": 1, "tricks_credited": 2}
    res = trick(0, [("2-2", "up"), ("3-3", "up"), ("6-5", "down"), ("6-1", "down")], before=[7, 0, 0, 0])
    assert res == {"winner": 1, "tricks_credited": 1}  # not the last trick


def test_judge_trick_early_death():
    """000 'Early Death' through the judge: on a last single trick a trickless player's face-up play is an
    error naming the seat; a player with a trick may win."""
    res = trick(2, [("2-1", "up"), ("4-2", "up"), ("6-6", "down"), ("6-5", "down")],
                before=[0, 1, 6, 0], last=True)
    assert "error" in res and "seat 3" in res["error"] and "early death" in res["error"]
    res = trick(2, [("2-1", "up"), ("4-2", "down"), ("6-6", "down"), ("4-1", "up")],
                before=[0, 1, 6, 0], last=True)
    assert res == {"winner": 1, "tricks_credited": 1}


# -- last trick bonuses ---------------------------------------------------------------------

def _lt(leader, led, won_with, won_by):
    return {"leader": leader, "led": led, "won_with": won_with, "won_by": won_by}


def test_last_trick_bonuses_double_the_end_of_hand_payments():
    """000 'Last Trick Bonuses': "The end of hand payments ... are doubled for everyone if the last trick is
    won by: Any quartet; The Gee Joon ("supreme pair"); The singleton Little Three"."""
    base = settle(banker=3, winner=1, tricks=[1, 5, 2, 0])
    assert base == [-3, 15, -2, -10]
    quad = settle(banker=3, winner=1, tricks=[1, 5, 2, 0],
                  last_trick=_lt(0, ["3-1", "3-1", "4-1", "3-2"], ["4-4", "4-4", "5-2", "4-3"], 1))
    gee = settle(banker=3, winner=1, tricks=[1, 5, 2, 0],
                 last_trick=_lt(1, ["4-2", "2-1"], ["4-2", "2-1"], 1))
    three = settle(banker=3, winner=1, tricks=[1, 5, 2, 0], last_trick=_lt(1, ["2-1"], ["2-1"], 1))
    plain = settle(banker=3, winner=1, tricks=[1, 5, 2, 0], last_trick=_lt(1, ["6-6"], ["6-6"], 1))
    assert plain == base
    for pay in (quad, gee, three):
        assert pay == [2 * p for p in base]


def test_last_trick_bonus_and_banker_double_quadruple():
    """000: "This rule is in addition to the "banker double" rule, so the banker would have all end of hand
    payments quadrupled."""
    pay = settle(banker=1, winner=1, tricks=[1, 5, 2, 0], last_trick=_lt(1, ["2-1"], ["2-1"], 1))
    assert pay == [-12, 40, -8, -20]


def test_gee_joon_last_trick_pays_undoubled_immediately_and_doubles_settlement():
    """000 'Last Trick Bonuses': "Note that in cases (a) and (b) there are (undoubled) pay-per-trick
    payments in addition to doubled end of hand payments."  Seat 1 takes trick 1 and leads the Gee Joon to
    the last trick; banker seat 0 won trick 0."""
    g = new_game(first_banker=0)
    play_trick(g, ["6-6", "#", "#", "#"])
    play_trick(g, ["2-2", "6-6", "#", "#"])
    for t in ("1-1", "1-1", "4-4", "4-4"):
        play_trick(g, [t, "#", "#", "#"])
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    pay = [e for e in ev if e["type"] == "payment"]
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert [p["payments"] for p in pay] == [[-4, 8, -2, -2]]  # immediate, banker double only
    assert end["tricks"] == [1, 7, 0, 0]
    assert end["payments"] == [-12, 32, -10, -10]  # (4-1) x 2 x 2; 5 x 2; 5 x 2


def test_little_three_won_by_another_tile_is_no_bonus():
    """000: the singleton Little Three bonus needs the Little Three to win the last trick; taken by a Nine
    (not the Big Six) there is neither doubling nor capture."""
    base = settle(banker=3, winner=1, tricks=[1, 5, 2, 0])
    pay = settle(banker=3, winner=1, tricks=[1, 5, 2, 0], last_trick=_lt(0, ["2-1"], ["6-3"], 1))
    assert pay == base


# -- complete game --------------------------------------------------------------------------

def test_complete_game_doubles_and_banker_double_applies():
    """000 'Complete Game Bonus': "If any player wins all eight tiles ... the end of hand payments are also
    doubled."  A banker sweep: each loser pays 5 x 2 (complete) x 2 (banker)."""
    g = new_game(first_banker=0)
    ev = sweep_hand(g)
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["payments"] == [60, -20, -20, -20]
    assert settle(banker=0, winner=1, tricks=[0, 8, 0, 0]) == [-20, 40, -10, -10]


def test_complete_game_with_bonus_last_trick_quadruples_eight_times_for_banker():
    """000: "If his last trick happens to be a bonus trick as listed above, both doublings apply and the end
    of hand payments are thus quadrupled (or eight times if the banker wins!)"."""
    pay = settle(banker=3, winner=1, tricks=[0, 8, 0, 0], last_trick=_lt(1, ["2-1"], ["2-1"], 1))
    assert pay == [-20, 80, -20, -40]
    pay = settle(banker=1, winner=1, tricks=[0, 8, 0, 0], last_trick=_lt(1, ["2-1"], ["2-1"], 1))
    assert pay == [-40, 120, -40, -40]
    g = new_game(first_banker=0)
    ev = sweep_hand(g, leads=("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "2-1"))
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["payments"] == [120, -40, -40, -40]


def _sweep_payments(leads, **opts):
    g = new_game(first_banker=0, **opts)
    for t in leads:
        n = len(t.split("+"))
        play_trick(g, [t] + [f"#{n}" if n > 1 else "#"] * 3)
    end = [e for e in g.events if e["type"] == "hand_ended"][0]
    return end["payments"]


@pytest.mark.parametrize("leads,why", [
    (["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"], "a singleton Heaven"),
    (["6-6+5-4", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"], "a Heaven-nine pair"),
    (["4-2+2-1", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"], "the Gee Joon"),
    (["1-1+1-1", "6-6", "4-4", "4-4", "3-1", "3-1", "5-5"], "Earth pair holding a Heaven"),
    (["1-1", "6-6", "6-6", "1-1", "4-4", "4-4", "3-1", "3-1"], "single Earth holding both Heavens"),
])
def test_unbeatable_in_his_own_eyes_exception(leads, why):
    """000 'Complete Game Bonus': "the banker does not get the 'complete game bonus' if in the first trick he
    led a tile or combination that is "unbeatable seen from his own eyes". ... A singleton Heaven; A
    Heaven-nine pair; The Gee Joon ... are all unbeatable when they are lead. A pair [1:1][1:1] is also
    unbeatable if the player also holds a [6:6], of a single [1:1] if the player holds both [6:6]'s".
    Option unbeatable_exception (the exception "is not recognised in all gaming groups")."""
    with_exc = _sweep_payments(leads, unbeatable_exception=True)
    without = _sweep_payments(leads)
    assert without[1] == -20  # complete game bonus (x2, banker x2)
    # with the exception the losers pay only 5 x 2; the Gee Joon's immediate 4 each is separate
    assert with_exc[1] == -10, why
    assert with_exc[1] * 2 == without[1]


@pytest.mark.parametrize("leads,why", [
    (["1-1+1-1", "4-4", "4-4", "3-1", "3-1", "5-5", "5-5"], "Earth pair without a Heaven"),
    (["1-1", "6-6", "1-1", "4-4", "4-4", "3-1", "3-1", "5-5"], "single Earth with only one Heaven"),
    (["4-4", "6-6", "1-1", "1-1", "4-4", "3-1", "3-1", "5-5"], "a single Man with one Heaven"),
])
def test_beatable_first_lead_keeps_the_complete_game_bonus(leads, why):
    """000: "However if a player has no [6:6] then the pair [1:1][1:1] is not "unbeatable in his own eyes"
    even if in fact no one can beat it, because there was the risk that one of the other players might have
    held both [6:6]'s."""
    assert _sweep_payments(leads, unbeatable_exception=True)[1] == -20, why


# -- One Red Dot ----------------------------------------------------------------------------

_ONE_RED = ["2-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"]


def test_one_red_dot_hand_wins_as_if_all_tricks_with_complete_game_bonus():
    """000 'One Red Dot Group': "If a player is dealt a hand with exactly one red dot ... then he immediately
    wins by declaring this hand. His winnings are calculated as if he had won all the tricks. This gives him
    a complete game bonus, but no special last trick bonus since no tricks are played."  Seat 2 declares,
    banker 0: each pays 5 x 2 (complete game), the banker x2 more; the Little Three in the hand adds
    nothing."""
    res = judge({"ask": "declare", "seat": 2, "tiles": _ONE_RED, "banker": 0, "banker_wins_in_a_row": 0,
                 "provisional_banker": True}, one_red_dot=True)
    assert res == {"valid": True, "kind": "one_red_dot", "payments": [-20, -10, 40, -10]}
    res = judge({"ask": "declare", "seat": 0, "tiles": _ONE_RED, "banker": 0}, one_red_dot=True)
    assert res["payments"] == [60, -20, -20, -20]


@pytest.mark.parametrize("tiles", [
    ["2-1", "3-1", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # two red dots
    ["1-1", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # the 1-1 has two
    ["6-6", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # Heaven's sixes are half red
    ["4-3", "5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5"],   # a 4 is red
    ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"],   # no red dot at all
])
def test_one_red_dot_needs_exactly_one(tiles):
    """000: "exactly one red dot (all other pips are white)" — the 1s and 4s are red (tiles.md)."""
    res = judge({"ask": "declare", "seat": 1, "tiles": tiles, "banker": 0}, one_red_dot=True)
    assert res["valid"] is False and res["kind"] is None and res["payments"] == [0, 0, 0, 0]


def test_one_red_dot_is_optional():
    """000: "The following rules is not used in all gaming groups" — off in the plain pagat profile."""
    res = judge({"ask": "declare", "seat": 2, "tiles": _ONE_RED, "banker": 0})
    assert res["valid"] is False
    g = new_game()
    with pytest.raises(IllegalPlay) as exc:
        g.declare(2, _ONE_RED)
    assert "seat 2" in str(exc.value)


def test_one_red_dot_declared_in_a_game_ends_the_hand_and_the_declarer_banks():
    """000: "he immediately wins by declaring this hand"; the winner becomes the next banker."""
    g = new_game(first_banker=0, one_red_dot=True)
    ev = g.declare(2, _ONE_RED)
    types = [e["type"] for e in ev]
    assert types[:2] == ["hand_declared", "hand_ended"]
    assert ev[1]["payments"] == [-20, -10, 40, -10]
    assert g.state.hand.banker == 2 and g.state.hand.number == 2


def test_declaring_after_the_first_lead_is_refused():
    """000: a dealt hand is declared instead of playing ("no tricks are played"); once the first lead is
    down it is too late."""
    g = new_game(first_banker=0, one_red_dot=True)
    g.play(0, ["6-6"])
    with pytest.raises(InvalidAction) as exc:
        g.declare(2, _ONE_RED)
    assert "before the first lead" in str(exc.value)


def test_unbeatable_exception_generalises_to_a_man_over_all_higher_civil_tiles():
    """000 lists examples of "unbeatable seen from his own eyes"; the engine decides it generally: a single
    Man led by a banker who holds both Heavens and both Earths cannot be beaten by any tile he does not
    hold, so no complete-game bonus (consistent with the seed's single-Earth example)."""
    leads = ["4-4", "6-6", "6-6", "1-1", "1-1", "4-4", "3-1", "3-1"]
    assert _sweep_payments(leads, unbeatable_exception=True)[1] == -10
    assert _sweep_payments(leads)[1] == -20


def test_thirteen_tiles_without_red_pips():
    """000: "There are only 13 tiles without red pips, so only one player can have as many as seven of
    these."""
    assert sum(1 for t in FULL_SET if t.red_pips == 0) == 13


# -- banker succession and game end ---------------------------------------------------------

def test_winner_of_the_last_trick_becomes_banker_and_leads():
    """000 'The Deal': "The winner of the last trick in one game becomes the next banker and leads the first
    trick of the next game."""
    g = new_game(first_banker=0)
    hand_won_by(g, 3)
    h = g.state.hand
    assert (h.number, h.banker, h.turn, h.wins_in_a_row) == (2, 3, 3, 1)
    hand_won_by(g, 3)
    assert (g.state.hand.banker, g.state.hand.wins_in_a_row) == (3, 2)


def test_game_over_after_the_configured_hands():
    """000 does not say how long a game is ("money changes hand according to the scoring rules"): the
    pagat profile ends after game_hands=8 (documented house choice); later actions raise GameOver."""
    g = new_game(first_banker=0)
    for i in range(8):
        assert g.state.status == "playing"
        hand_won_by(g, i % 4)
    assert g.state.status == "over"
    assert g.events[-1]["type"] == "game_ended" and "8 hands" in g.events[-1]["reason"]
    assert sum(g.state.scores) == 0
    with pytest.raises(GameOver):
        g.play(0, ["6-6"])


def test_hong_kong_multiplier_in_a_game_and_on_the_puck():
    """000 Hong Kong variation: "if the new banker wins a second time, he is paid 4 points per trick below par
    ... If he then goes on to win a third time, he would triple all transactions (6 points per trick)"; "The
    banker can stack the appropriate number of chips on top of the puck to indicate how many consecutive wins
    he has."  A banker sweeping three hands (complete game x2 each time): 5 x 2 x 2, then x4, then x6; the
    view's banker multiplier shows the factor for his next win."""
    from referee.views import view

    g = new_game("pagat-hk", first_banker=0)
    got, puck = [], []
    for _ in range(3):
        puck.append(view(g.state, "public")["hand"]["banker_multiplier"])
        ev = sweep_hand(g)
        got.append([e for e in ev if e["type"] == "hand_ended"][0]["payments"][1])
    assert got == [-20, -40, -60]
    assert puck == [2, 4, 6]


def test_tiles_game_is_four_players_eight_tiles():
    """000 'Players and Equipment': "a trick taking game for four players"; "Each player is dealt eight tiles"."""
    from referee.rules import RulesError, rules_for

    r = rules_for("pagat")
    assert (r.players, r.hand_size) == (4, 8)
    for bad in ({"players": 3}, {"hand_size": 7}):
        with pytest.raises(RulesError) as exc:
            rules_for("pagat", bad)
        assert "4 players" in str(exc.value)


def test_early_death_refusal_names_the_tile():
    """000 'Early Death': "Those players' final tiles are immediately discarded face down" — the refusal should
    say which tile of which seat must go face down, like the other illegal-play messages do."""
    g = new_game(first_banker=0)
    _to_last_trick(g)
    with pytest.raises(IllegalPlay) as exc:
        g.play(3, ["4-2"])
    assert "seat 3" in str(exc.value) and "4-2" in str(exc.value)


def test_unbeatable_exception_is_the_banker_s_only():
    """000: "the banker does not get the 'complete game bonus' if in the first trick he led ..." — a non-banker
    who takes the banker's first lead and then every trick keeps the bonus even with the option on."""
    g = new_game(first_banker=0, unbeatable_exception=True)
    play_trick(g, ["2-2", "6-6", "#", "#"])
    ev = []
    for t in ("6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"):
        ev += play_trick(g, [t, "#", "#", "#"])
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["tricks"] == [0, 8, 0, 0] and end["payments"] == [-20, 40, -10, -10]


def test_equal_triplets_tie():
    """000: a triplet beats another only if "Each tile in the first triplet or quartet beats its corresponding
    tile in the second" — two Heavens with either Nine are equal, so the earlier stands."""
    assert beats(["6-6", "6-6", "6-3"], ["6-6", "6-6", "5-4"]) is False
    assert beats(["6-6", "6-6", "5-4"], ["6-6", "6-6", "6-3"]) is False
