"""Négoces' data tables: the goods, the set-up table and the variants' constants.

Read from ``data/negoces/`` (``goods.csv``, ``setup.csv``, ``variants.toml``). Card ids follow from
the goods table: every good gets ``copies`` consecutive ids in file order (the 12 series of 4 are
cards 0-47, the Diamant is 48, the 4 sacred texts 49-52, the 6 contraband cards 53-58), then the
cards that are not goods: 6 Treasurers, the Thief, the Guard, 6 Misers, 6 Swindlers, 6 Loans.

Example:
    >>> t = load_tables()
    >>> t.good_of[0], t.good_of[47], t.good_of[48], t.good_of[49]
    ('bijoux', 'epices', 'diamant', 'textes_sacres')
    >>> t.goods["cafe"].name_en, t.setup[5].coins, t.temple_gift(3)
    ('Coffee', 12, 5)
    >>> t.special["thief"], t.special["loan"]
    ((65,), (79, 80, 81, 82, 83, 84))
"""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path
from typing import Any

from tradekit.core.data import Settings, Table, file_stamps, table_folder
from tradekit.core.errors import DataError

#: The table files the game reads (a save embeds their text).
FILES = ("goods.csv", "setup.csv", "variants.toml")
GOOD_KINDS = ("series", "diamant", "sacred", "contraband")
#: The ids the engine knows the one good of these kinds by.
FIXED_IDS = {"diamant": "diamant", "sacred": "textes_sacres"}
#: Cards that are not goods, in id order, with how many the box holds.
SPECIAL_CARDS = (
    ("treasurer", 6),
    ("thief", 1),
    ("guard", 1),
    ("miser", 6),
    ("swindler", 6),
    ("loan", 6),
)


@dataclasses.dataclass(frozen=True, slots=True)
class Good:
    """A good: its id, kind (``series``, ``diamant``, ``sacred``, ``contraband``), number of
    cards, and names."""

    id: str
    kind: str
    copies: int
    name_fr: str
    name_en: str


@dataclasses.dataclass(frozen=True, slots=True)
class SetupRow:
    """One row of the set-up table."""

    players: int
    series: int
    series_size: int
    coins: int
    goal_goods: int
    goal_coins: int
    temple_gift: int


@dataclasses.dataclass(frozen=True)
class NegocesTables:
    """Everything read from ``data/negoces``.

    Attributes:
        folder: where the tables were read from.
        goods: by id, in file order.
        setup: the set-up table by player count.
        constants: ``variants.toml`` as a dict of sections.
        good_of: each goods card's good (card id -> good id).
        cards_of: each good's card ids.
        special: the ids of the cards that are not goods, by kind.
    """

    folder: str
    goods: dict[str, Good]
    setup: dict[int, SetupRow]
    constants: dict[str, Any]
    good_of: dict[int, str]
    cards_of: dict[str, tuple[int, ...]]
    special: dict[str, tuple[int, ...]]

    def __deepcopy__(self, memo: dict[int, Any]) -> NegocesTables:
        # The tables never change once read: copies of a state share them.
        return self

    def goods_of_kind(self, kind: str) -> list[str]:
        """The ids of the goods of one kind, in file order."""
        return [g.id for g in self.goods.values() if g.kind == kind]

    def constant(self, section: str, key: str) -> int:
        """A whole-number constant of ``variants.toml``."""
        return int(self.constants[section][key])

    def temple_gift(self, players: int) -> int:
        """Coins the seller gives away for a sacred-texts card."""
        return self.setup[players].temple_gift

    @functools.cached_property
    def kind_of(self) -> dict[int, str]:
        """Every card's kind: a good kind, or a special card's name."""
        out = {c: self.goods[g].kind for c, g in self.good_of.items()}
        for name, ids in self.special.items():
            for c in ids:
                out[c] = name
        return out

    def name(self, card: int) -> str:
        """A card's English name ("Coffee", "Treasurer")."""
        if card in self.good_of:
            return self.goods[self.good_of[card]].name_en
        names = self.constants.get("special_cards", {})
        key = {
            "treasurer": "tresorier",
            "thief": "voleur",
            "guard": "garde",
            "miser": "radin",
            "swindler": "arnaqueur",
            "loan": "pret",
        }[self.kind_of[card]]
        return str(names.get(key, [key, key])[1])


