"""CSV inputs read as the IndicGEC-2025 scorer reads them: UTF-8 with an optional byte-order mark
(``utf-8-sig``), Python's ``csv`` ``excel`` dialect (comma, double quotes, newlines inside quoted
cells), the header row naming the columns; a cell is one column of one row, stripped of
surrounding white space, and a row too short for the column is the empty string.

Unlike the official script, which stops with a traceback, every problem is one line naming the
file and the line, and undecodable bytes or a NUL are refused instead of read. A row without
any cell (a blank line) is skipped, as ``csv.DictReader`` skips it; a column named twice is
read from its last occurrence, as ``csv.DictReader`` reads it.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "gold.csv"
>>> _ = p.write_bytes('\\ufeffInput sentence,Output sentence\\r\\na,"b, ""c""\\nd "\\r\\n'.encode())
>>> read_csv_column(p, "Output sentence")
['b, "c"\\nd']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.text import numbered_lines

#: the column the IndicGEC-2025 scorer reads in both the gold and the predictions
OUTPUT_COLUMN = "Output sentence"
#: the column holding the source sentence (the official scorer never reads it)
INPUT_COLUMN = "Input sentence"


def read_csv_column(path: str | Path, column: str) -> list[str]:
    """The stripped cells of ``column`` (its header name exactly, case included), one per data
    row, in file order; raises :class:`InputError` naming the file and row."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except OSError as err:
        raise InputError(f"cannot read: {err.strerror}", path) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(
            "not UTF-8 (read as the official scorer reads it: utf-8-sig)", path, text_line(data[: err.start])
        ) from None
    if "\x00" in text:
        raise InputError(
            "contains a NUL character: not a CSV text file", path, text[: text.index("\x00")].count("\n") + 1
        )
    return column_cells(text, column, path)


def text_line(prefix: bytes) -> int:
    """The 1-based line of the byte after ``prefix``."""
    return prefix.count(b"\n") + 1


def column_cells(text: str, column: str, path: str | Path = "<csv>") -> list[str]:
    """The cells of ``column`` in CSV ``text`` (see :func:`read_csv_column`)."""
    reader = csv.reader(io.StringIO(text, newline=""), dialect="excel")  # lines split as a file's
    row_number = 1
    try:
        header = next(reader, None)
        if not header:
            raise InputError(f"no header row: a CSV whose first row names column {column!r} is needed", path, 1)
        if column not in header:
            raise InputError(f"must have column {column!r}; found {header}", path, 1)
        at = len(header) - 1 - header[::-1].index(column)  # a repeated name: its last column, as csv.DictReader
        cells = []
        for row in reader:
            row_number += 1
            if row:  # csv.DictReader skips a row without any cell (a blank line)
                cells.append(row[at].strip() if at < len(row) else "")
    except csv.Error as err:
        raise InputError(f"bad CSV (row {row_number + 1}): {err}", path, reader.line_num) from None
    return cells


def rows_of(cells: list[str], other: list[str], path: str | Path, other_path: str | Path) -> None:
    """Refuse two columns read for pairing by position that differ in length (the official
    scorer's "Row count mismatch"), naming both files."""
    if len(cells) != len(other):
        raise InputError(f"has {len(cells)} rows but {other_path} has {len(other)}: rows are paired by position", path)


def is_csv(path: str | Path) -> bool:
    """Whether ``path`` is read as the task's CSV (by its suffix, any case)."""
    return str(path).lower().endswith(".csv")


def numbered_cells(path: str | Path, column: str) -> list[tuple[int, str]]:
    """``(row, cell)`` of ``column``, as :func:`gecscope.io.text.numbered_lines` gives lines (the
    first data row is row 1), for readers that take a CSV where they take a text file."""
    return list(enumerate(read_csv_column(path, column), start=1))


def text_lines(path: str | Path, role: str) -> list[tuple[int, str]] | None:
    """The numbered cells a text reader reads from CSV file ``path`` in ``role`` (``source``:
    the ``Input sentence`` column; a hypothesis or a reference: ``Output sentence``), or None for
    a file that is not a CSV."""
    if not is_csv(path):
        return None
    return numbered_cells(path, INPUT_COLUMN if role == "source" else OUTPUT_COLUMN)


def numbered_text(path: str | Path, role: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` of a text file, or ``(row, cell)`` of a CSV in ``role`` (:func:`text_lines`)."""
    cells = text_lines(path, role)
    if cells is None:
        return numbered_lines(path)
    return iter(cells)
