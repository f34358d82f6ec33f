"""``gecscope report``: numbers equal the single-metric API, the page is self-contained, the
Markdown tables, the notebook helpers."""

from __future__ import annotations

import dataclasses
import re
import sys
from functools import cache
from pathlib import Path

import pytest

import gecscope
from conftest import CONLL, require_shared
from gecscope.cli import main
from gecscope.errors import InputError, MissingExtraError
from gecscope.report.html import render_html
from gecscope.report.overview import Interval, ReportData, ReportSettings, SystemData, build_report
from gecscope.report.types import render_types, types_frame

THREE = ("AMU", "CAMB", "CUUI")
METRICS = ("cleme2", "cleme", "m2", "errant")


def conll_system(name: str) -> SystemData:
    hyp, ref = CONLL / "systems_m2" / f"{name}.m2", CONLL / "references.m2"
    return SystemData(name, gecscope.load(hyp_m2=hyp, ref_m2=ref))  # signed as the examples carry: tok, edits m2


@cache
def three_systems() -> ReportData:
    require_shared()
    return build_report([conll_system(n) for n in THREE], ReportSettings(metrics=METRICS))


def render_three(tmp_path: Path) -> Path:
    """The report of three CoNLL-2014 systems written through the CLI (used by the browser test)."""
    require_shared()
    out = tmp_path / "report.html"
    hyps = [str(CONLL / "systems_m2" / f"{n}.m2") for n in THREE]
    argv = ["report", "--hyp-m2", *hyps, "--ref-m2", str(CONLL / "references.m2"), "-o", str(out), "--quiet"]
    assert main([*argv, "--metric", *METRICS]) == 0
    return out


def test_report_numbers_equal_the_single_metric_api() -> None:
    data = three_systems()
    for name in THREE:
        hyp, ref = CONLL / "systems_m2" / f"{name}.m2", CONLL / "references.m2"
        for metric in METRICS:
            expected = gecscope.score(metric, gecscope.load(hyp_m2=hyp, ref_m2=ref))
            got = data.scores[name][metric]
            assert got.value == expected.value, (name, metric)
            assert got.signature == expected.signature, (name, metric)
        types = data.types[name].details["types"]
        assert sum(r["fn"] for r in types.values()) == pytest.approx(data.scores[name]["cleme2"].details["fn"])


def test_report_picks_sentences_with_fp_chunks_and_divergences() -> None:
    data = three_systems()
    for name in THREE:
        views = data.views[name]
        assert 1 <= len(views) <= 6
        assert all(v.counts["fp_un"] > 0 or v.counts["fp_ne"] > 0 for v in views)
    spreads = [d.spread for d in data.divergences]
    assert len(spreads) == 5 and spreads == sorted(spreads, reverse=True) and spreads[0] > 0
    for d in data.divergences:
        best, worst = d.views
        assert d.scores[best.system] - d.scores[worst.system] == pytest.approx(d.spread)


def test_html_is_self_contained_and_has_every_part() -> None:
    html = render_html(three_systems())
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html
    for part in ('id="summary-table"', 'id="hwuo-chart"', 'id="type-heatmap"', "@media print"):
        assert part in html
    assert html.count('<table class="chunks">') == sum(len(v) for v in three_systems().views.values()) + 2 * 5
    for name in THREE:
        for metric in METRICS:
            assert three_systems().scores[name][metric].signature in html
    assert len(html.encode()) < 5_000_000


def test_intervals_are_rendered_when_given() -> None:
    data = three_systems()
    with_ci = dataclasses.replace(data, intervals={("AMU", "cleme2"): Interval(0.41234, 0.51234)})
    html = render_html(with_ci)
    assert "[0.4123, 0.5123]" in html
    assert "[0.4123, 0.5123]" not in render_html(data)
    with pytest.raises(ValueError, match="invalid interval"):
        Interval(0.5, 0.4)


