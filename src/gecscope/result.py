"""What every metric returns: a value, named details, per-sentence rows, a signature and the
layout it is shown with.

Every metric has the same output shape (see :mod:`gecscope.layout`)::

    >>> from gecscope.layout import prf_layout
    >>> details = {"f": 0.5, "p": 0.5, "r": 0.5, "tp": 1, "fp": 1, "fn": 1}
    >>> s = Score("m2", 0.5, details, "m2|version:x", layout=prf_layout("M2"))
    >>> sorted(s.as_dict())
    ['components', 'counts', 'details', 'level', 'metric', 'score', 'signature', 'system']
    >>> s.as_dict()["components"], s.as_dict()["counts"]
    ({'p': 0.5, 'r': 0.5, 'f': 0.5}, {'tp': 1, 'fp': 1, 'fn': 1})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gecscope import frames
from gecscope.layout import Layout, clean, split_details

#: the top-level keys of every metric's JSON object (``sentences`` is added on request)
KEYS = ("metric", "system", "level", "score", "components", "counts", "details", "signature")


@dataclass(frozen=True)
class Score:
    """A metric result. ``details`` holds every reported value (raw 0-1 values, counts), flat;
    ``sentences`` one row per sentence (0-based ``index``, the chosen ``reference``, values)."""

    metric: str
    value: float
    details: Mapping[str, Any]
    signature: str
    #: a tuple, or a :class:`gecscope.rows.LazyRows` that builds each row on demand
    sentences: Sequence[Mapping[str, Any]] = field(default=(), repr=False)
    #: the system's name (a file stem or a ``--name`` label); empty when unnamed
    system: str = ""
    #: how it is shown (the metric's ``layout``); None: every float detail is a component
    layout: Layout | None = field(default=None, repr=False, compare=False)

    @property
    def shape(self) -> Layout:
        """The layout the Score is shown with (its metric's, else a generic one: every float a component)."""
        return self.layout or Layout(self.metric.upper(), "score", (), ())

    @property
    def level(self) -> str:
        return "sentence" if "|level:sentence|" in self.signature else "corpus"

    @property
    def title(self) -> str:
        """Display name: ``CLEME2.0``, ``SentCLEME2.0``, ``PT-M2 (sentence)``..."""
        base = self.shape.title
        if self.level != "sentence":
            return base
        return f"Sent{base}" if base.replace(".", "").isalnum() else f"{base} (sentence)"

    def sentence_rows(self, texts: Any = None) -> list[dict[str, Any]]:
        """Per-sentence rows in the shared shape: 1-based ``line``, ``score``, the chosen
        ``reference`` (0-based annotator), then the metric's values and counts. ``texts`` (the
        scored examples) adds ``source``, ``hypothesis`` and the chosen reference's text."""
        head = self.shape.headline
        out: list[dict[str, Any]] = []
        for row in self.sentences:
            index = int(row.get("index", len(out)))
            new: dict[str, Any] = {"line": index + 1}
            if head in row:
                new["score"] = row[head]
            new.update({k: v for k, v in row.items() if k not in ("index", head)})
            if texts is not None:
                ex = texts[index]
                new.update(source=ex.source_line, hypothesis=ex.hypothesis.line)
                ref = row.get("reference")
                if isinstance(ref, int) and 0 <= ref < len(ex.references):
                    new["reference_text"] = ex.references[ref].line
            out.append(clean(new))
        return out

    def as_dict(self, *, with_sentences: bool = False, texts: Any = None) -> dict[str, Any]:
        """The JSON object every metric shares (keys :data:`KEYS`, plus ``sentences`` on request)."""
        comps, counts, rest = split_details(self.shape, self.details)
        out: dict[str, Any] = {
            "metric": self.metric,
            "system": self.system or None,
            "level": self.level,
            "score": clean(float(self.value)),
            "components": clean(comps),
            "counts": clean(counts),
            "details": clean(rest),
            "signature": self.signature,
        }
        if with_sentences:
            out["sentences"] = self.sentence_rows(texts)
        return out

    def to_frame(self) -> Any:
        """One-row pandas DataFrame: system, metric, score, components, counts, signature (needs pandas)."""
        return frames.score_frame(self)

    def sentences_frame(self) -> Any:
        """One row per sentence (needs pandas)."""
        return frames.sentences_frame(self)

    def types_frame(self) -> Any:
        """One row per error type (scores computed with ``cat`` 1-3; needs pandas)."""
        return frames.types_frame(self)

    def _repr_html_(self) -> str:
        """A small HTML block (notebooks): the value, its numeric details, the per-type table when
        there is one, and the signature.

        >>> print(Score("m2", 0.5, {"f": 0.5, "tp": 3}, "m2|x")._repr_html_())  # doctest: +ELLIPSIS
        <div class="gecscope-score"><p><b>M2 = 0.5000</b></p><table><thead><tr><th>f</th><th>tp</th>...
        """
        from html import escape  # (its entity table: 9 M instructions) only in a notebook

        def cell(v: Any) -> str:
            if v is None:  # a per-type rate without a denominator
                return "<td>-</td>"
            return f"<td>{v:.0f}</td>" if float(v).is_integer() and abs(v) >= 1 else f"<td>{float(v):.4f}</td>"

        def table(head: list[str], rows: list[str]) -> str:
            th = "".join(f"<th>{escape(h)}</th>" for h in head)
            return f"<table><thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

        scalars = {k: v for k, v in self.details.items() if isinstance(v, int | float) and not isinstance(v, bool)}
        parts = [f"<p><b>{escape(self.title)} = {self.value:.4f}</b></p>"]
        parts.append(table(list(scalars), ["<tr>" + "".join(map(cell, scalars.values())) + "</tr>"]))
        if types := frames.type_table(self):
            cols = frames.columns(self)
            rows = [
                f"<tr><th>{escape(n)}</th>" + "".join(cell(r.get(k, 0.0)) for k, _, _ in cols) for n, r in types.items()
            ]
            parts.append(table(["type", *(h for _, h, _ in cols)], [row + "</tr>" for row in rows]))
        return '<div class="gecscope-score">' + "".join(parts) + f"<p><code>{escape(self.signature)}</code></p></div>"

    def __str__(self) -> str:
        return f"{self.title} = {self.value:.4f}  {self.signature}"
