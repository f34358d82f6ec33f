"""One result shape for every metric: which detail is the headline, which are components (with
the direction that is better) and which are counts.

Every metric returns a :class:`gecscope.result.Score` with a flat ``details`` mapping; the layout
sorts those keys into the shape every output format shares::

    {"metric", "system", "level", "score", "components", "counts", "details", "signature"}

``components`` are the metric's values in [0, 1] (higher or lower is better, see ``better``),
``counts`` its sufficient statistics, ``details`` whatever else the metric reports.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HIGHER, LOWER = "higher", "lower"


@dataclass(frozen=True, slots=True)
class Component:
    key: str
    label: str
    better: str = HIGHER
    meaning: str = ""

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
EDIT_COUNTS = "TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits"
CLEME_COUNTS = (
    "TP = correct chunk, FP = wrong or unnecessary change, FN = missed correction, TN = untouched and fine "
    "(length-weighted by default)"
)
CHUNK_COUNTS = (
    "TP = correct chunk, FP_ne = wrong correction where one was needed, FP_un = unnecessary change "
    "(over-correction), FN = missed correction, TN = untouched and fine"
)

LAYOUTS: dict[str, Layout] = {
    "cleme2": Layout(
        "CLEME2.0",
        "score",
        (
            Component("hit", "hit", HIGHER, "TP / (TP + FP_ne + FN)"),
            Component("wrong", "wrong", LOWER, "FP_ne / (TP + FP_ne + FN)"),
            Component("under", "under", LOWER, "FN / (TP + FP_ne + FN)"),
            Component("over", "over", LOWER, "FP_un / (TP + FP_ne + FP_un)"),
        ),
        ("tp", "fp", "fp_ne", "fp_un", "fn", "tn"),
        CHUNK_COUNTS,
    ),
    "cleme": Layout(
        "CLEME", "f", (P, R, F, Component("acc", "Acc", HIGHER, "accuracy")), ("tp", "fp", "fn", "tn"), CLEME_COUNTS
    ),
    "errant": Layout("ERRANT", "f", (P, R, F), ("tp", "fp", "fn"), EDIT_COUNTS),
    "m2": Layout("M2", "f", (P, R, F), ("tp", "fp", "fn", "proposed", "gold"), EDIT_COUNTS),
    "cherrant": Layout("ChERRANT", "f", (P, R, F), ("tp", "fp", "fn"), EDIT_COUNTS),
    "gleu": Layout(
        "GLEU",
        "score",
        (
            Component("corpus_score", "corpus", HIGHER, "mean corpus GLEU over the sampled reference draws"),
            Component("sentence_mean", "sentence mean", HIGHER, "mean smoothed sentence GLEU"),
        ),
        (),
    ),
    "green": Layout(
        "GREEN",
        "f",
        (
            P,
            R,
            F,
            Component("corpus_f", "corpus F", HIGHER, "F of the summed counts"),
            Component("sentence_mean_f", "sentence-mean F", HIGHER, "mean of sentence F"),
        ),
        ("tp", "fp", "fn"),
        "TP/FP/FN are n-gram counts, one per n = 1..N",
    ),
    "pt-m2": Layout("PT-M2", "f", (P, R, F), ("correct", "proposed", "gold"), "summed PTScore weights of edits"),
    "pt-errant": Layout(
        "PT-ERRANT", "f", (P, R, F), ("correct", "proposed", "gold"), "summed PTScore weights of edits"
    ),
    "wodafe": Layout(
        "WODAFE",
        "score",
        (
            Component("f_g", "F_G", HIGHER, "over-correction-decoupled F"),
            Component("f_m", "F_M", HIGHER, "F_G without the over-correction term"),
            Component("ocscore", "OCScore", HIGHER, "(1 + b^2) TP / FP_un"),
            Component("fluency", "fluency", HIGHER, "1 / (1 + mean token NLL)"),
        ),
        ("tp", "fp_ne", "fp_un", "fn", "tn"),
        CHUNK_COUNTS + " (weighted)",
    ),
}


def count_label(key: str) -> str:
    """``fp_ne`` -> ``FP_ne``, ``tp`` -> ``TP``, ``proposed`` -> ``proposed``."""
    if key in ("tp", "fp", "fn", "tn"):
        return key.upper()
    if key.startswith(("fp_", "tp_")):
        return key[:2].upper() + key[2:]
    return key


def layout_of(metric: str) -> Layout:
    """The layout of a registered metric (a generic one for unknown metrics: every float is a component)."""
    return LAYOUTS.get(metric, Layout(metric.upper(), "score", (), ()))


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


def level_of(signature: str) -> str:
    return "sentence" if "|level:sentence|" in signature else "corpus"


def split_details(metric: str, details: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """``details`` as (components, counts, the rest), in layout order."""
    lay = layout_of(metric)
    comps = {c.key: details[c.key] for c in lay.components if c.key in details}
    if not lay.components:
        comps = {k: v for k, v in details.items() if isinstance(v, float) and k != lay.headline}
    counts = {k: details[k] for k in lay.counts if k in details}
    rest = {k: v for k, v in details.items() if k not in comps and k not in counts and k != lay.headline}
    return comps, counts, rest


def legend(metric: str) -> str:
    """One line: the direction of every component, then what the counts mean."""
    lay = layout_of(metric)
    parts = [f"{c.label} {c.arrow}" + (f" ({c.meaning})" if c.meaning else "") for c in lay.components]
    text = "legend: ↑ higher is better, ↓ lower is better"
    if parts:
        text += "; " + "; ".join(parts)
    if lay.count_meaning:
        text += "; " + lay.count_meaning
    return text
