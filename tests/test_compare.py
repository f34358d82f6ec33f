"""Comparing systems: intervals, paired bootstrap and approximate randomization."""

from __future__ import annotations

import itertools
import json
import sys
from functools import cache

import numpy as np
import pytest

from conftest import CONLL, require_shared
from gecscope import api
from gecscope.cli import main
from gecscope.comparison import CompareConfig, Comparison, compare, compare_analyses
from gecscope.errors import InputError, MissingExtraError
from gecscope.io import examples_from_m2
from gecscope.resample import stat_table
from gecscope.systems import load_systems
from gecscope.types import Example
from gecscope.version import __version__

EXAMPLE = api.example_dir()


@cache
def example() -> list[Example]:
    return api.load(hyp_m2=EXAMPLE / "hypothesis.m2", ref_m2=EXAMPLE / "references.m2")


@cache
def unchanged() -> list[Example]:
    """The example with the source as its hypothesis (an "INPUT" system)."""
    return load_systems(
        source=EXAMPLE / "source.txt", hypotheses=[EXAMPLE / "source.txt"], ref_m2=EXAMPLE / "references.m2"
    )["source"]


@pytest.mark.parametrize("metric", ["cleme2", "errant", "m2", "green", "pt-m2"])
def test_system_against_itself(metric: str) -> None:
    res = compare(metric, {"base": example(), "copy": example()}, bootstrap=200, trials=300, test="both")
    row = res.row(metric, "copy")
    assert (row.diff, row.diff_ci, row.p_bootstrap, row.p_ar) == (0.0, (0.0, 0.0), 1.0, 1.0)
    assert not row.significant() and row.direction == "equal" and row.verdict() == "n.s."
    assert row.score == api.score(metric, example()).value


def test_same_seed_same_numbers() -> None:
    systems = {"input": unchanged(), "sys": example()}
    a = compare(["cleme2", "green"], systems, bootstrap=100, trials=100, seed=3)
    b = compare(["cleme2", "green"], systems, bootstrap=100, trials=100, seed=3)
    c = compare(["cleme2", "green"], systems, bootstrap=100, trials=100, seed=4)
    assert a == b
    assert [r.ci for r in a.rows] != [r.ci for r in c.rows]


def test_ci_contains_estimate_and_signature() -> None:
    res = compare(["cleme2", "errant"], {"input": unchanged(), "sys": example()}, bootstrap=300, trials=300, seed=1)
    for r in res.rows:
        assert r.ci[0] <= r.score <= r.ci[1], r
        assert r.diff_ci[0] <= r.diff <= r.diff_ci[1], r
        assert "|sigtest:ar|bs:300|ar:300|seed:1|" in r.signature
        assert r.signature.endswith("|corr:holm|fam:system(cleme2+errant)|version:" + __version__)


def test_default_test_is_ar_and_resolves_below_alpha_over_the_family() -> None:
    """The default test is approximate randomization alone (10,000 trials: p down to 1/10001), the
    bootstrap giving the intervals; its floor times a family of 50 tests stays below 0.05."""
    cfg = CompareConfig()
    assert (cfg.test, cfg.trials, cfg.family, cfg.correction) == ("ar", 10000, "system", "holm")
    assert 50 / (cfg.trials + 1) < cfg.alpha / 10


def exact_permutation_p(table_a: object, table_b: object, n: int) -> float:
    """Every one of the 2^n swap patterns, scored by re-aggregation."""
    stacked = table_a.stacked([table_b])  # type: ignore[attr-defined]
    swaps = np.array(list(itertools.product([False, True], repeat=n)))
    pos = np.arange(n)
    mine = stacked.scores(np.where(swaps, pos, n + pos))
    theirs = stacked.scores(np.where(swaps, n + pos, pos))
    observed = abs(mine[0] - theirs[0])
    return float(np.mean(np.abs(mine - theirs) >= observed))


@pytest.mark.parametrize("metric", ["cleme2", "errant", "green"])
def test_ar_matches_exact_permutation_test(metric: str) -> None:
    m = api.get_metric(metric)
    a, b = m.analyse(unchanged()), m.analyse(example())
    n = len(example())
    assert n <= 12
    exact = exact_permutation_p(stat_table(m, b), stat_table(m, a), n)
    trials = 20000
    cfg = CompareConfig(bootstrap=10, trials=trials, seed=5, test="ar")
    row = compare_analyses(m, {"input": a, "sys": b}, "input", cfg, m.name)[1]
    assert row.p_ar is not None
    tolerance = 4 * np.sqrt(exact * (1 - exact) / trials) + 2 / trials
    assert abs(row.p_ar - exact) <= tolerance, (row.p_ar, exact)


