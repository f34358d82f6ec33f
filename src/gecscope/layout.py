"""How a metric's result is displayed (declared in its registry entry): which detail is the
headline, which are components (with the direction that is better) and which are counts."""

from __future__ import annotations

from dataclasses import dataclass

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
EDIT_COUNTS = "TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits"
CHUNK_COUNTS = (
    "TP = correct chunk, FP_ne = wrong correction where one was needed, FP_un = unnecessary change "
    "(over-correction), FN = missed correction, TN = untouched and fine"
)


def prf_layout(title: str, counts: tuple[str, ...] = ("tp", "fp", "fn"), meaning: str = EDIT_COUNTS) -> Layout:
    """The layout of an F-score metric: headline F, components P, R, F."""
    return Layout(title, "f", (P, R, F), counts, meaning)
