"""What every metric returns: a value, named details, per-sentence rows and a signature.

Every metric has the same output shape (see :mod:`gecscope.layout`)::

    >>> s = Score("m2", 0.5, {"f": 0.5, "p": 0.5, "r": 0.5, "tp": 1, "fp": 1, "fn": 1}, "m2|version:x")
    >>> sorted(s.as_dict())
    ['components', 'counts', 'details', 'level', 'metric', 'score', 'signature', 'system']
    >>> s.as_dict()["components"]
    {'p': 0.5, 'r': 0.5, 'f': 0.5}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gecscope.layout import clean, layout_of, level_of, split_details

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

    @property
    def level(self) -> str:
        return level_of(self.signature)

    @property
    def title(self) -> str:
        """Display name: ``CLEME2.0``, ``SentCLEME2.0``, ``PT-M2 (sentence)``..."""
        base = layout_of(self.metric).title
        if self.level != "sentence":
            return base
        return f"Sent{base}" if base.replace(".", "").isalnum() else f"{base} (sentence)"

    def sentence_rows(self, texts: Any = None) -> list[dict[str, Any]]:
        """Per-sentence rows in the shared shape: 1-based ``line``, ``score``, the chosen
        ``reference`` (0-based annotator), then the metric's values and counts. ``texts`` (the
        scored examples) adds ``source``, ``hypothesis`` and the chosen reference's text."""
        head = layout_of(self.metric).headline
        out: list[dict[str, Any]] = []
        for row in self.sentences:
            index = int(row.get("index", len(out)))
            new: dict[str, Any] = {"line": index + 1}
            if head in row:
                new["score"] = row[head]
            new.update({k: v for k, v in row.items() if k not in ("index", head)})
            if texts is not None:
                ex = texts[index]
                new["source"] = ex.source_line
                new["hypothesis"] = ex.hypothesis.line
                ref = row.get("reference")
                if isinstance(ref, int) and 0 <= ref < len(ex.references):
                    new["reference_text"] = ex.references[ref].line
            out.append(clean(new))
        return out

    def as_dict(self, *, with_sentences: bool = False, texts: Any = None) -> dict[str, Any]:
        """The JSON object every metric shares (keys :data:`KEYS`, plus ``sentences`` on request)."""
        comps, counts, rest = split_details(self.metric, self.details)
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
        from gecscope.frames import score_frame

        return score_frame(self)

    def sentences_frame(self) -> Any:
        """One row per sentence (needs pandas)."""
        from gecscope.frames import sentences_frame

        return sentences_frame(self)

    def types_frame(self) -> Any:
        """One row per error type (scores computed with ``cat`` 1-3; needs pandas)."""
        from gecscope.report.types import types_frame

        return types_frame(self)

    def _repr_html_(self) -> str:
        from gecscope.report.html import score_html

        return score_html(self)

    def __str__(self) -> str:
        return f"{self.title} = {self.value:.4f}  {self.signature}"
