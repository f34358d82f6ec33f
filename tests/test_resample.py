"""The resampling tables equal the metrics re-scoring each resample from scratch (exact)."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONLL, require_shared
from gecscope import api
from gecscope.io import examples_from_m2
from gecscope.metrics import M2, Errant
from gecscope.metrics.errant import EditCounts
from gecscope.metrics.m2 import M2Counts
from gecscope.resample import GreedyTable, MeanTable, SumTable, kernel, stat_table, take
from gecscope.scoring import py_round

CASES = [
    ("cleme2", {}),
    ("cleme2", {"factors": "table12"}),
    ("cleme2", {"level": "sentence"}),
    ("cleme", {"weighting": "none"}),
    ("errant", {}),
    ("m2", {}),
    ("green", {}),
    ("green", {"unit": "char"}),
    ("green", {"level": "sentence"}),
]


@cache
def conll(system: str) -> list:  # type: ignore[type-arg]
    require_shared()
    return examples_from_m2(CONLL / "systems_m2" / f"{system}.m2", CONLL / "references.m2")


def slow(metric: object, analysis: object, order: np.ndarray) -> list[float]:
    return [float(metric.score_analysis(take(analysis, o)).value) for o in order]  # type: ignore[attr-defined]


def check(metric: object, analysis: object, order: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> None:
    table = stat_table(metric, analysis)
    expected = slow(metric, analysis, order)
    assert table.scores(order).tolist() == expected
    if isinstance(table, GreedyTable):  # the numpy path too
        with monkeypatch.context() as m:
            m.setattr(kernel, "available", lambda: False)
            assert table.scores(order).tolist() == expected


@pytest.mark.parametrize(("name", "options"), CASES)
@pytest.mark.parametrize("system", ["AMU", "CUUI", "INPUT"])
def test_conll_resamples_equal_rescoring(
    name: str, options: dict, system: str, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[type-arg]
    metric = api.get_metric(name, **options)
    ex = conll(system)
    analysis = metric.analyse(ex)
    rng = np.random.default_rng(7)
    order = np.vstack([np.arange(len(ex))[None], rng.integers(0, len(ex), (4, len(ex)))])
    check(metric, analysis, order, monkeypatch)
    assert stat_table(metric, analysis).scores(order[:1])[0] == metric.score_analysis(analysis).value


def test_table_kinds() -> None:
    ex = api.load(hyp_m2=api.example_dir() / "hypothesis.m2", ref_m2=api.example_dir() / "references.m2")
    kinds = {
        "cleme2": GreedyTable,
        "errant": GreedyTable,
        "m2": GreedyTable,
        "green": SumTable,
    }
    for name, kind in kinds.items():
        m = api.get_metric(name)
        assert isinstance(stat_table(m, m.analyse(ex)), kind), name
    m = api.get_metric("cleme2", level="sentence")
    assert isinstance(stat_table(m, m.analyse(ex)), MeanTable)


def test_py_round_matches_python() -> None:
    xs = np.array([0.03125, 0.12345, 0.5, 0.99995, 1 / 3, 0.00005, 0.46875, 0.15625])
    assert py_round(xs, 4).tolist() == [round(float(x), 4) for x in xs]
    assert [kernel.round4(float(x)) for x in xs] == [round(float(x), 4) for x in xs]


counts3 = st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(counts3, min_size=1, max_size=3), min_size=1, max_size=12),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["errant", "m2"]),
)
def test_random_counts_equal_rescoring(rows: list, seed: int, name: str) -> None:  # type: ignore[type-arg]
    if name == "errant":
        metric: Errant | M2 = Errant()
        analysis: list = [tuple(EditCounts(a, b, c) for a, b, c in opts) for opts in rows]  # type: ignore[type-arg]
    else:
        metric = M2()
        analysis = [tuple(M2Counts(min(a, b), b, c) for a, b, c in opts) for opts in rows]
    order = np.random.default_rng(seed).integers(0, len(rows), (5, len(rows)))
    table = stat_table(metric, analysis)
    expected = slow(metric, analysis, order)
    assert table.scores(order).tolist() == expected
    numpy_path = GreedyTable(table.rule, table.values, table.mask)  # type: ignore[attr-defined]
    original = kernel.available
    try:
        kernel.available = lambda: False  # type: ignore[assignment]
        assert numpy_path.scores(order).tolist() == expected
    finally:
        kernel.available = original  # type: ignore[assignment]


counts5 = st.tuples(*(st.integers(0, 3) for _ in range(5)))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(counts5, min_size=1, max_size=3), min_size=1, max_size=12),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["paper", "table12", "0.1,0.2,0.6,0.1"]),
    st.sampled_from(["cleme2", "cleme"]),
)
def test_random_chunk_counts_equal_rescoring(rows: list, seed: int, factors: str, name: str) -> None:  # type: ignore[type-arg]
    """Small counts tie often: the replay must break ties exactly as the metric does."""
    from gecscope.metrics import Cleme, Cleme2, Cleme2Config, ClemeConfig
    from gecscope.metrics.cleme2 import resolve_factors
    from gecscope.resample.adapters import chunk_array
    from gecscope.resample.rules import GreedyRule
    from gecscope.stats import ChunkCounts

    counts = [tuple(ChunkCounts(*map(float, c)) for c in opts) for opts in rows]
    kept = [tuple(range(len(opts))) for opts in rows]
    values, mask = chunk_array(counts)
    if name == "cleme2":
        metric: Cleme | Cleme2 = Cleme2(Cleme2Config(factors=factors))
        f = resolve_factors(factors).corpus
        table = GreedyTable(GreedyRule("cleme2", f.values), values, mask)
    else:
        metric = Cleme(ClemeConfig(weighting="none"))
        table = GreedyTable(GreedyRule("cleme", (0.5,)), values, mask)
    order = np.random.default_rng(seed).integers(0, len(rows), (5, len(rows)))
    expected = [metric.score_counts([counts[i] for i in o], [kept[i] for i in o]).value for o in order]
    assert table.scores(order).tolist() == expected
    original = kernel.available
    try:
        kernel.available = lambda: False  # type: ignore[assignment]
        assert table.scores(order).tolist() == expected
    finally:
        kernel.available = original  # type: ignore[assignment]


def test_other_metrics_are_rescored() -> None:
    from gecscope.metrics.pt_m2 import PTAnalysis
    from gecscope.resample import ReplayTable, stack

    ex = api.load(
        source=api.example_dir() / "source.txt",
        hypothesis=api.example_dir() / "hypothesis.txt",
        references=[api.example_dir() / "reference0.txt", api.example_dir() / "reference1.txt"],
    )
    m = api.get_metric("gleu", iterations=20)
    table = stat_table(m, m.analyse(ex))
    assert isinstance(table, ReplayTable)
    order = np.vstack([np.arange(len(ex)), np.arange(len(ex))[::-1]])
    assert table.scores(order)[0] == api.score(m, ex).value
    both = table.stacked([table])
    assert both.rows == 2 * len(ex) and both.scores(order + len(ex)).tolist() == table.scores(order).tolist()
    a = PTAnalysis((("a",), ("b",), ("c",)), ((1,), (2,), (3,)))
    assert take(a, [2, 0]) == PTAnalysis((("c",), ("a",)), ((3,), (1,)))
    assert stack([a, a]).sources == a.sources * 2
