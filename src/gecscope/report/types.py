"""Per-error-type tables of a :class:`~gecscope.result.Score`: text and pandas.

Rows come from ``details["types"]`` (CLEME2.0, CLEME, M2 with ``cat`` set) or
``details["categories"]`` (ERRANT).

>>> from gecscope.result import Score
>>> row = {"tp": 2.0, "fp": 1.0, "fn": 1.0, "p": 2 / 3, "r": 2 / 3, "f": 2 / 3}
>>> s = Score("m2", 0.5, {"types": {"R:DET": row}}, "m2|x")
>>> print(render_types(s))
type   TP  FP  FN  P       R       F
R:DET   2   1   1  0.6667  0.6667  0.6667
<BLANKLINE>
legend: TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits; P/R/F per type
signature: m2|x
"""

from __future__ import annotations

from gecscope.frames import CHUNK2_COLUMNS, columns
from gecscope.frames import types_frame as types_frame
from gecscope.report.render import table_lines
from gecscope.result import Score

LEGENDS = {
    "cleme2": "legend: TP/FP_ne/FN by the reference chunk's types, FP_un by the hypothesis chunk's; "
    "a chunk with k types counts 1/k for each.\n        Hit/Wrong/Under = TP/FP_ne/FN over TP+FP_ne+FN, "
    "Over = FP_un over TP+FP_ne+FP_un",
    "prf": "legend: TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits; P/R/F per type",
}


def render_types(score: Score) -> str:
    """A text table, one row per error type, with a legend and the score's signature."""
    lines = table_lines(score)
    if not lines:
        return f"(no per-type counts: score with cat 1, 2 or 3)\nsignature: {score.signature}"
    legend = LEGENDS["cleme2" if columns(score) is CHUNK2_COLUMNS else "prf"]
    return "\n".join([*lines, "", legend, f"signature: {score.signature}"])
