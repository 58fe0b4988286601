"""Hostile and clumsy data tables, for every game: each loads right or is refused clearly.

Every case starts from a copy of the shipped ``data/<game>/`` in ``tmp_path`` and damages it the way
a text editor, a spreadsheet or a hostile file would. A file saved with a byte-order mark, Windows
or old-Mac line ends, French Excel's semicolons or a spreadsheet's stray separators loads the
very same tables, and a seeded game played with them to the end matches the shipped game move
for move. Everything else raises ``tradekit.DataError`` whose message names the file and, where
it applies, the row and column (CSV) or the ``[section] key`` (TOML) — never another exception,
and never a failure later in play: tables at the very bounds load and play to the end too.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tradekit
from tests.helpers import DATA, copy_tables
from tradekit import DataError
from tradekit.core.data import MAX_FILE_BYTES

GAMES = ("turin", "medici", "negoces", "rungis")
#: Options of the seeded games played with loaded tables (Négoces with its money variants).
OPTIONS: dict[str, dict[str, Any]] = {
    "turin": {"players": 3},
    "medici": {"players": 4},
    "negoces": {
        "players": 4,
        "max_sales": 12,
        "variants": ("bank", "misers", "swindlers", "temple", "thief_guard", "treasury"),
    },
    "rungis": {"players": 4},
}
BILLION = "1000000000"


def tables_of(game: str) -> list[str]:
    return sorted(p.name for p in (DATA / game).iterdir() if p.suffix in (".csv", ".toml"))


def text_of(folder: Path, name: str) -> str:
    return (folder / name).read_text(encoding="utf-8")


def write(folder: Path, name: str, text: str, encoding: str = "utf-8") -> None:
    (folder / name).write_bytes(text.encode(encoding))


def replace(folder: Path, name: str, old: str, new: str) -> None:
    text = text_of(folder, name)
    assert text.count(old) == 1, f"{old!r} appears {text.count(old)} times in {name}"
    write(folder, name, text.replace(old, new))


def rows_of(text: str, delimiter: str = ",") -> list[list[str]]:
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def csv_text(rows: list[list[str]], delimiter: str = ",", end: str = "\n") -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator=end).writerows(rows)
    return out.getvalue()


def set_cell(folder: Path, name: str, row: int, column: str, value: str) -> None:
    """Write ``value`` into file row ``row`` (the header is row 1) under ``column``."""
    rows = rows_of(text_of(folder, name))
    rows[row - 1][rows[0].index(column)] = value
    write(folder, name, csv_text(rows))


def load(game: str, folder: Path) -> Any:
    return tradekit.load_game(game, **OPTIONS[game], data_dir=folder)


def refused(game: str, folder: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load(game, folder)
    return info.value


def play_to_end(game: Any, seed: int = 3) -> tuple[int, list[int]]:
    """Play random legal moves from a seed to the end; the number of moves and the scores."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        assert moves < 5000, "the game does not end"
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        moves += 1
    assert len(state.scores()) == game.num_players
    assert tradekit.replay(state.to_json()).to_json() == state.to_json()
    return moves, state.scores()


def same_tables(a: Any, b: Any) -> bool:
    """Whether two games' tables hold the same values (read from different folders)."""
    return bool(dataclasses.replace(a, folder=b.folder) == b)


def assert_where(
    err: DataError, folder: Path, name: str, row: int | None, column: str | None
) -> str:
    """Check the error's file, row and column, in its fields and its message; the rest of it."""
    assert Path(err.file).resolve() == (folder / name).resolve()
    assert (err.row, err.column) == (row, column)
    where = err.file + (f", row {row}" if row is not None else "")
    where += f", column {column!r}" if column is not None else ""
    assert str(err).startswith(where + ": ")
    return str(err)[len(where) + 2 :]


# ----------------------------------------------------------------------------------------------
# files a text editor or a spreadsheet saves differently: the same tables, the same game
# ----------------------------------------------------------------------------------------------


def _bom(name: str, text: str) -> str:
    return "\ufeff" + text


