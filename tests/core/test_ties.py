"""Properties of :mod:`tradekit.core.ties`: shares of a pot and payouts by place with ties."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tradekit.core.ties import (
    PlaceShare,
    Rounding,
    share_round_down,
    share_round_up,
    split_places,
    split_share,
)

totals = st.integers(min_value=0, max_value=10_000)
ways = st.integers(min_value=1, max_value=12)
roundings = st.sampled_from([Rounding.UP, Rounding.DOWN, "up", "down"])
rewards_lists = st.lists(st.integers(min_value=0, max_value=60), max_size=8)
# Few distinct scores, so ties are common; names are strings so a seat-number mix-up shows.
score_maps = st.dictionaries(
    st.sampled_from("ABCDEFGH"), st.integers(min_value=0, max_value=4), min_size=1, max_size=8
)

MEDICI_REWARDS = [30, 20, 10, 5, 0]
MEDICI_SCORES = {"A": 23, "B": 20, "C": 16, "D": 16, "E": 14}


# ---------------------------------------------------------------- split_share


@given(totals, ways)
@example(7, 2)
@example(0, 3)
def test_split_share_up_covers_the_pot_by_less_than_one_coin_each(total: int, k: int) -> None:
    each = split_share(total, k, "up")
    assert each * k >= total
    assert each * k - total < k
    assert each == math.ceil(total / k) == share_round_up(total, k)
    assert split_share(total, k, Rounding.UP) == each


@given(totals, ways)
@example(15, 2)
@example(5, 3)
def test_split_share_down_never_exceeds_the_pot(total: int, k: int) -> None:
    each = split_share(total, k, "down")
    assert each * k <= total
    assert total - each * k < k
    assert each == total // k == share_round_down(total, k)
    assert split_share(total, k, Rounding.DOWN) == each


@given(totals, ways)
def test_up_and_down_differ_only_when_the_pot_does_not_divide(total: int, k: int) -> None:
    up, down = share_round_up(total, k), share_round_down(total, k)
    assert up - down == (0 if total % k == 0 else 1)


def test_split_share_examples() -> None:
    assert (split_share(7, 2, "up"), split_share(7, 2, "down"), split_share(5, 3, "down")) == (
        4,
        3,
        1,
    )
    assert share_round_up(7, 2) == 4
    assert share_round_down(15, 2) == 7
    assert share_round_up(6, 1) == share_round_down(6, 1) == 6


@pytest.mark.parametrize(
    ("total", "k", "rounding", "message"),
    [
        (5, 0, "up", "at least one player"),
        (5, -2, "down", "at least one player"),
        (-1, 2, "up", "cannot be negative"),
    ],
)
def test_split_share_refuses_bad_pots(total: int, k: int, rounding: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        split_share(total, k, rounding)


def test_split_share_refuses_an_unknown_rounding() -> None:
    with pytest.raises(ValueError, match="sideways"):
        split_share(5, 2, "sideways")


# ---------------------------------------------------------------- split_places


def _groups(shares: dict[str, PlaceShare[str]]) -> list[PlaceShare[str]]:
    """The distinct groups, best place first."""
    unique: dict[int, PlaceShare[str]] = {}
    for share in shares.values():
        unique.setdefault(id(share), share)
    return sorted(unique.values(), key=lambda s: s.places[0])


@given(rewards_lists, score_maps, roundings)
def test_split_places_pays_everyone_by_groups_of_equal_scores(
    rewards: list[int], scores: dict[str, int], rounding: str
) -> None:
    shares = split_places(rewards, scores, rounding)
    assert set(shares) == set(scores)  # every player gets a share
    groups = _groups(shares)
    # A group is exactly the players with one score; tied players get equal shares.
    for group in groups:
        assert set(group.players) == {p for p in scores if scores[p] == group.score}
        assert all(shares[p] is group for p in group.players)
        assert len(group.places) == len(group.players)
        assert group.rounding is Rounding(rounding)
    # Groups in descending score order occupy consecutive places 0, 1, 2, ...
    assert [s.score for s in groups] == sorted({*scores.values()}, reverse=True)
    assert [p for g in groups for p in g.places] == list(range(len(scores)))
    # Each group's rewards are those of its places (0 past the end of the table).
    for group in groups:
        assert group.rewards == tuple(rewards[k] if k < len(rewards) else 0 for k in group.places)
        assert group.pot == sum(group.rewards)
    # The pots together are the rewards of the first len(players) places.
    assert sum(g.pot for g in groups) == sum(rewards[: len(scores)])


@given(rewards_lists, score_maps, roundings)
def test_split_places_rounding_gain_is_bounded(
    rewards: list[int], scores: dict[str, int], rounding: str
) -> None:
    for group in _groups(split_places(rewards, scores, rounding)):
        k = len(group.players)
        assert group.rounding_gain == group.each * k - group.pot
        assert group.each == split_share(group.pot, k, rounding)
        if Rounding(rounding) is Rounding.DOWN:
            assert -k < group.rounding_gain <= 0
        else:
            assert 0 <= group.rounding_gain < k
        if k == 1:
            assert group.rounding_gain == 0


@given(rewards_lists, st.lists(st.integers(-50, 50), min_size=1, max_size=8, unique=True))
def test_untied_players_are_paid_exactly_the_rewards(rewards: list[int], values: list[int]) -> None:
    scores = {f"P{i}": v for i, v in enumerate(values)}
    for rounding in ("up", "down"):
        shares = split_places(rewards, scores, rounding)
        ranked = sorted(scores, key=lambda p: -scores[p])
        for place, player in enumerate(ranked):
            expected = rewards[place] if place < len(rewards) else 0
            assert shares[player].each == expected
            assert shares[player].places == (place,)
            assert shares[player].rounding_gain == 0


@given(
    st.lists(st.integers(0, 60), max_size=8).map(lambda r: sorted(r, reverse=True)),
    score_maps,
    roundings,
)
def test_a_higher_score_never_earns_less_with_decreasing_rewards(
    rewards: list[int], scores: dict[str, int], rounding: str
) -> None:
    shares = split_places(rewards, scores, rounding)
    for p in scores:
        for q in scores:
            if scores[p] > scores[q]:
                assert shares[p].each >= shares[q].each


@given(rewards_lists, score_maps)
def test_tied_players_keep_the_order_they_were_given(
    rewards: list[int], scores: dict[str, int]
) -> None:
    shares = split_places(rewards, scores)
    given_order = list(scores)
    for group in _groups(shares):
        assert list(group.players) == [p for p in given_order if p in group.players]


def test_the_medici_rulebook_example() -> None:
    shares = split_places(MEDICI_REWARDS, MEDICI_SCORES)
    assert {p: s.each for p, s in shares.items()} == {"A": 30, "B": 20, "C": 7, "D": 7, "E": 0}
    tied = shares["C"]
    assert shares["D"] is tied
    assert tied.players == ("C", "D")
    assert tied.places == (2, 3)
    assert tied.rewards == (10, 5)
    assert tied.pot == 15
    assert tied.rounding_gain == -1  # one coin lost to rounding down
    assert tied.rounding is Rounding.DOWN  # Medici's default
    assert shares["A"].rounding_gain == 0


def test_the_medici_example_rounded_up_pays_8() -> None:
    shares = split_places(MEDICI_REWARDS, MEDICI_SCORES, "up")
    assert shares["C"].each == shares["D"].each == 8
    assert shares["C"].rounding_gain == 1


def test_explain_says_the_arithmetic() -> None:
    shares = split_places(MEDICI_REWARDS, MEDICI_SCORES)
    assert shares["C"].explain() == "places 3–4 tied: (10+5)/2 rounded down = 7"
    assert shares["A"].explain() == "place 1: 30"
    assert shares["E"].explain() == "place 5: 0"
    up = split_places([9, 4, 2], {"x": 1, "y": 1, "z": 1}, "up")
    assert up["x"].explain() == "places 1–3 tied: (9+4+2)/3 rounded up = 5"
    past_the_table = split_places([6], {"x": 0, "y": 0})
    assert past_the_table["y"].explain() == "places 1–2 tied: (6+0)/2 rounded down = 3"


@given(rewards_lists, score_maps, roundings)
def test_explain_ends_with_what_each_receives(
    rewards: list[int], scores: dict[str, int], rounding: str
) -> None:
    for group in _groups(split_places(rewards, scores, rounding)):
        text = group.explain()
        assert text.endswith(str(group.each))
        if len(group.players) > 1:
            assert f"/{len(group.players)} rounded {Rounding(rounding).value}" in text
            assert text.startswith(f"places {group.places[0] + 1}–{group.places[-1] + 1} tied")
        else:
            assert text == f"place {group.places[0] + 1}: {group.each}"


def test_split_places_with_no_rewards_pays_zero() -> None:
    shares = split_places([], {"a": 3, "b": 3, "c": 1})
    assert {p: s.each for p, s in shares.items()} == {"a": 0, "b": 0, "c": 0}


def test_split_places_accepts_float_scores() -> None:
    shares = split_places([10, 4], {"a": 2.5, "b": 2.5, "c": 0.5})
    assert shares["a"].each == shares["b"].each == 7
    assert shares["c"].each == 0