def test_markdown_report_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    hyps = [str(CONLL / "systems_m2" / f"{n}.m2") for n in ("AMU", "CAMB")]
    code = main(["report", "--hyp-m2", *hyps, "--ref-m2", str(CONLL / "references.m2"), "--format", "md", "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "<svg" not in out and "| system | Hit | Wrong | Under | Over |" in out
    amu = gecscope.score("cleme2", gecscope.load(hyp_m2=hyps[0], ref_m2=CONLL / "references.m2"))
    assert f"| AMU | {amu.details['hit']:.4f} | {amu.details['wrong']:.4f} |" in out


def test_report_input_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    short = tmp_path / "short.m2"
    short.write_text("S a b .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n")
    code = main(["report", "--hyp-m2", str(short), "--ref-m2", str(CONLL / "references.m2"), "--quiet"])
    assert code == 2
    assert "short.m2" in capsys.readouterr().err
    with pytest.raises(InputError, match="distinct"):
        build_report([conll_system("AMU"), conll_system("AMU")])
    with pytest.raises(ValueError, match="unknown metric"):
        ReportSettings(metrics=("bleu",))


def test_score_html_and_types_frame() -> None:
    d = gecscope.api.example_dir()
    s = gecscope.score("cleme2", gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2"), cat=1)
    html = s._repr_html_()
    assert s.signature in html and "<th>type</th>" in html and "<th>Over</th>" in html
    frame = types_frame(s)
    assert list(frame.index) == sorted(s.details["types"])
    assert frame.loc["R", "tp"] == s.details["types"]["R"]["tp"]
    assert frame.attrs["signature"] == s.signature
    text = render_types(s)
    assert text.splitlines()[0].split() == ["type", "TP", "FP_ne", "FP_un", "FN", "Hit", "Wrong", "Under", "Over"]


def test_types_frame_without_pandas_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    s = gecscope.result.Score("m2", 0.5, {"types": {}}, "m2|x")
    with pytest.raises(MissingExtraError, match=r"pip install 'gecscope\[pandas\]'"):
        types_frame(s)


def test_plotting_never_switches_the_matplotlib_backend(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    from gecscope.meta.reports.plots import plot_heatmap

    original = matplotlib.get_backend()
    matplotlib.use("svg")  # stands in for a notebook's inline backend
    try:
        png = plot_heatmap([[0.1, 0.2], [0.3, 0.4]], [0.1, 0.2], [0.1, 0.2], tmp_path / "h.png")
        assert png.read_bytes()[:4] == b"\x89PNG"
        assert matplotlib.get_backend() == "svg"
    finally:
        matplotlib.use(original)


TWELVE = ("AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")


@cache
def twelve_systems() -> ReportData:
    require_shared()
    return build_report([conll_system(n) for n in TWELVE], ReportSettings(metrics=("cleme2",)))


def test_twelve_systems_no_sentence_more_than_twice() -> None:
    """The examples are length-normalised and de-duplicated: before, the 116-227-token sentences
    332-335 filled 20 of 72 slots (sentence 333 seven times)."""
    from collections import Counter

    data = twelve_systems()
    shown = Counter(v.index for vs in data.views.values() for v in vs)
    for d in data.divergences:
        shown.update([d.index, d.index])  # both systems' tables show it
    assert shown and max(shown.values()) <= 2, shown.most_common(3)
    assert sum(1 for i in (331, 332, 333, 334) if i in shown) <= 2
    assert all(len(vs) >= 1 for vs in data.views.values())
    html = render_html(data)
    assert 'id="contents"' in html and html.count('<details class="fold system"') == 12
    assert html.count('<details class="fold" open>') >= 6  # every section folds
    assert "(n=" in html  # support counts in the heat map


def test_report_marks_significant_types_against_the_baseline() -> None:
    from gecscope.report.html import type_marks
    from gecscope.report.overview import significance

    require_shared()
    systems = [conll_system(n) for n in ("INPUT", "AMU", "CAMB")]
    settings = ReportSettings(metrics=("cleme2",), cat=2)
    comparison = significance(systems, settings, bootstrap=100, trials=2000)
    assert comparison.baseline == "INPUT"  # INPUT is the default baseline when present
    data = build_report(systems, settings, comparison=comparison)
    marks = type_marks(data)
    assert marks and all(s != "INPUT" for s, _, _ in marks)
    assert all(m in "▲▼" for m in marks.values())
    # INPUT corrects nothing: every system hits more DET errors than it does
    assert marks[("CAMB", "DET", "hit")] == "▲"
    html = render_html(data)
    assert "INPUT (baseline)" in html and 'class="ci"' in html and 'data-mark-hit="▲"' in html
    with pytest.raises(InputError, match="--baseline 'nope'"):
        significance(systems, dataclasses.replace(settings, baseline="nope"))


def test_report_cli_intervals_and_baseline(tmp_path: Path) -> None:
    ex = gecscope.example_dir()
    out = tmp_path / "r.html"
    argv = ["report", "--hyp-m2", str(ex / "hypothesis.m2"), str(ex / "hypothesis.m2"), "--name", "a", "b"]
    argv += ["--ref-m2", str(ex / "references.m2"), "-o", str(out), "--quiet", "--metric", "cleme2"]
    assert main([*argv, "--intervals", "--baseline", "b", "--bootstrap", "20", "--trials", "20"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "b (baseline)" in html and '<g class="ci"' in html and "corr:bh" in html
    assert main([*argv, "--intervals", "--baseline", "nope"]) == 2
