"""Seeds 001_4111492a217b5ebd.txt and 002_583c98ea6264d003.txt (navpil's Tien Gow page, two versions).

Profile 'navpil' (modern mixed combinations, banker x2, no bonuses), 'navpil-historical' (pure pairs
only), options banker_multiplier=increasing and early_death=true.
"""

from __future__ import annotations

import itertools

import pytest

from referee.game import IllegalPlay

from ._support import (
    S001,
    S002,
    assert_quoted,
    beats,
    bonus,
    hand_won_by,
    lead,
    new_game,
    play_trick,
    settle,
    sweep_hand,
    trick,
)

QUOTES = {
    S001: [
        "If the trick was of one tile, then it can be beaten only with a higher tile of the same suit",
        "It is not necessary to beat, and even to follow a suit",
        "taking two three-tile tricks is equal in points to taking six one-tile tricks",
        "the supreme pair cannot be beaten, but neither cannot beat anything",
        "In the past such pairs were the only possible combination",
        "the only possible combinations are Heaven-Nines, Earth-Eights, Man-Sevens, Harmony-Fives",
        "can only be beaten by Heaven-Heaven-Nine, but not Heaven-Nine-Nine",
        "with one trick he gives three chips (4-1 = 3), with four he gives nothing (4-4 = 0), and with six he "
        "receives two chips from the winner (4-6 = -2)",
        "All settlements with the banker (player who lead to the first trick) are multiplied by two",
        "the banker receives the usual number of chips from the winner (rather than double, triple, etc.) if "
        "he took more than four tricks",
        "even a player who has not taken a trick before has the right to take it",
    ],
    S002: [
        "Historically, only pure pairs were allowed. Mixed combinations did not exist.",
        "First win as banker → ×2",
        "Second consecutive win → ×3",
        "Third consecutive win → ×4",
        "When another player wins, the multiplier resets.",
        "If the banker took more than four tricks but did not win, payments between banker and winner are "
        "calculated at the normal rate (not multiplied).",
        "If someone leads with Earth–Earth–Eight, it can only be beaten by Heaven–Heaven–Nine, not by "
        "Heaven–Nine–Nine. Structure matters.",
        "If a player took no tricks at all, he pays 5 chips to the winner.",
    ],
}


@pytest.mark.parametrize("seed,quote", [(s, q) for s, qs in QUOTES.items() for q in qs])
def test_quoted_passages_are_in_the_seed(seed, quote):
    """The passages these tests cite are really in seeds 001/002 (skips if ../shared is absent)."""
    assert_quoted(seed, quote)


# -- play -----------------------------------------------------------------------------------

def test_single_is_beaten_only_by_a_higher_tile_of_the_same_suit():
    """001 'Basic rules': "If the trick was of one tile, then it can be beaten only with a higher tile of the
    same suit."""
    assert beats(["4-4"], ["1-1"], "navpil") is True
    assert beats(["4-4"], ["3-1"], "navpil") is False
    assert beats(["4-4"], ["6-3"], "navpil") is False  # military never beats civil
    assert beats(["5-2"], ["6-2"], "navpil") is True
    assert beats(["5-2"], ["6-6"], "navpil") is False


def test_combination_beaten_only_by_higher_of_the_same_composition():
    """001: "If it is from a combination, then it can be beaten only by a higher combination with the same
    composition of suits."""
    assert beats(["1-1", "1-1"], ["6-6", "6-6"], "navpil") is True
    assert beats(["1-1", "1-1"], ["6-3", "5-4"], "navpil") is False
    assert beats(["1-1", "6-2"], ["6-6", "6-3"], "navpil") is True
    assert beats(["1-1", "6-2"], ["6-6", "6-6"], "navpil") is False


def test_not_necessary_to_beat_or_follow_suit():
    """001: "It is not necessary to beat, and even to follow a suit. You can just put the tiles down if you wish
    to."  002: "You are not required to try to win the trick." — folding a winner is legal."""
    res = trick(1, [("4-4", "up"), ("6-6", "down"), ("6-3", "down"), ("1-1", "down")], "navpil")
    assert res == {"winner": 1, "tricks_credited": 1}
    g = new_game("navpil")
    ev = play_trick(g, ["2-2", "#6-6", "#1-1", "#4-4"])
    assert ev[-1]["type"] == "trick_won" and ev[-1]["winner"] == 0


