"""The settings of a comparison's resampling tests (bootstrap, approximate randomization, the
multiple-comparison correction and the per-type breakdown), validated, and their signature fields."""

from __future__ import annotations

from dataclasses import dataclass

from gecscope.metrics.options import check_choice
from gecscope.resample.correction import CORRECTIONS
from gecscope.signature import number

TESTS = ("bootstrap", "ar", "both")
#: the scopes of a multiple-comparison family: each system against the baseline, or the whole call
FAMILIES = ("system", "call")
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class CompareConfig:
    """Settings of a comparison (validated)."""

    bootstrap: int = 1000
    trials: int = 10000
    seed: int = DEFAULT_SEED
    #: the test whose p-values decide the marks: approximate randomization by default (10,000
    #: trials resolve p down to 1e-4); the bootstrap always gives the intervals
    test: str = "ar"
    confidence: float = 0.95
    alpha: float = 0.05
    #: multiple-comparison correction within each family: holm, bh or none
    correction: str = "holm"
    #: per-error-type breakdown level (0: none; 1-3: ERRANT's -cat levels; ``gold``: the reference
    #: M2's own types, their recall-side components only)
    cat: int | str = 0
    #: types with fewer chunks/edits than this (system or baseline) are flagged, not tested
    min_support: float = 10.0
    #: the families corrected together: ``system`` (each system against the baseline; headline
    #: scores, components and types apart) or ``call`` (each of those kinds over every system)
    family: str = "system"

    def __post_init__(self) -> None:
        check_choice("correction", self.correction, CORRECTIONS)
        if self.cat not in (0, 1, 2, 3, "gold"):
            raise ValueError(f"cat must be 0, 1, 2, 3 or gold; got {self.cat}")
        if self.min_support < 0:
            raise ValueError("min_support must not be negative")
        check_choice("family", self.family, FAMILIES)
        check_choice("test", self.test, TESTS)
        if self.bootstrap < 1 or self.trials < 1:
            raise ValueError("bootstrap and trials must be positive")
        if not 0 < self.confidence < 1 or not 0 < self.alpha < 1:
            raise ValueError("confidence and alpha must lie in (0, 1)")

    def signature_fields(self) -> dict[str, str]:
        fields = {"sigtest": "bs+ar" if self.test == "both" else ("bs" if self.test == "bootstrap" else "ar")}
        fields["bs"] = str(self.bootstrap)
        if self.test != "bootstrap":
            fields["ar"] = str(self.trials)
        fields["seed"] = str(self.seed)
        fields["ci"] = f"{self.confidence * 100:g}"
        fields["corr"] = self.correction
        if self.cat:
            fields["cat"] = str(self.cat)
            fields["min_support"] = number(self.min_support)
        return fields
