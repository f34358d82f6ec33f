"""Golden conformance on Chinese: ChERRANT char-level M2 files against the official CLEME
(THUKElab/CLEME e90abea, ``--lang zho``) and ChERRANT's compare (MuCGEC 3922193).

Numbers: ../shared/golden/cleme_zh.json; every row's official command is in its
``_meta.metric_index`` (e.g. ``python main.py --ref DS/references.m2 --hyp
DS/systems_m2/SYS.m2 --lang zho --metric cleme --level corpus --assumption dependent``).
The official CLEME reads only each annotator's ``T{k}-A0`` alignment and only the annotators
present in a sentence (MuCGEC has 1-7 references per sentence), as ``load(..., lang="zh")`` reads them.
"""

from __future__ import annotations

from functools import cache

import pytest

from conftest import DATA, golden
from gecscope.align.zh.text import zh_examples_from_m2
from gecscope.api import get_metric
from gecscope.errors import InputError
from gecscope.metrics.analysis import ChunkAnalysis, analyse, relabel
from gecscope.types import Example
from test_golden_cleme import FIELD, ROUNDED, VARIANTS

ZH = DATA / "zh"
RUNS = [("cherrant_demo", "INPUT"), ("cherrant_demo", "demo"), ("mucgec_dev", "INPUT"), ("mucgec_dev", "example_pred")]


def require_zh() -> None:
    if not (ZH / "mucgec_dev" / "references.m2").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")


@cache
def zh_examples(dataset: str, system: str) -> list[Example]:
    require_zh()
    return zh_examples_from_m2(
        ZH / dataset / "systems_m2" / f"{system}.m2", ZH / dataset / "references.m2"
    )


@cache
def zh_analysis(dataset: str, system: str, assumption: str) -> ChunkAnalysis:
    if assumption == "independent":
        return relabel(zh_analysis(dataset, system, "dependent"), "independent")
    return analyse(zh_examples(dataset, system), "dependent")


def zh_golden(dataset: str) -> dict:  # type: ignore[type-arg]
    require_zh()
    return golden("cleme_zh.json")["datasets"][dataset]  # type: ignore[no-any-return]


@pytest.mark.parametrize("assumption", ["dependent", "independent"])
@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize(("dataset", "system"), RUNS)
def test_cleme_from_cherrant_m2_matches_official(dataset: str, system: str, variant: str, assumption: str) -> None:
    name = variant.format(a=assumption[:3])
    metric_name, opts = VARIANTS[variant]
    expected = zh_golden(dataset)[name][system]
    got = get_metric(metric_name, assumption=assumption, **opts).score_analysis(
        zh_analysis(dataset, system, assumption)
    ).details
    keys = [k for k in expected if k not in ("length_weigher_bias", "necessary", "unnecessary")]
    ours = {k: got[FIELD.get(k, k)] for k in keys}
    want = {k: expected[k] for k in keys}
    if metric_name == "cleme" and "level" not in opts:
        assert {k: ours[k] for k in ROUNDED} == {k: want[k] for k in ROUNDED}
    assert ours == pytest.approx(want, abs=1e-9, rel=0)


@pytest.mark.parametrize(("dataset", "system"), RUNS)
def test_length_bias_and_necessary_in_characters(dataset: str, system: str) -> None:
    gold = zh_golden(dataset)
    analysis = zh_analysis(dataset, system, "dependent")
    assert analysis.length_bias() == pytest.approx(gold["CLEME-dep"][system]["length_weigher_bias"], abs=1e-12, rel=0)
    d = get_metric("cleme2").score_analysis(analysis).details
    assert d["tp"] + d["fp_ne"] + d["fn"] == gold["CLEME2.0-dep"][system]["necessary"]
    assert d["fp_un"] == gold["CLEME2.0-dep"][system]["unnecessary"]


def test_every_golden_row_is_covered() -> None:
    for dataset in ("cherrant_demo", "mucgec_dev"):
        rows = {k for k in zh_golden(dataset) if not k.startswith("ChERRANT")}
        assert rows == {v.format(a=a) for v in VARIANTS for a in ("dep", "ind")}


CHERRANT_ROWS = {"ChERRANT": "all", "ChERRANT[A0-only]": "first"}
#: the golden rows each data set has (A0-only is a dev-set experiment)
CHERRANT_RUNS = [(d, s, "ChERRANT") for d, s in RUNS]
CHERRANT_RUNS += [(d, s, "ChERRANT[A0-only]") for d, s in RUNS if d == "mucgec_dev"]


@pytest.mark.parametrize(("dataset", "system", "row"), CHERRANT_RUNS)
def test_cherrant_counts_match_official_compare(dataset: str, system: str, row: str) -> None:
    """``python compare_m2_for_evaluation.py -hyp DS/systems_m2/SYS.m2 -ref DS/references.m2``."""
    expected = zh_golden(dataset)[row][system]
    metric = get_metric("cherrant", alignments=CHERRANT_ROWS[row])
    examples = zh_examples(dataset, system)
    score = metric.score(examples)
    d = score.details
    assert (d["tp"], d["fp"], d["fn"]) == (expected["tp"], expected["fp"], expected["fn"])
    assert (d["p"], d["r"], d["f"]) == pytest.approx(
        (expected["p_unrounded"], expected["r_unrounded"], expected["f_unrounded"]), abs=1e-12, rel=0
    )
    assert score.value == d["f"]
    printed = metric.official_text(score).splitlines()[3].split("\t")  # type: ignore[attr-defined]
    assert printed == [str(expected[k]) for k in ("tp", "fp", "fn", "p", "r", "f")]


def test_shipped_demo_reference_m2_is_refused_where_its_source_differs() -> None:
    """ChERRANT's shipped ``demo.ref.m2.char`` has another colon in sentence 2 than the demo input
    (the official compare never checks): gecscope names the file and line instead of scoring."""
    require_zh()
    d = ZH / "cherrant_demo"
    with pytest.raises(InputError, match=r"demo\.m2:5: source sentence differs from .*references\.official\.m2:5"):
        zh_examples_from_m2(d / "systems_m2" / "demo.m2", d / "references.official.m2")


def test_cherrant_skips_only_unannotatable_sentences() -> None:
    score = get_metric("cherrant").score(zh_examples("mucgec_dev", "example_pred"))
    assert score.details["skipped"] == 3  # the three 无法标注 sentences of the dev set
