"""Medici's options (:class:`MediciGame`) and the rules' fixed numbers."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.games.medici.actions import ACTION_TYPES
from tradekit.games.medici.tables import FILES, CountRow, MediciTables, load_tables

if TYPE_CHECKING:
    from tradekit.games.medici.state import MediciState

#: A warehouse (the ship) holds at most this many cards.
WAREHOUSE = 5
#: A lot has at most this many cards.
MAX_LOT = 3
#: A game has this many rounds.
ROUNDS = 3
#: The ship table used when none is named.
DEFAULT_TABLE = "1995"


@dataclasses.dataclass(frozen=True)
class MediciGame(Game["MediciState"]):
    """Medici (Reiner Knizia): once-around auctions of 1-3 card lots, ships and commodity ladders.

    Args:
        players: 3 to 6 (any count listed in ``setup.csv`` of the tables).
        reward_table: which ship reward table: ``"1995"`` (the 1995/1998 edition) or
            ``"tournament"`` (the later six-player row 30, 20, 10, 10, 5, 0); any table name of
            ``ships.csv``.
        data_dir: a folder of tables shaped like ``data/medici`` (``None``: the shipped ones).

    Example:
        >>> game = MediciGame(players=5)
        >>> game.ship_rewards, game.count_row.wealth, game.count_row.cards
        ((30, 20, 10, 5, 0), 30, 30)
        >>> MediciGame(players=6, reward_table="tournament").ship_rewards
        (30, 20, 10, 10, 5, 0)
        >>> MediciGame(players=2)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'players' = 2 is not allowed: expected 3, 4, 5 or 6
    """

    money_name: ClassVar[str] = "florins"
    tables_read: ClassVar[tuple[str, str, tuple[str, ...]]] = ("medici", "Medici", FILES)

    players: int = 4
    reward_table: str = DEFAULT_TABLE
    data_dir: str | None = None

    def __post_init__(self) -> None:
        if self.data_dir is not None and not isinstance(self.data_dir, str):
            object.__setattr__(self, "data_dir", str(self.data_dir))
        tables = self.tables  # reads and checks the tables now: bad data fails at creation
        allowed = _either(list(tables.counts))
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ConfigError("players", self.players, allowed)
        if self.players not in tables.counts:
            raise ConfigError("players", self.players, allowed)
        if not isinstance(self.reward_table, str) or self.reward_table not in tables.ships:
            raise ConfigError(
                "reward_table", self.reward_table, _either([repr(t) for t in tables.ships])
            )

    @functools.cached_property
    def tables(self) -> MediciTables:
        """The goods, cards, ship tables, ladder and set-up rows this game uses."""
        return load_tables(self.data_dir)

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.players

    @property
    def count_row(self) -> CountRow:
        """Starting wealth and cards per round for this player count."""
        return self.tables.counts[self.players]

    @property
    def ship_rewards(self) -> tuple[int, ...]:
        """Florins paid by ship rank (place 1 first) for this table and player count."""
        return self.tables.ships[self.reward_table][self.players]

    @property
    def action_types(self) -> dict[str, type[Action]]:
        """Medici's action classes by name."""
        return ACTION_TYPES

    def new_state(
        self, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> MediciState:
        """Deal a game (or start from a scripted ``setup``; see :class:`MediciState`)."""
        from tradekit.games.medici.state import MediciState

        return MediciState(self, seed, setup)


def _either(items: list[Any]) -> str:
    words = [str(x) for x in items]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]
