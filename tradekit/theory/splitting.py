"""What the tie-splitting rules do to the money: the exact law of coins lost or created by rounding.

Three rules of the games (all computed by the engine's :mod:`tradekit.core.ties`):

* **Medici ships** (:class:`RankRule`): players ranked by warehouse total are paid a reward per
  place (e.g. 30, 20, 10, 5, 0); a tied group adds the rewards of the places it occupies and
  divides, rounding **down**. Every tie that does not divide evenly loses coins.
* **Medici ladders** (:class:`RankRule` with ``unranked_at=0``): on each good's ladder the highest
  player gets 10 and the second 5, ties sharing rounded down, and players still on the start space
  are not ranked at all. (The monopoly bonuses are paid in full and never rounded.)
* **Turin majorities** (:class:`MajorityRule`): among the holders of a good, a single majority
  holder takes the bank payout plus 1 from every other holder; tied majority holders share the
  payout plus those 1s, each share rounded **up**, the bank making up the difference: rounding
  creates coins.

Given each player's score distribution (independent across players), :func:`rounding_distribution`
returns the exact distribution of the coins rounding creates (positive) or destroys (negative) in
one scoring, by enumeration: over the ordered *tie structures* for :class:`RankRule` (levels from
the top, a subset of players at each level: at most ``3^n`` subsets per level) and over the top
level and its group for :class:`MajorityRule`. :func:`enumerate_profiles` is the brute force over
every score profile (or any joint distribution, for dependent deals) and both use the engine's
:func:`~tradekit.core.ties.split_share` / :func:`~tradekit.core.ties.split_places`.

Assumptions: independent scores across players (unless a joint law is given to
:func:`enumerate_profiles`); the rules as the engine plays them
(``docs/rules/medici.md`` and ``docs/rules/turin.md``).
References: rank-order reward schemes, Lazear & Rosen, "Rank-order tournaments as optimum labor
contracts", JPE 1981. In the contest literature a tie gives each tied player the prize with equal
probability — an equal split in expectation, with no rounding (Baye, Kovenock & de Vries, "The
all-pay auction with complete information", Economic Theory 1996; Barut & Kovenock, EJPE 1998);
the games split in whole coins instead, and this module measures what that costs or creates.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np

from tradekit.core.ties import Rounding, split_places, split_share

#: A score distribution: probability of each score.
Pmf = Mapping[int, float]

#: Medici's goods cards: values 0, 1, 2, 3, 4, 5, 5 in each of 5 goods, plus one neutral 10.
MEDICI_DECK: Mapping[int, int] = {0: 5, 1: 5, 2: 5, 3: 5, 4: 5, 5: 10, 10: 1}
#: Medici's ship rewards (1995/1998 edition) by number of players.
MEDICI_SHIPS: Mapping[int, tuple[int, ...]] = {
    3: (30, 15, 0),
    4: (30, 20, 10, 0),
    5: (30, 20, 10, 5, 0),
    6: (30, 20, 15, 10, 5, 0),
}
#: Medici's ladder awards: 10 to the highest, 5 to the second.
MEDICI_LADDER: tuple[int, ...] = (10, 5)


@dataclasses.dataclass(frozen=True, slots=True)
class RankRule:
    """Pay by rank; a tied group shares the sum of its places' rewards, rounded.

    Attributes:
        rewards: reward of place 1, 2, ... (missing places pay 0).
        rounding: ``"down"`` (Medici) or ``"up"``.
        unranked_at: players whose score is at most this are not ranked (Medici ladders: 0, the
            start space); ``None`` ranks everybody (Medici ships).

    Example (the Medici rulebook's five ships: C and D share (10+5)/2 = 7, losing 1):
        >>> RankRule((30, 20, 10, 5, 0)).gain({"A": 23, "B": 20, "C": 16, "D": 16, "E": 14})
        -1
    """

    rewards: tuple[int, ...]
    rounding: Rounding = Rounding.DOWN
    unranked_at: int | None = None

    def group_gain(self, first_place: int, size: int) -> int:
        """Coins created (+) or lost (-) when ``size`` players tie from 0-based ``first_place``."""
        if size < 2:
            return 0
        pot = sum(
            self.rewards[k] for k in range(first_place, first_place + size) if k < len(self.rewards)
        )
        return split_share(pot, size, self.rounding) * size - pot

    def splits(self, first_place: int, size: int) -> bool:
        """Whether ``size`` players tied from 0-based ``first_place`` share a reward (a tie
        the rule must split: two or more players, and their places pay something)."""
        return size >= 2 and any(
            self.rewards[k] for k in range(first_place, min(first_place + size, len(self.rewards)))
        )

    def tied(self, scores: Mapping[object, int]) -> bool:
        """Whether one score profile holds a tie the rule must split (see :meth:`splits`), as
        the engine's ``split_places`` groups it."""
        ranked = {
            p: s for p, s in scores.items() if self.unranked_at is None or s > self.unranked_at
        }
        shares = split_places(self.rewards, ranked, self.rounding)
        return any(len(s.players) >= 2 and s.pot > 0 for s in shares.values())

    def gain(self, scores: Mapping[object, int]) -> int:
        """Coins rounding creates (+) or destroys (-) for one score profile (engine's
        ``split_places``)."""
        ranked = {
            p: s for p, s in scores.items() if self.unranked_at is None or s > self.unranked_at
        }
        shares = split_places(self.rewards, ranked, self.rounding)
        groups = {id(s): s for s in shares.values()}
        return sum(s.rounding_gain for s in groups.values())


@dataclasses.dataclass(frozen=True, slots=True)
class MajorityRule:
    """Turin Market's majority payout for one good.

    Attributes:
        payout: the bank payout for the majority.
        rounding: ``"up"`` (Turin Market: the bank makes up the rounding).

    Example (payout 6, three players tied with 3 units and one other holder: (6+1)/3 -> 3 each):
        >>> MajorityRule(6).gain({0: 3, 1: 3, 2: 3, 3: 1})
        2
    """

    payout: int
    rounding: Rounding = Rounding.UP

    def group_gain(self, tied: int, others: int) -> int:
        """Coins created when ``tied`` majority holders share with ``others`` other holders."""
        if tied < 2:
            return 0
        pot = self.payout + others
        return split_share(pot, tied, self.rounding) * tied - pot

    def splits(self, tied: int, others: int) -> bool:
        """Whether ``tied`` majority holders must split (two or more, sharing a pot)."""
        return tied >= 2 and self.payout + others > 0

    def tied(self, units: Mapping[object, int]) -> bool:
        """Whether one profile of units held has tied majority holders who split."""
        top = max(units.values(), default=0)
        if top <= 0:
            return False
        tied = sum(1 for u in units.values() if u == top)
        return self.splits(tied, sum(1 for u in units.values() if 0 < u < top))

    def gain(self, units: Mapping[object, int]) -> int:
        """Coins rounding creates for one profile of units held."""
        top = max(units.values(), default=0)
        if top <= 0:
            return 0
        tied = sum(1 for u in units.values() if u == top)
        others = sum(1 for u in units.values() if 0 < u < top)
        return self.group_gain(tied, others)


Rule = RankRule | MajorityRule


@dataclasses.dataclass(frozen=True, slots=True)
class RoundingDistribution:
    """The exact law of the coins rounding creates (+) or destroys (-) in one scoring.

    Attributes:
        pmf: probability of each gain, sorted by gain.
        tie_pmf: probability of each gain *and* a tie the rule splits (see
            :meth:`RankRule.splits`, :meth:`MajorityRule.splits`), sorted by gain.
    """

    pmf: tuple[tuple[int, float], ...]
    tie_pmf: tuple[tuple[int, float], ...] = ()

    @property
    def p_tie(self) -> float:
        """The chance of a tie the rule must split (at least one, in one scoring)."""
        return float(sum(p for _, p in self.tie_pmf))

    @property
    def mean_given_tie(self) -> float:
        """Expected coins created (negative: lost) given a tie; ``nan`` if no tie can happen."""
        p_tie = self.p_tie
        return float(sum(g * p for g, p in self.tie_pmf)) / p_tie if p_tie > 0 else math.nan

    @property
    def mean(self) -> float:
        """Expected coins created (negative: lost)."""
        return float(sum(g * p for g, p in self.pmf))

    @property
    def sd(self) -> float:
        """Standard deviation of the gain."""
        m = self.mean
        return math.sqrt(max(sum(p * (g - m) ** 2 for g, p in self.pmf), 0.0))

    @property
    def p_nonzero(self) -> float:
        """The chance that rounding moves any coin."""
        return float(sum(p for g, p in self.pmf if g != 0))

    def prob(self, gain: int) -> float:
        """The probability of exactly ``gain``."""
        return dict(self.pmf).get(gain, 0.0)


def _finish(acc: Mapping[tuple[int, bool], float]) -> RoundingDistribution:
    """The distribution from the probabilities of each (gain, tie or not)."""
    gains: dict[int, float] = defaultdict(float)
    ties: dict[int, float] = defaultdict(float)
    for (g, tie), p in acc.items():
        gains[g] += p
        if tie:
            ties[g] += p
    return RoundingDistribution(
        tuple(sorted((g, p) for g, p in gains.items() if p > 0)),
        tuple(sorted((g, p) for g, p in ties.items() if p > 0)),
    )


def _normalise(pmfs: Sequence[Pmf]) -> list[dict[int, float]]:
    out = []
    for pmf in pmfs:
        clean = {int(s): float(p) for s, p in pmf.items() if p > 0}
        if abs(sum(clean.values()) - 1) > 1e-9:
            raise ValueError(f"a score distribution must sum to 1, got {sum(clean.values())}")
        out.append(clean)
    return out


def rounding_distribution(rule: Rule, pmfs: Sequence[Pmf]) -> RoundingDistribution:
    """The exact distribution of coins created or lost by rounding (independent scores).

    Args:
        rule: :class:`RankRule` or :class:`MajorityRule`.
        pmfs: each player's score distribution (a mapping score -> probability).

    Assumptions and references: see the module docstring.

    Example (two players equally likely to score 1 or 2, ranks paid 10 and 5 rounded down:
    they tie half the time and then share 15 as 7 + 7):
        >>> law = rounding_distribution(RankRule((10, 5)), [{1: 0.5, 2: 0.5}] * 2)
        >>> law.pmf, law.p_tie, law.mean_given_tie
        (((-1, 0.5), (0, 0.5)), 0.5, -1.0)
    """
    clean = _normalise(pmfs)
    if isinstance(rule, MajorityRule):
        return _majority_distribution(rule, clean)
    return _rank_distribution(rule, clean)


def _rank_distribution(rule: RankRule, pmfs: list[dict[int, float]]) -> RoundingDistribution:
    n = len(pmfs)
    full = (1 << n) - 1
    levels = sorted({s for pmf in pmfs for s in pmf}, reverse=True)
    # states[placed set] = {(gain so far, a tie so far): probability of the placed players' scores}
    states: dict[int, dict[tuple[int, bool], float]] = {0: {(0, False): 1.0}}
    for level in levels:
        ranked = rule.unranked_at is None or level > rule.unranked_at
        nxt: dict[int, dict[tuple[int, bool], float]] = defaultdict(lambda: defaultdict(float))
        for placed, gains in states.items():
            free = full & ~placed
            sub = free
            while True:
                weight = 1.0
                members = [i for i in range(n) if sub >> i & 1]
                for i in members:
                    weight *= pmfs[i].get(level, 0.0)
                if weight > 0:
                    # Unranked players take no place (they sit below every ranked player).
                    first = bin(placed).count("1")
                    extra = rule.group_gain(first, len(members)) if ranked else 0
                    split = ranked and rule.splits(first, len(members))
                    target = nxt[placed | sub]
                    for (g, tie), p in gains.items():
                        target[(g + extra, tie or split)] += p * weight
                if sub == 0:
                    break
                sub = (sub - 1) & free
        states = {k: dict(v) for k, v in nxt.items()}
    return _finish(states.get(full, {}))


def _majority_distribution(
    rule: MajorityRule, pmfs: list[dict[int, float]]
) -> RoundingDistribution:
    n = len(pmfs)
    acc: dict[tuple[int, bool], float] = defaultdict(float)
    nobody = math.prod(pmf.get(0, 0.0) for pmf in pmfs) if all(pmfs) else 0.0
    levels = sorted({s for pmf in pmfs for s in pmf if s > 0})
    for top in levels:
        for size in range(1, n + 1):
            for group in itertools.combinations(range(n), size):
                weight = math.prod(pmfs[i].get(top, 0.0) for i in group)
                if weight == 0:
                    continue
                # The others: each holds between 1 and top-1 units (a holder) or none.
                counts = np.zeros(n + 1)
                counts[0] = 1.0
                for i in range(n):
                    if i in group:
                        continue
                    hold = sum(p for s, p in pmfs[i].items() if 0 < s < top)
                    none = pmfs[i].get(0, 0.0)
                    counts = counts * none + np.concatenate([[0.0], counts[:-1]]) * hold
                for others, p in enumerate(counts):
                    if p > 0:
                        key = (rule.group_gain(size, others), rule.splits(size, others))
                        acc[key] += weight * float(p)
    if nobody > 0:
        acc[(0, False)] += nobody
    return _finish(acc)


def enumerate_profiles(
    rule: Rule,
    pmfs: Sequence[Pmf] | None = None,
    joint: Mapping[tuple[int, ...], float] | None = None,
) -> RoundingDistribution:
    """Brute force: apply the engine's rule to every score profile and add up the probabilities.

    Give either independent ``pmfs`` (every combination is enumerated) or a ``joint`` law
    (profile -> probability, e.g. from an exact deal). Assumptions and references: see the module
    docstring.

    Example:
        >>> enumerate_profiles(RankRule((10, 5)), [{1: 0.5, 2: 0.5}] * 2).pmf
        ((-1, 0.5), (0, 0.5))
    """
    if joint is None:
        if pmfs is None:
            raise ValueError("give pmfs or joint")
        clean = _normalise(pmfs)
        items = (
            (tuple(s for s, _ in combo), math.prod(p for _, p in combo))
            for combo in itertools.product(*(sorted(pmf.items()) for pmf in clean))
        )
    else:
        items = ((tuple(k), float(v)) for k, v in joint.items())
    acc: dict[tuple[int, bool], float] = defaultdict(float)
    for profile, p in items:
        scores: dict[object, int] = dict(enumerate(profile))
        acc[(rule.gain(scores), rule.tied(scores))] += p
    return _finish(acc)


def medici_ship_totals(cards: int = 5, deck: Mapping[int, int] = MEDICI_DECK) -> dict[int, float]:
    """The distribution of a Medici warehouse total: ``cards`` cards drawn from the deck.

    One warehouse on its own (players' warehouses are treated as independent, which ignores that
    they come from one deck). Exact: counts the ways to choose the cards of each value.

    Example:
        >>> pmf = medici_ship_totals(1)
        >>> pmf[10], round(pmf[5], 4)
        (0.027777777777777776, 0.2778)
    """
    # ways[c][t]: ways to pick c cards totalling t.
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, count in deck.items():
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (c, t), w in ways.items():
            for k in range(min(count, cards - c) + 1):
                nxt[(c + k, t + k * value)] += w * math.comb(count, k)
        ways = dict(nxt)
    total = math.comb(sum(deck.values()), cards)
    return {t: w / total for (c, t), w in sorted(ways.items()) if c == cards}


def medici_ladder_steps(
    cards: int = 5, of_good: int = 7, deck: int = 36, top: int = 7
) -> dict[int, float]:
    """The distribution of one player's position on one good's ladder after one round.

    The number of that good's cards among a warehouse of ``cards`` (hypergeometric), capped at the
    top space. Players are treated as independent.

    Example:
        >>> round(medici_ladder_steps()[0], 4)
        0.315
    """
    total = math.comb(deck, cards)
    out: dict[int, float] = defaultdict(float)
    for k in range(min(cards, of_good) + 1):
        out[min(k, top)] += math.comb(of_good, k) * math.comb(deck - of_good, cards - k) / total
    return dict(out)


def binomial_units(trials: int, p: float) -> dict[int, float]:
    """A binomial distribution of units held (a simple stand-in for Turin holdings).

    Example:
        >>> binomial_units(2, 0.5)
        {0: 0.25, 1: 0.5, 2: 0.25}
    """
    return {k: math.comb(trials, k) * p**k * (1 - p) ** (trials - k) for k in range(trials + 1)}
