"""One result shape for every metric: which detail is the headline, which are components (with
the direction that is better) and which are counts (declared in the metric's registry entry).

Every metric returns a :class:`gecscope.result.Score` with a flat ``details`` mapping and the
layout its metric declares (``Metric.layout``, which the registry reads too); the layout sorts
those keys into the shape every output format shares::

    {"metric", "system", "level", "score", "components", "counts", "details", "signature"}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

HIGHER, LOWER = "higher", "lower"


@dataclass(frozen=True, slots=True)
class Component:
    key: str
    label: str
    better: str = HIGHER
    meaning: str = ""
    #: the largest value (None: unbounded, e.g. WODAFE's OCScore); the lower bound is 0
    upper: float | None = 1.0

    @property
    def arrow(self) -> str:
        return "↑" if self.better == HIGHER else "↓"


@dataclass(frozen=True, slots=True)
class Layout:
    """How one metric's details are presented."""

    title: str
    headline: str
    components: tuple[Component, ...]
    counts: tuple[str, ...]
    count_meaning: str = ""


P = Component("p", "P", HIGHER, "precision")
R = Component("r", "R", HIGHER, "recall")
F = Component("f", "F", HIGHER, "F-beta")
#: precision, recall and F-beta: the components of an F-score metric
PRF = (P, R, F)
ACC = Component("acc", "Acc", HIGHER, "accuracy")
#: the counts of the chunk metrics (CLEME, CLEME2.0, WODAFE)
CHUNK_STATS = ("tp", "fp_ne", "fp_un", "fn", "tn")
EDIT_COUNTS = "TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits"
CHUNK_COUNTS = (
    "TP = correct chunk, FP_ne = wrong correction where one was needed, FP_un = unnecessary change "
    "(over-correction), FN = missed correction, TN = untouched and fine"
)


def prf_layout(title: str, counts: tuple[str, ...] = ("tp", "fp", "fn"), meaning: str = EDIT_COUNTS) -> Layout:
    """The layout of an F-score metric: headline F, components P, R, F."""
    return Layout(title, "f", PRF, counts, meaning)


def qualified(components: tuple[Component, ...], word: str) -> tuple[Component, ...]:
    """``components`` with ``word`` before each meaning (the I-measure's "correction precision")."""
    return tuple(replace(c, meaning=f"{word} {c.meaning}") for c in components)


def score_layout(title: str, label: str, meaning: str, counts: tuple[str, ...], count_meaning: str) -> Layout:
    """The layout of a metric with one number: headline and only component ``score``, higher better."""
    return Layout(title, "score", (Component("score", label, HIGHER, meaning),), counts, count_meaning)


def count_label(key: str) -> str:
    """``fp_ne`` -> ``FP_ne``, ``tp`` -> ``TP``, ``proposed`` -> ``proposed``."""
    if key in ("tp", "fp", "fn", "tn") or key.startswith(("fp_", "tp_")):
        return key[:2].upper() + key[2:]
    return key


def clean(value: Any) -> Any:
    """JSON-safe values: numpy scalars and arrays to Python, non-finite floats to ``None``."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean(v) for v in value]
    return value


def split_details(lay: Layout, details: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """``details`` as (components, counts, the rest), in the order of the layout ``lay``."""
    comps = {c.key: details[c.key] for c in lay.components if c.key in details}
    if not lay.components:
        comps = {k: v for k, v in details.items() if isinstance(v, float) and k != lay.headline}
    counts = {k: details[k] for k in lay.counts if k in details}
    return comps, counts, {k: v for k, v in details.items() if k not in comps and k not in counts and k != lay.headline}


def legend(lay: Layout) -> str:
    """One line: the direction of every component, then what the counts mean."""
    parts = [f"{c.label} {c.arrow}" + (f" ({c.meaning})" if c.meaning else "") for c in lay.components]
    return "; ".join(p for p in ("legend: ↑ higher is better, ↓ lower is better", *parts, lay.count_meaning) if p)
