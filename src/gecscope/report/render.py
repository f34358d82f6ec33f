"""Text, JSON and CSV rendering of scores, in the one shape every metric shares.

* table: a block per system — headline, components with their direction, counts, a one-line
  legend and the signature; ``per_sentence`` adds a row per sentence, ``types`` a per-type table;
  several systems of one metric give one table with a row per system.
* JSON: one object per score (:data:`gecscope.result.KEYS`); a list when there are several.
* CSV: one row per score, then (``per_sentence``) one per sentence, the same columns for every row.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from gecscope.frames import columns, type_table
from gecscope.layout import count_label, legend
from gecscope.result import Score

Texts = Mapping[str, Sequence[Any]]


def _num(v: Any) -> str:
    if isinstance(v, list | tuple):  # a list of lists (per reference): the lists apart by " | "
        return (" | " if any(isinstance(x, list | tuple) for x in v) else "/").join(_num(x) for x in v)
    if v is None:
        return "-"
    v = float(v)
    if v != v or v in (float("inf"), float("-inf")):
        return str(v)
    return f"{v:.0f}" if v.is_integer() else f"{v:.2f}"


def _val(v: Any) -> str:
    if v is None:
        return "-"
    f = float(v)
    return f"{f:.4f}" if f == f and abs(f) != float("inf") else str(f)


def _grid(head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool] = ()) -> list[str]:
    """Columns padded to their widths, two spaces apart (``right[i]``: column ``i`` right-aligned)."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
    align = [str.rjust if i < len(right) and right[i] else str.ljust for i in range(len(head))]
    return ["  ".join(a(c, w) for a, c, w in zip(align, row, widths, strict=True)).rstrip() for row in [head, *rows]]


def render_block(
    score: Score, *, per_sentence: bool = False, texts: Sequence[Any] | None = None, types: bool = False
) -> str:
    """A short human-readable block; the last line is always the signature."""
    d = score.as_dict()
    name = f"{score.system}: " if score.system else ""
    lines = [f"{name}{score.title} = {score.value:.4f}"]
    if comps := [c for c in score.shape.components if c.key in d["components"]]:
        lines.append("  " + "  ".join(f"{c.label} {_val(d['components'][c.key])} {c.arrow}" for c in comps))
    elif d["components"]:
        lines.append("  " + "  ".join(f"{k} {_val(v)}" for k, v in d["components"].items()))
    if d["counts"]:
        lines.append("  " + "  ".join(f"{count_label(k)} {_num(v)}" for k, v in d["counts"].items()))
    if extra := {k: v for k, v in d["details"].items() if isinstance(v, int | float) and not isinstance(v, bool)}:
        lines.append("  " + "  ".join(f"{k} {_num(v) if float(v).is_integer() else _val(v)}" for k, v in extra.items()))
    if table := render_types(score, categories=types):
        lines.append(table)
    if per_sentence:
        lines.append(render_sentences(score, texts))
    split = "; per type, a chunk with k types counts 1/k for each" if table and _split_counts(score) else ""
    lines.append(f"  {legend(score.shape)}{split}")
    lines.append(f"  signature: {score.signature}")
    return "\n".join(lines)


def _split_counts(score: Score) -> bool:
    """Whether a per-type count is not a whole number (a chunk's count shared among its types)."""
    rows = score.details.get("types") or {}
    return any(
        isinstance(v, float) and not v.is_integer()
        for row in rows.values()
        if isinstance(row, dict)
        for k, v in row.items()
        if k in ("tp", "fp", "fn", "fp_ne", "fp_un")
    )


def render_types(score: Score, *, categories: bool = False) -> str:
    """The indented per-type table of ``details['types']`` (CLEME family, M2 with ``cat``), or of
    ERRANT's ``categories`` when ``categories`` (a ``--cat`` level was asked for); else empty."""
    if "types" not in score.details and not categories:
        return ""
    return "\n".join("  " + line for line in table_lines(score))


def table_lines(score: Score) -> list[str]:
    """The per-type table alone (heading and one row per type; empty when the score has none):
    counts right-aligned, rates left-aligned."""
    rows = type_table(score)
    if not rows:
        return []
    cols = columns(score)
    body = [
        [name, *(_num(r.get(k, 0.0)) if c else _val(r.get(k, 0.0)) for k, _, c in cols)] for name, r in rows.items()
    ]
    return _grid(["type", *(h for _, h, _ in cols)], body, [False, *(c for _, _, c in cols)])


