"""Tie-splitting: the exact rounding distributions against brute force over every score profile,
the rulebook examples, the game's own majority rule, and Monte Carlo within standard error."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

pytest.importorskip("scipy", reason="needs the notebook extra (scipy)")

from tradekit.core.ties import share_round_up, split_places
from tradekit.games.turin.state import majority_holders
from tradekit.theory import simulate
from tradekit.theory.splitting import (
    MEDICI_LADDER,
    MEDICI_SHIPS,
    MajorityRule,
    RankRule,
    RoundingDistribution,
    binomial_units,
    enumerate_profiles,
    medici_ladder_steps,
    medici_ship_totals,
    rounding_distribution,
)


def random_pmfs(rng: np.random.Generator, n: int, support: range) -> list[dict[int, float]]:
    out = []
    for _ in range(n):
        scores = rng.choice(list(support), size=rng.integers(1, len(support) + 1), replace=False)
        weights = rng.dirichlet(np.ones(len(scores)))
        out.append({int(s): float(w) for s, w in zip(scores, weights, strict=True)})
    return out


def same(a: RoundingDistribution, b: RoundingDistribution) -> bool:
    """The same law of gains, and the same law of gains with a tie."""
    for pa, pb in ((dict(a.pmf), dict(b.pmf)), (dict(a.tie_pmf), dict(b.tie_pmf))):
        keys = set(pa) | set(pb)
        if not all(math.isclose(pa.get(k, 0), pb.get(k, 0), abs_tol=1e-12) for k in keys):
            return False
    return True


RULES: dict[str, RankRule | MajorityRule] = {
    "ships 3": RankRule(MEDICI_SHIPS[3]),
    "ships 5": RankRule(MEDICI_SHIPS[5]),
    "ships 6": RankRule(MEDICI_SHIPS[6]),
    "ships rounded up": RankRule((7, 4, 1), rounding="up"),  # type: ignore[arg-type]
    "ladder": RankRule(MEDICI_LADDER, unranked_at=0),
    "turin 6": MajorityRule(6),
    "turin 5": MajorityRule(5),
}


@pytest.mark.parametrize("name", list(RULES))
def test_enumeration_matches_brute_force(name: str) -> None:
    rule = RULES[name]
    rng = np.random.default_rng(len(name))
    for n in (2, 3, 4, 5):
        support = range(0, 5) if n < 5 else range(0, 3)
        pmfs = random_pmfs(rng, n, support)
        assert same(rounding_distribution(rule, pmfs), enumerate_profiles(rule, pmfs)), (n, pmfs)


def test_ties_and_what_they_create() -> None:
    # Two players scoring 1 or 2 with equal chances tie half the time; tied, they share the
    # ranks' 10 + 5 as 7 + 7, so every tie loses one coin.
    law = rounding_distribution(RankRule((10, 5)), [{1: 0.5, 2: 0.5}] * 2)
    assert law.p_tie == pytest.approx(0.5) and law.mean_given_tie == pytest.approx(-1.0)
    # A tie for places that pay nothing is no split: behind the winner, the two players who
    # both score 1 tie for places 2 and 3, which pay 0.
    law = rounding_distribution(RankRule((10, 0, 0)), [{2: 1.0}, {1: 1.0}, {1: 1.0}])
    assert law.p_tie == 0.0 and math.isnan(law.mean_given_tie)
    # Turin: payout 6, two holders of 3 units each and nobody else share 6 as 3 + 3: a tie that
    # creates nothing; with a third holder they share 7 as 4 + 4, creating 1.
    law = rounding_distribution(MajorityRule(6), [{3: 1.0}, {3: 1.0}, {0: 0.5, 1: 0.5}])
    assert law.p_tie == pytest.approx(1.0)
    assert law.mean_given_tie == pytest.approx(0.5) and law.tie_pmf == ((0, 0.5), (1, 0.5))


def test_brute_force_uses_the_engine_rules() -> None:
    # Ranks: the gain is what split_places pays minus the rewards of the places.
    rule = RankRule((30, 20, 10, 5, 0))
    for scores in itertools.product(range(3), repeat=5):
        profile = dict(enumerate(scores))
        paid = sum(s.each for s in split_places(rule.rewards, profile, "down").values())
        assert rule.gain(profile) == paid - sum(rule.rewards)  # type: ignore[arg-type]
    # Turin: the same coins as the game's own majority_holders + share_round_up.
    turin = MajorityRule(6)
    for units in itertools.product(range(4), repeat=4):
        tied, others = majority_holders(list(units))
        expected = (
            share_round_up(6 + len(others), len(tied)) * len(tied) - 6 - len(others)
            if len(tied) > 1
            else 0
        )
        assert turin.gain(dict(enumerate(units))) == expected


def test_rulebook_examples() -> None:
    ships = RankRule(MEDICI_SHIPS[5])
    assert ships.gain({"A": 23, "B": 20, "C": 16, "D": 16, "E": 14}) == -1
    ladder = RankRule(MEDICI_LADDER, unranked_at=0)
    # A first gets 10; B, C and D tied second share 5 and get 1 each; E on the start space.
    assert ladder.gain({"A": 7, "B": 6, "C": 6, "D": 6, "E": 0}) == -2
    assert MajorityRule(6).gain({0: 3, 1: 3, 2: 1}) == 1  # (6 + 1) / 2 rounded up = 4 each


def test_four_player_medici_ships_never_lose_a_coin() -> None:
    # 30, 20, 10, 0: every tie's pot divides evenly, whatever the scores.
    dist = rounding_distribution(RankRule(MEDICI_SHIPS[4]), [medici_ship_totals()] * 4)
    assert dist.pmf == ((0, pytest.approx(1.0)),)


def test_medici_score_distributions() -> None:
    ships = medici_ship_totals()
    assert sum(ships.values()) == pytest.approx(1.0)
    assert sum(t * p for t, p in ships.items()) == pytest.approx(
        5 * 110 / 36
    )  # the deck holds 5 x 20 + 10
    steps = medici_ladder_steps()
    assert sum(k * p for k, p in steps.items()) == pytest.approx(5 * 7 / 36)
    assert binomial_units(3, 0.5) == {0: 0.125, 1: 0.375, 2: 0.375, 3: 0.125}


def test_rounding_directions() -> None:
    ships = rounding_distribution(RankRule(MEDICI_SHIPS[5]), [medici_ship_totals()] * 5)
    assert ships.mean < 0 and all(g <= 0 for g, _ in ships.pmf)
    turin = rounding_distribution(MajorityRule(6), [binomial_units(6, 0.3)] * 4)
    assert turin.mean > 0 and all(g >= 0 for g, _ in turin.pmf)
    assert sum(p for _, p in turin.pmf) == pytest.approx(1.0)


def test_joint_distributions_can_be_enumerated() -> None:
    # Two players sharing 4 units of one good: dependent holdings, given as a joint law.
    joint: dict[tuple[int, ...], float] = {(k, 4 - k): math.comb(4, k) / 16 for k in range(5)}
    dist = enumerate_profiles(MajorityRule(5), joint=joint)
    # A 2-2 tie: (5 + 0) / 2 rounded up = 3 each, one coin created, probability 6/16.
    assert dict(dist.pmf) == {0: pytest.approx(10 / 16), 1: pytest.approx(6 / 16)}


@pytest.mark.parametrize("name", ["ships 5", "ladder", "turin 6"])
def test_against_monte_carlo_through_the_engine(name: str) -> None:
    rule = RULES[name]
    if name == "ships 5":
        pmfs = [medici_ship_totals()] * 5
    elif name == "ladder":
        pmfs = [medici_ladder_steps()] * 4
    else:
        pmfs = [binomial_units(6, 0.3)] * 4
    exact = rounding_distribution(rule, pmfs)
    checks = simulate.rounding(rule, pmfs, exact, draws=5000, seed=31)
    assert all(c.agrees(3.0) for c in checks), checks
