"""Rungis's data tables: the shipped reconstruction, a teacher's own tables, and bad input.

The tables live in ``data/rungis/`` (articles.csv, specials.csv). A malformed table must raise
``tradekit.DataError`` naming the file, the row (the header is row 1) and the column.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import tradekit
from tests.helpers import DATA as SHIPPED
from tests.helpers import copy_tables
from tradekit import DataError
from tradekit.games.rungis import KINDS, TIMINGS, RungisGame, load_tables

DATA = SHIPPED / "rungis"


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    """Replace the first ``count`` times a piece of text is in a table (unlike
    ``tests.helpers.edit``, it may be there more often: Rungis' tables repeat values)."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} is not in {name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_shipped_articles_8_types_of_6_cards() -> None:
    tables = load_tables()
    assert [a.id for a in tables.articles] == [
        "fruit",
        "vegetables",
        "eggs",
        "flowers",
        "cheese",
        "poultry",
        "fish",
        "meat",
    ]
    assert [a.base for a in tables.articles] == [1, 1, 2, 2, 3, 3, 4, 5]
    assert all(a.count == 6 for a in tables.articles)
    assert sorted(tables.article_cards) == list(range(1, 49))
    assert tables.article_cards[37] == "fish" and tables.base(48) == 5
    assert all(a.name_fr and a.name_en for a in tables.articles)


def test_shipped_specials_24_cards_12_kinds_2_each_including_no_delivery() -> None:
    tables = load_tables()
    assert [s.card for s in tables.specials] == list(range(49, 73))
    assert Counter(s.kind for s in tables.specials) == {kind: 2 for kind in KINDS}
    first = tables.special_by_card[49]
    assert (first.kind, first.name_fr, first.name_en) == (
        "no_delivery",
        "Pas de livraison",
        "No delivery",
    )
    for special in tables.specials:
        assert special.timing in TIMINGS and special.timing in KINDS[special.kind][0]
        assert special.name_fr and special.name_en and special.text_en


def test_readme_says_it_is_a_reconstruction_and_documents_every_kind() -> None:
    text = (DATA / "README.md").read_text(encoding="utf-8")
    assert "reconstruction" in text and "not available" in text
    for kind in KINDS:
        assert f"`{kind}`" in text, kind
    assert "Pas de livraison" in text


def test_a_teachers_own_tables_are_played(tmp_path: Path) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "articles.csv").write_text(
        "article,name_fr,name_en,base,count\napples,Pommes,Apples,2,4\npears,Poires,Pears,3,5\n",
        encoding="utf-8",
    )
    (folder / "specials.csv").write_text(
        "card,kind,name_fr,name_en,timing,amount,text_en\n"
        "10,no_delivery,Pas de livraison,No delivery,auction_start,0,Keep someone out.\n"
        "11,strike,Grève,Strike,after_reveal,0,Nobody sells a type.\n",
        encoding="utf-8",
    )
    game = tradekit.load_game("rungis", players=3, data_dir=str(folder))
    assert isinstance(game, RungisGame)
    assert game.tables.article_cards == {
        1: "apples",
        2: "apples",
        3: "apples",
        4: "apples",
        5: "pears",
        6: "pears",
        7: "pears",
        8: "pears",
        9: "pears",
    }
    state = game.new_state(seed=2)
    assert sorted(state.all_cards()) == list(range(1, 12))
    rng = np.random.default_rng(2)
    while not state.is_over:  # the deck runs out after 3 rounds: later rounds only sell
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    assert state.round == 10
    assert tradekit.replay(state.to_json()).to_json() == state.to_json()


def test_edited_tables_are_read_again(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "rungis")
    assert load_tables(folder).base(48) == 5
    edit(folder, "articles.csv", "meat,Viandes,Meat,5,6", "meat,Viandes,Meat,6,6")
    assert load_tables(folder).base(48) == 6


@pytest.mark.parametrize(
    ("name", "old", "new", "row", "column", "message"),
    [
        ("articles.csv", "Fish,4,6", "Fish,0,6", 8, "base", "at least 1"),
        ("articles.csv", "Fish,4,6", "Fish,x,6", 8, "base", "whole"),
        ("articles.csv", "fish,Poissons", "fruit,Poissons", 8, "article", "listed twice"),
        ("specials.csv", "50,no_delivery", "49,no_delivery", 3, "card", "listed twice"),
        ("specials.csv", "50,no_delivery", "48,no_delivery", 3, "card", "article card's id"),
        ("specials.csv", "50,no_delivery", "50,teleport", 3, "kind", "unknown kind"),
        ("specials.csv", "Lorry drivers' strike,talk", "Lorry drivers' strike,auction_start", 8,
         "timing", "may be played at talk or after_reveal"),
        ("specials.csv", "No delivery,auction_start,0", "No delivery,auction_start,3", 2,
         "amount", "no parameter"),
        ("specials.csv", "Double order,auction_start,2", "Double order,auction_start,1", 4,
         "amount", "the number of cards"),
    ],
)  # fmt: skip
def test_bad_tables_name_file_row_and_column(
    tmp_path: Path, name: str, old: str, new: str, row: int, column: str, message: str
) -> None:
    folder = copy_tables(tmp_path, "rungis")
    edit(folder, name, old, new)
    with pytest.raises(DataError, match=message) as info:
        tradekit.load_game("rungis", data_dir=str(folder))
    assert info.value.file.endswith(name)
    assert (info.value.row, info.value.column) == (row, column)


def test_missing_column_and_missing_folder(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "rungis")
    text = (folder / "specials.csv").read_text(encoding="utf-8")
    (folder / "specials.csv").write_text(text.replace(",text_en", "", 1), encoding="utf-8")
    with pytest.raises(DataError, match="missing column"):
        load_tables(folder)
    with pytest.raises(DataError, match="no such folder"):
        load_tables(tmp_path / "nowhere")
