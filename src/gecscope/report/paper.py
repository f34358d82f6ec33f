"""Tables a paper or a page takes as they are: LaTeX (booktabs) and Markdown.

A :class:`PaperTable` is a grid of cells under column headings, optionally grouped (a heading over
several columns: a metric, a test set), with notes (what the marks and arrows mean) and the
signatures printed under it. The builders make one from scores (:func:`scores_table`: rows =
systems, column groups = metrics), from scores on several test sets (:func:`sets_table`: rows =
systems, column groups = test sets) and from a comparison (:func:`comparison_table`); :func:`latex`
and :func:`markdown` print it. The LaTeX needs ``\\usepackage{booktabs}`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from gecscope.comparison import Comparison
    from gecscope.result import Score

FORMATS = ("latex", "markdown")


class Marked(NamedTuple):
    """A cell with a mark (``*``: significant), set as a superscript."""

    text: str
    mark: str


Cell = str | Marked


@dataclass(frozen=True)
class PaperTable:
    """Rows of cells under ``head``; ``groups`` (label, span) head the columns after the first
    ``lead`` ones; ``rules`` are the row indices a ``\\midrule`` precedes; ``notes`` and
    ``signatures`` go under the table."""

    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    groups: tuple[tuple[str, int], ...] = ()
    lead: int = 1
    notes: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()
    rules: tuple[int, ...] = ()


# ---- LaTeX --------------------------------------------------------------------------------------

_TEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "↑": r"$\uparrow$",
    "↓": r"$\downarrow$",
    "Δ": r"$\Delta$",
    "β": r"$\beta$",
    "—": "---",
    "–": "--",
    "\n": " ",
    "\r": " ",
}


def tex(text: str) -> str:
    """``text`` with LaTeX's special characters escaped.

    >>> tex("a_b & 50% {x} ↑")
    'a\\\\_b \\\\& 50\\\\% \\\\{x\\\\} $\\\\uparrow$'
    """
    return "".join(_TEX.get(c, c) for c in text)


def _tex_cell(cell: Cell) -> str:
    if isinstance(cell, Marked):
        return tex(cell.text) + (r"\textsuperscript{" + tex(cell.mark) + "}" if cell.mark else "")
    return tex(cell)


def _breakable(signature: str) -> str:
    """A signature in typewriter type that may break after ``|``, ``,`` and ``+``."""
    out = tex(signature).replace(r"\textbar{}", "|")  # cmtt has the ASCII bar
    for sep in ("|", ",", "+"):
        out = out.replace(sep, sep + r"\allowbreak{}")
    return r"\texttt{" + out + "}"


def latex(table: PaperTable) -> str:
    """A ``table`` float with a booktabs ``tabular``; the notes and the signatures under it."""
    cols = len(table.head)
    spec = "l" * table.lead + "r" * (cols - table.lead)
    lines = [
        "% gecscope table: needs \\usepackage{booktabs}",
        r"\begin{table}[t]",
        r"\centering",
        r"\small",
        r"\begin{tabular}{" + spec + "}",
        r"\toprule",
    ]
    if table.groups:
        cells, rules, at = [""] * table.lead, [], table.lead + 1
        for label, span in table.groups:
            cells.append(rf"\multicolumn{{{span}}}{{c}}{{{tex(label)}}}")
            rules.append(rf"\cmidrule(lr){{{at}-{at + span - 1}}}")
            at += span
        lines += [" & ".join(cells) + r" \\", " ".join(rules)]
    lines += [" & ".join(tex(h) for h in table.head) + r" \\", r"\midrule"]
    for i, row in enumerate(table.rows):
        if i in table.rules and i:
            lines.append(r"\midrule")
        lines.append(" & ".join(_tex_cell(c) for c in row) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    if table.notes or table.signatures:
        lines += [r"\par\smallskip", r"\begin{minipage}{\linewidth}\footnotesize\raggedright"]
        lines += [tex(n) + r"\par" for n in table.notes]
        lines += [r"Signature: " + _breakable(s) + r"\par" for s in table.signatures]
        lines.append(r"\end{minipage}")
    lines.append(r"\end{table}")
    return "\n".join(lines) + "\n"


# ---- Markdown -----------------------------------------------------------------------------------


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_").replace("\n", " ")


def _md_cell(cell: Cell) -> str:
    if isinstance(cell, Marked):
        return _md(cell.text) + _md(cell.mark)
    return _md(cell)


def markdown(table: PaperTable) -> str:
    """A GitHub-flavoured (and mkdocs) Markdown table: a group's label prefixes its columns'
    headings; the notes as paragraphs and the signatures as code under it."""
    head = list(table.head)
    if table.groups:
        at = table.lead
        for label, span in table.groups:
            for k in range(at, at + span):
                head[k] = f"{label} {head[k]}"
            at += span
    lines = ["| " + " | ".join(_md(h) for h in head) + " |"]
    lines.append("|" + "|".join([":--"] * table.lead + ["--:"] * (len(head) - table.lead)) + "|")
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
    out = "\n".join(lines) + "\n"
    for note in table.notes:
        out += "\n" + _md(note) + "\n"
    for sig in table.signatures:
        out += f"\nSignature: `{sig}`\n"
    return out


def render(table: PaperTable, fmt: str) -> str:
    """``table`` as ``latex`` or ``markdown``."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}; got {fmt!r}")
    return latex(table) if fmt == "latex" else markdown(table)