#: The most coins any one value of the tables may be (a player's start, a goal, a gift, the bank,
#: a loan, the tax): the source's largest is 30 (the bank), and offers list every coin amount.
MAX_COINS = 100
#: The most different goods a goal may ask for: there are 20 goods in all.
MAX_GOAL_GOODS = 20
#: ``variants.toml``: every section and its keys (all required; any other is refused).
SCHEMA: dict[str, tuple[str, ...]] = {
    "coins": ("total",),
    "treasury": ("tax",),
    "bank": ("coins", "loan_cards", "loan"),
    "temple": ("sacred_texts",),
    "new_monopolies": ("players", "coins", "singles", "goal_goods", "goal_coins"),
    "special_cards": ("tresorier", "voleur", "garde", "radin", "arnaqueur", "pret"),
}
#: Keys the engine's deal and card ids are built on: the only value each may have, and why.
FIXED = {
    ("bank", "loan_cards"): (6, "the card ids assume it"),
    ("temple", "sacred_texts"): (4, "goods.csv's sacred texts are 4 cards"),
    ("new_monopolies", "players"): (3, "the engine plays new monopolies with 3 players only"),
    ("new_monopolies", "singles"): (2, "the deal lays 2 single cards face up"),
}
#: Every whole number of ``variants.toml`` with its allowed range (the fixed ones excepted).
RANGES = {
    ("coins", "total"): (0, 6 * MAX_COINS),
    ("treasury", "tax"): (0, MAX_COINS),
    ("bank", "coins"): (0, MAX_COINS),
    ("bank", "loan"): (1, MAX_COINS),
    ("new_monopolies", "coins"): (0, MAX_COINS),
    ("new_monopolies", "goal_goods"): (1, MAX_GOAL_GOODS),
    ("new_monopolies", "goal_coins"): (0, MAX_COINS),
}
#: ``setup.csv``'s columns with their allowed ranges (``series`` is checked against players too).
SETUP_RANGES = {
    "players": (3, 6),
    "series": (0, 12),
    "series_size": (2, 4),
    "coins": (0, MAX_COINS),
    "goal_goods": (1, MAX_GOAL_GOODS),
    "goal_coins": (0, MAX_COINS),
    "temple_gift": (1, MAX_COINS),  # a gift of 0 coins would leave nothing to give
}


def _read_goods(folder: Path) -> dict[str, Good]:
    path = folder / "goods.csv"
    table = Table.read(path, ["good", "kind", "copies", "name_fr", "name_en"])
    goods: dict[str, Good] = {}
    for i in range(len(table)):
        gid = table.text(i, "good")
        kind = table.text(i, "kind")
        if kind not in GOOD_KINDS:
            raise table.error(i, "kind", f"expected one of {', '.join(GOOD_KINDS)}, got {kind!r}")
        if gid in goods:
            raise table.error(i, "good", f"good {gid!r} is listed twice")
        for fixed_kind, fixed_id in FIXED_IDS.items():
            if (kind == fixed_kind) != (gid == fixed_id):
                raise table.error(
                    i, "good", f"the good of kind {fixed_kind!r} must have the id {fixed_id!r}"
                )
        copies = table.integer(i, "copies", minimum=1, maximum=4)
        goods[gid] = Good(gid, kind, copies, table.text(i, "name_fr"), table.text(i, "name_en"))
    need = {"series": (12, 4), "diamant": (1, 1), "sacred": (1, 4), "contraband": (6, 1)}
    for kind, (count, copies) in need.items():
        found = [g for g in goods.values() if g.kind == kind]
        if len(found) != count or any(g.copies != copies for g in found):
            raise DataError(path, f"expected {count} good(s) of kind {kind!r} with {copies} cards")
    return goods


