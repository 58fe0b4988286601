"""A room's series of games: every table plays several games in a row, with the same seats.

Two kinds, besides the plain room of one game a table:

* **a match** (``games=3``): the same options every game, each game dealt anew (its seed drawn
  from the table's), the scores summed into totals. What the game's rules carry from one game
  to the next carries: Turin Market's ``"tiebreak"`` goose stays with its holder (ruling T26),
  as :class:`tradekit.games.turin.TurinMatch` plays it (see :func:`carry_over`).
* **a series of option sets** (``series=[{"scoring": "classic"}, {"scoring": "red"}]``): the
  same deal (the table's seed and set-up) played under each option set in turn, so that the
  class's own games make a paired comparison (:func:`tradekit.sim.compare.summarise`). Nothing
  carries from one game to the next: each starts from the same position.

The first game of either is the deal a room of one game would give the table.

Example:
    >>> import tradekit
    >>> base = tradekit.load_game("turin", players=3)
    >>> s = Series.make(base, series=[{}, {"scoring": "red"}])
    >>> s.kind, s.count, s.labels, s.seed(5, 1)
    ('series', 2, ('scoring=classic', 'scoring=red'), 5)
    >>> m = Series.make(base, games=3)
    >>> m.kind, m.seed(5, 0), m.seed(5, 1) != 5
    ('match', 5, True)
    >>> Series.make(base).kind
    'single'
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from tradekit.core.errors import ConfigError
from tradekit.core.registry import load_game
from tradekit.core.state import Game, State

#: The most games a table plays in a row.
MAX_GAMES = 20

Kind = Literal["single", "match", "series"]


def carry_over(previous: State[Any]) -> dict[str, Any] | None:
    """What the next game of a match starts from, by the game's own rules: the
    ``carry_over(previous)`` function of the ``match`` module of the game's package, if it has
    one (Turin Market's gives the ``"tiebreak"`` goose to its holder); ``None`` otherwise.

    Example:
        >>> import tradekit
        >>> game = tradekit.load_game("turin", players=3, goose="tiebreak")
        >>> carry_over(game.new_state(seed=1))
        {'goose': None}
        >>> carry_over(tradekit.load_game("medici", players=3).new_state(seed=1)) is None
        True
    """
    package = type(previous.game).__module__.rpartition(".")[0]
    name = f"{package}.match"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the module exists but needs something missing: say so
            raise
        return None
    carry = getattr(module, "carry_over", None)
    found = carry(previous) if callable(carry) else None
    return None if found is None else dict(found)


@dataclasses.dataclass(frozen=True)
class Series:
    """The games every table of a room plays in a row.

    Attributes:
        kind: ``"single"`` (one game), ``"match"`` (new deals, same options) or ``"series"``
            (the same deal under each option set).
        games: the options of each game, in order (the room's game for the first).
        labels: a short name of each game's rule choice, as ``tradekit.sim`` labels a
            variant (``"scoring=red"``); different from one another in a series.
    """

    kind: Kind
    games: tuple[Game[Any], ...]
    labels: tuple[str, ...]

    @property
    def count(self) -> int:
        """How many games a table plays."""
        return len(self.games)

    @property
    def same_deal(self) -> bool:
        """Whether every game deals the same cards (a series of option sets)."""
        return self.kind == "series"

    @classmethod
    def make(
        cls,
        base: Game[Any],
        *,
        games: int | None = None,
        series: Sequence[Mapping[str, Any]] | None = None,
    ) -> Series:
        """The series for a room of ``base``: ``games`` games of a match, or one game per
        option set of ``series`` (each set changes ``base``'s options; ``{}`` keeps them).

        Raises:
            ConfigError: both given, a number of games out of range, an option set that is not
                a mapping, names an unknown option or seats another number of players.
        """
        from tradekit.sim.tables import variant_label

        if games is not None and series is not None:
            raise ConfigError(
                "games", games, "no number of games with a series: a series plays one game per "
                "option set"
            )  # fmt: skip
        if series is None:
            if games is None:
                games = 1
            if type(games) is not int or not 1 <= games <= MAX_GAMES:
                raise ConfigError("games", games, f"a whole number of games from 1 to {MAX_GAMES}")
            label = variant_label(base)
            return cls("single" if games == 1 else "match", (base,) * games, (label,) * games)
        if isinstance(series, (str, bytes, Mapping)) or not isinstance(series, Sequence):
            raise ConfigError(
                "series", series, "a list of option sets, such as [{}, {'scoring': 'red'}]"
            )
        if not 2 <= len(series) <= MAX_GAMES:
            raise ConfigError("series", series, f"2 to {MAX_GAMES} option sets")
        played = []
        for k, changes in enumerate(series, start=1):
            if not isinstance(changes, Mapping):
                raise ConfigError(
                    "series", changes, f"an option set (a mapping of options) for game {k}"
                )
            game = load_game(base.name, **{**base.options(), **changes})
            if game.num_players != base.num_players:
                raise ConfigError(
                    "series", dict(changes),
                    f"the same number of players in every game ({base.num_players}): game {k} "
                    f"seats {game.num_players}",
                )  # fmt: skip
            played.append(game)
        labels = [variant_label(g, played[1 if k == 0 else 0]) for k, g in enumerate(played)]
        if len(set(labels)) < len(labels):  # option sets alike: games by their number
            labels = [f"game {k}" for k in range(1, len(played) + 1)]
        return cls("series", tuple(played), tuple(labels))

    def to_json(self) -> dict[str, Any] | None:
        """The series as the room's file keeps it (``None`` for one game a table)."""
        if self.kind == "single":
            return None
        return {"kind": self.kind, "games": [g.options() for g in self.games]}

    @classmethod
    def from_json(cls, base: Game[Any], doc: Mapping[str, Any] | None) -> Series:
        """The series the room's file keeps (``doc`` from :meth:`to_json`).

        Raises:
            ConfigError: the file's series cannot be read.
        """
        if doc is None:
            return cls.make(base)
        options = doc.get("games")
        if not isinstance(options, list) or not options:
            raise ConfigError("series", doc, "a series of games as the room's file keeps it")
        if doc.get("kind") == "match":
            return cls.make(base, games=len(options))
        return cls.make(base, series=options)

    def seed(self, table_seed: int, k: int) -> int:
        """The deal seed of game ``k`` (0: the first) at a table of ``table_seed``: the table's
        own in a series and for the first game; drawn from it for the later games of a match."""
        if self.same_deal or k == 0:
            return table_seed
        # A string seeds random.Random through SHA-512: each (table, game) gets its own deal.
        return random.Random(f"tradekit-classroom:{table_seed}:game:{k}").getrandbits(63)

    def setup(
        self, setup: Mapping[str, Any] | None, k: int, previous: State[Any] | None
    ) -> dict[str, Any] | None:
        """The set-up of game ``k``: the room's scripted set-up (if any), and in a match what
        the game's rules carry over from ``previous``, the game before (:func:`carry_over`)."""
        carried = carry_over(previous) if self.kind == "match" and previous is not None else None
        if not carried:
            return None if setup is None else dict(setup)
        return {**(setup or {}), **carried}

    def label(self, k: int) -> str:
        """Game ``k``'s label, for a student: ``"scoring=red"`` in a series, ``""`` otherwise."""
        return self.labels[k] if self.same_deal else ""