def test_player_with_highest_play_takes_the_trick_and_leads_next():
    """001: "After all four players have played their tiles, the player with the highest played tile (or
    combination) takes all the tiles for himself and leads to the next trick."""
    g = new_game("navpil", first_banker=3)
    play_trick(g, ["6-5", "2-2", "3-3", "#"])  # seat 3 leads 6-5; seat 0 beats with 2-2, seat 1 with 3-3
    h = g.state.hand
    assert h.tricks == [0, 1, 0, 0]
    assert (h.leader, h.turn) == (1, 1)


def test_combination_trick_credits_as_many_tricks_as_tiles():
    """001: "If the player took a trick from a combination of two or more tiles then two or more tricks are
    credited to him, respectively (so taking two three-tile tricks is equal in points to taking six one-tile
    tricks)."""
    res = trick(0, [("1-1+1-1+6-2", "up"), ("6-6+6-6+6-3", "up"), ("2-2+3-3+6-5", "down"),
                    ("4-4+4-4+5-5", "down")], "navpil")
    assert res == {"winner": 1, "tricks_credited": 3}
    res = trick(0, [("3-1+3-1+4-1+3-2", "up"), ("6-6+6-6+6-3+5-4", "down"), ("1-1+1-1+6-2+5-3", "down"),
                    ("4-4+4-4+5-2+4-3", "down")], "navpil")
    assert res == {"winner": 0, "tricks_credited": 4}


def test_supreme_pair_cannot_be_beaten_and_beats_nothing():
    """001 'Combinations': "the supreme pair cannot be beaten, but neither cannot beat anything - since it's a
    suite of its own."""
    assert lead(["4-2", "2-1"], "navpil")["category"] == "supreme_pair"
    for p in (["6-6", "6-6"], ["6-3", "5-4"], ["6-6", "5-4"]):
        assert beats(["4-2", "2-1"], p, "navpil") is False
    for p in (["5-1", "5-1"], ["4-1", "3-2"], ["3-1", "3-2"]):
        assert beats(p, ["4-2", "2-1"], "navpil") is False


@pytest.mark.parametrize("tiles,cat", [
    (["6-6", "6-3"], "mixed_pair"), (["6-6", "5-4"], "mixed_pair"), (["1-1", "6-2"], "mixed_pair"),
    (["4-4", "5-2"], "mixed_pair"), (["3-1", "3-2"], "mixed_pair"),
    (["6-6", "6-6", "5-4"], "triple"), (["6-6", "6-3", "5-4"], "triple"),
    (["4-4", "4-4", "5-2", "4-3"], "quad"),
])
def test_mixed_combinations_of_two_three_four(tiles, cat):
    """001: "Such mixed combinations can be of two tiles (one civilian, one military), three (two civilian and
    one military, or vice versa) and four (two civilian, two military)."""
    assert lead(tiles, "navpil") == {"valid": True, "category": cat}


@pytest.mark.parametrize("tiles", [
    ["6-6", "6-2"], ["1-1", "6-3"], ["4-4", "4-1"], ["3-1", "5-2"], ["5-5", "6-3"], ["6-6", "4-2"],
    ["3-1", "2-1"], ["6-6", "6-6", "6-2"], ["4-4", "5-2", "3-2"], ["6-6", "6-6", "1-1", "1-1"],
])
def test_mixed_only_strictly_by_the_hierarchy(tiles):
    """001: "mixed civil-military combinations are allowed, but not in any way, but strictly according to the
    hierarchy ... the only possible combinations are Heaven-Nines, Earth-Eights, Man-Sevens, Harmony-Fives."""
    res = lead(tiles, "navpil")
    assert res["valid"] is False and res["reason"]


@pytest.mark.parametrize("hi,lo", list(itertools.combinations(
    [("6-6", "5-4"), ("1-1", "6-2"), ("4-4", "4-3"), ("3-1", "4-1")], 2)))
def test_mixed_pairs_follow_the_hierarchy(hi, lo):
    """001: "Since in the military the hierarchy is Nines-Eights-Sevens-Fives, and in civilians it is
    Heaven-Earth-Man-Harmony" — mixed pairs rank Heaven-Nine > Earth-Eight > Man-Seven > Harmony-Five."""
    assert beats(list(lo), list(hi), "navpil") is True
    assert beats(list(hi), list(lo), "navpil") is False


