"""Turin Market's options (:class:`TurinGame`) and its set-up table."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tradekit.core.actions import Action
from tradekit.core.errors import ConfigError
from tradekit.core.state import Game
from tradekit.games.turin.actions import ACTION_TYPES
from tradekit.games.turin.tables import FILES, TurinTables, load_tables

if TYPE_CHECKING:
    from tradekit.games.turin.state import TurinState


@dataclasses.dataclass(frozen=True, slots=True)
class SetupRow:
    """One row of the set-up table: what a player count deals and plays."""

    dealt: int
    centre: int
    rounds: int
    kept: int
    prizes: tuple[int, ...]
    first_round_prizes: tuple[int, ...] | None


#: The set-up table of the rules (dealt to each, centre cards, auction rounds, kept in hand,
#: prizes of a normal round, prizes of round 1 when it auctions the centre cards).
SETUP: dict[int, SetupRow] = {
    2: SetupRow(6, 0, 5, 1, (2, 0), None),
    3: SetupRow(6, 0, 5, 1, (2, 1, 0), None),
    4: SetupRow(4, 2, 5, 0, (2, 1, 1, 0), (1, 1, 0, 0)),
    5: SetupRow(3, 3, 4, 0, (2, 2, 1, 0, 0), (1, 1, 1, 0, 0)),
}

STARTING_SCUDO = 15
LOAN_CARDS = 5
LOAN_AMOUNT = 10
LOAN_REPAYMENT = 15
BANK_PAYS_DEBT = 2
GOOSE_VARIANTS = (None, "tiebreak", "underdog")


@dataclasses.dataclass(frozen=True)
class TurinGame(Game["TurinState"]):
    """Turin Market (Jordan Draper): sealed bids for ranked prizes, then majorities.

    Args:
        players: 2 to 5.
        scoring: which payout card: ``"classic"`` or ``"red"`` (any column of the payouts table).
        public_money: Scudo counts visible to every seat (True) or secret (False).
        goose: ``None``, ``"tiebreak"`` (declared openly before any tie-break addition: a tied
            player may take the free goose and lose the tie, taking the block's lowest place; the
            holder may later hand it to a tied rival to win a tie) or ``"underdog"`` (the single
            player with the fewest majorities holds the goose: +1 to their bids for ranking only).
        data_dir: a folder of tables shaped like ``data/turin`` (``None``: the shipped ones).

    Example:
        >>> game = TurinGame(players=3, scoring="red")
        >>> state = game.new_state(seed=7)
        >>> state.phase, state.to_move
        ('offer', (0, 1, 2))
        >>> TurinGame(players=6)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.ConfigError: option 'players' = 6 is not allowed: expected 2, 3, 4 or 5
    """

    money_name: ClassVar[str] = "Scudo"
    tables_read: ClassVar[tuple[str, str, tuple[str, ...]]] = ("turin", "Turin Market", FILES)

    players: int = 3
    scoring: str = "classic"
    public_money: bool = True
    goose: str | None = None
    data_dir: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise ConfigError("players", self.players, "2, 3, 4 or 5")
        if self.players not in SETUP:
            raise ConfigError("players", self.players, "2, 3, 4 or 5")
        if not isinstance(self.public_money, bool):
            raise ConfigError("public_money", self.public_money, "True or False")
        if self.goose not in GOOSE_VARIANTS:
            raise ConfigError("goose", self.goose, "None, 'tiebreak' or 'underdog'")
        if self.data_dir is not None and not isinstance(self.data_dir, str):
            object.__setattr__(self, "data_dir", str(self.data_dir))
        tables = self.tables  # reads and checks the tables now: bad data fails at creation
        if self.scoring not in tables.scorings:
            raise ConfigError(
                "scoring", self.scoring, " or ".join(repr(s) for s in tables.scorings)
            )

    @functools.cached_property
    def tables(self) -> TurinTables:
        """The goods, cards and payouts this game uses."""
        return load_tables(self.data_dir)

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.players

    @property
    def setup_row(self) -> SetupRow:
        """This player count's row of the set-up table."""
        return SETUP[self.players]

    @property
    def action_types(self) -> dict[str, type[Action]]:
        """Turin Market's action classes by name."""
        return ACTION_TYPES

    def new_state(
        self, seed: int | None = None, setup: Mapping[str, Any] | None = None
    ) -> TurinState:
        """Deal a game (or start from a scripted ``setup``; see :class:`TurinState`)."""
        from tradekit.games.turin.state import TurinState

        return TurinState(self, seed, setup)
