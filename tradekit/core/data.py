"""Reading the data tables (CSV and TOML) shipped in ``data/`` or supplied by a teacher.

One code path reads every game's files, so a table saved by Windows Notepad, French Excel or a
text editor behaves the same in every game. Every problem raises
:class:`~tradekit.core.errors.DataError` naming the file and, for CSV, the row (1-based, counting
the header as row 1) and the column; for TOML, the ``[section] key``. No other exception escapes,
and a table that loads holds no value that could fail later in play: the games' ``tables.py``
check their own keys and bounds with :meth:`Table.integer` and :meth:`Settings.integer`.

What every file may be (decisions the rules do not dictate):

* **Encoding**: UTF-8, with or without a byte-order mark (Notepad and Excel's "CSV UTF-8" write
  one). Anything else (cp1252 from a French Excel "CSV" export, UTF-16, a spreadsheet file) is
  refused with "save it as UTF-8": a guessed encoding could silently misread the accented names
  (the "é" of a Mac Roman file reads as "Ž" in cp1252).
* **Line ends**: ``\\n``, ``\\r\\n`` (Windows) or ``\\r`` (old Mac) alike.
* **Size**: at most :data:`MAX_FILE_BYTES` (1 MiB) per file, :data:`MAX_ROWS` (1000) data rows,
  :data:`MAX_COLUMNS` (50) columns and :data:`MAX_CELL_CHARS` (1000) characters in a cell. The
  shipped tables are a few kilobytes; the limits only stop a wrong or hostile file from filling
  memory.
* **CSV separator**: a comma; a header row that holds semicolons and no comma (what Excel writes
  in a French locale) makes the whole file semicolon-separated.
* **Whole numbers**: ASCII digits with an optional sign. "2.5" or "1 000" is refused, and "2,5"
  is refused as a decimal comma (typed unquoted in a comma-separated file it splits the cell in
  two; the message then names the row and the columns it may be in). Every game bounds each
  number it reads and the message says the allowed range.
* **CSV shape**: cells are trimmed; blank rows are skipped; empty columns at the end of the header
  (a spreadsheet's stray separators) are ignored as long as their cells are empty too.
"""

from __future__ import annotations

import codecs
import csv
import functools
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import threading
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from tradekit.core.errors import DataError

#: The largest table file read, in bytes.
MAX_FILE_BYTES = 1 << 20
#: The most data rows a CSV table may have.
MAX_ROWS = 1000
#: The most columns a CSV table may have.
MAX_COLUMNS = 50
#: The longest cell, in characters (the longest shipped one, a card's text, is about 200).
MAX_CELL_CHARS = 1000

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]*[.,][0-9]+")
_THOUSANDS = re.compile(r"[+-]?[0-9]{1,3}(?:[\s\u202f'][0-9]{3})+")
_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
# csv's field size limit is process-wide: raising it is serialised and undone after each read.
_CSV_LIMIT = threading.Lock()


def data_root() -> Path:
    """The folder of shipped tables: ``tradekit/data`` in a wheel, ``data/`` in a checkout."""
    packaged = Path(str(resources.files("tradekit"))) / "data"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "data"
    if checkout.is_dir():
        return checkout
    raise DataError(packaged, "the data tables are missing from this installation")


def table_folder(folder: str | Path | None, game: str, title: str) -> Path:
    """The absolute folder a game reads its tables from: ``folder``, or the shipped one.

    Args:
        folder: a teacher's folder (``data_dir``), or ``None`` for ``data/<game>``.
        game: the game's folder name in ``data/`` (``"turin"``).
        title: the game's name for the message (``"Turin Market"``).

    Raises:
        DataError: the folder does not exist, or its name cannot be a folder's (a NUL
            character, too long for the system).

    Example:
        >>> table_folder("/no/such/place", "turin", "Turin Market")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.DataError: /no/such/place: no such folder of Turin Market tables
    """
    if folder is None:
        folder = data_root() / game
    try:
        path = Path(folder).resolve()
        found = path.is_dir()
    except (OSError, ValueError) as exc:  # a NUL in the name, a name too long for the system
        why = getattr(exc, "strerror", None) or str(exc)
        raise DataError(_clip(str(folder)), f"not a usable folder name: {why}") from None
    if not found:
        raise DataError(path, f"no such folder of {title} tables")
    return path


