"""Medici's data tables: goods, the 36 cards, ship rewards, the ladders and the set-up by count.

The shipped tables live in ``data/medici/``; a teacher may copy the folder, change a value (say, a
house ship table) and pass the copy as ``data_dir``. Every problem raises
:class:`~tradekit.core.errors.DataError` naming the file, the row and the column.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

from tradekit.core.data import Table, data_root, file_stamps
from tradekit.core.errors import DataError

#: The ``good`` of the card that belongs to no good (it moves no ladder).
NEUTRAL = "neutral"
FILES = ("goods.csv", "cards.csv", "ships.csv", "ladder.csv", "ladder_awards.csv", "setup.csv")


@dataclasses.dataclass(frozen=True, slots=True)
class Good:
    """A good: its id (used in set-ups and ledger reasons) and its English and French names."""

    id: str
    name_en: str
    name_fr: str


@dataclasses.dataclass(frozen=True, slots=True)
class Card:
    """A goods card: ``good`` is ``None`` for the neutral card.

    Example:
        >>> str(Card(12, "porcelain", 4)), str(Card(36, None, 10))
        ('#12 porcelain 4', '#36 neutral 10')
    """

    id: int
    good: str | None
    value: int

    def __str__(self) -> str:
        return f"#{self.id} {self.good or NEUTRAL} {self.value}"


@dataclasses.dataclass(frozen=True, slots=True)
class CountRow:
    """One row of ``setup.csv``: what a player count starts with and plays each round."""

    players: int
    wealth: int
    cards: int


@dataclasses.dataclass(frozen=True)
class MediciTables:
    """The tables a Medici game is played with.

    Attributes:
        folder: where they were read from.
        goods: the goods, in ladder (and scoring) order.
        cards: by card id.
        ships: ship rewards by table name, then by player count (place 1 first).
        ladder_top: the highest ladder space (the start space is 0).
        bonuses: the monopoly bonus of every space that has one, as (space, florins).
        awards: the ladder awards by place (first, second, ...).
        counts: the set-up row of every allowed player count.
    """

    folder: str
    goods: tuple[Good, ...]
    cards: tuple[Card, ...]
    ships: dict[str, dict[int, tuple[int, ...]]]
    ladder_top: int
    bonuses: tuple[tuple[int, int], ...]
    awards: tuple[int, ...]
    counts: dict[int, CountRow]

    @functools.cached_property
    def card_by_id(self) -> dict[int, Card]:
        """Cards indexed by id."""
        return {c.id: c for c in self.cards}

    @functools.cached_property
    def good_index(self) -> dict[str, int]:
        """Position of each good in ladder order."""
        return {g.id: i for i, g in enumerate(self.goods)}

    @property
    def table_names(self) -> tuple[str, ...]:
        """The ship tables available (the ``reward_table`` option)."""
        return tuple(self.ships)

    def bonus(self, space: int) -> int:
        """The monopoly bonus paid on ``space`` (0 for a space without one)."""
        return dict(self.bonuses).get(space, 0)


def load_tables(folder: str | Path | None = None) -> MediciTables:
    """Read and check the Medici tables.

    Args:
        folder: a folder with the files of ``data/medici`` (``goods.csv``, ``cards.csv``,
            ``ships.csv``, ``ladder.csv``, ``ladder_awards.csv``, ``setup.csv``); ``None`` for
            the shipped ones.

    Raises:
        DataError: naming the file, row and column of the first problem found.

    Example:
        >>> tables = load_tables()
        >>> len(tables.cards), tables.ships["1995"][5], tables.ladder_top, tables.bonuses
        (36, (30, 20, 10, 5, 0), 7, ((6, 10), (7, 20)))
    """
    path = Path(folder) if folder is not None else data_root() / "medici"
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    stamps = file_stamps(path, FILES)
    return _load(str(path.resolve()), stamps)


@functools.lru_cache(maxsize=16)
def _load(folder: str, stamps: tuple[int, ...]) -> MediciTables:
    path = Path(folder)
    if not path.is_dir():
        raise DataError(path, "no such folder of Medici tables")
    goods = _read_goods(path)
    ids = [g.id for g in goods]
    cards = _read_cards(path, ids)
    counts = _read_counts(path, len(cards))
    ships = _read_ships(path, counts)
    top, bonuses = _read_ladder(path)
    awards = _read_awards(path)
    return MediciTables(str(path), goods, cards, ships, top, bonuses, awards, counts)


def _read_goods(path: Path) -> tuple[Good, ...]:
    table = Table.read(path / "goods.csv", ["good", "name_en", "name_fr"])
    goods: list[Good] = []
    for i in range(len(table)):
        gid = table.text(i, "good")
        if gid == NEUTRAL:
            raise table.error(i, "good", f"{NEUTRAL!r} names the neutral card, not a good")
        if any(g.id == gid for g in goods):
            raise table.error(i, "good", f"good {gid!r} is listed twice")
        goods.append(Good(gid, table.text(i, "name_en"), table.text(i, "name_fr")))
    return tuple(goods)


def _read_cards(path: Path, goods: list[str]) -> tuple[Card, ...]:
    table = Table.read(path / "cards.csv", ["card", "good", "value"])
    cards: list[Card] = []
    seen: set[int] = set()
    for i in range(len(table)):
        cid = table.integer(i, "card", minimum=1)
        if cid in seen:
            raise table.error(i, "card", f"card {cid} is listed twice")
        seen.add(cid)
        good = table.text(i, "good")
        if good != NEUTRAL and good not in goods:
            raise table.error(i, "good", f"unknown good {good!r}; goods.csv lists {goods}")
        value = table.integer(i, "value", minimum=0)
        cards.append(Card(cid, None if good == NEUTRAL else good, value))
    return tuple(cards)


def _read_counts(path: Path, num_cards: int) -> dict[int, CountRow]:
    table = Table.read(path / "setup.csv", ["players", "wealth", "cards"])
    counts: dict[int, CountRow] = {}
    for i in range(len(table)):
        players = table.integer(i, "players", minimum=2)
        if players in counts:
            raise table.error(i, "players", f"{players} players are listed twice")
        wealth = table.integer(i, "wealth", minimum=0)
        cards = table.integer(i, "cards", minimum=1)
        if cards > num_cards:
            raise table.error(i, "cards", f"{cards} cards a round, but cards.csv has {num_cards}")
        counts[players] = CountRow(players, wealth, cards)
    return dict(sorted(counts.items()))


def _read_ships(path: Path, counts: dict[int, CountRow]) -> dict[str, dict[int, tuple[int, ...]]]:
    table = Table.read(path / "ships.csv", ["table", "players", "rewards"])
    ships: dict[str, dict[int, tuple[int, ...]]] = {}
    for i in range(len(table)):
        name = table.text(i, "table")
        players = table.integer(i, "players")
        if players not in counts:
            raise table.error(i, "players", f"setup.csv allows {sorted(counts)} players")
        rows = ships.setdefault(name, {})
        if players in rows:
            raise table.error(i, "players", f"table {name!r} lists {players} players twice")
        text = table.text(i, "rewards")
        try:
            rewards = tuple(int(x) for x in text.split())
        except ValueError:
            raise table.error(
                i, "rewards", f"expected whole numbers separated by spaces, got {text!r}"
            ) from None
        if len(rewards) != players:
            raise table.error(
                i, "rewards", f"expected {players} rewards (one per place), got {len(rewards)}"
            )
        if min(rewards) < 0:
            raise table.error(i, "rewards", f"rewards cannot be negative, got {text!r}")
        rows[players] = rewards
    for name, rows in ships.items():
        missing = sorted(set(counts) - set(rows))
        if missing:
            raise DataError(path / "ships.csv", f"table {name!r} has no row for {missing} players")
        ships[name] = dict(sorted(rows.items()))
    return ships


def _read_ladder(path: Path) -> tuple[int, tuple[tuple[int, int], ...]]:
    table = Table.read(path / "ladder.csv", ["space", "bonus"])
    bonuses: list[tuple[int, int]] = []
    for i in range(len(table)):
        space = table.integer(i, "space", minimum=0)
        if space != i:
            raise table.error(i, "space", f"spaces run 0, 1, 2, ... in order: expected {i}")
        bonus = table.integer(i, "bonus", minimum=0)
        if space == 0 and bonus:
            raise table.error(i, "bonus", "the start space (0) carries no bonus")
        if bonus:
            bonuses.append((space, bonus))
    top = len(table) - 1
    if top < 1:
        raise DataError(path / "ladder.csv", "a ladder needs the start space 0 and space 1")
    return top, tuple(bonuses)


def _read_awards(path: Path) -> tuple[int, ...]:
    table = Table.read(path / "ladder_awards.csv", ["place", "florins"])
    awards: list[int] = []
    for i in range(len(table)):
        place = table.integer(i, "place", minimum=1)
        if place != i + 1:
            raise table.error(i, "place", f"places run 1, 2, ... in order: expected {i + 1}")
        awards.append(table.integer(i, "florins", minimum=0))
    return tuple(awards)
