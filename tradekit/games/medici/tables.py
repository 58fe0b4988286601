"""Medici's data tables: goods, the 36 cards, ship rewards, the ladders and the set-up by count.

The shipped tables live in ``data/medici/``; a teacher may copy the folder, change a value (say, a
house ship table) and pass the copy as ``data_dir``. Every problem raises
:class:`~tradekit.core.errors.DataError` naming the file, the row and the column.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path

from tradekit.core.data import Table, file_stamps, table_folder
from tradekit.core.errors import DataError

#: The ``good`` of the card that belongs to no good (it moves no ladder).
NEUTRAL = "neutral"
FILES = ("goods.csv", "cards.csv", "ships.csv", "ladder.csv", "ladder_awards.csv", "setup.csv")
#: Bounds the rules do not dictate (see :func:`load_tables`): no table that loads can make the
#: engine build huge lists, since an auction lists every bid from 1 to the bidder's florins.
PLAYERS = (2, 8)
MAX_WEALTH = 1000
MAX_PAYMENT = 100
MAX_GOODS = 10
MAX_CARDS = 200
MAX_CARD_ID = 9999
MAX_CARD_VALUE = 100
MAX_SPACE = 30


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

    Files are read by :mod:`tradekit.core.data` (UTF-8 with or without BOM, any line ends, sizes
    bounded). The bounds the rules do not dictate, so that a table that loads plays to the end:

    * player counts 2 to 8 (the rulebook plays 3 to 6; the engine plays 2 to 8);
    * starting wealth 0 to :data:`MAX_WEALTH` (1000) florins; every payment of the tables (ship
      reward, monopoly bonus, ladder award) 0 to :data:`MAX_PAYMENT` (100) florins;
    * at most :data:`MAX_GOODS` (10) goods and :data:`MAX_CARDS` (200) cards, card ids 1 to
      :data:`MAX_CARD_ID` (9999), card values 0 to :data:`MAX_CARD_VALUE` (100);
    * ladder spaces 0 to :data:`MAX_SPACE` (30); at most one award place per player (8).

    Raises:
        DataError: naming the file, row and column of the first problem found.

    Example:
        >>> tables = load_tables()
        >>> len(tables.cards), tables.ships["1995"][5], tables.ladder_top, tables.bonuses
        (36, (30, 20, 10, 5, 0), 7, ((6, 10), (7, 20)))
    """
    path = table_folder(folder, "medici", "Medici")
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    stamps = file_stamps(path, FILES)
    return _load(str(path), stamps)


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
        if len(goods) > MAX_GOODS:
            raise table.error(i, "good", f"at most {MAX_GOODS} goods are allowed")
    return tuple(goods)


def _read_cards(path: Path, goods: list[str]) -> tuple[Card, ...]:
    table = Table.read(path / "cards.csv", ["card", "good", "value"])
    cards: list[Card] = []
    seen: set[int] = set()
    for i in range(len(table)):
        if i >= MAX_CARDS:
            raise table.error(i, "card", f"at most {MAX_CARDS} cards are allowed")
        cid = table.integer(i, "card", minimum=1, maximum=MAX_CARD_ID)
        if cid in seen:
            raise table.error(i, "card", f"card {cid} is listed twice")
        seen.add(cid)
        good = table.text(i, "good")
        if good != NEUTRAL and good not in goods:
            raise table.error(i, "good", f"unknown good {good!r}; goods.csv lists {goods}")
        value = table.integer(i, "value", minimum=0, maximum=MAX_CARD_VALUE)
        cards.append(Card(cid, None if good == NEUTRAL else good, value))
    return tuple(cards)


def _read_counts(path: Path, num_cards: int) -> dict[int, CountRow]:
    table = Table.read(path / "setup.csv", ["players", "wealth", "cards"])
    counts: dict[int, CountRow] = {}
    for i in range(len(table)):
        players = table.integer(i, "players", *PLAYERS)
        if players in counts:
            raise table.error(i, "players", f"{players} players are listed twice")
        wealth = table.integer(i, "wealth", minimum=0, maximum=MAX_WEALTH)
        cards = table.integer(i, "cards", minimum=1, maximum=MAX_CARDS)
        if cards > num_cards:
            raise table.error(i, "cards", f"{cards} cards a round, but cards.csv has {num_cards}")
        counts[players] = CountRow(players, wealth, cards)
    return dict(sorted(counts.items()))


def _read_ships(path: Path, counts: dict[int, CountRow]) -> dict[str, dict[int, tuple[int, ...]]]:
    table = Table.read(path / "ships.csv", ["table", "players", "rewards"])
    ships: dict[str, dict[int, tuple[int, ...]]] = {}
    for i in range(len(table)):
        name = table.text(i, "table")
        players = table.integer(i, "players", *PLAYERS)
        if players not in counts:
            raise table.error(i, "players", f"setup.csv allows {sorted(counts)} players")
        rows = ships.setdefault(name, {})
        if players in rows:
            raise table.error(i, "players", f"table {name!r} lists {players} players twice")
        text = table.text(i, "rewards")
        if not all(re.fullmatch(r"-?[0-9]+", x) for x in text.split()):
            raise table.error(
                i, "rewards", f"expected whole numbers separated by spaces, got {text!r}"
            )
        rewards = tuple(int(x) for x in text.split())
        if len(rewards) != players:
            raise table.error(
                i, "rewards", f"expected {players} rewards (one per place), got {len(rewards)}"
            )
        if min(rewards) < 0:
            raise table.error(i, "rewards", f"rewards cannot be negative, got {text!r}")
        if max(rewards) > MAX_PAYMENT:
            raise table.error(
                i,
                "rewards",
                f"a reward must be at most {MAX_PAYMENT}, got {max(rewards)} "
                f"(the allowed range is 0 to {MAX_PAYMENT})",
            )
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
        space = table.integer(i, "space", minimum=0, maximum=MAX_SPACE)
        if space != i:
            raise table.error(i, "space", f"spaces run 0, 1, 2, ... in order: expected {i}")
        bonus = table.integer(i, "bonus", minimum=0, maximum=MAX_PAYMENT)
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
        place = table.integer(i, "place", minimum=1, maximum=PLAYERS[1])
        if place != i + 1:
            raise table.error(i, "place", f"places run 1, 2, ... in order: expected {i + 1}")
        awards.append(table.integer(i, "florins", minimum=0, maximum=MAX_PAYMENT))
    return tuple(awards)