def _crlf(name: str, text: str) -> str:
    return text.replace("\n", "\r\n")


def _cr(name: str, text: str) -> str:
    return text.replace("\n", "\r")


def _semicolons(name: str, text: str) -> str:
    return csv_text(rows_of(text), ";") if name.endswith(".csv") else text


def _excel(name: str, text: str) -> str:
    # French Excel: BOM, CRLF, semicolons, and empty trailing columns left by a deleted column
    if not name.endswith(".csv"):
        return _bom(name, _crlf(name, text))
    rows = [[*r, "", ""] for r in rows_of(text)]
    return "\ufeff" + csv_text(rows, ";", "\r\n") + ";;\r\n"


SAVES: dict[str, Callable[[str, str], str]] = {
    "bom": _bom,
    "crlf": _crlf,
    "bom-crlf": lambda name, text: _bom(name, _crlf(name, text)),
    "old-mac-cr": _cr,
    "semicolons": _semicolons,
    "french-excel": _excel,
}


@pytest.mark.parametrize("save", list(SAVES))
@pytest.mark.parametrize("game", GAMES)
def test_other_saves_load_the_same_tables_and_play_the_same_game(
    tmp_path: Path, game: str, save: str
) -> None:
    folder = copy_tables(tmp_path, game)
    for name in tables_of(game):
        saved = SAVES[save](name, text_of(folder, name))
        if "semicolons" in save or "excel" in save:
            assert name.endswith(".toml") or "," not in saved.split("\r")[0].split("\n")[0]
        write(folder, name, saved)
    shipped: Any = tradekit.load_game(game, **OPTIONS[game])
    loaded = load(game, folder)
    assert same_tables(loaded.tables, shipped.tables)
    assert play_to_end(loaded) == play_to_end(shipped)


# ----------------------------------------------------------------------------------------------
# encodings: refused with "save it as UTF-8", the file and the line
# ----------------------------------------------------------------------------------------------

SAVE_AS_UTF8 = "save it as UTF-8 (in a spreadsheet, choose the format 'CSV UTF-8')"
NON_ASCII = [(g, n) for g in GAMES for n in tables_of(g) if not text_of(DATA / g, n).isascii()]


@pytest.mark.parametrize(("game", "name"), NON_ASCII)
def test_a_cp1252_file_is_refused_on_its_first_accented_line(
    tmp_path: Path, game: str, name: str
) -> None:
    folder = copy_tables(tmp_path, game)
    text = text_of(folder, name)
    write(folder, name, text, encoding="cp1252")
    line = next(i for i, ln in enumerate(text.split("\n"), 1) if not ln.isascii())
    byte = next(b for b in text.split("\n")[line - 1].encode("cp1252") if b > 127)
    message = assert_where(refused(game, folder), folder, name, line, None)
    assert message == f"not UTF-8 text (byte 0x{byte:02x} cannot be read): {SAVE_AS_UTF8}"


def test_a_utf16_file_is_refused(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "medici")
    write(folder, "setup.csv", text_of(folder, "setup.csv"), encoding="utf-16")
    message = assert_where(refused("medici", folder), folder, "setup.csv", 1, None)
    assert message == f"not UTF-8 text (byte 0xff cannot be read): {SAVE_AS_UTF8}"


# ----------------------------------------------------------------------------------------------
# damaged CSV tables: DataError naming the file, the row and the column
# ----------------------------------------------------------------------------------------------

DECIMAL_COMMA = (
    "expected a whole number, got '2,5' (a decimal comma: tables take whole numbers only)"
)
HUGE_CELL = "x" * 200_000  # over the csv module's own 128 KB limit


def _range(top: int, low: int = 0, got: str = BILLION) -> str:
    return f"must be at most {top}, got {got} (the allowed range is {low} to {top})"


def _cell(name: str, row: int, column: str, value: str) -> Callable[[Path], None]:
    return lambda folder: set_cell(folder, name, row, column, value)


