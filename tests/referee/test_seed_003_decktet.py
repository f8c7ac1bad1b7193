"""Seed 003_6f0de0d8c6348e37.txt (the Decktet adaptation of Tien Gow), with shared/decktet.md restoring the
seed's lost table of Sets and Tiers.  Profiles 'decktet' (4 players, 9 cards) and 'decktet-3'.
"""

from __future__ import annotations

import itertools

import pytest

from referee.decktet import DECK, Card, deck_for
from referee.game import IllegalPlay
from referee.views import project_event

from ._support import S003, assert_quoted, beats, judge, lead, new_game, play_trick, settle, trick

QUOTES = [
    "Remove the Pawns, the Courts and the Excuse from your deck",
    "Deal 9 cards to each player",
    "2~4 cards of the same Tier, and none of them should come from Set of the Cycle",
    "The Set combination of the card(s) must be exactly the same to the lead",
    "which is higher than all the face-up cards that have been played this round",
    "If the leader played X cards at the beginning , than the winner wins X tricks",
    "you can only win a game when you take at least 2 tricks",
    "if you didn't take any of the first 7 tricks, but then the leader plays 2 cards together for the last "
    "round, than it's allowed to win this round",
    "The winner of the game gets (the number of tricks he/she took)+3 , while other players get (the number "
    "of tricks he/she took)-4",
    "D gets 2+4=6",
    "Do not use Set of the Cycle, deal each player 8 cards",
    "The winner of the game get (the number of tricks he/she won)+2 , while others get (the number of tricks "
    "he/she won)-5",
    "Moonmoons.png+Knotknots.png is considered the lowest one",
]


@pytest.mark.parametrize("quote", QUOTES)
def test_quoted_passages_are_in_the_seed(quote):
    """The passages these tests cite are really in seed 003 (skips if ../shared is absent)."""
    assert_quoted(S003, quote)


# -- the deck -------------------------------------------------------------------------------

def test_deck_is_36_cards_without_pawns_courts_excuse():
    """003 'Setup': "Remove the Pawns, the Courts and the Excuse from your deck."  "The 36 cards are divided
    into 3 Sets and 6 Tiers"."""
    assert len(DECK) == 36 and len(set(DECK)) == 36
    for name in ("Excuse", "The Excuse", "Pawn of Moons", "Court of Moons"):
        res = lead([name], "decktet")
        assert "error" in res and name in res["error"]


def test_three_sets_of_twelve_and_six_tiers():
    """003 'Sets and Tiers': "Set of Suits consists of 12 one-suit cards. Set of the Cycle consists of 12 cards
    whose suits are adjacant in The Cycle of Suits. The other 12 cards form Set of Inter."  Per decktet.md the
    Suits and Inter sets hold two cards of each tier; the Cycle's tiers follow its suit pairs (Moons+Suns:
    Mountain, Diplomat, Pact; Suns+Waves: Discovery; ...)."""
    by_set = {s: [c for c in DECK if c.set == s] for s in ("suits", "cycle", "inter")}
    assert {s: len(v) for s, v in by_set.items()} == {"suits": 12, "cycle": 12, "inter": 12}
    for s in ("suits", "inter"):
        assert [sum(1 for c in by_set[s] if c.tier == t) for t in range(1, 7)] == [2] * 6, s
    assert [sum(1 for c in by_set["cycle"] if c.tier == t) for t in range(1, 7)] == [3, 1, 3, 1, 3, 1]
    assert {c.name for c in by_set["cycle"] if c.tier == 1} == {"Mountain", "Diplomat", "Pact"}


def test_moons_knots_is_the_lowest_cycle_tier():
    """003: "with the only exception that Moon+Knot is considered the lowest one" — Author (Moons/Knots) is
    beaten by every other Cycle card and beats none."""
    author = Card.parse("Author")
    assert author.set == "cycle" and author.tier == 6
    for c in DECK:
        if c.set == "cycle" and c != author:
            assert beats(["Author"], [c.name], "decktet") is True
            assert beats([c.name], ["Author"], "decktet") is False


