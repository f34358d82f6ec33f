"""WODAFE's edit-level formulas (Eq. 1 and 4) on hand-made and random counts, and its metric
plumbing with gamma = 0 (no language model). The fluency half is in test_neural.py."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gecscope.api import get_metric, load
from gecscope.meta.protocols.wodafe import SystemStats, corpus_f_g, sentence_f_g
from gecscope.metrics.wodafe import PRESETS, Wodafe, WodafeConfig, f_generalized, oc_score
from gecscope.resample.adapters import chunk_array
from gecscope.scoring import f_beta
from gecscope.stats import ChunkCounts

# weights are chunk lengths or similarities, never subnormal (5e-324 underflows the F)
weights = st.floats(min_value=0.0, max_value=50.0, allow_nan=False, allow_subnormal=False)


@given(weights, weights, weights, weights, st.sampled_from([0.5, 1.0, 2.0]))
def test_alpha_one_is_the_ordinary_f(tp: float, fp_ne: float, fp_un: float, fn: float, beta: float) -> None:
    c = ChunkCounts(tp, fp_ne, fp_un, fn)
    p = tp / (tp + c.fp) if tp + c.fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    assert f_generalized(c, beta, 1.0) == pytest.approx(f_beta(p, r, beta), abs=1e-9)


@given(weights, weights, weights, weights, weights)
def test_alpha_zero_ignores_over_correction(tp: float, fp_ne: float, fp_un: float, fn: float, other: float) -> None:
    assert f_generalized(ChunkCounts(tp, fp_ne, fp_un, fn), 0.5, 0.0) == f_generalized(
        ChunkCounts(tp, fp_ne, other, fn), 0.5, 0.0
    )


@given(st.floats(0.01, 50), weights, st.floats(0.01, 50), weights, st.floats(0, 1))
def test_reciprocal_decomposition(tp: float, fp_ne: float, fp_un: float, fn: float, alpha: float) -> None:
    c = ChunkCounts(tp, fp_ne, fp_un, fn)
    f_m = f_generalized(c, 0.5, 0.0)
    assert 1 / f_generalized(c, 0.5, alpha) == pytest.approx(1 / f_m + alpha / oc_score(c, 0.5), rel=1e-9)


def test_hand_made_counts() -> None:
    c = ChunkCounts(tp=4, fp_ne=1, fp_un=2, fn=3)
    # (1 + 0.25) * 4 / (5 + 0.25 * 3 + 1 + alpha * 2)
    assert f_generalized(c, 0.5, 0.5) == pytest.approx(5 / 7.75)
    assert oc_score(c, 0.5) == pytest.approx(2.5)
    assert oc_score(ChunkCounts(tp=1), 0.5) == float("inf")
    assert f_generalized(ChunkCounts(), 0.5, 0.3) == 1.0
    assert f_generalized(ChunkCounts(fn=1), 0.5, 0.3) == 0.0


def example() -> list:  # type: ignore[type-arg]
    from gecscope.api import example_dir

    d = example_dir()
    return load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")


@pytest.mark.parametrize("assumption", ["dependent", "independent"])
def test_metric_equals_cleme_f_at_alpha_one(assumption: str) -> None:
    ex = example()
    w = get_metric("wodafe", weighting="none", alpha=1.0, gamma=0.0, assumption=assumption).score(ex)
    c = get_metric("cleme", weighting="none", assumption=assumption).score(ex)
    assert w.value == pytest.approx(c.value, abs=5e-5)
    assert w.details["fluency"] == 0.0 and "lm:none" in w.signature
    ws = get_metric("wodafe", weighting="none", alpha=1.0, gamma=0.0, level="sentence", assumption=assumption)
    cs = get_metric("cleme", weighting="none", level="sentence", assumption=assumption)
    assert ws.score(ex).value == pytest.approx(cs.score(ex).value, abs=5e-4)


def test_details_report_the_parts() -> None:
    s = get_metric("wodafe", weighting="length", gamma=0.0).score(example())
    d = s.details
    assert d["alpha"] == PRESETS["edit"][0]
    assert 1 / d["f_g"] == pytest.approx(1 / d["f_m"] + d["alpha"] / d["ocscore"])
    assert "weight:length" in s.signature and "alpha:0.195" in s.signature


def test_grid_search_matches_the_metric() -> None:
    ex = example()
    metric = Wodafe(WodafeConfig(weighting="length", gamma=0.0))
    analysis = metric.analyse(ex)
    stats = SystemStats(*chunk_array(metric.counts(analysis)), np.zeros(len(analysis)))
    alphas = np.array([0.0, 0.195, 1.0])
    corpus = corpus_f_g(stats, alphas)
    sentence = sentence_f_g(stats, alphas).mean(axis=1)
    for i, a in enumerate(alphas):
        one = Wodafe(WodafeConfig(weighting="length", gamma=0.0, alpha=float(a)))
        assert corpus[i] == pytest.approx(one.score_analysis(analysis).value)
        sent = Wodafe(WodafeConfig(weighting="length", gamma=0.0, alpha=float(a), level="sentence"))
        assert sentence[i] == pytest.approx(sent.score_analysis(analysis).value)


def test_bad_settings() -> None:
    with pytest.raises(ValueError, match="preset"):
        WodafeConfig(preset="best")
    with pytest.raises(ValueError, match="gamma"):
        WodafeConfig(gamma=1.5)
    with pytest.raises(ValueError, match="alpha"):
        WodafeConfig(alpha=-0.1)


def test_missing_lm_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from gecscope.errors import MissingExtraError
    from gecscope.weighting.causal_lm import load_causal_lm

    monkeypatch.setitem(sys.modules, "torch", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'gecscope\[lm\]'"):
        load_causal_lm("smollm2-135m")
    from gecscope.weighting.fluency import FluencyConfig

    metric = get_metric("wodafe", weighting="length", gamma=0.5, fluency=FluencyConfig(cache=False))
    with pytest.raises(MissingExtraError, match=r"gecscope\[lm\]"):
        metric.score(example())
