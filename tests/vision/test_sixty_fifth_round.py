"""Sixty-fifth round of 2026-12-02 (docs/vision.md, "A 6-6 whose pips run together").

* RANK_SIX_RUNS: a 6-6 whose red count names no tile (pink pips on grey, dark red on amber:
  the absolute test of red counts 0 or 3) is ranked by its pips' a* within the tile even
  when two pips of a row were seen as one: each run counts as the pips it holds.  Six must
  still stand RED_RANK_GAP above the other six, three in each half; a run of a red and a
  white pip, between the two, leaves no gap.
"""

from __future__ import annotations

from .scenes import assert_read_by_rule, sure_at


def test_a_six_six_with_pips_run_together_is_ranked(monkeypatch):
    # scene3d 24108: a grey Chinese 6-6 with light pink and white pips, two white pips of a
    # row seen as one: red counted 0, the rank not judged — 6-6 at 0.27
    assert_read_by_rule(monkeypatch, 24108, [((453, 314), (6, 6))], "RANK_SIX_RUNS", False)


def test_a_dark_red_six_six_on_amber_is_ranked(monkeypatch):
    # scene3d 26046: an amber 6-6 of dark red and dark blue pips, runs of two among them
    assert_read_by_rule(monkeypatch, 26046, [((296, 283), (6, 6))], "RANK_SIX_RUNS", False)


def test_six_sixes_of_the_fresh_ranges_are_read():
    # scene3d 33697 and 33399 (ranges the rule was not found on)
    for seed, point in ((33697, (844, 144)), (33399, (976, 209))):
        sure = sure_at(seed, point)
        assert len(sure) == 1 and sure[0].face == "up" and sorted(sure[0].pips) == [6, 6], (seed, sure)


def test_a_piece_across_two_tiles_is_no_six_six():
    # scene3d 26339 and 25074: pieces cut across tiles side by side hold two sixes of black
    # pips (26339's 6-4 beside a 6-6; 25074's 6-5, 6-6 and 4-3 lying close together).
    # Naming a 6-6 by its halves whatever its red (tried this round) read them 6-6 for
    # sure; ranked, they are not
    for seed, point in ((26339, (1071, 483)), (25074, (1107, 544))):
        assert not any(r.face == "up" and sorted(r.pips) == [6, 6] for r in sure_at(seed, point)), seed