# -- leading --------------------------------------------------------------------------------

@pytest.mark.parametrize("cards,cat", [
    (["Mountain"], "single"),
    (["Ace of Knots"], "single"),
    (["Ace of Moons", "Crown of Moons"], "pair"),
    (["Journey", "Lunatic"], "pair"),
    (["Ace of Leaves", "Crown of Leaves", "Castle"], "triple"),
    (["Ace of Moons", "Crown of Moons", "Journey", "Lunatic"], "quad"),
])
def test_leader_may_play_one_card_or_two_to_four_of_a_tier(cards, cat):
    """003 'During the game': "the leader can play: 1. 1 card; 2. 2~4 cards of the same Tier, and none of them
    should come from Set of the Cycle."  (Categories are the Decktet's own: pair, triple, quad.)"""
    assert lead(cards, "decktet") == {"valid": True, "category": cat}


@pytest.mark.parametrize("cards,words", [
    (["Mountain", "Diplomat"], "Cycle"),
    (["Ace of Moons", "Crown of Moons", "Pact"], "Cycle"),
    (["Ace of Moons", "Ace of Suns"], "one tier"),
    (["Journey", "Forest"], "one tier"),
    (["Ace of Moons", "Ace of Moons"], "once"),
    (["Ace of Moons", "Crown of Moons", "Journey", "Lunatic", "Forest"], "at most four"),
])
def test_illegal_decktet_leads(cards, words):
    """003: 2~4 cards must be "of the same Tier, and none of them should come from Set of the Cycle"."""
    res = lead(cards, "decktet")
    assert res["valid"] is False and words in res["reason"]


# -- following ------------------------------------------------------------------------------

def test_the_seeds_follow_example_exactly():
    """003: "The leader played A(leaves)+crown(leaves)+7(suns/knots), and then a player played
    A(suns)+crown(suns)+5(moons/leaves). It's your turn, to win the tricks, you can only play
    A(moons)+crown(moons)+3(moons/waves) or A(moons)+crown(moons)+6(moons/waves)."  Checked over every
    three-card play from the 36 cards."""
    lead_ = ["Ace of Leaves", "Crown of Leaves", "Castle"]
    second = ["Ace of Suns", "Crown of Suns", "Forest"]
    assert beats(lead_, second, "decktet") is True
    winners = set()
    for combo in itertools.combinations([c.name for c in DECK], 3):
        if beats(second, list(combo), "decktet"):
            winners.add(frozenset(combo))
    assert winners == {frozenset({"Ace of Moons", "Crown of Moons", "Journey"}),
                       frozenset({"Ace of Moons", "Crown of Moons", "Lunatic"})}


def test_follower_must_beat_every_face_up_card_of_the_round():
    """003: "The cards must be in a same Tier, which is higher than all the face-up cards that have been played
    this round (not only the leader's cards)."  Tier-3 cards beat the tier-4 lead but not the tier-2 play."""
    plays = [("Ace of Leaves+Crown of Leaves+Castle", "up"), ("Ace of Suns+Crown of Suns+Forest", "up"),
             ("Ace of Waves+Crown of Waves+Cave", "up"), ("Author+Origin+Savage", "down")]
    res = trick(0, plays, "decktet")
    assert "error" in res and "seat 2" in res["error"] and "Cave" in res["error"]
    plays[2] = ("Ace of Moons+Crown of Moons+Lunatic", "up")
    assert trick(0, plays, "decktet") == {"winner": 2, "tricks_credited": 3}