# ---- builders -----------------------------------------------------------------------------------

ARROWS = "↑ higher is better, ↓ lower is better."


def _title(metric: str) -> str:
    """The metric's name as its papers print it (its layout's title), else the registry name."""
    from gecscope.metrics import METRICS

    spec = METRICS.get(metric)
    return spec.layout.title if spec is not None else metric


def _value(v: object) -> str:
    if isinstance(v, int | float) and not isinstance(v, bool):
        f = float(v)
        return f"{f:.4f}" if f == f else "nan"
    return "-" if v is None else str(v)


def _columns(score: Score, components: bool) -> list[tuple[str, str]]:
    """(heading, component key; "" for the headline) of one metric's columns."""
    shape = score.shape
    same = next((c for c in shape.components if c.key == shape.headline), None)
    cols = [(same.label if same is not None else "Score", "")]
    if components:
        cols += [
            (f"{c.label} {c.arrow}", c.key)
            for c in shape.components
            if c.key in score.details and c.key != shape.headline
        ]
    return cols


def _cell(score: Score | None, key: str) -> str:
    if score is None:
        return "-"
    return _value(score.value if not key else score.details.get(key))


def _grid(
    groups: Sequence[tuple[str, Sequence[Score]]], components: bool, label: str, titled: bool = False
) -> PaperTable:
    """Rows = systems (in order of first appearance), one column group per ``groups`` entry, in
    each the columns of every metric scored there (its headline, with ``components`` its
    components); a cell without a score is ``-``."""
    systems = list(dict.fromkeys(s.system or "system" for _, scores in groups for s in scores))
    head, spans, columns = ["System"], [], []
    signatures: dict[str, None] = {}
    arrows = False
    for name, scores in groups:
        metrics = list(dict.fromkeys(s.metric for s in scores))
        span = 0
        for metric in metrics:
            first = next(s for s in scores if s.metric == metric)
            for heading, key in _columns(first, components):
                plain = len(metrics) == 1 and not titled
                shown = heading if plain else (first.title if not key else f"{first.title} {heading}")
                head.append(shown)
                columns.append((name, metric, key))
                arrows = arrows or bool(key)
                span += 1
        spans.append((name, span))
        signatures.update(dict.fromkeys(s.signature for s in scores))
    index = {(name, s.metric, s.system or "system"): s for name, scores in groups for s in scores}
    rows = tuple(
        (system, *(_cell(index.get((name, metric, system)), key) for name, metric, key in columns))
        for system in systems
    )
    notes = tuple(n for n in (label, ARROWS if arrows else "") if n)
    return PaperTable(tuple(head), rows, tuple(spans), 1, notes, tuple(signatures))


def scores_table(scores: Sequence[Score], *, components: bool = True) -> PaperTable:
    """Rows = systems, one column group per metric (its title): the headline score and, with
    ``components``, each component."""
    metrics = list(dict.fromkeys(s.metric for s in scores))
    groups = [(next(s.title for s in scores if s.metric == m), [s for s in scores if s.metric == m]) for m in metrics]
    return _grid(groups, components, "")


def sets_table(by_set: Mapping[str, Sequence[Score]], *, components: bool = False) -> PaperTable:
    """Rows = systems, one column group per test set (``by_set``: test set -> its scores, every
    metric and system scored on it); within a group, each metric's headline, named by its title
    (with ``components``, its components too)."""
    return _grid(list(by_set.items()), components, "Column groups: test sets", titled=True)