def _text(name: str, old: str, new: str) -> Callable[[Path], None]:
    return lambda folder: replace(folder, name, old, new)


def _whole(name: str, text: str) -> Callable[[Path], None]:
    return lambda folder: write(folder, name, text)


def _semicolon_decimal(folder: Path) -> None:
    rows = rows_of(text_of(folder, "articles.csv"))
    rows[8][3] = "2,5"  # meat's base price, as a French spreadsheet writes 2.5
    write(folder, "articles.csv", csv_text(rows, ";"))


EMPTY = "the file is empty; expected a header row"
NO_ROWS = "the table has no rows"
TOO_LONG = f"the cell has {len(HUGE_CELL)} characters; at most 1000 are allowed"

#: (game, file, damage, row, column, the message after "file, row r, column 'c': ")
CSV_CASES = [
    # Turin Market
    ("turin", "payouts.csv", _cell("payouts.csv", 7, "classic", BILLION), 7, "classic",
     _range(100)),
    ("turin", "payouts.csv", _cell("payouts.csv", 7, "classic", "2,5"), 7, "classic",
     DECIMAL_COMMA),
    ("turin", "cards.csv", _cell("cards.csv", 3, "card", "1"), 3, "card",
     "card 1 is listed twice"),
    ("turin", "cards.csv", _cell("cards.csv", 4, "card", "three"), 4, "card",
     "expected a whole number, got 'three'"),
    ("turin", "cards.csv", _text("cards.csv", "card,three,two,one", "card,three,two,once"), 1,
     "one", "missing column (header is ['card', 'three', 'two', 'once'])"),
    ("turin", "goods.csv", _text("goods.csv", "good,name_en,name_fr", "good,name_en,name_en"), 1,
     "name_en", "the column appears twice in the header"),
    ("turin", "goods.csv", _whole("goods.csv", ""), 1, None, EMPTY),
    ("turin", "goods.csv", _cell("goods.csv", 2, "name_en", HUGE_CELL), 2, "name_en", TOO_LONG),
    ("turin", "goods.csv", _text("goods.csv", "coffee,Coffee", "cof\x00fee,Coffee"), 4, None,
     "a NUL character: this is not a text table (a spreadsheet file, or UTF-16 text?): "
     "save it as UTF-8"),
    # Medici
    ("medici", "setup.csv", _cell("setup.csv", 2, "wealth", BILLION), 2, "wealth",
     _range(1000)),
    ("medici", "setup.csv", _cell("setup.csv", 3, "cards", BILLION), 3, "cards",
     _range(200, 1)),
    ("medici", "setup.csv", _cell("setup.csv", 5, "players", "9"), 5, "players",
     _range(8, 2, "9")),
    ("medici", "ships.csv", _cell("ships.csv", 2, "rewards", f"30 15 {BILLION}"), 2, "rewards",
     f"a reward must be at most 100, got {BILLION} (the allowed range is 0 to 100)"),
    ("medici", "ladder.csv", _cell("ladder.csv", 9, "bonus", BILLION), 9, "bonus", _range(100)),
    ("medici", "ladder_awards.csv", _cell("ladder_awards.csv", 2, "florins", BILLION), 2,
     "florins", _range(100)),
    ("medici", "cards.csv", _cell("cards.csv", 5, "value", "2,5"), 5, "value", DECIMAL_COMMA),
    ("medici", "cards.csv", _cell("cards.csv", 3, "card", "1"), 3, "card",
     "card 1 is listed twice"),
    ("medici", "goods.csv", _cell("goods.csv", 3, "name_fr", HUGE_CELL), 3, "name_fr", TOO_LONG),
    ("medici", "goods.csv", _whole("goods.csv", "good,name_en,name_fr\n\n\n"), None, None,
     NO_ROWS),
    ("medici", "ladder.csv", _whole("ladder.csv", "\ufeff\r\n"), 1, None, EMPTY),
    # Négoces
    ("negoces", "setup.csv", _cell("setup.csv", 3, "coins", BILLION), 3, "coins", _range(100)),
    ("negoces", "setup.csv", _cell("setup.csv", 3, "goal_coins", "2,5"), 3, "goal_coins",
     DECIMAL_COMMA),
    ("negoces", "goods.csv", _cell("goods.csv", 2, "copies", "four"), 2, "copies",
     "expected a whole number, got 'four'"),
    ("negoces", "goods.csv", _cell("goods.csv", 2, "copies", BILLION), 2, "copies",
     _range(4, 1)),
    ("negoces", "goods.csv", _cell("goods.csv", 3, "good", "bijoux"), 3, "good",
     "good 'bijoux' is listed twice"),
    ("negoces", "goods.csv", _cell("goods.csv", 2, "name_fr", HUGE_CELL), 2, "name_fr",
     TOO_LONG),
    ("negoces", "setup.csv", _whole("setup.csv", ""), 1, None, EMPTY),
    ("negoces", "setup.csv", _cell("setup.csv", 2, "temple_gift", "0"), 2, "temple_gift",
     "must be at least 1, got 0 (the allowed range is 1 to 100)"),
    ("negoces", "goods.csv", _cell("goods.csv", 15, "good", "textes"), 15, "good",
     "the good of kind 'sacred' must have the id 'textes_sacres'"),
    ("negoces", "goods.csv", _cell("goods.csv", 2, "good", "diamant"), 2, "good",
     "the good of kind 'diamant' must have the id 'diamant'"),
    # Rungis
    ("rungis", "articles.csv", _cell("articles.csv", 9, "base", BILLION), 9, "base",
     _range(100, 1)),
    ("rungis", "articles.csv", _cell("articles.csv", 2, "count", BILLION), 2, "count",
     _range(50, 1)),
    ("rungis", "articles.csv", _cell("articles.csv", 2, "base", "2,5"), 2, "base",
     DECIMAL_COMMA),
    ("rungis", "articles.csv", _semicolon_decimal, 9, "base", DECIMAL_COMMA),
    ("rungis", "specials.csv", _cell("specials.csv", 4, "amount", BILLION), 4, "amount",
     _range(100)),
    ("rungis", "specials.csv", _cell("specials.csv", 4, "amount", "11"), 4, "amount",
     "for double_order the amount is the number of cards the player may buy this phase "
     "(at least 2), at most 10; got 11"),
    ("rungis", "specials.csv", _cell("specials.csv", 24, "amount", "51"), 24, "amount",
     "for spoilage the amount is cards removed from the target's shop (at least 1), at most 50; "
     "got 51"),
    ("rungis", "specials.csv", _cell("specials.csv", 3, "card", "49"), 3, "card",
     "card 49 is listed twice"),
    ("rungis", "specials.csv", _cell("specials.csv", 2, "card", BILLION), 2, "card",
     _range(9999, 1)),
    ("rungis", "specials.csv", _cell("specials.csv", 2, "text_en", HUGE_CELL), 2, "text_en",
     TOO_LONG),
    ("rungis", "specials.csv", _text("specials.csv", "auction_start,0,Choose another player: "
     "they take no part in this round's Rungis phase (no designating and no bidding).\n50",
     'auction_start,0,"Choose another player\n50'), 2, "text_en",
     'the cell runs over several lines (a quote " that is never closed?)'),
    ("rungis", "articles.csv", _text("articles.csv", "meat,Viandes,Meat,5,6",
     "meat,Viandes,Meat,2,5,6"), 9, None, "more cells than columns: 6 cells, 5 columns "
     "(a decimal comma such as 2,5 in column 'base' or 'count'? tables take whole numbers)"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "name", "damage", "row", "column", "message"),
    CSV_CASES,
    ids=[f"{c[0]}-{c[1]}-{c[3]}-{c[4]}-{i}" for i, c in enumerate(CSV_CASES)],
)
def test_a_damaged_csv_table_names_file_row_and_column(
    tmp_path: Path,
    game: str,
    name: str,
    damage: Callable[[Path], None],
    row: int | None,
    column: str | None,
    message: str,
) -> None:
    folder = copy_tables(tmp_path, game)
    damage(folder)
    assert assert_where(refused(game, folder), folder, name, row, column) == message


