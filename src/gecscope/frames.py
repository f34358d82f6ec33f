"""Results as pandas data frames (extra ``pandas``): one row per result, or one per sentence.

Nested details are flattened: a mapping gives dotted column names (``regions.td``), a list of
per-order values (GREEN's n-gram counts) gives one column per order (``tp_1`` ... ``tp_4``).

>>> import gecscope
>>> d = gecscope.example_dir()
>>> result = gecscope.score("cleme2", gecscope.Examples.from_m2(d / "hypothesis.m2", d / "references.m2"))
>>> score_frame(result)[["metric", "score", "hit"]].round(4).to_dict("records")
[{'metric': 'cleme2', 'score': 0.706, 'hit': 0.5714}]
>>> sentences_frame(result).shape[0]
10
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gecscope.errors import MissingExtraError
from gecscope.layout import count_label

if TYPE_CHECKING:
    import pandas as pd

    from gecscope.result import Score


def column_headings(counts: tuple[str, ...], rates: tuple[str, ...]) -> tuple[tuple[str, str, bool], ...]:
    """(column key, heading, is a count) of ``counts``, headed by their count labels
    (:func:`gecscope.layout.count_label`: ``fp_ne`` -> ``FP_ne``), then of ``rates``, capitalised."""
    return (*((k, count_label(k), True) for k in counts), *((k, k.capitalize(), False) for k in rates))


#: the columns per metric family
CHUNK2_COLUMNS = column_headings(("tp", "fp_ne", "fp_un", "fn"), ("hit", "wrong", "under", "over"))
PRF_COLUMNS = column_headings(("tp", "fp", "fn"), ("p", "r", "f"))


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise MissingExtraError("data frames", "pandas") from None
    return pandas


def flatten(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """One level of columns from nested details.

    >>> flatten({"f": 0.5, "tp": [3.0, 2.0], "regions": {"td": [1.0]}})
    {'f': 0.5, 'tp_1': 3.0, 'tp_2': 2.0, 'regions.td_1': 1.0}
    """
    out: dict[str, Any] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{name}."))
        elif isinstance(value, list | tuple):
            out.update({f"{name}_{i}": v for i, v in enumerate(value, start=1)})
        else:
            out[name] = value
    return out


def score_frame(scores: Score | Iterable[Score]) -> pd.DataFrame:
    """One row per result, in the shared output shape: ``metric``, ``system``, ``level``,
    ``score``, the components, the counts, the other details, ``signature``."""
    rows = []
    for s in scores if isinstance(scores, Iterable) else [scores]:
        d = s.as_dict()
        body = flatten({**d["components"], **d["counts"], **d["details"]})
        rows.append({k: d[k] for k in ("metric", "system", "level", "score")} | body | {"signature": s.signature})
    frame: pd.DataFrame = _pandas().DataFrame(rows)
    return frame


def sentences_frame(score: Score) -> pd.DataFrame:
    """One row per sentence (the metric's per-sentence scores and counts), indexed by the 1-based line."""
    frame: pd.DataFrame = _pandas().DataFrame([flatten(row) for row in score.sentence_rows()])
    return frame.set_index("line") if "line" in frame.columns else frame


def type_table(score: Score) -> Mapping[str, Mapping[str, float]]:
    """The per-type rows of a score (empty when it has none)."""
    return dict(score.details.get("types") or score.details.get("categories") or {})


def columns(score: Score) -> tuple[tuple[str, str, bool], ...]:
    return CHUNK2_COLUMNS if "hit" in next(iter(type_table(score).values()), {}) else PRF_COLUMNS


def types_frame(score: Score) -> pd.DataFrame:
    """The per-type rows as a pandas DataFrame (index: type); needs pandas."""
    rows = type_table(score)
    frame: pd.DataFrame = _pandas().DataFrame.from_dict({k: dict(v) for k, v in rows.items()}, orient="index")
    frame.index.name = "type"
    frame.attrs["signature"] = score.signature
    return frame