def test_set_combination_must_match_exactly():
    """003: "The Set combination of the card(s) must be exactly the same to the lead" — two Inter cards of tier
    1 do not beat a Suits pair of tier 4; a single Inter card does not beat a single Suits card."""
    assert beats(["Ace of Leaves", "Crown of Leaves"], ["Journey", "Lunatic"], "decktet") is False
    assert beats(["Ace of Leaves", "Crown of Leaves"], ["Ace of Moons", "Crown of Moons"], "decktet") is True
    assert beats(["Ace of Knots"], ["Journey"], "decktet") is False
    assert beats(["Ace of Knots"], ["Ace of Moons"], "decktet") is True
    assert beats(["Author"], ["Mountain"], "decktet") is True
    assert beats(["Author"], ["Ace of Moons"], "decktet") is False


def test_pass_is_the_same_number_face_down():
    """003: "To pass, a player should the same amount of card(s) face-down. No one can know what the face-down
    cards are."  Wrong counts are refused; the public never sees a passed card."""
    res = trick(0, [("Ace of Moons+Crown of Moons", "up"), ("Ace of Suns", "down"), ("Author+Origin", "down"),
                    ("Savage+Market", "down")], "decktet")
    assert "error" in res and "seat 1" in res["error"]
    g = new_game("decktet")
    g.play(0, ["Ace of Knots"])
    ev = g.play(1, ["Castle"], face="down")[0]
    pub = project_event(ev, "public")
    assert pub["tiles"] is None and "salt" not in pub and pub["commitment"] == ev["commitment"]


def test_winner_wins_as_many_tricks_as_cards_led():
    """003: "If the leader played X cards at the beginning , than the winner wins X tricks."  "Then the winner
    will be the leader next round."""
    g = new_game("decktet", first_banker=0)
    play_trick(g, ["Ace of Leaves+Crown of Leaves+Castle", "Ace of Suns+Crown of Suns+Forest", "#3", "#3"])
    assert g.state.hand.tricks == [0, 3, 0, 0]
    assert g.state.hand.turn == 1


def test_face_up_card_that_does_not_beat_names_seat_and_card():
    """003: following face up must meet the requests; otherwise the card is passed face down."""
    g = new_game("decktet")
    g.play(0, ["Ace of Suns"])
    with pytest.raises(IllegalPlay) as exc:
        g.play(1, ["Ace of Waves"])
    assert "seat 1" in str(exc.value) and "Ace of Waves" in str(exc.value) and "Ace of Suns" in str(exc.value)


# -- end of the game ------------------------------------------------------------------------

def test_must_pass_the_last_round_without_a_trick():
    """003 'End of the game': "you can only win a game when you take at least 2 tricks. So if you didn't take
    any of the first 8 tricks, than you must pass the last round, even if you are able to win it."""
    plays = [("Ace of Knots", "up"), ("Ace of Moons", "up"), ("Journey", "down"), ("Mountain", "down")]
    res = trick(0, plays, "decktet", before=[8, 0, 0, 0], last=True)
    assert "error" in res and "seat 1" in res["error"]
    # one earlier trick: the last single round gives the second, so he may win it
    assert trick(0, plays, "decktet", before=[7, 1, 0, 0], last=True) == {"winner": 1, "tricks_credited": 1}


def test_must_pass_in_a_game():
    """003: "if you didn't take any of the first 8 tricks, than you must pass the last round" — the engine
    refuses the face-up card, naming the seat."""
    g = new_game("decktet", first_banker=0)
    for c in ("Ace of Moons", "Crown of Moons", "Ace of Suns", "Crown of Suns", "Ace of Waves",
              "Crown of Waves", "Ace of Leaves", "Crown of Leaves"):
        play_trick(g, [c, "#", "#", "#"])
    g.play(0, ["Ace of Knots"])
    assert g.must_fold(1)
    with pytest.raises(IllegalPlay) as exc:
        g.play(1, ["Ace of Wyrms"])
    assert "seat 1" in str(exc.value)
    g.play(1, None, face="down", count=1)