def file_stamps(folder: Path, names: Sequence[str]) -> tuple[int, ...]:
    """The modification times of ``folder``'s table files (-1 for a missing one).

    Games cache their loaded tables keyed on these, so a teacher who edits a table and loads the
    game again in the same session gets the new values.

    Example:
        >>> file_stamps(data_root() / "turin", ["no-such.csv"])
        (-1,)
    """
    out: list[int] = []
    for name in names:
        try:
            out.append((folder / name).stat().st_mtime_ns)
        except (OSError, ValueError):
            out.append(-1)
    return tuple(out)


def table_texts(folder: Path, names: Sequence[str]) -> dict[str, str]:
    """The text of each of ``folder``'s table files that exists, by file name, as
    :func:`read_text` gives it: what a save embeds, so that it replays under the same tables.

    Read once per set of modification times (like the games' loaded tables).

    Example:
        >>> texts = table_texts(data_root() / "turin", ["payouts.csv", "no-such.csv"])
        >>> list(texts), texts["payouts.csv"].splitlines()[0]
        (['payouts.csv'], 'good,classic,red')
    """
    names = tuple(names)
    return dict(_table_texts(str(folder), names, file_stamps(folder, names)))


@functools.lru_cache(maxsize=16)
def _table_texts(
    folder: str, names: tuple[str, ...], stamps: tuple[int, ...]
) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, read_text(Path(folder) / name))
        for name, stamp in zip(names, stamps, strict=True)
        if stamp != -1
    )


def saved_table_folder(game: str, texts: Mapping[str, str]) -> Path:
    """A folder holding the tables ``texts`` (file name to text, as a save embeds them), for
    replaying a game under the tables it was played with.

    The folder is made once, under the system's temporary folder, named by a digest of the texts,
    so the same tables always get the same folder. File names must be plain names (the caller
    checks them against the game's own).

    Example:
        >>> folder = saved_table_folder("turin", {"payouts.csv": "good,classic\\ngrapes,6\\n"})
        >>> (folder / "payouts.csv").read_text(encoding="utf-8").splitlines()
        ['good,classic', 'grapes,6']
    """
    digest = hashlib.sha256(json.dumps(sorted(texts.items())).encode()).hexdigest()[:24]
    folder = Path(tempfile.gettempdir()) / "tradekit-tables" / f"{game}-{digest}"
    if not folder.is_dir():
        # Written beside it and renamed, so that a half-written folder is never read.
        partial = folder.with_name(f"{folder.name}.{os.getpid()}.partial")
        partial.mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            (partial / name).write_text(text, encoding="utf-8")
        try:
            partial.rename(folder)
        except OSError:  # another process made it first
            shutil.rmtree(partial, ignore_errors=True)
    return folder


def read_text(path: Path | str) -> str:
    """A table file's text: UTF-8 with any byte-order mark removed and line ends made ``\\n``.

    Raises:
        DataError: the file is missing, too large, not UTF-8 or holds NUL characters.

    Example:
        >>> import tempfile, pathlib
        >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
        >>> _ = p.write_bytes(b"\\xef\\xbb\\xbfgood\\r\\ncaf\\xc3\\xa9\\r\\n")
        >>> read_text(p)
        'good\\ncafé\\n'
        >>> _ = p.write_bytes("good\\ncafé\\n".encode("cp1252"))
        >>> read_text(p)
        Traceback (most recent call last):
        ...
        tradekit.core.errors.DataError: .../t.csv, row 2: not UTF-8 text (byte 0xe9 ...
    """
    path = Path(path)
    try:
        found = path.is_file()
    except (OSError, ValueError):
        found = False
    if not found:
        raise DataError(path, "file not found")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(path, f"cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise DataError(
            path, f"the file is larger than {MAX_FILE_BYTES} bytes (1 MiB): not a table of the game"
        )
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError(
            path,
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be read): save it as UTF-8 "
            "(in a spreadsheet, choose the format 'CSV UTF-8')",
            row=line,
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise DataError(
            path,
            "a NUL character: this is not a text table (a spreadsheet file, or UTF-16 text?): "
            "save it as UTF-8",
            row=line,
        )
    return text


