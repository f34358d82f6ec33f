"""Human system scores (e.g. GJG15's Expected Wins and TrueSkill, ``system<TAB>ew<TAB>ts``)."""

from __future__ import annotations

from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.text import read_text, split_lines


def read_human_scores(path: str | Path) -> dict[str, dict[str, float]]:
    """``{column: {system: score}}`` from a TSV with a header row naming the columns."""
    lines = [line for line in split_lines(read_text(path)) if line.strip()]
    header = lines[0].split("\t")
    if len(header) < 2:
        raise InputError("expected a tab-separated header: system<TAB>score...", path, 1)
    out: dict[str, dict[str, float]] = {col: {} for col in header[1:]}
    for lineno, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != len(header):
            raise InputError(f"expected {len(header)} columns, got {len(cells)}", path, lineno)
        for col, cell in zip(header[1:], cells[1:], strict=True):
            try:
                out[col][cells[0]] = float(cell)
            except ValueError:
                raise InputError(f"not a number: {cell!r}", path, lineno) from None
    return out
