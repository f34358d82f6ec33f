"""Golden conformance with the official CLEME code (THUKElab/CLEME e90abea).

Numbers: ../shared/golden/cleme.json, produced by the official code on
conll14/systems_m2/<SYSTEM>.m2 vs conll14/references.m2; each metric's exact official command
is in the file's ``_meta.metric_index`` (e.g. ``python main.py --ref demo/examples/conll14.errant
--hyp demo/examples/conll14-<SYSTEM>.errant --metric cleme --level corpus --assumption dependent``).
"""

from __future__ import annotations

import pytest

from conftest import SYSTEMS, golden, system_analysis
from gecscope.api import get_metric

# golden metric name (with {a} = dep|ind) -> (metric, settings)
VARIANTS = {
    "CLEME-{a}": ("cleme", {}),
    "CLEME-{a}-unweighted": ("cleme", {"weighting": "none"}),
    "SentCLEME-{a}": ("cleme", {"level": "sentence"}),
    "SentCLEME-{a}-unweighted": ("cleme", {"level": "sentence", "weighting": "none"}),
    "SentCLEME-{a}[intended-weigher]": ("cleme", {"level": "sentence", "mode": "corrected"}),
    "CLEME2.0-{a}": ("cleme2", {}),
    "SentCLEME2.0-{a}": ("cleme2", {"level": "sentence"}),
    "CLEME2.0-len-{a}": ("cleme2", {"weighting": "length"}),
    "SentCLEME2.0-len-{a}": ("cleme2", {"level": "sentence", "weighting": "length"}),
    "CLEME2.0-{a}@classdefault": ("cleme2", {"factors": "table12"}),
    "SentCLEME2.0-{a}@classdefault": ("cleme2", {"level": "sentence", "factors": "table12"}),
}
FIELD = {"com": "score", "err": "wrong", "und": "under", "ove": "over"}
ROUNDED = {"p", "r", "f", "acc"}  # CLEME corpus values are rounded to 4 dp by the official code


@pytest.mark.parametrize("assumption", ["dependent", "independent"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_system_matches_official(variant: str, assumption: str) -> None:
    name = variant.format(a=assumption[:3])
    metric_name, opts = VARIANTS[variant]
    metric = get_metric(metric_name, assumption=assumption, **opts)
    expected_all = golden("cleme.json")[name]
    assert set(expected_all) == set(SYSTEMS)
    for system in SYSTEMS:
        got = metric.score_analysis(system_analysis(system, assumption)).details
        expected = expected_all[system]
        keys = [k for k in expected if k not in ("length_weigher_bias", "necessary", "unnecessary")]
        ours = {k: got[FIELD.get(k, k)] for k in keys}
        want = {k: expected[k] for k in keys}
        if metric_name == "cleme" and "level" not in opts:
            # corpus-level P/R/F/Acc are 4-dp values: identical, not approximately equal
            assert {k: ours[k] for k in ROUNDED} == {k: want[k] for k in ROUNDED}, system
        assert ours == pytest.approx(want, abs=1e-9, rel=0), system


def test_necessary_and_length_bias() -> None:
    gold = golden("cleme.json")
    for system in SYSTEMS:
        analysis = system_analysis(system, "dependent")
        assert analysis.length_bias() == pytest.approx(gold["CLEME-dep"][system]["length_weigher_bias"], abs=1e-12)
        d = get_metric("cleme2").score_analysis(analysis).details
        assert d["tp"] + d["fp_ne"] + d["fn"] == gold["CLEME2.0-dep"][system]["necessary"]