def test_earth_earth_eight_beaten_by_heaven_heaven_nine_not_heaven_nine_nine():
    """001: "if someone lead to a trick with Earth-Earth-Eight, then this combination can only be beaten by
    Heaven-Heaven-Nine, but not Heaven-Nine-Nine."  002: "Structure matters."""
    eeh = ["1-1", "1-1", "6-2"]
    assert beats(eeh, ["6-6", "6-6", "6-3"], "navpil") is True
    assert beats(eeh, ["6-6", "6-6", "5-4"], "navpil") is True
    assert beats(eeh, ["6-6", "6-3", "5-4"], "navpil") is False
    res = trick(0, [("1-1+1-1+6-2", "up"), ("6-6+6-3+5-4", "up"), ("#", "down"), ("#", "down")], "navpil")
    assert "error" in res and "seat 1" in res["error"]
    # and the lower Man-Man-Seven cannot beat it either
    assert beats(eeh, ["4-4", "4-4", "5-2"], "navpil") is False


def test_face_up_play_that_does_not_beat_is_an_error_naming_seat_and_tiles():
    """002: "Each following player must either: beat the played tile or combination, or place the same number
    of tiles face down."""
    g = new_game("navpil")
    g.play(0, ["1-1", "1-1", "6-2"])
    with pytest.raises(IllegalPlay) as exc:
        g.play(1, ["6-6", "6-3", "5-4"])
    msg = str(exc.value)
    assert "seat 1" in msg and "6-6+6-3+5-4" in msg and "1-1+1-1+6-2" in msg


# -- historical -----------------------------------------------------------------------------

@pytest.mark.parametrize("tiles", [["6-6", "6-3"], ["1-1", "1-1", "6-2"], ["3-1", "3-1", "4-1", "3-2"]])
def test_historical_rules_allow_no_mixed_combinations(tiles):
    """001: "In the past such pairs were the only possible combination and mixed combinations or combinations
    of more than two tiles were not allowed."  002: "Historically, only pure pairs were allowed."""
    res = lead(tiles, "navpil-historical")
    assert res["valid"] is False and "mixed" in res["reason"]
    assert lead(tiles, "navpil")["valid"] is True


@pytest.mark.parametrize("tiles,cat", [(["6-6", "6-6"], "civil_pair"), (["6-3", "5-4"], "military_pair"),
                                       (["4-2", "2-1"], "supreme_pair"), (["2-1"], "single")])
def test_historical_rules_keep_the_classic_pairs(tiles, cat):
    """001: "A classic two-tile combination is a civilian, military or a supreme pair."""
    assert lead(tiles, "navpil-historical") == {"valid": True, "category": cat}


def test_historical_game_refuses_a_mixed_lead():
    """001 'In the past ... mixed combinations ... were not allowed' — in a game too, naming the seat."""
    g = new_game("navpil-historical")
    with pytest.raises(IllegalPlay) as exc:
        g.play(0, ["6-6", "6-3"])
    assert "seat 0" in str(exc.value) and "6-6+6-3" in str(exc.value)


# -- counting points ------------------------------------------------------------------------

@pytest.mark.parametrize("tricks_of_loser,pays", [(0, 5), (1, 3), (2, 2), (3, 1), (4, 0), (5, -1), (6, -2)])
def test_payment_scheme(tricks_of_loser, pays):
    """001 'Counting points': "if he did not take any trick, then he pays 5 chips to the winner. In all other
    cases, he subtracts the number of tricks he took from the four and gives that number of chips. That is,
    with one trick he gives three chips (4-1 = 3), with four he gives nothing (4-4 = 0), and with six he
    receives two chips from the winner (4-6 = -2)."  (Banker seat 3 wins; seat 1 is a non-banker loser.)"""
    rest = 8 - tricks_of_loser
    tricks = [0, tricks_of_loser, 0, rest]
    pay = settle("navpil", banker=0, winner=3, tricks=tricks)
    assert pay[1] == -pays


def test_banker_settlements_are_doubled_both_ways():
    """001: "All settlements with the banker (player who lead to the first trick) are multiplied by two. That
    is, if the banker won, he receives (and pays) double the number of chips from other players. If the
    banker lost, he gives the winner double the number of chips."""
    assert settle("navpil", banker=0, winner=0, tricks=[3, 1, 0, 4]) == [2 * (3 + 5), -6, -10, 0]
    assert settle("navpil", banker=0, winner=0, tricks=[2, 6, 0, 0]) == [-4 + 20, 4, -10, -10]
    assert settle("navpil", banker=2, winner=1, tricks=[0, 5, 1, 2]) == [-5, 5 + 6 + 2, -6, -2]


