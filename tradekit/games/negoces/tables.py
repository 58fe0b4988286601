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
import tomllib
from pathlib import Path
from typing import Any

from tradekit.core.data import Table, data_root, file_stamps
from tradekit.core.errors import DataError

GOOD_KINDS = ("series", "diamant", "sacred", "contraband")
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
        copies = table.integer(i, "copies", minimum=1)
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
        values = [table.integer(i, c, minimum=0) for c in columns]
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
    path = folder / "variants.toml"
    if not path.is_file():
        raise DataError(path, "file not found")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(path, f"not valid TOML: {exc}") from None
    need = {
        "coins": ["total"],
        "treasury": ["tax"],
        "bank": ["coins", "loan_cards", "loan"],
        "temple": ["sacred_texts"],
        "new_monopolies": ["players", "coins", "singles", "goal_goods", "goal_coins"],
    }
    for section, keys in need.items():
        for key in keys:
            value = data.get(section, {}).get(key)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise DataError(path, f"[{section}] {key} must be a whole number >= 0")
    if data["bank"]["loan_cards"] != 6:
        raise DataError(path, "[bank] loan_cards must be 6 (the card ids assume it)")
    return data


def load_tables(folder: str | None = None) -> NegocesTables:
    """Read and check the tables in ``folder`` (``None``: the shipped ``data/negoces``)."""
    where = Path(folder) if folder is not None else data_root() / "negoces"
    # Keyed on the files' modification times, so a teacher's edited table is read again.
    return _load(str(where), file_stamps(where, ("goods.csv", "setup.csv", "variants.toml")))


@functools.lru_cache(maxsize=16)
def _load(folder: str, stamps: tuple[int, ...]) -> NegocesTables:
    where = Path(folder)
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