def test_files_too_large_or_too_long_are_refused_before_they_fill_memory(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "rungis")
    write(folder, "specials.csv", text_of(folder, "specials.csv") + "\n" * MAX_FILE_BYTES)
    message = assert_where(refused("rungis", folder), folder, "specials.csv", None, None)
    assert message == "the file is larger than 1048576 bytes (1 MiB): not a table of the game"

    folder = copy_tables(tmp_path / "rows", "medici")
    rows = [f"{i},metal,1" for i in range(1, 1101)]
    write(folder, "cards.csv", "card,good,value\n" + "\n".join(rows) + "\n")
    message = assert_where(refused("medici", folder), folder, "cards.csv", 1002, None)
    assert message == "more than 1000 data rows: not a table of the game"

    folder = copy_tables(tmp_path / "cells", "turin")
    replace(folder, "goods.csv", "rice,Rice,Riz", "rice,Rice,Riz" + "," * 300)
    message = assert_where(refused("turin", folder), folder, "goods.csv", 9, None)
    assert message == "303 cells; a table has at most 50 columns"


def test_count_bounds_of_whole_tables(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "medici")
    cards = [f"{i},metal,1" for i in range(1, 202)]
    write(folder, "cards.csv", "card,good,value\n" + "\n".join(cards) + "\n")
    message = assert_where(refused("medici", folder), folder, "cards.csv", 202, "card")
    assert message == "at most 200 cards are allowed"

    folder = copy_tables(tmp_path / "types", "rungis")
    types = [f"t{i},T{i},T{i},1,1" for i in range(21)]
    write(folder, "articles.csv", "article,name_fr,name_en,base,count\n" + "\n".join(types))
    message = assert_where(refused("rungis", folder), folder, "articles.csv", 22, "article")
    assert message == "at most 20 article types are allowed"

    folder = copy_tables(tmp_path / "turin", "turin")
    lines = text_of(folder, "cards.csv")
    write(folder, "cards.csv", lines + "19,wheat,cheese,hazelnuts\n")
    message = assert_where(refused("turin", folder), folder, "cards.csv", 20, "card")
    assert message == "expected exactly 18 cards, found 19"