def test_tests_can_be_chosen() -> None:
    bs = compare("green", {"input": unchanged(), "sys": example()}, bootstrap=50, test="bootstrap")
    ar = compare("green", {"input": unchanged(), "sys": example()}, trials=50, test="ar")
    assert bs.rows[1].p_ar is None and bs.rows[1].p_bootstrap is not None
    assert ar.rows[1].p_bootstrap is None and ar.rows[1].p_ar is not None


def test_frame_and_html(monkeypatch: pytest.MonkeyPatch) -> None:
    res = compare("green", {"input": unchanged(), "sys": example()}, bootstrap=20, trials=20)
    pytest.importorskip("pandas")
    frame = res.to_frame()
    assert list(frame[frame["component"] == "score"]["system"]) == ["input", "sys"]
    assert frame.loc[1, "ci_low"] == res.rows[1].ci[0]
    assert "<table>" in res._repr_html_() and "sys" in res._repr_html_()
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(MissingExtraError, match="pip install 'gecscope\\[pandas\\]'"):
        res.to_frame()


def test_bad_systems(tmp_text) -> None:  # type: ignore[no-untyped-def]
    short = tmp_text("short.txt", "a\n")
    with pytest.raises(InputError, match=r"short\.txt:2: has 1 sentences"):
        load_systems(
            source=EXAMPLE / "source.txt",
            hypotheses=[EXAMPLE / "hypothesis.txt", short],
            ref_m2=EXAMPLE / "references.m2",
            aligner=None,
        )
    with pytest.raises(InputError, match="duplicate system name 'hypothesis'"):
        load_systems(hyp_m2=[EXAMPLE / "hypothesis.m2", EXAMPLE / "hypothesis.m2"], ref_m2=EXAMPLE / "references.m2")
    with pytest.raises(InputError, match="baseline 'nope' is not among the systems"):
        compare("green", {"a": example(), "b": example()}, baseline="nope")
    with pytest.raises(InputError, match="different numbers of sentences"):
        compare("green", {"a": example(), "b": example()[:3]})


