"""Meta-evaluation against gec-metrics 0.1.1 (../shared/golden/metaeval.json) and the human data."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from conftest import DATA, golden, require_shared
from gecscope.api import get_metric
from gecscope.meta.data.datasets import SEEDA_SETTINGS, SEEDA_SYSTEMS, MetaDataset, gjg15, seeda, setting_systems
from gecscope.meta.data.judgments import HumanPair, expected_wins, human_pairs, read_judgments
from gecscope.meta.protocols.evaluate import MetricRun, run_metric, sentence_level, system_level
from gecscope.meta.protocols.pairwise import pairwise_agreement, window_correlations
from gecscope.meta.protocols.search import corpus_scores, factor_grid, sentence_scores
from gecscope.meta.reports.presets import META_METRICS
from gecscope.resample.adapters import chunk_array

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent


@cache
def dataset(name: str) -> MetaDataset:
    require_shared()
    return gjg15(DATA) if name == "gjg15" else seeda(DATA)


@cache
def meta_run(name: str, data: str) -> MetricRun:
    registry, options, _ = META_METRICS[name]
    return run_metric(name, get_metric(registry, **options), dataset(data))


def test_expected_wins_recomputed_from_judgments() -> None:
    ds = dataset("gjg15")
    ew = expected_wins(read_judgments(ds.judgments["all"]))
    assert max(abs(ew[s] - ds.human["ew"][s]) for s in ds.systems) <= 0.001
    sd = dataset("seeda")
    for gran, path in sd.judgments.items():
        ew = expected_wins(read_judgments(path))
        assert max(abs(ew[s] - sd.human[f"EW_{gran}"][s]) for s in SEEDA_SYSTEMS) <= 0.001


def test_human_pair_counts() -> None:
    counts = golden("metaeval.json")["pairs_counts_seeda_human_nontied"]
    sd = dataset("seeda")
    for setting in SEEDA_SETTINGS:
        for gran, path in sd.judgments.items():
            assert len(human_pairs(read_judgments(path), setting_systems(sd, setting))) == counts[f"{setting}/{gran}"]
    gold = golden("metaeval.json")["pairs_counts_gjg15"]
    items = read_judgments(dataset("gjg15").judgments["all"])
    assert len(human_pairs(items, dataset("gjg15").systems)) == gold["human_nontied_pairs_13_systems"]


def assert_correlations(ours: dict, want: dict) -> None:  # type: ignore[type-arg]
    for h, c in ours.items():
        expected = (want[h.lower()]["pearson"], want[h.lower()]["spearman"])
        assert (c.pearson, c.spearman) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("name", ["GREEN-word", "GLEUOfficial", "GLEU"])
def test_seeda_matches_gec_metrics(name: str) -> None:
    gold = golden("metaeval.json")["seeda"]
    run = meta_run(name, "seeda")
    for setting in SEEDA_SETTINGS:
        assert_correlations(system_level(run, setting), gold["system"][setting][name])
        for gran, res in sentence_level(run, setting).items():
            want = gold["sentence"][setting][name][gran]
            assert (res.accuracy, res.kendall) == pytest.approx((want["accuracy"], want["kendall"]), abs=1e-12)
    sent = "SentGLEU" if name == "GLEU" else "SentGREEN-word" if name == "GREEN-word" else None
    if sent:
        assert_correlations(system_level(run, "base", "sentence"), gold["system"]["base"][sent])


def test_gjg15_matches_gec_metrics() -> None:
    gold = golden("metaeval.json")["gjg15"]
    run = meta_run("GREEN-word", "gjg15")
    assert_correlations(system_level(run), gold["system"]["GREEN-word"])
    assert_correlations(system_level(run, aggregation="sentence"), gold["system"]["SentGREEN-word"])
    res = sentence_level(run)["all"]
    want = gold["sentence"]["GREEN-word"]
    assert (res.accuracy, res.kendall, res.pairs) == (
        pytest.approx(want["accuracy"], abs=1e-12),
        pytest.approx(want["kendall"], abs=1e-12),
        49981,
    )


def test_window_analysis_matches_gec_metrics() -> None:
    gold = golden("metaeval.json")["seeda"]["window4"]["GREEN-word"]["ts_edit"]
    run = meta_run("GREEN-word", "seeda")
    systems = setting_systems(run.dataset, "base")
    windows = window_correlations(run.system_scores(), run.dataset.human["TS_edit"], systems, 4)
    assert len(windows) == 9
    for (a, b), c in windows.items():
        assert (c.pearson, c.spearman) == pytest.approx((gold[f"{a}-{b}"]["pearson"], gold[f"{a}-{b}"]["spearman"]))


def test_tie_rules() -> None:
    pairs = [HumanPair(0, "A", "B", 1), HumanPair(0, "A", "C", -1), HumanPair(0, "B", "C", 1)]
    scores = {"A": [0.5], "B": [0.5], "C": [0.1]}
    released = pairwise_agreement(pairs, scores, tie_rule="gec-metrics")
    paper = pairwise_agreement(pairs, scores, tie_rule="seeda-paper")
    # A=B is a metric tie: "B wins" under the released rule (a miss here), neither under the paper rule
    assert (released.accuracy, released.kendall) == pytest.approx((1 / 3, -1 / 3))
    assert (paper.accuracy, paper.kendall, paper.metric_ties) == pytest.approx((1 / 3, 0.0, 1))
    with pytest.raises(ValueError, match="tie_rule"):
        pairwise_agreement(pairs, scores, tie_rule="coin")


def test_factor_grid_scores_equal_the_metric() -> None:
    from conftest import system_analysis

    analysis = system_analysis("AMU", "dependent")
    arr, mask = chunk_array(analysis.counts())
    grid = factor_grid()
    assert len(grid) == 969 and len(factor_grid(allow_zero=True)) == 1771
    picks = [0, 137, 500, 968]
    corpus, sentence = corpus_scores(arr, mask, grid[picks]), sentence_scores(arr, mask, grid[picks])
    for k, row in zip(picks, grid[picks], strict=True):
        factors = ",".join(f"{x:g}" for x in row)
        assert corpus[picks.index(k)] == get_metric("cleme2", factors=factors).score_analysis(analysis).value
        want = get_metric("cleme2", factors=factors, level="sentence").score_analysis(analysis).value
        assert sentence[picks.index(k)] == pytest.approx(want, abs=1e-12)
    assert np.allclose(grid.sum(axis=1), 1.0)


def test_meta_cli_run(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from gecscope.cli import main

    require_shared()
    assert (
        main(["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "GREEN-word", "--format", "json"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    got = doc["metrics"]["GREEN-word"]
    want = golden("metaeval.json")["seeda"]["system"]["base"]["GREEN-word"]["ts_edit"]
    assert got["system"]["TS_edit"]["pearson"] == pytest.approx(want["pearson"], abs=1e-12)
    assert got["sentence"]["edit"]["pairs"] == 7708 and "green|" in got["signature"]


def test_reference_set_analyses_reuse_the_m2_references() -> None:
    from conftest import system_analysis
    from gecscope.align.levenshtein import LevenshteinAligner
    from gecscope.meta.protocols.gjg15 import reference_set_analyses

    got = reference_set_analyses(DATA, ["conll14-errant"], LevenshteinAligner(), systems=["UFC"])
    assert got["conll14-errant"]["UFC"].counts() == system_analysis("UFC", "dependent").counts()


def test_m2_meta_run_aligns_text_references() -> None:
    from gecscope.align.levenshtein import LevenshteinAligner

    ds = dataset("seeda")
    run = run_metric("M2", get_metric("m2"), ds, LevenshteinAligner())
    scores = run.system_scores()
    assert len(set(scores.values())) == len(scores) and scores["INPUT"] == 0.0
    with pytest.raises(ValueError, match="needs edits"):
        run_metric("M2", get_metric("m2"), ds)


def test_bootstrap_intervals_and_paired_test() -> None:
    from gecscope.meta.protocols.bootstrap import bootstrap_correlation
    from gecscope.metrics import statistics as declared

    ds = dataset("seeda")
    green, errant_like = meta_run("GREEN-word", "seeda"), meta_run("GLEUOfficial", "seeda")
    systems = setting_systems(ds, "base")
    a = bootstrap_correlation([errant_like, green], "TS_edit", systems, samples=200, seed=7)
    b = bootstrap_correlation([errant_like, green], "TS_edit", systems, samples=200, seed=7)
    assert a["metrics"]["GREEN-word"]["pearson"] == b["metrics"]["GREEN-word"]["pearson"]  # seeded
    iv = a["metrics"]["GREEN-word"]["pearson"]
    want = golden("metaeval.json")["seeda"]["system"]["base"]["GREEN-word"]["ts_edit"]["pearson"]
    assert iv.estimate == pytest.approx(want, abs=1e-12) and iv.low <= iv.estimate <= iv.high
    assert 0.0 <= a["metrics"]["GREEN-word"]["pearson_p_not_better_than_GLEUOfficial"] <= 1.0
    # sentence resampling re-aggregates cached statistics: the identity resample is the score itself
    analysis = green.analyses["BART"]
    idx = np.arange(len(analysis.present))
    taken = declared(green.metric).take(analysis, idx)
    assert green.metric.score_analysis(taken).value == green.metric.score_analysis(analysis).value
    c = bootstrap_correlation([green], "TS_edit", systems, resample="sentences", samples=20, seed=1)
    assert c["metrics"]["GREEN-word"]["spearman"].samples == 20


def test_window_plot_and_cli(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    import json

    from gecscope.cli import main

    png = tmp_path / "windows.png"
    args = ["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "GREEN-word", "--window", "4"]
    assert main([*args, "--plot", str(png), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    gold = golden("metaeval.json")["seeda"]["window4"]["GREEN-word"]["ew_edit"]
    got = doc["windows"]["metrics"]["GREEN-word"]
    assert set(got) == set(gold) and got["0-3"]["pearson"] == pytest.approx(gold["0-3"]["pearson"])


def test_trueskill_recomputation_is_a_close_sanity_check() -> None:
    from gecscope.meta.protocols.correlate import system_correlation
    from gecscope.meta.protocols.trueskill import trueskill_scores

    sd = dataset("seeda")
    items = read_judgments(sd.judgments["edit"])
    a = trueskill_scores(items, runs=1, seed=3)
    assert a == trueskill_scores(items, runs=1, seed=3)  # seeded
    assert system_correlation(a, sd.human["TS_edit"]).pearson > 0.99
    assert max(abs(a[s] - sd.human["TS_edit"][s]) for s in a) < 0.08


def test_factor_heatmap(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Mean correlation of CLEME2.0 over (hit, wrong) with under = over sharing the rest."""
    from conftest import system_analysis
    from gecscope.meta.protocols.search import correlations
    from gecscope.meta.reports.plots import plot_heatmap

    systems = ["AMU", "CAMB", "INPUT", "IPN", "UFC"]
    human = np.asarray([dataset("gjg15").human["ew"][s] for s in systems])
    steps = np.round(np.arange(0.1, 0.8, 0.1), 2)
    rows = []
    for hit in steps:
        grid = np.asarray(
            [[hit, w, (1 - hit - w) / 2, (1 - hit - w) / 2] for w in steps if hit + w < 1] or [[hit, 0, 0, 0]]
        )
        table = np.stack(
            [corpus_scores(*chunk_array(system_analysis(s, "dependent").counts()), grid) for s in systems], 1
        )
        pearson, _ = correlations(table, human)
        rows.append(list(pearson) + [np.nan] * (len(steps) - len(pearson)))
    png = plot_heatmap(rows, list(steps), list(steps), tmp_path / "heat.png", row_label="hit", column_label="wrong")
    assert png.read_bytes()[:4] == b"\x89PNG"