# ----------------------------------------------------------------------------------------------
# damaged variants.toml (Négoces): DataError naming the file and the [section] key
# ----------------------------------------------------------------------------------------------

TOML = "variants.toml"
PAIR = "must be a list of 2 non-empty one-line texts, got"
SECTIONS = "[coins], [treasury], [bank], [temple], [new_monopolies], [special_cards]"
BANK = (
    "[bank]\n# The bank's own coins and loan cards; one loan is worth `loan` coins, repaid with "
    "`loan` coins.\ncoins = 30\nloan_cards = 6\nloan = 5\n"
)


def _prepend(old: str, top: str) -> Callable[[Path], None]:
    # a top-level key must come before the first section, or TOML files it under that section
    def damage(folder: Path) -> None:
        text = text_of(folder, TOML)
        assert old in text
        write(folder, TOML, top + text.replace(old, ""))

    return damage


def _cut_from(start: str, top: str) -> Callable[[Path], None]:
    # drop a section (the last one) and put ``top`` before the first section
    def damage(folder: Path) -> None:
        text = text_of(folder, TOML)
        write(folder, TOML, top + text[: text.index(start)])

    return damage


#: (damage, the message after "variants.toml: ")
TOML_CASES = [
    (_prepend(BANK, "bank = 5\n"), "[bank] must be a section of keys, got the number 5"),
    (_cut_from("[special_cards]", 'special_cards = ["a", "b"]\n'),
     "[special_cards] must be a section of keys, got the list ['a', 'b']"),
    (_text(TOML, "[coins]", "[casino]\nchips = 3\n\n[coins]"),
     "unknown section [casino]; expected the sections " + SECTIONS),
    (_prepend("", "total = 60\n"),
     "key 'total' is outside any section (keys go under a [section] heading); expected the "
     "sections " + SECTIONS),
    (_prepend(BANK, ""), "[bank] is missing; expected the sections " + SECTIONS),
    (_text(TOML, "loan = 5\n", ""), "[bank] loan is missing"),
    (_text(TOML, "loan = 5", 'loan = "5"'),
     "[bank] loan must be a whole number from 1 to 100, got the text '5'"),
    (_text(TOML, "loan = 5", "loan = 5\nloans = 6"),
     "[bank] loans is not a known key; expected coins, loan_cards, loan"),
    (_text(TOML, "tax = 1", "tax = 1.5"),
     "[treasury] tax must be a whole number from 0 to 100, got the number 1.5"),
    (_text(TOML, "tax = 1", "tax = true"),
     "[treasury] tax must be a whole number from 0 to 100, got the boolean true"),
    (_text(TOML, "coins = 30", f"coins = {BILLION}"),
     f"[bank] coins must be a whole number from 0 to 100, got {BILLION}"),
    (_text(TOML, "total = 60", "total = " + "9" * 25),
     "[coins] total must be a whole number from 0 to 600, got " + "9" * 25),
    (_text(TOML, "total = 60", "total = -1"),
     "[coins] total must be a whole number from 0 to 600, got -1"),
    (_text(TOML, "total = 60", "total = " + "9" * 5000),
     "not valid TOML: a number has thousands of digits"),
    (_text(TOML, "total = 60", "total = " + "[" * 100_000 + "]" * 100_000),
     "not valid TOML: values are nested too deeply"),
    (_text(TOML, "loan_cards = 6", "loan_cards = 7"),
     "[bank] loan_cards must be 6 (the card ids assume it), got the number 7"),
    (_text(TOML, "singles = 2", "singles = 3"),
     "[new_monopolies] singles must be 2 (the deal lays 2 single cards face up), got the number 3"),
    (_text(TOML, 'voleur = ["Voleur", "Thief"]', 'voleur = ["Voleur"]'),
     f"[special_cards] voleur {PAIR} the list ['Voleur']"),
    (_text(TOML, 'voleur = ["Voleur", "Thief"]', 'voleur = "Voleur"'),
     f"[special_cards] voleur {PAIR} the text 'Voleur'"),
    (_text(TOML, 'garde = ["Garde", "Guard"]', 'garde = ["Garde", " "]'),
     f"[special_cards] garde {PAIR} the list ['Garde', ' ']"),
    (_text(TOML, 'garde = ["Garde", "Guard"]', 'garde = ["Garde", 7]'),
     f"[special_cards] garde {PAIR} the list ['Garde', 7]"),
    (_text(TOML, 'pret = ["Prêt", "Loan"]', ""), "[special_cards] pret is missing"),
    (_text(TOML, 'pret = ["Prêt", "Loan"]', 'pret = ["Prêt", """Lo\nan"""]'),
     f"[special_cards] pret {PAIR} the list "
     "['Prêt', 'Lo\\nan']"),
    (_text(TOML, "players = 3", "players = 3.0"),
     "[new_monopolies] players must be 3 (the engine plays new monopolies with 3 players only), "
     "got the number 3.0"),
    (_text(TOML, 'pret = ["Prêt", "Loan"]', f'pret = ["Prêt", "{"L" * 1001}"]'),
     "[special_cards] pret must hold texts of at most 1000 characters each"),
]  # fmt: skip