def test_winner_receives_more_than_he_gives():
    """001: "Even if the winner has to pay something to someone, he will still receive more chips from
    others than he gives away."  Every split of the 8 tricks with the winner holding at least one, banker
    x2 either way: the winner's net is positive."""
    for tricks in itertools.product(range(9), repeat=4):
        if sum(tricks) != 8:
            continue
        for winner in range(4):
            if tricks[winner] == 0:
                continue
            for banker in range(4):
                pay = settle("navpil", banker=banker, winner=winner, tricks=tricks)
                assert pay[winner] > 0, (tricks, winner, banker, pay)


@pytest.mark.parametrize("k,mult", [(0, 2), (1, 2), (2, 3), (3, 4), (4, 5)])
def test_increasing_multiplier(k, mult):
    """001 'Additional rules': "if a player remains a banker, his points multiplier increases by one. That is,
    in the next game, numbers of chips he takes or gives is tripled, and in the next game is multiplied by
    four."  002: "First win as banker → ×2; Second consecutive win → ×3; Third consecutive win → ×4".
    banker_wins_in_a_row counts earlier wins (the one that made him banker included): k=1 is his first
    hand as banker (x2), k=2 his second consecutive win (x3)."""
    pay = settle("navpil", banker=1, k=k, winner=1, tricks=[1, 4, 3, 0], banker_multiplier="increasing")
    assert pay == [-3 * mult, 9 * mult, -1 * mult, -5 * mult]
    pay = settle("navpil", banker=1, k=k, winner=0, tricks=[4, 1, 3, 0], banker_multiplier="increasing")
    assert pay[1] == -3 * mult and pay[3] == -5 and pay[2] == -1


def test_increasing_multiplier_resets_when_another_player_wins():
    """002: "When another player wins, the multiplier resets." — the new banker starts at x2."""
    g = new_game("navpil", first_banker=0, banker_multiplier="increasing")
    for _ in range(3):
        hand_won_by(g, 0)
    assert g.state.hand.wins_in_a_row == 3
    ev = hand_won_by(g, 2)
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    # banker 0 lost with 6 tricks: capped at x1 (more than four tricks), the others pay 5
    assert end["payments"] == [2, -5, 8, -5]
    assert (g.state.hand.banker, g.state.hand.wins_in_a_row) == (2, 1)
    ev = hand_won_by(g, 2)  # new banker's first win as banker: x2
    end = [e for e in ev if e["type"] == "hand_ended"][0]
    assert end["payments"] == [-10, -10, 30, -10]


def test_increasing_multiplier_in_a_game():
    """002: "First win as banker → ×2; Second consecutive win → ×3; Third consecutive win → ×4" — a banker
    sweeping hand after hand (each loser pays 5 before the multiplier; navpil has no complete-game bonus)."""
    g = new_game("navpil", first_banker=0, banker_multiplier="increasing")
    got = []
    for _ in range(4):
        ev = sweep_hand(g)
        got.append([e for e in ev if e["type"] == "hand_ended"][0]["payments"][1])
    assert got == [-10, -10, -15, -20]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_increasing_multiplier_cap_more_than_four_tricks(k):
    """001: "it may happen that with a large multiplier, the banker will take more than four tricks, but not
    the last one, and the winner will be forced to pay the banker more than he will receive from other
    players. In order to prevent this, the banker receives the usual number of chips from the winner (rather
    than double, triple, etc.) if he took more than four tricks."  002: "payments between banker and winner
    are calculated at the normal rate (not multiplied)."""
    pay = settle("navpil", banker=0, k=k, winner=1, tricks=[6, 2, 0, 0], banker_multiplier="increasing")
    assert pay == [2, 8, -5, -5]
    uncapped = settle("navpil", banker=0, k=k, winner=1, tricks=[6, 2, 0, 0], banker_multiplier="increasing",
                      increasing_cap=False)
    assert uncapped[0] == 2 * max(2, k + 1)
    # exactly four tricks: no payment at all; three tricks: the loss is still multiplied
    assert settle("navpil", banker=0, k=k, winner=1, tricks=[3, 2, 3, 0],
                  banker_multiplier="increasing")[0] == -1 * max(2, k + 1)