def read_toml(path: Path | str) -> dict[str, Any]:
    """A TOML file read with :func:`read_text` (so BOM, CRLF and encoding errors are handled).

    Raises:
        DataError: as :func:`read_text`, or the text is not valid TOML (with the line).
    """
    path = Path(path)
    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_AT.search(str(exc))
        raise DataError(
            path, f"not valid TOML: {exc}", row=int(found.group(1)) if found else None
        ) from None
    except ValueError:  # tomllib lets int() refuse a number of over 4300 digits
        raise DataError(path, "not valid TOML: a number has thousands of digits") from None
    except RecursionError:  # lists or tables nested thousands deep
        raise DataError(path, "not valid TOML: values are nested too deeply") from None


@contextmanager
def _csv_field_limit(limit: int) -> Iterator[None]:
    # csv refuses cells over 128 KB with its own error that names no column; lifting its limit
    # lets read_csv measure the cell and name it. Only ever raised, so a concurrent reader elsewhere
    # is never refused a cell it would have accepted.
    with _CSV_LIMIT:
        old = csv.field_size_limit()
        csv.field_size_limit(max(old, limit))
        try:
            yield
        finally:
            csv.field_size_limit(old)


def read_csv(path: Path | str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """A CSV file's header and its non-blank data rows, each with its file row number.

    Cells are trimmed. Trailing empty header cells are dropped. Sizes are bounded (see the module
    docstring).

    Raises:
        DataError: naming the file, the row and (where it applies) the column.
    """
    path = Path(path)
    text = read_text(path)
    first = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first and "," not in first else ","
    records: list[tuple[int, list[str]]] = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    with _csv_field_limit(MAX_FILE_BYTES + 1):
        start = 1
        try:
            for cells in reader:
                if len(cells) > 4 * MAX_COLUMNS:  # stop a hostile row early, before it fills memory
                    raise DataError(
                        path,
                        f"{len(cells)} cells; a table has at most {MAX_COLUMNS} columns",
                        start,
                    )
                records.append((start, cells))
                start = reader.line_num + 1
        except csv.Error as exc:  # not expected once NUL and size are checked; never let it out
            raise DataError(path, f"not a readable CSV table: {exc}", row=start) from None
    records = [(n, [c.strip() for c in cells]) for n, cells in records]
    if not records or not any(records[0][1]):
        raise DataError(path, "the file is empty; expected a header row", row=1)
    header = list(records[0][1])
    while header and not header[-1]:
        header.pop()
    for n, cells in records:
        for j, cell in enumerate(cells):
            name = header[j] if j < len(header) and header[j] else None
            # first: an unclosed quote also makes the cell long
            if "\n" in cell:
                raise DataError(
                    path,
                    'the cell runs over several lines (a quote " that is never closed?)',
                    row=n,
                    column=name if n > 1 else None,
                )
            if len(cell) > MAX_CELL_CHARS:
                raise DataError(
                    path,
                    f"the cell has {len(cell)} characters; at most {MAX_CELL_CHARS} are allowed",
                    row=n,
                    column=name if n > 1 else None,
                )
    if len(header) > MAX_COLUMNS:
        raise DataError(path, f"{len(header)} columns; at most {MAX_COLUMNS} are allowed", row=1)
    seen: set[str] = set()
    for name in header:
        if not name:
            raise DataError(path, f"a column has no name (header is {header})", row=1)
        if name in seen:
            raise DataError(path, "the column appears twice in the header", row=1, column=name)
        seen.add(name)
    rows = [(n, cells) for n, cells in records[1:] if any(cells)]
    if len(rows) > MAX_ROWS:
        raise DataError(
            path, f"more than {MAX_ROWS} data rows: not a table of the game", row=rows[MAX_ROWS][0]
        )
    return header, rows


def _decimal_comma(header: list[str], cells: list[str]) -> str:
    # "2,5" typed without quotes splits into two cells: name the columns where that could be.
    width = len(header)
    spots = [
        header[j]
        for j in range(width)
        if len(cells) == width + 1 and cells[j].isdigit() and cells[j + 1].isdigit()
    ]
    if not spots:
        return ""
    where = " or ".join(repr(s) for s in spots)
    return f" (a decimal comma such as 2,5 in column {where}? tables take whole numbers)"


class Table:
    """Rows of a CSV file with the header checked, and typed access that names bad cells.

    Example:
        >>> import tempfile, pathlib
        >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
        >>> _ = p.write_text("good,units\\ngrapes,x\\n")
        >>> Table.read(p, ["good", "units"]).integer(0, "units")
        Traceback (most recent call last):
        ...
        tradekit.core.errors.DataError: .../t.csv, row 2, column 'units': expected a whole number...
    """

    def __init__(self, path: Path, rows: list[dict[str, str]]) -> None:
        self.path = path
        self.rows = rows

    @staticmethod
    def header(path: Path | str) -> list[str]:
        """The column names of a CSV file's header row (read as :func:`read_csv` reads it)."""
        return read_csv(path)[0]

    @classmethod
    def read(cls, path: Path | str, columns: Sequence[str]) -> Table:
        """Read ``path`` and check it has exactly ``columns`` (in any order).

        Raises:
            DataError: naming the file, the row and the column of the first problem (see
                :func:`read_csv`): a missing or unexpected column, a row with more cells than
                columns, an empty cell, no data rows.
        """
        path = Path(path)
        header, records = read_csv(path)
        for col in columns:
            if col not in header:
                raise DataError(path, f"missing column (header is {header})", row=1, column=col)
        for col in header:
            if col not in columns:
                raise DataError(path, f"unexpected column; expected {list(columns)}", 1, col)
        rows: list[dict[str, str]] = []
        width = len(header)
        for index, cells in records:
            if any(cells[width:]):
                raise DataError(
                    path,
                    f"more cells than columns: {len(cells)} cells, {width} columns"
                    + _decimal_comma(header, cells),
                    row=index,
                )
            row = {col: (cells[j] if j < len(cells) else "") for j, col in enumerate(header)}
            for col in columns:
                if row[col] == "":
                    raise DataError(path, "empty cell", row=index, column=col)
            row["__row__"] = str(index)
            rows.append(row)
        if not rows:
            raise DataError(path, "the table has no rows")
        return cls(path, rows)

    def __len__(self) -> int:
        return len(self.rows)

    def row_number(self, i: int) -> int:
        """The file row number of data row ``i``."""
        return int(self.rows[i]["__row__"])

    def text(self, i: int, column: str) -> str:
        """The text of a cell."""
        return self.rows[i][column]

    def integer(
        self, i: int, column: str, minimum: int | None = None, maximum: int | None = None
    ) -> int:
        """A cell as a whole number, from ``minimum`` to ``maximum`` where given.

        Raises:
            DataError: naming the cell, when it is not a whole number (saying so for a decimal
                comma and a thousands separator) or outside the range (saying the range).
        """
        text = self.rows[i][column]
        if not _WHOLE.fullmatch(text):
            raise self.error(
                i, column, f"expected a whole number, got {_clip(text)}" + _why_not(text)
            )
        value = int(text)
        if minimum is not None and value < minimum:
            raise self.error(
                i, column, f"must be at least {minimum}, got {value}" + _span(minimum, maximum)
            )
        if maximum is not None and value > maximum:
            raise self.error(
                i, column, f"must be at most {maximum}, got {value}" + _span(minimum, maximum)
            )
        return value

    def error(self, i: int, column: str | None, message: str) -> DataError:
        """A :class:`DataError` pointing at data row ``i`` and ``column``."""
        return DataError(self.path, message, row=self.row_number(i), column=column)


def _clip(value: object) -> str:
    # a hostile cell or TOML value may be long: an error message shows its beginning only
    try:
        text = repr(value)
    except ValueError:  # an int of over 4300 digits
        return "a number of thousands of digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _why_not(text: str) -> str:
    # A decimal point reads as plainly wrong; a decimal comma is what a French spreadsheet
    # writes, so the message says why it is refused.
    if "," in text and _DECIMAL.fullmatch(text):
        return " (a decimal comma: tables take whole numbers only)"
    if _THOUSANDS.fullmatch(text):
        return " (write it without a thousands separator)"
    return ""


def _span(minimum: int | None, maximum: int | None) -> str:
    if minimum is None or maximum is None:
        return ""
    return f" (the allowed range is {minimum} to {maximum})"


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a section"
    if isinstance(value, list):
        return f"the list {_clip(value)}"
    if isinstance(value, str):
        return f"the text {_clip(value)}"
    if isinstance(value, int | float):
        return f"the number {_clip(value)}"
    return f"{type(value).__name__} {_clip(value)}"


class Settings:
    """A TOML file of sections (``[bank]``...) of keys, with its shape and values checked.

    ``schema`` lists every section and, for each, every key: a section or key missing, or one not
    in the schema (a typo the engine would otherwise silently ignore), raises a
    :class:`DataError` naming the file and ``[section] key``; so does a section that is not a
    table of keys.

    Example:
        >>> import tempfile, pathlib
        >>> p = pathlib.Path(tempfile.mkdtemp()) / "v.toml"
        >>> _ = p.write_text("[bank]\\nloan = 5\\n")
        >>> Settings.read(p, {"bank": ["loan"]}).integer("bank", "loan", 1, 100)
        5
        >>> _ = p.write_text("bank = 5\\n")
        >>> Settings.read(p, {"bank": ["loan"]})
        Traceback (most recent call last):
        ...
        tradekit.core.errors.DataError: .../v.toml: [bank] must be a section of keys...
    """

    def __init__(self, path: Path, data: dict[str, dict[str, Any]]) -> None:
        self.path = path
        self.data = data

    @classmethod
    def read(cls, path: Path | str, schema: Mapping[str, Sequence[str]]) -> Settings:
        """Read ``path`` and check it has exactly the sections and keys of ``schema``."""
        path = Path(path)
        data = read_toml(path)
        sections = ", ".join(f"[{s}]" for s in schema)
        for name, value in data.items():
            if name not in schema and isinstance(value, dict):
                raise DataError(path, f"unknown section [{name}]; expected the sections {sections}")
            if name not in schema:
                raise DataError(
                    path,
                    f"key {name!r} is outside any section (keys go under a [section] heading); "
                    f"expected the sections {sections}",
                )
        out: dict[str, dict[str, Any]] = {}
        for name, keys in schema.items():
            if name not in data:
                raise DataError(path, f"[{name}] is missing; expected the sections {sections}")
            section = data[name]
            if not isinstance(section, dict):
                raise DataError(
                    path, f"[{name}] must be a section of keys, got {_describe(section)}"
                )
            for key in section:
                if key not in keys:
                    raise DataError(
                        path, f"[{name}] {key} is not a known key; expected {', '.join(keys)}"
                    )
            for key in keys:
                if key not in section:
                    raise DataError(path, f"[{name}] {key} is missing")
            out[name] = dict(section)
        return cls(path, out)

    def value(self, section: str, key: str) -> Any:
        """A key's value as read (its presence is checked by :meth:`read`)."""
        return self.data[section][key]

    def integer(self, section: str, key: str, minimum: int, maximum: int) -> int:
        """A whole number from ``minimum`` to ``maximum`` (the message says the range)."""
        value = self.value(section, key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(
                section,
                key,
                f"must be a whole number from {minimum} to {maximum}, got {_describe(value)}",
            )
        if not minimum <= value <= maximum:
            raise self.error(
                section,
                key,
                f"must be a whole number from {minimum} to {maximum}, got {_clip(value)}",
            )
        return value

    def exactly(self, section: str, key: str, only: int, why: str) -> int:
        """A whole number that may only be ``only``, because ``why`` (the message says both)."""
        value = self.value(section, key)
        if not isinstance(value, int) or isinstance(value, bool) or value != only:
            raise self.error(section, key, f"must be {only} ({why}), got {_describe(value)}")
        return value

    def texts(self, section: str, key: str, count: int) -> tuple[str, ...]:
        """A list of exactly ``count`` non-empty one-line texts of at most :data:`MAX_CELL_CHARS`
        characters each."""
        value = self.value(section, key)
        if (
            not isinstance(value, list)
            or len(value) != count
            or not all(isinstance(v, str) and v.strip() and "\n" not in v for v in value)
        ):
            raise self.error(
                section,
                key,
                f"must be a list of {count} non-empty one-line texts, got {_describe(value)}",
            )
        if any(len(v) > MAX_CELL_CHARS for v in value):
            raise self.error(
                section, key, f"must hold texts of at most {MAX_CELL_CHARS} characters each"
            )
        return tuple(v.strip() for v in value)

    def error(self, section: str, key: str, message: str) -> DataError:
        """A :class:`DataError` naming the file and ``[section] key``."""
        return DataError(self.path, f"[{section}] {key} {message}")