def test_cli_bad_input(tmp_text, capsys) -> None:  # type: ignore[no-untyped-def]
    short = tmp_text("short.txt", "a\n")
    args = ["compare", "--metric", "green", "--source", str(EXAMPLE / "source.txt"), "--ref-m2"]
    args += [str(EXAMPLE / "references.m2"), "--hyp", str(EXAMPLE / "hypothesis.txt"), str(short)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "short.txt:2:" in err[0]
    args = ["compare", "--metric", "green", "--hyp-m2", str(EXAMPLE / "hypothesis.m2")]
    two = [*args, str(EXAMPLE / "hypothesis.m2"), "--name", "a", "b", "--ref-m2", str(EXAMPLE / "references.m2")]
    assert main([*two, "--baseline", "x"]) == 2
    assert "baseline 'x' is not among the systems" in capsys.readouterr().err


def test_cli_formats(capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["compare", "--metric", "green", "errant", "--source", str(EXAMPLE / "source.txt"), "--ref-m2"]
    args += [str(EXAMPLE / "references.m2"), "--hyp", str(EXAMPLE / "source.txt"), str(EXAMPLE / "hypothesis.txt")]
    args += ["--name", "input", "sys", "--bootstrap", "50", "--trials", "50", "--quiet"]
    assert main([*args, "--format", "json"]) == 0
    rows = [r for r in json.loads(capsys.readouterr().out) if r["component"] == "score"]
    assert [(r["metric"], r["system"]) for r in rows] == [
        ("green", "input"),
        ("green", "sys"),
        ("errant", "input"),
        ("errant", "sys"),
    ]
    assert rows[3]["score"] == api.score("errant", example()).value
    assert main([*args, "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("metric,system,baseline,component,type,better,support,tested,score,ci_low")
    assert len(lines) == 1 + 2 * (1 + 2) + 2 * (1 + 2)  # headline + GREEN's P/R, headline + ERRANT's P/R
    assert main([*args, "--format", "table"]) == 0
    out = capsys.readouterr().out
    assert "input (baseline)" in out and "p (ar)" in out


def test_cli_compare_is_the_api_compare(capsys) -> None:  # type: ignore[no-untyped-def]
    """``gecscope compare`` and ``gecscope.compare`` run one path (``compare_aligned``): the same rows."""
    given = {"source": EXAMPLE / "source.txt", "ref_m2": EXAMPLE / "references.m2"}
    systems = {name: api.load(hypothesis=EXAMPLE / f"{name}.txt", **given) for name in ("source", "hypothesis")}
    want = compare(["green", "errant"], systems, bootstrap=50, trials=50, cat=1).as_dicts()
    args = ["compare", "--metric", "green", "errant", "--source", str(EXAMPLE / "source.txt"), "--ref-m2"]
    args += [str(EXAMPLE / "references.m2"), "--hyp", str(EXAMPLE / "source.txt"), str(EXAMPLE / "hypothesis.txt")]
    assert main([*args, "--bootstrap", "50", "--trials", "50", "--cat", "1", "--format", "json", "--quiet"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert len(got) > 6 and got == json.loads(json.dumps(want))


@cache
def conll_comparison() -> Comparison:
    require_shared()
    names = ("INPUT", "AMU", "CAMB", "CUUI")
    rows = []
    cfg = CompareConfig(bootstrap=300, trials=1000, seed=11, test="both")
    for metric in ("cleme2", "errant", "m2", "green"):
        m = api.get_metric(metric)
        analyses = {
            s: m.analyse(examples_from_m2(CONLL / "systems_m2" / f"{s}.m2", CONLL / "references.m2")) for s in names
        }
        analyses["AMU again"] = analyses["AMU"]
        rows += compare_analyses(m, analyses, "INPUT", cfg, m.name)
        rows += compare_analyses(m, {"AMU": analyses["AMU"], "AMU again": analyses["AMU"]}, "AMU", cfg, m.name)
    return Comparison(tuple(rows), "INPUT", cfg)


def test_conll_input_significantly_worse() -> None:
    res = conll_comparison()
    for r in res.rows:
        if r.baseline == "INPUT" and r.system not in ("INPUT",) and r.headline:
            assert r.diff > 0 and r.significant(0.05), r
            assert r.ci[0] <= r.score <= r.ci[1]
        if r.system == r.baseline or (r.system == "AMU again" and r.baseline == "AMU"):
            assert not r.significant(0.05) and r.diff == 0.0 and r.p_ar == 1.0 and r.p_bootstrap == 1.0, r


def test_load_systems_aligns_each_distinct_pair_once() -> None:
    from gecscope.align import LevenshteinAligner

    calls: list[int] = []

    class Counting(LevenshteinAligner):
        def edits_batch(self, pairs):  # type: ignore[no-untyped-def]
            calls.append(len(pairs))
            return super().edits_batch(pairs)

    hyps = [EXAMPLE / "hypothesis.txt", EXAMPLE / "hypothesis.txt", EXAMPLE / "source.txt"]
    systems = load_systems(
        source=EXAMPLE / "source.txt",
        hypotheses=hyps,
        references=[EXAMPLE / "reference0.txt", EXAMPLE / "reference1.txt"],
        names=["a", "b", "input"],
        aligner=Counting(),
    )
    assert list(systems) == ["a", "b", "input"]
    one = load_systems(
        source=EXAMPLE / "source.txt",
        hypotheses=hyps[:1],
        references=[EXAMPLE / "reference0.txt", EXAMPLE / "reference1.txt"],
        aligner=LevenshteinAligner(),
    )["hypothesis"]
    assert systems["a"] == systems["b"] == one
    assert all(ex.hypothesis.edits == () for ex in systems["input"])
    # one batch; the second copy of a system and the unchanged system add no pair
    assert len(calls) == 1
    distinct = {(e.source, t.tokens) for e in one for t in (e.hypothesis, *e.references) if t.tokens != e.source}
    assert calls[0] == len(distinct)


def test_each_system_is_its_own_family_whatever_the_others() -> None:
    """With the default family, a system's adjusted p-values and verdicts do not depend on the
    other systems of the call; with ``family="call"`` a kind's family spans every system."""
    ref = load_systems(
        source=EXAMPLE / "source.txt",
        hypotheses=[EXAMPLE / f"{n}.txt" for n in ("hypothesis", "source", "reference0")],
        ref_m2=EXAMPLE / "references.m2",
    )
    two = compare(["cleme2", "errant"], {k: ref[k] for k in ("hypothesis", "source")}, bootstrap=50, trials=300)
    three = compare(["cleme2", "errant"], ref, bootstrap=50, trials=300)
    for r in two.rows:
        if r.system == "source":
            s = three.row(r.metric, r.system, r.component, r.type)
            assert (r.p_ar_adj, r.verdict(), r.family, r.family_size) == (
                s.p_ar_adj,
                s.verdict(),
                s.family,
                s.family_size,
            )
    assert two.summary() == [
        f"source < hypothesis on CLEME2.0 (p_adj = {two.row('cleme2', 'source').p_ar_adj:.4f}), "
        f"ERRANT (p_adj = {head_p(two):.4f})"
    ]
    head = two.row("errant", "source")
    assert (head.family, head.family_size, head.direction, head.verdict()) == ("headline", 2, "worse", "worse")
    assert two.row("cleme2", "source", "under").direction == "worse"  # under: lower is better, and it rose
    call = compare(["cleme2", "errant"], ref, bootstrap=50, trials=300, family="call")
    assert call.row("errant", "source").family_size == 4  # 2 metrics x 2 systems
    assert "|fam:call(cleme2+errant;3 systems)|" in call.row("errant", "source").signature
    with pytest.raises(ValueError, match="family must be one of"):
        CompareConfig(family="metric")


def head_p(res: Comparison) -> float:
    p = res.row("errant", "source").p_ar_adj
    assert p is not None
    return p
