"""Turin Market's data tables: goods, the 18 cards, and the classic and red payouts.

The shipped tables (``data/turin/``) are a documented reconstruction; a teacher who owns the game
can type in the printed values in files of the same shape and pass their folder as ``data_dir``.
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

from tradekit.core.data import Table, file_stamps, table_folder
from tradekit.core.errors import DataError

#: The table files the game reads (a save embeds their text).
FILES = ("goods.csv", "cards.csv", "payouts.csv")
#: The deal depends on there being exactly this many cards.
NUM_CARDS = 18
#: Units on a card: 3 of one good, 2 of a second, 1 of a third.
CARD_UNITS = (3, 2, 1)
#: Bounds the rules do not dictate (see :func:`load_tables`): payouts stay within what a table
#: of Scudo can show and a student can add up.
MAX_PAYOUT = 100
#: 18 cards of 3 goods each: a table with more goods would hold goods on no card.
MAX_GOODS = NUM_CARDS * len(CARD_UNITS)
MAX_CARD_ID = 9999


@dataclasses.dataclass(frozen=True, slots=True)
class Good:
    """A good: its id, display names and payouts for holding its majority."""

    id: str
    name_en: str
    name_fr: str
    payouts: tuple[tuple[str, int], ...]

    def payout(self, scoring: str) -> int:
        """The bank payout for this good's majority under ``scoring`` ("classic" or "red")."""
        return dict(self.payouts)[scoring]


@dataclasses.dataclass(frozen=True, slots=True)
class Card:
    """A goods card: ``units`` maps goods to 3, 2 and 1 units."""

    id: int
    units: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return f"#{self.id} " + " ".join(f"{n} {g}" for g, n in self.units)


@dataclasses.dataclass(frozen=True)
class TurinTables:
    """The tables a Turin Market game is played with.

    Attributes:
        folder: where they were read from.
        goods: in payout-card order (top to bottom), which is also the scoring order.
        cards: by card id.
        scorings: the payout versions available (columns of payouts.csv after ``good``).
    """

    folder: str
    goods: tuple[Good, ...]
    cards: tuple[Card, ...]
    scorings: tuple[str, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> TurinTables:
        return self  # read-only tables are shared by copies of a state

    @functools.cached_property
    def card_by_id(self) -> dict[int, Card]:
        """Cards indexed by id."""
        return {c.id: c for c in self.cards}

    @functools.cached_property
    def good_index(self) -> dict[str, int]:
        """Position of each good in scoring order."""
        return {g.id: i for i, g in enumerate(self.goods)}

    @functools.cached_property
    def card_vectors(self) -> dict[int, tuple[int, ...]]:
        """Each card's units as a vector over the goods, in scoring order."""
        out: dict[int, tuple[int, ...]] = {}
        for card in self.cards:
            vec = [0] * len(self.goods)
            for good, n in card.units:
                vec[self.good_index[good]] += n
            out[card.id] = tuple(vec)
        return out

    def total_units(self) -> dict[str, int]:
        """Units of each good over all cards (printed beside each good on the payout card)."""
        totals = {g.id: 0 for g in self.goods}
        for card in self.cards:
            for good, n in card.units:
                totals[good] += n
        return totals


def load_tables(folder: str | Path | None = None) -> TurinTables:
    """Read and check the Turin Market tables.

    Args:
        folder: a folder with ``goods.csv``, ``cards.csv`` and ``payouts.csv``; ``None`` for the
            shipped reconstruction.

    Files are read by :mod:`tradekit.core.data` (UTF-8 with or without BOM, any line ends, sizes
    bounded). The bounds the rules do not dictate, so that a table that loads plays to the end:
    payouts 0 to :data:`MAX_PAYOUT` (100) Scudo; at most :data:`MAX_GOODS` (54) goods; card ids
    1 to :data:`MAX_CARD_ID` (9999).

    Raises:
        DataError: naming the file, row and column of the first problem found.

    Example:
        >>> tables = load_tables()
        >>> len(tables.cards), sum(tables.total_units().values())
        (18, 108)
    """
    path = table_folder(folder, "turin", "Turin Market")
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    stamps = file_stamps(path, FILES)
    return _load(str(path), stamps)


@functools.lru_cache(maxsize=16)
def _load(folder: str, stamps: tuple[int, ...]) -> TurinTables:
    path = Path(folder)
    if not path.is_dir():
        raise DataError(path, "no such folder of Turin Market tables")
    goods_t = Table.read(path / "goods.csv", ["good", "name_en", "name_fr"])
    ids: list[str] = []
    for i in range(len(goods_t)):
        gid = goods_t.text(i, "good")
        if gid in ids:
            raise goods_t.error(i, "good", f"good {gid!r} is listed twice")
        ids.append(gid)
        if len(ids) > MAX_GOODS:
            raise goods_t.error(
                i, "good", f"at most {MAX_GOODS} goods are allowed (18 cards of 3 goods)"
            )

    header = Table.header(path / "payouts.csv")
    scorings = tuple(h for h in header if h != "good")
    if not scorings:
        raise DataError(path / "payouts.csv", "no payout columns after 'good'", row=1)
    pay_t = Table.read(path / "payouts.csv", ["good", *scorings])
    payouts: dict[str, tuple[tuple[str, int], ...]] = {}
    for i in range(len(pay_t)):
        gid = pay_t.text(i, "good")
        if gid not in ids:
            raise pay_t.error(i, "good", f"unknown good {gid!r}; goods.csv lists {ids}")
        if gid in payouts:
            raise pay_t.error(i, "good", f"good {gid!r} is listed twice")
        payouts[gid] = tuple(
            (s, pay_t.integer(i, s, minimum=0, maximum=MAX_PAYOUT)) for s in scorings
        )
    missing = [g for g in ids if g not in payouts]
    if missing:
        raise DataError(path / "payouts.csv", f"no payout row for goods {missing}")
    goods = tuple(
        Good(ids[i], goods_t.text(i, "name_en"), goods_t.text(i, "name_fr"), payouts[ids[i]])
        for i in range(len(goods_t))
    )

    cards_t = Table.read(path / "cards.csv", ["card", "three", "two", "one"])
    cards: list[Card] = []
    seen: set[int] = set()
    for i in range(len(cards_t)):
        if i >= NUM_CARDS:
            raise cards_t.error(
                i, "card", f"expected exactly {NUM_CARDS} cards, found {len(cards_t)}"
            )
        cid = cards_t.integer(i, "card", minimum=1, maximum=MAX_CARD_ID)
        if cid in seen:
            raise cards_t.error(i, "card", f"card {cid} is listed twice")
        seen.add(cid)
        units: list[tuple[str, int]] = []
        for column, n in zip(("three", "two", "one"), CARD_UNITS, strict=True):
            gid = cards_t.text(i, column)
            if gid not in ids:
                raise cards_t.error(i, column, f"unknown good {gid!r}; goods.csv lists {ids}")
            if any(g == gid for g, _ in units):
                raise cards_t.error(i, column, f"good {gid!r} appears twice on one card")
            units.append((gid, n))
        cards.append(Card(cid, tuple(units)))
    if len(cards) != NUM_CARDS:
        raise DataError(
            path / "cards.csv", f"expected exactly {NUM_CARDS} cards, found {len(cards)}"
        )
    return TurinTables(str(path), goods, tuple(cards), scorings)
