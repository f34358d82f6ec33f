"""HTML rendering: the self-contained multi-system report page. Everything is inline (CSS,
script, SVG): the page works offline and prints. (A single score's and a comparison's HTML for
notebooks are their ``_repr_html_``.)"""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Any

from gecscope.errors import MissingExtraError
from gecscope.metrics import METRICS
from gecscope.report.charts import heat_map, stacked_bars, versus_matrix
from gecscope.report.explain import NAMES
from gecscope.report.overview import TYPES_METRIC, Interval, ReportData, SentenceView

#: extra columns of the summary table per metric (besides the metric's own value)
EXTRA_COLUMNS = {
    "cleme2": ("hit", "wrong", "under", "over"),
    "cleme": ("p", "r"),
    "m2": ("p", "r"),
    "errant": ("p", "r"),
}


def title(metric: str) -> str:
    return METRICS[metric].layout.title


def summary_columns(data: ReportData) -> list[tuple[str, str, str]]:
    """``(metric, detail key or "", heading)`` per column after the system name."""
    cols = []
    for m in data.settings.metrics:
        cols.append((m, "", "score"))
        first = data.scores[data.systems[0]][m].details
        cols.extend((m, k, k if m == "cleme2" else k.upper()) for k in EXTRA_COLUMNS.get(m, ()) if k in first)
    return cols


def summary_rows(data: ReportData) -> list[dict[str, Any]]:
    rows = []
    for name in data.systems:
        cells = []
        for m, key, _ in summary_columns(data):
            s = data.scores[name][m]
            value = float(s.value if not key else s.details[key])
            ci = data.intervals.get((name, m)) if not key else None
            if ci is None and data.comparison is not None and m == TYPES_METRIC:
                ci = Interval(*data.comparison.row(m, name, key or "score").ci)
            cells.append({"value": value, "text": f"{value:.4f}", "ci": ci, "signature": s.signature})
        rows.append({"system": name, "cells": cells})
    return rows


def shorten(tokens: tuple[str, ...], keep: int = 4) -> str:
    """An unchanged stretch, abbreviated in the middle when long.

    >>> shorten(tuple("abcdefghijk"))
    'a b c d … h i j k'
    """
    if len(tokens) <= 2 * keep + 1:
        return " ".join(tokens) or "∅"
    return " ".join((*tokens[:keep], "…", *tokens[-keep:]))


def chunk_table(view: SentenceView) -> dict[str, Any]:
    """The rows of a chunk table: source, hypothesis and each reference per chunk, with the
    label against the chosen reference (the one the counts used) and under both assumptions."""
    exp, k = view.explanation, view.position
    rows = []
    for j, c in enumerate(exp.chunks):
        changed = any(c.changed)
        rows.append(
            {
                "span": f"[{c.start},{c.end})",
                "source": " ".join(c.source) or "∅" if changed else shorten(c.source),
                "outputs": [" ".join(o) or "∅" if changed else shorten(o) for o in c.outputs],
                "label": NAMES[exp.dependent[k][j]],
                "dependent": [NAMES[lab[j]] for lab in exp.dependent],
                "independent": NAMES[exp.independent[j]],
                "changed": changed,
            }
        )
    return {
        "system": view.system,
        "index": view.index + 1,
        "reason": view.reason,
        "counts": view.counts,
        "refs": list(exp.kept),
        "chosen": view.reference,
        "rows": rows,
    }


def hwuo(data: ReportData) -> dict[str, tuple[float, float, float, float]]:
    details = {name: data.scores[name][TYPES_METRIC].details for name in data.systems}
    return {
        name: (float(d["hit"]), float(d["wrong"]), float(d["under"]), float(d["over"])) for name, d in details.items()
    }


def aspect_intervals(data: ReportData) -> dict[tuple[str, str], tuple[float, float]]:
    """``(system, aspect) -> CI`` of CLEME2.0's hit/wrong/under/over, from the comparison."""
    if data.comparison is None:
        return {}
    return {(r.system, r.component): r.ci for r in data.comparison.rows if not r.type and not r.headline}


