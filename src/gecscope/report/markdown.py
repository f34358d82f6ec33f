"""``gecscope report --format md``: the report's tables without pictures (paper appendix)."""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.report.html import hwuo, signatures, summary_columns, title
from gecscope.report.overview import ReportData


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A GitHub-flavoured Markdown table; the first column left-aligned, the rest right-aligned.

    >>> print(table(["a", "b"], [["x", "1"]]))
    | a | b |
    |:--|--:|
    | x | 1 |
    """
    lines = ["| " + " | ".join(head) + " |", "|:--" + "|--:" * (len(head) - 1) + "|"]
    return "\n".join([*lines, *("| " + " | ".join(r) + " |" for r in rows)])


def _cell(row: dict[str, object], measure: str, fmt: str) -> str:
    """A per-type cell: empty where the system has no such type, ``-`` where the rate is undefined
    (a type without chunks of that kind: ``None``)."""
    if not row:
        return ""
    value = row.get(measure)
    return "-" if value is None else fmt.format(value)


def render_markdown(data: ReportData) -> str:
    cols = summary_columns(data)
    head = ["system", *(f"{title(m)} {h}" for m, _, h in cols)]
    rows = []
    for name in data.systems:
        cells = [name]
        for m, key, _ in cols:
            s = data.scores[name][m]
            text = f"{float(s.value if not key else s.details[key]):.4f}"
            ci = data.intervals.get((name, m)) if not key else None
            cells.append(text + (f" [{ci.low:.4f}, {ci.high:.4f}]" if ci else ""))
        rows.append(cells)
    out = ["# GEC evaluation report", "", "## Summary", "", table(head, rows), ""]
    bars = hwuo(data)
    out += ["## Hit, Wrong, Under, Over (CLEME2.0)", ""]
    out.append(
        table(["system", "Hit", "Wrong", "Under", "Over"], [[n, *(f"{v:.4f}" for v in bars[n])] for n in data.systems])
    )
    per_type = {name: data.types[name].details.get("types", {}) for name in data.systems}
    for measure in ("hit", "over", "fn"):
        label = measure.capitalize() if measure != "fn" else "FN (missed, chunks)"
        out += ["", f"## Per error type: {label} (CLEME2.0, cat {data.settings.cat})", ""]
        fmt = "{:.2f}" if measure == "fn" else "{:.3f}"
        rows = [[t, *(_cell(per_type[n].get(t, {}), measure, fmt) for n in data.systems)] for t in data.type_names()]
        out.append(table(["type", *data.systems], rows))
    out += ["", "## Signatures", ""]
    for metric, sigs in signatures(data):
        out += [f"- {metric}: " + "; ".join(f"`{s}`" for s in sigs)]
    out.append(f"- per type: `{data.types[data.systems[0]].signature}` with cat {data.settings.cat}")
    return "\n".join(out) + "\n"
