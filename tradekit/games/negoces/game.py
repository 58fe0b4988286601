"""Négoces' options (:class:`NegocesGame`) and the variants' names."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.games.negoces.actions import ACTION_TYPES
from tradekit.games.negoces.tables import FILES, NegocesTables, load_tables

if TYPE_CHECKING:
    from tradekit.games.negoces.state import NegocesState

#: Every variant, by its option name (see ``docs/rules/negoces.md``).
VARIANTS: dict[str, str] = {
    "bank": "the bank: loans of 5 coins; a player holding a loan cannot win",
    "blind": "blind players: coins hidden, offered cards face down",
    "face_down": "mini-variant: offered cards face down, the seller may ask to see one",
    "misers": "misers: each player may once forbid another from offering in a sale",
    "new_monopolies": "new monopolies (3 players): 2 single cards each laid face up, inactive",
    "smugglers": "smugglers: a series of 4, a series of 3 and a face-up contraband card each",
    "swindlers": "swindlers: a buyer who paid with a card may once swap it, unseen",
    "temple": "the temple: swap a card for sacred texts against a gift to the others",
    "thief_guard": "thief and guard: two more auctions; the thief takes one market card free",
    "treasury": "public treasury: 1 coin of tax per sale; a Treasurer card takes the treasury",
    "winner_opens": "mini-variant: the previous game's winner (option opener) opens the Diamant",
}

#: Pairs of variants that cannot be played together, and why.
INCOMPATIBLE: dict[frozenset[str], str] = {
    frozenset({"blind", "face_down"}): (
        "not both blind and face_down: blind deals every offered card face down with no "
        "way to ask to see it, face_down lets the seller ask; choose one"
    ),
    frozenset({"smugglers", "new_monopolies"}): (
        "not both smugglers and new_monopolies: both replace the deal (smugglers: 4 + 3 "
        "cards and a contraband card; new monopolies: 2 series of 3 and 2 single cards); "
        "choose one"
    ),
}


def normalise_variants(value: object) -> tuple[str, ...]:
    """Variants as a sorted tuple of names; accepts a tuple, list, set or comma-separated string.

    Example:
        >>> normalise_variants("temple, bank")
        ('bank', 'temple')
        >>> normalise_variants(["bank", "bank"])
        ('bank',)
    """
    if value is None:
        return ()
    if isinstance(value, str):
        items: list[object] = [v.strip() for v in value.split(",") if v.strip()]
    elif isinstance(value, (tuple, list, set, frozenset)):
        items = list(value)
    else:
        raise ConfigError("variants", value, "a tuple, list or comma-separated string of names")
    for item in items:
        if not isinstance(item, str) or item not in VARIANTS:
            raise ConfigError("variants", value, "names among " + ", ".join(VARIANTS))
    return tuple(sorted({str(v) for v in items}))


def variant_sets(players: int, count: int, seed: int = 0) -> list[tuple[str, ...]]:
    """``count`` sets of variants that can be played together with ``players`` players: none,
    each variant alone, every compatible variant at once, then random combinations.

    Example:
        >>> sets = variant_sets(4, 20)
        >>> sets[0], sets[1], len(sets), all(len(set(s)) == len(s) for s in sets)
        ((), ('bank',), 20, True)
        >>> any("new_monopolies" in s for s in sets)
        False
    """
    rng = random.Random(seed * 10 + players)
    names = [v for v in VARIANTS if v != "new_monopolies" or players == 3]

    def legal(chosen: set[str]) -> bool:
        return not any(pair <= chosen for pair in INCOMPATIBLE)

    out: list[tuple[str, ...]] = [()] + [(v,) for v in names]
    everything: set[str] = set()
    for v in rng.sample(names, len(names)):
        if legal(everything | {v}):
            everything.add(v)
    out.append(tuple(sorted(everything)))
    while len(out) < count:
        chosen = {v for v in names if rng.random() < 0.4}
        if legal(chosen):
            out.append(tuple(sorted(chosen)))
    return out[:count]


@dataclasses.dataclass(frozen=True)
class NegocesGame(Game["NegocesState"]):
    """Négoces (François Tréca, 2006): a Diamant auction, then negotiated sales.

    Args:
        players: 3 to 6.
        variants: any of :data:`VARIANTS` (a tuple, list, set or comma-separated string; kept as
            a sorted tuple).
        negotiation_rounds: rounds of public offers in a sale; the seller must accept at the close.
        max_sales: a game with no winner after this many sales ends with no winner.
        opener: with ``"winner_opens"``, the seat of the previous game's winner, who opens the
            Diamant auction (otherwise seat 0 opens).
        data_dir: a folder of tables shaped like ``data/negoces`` (``None``: the shipped ones).

    Example:
        >>> game = NegocesGame(players=3, variants="temple,bank")
        >>> game.variants, game.options()["variants"]
        (('bank', 'temple'), ['bank', 'temple'])
        >>> NegocesGame(players=4, variants=("new_monopolies",))
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'variants' = ('new_monopolies',) is not allowed: \
expected 3 players for new_monopolies (this game has 4)
    """

    money_name: ClassVar[str] = "coins"
    tables_read: ClassVar[tuple[str, str, tuple[str, ...]]] = ("negoces", "Négoces", FILES)

    players: int = 4
    variants: tuple[str, ...] = ()
    negotiation_rounds: int = 3
    max_sales: int = 300
    opener: int | None = None
    data_dir: str | None = None

    def __post_init__(self) -> None:
        def whole(name: str, value: object, low: int, high: int | None, allowed: str) -> None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError(name, value, allowed)
            if value < low or (high is not None and value > high):
                raise ConfigError(name, value, allowed)

        whole("players", self.players, 3, 6, "3, 4, 5 or 6")
        object.__setattr__(self, "variants", normalise_variants(self.variants))
        whole("negotiation_rounds", self.negotiation_rounds, 1, 20, "a whole number from 1 to 20")
        whole("max_sales", self.max_sales, 1, None, "a whole number >= 1")
        chosen = set(self.variants)
        for pair, why in INCOMPATIBLE.items():
            if pair <= chosen:
                raise ConfigError("variants", self.variants, why)
        if "new_monopolies" in chosen and self.players != 3:
            raise ConfigError(
                "variants",
                self.variants,
                f"3 players for new_monopolies (this game has {self.players})",
            )
        if "winner_opens" in chosen:
            whole("opener", self.opener, 0, self.players - 1, "the previous winner's seat")
        elif self.opener is not None:
            raise ConfigError("opener", self.opener, "None unless variants include 'winner_opens'")
        if self.data_dir is not None and not isinstance(self.data_dir, str):
            object.__setattr__(self, "data_dir", str(self.data_dir))
        _ = self.tables  # bad tables fail at creation

    @functools.cached_property
    def tables(self) -> NegocesTables:
        """The goods, set-up table and constants this game uses."""
        return load_tables(self.data_dir)

    def has(self, variant: str) -> bool:
        """Whether ``variant`` is played."""
        return variant in self.variants

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.players

    @property
    def action_types(self) -> dict[str, type[Action]]:
        """Négoces' action classes by name."""
        return ACTION_TYPES

    def new_state(
        self, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> NegocesState:
        """Deal a game (or start from a scripted ``setup``; see :class:`NegocesState`)."""
        from tradekit.games.negoces.state import NegocesState

        return NegocesState(self, seed, setup)