def test_two_card_last_round_may_be_won_without_a_trick():
    """003: "However, if you didn't take any of the first 7 tricks, but then the leader plays 2 cards together
    for the last round, than it's allowed to win this round"."""
    plays = [("Ace of Knots+Crown of Knots", "up"), ("Ace of Moons+Crown of Moons", "up"),
             ("Journey+Lunatic", "down"), ("Mountain+Pact", "down")]
    assert trick(0, plays, "decktet", before=[7, 0, 0, 0], last=True) == {"winner": 1, "tricks_credited": 2}
    g = new_game("decktet", first_banker=0)
    for c in ("Ace of Suns", "Crown of Suns", "Ace of Waves", "Crown of Waves", "Ace of Leaves",
              "Crown of Leaves", "Ace of Wyrms"):
        play_trick(g, [c, "#", "#", "#"])
    g.play(0, ["Ace of Knots", "Crown of Knots"])
    ev = g.play(1, ["Ace of Moons", "Crown of Moons"])
    assert ev[0]["face"] == "up"
    play_trick(g, ["#2", "#2"])
    end = [e for e in g.events if e["type"] == "hand_ended"][-1]
    assert end["winner"] == 1 and end["tricks"] == [7, 2, 0, 0]


@pytest.mark.parametrize("winner", range(4))
def test_scoring_formula_for_every_nine_trick_split(winner):
    """003: "The winner of the game gets (the number of tricks he/she took)+3 , while other players get (the
    number of tricks he/she took)-4 . So, the sum of 4 players' scores is 0".  With 9 tricks (9 cards each)
    this is zero-sum for every split; the winner needs at least 2 tricks."""
    for tricks in itertools.product(range(10), repeat=4):
        if sum(tricks) != 9 or tricks[winner] < 2:
            continue
        pay = settle("decktet", banker=0, winner=winner, tricks=tricks)
        want = [t + 3 if s == winner else t - 4 for s, t in enumerate(tricks)]
        assert pay == want, tricks


def test_formula_not_the_inconsistent_worked_example():
    """003's worked example: "A won 5 tricks, B won 1 tricks, C won 0 tricks, D won 2 trick, and D is the
    winner. Then A gets 5-4=1, B gets 1-4=-3, C gets 0-4=-4 and D gets 2+4=6."  Its tricks add up to 8, but a
    4-player game has 9 (9 cards each), and it uses +4 where the formula says +3 (decktet.md 'Arithmetic the
    seed gets wrong').  The formula is the rule: in a real game with D's missing trick (D 3 tricks) D gets
    3+3 = 6, not 3+4 = 7, and the scores still sum to 0."""
    pay = settle("decktet", banker=0, winner=3, tricks=[5, 1, 0, 3])
    assert pay == [1, -3, -4, 6]
    assert pay[3] != 3 + 4


def test_example_numbers_fed_literally_stay_zero_sum():
    """003's example fed literally (8 tricks): the engine's documented choice is a winner bonus that keeps the
    hand zero-sum for any trick count ((n-1) x 4 - total), which here happens to reproduce the example's
    "D gets 2+4=6"; the losers' tricks-4 are as the formula says."""
    assert settle("decktet", banker=0, winner=3, tricks=[5, 1, 0, 2]) == [1, -3, -4, 6]


def test_no_banker_doubling_in_the_decktet():
    """003 has no banker and no doubling: the 'banker' (first leader) settles like everyone else."""
    a = settle("decktet", banker=3, winner=3, tricks=[5, 1, 0, 3])
    b = settle("decktet", banker=0, winner=3, tricks=[5, 1, 0, 3])
    assert a == b == [1, -3, -4, 6]


