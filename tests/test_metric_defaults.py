"""``MetricBase.score`` is declared once: a metric that implements ``analyse`` and
``score_analysis`` scores examples without spelling ``score`` out, and the metrics that do spell it
out (the CLEME family, M2 and those built on them) analyse with their per-type group."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from importlib import import_module

import pytest

from gecscope.errors import SettingError
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


def test_check_choices_reads_the_options_choices() -> None:
    from gecscope.metrics import options as o
    from gecscope.metrics.gleu import GleuConfig
    from gecscope.metrics.options import check_choices

    check_choices(GleuConfig(), o.LEVEL, o.SAMPLING, o.GLEU_VARIANT)
    with pytest.raises(ValueError, match=r"^sampling must be one of py2, py3; got 'py4'$"):
        GleuConfig(sampling="py4")


@pytest.mark.parametrize("name", sorted(METRICS))
def test_a_config_refuses_what_its_options_do_not_offer(name: str) -> None:
    """Every option with word choices is checked by the metric's config (the CLI's choices and
    the API's are the same list)."""
    spec = METRICS[name]
    module, _, config_class = spec.home.split(":")
    config = getattr(import_module(f"gecscope.metrics.{module}"), config_class)
    fields = {f.name for f in dataclasses.fields(config)}
    for option in spec.options:
        if option.name in fields and option.choices and all(isinstance(c, str) for c in option.choices):
            with pytest.raises((ValueError, SettingError), match=option.name):
                config(**{option.name: "no-such-choice"})
