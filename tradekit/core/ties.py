"""Tie-splitting: how tied players share money.

Two rules appear in the games, both built on :func:`split_share`:

* Turin Market majorities: tied majority holders share a pot, each share **rounded up** (the bank
  makes up the difference).
* Medici ships and ladders: tied players add the rewards of the places they occupy together and
  divide, **rounding down** (:func:`split_places`).

The functions return the arithmetic as well as the result, so a ledger can say
"(10+5)/2 rounded down = 7" and a lesson can count the coins rounding created or destroyed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence
from enum import StrEnum
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


class Rounding(StrEnum):
    """Which way a share is rounded when a pot does not divide evenly."""

    UP = "up"
    DOWN = "down"


def split_share(total: int, ways: int, rounding: Rounding | str) -> int:
    """Each tied player's share of ``total`` split ``ways`` ways, rounded as the rule says.

    Args:
        total: the pot (whole coins, >= 0).
        ways: how many players share it (>= 1).
        rounding: ``"up"`` or ``"down"``.

    Example:
        >>> split_share(7, 2, "up"), split_share(7, 2, "down"), split_share(5, 3, "down")
        (4, 3, 1)
    """
    if ways < 1:
        raise ValueError(f"a pot is shared by at least one player, got {ways}")
    if total < 0:
        raise ValueError(f"a pot cannot be negative, got {total}")
    if Rounding(rounding) is Rounding.UP:
        return -(-total // ways)
    return total // ways


def share_round_up(total: int, ways: int) -> int:
    """``total / ways`` rounded up (Turin Market majorities): ``share_round_up(7, 2) == 4``."""
    return split_share(total, ways, Rounding.UP)


def share_round_down(total: int, ways: int) -> int:
    """``total / ways`` rounded down (Medici). Example: ``share_round_down(15, 2) == 7``."""
    return split_share(total, ways, Rounding.DOWN)


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceShare(Generic[P]):
    """How one group of equal scores was paid.

    Attributes:
        players: the players in the group (in the order given to :func:`split_places`).
        score: their common score.
        places: the 0-based places they occupy together.
        rewards: the reward of each of those places.
        each: what each player receives.
        rounding: the rounding used.
    """

    players: tuple[P, ...]
    score: float
    places: tuple[int, ...]
    rewards: tuple[int, ...]
    each: int
    rounding: Rounding

    @property
    def pot(self) -> int:
        """The sum of the rewards of the places the group occupies."""
        return sum(self.rewards)

    @property
    def rounding_gain(self) -> int:
        """Coins paid out minus the pot: > 0 when rounding created money, < 0 when it lost some."""
        return self.each * len(self.players) - self.pot

    def explain(self, label: str = "places") -> str:
        """The arithmetic in words, e.g. ``"places 3–4 tied: (10+5)/2 rounded down = 7"``.

        Args:
            label: what the places are called (``"ship rank"`` in Medici's ledger). A single
                player's place is labelled with ``label`` minus a plural "s".

        Example:
            >>> s = split_places([30, 20, 10, 5, 0], {"A": 23, "B": 20, "C": 16, "D": 16, "E": 14})
            >>> s["C"].explain(), s["A"].explain()
            ('places 3–4 tied: (10+5)/2 rounded down = 7', 'place 1: 30')
            >>> s["C"].explain("ship rank")
            'ship rank 3–4 tied: (10+5)/2 rounded down = 7'
        """
        first, last = self.places[0] + 1, self.places[-1] + 1
        if len(self.players) == 1:
            single = label[:-1] if label.endswith("places") else label
            return f"{single} {first}: {self.each}"
        terms = "+".join(str(r) for r in self.rewards)
        return (
            f"{label} {first}–{last} tied: ({terms})/{len(self.players)} "
            f"rounded {self.rounding.value} = {self.each}"
        )


def split_places(
    rewards: Sequence[int],
    scores: Mapping[P, float],
    rounding: Rounding | str = Rounding.DOWN,
) -> dict[P, PlaceShare[P]]:
    """Pay players by rank; tied players share the sum of the rewards of the places they occupy.

    Players are ranked by score, highest first. A group of ``k`` equal scores occupies ``k``
    consecutive places; each member receives the sum of those places' rewards divided by ``k``,
    rounded as ``rounding`` says. Places beyond the end of ``rewards`` pay 0.

    Args:
        rewards: the reward of place 1, 2, ... (e.g. Medici's ship table ``[30, 20, 10, 5, 0]``).
        scores: each player's score.
        rounding: ``"down"`` (Medici) or ``"up"``.

    Returns:
        For each player, the :class:`PlaceShare` of their group.

    Example (the Medici rulebook's five ships):
        >>> shares = split_places([30, 20, 10, 5, 0], {"A": 23, "B": 20, "C": 16, "D": 16, "E": 14})
        >>> {p: s.each for p, s in shares.items()}
        {'A': 30, 'B': 20, 'C': 7, 'D': 7, 'E': 0}
    """
    rounding = Rounding(rounding)
    order = sorted(scores, key=lambda p: -scores[p])
    result: dict[P, PlaceShare[P]] = {}
    place = 0
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and scores[order[j]] == scores[order[i]]:
            j += 1
        group = tuple(order[i:j])
        places = tuple(range(place, place + len(group)))
        group_rewards = tuple(rewards[k] if k < len(rewards) else 0 for k in places)
        each = split_share(sum(group_rewards), len(group), rounding)
        share = PlaceShare(group, scores[order[i]], places, group_rewards, each, rounding)
        for p in group:
            result[p] = share
        place += len(group)
        i = j
    return result