def type_marks(data: ReportData) -> dict[tuple[str, str, str], str]:
    """``(system, type, aspect) -> ▲/▼`` where the system differs significantly from the baseline
    (every adjusted p-value below alpha)."""
    if data.comparison is None:
        return {}
    alpha = data.comparison.config.alpha
    return {
        (r.system, r.type, r.component): "▲" if r.diff > 0 else "▼"
        for r in data.comparison.rows
        if r.type and r.significant(alpha)
    }


def test_context(data: ReportData) -> dict[str, Any]:
    """How the heat map's marks were tested (for its note)."""
    c = data.comparison
    if c is None:
        return {"min_support": "", "test_name": "", "correction_name": "", "n_tests": 0}
    names = {"ar": "approximate randomization", "bootstrap": "paired bootstrap", "both": "paired bootstrap and AR"}
    corr = {"holm": "Holm", "bh": "Benjamini-Hochberg", "none": "not"}
    return {
        "min_support": f"{c.config.min_support:g}",
        "test_name": names[c.config.test],
        "correction_name": corr[c.config.correction],
        "n_tests": max((r.family_size for r in c.rows if r.family == "types"), default=0),
    }


def signatures(data: ReportData) -> list[tuple[str, list[str]]]:
    """Distinct signatures per metric (normally one per metric)."""
    return [
        (title(m), list(dict.fromkeys(data.scores[name][m].signature for name in data.systems)))
        for m in dict.fromkeys((*data.settings.metrics, TYPES_METRIC))
    ]


def context(data: ReportData) -> dict[str, Any]:
    from gecscope.version import __version__

    columns = summary_columns(data)
    baseline = None if data.comparison is None else str(data.comparison.baseline)
    cells = {(name, t): row for name, s in data.types.items() for t, row in s.details.get("types", {}).items()}
    return {
        "version": __version__,
        "systems": data.systems,
        "metrics": [title(m) for m in data.settings.metrics],
        "cat": data.settings.cat,
        "columns": columns,
        # (metric title, number of columns) for the summary table's first heading row
        "groups": list(Counter(title(m) for m, _, _ in columns).items()),
        "rows": summary_rows(data),
        "has_intervals": bool(data.intervals) or data.comparison is not None,
        "bars": stacked_bars(hwuo(data), intervals=aspect_intervals(data)),
        "heatmap": heat_map(data.systems, data.type_names(), cells, marks=type_marks(data), baseline=baseline),
        "baseline": baseline,
        **test_context(data),
        "comparison_signature": data.comparison.rows[0].signature if data.comparison is not None else "",
        "versus": versus_matrix(data.systems, {n: float(data.scores[n][TYPES_METRIC].value) for n in data.systems}),
        "types_signature": data.types[data.systems[0]].signature + f" (per type: cat {data.settings.cat})",
        **gold_context(data),
        "views": {name: [chunk_table(v) for v in vs] for name, vs in data.views.items()},
        "divergences": [
            {"index": d.index + 1, "spread": d.spread, "scores": d.scores, "tables": [chunk_table(v) for v in d.views]}
            for d in data.divergences
        ],
        "signatures": signatures(data),
    }


def gold_context(data: ReportData) -> dict[str, Any]:
    """The gold-type heat map (Hit, Under per gold type) and its signature; empty without gold types."""
    if not data.gold_types:
        return {"gold_heatmap": "", "gold_signature": ""}
    cells = {(n, t): row for n, s in data.gold_types.items() for t, row in s.details.get("types", {}).items()}
    names = data.gold_type_names()
    heat = heat_map(data.systems, names, cells, measures=("hit", "under"), chart_id="gold-heatmap")
    signature = data.gold_types[data.systems[0]].signature + " (per type: cat gold)"
    return {"gold_heatmap": heat, "gold_signature": signature}


def render_html(data: ReportData) -> str:
    """The report as one self-contained HTML page (needs jinja2: the ``report`` extra)."""
    try:
        import jinja2
    except ImportError as exc:
        raise MissingExtraError("the HTML report", "report") from exc
    template = (resources.files("gecscope.report") / "templates" / "report.html.j2").read_text(encoding="utf-8")
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.from_string(template).render(**context(data))
