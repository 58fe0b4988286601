"""Négoces' data tables (``data/negoces/``): the numbers of the source, card ids, and bad input.

A malformed table raises ``tradekit.DataError`` naming the file (and the row and column for CSV).
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

import tradekit
from tests.helpers import DATA as SHIPPED
from tests.helpers import copy_tables, edit
from tradekit import DataError
from tradekit.games.negoces import load_tables

DATA = SHIPPED / "negoces"


def test_setup_table_is_the_sources() -> None:
    with open(DATA / "setup.csv", encoding="utf-8") as fh:
        rows = {int(r["players"]): r for r in csv.DictReader(fh)}
    expected = {  # players: series, series size, coins, goods, coins to win, temple gift
        3: (6, 3, 15, 6, 10, 5),
        4: (8, 4, 15, 8, 10, 4),
        5: (10, 4, 12, 8, 8, 3),
        6: (12, 4, 10, 8, 7, 2),
    }
    for players, values in expected.items():
        row = rows[players]
        got = tuple(
            int(row[c])
            for c in ("series", "series_size", "coins", "goal_goods", "goal_coins", "temple_gift")
        )
        assert got == values
        # "au moins les 2/3 des pièces que l'on avait au début" (rounded up)
        assert int(row["goal_coins"]) == -(-2 * int(row["coins"]) // 3)
    tables = load_tables()
    assert tables.setup[5].coins == 12 and tables.temple_gift(6) == 2


def test_goods_and_card_ids() -> None:
    t = load_tables()
    series = t.goods_of_kind("series")
    assert series == [
        "bijoux",
        "cafe",
        "cigares",
        "ivoire",
        "jade",
        "livres",
        "miel",
        "parfum",
        "soie",
        "the",
        "vin",
        "epices",
    ]
    assert [t.goods[g].name_fr for g in ("cafe", "the", "epices")] == ["Café", "Thé", "Épices"]
    assert [t.goods[g].name_en for g in ("cafe", "the", "epices")] == ["Coffee", "Tea", "Spices"]
    assert t.cards_of["cafe"] == (4, 5, 6, 7) and t.cards_of["diamant"] == (48,)
    assert t.cards_of["textes_sacres"] == (49, 50, 51, 52)
    assert len(t.goods_of_kind("contraband")) == 6 and t.cards_of["alcool"] == (58,)
    assert t.special["treasurer"] == tuple(range(59, 65))
    assert t.special["miser"][0] == 67 and t.special["swindler"][5] == 78
    assert t.name(65) == "Thief" and t.name(66) == "Guard" and t.name(80) == "Loan"
    assert t.constant("bank", "loan") == 5 and t.constant("bank", "coins") == 30
    assert t.constant("treasury", "tax") == 1 and t.constant("temple", "sacred_texts") == 4


@pytest.mark.parametrize(
    ("variants", "count"),
    [((), 49), (("temple",), 53), (("smugglers",), 55), (("bank", "misers"), 49 + 6 + 4)],
)
def test_all_cards_by_variant(variants: tuple[str, ...], count: int) -> None:
    state = tradekit.load_game("negoces", players=4, variants=variants).new_state(seed=1)
    assert len(state.all_cards()) == len(set(state.all_cards())) == count


def test_a_teachers_tables_are_used(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "negoces")
    edit(folder, "setup.csv", "4,8,4,15,8,10,4", "4,8,4,14,8,9,4")
    game = tradekit.load_game("negoces", players=4, data_dir=str(folder))
    state = game.new_state(seed=1)
    assert state.coins == [14] * 4 and state.goal_coins == 9


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("goods.csv", "jade,series", "jade,spice", "expected one of series"),
        ("goods.csv", "jade,series,4", "jade,series,x", "expected a whole number"),
        ("goods.csv", "alcool,contraband,1,Alcool,Spirits\n", "", "kind 'contraband'"),
        ("setup.csv", "6,12,4,10,8,7,2\n", "", "expected rows for 3-6 players"),
        ("setup.csv", "5,10,4,12", "5,4,4,12", "2 series per player"),
        ("variants.toml", "tax = 1", 'tax = "one"', "[treasury] tax"),
        ("variants.toml", "[bank]", "[bank", "not valid TOML"),
    ],
)
def test_bad_tables_raise_data_error(
    tmp_path: Path, name: str, old: str, new: str, message: str
) -> None:
    folder = copy_tables(tmp_path, "negoces")
    edit(folder, name, old, new)
    with pytest.raises(DataError) as info:
        tradekit.load_game("negoces", data_dir=str(folder))
    assert message in str(info.value) and name in str(info.value)


def test_an_edited_table_is_read_again(tmp_path: Path) -> None:
    folder = tmp_path / "negoces"
    shutil.copytree(tradekit.core.data.data_root() / "negoces", folder)
    before = load_tables(str(folder))
    goods = folder / "goods.csv"
    goods.write_text(goods.read_text(encoding="utf-8").replace("Jewels", "Jewellery"), "utf-8")
    after = load_tables(str(folder))
    assert before.goods["bijoux"].name_en == "Jewels"
    assert after.goods["bijoux"].name_en == "Jewellery"