def _read_setup(folder: Path) -> dict[int, SetupRow]:
    columns = [f.name for f in dataclasses.fields(SetupRow)]
    table = Table.read(folder / "setup.csv", columns)
    rows: dict[int, SetupRow] = {}
    for i in range(len(table)):
        values = [table.integer(i, c, *SETUP_RANGES[c]) for c in columns]
        row = SetupRow(*values)
        if row.players in rows:
            raise table.error(i, "players", f"player count {row.players} is listed twice")
        if row.series > 12 or row.series < 2 * row.players:
            raise table.error(i, "series", "need 2 series per player and at most 12")
        if not 2 <= row.series_size <= 4:
            raise table.error(i, "series_size", "a series has 2 to 4 cards")
        rows[row.players] = row
    if sorted(rows) != [3, 4, 5, 6]:
        raise DataError(folder / "setup.csv", f"expected rows for 3-6 players, got {sorted(rows)}")
    return rows


def _read_constants(folder: Path) -> dict[str, Any]:
    settings = Settings.read(folder / "variants.toml", SCHEMA)
    out: dict[str, Any] = {name: {} for name in SCHEMA}
    for (section, key), (low, high) in RANGES.items():
        out[section][key] = settings.integer(section, key, low, high)
    for (section, key), (only, why) in FIXED.items():
        out[section][key] = settings.exactly(section, key, only, why)
    for key in SCHEMA["special_cards"]:
        # [French name, English name]: a shorter list used to fail only once a name was shown
        out["special_cards"][key] = list(settings.texts("special_cards", key, 2))
    return out


def load_tables(folder: str | Path | None = None) -> NegocesTables:
    """Read and check the tables in ``folder`` (``None``: the shipped ``data/negoces``).

    Files are read by :mod:`tradekit.core.data` (UTF-8 with or without BOM, any line ends, sizes
    bounded). Beyond the rules' own checks, the bounds the rules do not dictate are:

    * every coin value (``setup.csv``'s ``coins``, ``goal_coins``, ``temple_gift``; the tax, the
      bank's coins, the loan and the new monopolies' coins and goal in ``variants.toml``) is a
      whole number from 0 to :data:`MAX_COINS` (100), the loan and the temple gift at least 1 (a
      gift of 0 would leave the seller nothing to give), ``[coins] total`` 0 to 600 (6 x 100);
    * goals of different goods are 1 to 20 (the number of goods); ``copies`` 1 to 4;
    * ``variants.toml`` has exactly the sections and keys of :data:`SCHEMA`: a missing one, an
      unknown one (a typo) or a section that is not a table is refused; ``[special_cards]`` holds
      a [French, English] pair of non-empty names for each of the six cards;
    * the keys the deal and the card ids are built on may have only one value (:data:`FIXED`),
      and the Diamant and the sacred texts keep their ids (:data:`FIXED_IDS`).

    Raises:
        DataError: naming the file and the row and column (CSV) or ``[section] key`` (TOML) of
            the first problem.
    """
    where = table_folder(folder, "negoces", "Négoces")
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    return _load(str(where), file_stamps(where, FILES))


@functools.lru_cache(maxsize=16)
def _load(folder: str, stamps: tuple[int, ...]) -> NegocesTables:
    where = Path(folder)
    if not where.is_dir():
        raise DataError(where, "no such folder of Négoces tables")
    goods = _read_goods(where)
    setup = _read_setup(where)
    constants = _read_constants(where)
    good_of: dict[int, str] = {}
    cards_of: dict[str, tuple[int, ...]] = {}
    next_id = 0
    for good in goods.values():
        cards_of[good.id] = tuple(range(next_id, next_id + good.copies))
        for c in cards_of[good.id]:
            good_of[c] = good.id
        next_id += good.copies
    special: dict[str, tuple[int, ...]] = {}
    for name, count in SPECIAL_CARDS:
        special[name] = tuple(range(next_id, next_id + count))
        next_id += count
    return NegocesTables(str(where), goods, setup, constants, good_of, cards_of, special)