@pytest.mark.parametrize(("damage", "message"), TOML_CASES, ids=[c[1][:40] for c in TOML_CASES])
def test_a_damaged_variants_toml_names_file_and_key(
    tmp_path: Path, damage: Callable[[Path], None], message: str
) -> None:
    folder = copy_tables(tmp_path, "negoces")
    damage(folder)
    assert assert_where(refused("negoces", folder), folder, TOML, None, None) == message


def test_invalid_toml_names_its_line(tmp_path: Path) -> None:
    folder = copy_tables(tmp_path, "negoces")
    line = text_of(folder, TOML).split("\n").index("[bank]") + 1
    replace(folder, TOML, "[bank]", "[bank")
    message = assert_where(refused("negoces", folder), folder, TOML, line, None)
    assert message == (
        f"not valid TOML: Expected ']' at the end of a table declaration (at line {line}, column 6)"
    )


# ----------------------------------------------------------------------------------------------
# tables at the very bounds load, and a game plays to the end with them
# ----------------------------------------------------------------------------------------------


def _at_bounds(game: str, folder: Path) -> None:
    long_name = "N" * 1000
    if game == "turin":
        rows = rows_of(text_of(folder, "payouts.csv"))
        write(folder, "payouts.csv", csv_text([rows[0]] + [[r[0], "100", "100"] for r in rows[1:]]))
        set_cell(folder, "goods.csv", 2, "name_en", long_name)
    elif game == "medici":
        for row in range(2, 6):
            set_cell(folder, "setup.csv", row, "wealth", "1000")
        rows = rows_of(text_of(folder, "ships.csv"))
        rows[1:] = [[r[0], r[1], " ".join("100" for _ in r[2].split())] for r in rows[1:]]
        write(folder, "ships.csv", csv_text(rows))
        set_cell(folder, "ladder.csv", 9, "bonus", "100")
        set_cell(folder, "ladder_awards.csv", 2, "florins", "100")
        set_cell(folder, "cards.csv", 37, "value", "100")
    elif game == "negoces":
        for row in range(2, 6):
            set_cell(folder, "setup.csv", row, "coins", "100")
            set_cell(folder, "setup.csv", row, "temple_gift", "100")
        replace(folder, TOML, "coins = 30", "coins = 100")
        replace(folder, TOML, "loan = 5", "loan = 100")
        replace(folder, TOML, "tax = 1", "tax = 100")
        replace(folder, TOML, 'voleur = ["Voleur", "Thief"]', f'voleur = ["V", "{long_name}"]')
    else:
        set_cell(folder, "articles.csv", 9, "base", "100")
        amounts = {4: "10", 6: "100", 10: "100", 12: "100", 14: "100", 24: "50"}
        for row, amount in amounts.items():
            set_cell(folder, "specials.csv", row, "amount", amount)
        set_cell(folder, "specials.csv", 2, "text_en", long_name)


