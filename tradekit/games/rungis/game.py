"""Rungis's options (:class:`RungisGame`) and constants."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.games.rungis.actions import ACTION_TYPES
from tradekit.games.rungis.tables import FILES, RungisTables, load_tables

if TYPE_CHECKING:
    from tradekit.games.rungis.state import RungisState

STARTING_GOLD = 10
#: The lowest askers earn their price plus this much per card.
LOWEST_BONUS = 2
ROUNDS = 10
#: With more than 6 players the game lasts 8 rounds.
ROUNDS_MANY_PLAYERS = 8
PLAYERS = range(3, 9)


@dataclasses.dataclass(frozen=True)
class RungisGame(Game["RungisState"]):
    """Rungis (Christophe Boelinger, Jeux Descartes 2002): auctions, then a price war.

    Args:
        players: 3 to 8.
        specials: play with the special cards (True) or with the article cards only (False).
        trading: allow exchanges and sales of shop cards between players in the pricing phase.
        below_base: allow prices below the base price (never below 1).
        data_dir: a folder of tables shaped like ``data/rungis`` (``None``: the shipped ones).

    Example:
        >>> game = RungisGame(players=7)
        >>> game.rounds, game.new_state(seed=1).phase
        (8, 'rungis')
        >>> RungisGame(players=2)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'players' = 2 is not allowed: expected 3 to 8
    """

    money_name: ClassVar[str] = "gold"
    tables_read: ClassVar[tuple[str, str, tuple[str, ...]]] = ("rungis", "Rungis", FILES)

    players: int = 4
    specials: bool = True
    trading: bool = False
    below_base: bool = False
    data_dir: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ConfigError("players", self.players, "3 to 8")
        if self.players not in PLAYERS:
            raise ConfigError("players", self.players, "3 to 8")
        for option in ("specials", "trading", "below_base"):
            if not isinstance(getattr(self, option), bool):
                raise ConfigError(option, getattr(self, option), "True or False")
        if self.data_dir is not None and not isinstance(self.data_dir, str):
            object.__setattr__(self, "data_dir", str(self.data_dir))
        _ = self.tables  # reads and checks the tables now: bad data fails at creation

    @functools.cached_property
    def tables(self) -> RungisTables:
        """The article types and special cards this game uses."""
        return load_tables(self.data_dir)

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.players

    @property
    def rounds(self) -> int:
        """10 rounds; 8 with more than 6 players."""
        return ROUNDS if self.players <= 6 else ROUNDS_MANY_PLAYERS

    @property
    def action_types(self) -> dict[str, type[Action]]:
        """Rungis's action classes by name."""
        return ACTION_TYPES

    def new_state(
        self, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> RungisState:
        """Deal a game (or start from a scripted ``setup``; see :class:`RungisState`)."""
        from tradekit.games.rungis.state import RungisState

        return RungisState(self, seed, setup)
