"""Reading the data tables (CSV) shipped in ``data/`` or supplied by a teacher.

Every problem raises :class:`~tradekit.core.errors.DataError` naming the file, the row (1-based,
counting the header as row 1) and the column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from tradekit.core.errors import DataError


def data_root() -> Path:
    """The folder of shipped tables: ``tradekit/data`` in a wheel, ``data/`` in a checkout."""
    packaged = Path(str(resources.files("tradekit"))) / "data"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "data"
    if checkout.is_dir():
        return checkout
    raise DataError(packaged, "the data tables are missing from this installation")


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
        except OSError:
            out.append(-1)
    return tuple(out)


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
        """The column names of a CSV file's header row."""
        path = Path(path)
        if not path.is_file():
            raise DataError(path, "file not found")
        with open(path, encoding="utf-8-sig", newline="") as fh:
            first = next(csv.reader(fh), [])
        return [h.strip() for h in first if h.strip()]

    @classmethod
    def read(cls, path: Path | str, columns: Sequence[str]) -> Table:
        """Read ``path`` and check it has exactly ``columns`` (in any order)."""
        path = Path(path)
        if not path.is_file():
            raise DataError(path, "file not found")
        try:
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as exc:
            raise DataError(path, f"not UTF-8 text: {exc}") from None
        reader = csv.DictReader(io.StringIO(text))
        header = [h.strip() for h in (reader.fieldnames or [])]
        if not header:
            raise DataError(path, "the file is empty; expected a header row", row=1)
        for col in columns:
            if col not in header:
                raise DataError(path, f"missing column (header is {header})", row=1, column=col)
        for col in header:
            if col not in columns:
                raise DataError(path, f"unexpected column; expected {list(columns)}", 1, col)
        rows: list[dict[str, str]] = []
        for raw in reader:
            index = reader.line_num  # the file's own line number: blank lines are skipped
            if None in raw:
                raise DataError(path, "more cells than columns", row=index)
            row = {k.strip(): (v or "").strip() for k, v in raw.items() if k is not None}
            if all(not v for v in row.values()):
                continue
            for col in columns:
                if row.get(col, "") == "":
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

    def integer(self, i: int, column: str, minimum: int | None = None) -> int:
        """A cell as a whole number, at least ``minimum`` if given."""
        text = self.rows[i][column]
        try:
            value = int(text)
        except ValueError:
            raise self.error(i, column, f"expected a whole number, got {text!r}") from None
        if minimum is not None and value < minimum:
            raise self.error(i, column, f"must be at least {minimum}, got {value}")
        return value

    def error(self, i: int, column: str | None, message: str) -> DataError:
        """A :class:`DataError` pointing at data row ``i`` and ``column``."""
        return DataError(self.path, message, row=self.row_number(i), column=column)