def test_game_sweeps_and_winner_leads_next_game():
    """003: "Play several games and add up the scores." (house choice: 4 hands per game, game_hands=4); each
    hand's scores add to zero and the winner of the last trick leads the next."""
    g = new_game("decktet", first_banker=2)
    cards = ("Ace of Moons", "Crown of Moons", "Ace of Suns", "Crown of Suns", "Ace of Waves",
             "Crown of Waves", "Ace of Leaves", "Crown of Leaves", "Ace of Wyrms")
    for _ in range(4):
        assert g.state.status == "playing" and g.state.hand.turn == 2
        for c in cards:
            play_trick(g, [c, "#", "#", "#"])
    assert g.state.status == "over"
    assert g.state.scores == [-16, -16, 48, -16]


# -- 3 players ------------------------------------------------------------------------------

def test_three_player_variant_setup():
    """003 'Variant for 3 players': "Setup:Do not use Set of the Cycle, deal each player 8 cards."""
    cards = deck_for(3)
    assert len(cards) == 24 and all(c.set != "cycle" for c in cards)
    g = new_game("decktet-3")
    assert g.rules.players == 3 and g.rules.hand_size == 8 and len(g.players) == 3


def test_three_player_variant_refuses_cycle_cards():
    """003 'Variant for 3 players': "Do not use Set of the Cycle" — a Cycle card (Mountain) is not in the
    3-player game: the judge should not call it a valid lead and the engine should refuse it."""
    res = lead(["Mountain"], "decktet-3")
    assert res.get("valid") is not True
    g = new_game("decktet-3")
    with pytest.raises(IllegalPlay):
        g.play(0, ["Mountain"])


def test_three_player_trick_has_three_plays():
    """003 3-player variant: a round is the leader and the two others."""
    res = trick(0, [("Ace of Knots", "up"), ("Ace of Moons", "up"), ("Journey", "down")], "decktet-3")
    assert res == {"winner": 1, "tricks_credited": 1}
    res = trick(0, [("Ace of Knots", "up"), ("Ace of Moons", "up"), ("Journey", "down"), ("Forest", "down")],
                "decktet-3")
    assert "error" in res and "3" in res["error"]


def test_three_player_scoring():
    """003 3-player 'Scores': "The winner of the game get (the number of tricks he/she won)+2 , while others get
    (the number of tricks he/she won)-5" — zero-sum with 8 tricks."""
    for tricks in itertools.product(range(9), repeat=3):
        if sum(tricks) != 8:
            continue
        for w in range(3):
            if tricks[w] < 2:
                continue
            pay = settle("decktet-3", banker=0, winner=w, tricks=tricks)
            assert pay == [t + 2 if s == w else t - 5 for s, t in enumerate(tricks)]
    res = judge({"ask": "settle", "banker": 0, "winner": 3, "tricks": [5, 1, 2]}, "decktet-3")
    assert "error" in res and "seat 3" in res["error"]


_TIERS = {
    "suits": {s: i + 1 for i, s in enumerate(("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"))},
    "cycle": {"Mountain": 1, "Diplomat": 1, "Pact": 1, "Discovery": 2, "Origin": 3, "Sailor": 3, "Mill": 3,
              "Savage": 4, "Battle": 5, "Soldier": 5, "Betrayal": 5, "Author": 6},
    "inter": {"Journey": 1, "Lunatic": 1, "Forest": 2, "Chance Meeting": 2, "Desert": 3, "Penitent": 3,
              "Painter": 4, "Castle": 4, "Cave": 5, "Darkness": 5, "Market": 6, "Merchant": 6},
}


@pytest.mark.parametrize("card", [c.name for c in DECK])
def test_every_card_has_the_set_and_tier_of_decktet_md(card):
    """shared/decktet.md 'Sets' and 'Tiers' (the seed's own table was an image): Suits by suit, Cycle by suit
    pair in cycle order with Knots+Moons last, Inter by suit pair in suit order."""
    c = Card.parse(card)
    if c.set == "suits":
        assert c.tier == _TIERS["suits"][c.suits[0]]
    else:
        assert c.tier == _TIERS[c.set][c.name]
    assert sum(1 for s in _TIERS.values() for k in s if k == card or k in card) >= 1