@pytest.mark.parametrize("game", GAMES)
def test_tables_at_the_bounds_load_and_play_to_the_end(tmp_path: Path, game: str) -> None:
    folder = copy_tables(tmp_path, game)
    _at_bounds(game, folder)
    loaded = load(game, folder)
    shipped: Any = tradekit.load_game(game, **OPTIONS[game])
    assert not same_tables(loaded.tables, shipped.tables)
    for seed in (1, 2):
        play_to_end(loaded, seed)
    if game == "negoces":
        tables = loaded.tables
        assert tables.constant("bank", "loan") == 100 and tables.setup[6].coins == 100
        assert tables.name(65) == "N" * 1000
    if game == "rungis":
        assert loaded.tables.base(48) == 100 and loaded.tables.special_by_card[51].amount == 10


@pytest.mark.parametrize("game", GAMES)
def test_a_folder_that_cannot_be_one_is_refused(tmp_path: Path, game: str) -> None:
    for folder, message in [
        ("my\x00tables", "'my\\x00tables': not a usable folder name: embedded null byte"),
        ("x" * 5000, "'" + "x" * 56 + "...: not a usable folder name: File name too long"),
    ]:
        with pytest.raises(DataError) as info:
            tradekit.load_game(game, data_dir=folder)
        assert str(info.value) == message
    not_a_folder = tmp_path / "goods.csv"
    not_a_folder.write_text("good\n", encoding="utf-8")
    with pytest.raises(DataError, match="no such folder") as info:
        tradekit.load_game(game, data_dir=not_a_folder)
    assert info.value.file == str(not_a_folder.resolve())