def test_increasing_cap_keeps_the_winner_in_profit():
    """001: the cap exists so that the winner is not "forced to pay the banker more than he will receive from
    other players": with banker x5 and 7 tricks, the capped winner still gains; uncapped he would lose."""
    capped = settle("navpil", banker=0, k=4, winner=1, tricks=[7, 1, 0, 0], banker_multiplier="increasing")
    uncapped = settle("navpil", banker=0, k=4, winner=1, tricks=[7, 1, 0, 0], banker_multiplier="increasing",
                      increasing_cap=False)
    assert capped[1] > 0
    assert uncapped[1] < 0


def test_no_bonus_payments_in_the_navpil_profile():
    """001/002 describe no Gee Joon, quartet or last-trick payments; the navpil profile has none (documented
    profile choice: supreme_lead_bonus=0, quad_bonus=0, no last-trick multipliers, no complete game)."""
    assert bonus("gee_joon_led", 1, "navpil") == [0, 0, 0, 0]
    assert bonus("quad_won", 1, "navpil") == [0, 0, 0, 0]
    lt = {"leader": 1, "led": ["2-1"], "won_with": ["2-1"], "won_by": 1}
    assert settle("navpil", banker=0, winner=1, tricks=[1, 5, 2, 0], last_trick=lt) == \
        settle("navpil", banker=0, winner=1, tricks=[1, 5, 2, 0])
    g = new_game("navpil")
    ev = play_trick(g, ["4-2+2-1", "#2", "#2", "#2"])
    assert not [e for e in ev if e["type"] == "payment"]
    g = new_game("navpil")
    end = [e for e in sweep_hand(g) if e["type"] == "hand_ended"][0]
    assert end["payments"] == [30, -10, -10, -10]


# -- early death (optional) -----------------------------------------------------------------

def _last_single(g):
    for t in ("6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1"):
        play_trick(g, [t, "#", "#", "#"])
    g.play(0, ["5-1"])


def test_early_death_is_optional_and_off_by_default():
    """001 'Additional rules': "You can also agree on the "early death" rule." — without it a trickless
    player may take the last single trick."""
    g = new_game("navpil")
    _last_single(g)
    ev = g.play(1, ["6-1"])
    assert ev[0]["face"] == "up"
    res = trick(0, [("5-1", "up"), ("6-1", "up"), ("6-5", "down"), ("6-4", "down")], "navpil",
                before=[7, 0, 0, 0], last=True)
    assert res == {"winner": 1, "tricks_credited": 1}


def test_early_death_when_agreed():
    """001: "If the last trick is a one-tile trick, then the players who did not take any trick before that are
    forced to drop their tile spots down, even if they could have taken a trick."""
    g = new_game("navpil", early_death=True)
    _last_single(g)
    with pytest.raises(IllegalPlay) as exc:
        g.play(1, ["6-1"])
    assert "seat 1" in str(exc.value) and "early death" in str(exc.value)
    res = trick(0, [("5-1", "up"), ("6-1", "up"), ("6-5", "down"), ("6-4", "down")], "navpil",
                before=[7, 0, 0, 0], last=True, early_death=True)
    assert "error" in res and "seat 1" in res["error"]


def test_early_death_never_applies_to_a_combination_last_trick():
    """001: "if the last trick consists not of one tile, but of a combination, even a player who has not taken
    a trick before has the right to take it."""
    res = trick(0, [("2-2+2-2", "up"), ("3-3+3-3", "up"), ("6-5+6-4", "down"), ("6-1+5-1", "down")],
                "navpil", before=[6, 0, 0, 0], last=True, early_death=True)
    assert res == {"winner": 1, "tricks_credited": 2}
    g = new_game("navpil", early_death=True)
    ev = hand_won_by(g, 1)
    assert [e for e in ev if e["type"] == "hand_ended"][0]["winner"] == 1


# -- rounds ---------------------------------------------------------------------------------

def test_winner_of_a_round_becomes_banker_and_leads():
    """001: "in the following games the winner of a round becomes the next banker"; "The next round he
    becomes the banker and leads to the first trick in the next round."""
    g = new_game("navpil", first_banker=1)
    hand_won_by(g, 2)
    assert (g.state.hand.banker, g.state.hand.turn) == (2, 2)