def render_sentences(score: Score, texts: Sequence[Any] | None = None) -> str:
    rows = score.sentence_rows(texts)
    if not rows:
        return "  (no sentence rows)"
    cols = [k for k in rows[0] if k not in ("source", "hypothesis", "reference_text")]
    grid = [[_cell(r.get(c)) for c in cols] for r in rows]
    lines = ["  " + line for line in _grid(cols, grid)]
    if texts is not None:
        out = []
        for line, r in zip(lines[1:], rows, strict=True):
            out.append(line)
            out.append(f"      source:     {r.get('source', '')}")
            out.append(f"      hypothesis: {r.get('hypothesis', '')}")
            if "reference_text" in r:
                out.append(f"      reference:  {r['reference_text']}")
        lines = [lines[0], *out]
    return "\n".join(lines)


def _cell(v: Any) -> str:
    if isinstance(v, float):
        return _val(v)
    if isinstance(v, list | tuple):
        return _num(v)
    return str(v)


def render_systems(scores: Sequence[Score]) -> str:
    """Several systems of one metric: one table, systems as rows (score, components, counts)."""
    first = scores[0]
    dicts = [s.as_dict() for s in scores]
    comp_keys = list(dicts[0]["components"])
    count_keys = list(dicts[0]["counts"])
    labels = {c.key: f"{c.label} {c.arrow}" for c in first.shape.components}
    head = ["system", first.title, *(labels.get(k, k) for k in comp_keys), *(count_label(k) for k in count_keys)]
    rows = [
        [
            s.system or f"#{i + 1}",
            _val(d["score"]),
            *(_val(d["components"].get(k)) for k in comp_keys),
            *(_num(d["counts"].get(k)) for k in count_keys),
        ]
        for i, (s, d) in enumerate(zip(scores, dicts, strict=True))
    ]
    lines = _grid(head, rows)
    lines.append(legend(first.shape))
    lines += [f"signature: {sig}" for sig in dict.fromkeys(s.signature for s in scores)]
    return "\n".join(lines)


def render_text(
    scores: Sequence[Score], *, per_sentence: bool = False, texts: Texts | None = None, types: bool = False
) -> str:
    """Table output for one or more scores (grouped by metric)."""
    if len(scores) == 1 or per_sentence or types:
        return "\n\n".join(
            render_block(s, per_sentence=per_sentence, texts=(texts or {}).get(s.system), types=types) for s in scores
        )
    groups: dict[str, list[Score]] = {}
    for s in scores:
        groups.setdefault(s.signature.split("|")[0] + "|" + s.metric, []).append(s)
    return "\n\n".join(render_systems(g) if len(g) > 1 else render_block(g[0]) for g in groups.values())


def render_json(scores: Sequence[Score], *, with_sentences: bool = False, texts: Texts | None = None) -> str:
    """One JSON object for one score, a list of objects for several."""
    docs = [s.as_dict(with_sentences=with_sentences, texts=(texts or {}).get(s.system)) for s in scores]
    return json.dumps(docs[0] if len(docs) == 1 else docs, indent=2, ensure_ascii=False)


def _flat(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: "/".join(str(x) for x in v) if isinstance(v, list | tuple) else v for k, v in d.items()}


def render_csv(
    scores: Sequence[Score], *, per_sentence: bool = False, texts: Texts | None = None, types: bool = False
) -> str:
    """CSV: one row per score (its ``level``, values and signature); ``types`` adds one row per
    error type after it (column ``type``), ``per_sentence`` one row per sentence (``level`` =
    ``sentence``, 1-based ``line``, the signature repeated). Every row names metric and system."""
    rows: list[dict[str, Any]] = []
    for s in scores:
        d = s.as_dict()
        base = {"metric": s.metric, "system": s.system, "level": d["level"], **({"line": ""} if per_sentence else {})}
        summary = {"score": d["score"], **_flat(d["components"]), **_flat(d["counts"])}
        rows.append({**base, "type": "", **summary, "signature": s.signature})
        per_type = s.details.get("types") or (s.details.get("categories") if types else None)
        for name, counts in (per_type or {}).items() if types else ():
            rows.append({**base, "type": name, **_flat(counts), "signature": s.signature})
        if per_sentence:
            sentence = {**base, "level": "sentence", "type": ""}
            for r in s.sentence_rows((texts or {}).get(s.system)):
                flat = _flat({k: v for k, v in r.items() if not isinstance(v, dict)})
                rows.append({**sentence, **flat, "signature": s.signature})
    cols = list(dict.fromkeys(k for r in rows for k in r))
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()
