"""Compare systems: scores with confidence intervals and paired significance tests.

Every statistic is computed once per (system, metric) (``metric.analyse``); the paired
bootstrap and approximate randomization then resample the cached statistics (see
:mod:`gecscope.resample.paired` for exactly what is resampled and how each p-value is defined).

>>> import gecscope
>>> d = gecscope.example_dir()
>>> ex = gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
>>> res = compare("cleme2", {"base": ex, "same": ex}, bootstrap=50, trials=50)
>>> row = res.row("cleme2", "same")
>>> row.diff, row.p_bootstrap, row.p_ar
(0.0, 1.0, 1.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gecscope import pipeline
from gecscope.api import get_metric
from gecscope.errors import InputError, MissingExtraError
from gecscope.metrics import Metric
from gecscope.resample.correction import CORRECTIONS
from gecscope.signature import extend_signature
from gecscope.types import Example

TESTS = ("bootstrap", "ar", "both")
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class CompareConfig:
    """Settings of a comparison (validated)."""

    bootstrap: int = 1000
    trials: int = 10000
    seed: int = DEFAULT_SEED
    test: str = "both"
    confidence: float = 0.95
    alpha: float = 0.05
    #: multiple-comparison correction over every test of a call: holm, bh or none
    correction: str = "holm"
    #: per-error-type breakdown level (0: none; 1-3: ERRANT's -cat levels)
    cat: int = 0
    #: types with fewer chunks/edits than this (system or baseline) are flagged, not tested
    min_support: float = 10.0

    def __post_init__(self) -> None:
        if self.correction not in CORRECTIONS:
            raise ValueError(f"correction must be one of {', '.join(CORRECTIONS)}; got {self.correction!r}")
        if self.cat not in (0, 1, 2, 3):
            raise ValueError(f"cat must be 0, 1, 2 or 3; got {self.cat}")
        if self.min_support < 0:
            raise ValueError("min_support must not be negative")
        if self.test not in TESTS:
            raise ValueError(f"test must be one of {', '.join(TESTS)}; got {self.test!r}")
        if self.bootstrap < 1 or self.trials < 1:
            raise ValueError("bootstrap and trials must be positive")
        if not 0 < self.confidence < 1 or not 0 < self.alpha < 1:
            raise ValueError("confidence and alpha must lie in (0, 1)")

    def signature_fields(self) -> dict[str, str]:
        fields = {"test": "bs+ar" if self.test == "both" else ("bs" if self.test == "bootstrap" else "ar")}
        fields["bs"] = str(self.bootstrap)
        if self.test != "bootstrap":
            fields["ar"] = str(self.trials)
        fields["seed"] = str(self.seed)
        fields["ci"] = f"{self.confidence * 100:g}"
        fields["corr"] = self.correction
        if self.cat:
            fields["cat"] = str(self.cat)
            fields["min_support"] = f"{self.min_support:g}"
        return fields


@dataclass(frozen=True)
class SystemResult:
    """One system under one metric, against the baseline."""

    metric: str
    system: str
    baseline: str
    score: float
    ci: tuple[float, float]
    diff: float
    diff_ci: tuple[float, float]
    p_bootstrap: float | None
    p_ar: float | None
    signature: str
    #: ``score`` for the headline, else the component's key (``hit``, ``p``...)
    component: str = "score"
    #: the error type ("" for the whole corpus)
    type: str = ""
    #: which direction is better: ``higher`` (↑) or ``lower`` (↓)
    better: str = "higher"
    #: per type: the fewer chunks/edits of system and baseline counted for it (None overall)
    support: float | None = None
    #: False for a type with too little support (reported, not tested)
    tested: bool = True
    #: the p-values adjusted over every test of the call (None before adjustment or untested)
    p_bootstrap_adj: float | None = None
    p_ar_adj: float | None = None

    @property
    def arrow(self) -> str:
        return "↑" if self.better == "higher" else "↓"

    @property
    def headline(self) -> bool:
        return self.component == "score" and not self.type

    def cells(self) -> list[str]:
        """Score, CI, difference, its CI and the two p-values, formatted for tables."""

        def p(x: float | None) -> str:
            return "-" if x is None else f"{x:.4f}"

        return [
            f"{self.score:.4f}",
            f"[{self.ci[0]:.4f}, {self.ci[1]:.4f}]",
            f"{self.diff:+.4f}",
            f"[{self.diff_ci[0]:+.4f}, {self.diff_ci[1]:+.4f}]",
            p(self.p_bootstrap),
            p(self.p_ar),
        ]

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether every p-value computed (adjusted, when adjusted) is below ``alpha`` (never for
        the baseline itself nor an untested type)."""
        bs = self.p_bootstrap if self.p_bootstrap_adj is None else self.p_bootstrap_adj
        ar = self.p_ar if self.p_ar_adj is None else self.p_ar_adj
        ps = [p for p in (bs, ar) if p is not None]
        return bool(ps) and self.tested and self.system != self.baseline and all(p < alpha for p in ps)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Comparison:
    """All rows (metric-major, systems in the order given) and the settings."""

    rows: tuple[SystemResult, ...]
    baseline: str
    config: CompareConfig

    def row(self, metric: str, system: str, component: str = "score", type: str = "") -> SystemResult:
        """The row of ``system`` under ``metric`` (the headline unless ``component``/``type``)."""
        for r in self.rows:
            if r.metric == metric and r.system == system and r.component == component and r.type == type:
                return r
        raise KeyError((metric, system, component, type))

    def as_dicts(self) -> list[dict[str, Any]]:
        return [{**r.as_dict(), "significant": r.significant(self.config.alpha)} for r in self.rows]

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per (metric, system) (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise MissingExtraError("Comparison.to_frame()", "pandas") from None
        flat = []
        for d in self.as_dicts():
            lo, hi = d.pop("ci")
            dlo, dhi = d.pop("diff_ci")
            flat.append({**d, "ci_low": lo, "ci_high": hi, "diff_ci_low": dlo, "diff_ci_high": dhi})
        return pd.DataFrame(flat)

    def _repr_html_(self) -> str:
        from gecscope.report.html import comparison_html

        return comparison_html(self)


def check_systems(systems: Mapping[str, Sequence[Any]], baseline: str | None) -> str:
    """The baseline name (default: the first system); sizes must agree."""
    if not systems:
        raise InputError("no systems to compare")
    names = list(systems)
    base = names[0] if baseline is None else baseline
    if base not in systems:
        raise InputError(f"baseline {base!r} is not among the systems ({', '.join(names)})")
    n = {len(v) for v in systems.values()}
    if len(n) != 1:
        sizes = ", ".join(f"{k}: {len(v)}" for k, v in systems.items())
        raise InputError(f"systems have different numbers of sentences ({sizes})")
    return base


def compare(
    metric: str | Metric | Sequence[str | Metric],
    systems: Mapping[str, Sequence[Example]],
    *,
    baseline: str | None = None,
    bootstrap: int = 1000,
    trials: int = 10000,
    seed: int = DEFAULT_SEED,
    test: str = "both",
    confidence: float = 0.95,
    alpha: float = 0.05,
    aligner: str = "errant",
    correction: str = "holm",
    cat: int = 0,
    min_support: float = 10.0,
) -> Comparison:
    """Compare ``systems`` (name -> examples, all on the same sentences) under one or several
    metrics; the baseline defaults to the first system."""
    config = CompareConfig(bootstrap, trials, seed, test, confidence, alpha, correction, cat, min_support)
    base = check_systems(systems, baseline)
    metrics: list[str | Metric] = (
        list(metric) if isinstance(metric, Sequence) and not isinstance(metric, str) else [metric]
    )
    built = [get_metric(m) if isinstance(m, str) else m for m in metrics]
    # every system aligned in one pass (each distinct sentence pair once, one aligner)
    aligned, per_metric = pipeline.align(list(systems.values()), [pipeline.uses(m) for m in built], aligner)
    systems = dict(zip(systems, aligned, strict=True))
    rows: list[SystemResult] = []
    for met, fields in zip(built, per_metric, strict=True):
        analyses = {name: met.analyse(list(examples)) for name, examples in systems.items()}
        signature = extend_signature(met.score_analysis(analyses[base]).signature, fields)
        rows.extend(compare_analyses(met, analyses, base, config, signature, systems))
    return Comparison(corrected(rows, config.correction), base, config)


# the rows of one metric and the correction (after the types above, which they use)
from gecscope.comparison_rows import compare_analyses, corrected  # noqa: E402

__all__ = ["CompareConfig", "Comparison", "SystemResult", "check_systems", "compare", "compare_analyses", "corrected"]
