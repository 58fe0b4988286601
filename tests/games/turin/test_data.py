"""Turin Market's data tables: the shipped reconstruction, a teacher's own tables, and bad input.

The tables live in ``data/turin/`` (goods.csv, cards.csv, payouts.csv). A teacher who owns the game
can copy the folder, type in the printed values and pass it as ``data_dir``. A malformed table must
raise ``tradekit.DataError`` naming the file, the row (the header is row 1) and the column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tradekit
from tests.helpers import DATA as SHIPPED
from tests.helpers import copy_tables, edit
from tradekit import ConfigError, DataError
from tradekit.games.turin import TurinGame, load_tables

DATA = SHIPPED / "turin"
GOODS = [
    "truffles",
    "chocolate",
    "coffee",
    "vermouth",
    "hazelnuts",
    "grapes",
    "cheese",
    "rice",
    "wheat",
]


# ----------------------------------------------------------------------------------------------
# the shipped tables
# ----------------------------------------------------------------------------------------------


def test_shipped_tables_load():
    tables = load_tables()
    assert [g.id for g in tables.goods] == GOODS
    assert len(tables.cards) == 18
    assert [c.id for c in tables.cards] == list(range(1, 19))
    assert sum(tables.total_units().values()) == 108
    for card in tables.cards:
        goods = [g for g, _ in card.units]
        assert [n for _, n in card.units] == [3, 2, 1]
        assert len(set(goods)) == 3
    grapes = next(g for g in tables.goods if g.id == "grapes")
    assert grapes.payout("classic") == 6
    assert tables.scorings == ("classic", "red")
    classic = [g.payout("classic") for g in tables.goods]
    red = [g.payout("red") for g in tables.goods]
    assert classic != red
    # The reconstruction's documented design: same total, red flatter than classic.
    assert sum(classic) == sum(red) == 63
    assert max(red) - min(red) < max(classic) - min(classic)


def test_card_units_match_the_cards_file():
    tables = load_tables()
    # Card 9 shows grapes 3, hazelnuts 2, truffles 1 (goods in scoring order).
    assert tables.card_vectors[9] == (1, 0, 0, 0, 2, 3, 0, 0, 0)
    assert dict(tables.card_by_id[12].units) == {"cheese": 3, "wheat": 2, "grapes": 1}


# ----------------------------------------------------------------------------------------------
# malformed tables
# ----------------------------------------------------------------------------------------------


def data_error(folder: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_tables(folder)
    return info.value


@pytest.mark.parametrize(
    ("file", "old", "new", "row", "column", "words"),
    [
        pytest.param(
            "cards.csv",
            "1,truffles,vermouth,cheese",
            "1,truffles,vermouth,truffles",
            2,
            "one",
            "appears twice on one card",
            id="good-repeated-on-a-card",
        ),
        pytest.param(
            "cards.csv",
            "5,vermouth,hazelnuts,chocolate",
            "5,vermouth,caviar,chocolate",
            6,
            "two",
            "unknown good 'caviar'",
            id="unknown-good",
        ),
        pytest.param(
            "payouts.csv",
            "grapes,6,7",
            "grapes,six,7",
            7,
            "classic",
            "expected a whole number, got 'six'",
            id="non-integer-payout",
        ),
        pytest.param(
            "payouts.csv",
            "wheat,5,6",
            "wheat,5,-1",
            10,
            "red",
            "must be at least 0",
            id="negative-payout",
        ),
        pytest.param(
            "cards.csv",
            "card,three,two,one",
            "card,three,two",
            1,
            "one",
            "missing column",
            id="missing-column",
        ),
        pytest.param(
            "cards.csv",
            "18,wheat,cheese,hazelnuts",
            "17,wheat,cheese,hazelnuts",
            19,
            "card",
            "card 17 is listed twice",
            id="duplicated-card-id",
        ),
        pytest.param(
            "payouts.csv",
            "rice,5,6",
            "rice,,6",
            9,
            "classic",
            "empty cell",
            id="empty-cell",
        ),
        pytest.param(
            "goods.csv",
            "wheat,Wheat,Blé",
            "rice,Wheat,Blé",
            10,
            "good",
            "listed twice",
            id="good-listed-twice",
        ),
    ],
)
def test_malformed_table_names_file_row_and_column(tmp_path, file, old, new, row, column, words):
    folder = copy_tables(tmp_path, "turin")
    edit(folder, file, old, new)
    error = data_error(folder)
    assert Path(error.file).name == file
    assert (error.row, error.column) == (row, column)
    message = str(error)
    assert file in message and f"row {row}" in message and f"column {column!r}" in message
    assert words in message


def test_seventeen_cards_is_refused(tmp_path):
    folder = copy_tables(tmp_path, "turin")
    edit(folder, "cards.csv", "18,wheat,cheese,hazelnuts\n", "")
    error = data_error(folder)
    # A count has no single faulty row or column: the message names the file and the counts.
    assert Path(error.file).name == "cards.csv"
    assert "expected exactly 18 cards, found 17" in str(error)


def test_missing_folder_and_missing_file(tmp_path):
    assert "no such folder" in str(data_error(tmp_path / "nowhere"))
    folder = copy_tables(tmp_path, "turin")
    (folder / "payouts.csv").unlink()
    error = data_error(folder)
    assert Path(error.file).name == "payouts.csv" and "file not found" in str(error)


def test_load_game_reports_bad_tables_at_creation(tmp_path):
    folder = copy_tables(tmp_path, "turin")
    edit(folder, "cards.csv", "1,truffles,vermouth,cheese", "1,truffles,vermouth,truffles")
    with pytest.raises(DataError, match=r"cards\.csv, row 2, column 'one'"):
        tradekit.load_game("turin", players=3, data_dir=str(folder))


# ----------------------------------------------------------------------------------------------
# a teacher's own tables
# ----------------------------------------------------------------------------------------------


def grapes_payout(state) -> int:
    return next(t.amount for t in state.ledger if t.reason == "majority of grapes: bank payout")


def test_teacher_tables_change_the_scoring(tmp_path):
    folder = copy_tables(tmp_path, "turin")
    edit(folder, "payouts.csv", "grapes,6,7", "grapes,20,7")
    setup = {"face_up": [[9], [3], [12]]}  # P0 holds the grapes majority
    shipped = tradekit.load_game("turin", players=3).new_state(seed=0, setup=setup)
    teacher = tradekit.load_game("turin", players=3, data_dir=folder).new_state(seed=0, setup=setup)
    assert grapes_payout(shipped) == 6
    assert grapes_payout(teacher) == 20
    assert teacher.scores()[0] == shipped.scores()[0] + 14
    assert teacher.game.options()["data_dir"] == str(folder)


def test_teacher_tables_may_add_a_payout_version(tmp_path):
    folder = copy_tables(tmp_path, "turin")
    path = folder / "payouts.csv"
    rows = path.read_text(encoding="utf-8").splitlines()
    rows = [rows[0] + ",house"] + [r + ",1" for r in rows[1:]]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    game = tradekit.load_game("turin", players=3, scoring="house", data_dir=folder)
    state = game.new_state(seed=0, setup={"face_up": [[9], [3], [12]]})
    assert grapes_payout(state) == 1


def test_editing_a_teacher_table_takes_effect_when_loaded_again(tmp_path):
    folder = copy_tables(tmp_path, "turin")
    first = tradekit.load_game("turin", players=3, data_dir=folder)
    assert isinstance(first, TurinGame)
    assert first.tables.goods[5].payout("classic") == 6
    edit(folder, "payouts.csv", "grapes,6,7", "grapes,12,7")
    again = tradekit.load_game("turin", players=3, data_dir=folder)
    assert isinstance(again, TurinGame)
    assert again.tables.goods[5].payout("classic") == 12


# ----------------------------------------------------------------------------------------------
# bad options
# ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"players": 6}, "players"),
        ({"players": 1}, "players"),
        ({"players": True}, "players"),
        ({"scoring": "blue"}, "scoring"),
        ({"goose": "duck"}, "goose"),
        ({"public_money": "yes"}, "public_money"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_raise_config_error_naming_the_option(options, option):
    with pytest.raises(ConfigError) as info:
        tradekit.load_game("turin", **options)
    assert info.value.option == option
    assert f"option {option!r}" in str(info.value)


def test_unknown_game_and_bad_setup_keys():
    with pytest.raises(ConfigError, match="option 'name'"):
        tradekit.load_game("chess")
    game = tradekit.load_game("turin", players=3)
    with pytest.raises(ConfigError, match="option 'setup'"):
        game.new_state(setup={"hand": [[1], [2], [3]]})
    with pytest.raises(ConfigError, match="each card placed at most once"):
        game.new_state(setup={"hands": [[1], [1], [3]]})
    with pytest.raises(ConfigError, match="goose"):
        game.new_state(setup={"goose": 1})  # no goose variant in this game
