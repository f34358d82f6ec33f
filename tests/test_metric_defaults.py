"""``MetricBase.score`` is declared once: a metric that implements ``analyse`` and
``score_analysis`` scores examples without spelling ``score`` out, and the metrics that do spell it
out (the CLEME family, M2 and those built on them) analyse with their per-type group."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module

from gecscope.layout import Layout
from gecscope.metrics import METRICS
from gecscope.metrics.base import MetricBase
from gecscope.result import Score
from gecscope.types import Example, Target


class Lines(MetricBase):
    """Counts the sentences: only ``analyse`` and ``score_analysis`` are its own."""

    name = "lines"
    layout = Layout("lines", "score", (), ("sentences",))

    def analyse(self, examples: Sequence[Example]) -> int:
        return len(examples)

    def score_analysis(self, analysis: int) -> Score:
        return Score(self.name, float(analysis), {"sentences": analysis}, "lines", layout=self.layout)


def test_the_default_score_is_score_analysis_of_analyse() -> None:
    example = Example(("a",), Target(("a",)), (Target(("a",)),))
    score = Lines().score([example, example, example])
    assert (score.value, score.details) == (3.0, {"sentences": 3})


def test_only_the_per_type_metrics_spell_score_out() -> None:
    own = set()
    for name, spec in METRICS.items():
        module, cls = spec.home.split(":")[:2]
        metric = getattr(import_module(f"gecscope.metrics.{module}"), cls)
        if metric.score is not MetricBase.score:
            own.add(name)
    assert own == {"cleme", "cleme2", "wodafe", "m2", "qalb"}