def comparison_table(result: Comparison) -> PaperTable:
    """The rows the comparison's view shows (:meth:`Comparison.shown`), a block per metric: score,
    its interval, the difference to the baseline marked ``*`` when significant, and the p-value
    that decides; notes say which test, which correction and what the intervals are."""
    cfg = result.config
    rows_shown = result.shown(every=False)
    comps = any(not r.headline for r in rows_shown)
    types = any(r.type for r in rows_shown)
    adjusted = cfg.correction != "none"
    pct = f"{cfg.confidence * 100:g}%"
    head = ["Metric", "System", *(["Component"] if comps else []), *(["Type"] if types else [])]
    lead = len(head)
    head += ["Score", f"{pct} CI", f"Δ vs {result.baseline}", "p (adj.)" if adjusted else "p"]
    rows: list[tuple[Cell, ...]] = []
    rules, last = [], None
    for r in rows_shown:
        if r.metric != last:
            rules.append(len(rows))
        first = r.metric != last
        last = r.metric
        label = [_title(r.metric) if first else "", r.system + (" (baseline)" if r.system == r.baseline else "")]
        label += [("score" if r.component == "score" else f"{r.component} {r.arrow}")] if comps else []
        label += [r.type or "all"] if types else []
        if r.system == r.baseline:
            delta: Cell = "—"
            p = "—"
        elif r.diff is None:  # an empty per-type cell (the system's or the baseline's): no test
            delta, p = "-", "-"
        elif not r.tested:
            delta, p = f"{r.diff:+.4f}", "(few)"
        else:
            delta = Marked(f"{r.diff:+.4f}", "*" if r.significant(cfg.alpha) else "")
            chosen = r.p_adjusted()
            p = "-" if chosen is None else f"{chosen:.4f}"
        ci = "-" if r.ci is None else f"[{r.ci[0]:.4f}, {r.ci[1]:.4f}]"
        rows.append((*label, "-" if r.score is None else f"{r.score:.4f}", ci, delta, p))
    test = {
        "ar": f"approximate randomization ({cfg.trials} trials)",
        "bootstrap": f"the paired bootstrap ({cfg.bootstrap} resamples)",
        "both": f"both approximate randomization ({cfg.trials} trials) and the paired bootstrap "
        f"({cfg.bootstrap} resamples)",
    }[cfg.test]
    what = f"{cfg.correction}-adjusted p" if adjusted else "p"
    notes = [
        f"* Significant difference to {result.baseline}: {what} < {cfg.alpha:g} under {test}, two-sided "
        f"(seed {cfg.seed}); unmarked: no significant difference (n.s.).",
        f"{pct} CI: percentile interval over {cfg.bootstrap} bootstrap resamples of the sentences.",
    ]
    if comps:
        notes.append(ARROWS)
    if types:
        notes.append(f"(few): fewer than {cfg.min_support:g} chunks/edits of the type, not tested.")
    signatures = tuple(dict.fromkeys(r.signature for r in rows_shown))
    return PaperTable(tuple(head), tuple(rows), (), lead, tuple(notes), signatures, tuple(rules))


__all__ = [
    "FORMATS",
    "Marked",
    "PaperTable",
    "comparison_table",
    "correlations_table",
    "latex",
    "markdown",
    "meta_table",
    "render",
    "scores_table",
    "sets_table",
    "tex",
]


def meta_table(doc: Mapping[str, Any]) -> PaperTable:
    """``gecscope meta run``'s document as a table: rows = metrics; a column group per human
    ranking (Pearson r, Spearman ρ at the system level), then one per sentence-level group
    (pairwise accuracy, Kendall τ)."""
    metrics: Mapping[str, Any] = doc["metrics"]
    humans = list(dict.fromkeys(h for e in metrics.values() for h in e.get("system", {})))
    sentence = list(dict.fromkeys(g for e in metrics.values() for g in e.get("sentence", {})))
    head, groups = ["Metric"], []
    for h in humans:
        head += ["r", "ρ"]
        groups.append((h.upper(), 2))
    for g in sentence:
        head += ["Acc", "τ"]
        groups.append((f"sentence ({g})", 2))
    rows = []
    for name, e in metrics.items():
        cells: list[Cell] = [name]
        for h in humans:
            v = e.get("system", {}).get(h)
            cells += [_value(v["pearson"]), _value(v["spearman"])] if v else ["-", "-"]
        for g in sentence:
            v = e.get("sentence", {}).get(g)
            cells += [_value(v["accuracy"]), _value(v["kendall"])] if v else ["-", "-"]
        rows.append(tuple(cells))
    where = doc.get("setting") or (f"{doc['split']} split" if doc.get("split") else "")
    what = f"{doc['dataset']}" + (f" ({where})" if where else "")
    notes = [f"System level: Pearson r and Spearman ρ with the human rankings of {what}."]
    if sentence:
        tie = f", tie rule {doc['tie_rule']}" if doc.get("tie_rule") else ""
        notes.append(f"Sentence level: pairwise accuracy (Acc) and Kendall τ against the human judgments{tie}.")
    signatures = tuple(dict.fromkeys(e["signature"] for e in metrics.values() if e.get("signature")))
    return PaperTable(tuple(head), tuple(rows), tuple(groups), 1, tuple(notes), signatures)


def correlations_table(rows: Sequence[Any], caption: str) -> PaperTable:
    """``gecscope meta table1``'s rows (each with ``name`` and ``values()``: Pearson EW, Pearson
    TS, Spearman EW, Spearman TS) as a table: a column group per coefficient."""
    body = tuple((r.name, *(_value(v) for v in r.values())) for r in rows)
    groups = (("Pearson", 2), ("Spearman", 2))
    return PaperTable(("Metric", "EW", "TS", "EW", "TS"), body, groups, 1, (caption,))
