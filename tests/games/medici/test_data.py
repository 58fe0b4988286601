"""Medici's data tables: the shipped values, a teacher's own tables, and bad input.

The tables live in ``data/medici/`` (goods, cards, ships, ladder, ladder_awards, setup). A teacher
can copy the folder, change a value and pass it as ``data_dir``. A malformed table must raise
``tradekit.DataError`` naming the file, the row (the header is row 1) and the column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tradekit
from tests.helpers import DATA as SHIPPED
from tests.helpers import copy_tables, edit
from tradekit import ConfigError, DataError
from tradekit.games.medici import MediciGame, load_tables

DATA = SHIPPED / "medici"


# ----------------------------------------------------------------------------------------------
# the shipped tables
# ----------------------------------------------------------------------------------------------


def test_shipped_tables_hold_the_rules_values():
    tables = load_tables()
    assert [(g.id, g.name_en, g.name_fr) for g in tables.goods] == [
        ("metal", "Metal", "Métal"),
        ("porcelain", "Porcelain", "Porcelaine"),
        ("dye", "Dye", "Teinture"),
        ("cloth", "Cloth", "Tissus"),
        ("spices", "Spices", "Épices"),
    ]
    assert [c.id for c in tables.cards] == list(range(1, 37))
    assert sum(c.value for c in tables.cards) == 5 * 20 + 10
    assert tables.card_by_id[36].good is None and tables.card_by_id[36].value == 10
    assert tables.ships["1995"] == {
        3: (30, 15, 0),
        4: (30, 20, 10, 0),
        5: (30, 20, 10, 5, 0),
        6: (30, 20, 15, 10, 5, 0),
    }
    tournament = tables.ships["tournament"]
    assert tournament[6] == (30, 20, 10, 10, 5, 0)
    assert all(tournament[n] == tables.ships["1995"][n] for n in (3, 4, 5))
    assert tables.ladder_top == 7
    assert tables.bonuses == ((6, 10), (7, 20))
    assert [tables.bonus(s) for s in range(8)] == [0, 0, 0, 0, 0, 0, 10, 20]
    assert tables.awards == (10, 5)
    assert {n: (r.wealth, r.cards) for n, r in tables.counts.items()} == {
        3: (40, 18),
        4: (40, 24),
        5: (30, 30),
        6: (30, 36),
    }


def test_the_readme_describes_every_file():
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for path in DATA.glob("*.csv"):
        assert f"`{path.name}`" in readme
    assert "## Sources" in readme


# ----------------------------------------------------------------------------------------------
# a teacher's own tables
# ----------------------------------------------------------------------------------------------


def test_a_teachers_house_ship_table_and_wealth(tmp_path: Path):
    folder = copy_tables(tmp_path, "medici")
    ships = folder / "ships.csv"
    rows = "".join(f"house,{n},{' '.join(['12'] * n)}\n" for n in (3, 4, 5, 6))
    ships.write_text(ships.read_text(encoding="utf-8") + rows, encoding="utf-8")
    edit(folder, "setup.csv", "3,40,18", "3,25,15")
    game = tradekit.load_game("medici", players=3, reward_table="house", data_dir=folder)
    assert isinstance(game, MediciGame)
    assert game.ship_rewards == (12, 12, 12)
    state = game.new_state(seed=1, setup={"piles": [[]]})
    # Round 1 ends at once (an empty pile): every ship ties at 0 and gets (12+12+12)/3 = 12.
    assert state.wealth == [37, 37, 37]
    assert state.view(None).pile_size + 1 == 15  # the next round's pile: 15 cards
    with pytest.raises(ConfigError, match="'1995', 'tournament' or 'house'"):
        tradekit.load_game("medici", players=3, reward_table="castle", data_dir=folder)


def test_an_edited_table_is_read_again(tmp_path: Path):
    folder = copy_tables(tmp_path, "medici")
    assert load_tables(folder).awards == (10, 5)
    (folder / "ladder_awards.csv").write_text("place,florins\n1,12\n2,6\n3,2\n", encoding="utf-8")
    assert load_tables(folder).awards == (12, 6, 2)


def test_data_dir_may_be_a_path_and_options_round_trip(tmp_path: Path):
    folder = copy_tables(tmp_path, "medici")
    game = tradekit.load_game("medici", data_dir=folder)
    assert isinstance(game, MediciGame)
    assert game.data_dir == str(folder)
    assert tradekit.load_game("medici", **game.options()) == game


# ----------------------------------------------------------------------------------------------
# bad tables
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "column", "message"),
    [
        ("goods.csv", "dye,Dye", "metal,Dye", 4, "good", "listed twice"),
        ("goods.csv", "dye,Dye", "neutral,Dye", 4, "good", "names the neutral card"),
        ("cards.csv", "15,dye,0", "15,furs,0", 16, "good", "unknown good 'furs'"),
        ("cards.csv", "15,dye,0", "14,dye,0", 16, "card", "card 14 is listed twice"),
        ("cards.csv", "15,dye,0", "15,dye,-1", 16, "value", "must be at least 0"),
        ("cards.csv", "15,dye,0", "15,dye,x", 16, "value", "expected a whole number"),
        ("ships.csv", "1995,4,30 20 10 0", "1995,4,30 20 10", 3, "rewards", "expected 4 rewards"),
        ("ships.csv", "1995,4,30 20 10 0", "1995,4,30 20 ten 0", 3, "rewards", "separated"),
        ("ships.csv", "1995,4,30 20 10 0", "1995,4,30 20 10 -1", 3, "rewards", "negative"),
        ("ships.csv", "1995,4,30 20 10 0", "1995,7,30 20 10 0", 3, "players", "allows"),
        ("ships.csv", "1995,4,30 20 10 0", "1995,3,30 20 10", 3, "players", "twice"),
        ("ladder.csv", "6,10", "7,10", 8, "space", "expected 6"),
        ("ladder.csv", "0,0", "0,5", 2, "bonus", "start space"),
        ("ladder_awards.csv", "2,5", "3,5", 3, "place", "expected 2"),
        ("setup.csv", "6,30,36", "6,30,37", 5, "cards", "cards.csv has 36"),
        ("setup.csv", "6,30,36", "5,30,36", 5, "players", "listed twice"),
    ],
)
def test_bad_tables_name_file_row_and_column(
    tmp_path: Path, name: str, old: str, new: str, row: int, column: str, message: str
):
    folder = copy_tables(tmp_path, "medici")
    edit(folder, name, old, new)
    with pytest.raises(DataError) as info:
        tradekit.load_game("medici", data_dir=folder)
    err = info.value
    assert err.file.endswith(name)
    assert (err.row, err.column) == (row, column)
    assert message in str(err)


def test_a_ship_table_missing_a_player_count(tmp_path: Path):
    folder = copy_tables(tmp_path, "medici")
    edit(folder, "ships.csv", "tournament,5,30 20 10 5 0\n", "")
    with pytest.raises(DataError, match=r"table 'tournament' has no row for \[5\] players"):
        load_tables(folder)


def test_missing_files_and_folders(tmp_path: Path):
    with pytest.raises(DataError, match="no such folder"):
        load_tables(tmp_path / "nowhere")
    folder = copy_tables(tmp_path, "medici")
    (folder / "ladder.csv").unlink()
    with pytest.raises(DataError, match=r"ladder\.csv: file not found"):
        load_tables(folder)
