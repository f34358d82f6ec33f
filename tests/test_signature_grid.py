"""One signature grid over the doors of the pipeline (issue 30): on the packaged example, every
entry point x tokeniser x metric x input kind gives, for the same inputs and settings, the same
number and the same signature; and two different numbers never share a signature.

Doors: ``gecscope score`` / ``compare`` / ``report`` (in process), ``gecscope.score`` on
``gecscope.load``, on ``Examples`` (``from_text`` / ``from_m2`` / ``from_lists``, the call the
Hugging Face ``evaluate`` module makes, or the module itself when ``evaluate`` is installed),
``gecscope.compare``, ``pipeline.score_files``, and ``gecscope meta run --metric X`` with its
Python function ``meta_run`` (on a GJG15-shaped data set made of the example's text files: the
metric's meta preset, and the other doors given the preset's settings).
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gecscope
from gecscope import pipeline
from gecscope.cli import main
from gecscope.meta.data.datasets import GJG15_SYSTEMS
from gecscope.meta.reports.presets import DEFAULT_PRESET, META_METRICS
from gecscope.meta.reports.report import meta_run
from gecscope.metrics import METRICS as REGISTRY

D = gecscope.example_dir()
METRICS = ("green", "errant", "cleme2", "gleu", "char-f", "m2")
#: input kind -> its files, as the Python settings and as the command line's options
KINDS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "m2": (
        {"hyp_m2": D / "hypothesis.m2", "ref_m2": D / "references.m2"},
        ["--hyp-m2", str(D / "hypothesis.m2"), "--ref-m2", str(D / "references.m2")],
    ),
    "text": (
        {
            "source": D / "source.txt",
            "hypothesis": D / "hypothesis.txt",
            "references": [D / "reference0.txt", D / "reference1.txt"],
        },
        [
            "--source",
            str(D / "source.txt"),
            "--hyp",
            str(D / "hypothesis.txt"),
            "--ref",
            str(D / "reference0.txt"),
            str(D / "reference1.txt"),
        ],
    ),
    "text+ref-m2": (
        {"source": D / "source.txt", "hypothesis": D / "hypothesis.txt", "ref_m2": D / "references.m2"},
        ["--source", str(D / "source.txt"), "--hyp", str(D / "hypothesis.txt"), "--ref-m2", str(D / "references.m2")],
    ),
}
#: (input kind, --tokenize) cells; M2 input has the M2's tokens
CELLS = [("m2", "none"), ("text", "none"), ("text", "char"), ("text+ref-m2", "none")]


#: the system of the meta data set whose output is the example's hypothesis
META_SYSTEM = GJG15_SYSTEMS[0]


@pytest.fixture(scope="module")
def meta_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A GJG15-shaped data directory made of the example's text files: the systems' outputs are
    the hypothesis (``META_SYSTEM`` and every fourth), the source and the two references in turn;
    human scores and a few rankings so that every correlation is computed."""
    root = tmp_path_factory.mktemp("meta")
    conll, gjg15 = root / "conll14", root / "gjg15"
    (conll / "systems").mkdir(parents=True)
    gjg15.mkdir()
    (conll / "sources.txt").write_bytes((D / "source.txt").read_bytes())
    (conll / "REF0.txt").write_bytes((D / "reference0.txt").read_bytes())
    (conll / "REF1.txt").write_bytes((D / "reference1.txt").read_bytes())
    outputs = ("hypothesis.txt", "source.txt", "reference0.txt", "reference1.txt")
    for k, system in enumerate(GJG15_SYSTEMS):
        (conll / "systems" / f"{system}.txt").write_bytes((D / outputs[k % 4]).read_bytes())
    rows = "".join(f"{s}\t{k / 10}\t{k / 5}\n" for k, s in enumerate(reversed(GJG15_SYSTEMS)))
    (gjg15 / "human_scores.tsv").write_text("system\tew\tts\n" + rows, encoding="utf-8")
    ranks = "".join(f'<translation system="{s}" rank="{k + 1}"/>' for k, s in enumerate(GJG15_SYSTEMS[:4]))
    items = "".join(f'<ranking-item src-id="{i}" user="u">{ranks}</ranking-item>' for i in range(3))
    (gjg15 / "judgments.xml").write_text(f"<set>{items}</set>", encoding="utf-8")
    return root


def _flags(metric: str, settings: dict[str, Any]) -> list[str] | None:
    """A preset's settings as the command line's options (the registry's declared flags); None
    when one of them is not an option of ``score`` (``convention``: a meta preset's only)."""
    options = {o.name: o for o in REGISTRY[metric].options}
    out: list[str] = []
    for name, value in settings.items():
        if name not in options:
            return None
        option = options[name]
        if option.kind == "value":
            out += [option.flag, str(value)]
        elif value == (option.kind == "flag"):
            out.append(option.flag)
    return out


def _meta_doors(metric: str, capsys: pytest.CaptureFixture[str], data: Path) -> dict[str, tuple[float, str]]:
    """``meta run`` (CLI and Python) on the example's text, and the scoring doors given the
    settings of the metric's meta preset."""
    preset = DEFAULT_PRESET[metric]
    settings = META_METRICS[preset][1]
    inputs, argv = KINDS["text"]
    out: dict[str, tuple[float, str]] = {}
    s = gecscope.score(metric, gecscope.load(**inputs), **settings)
    out["gecscope.score(load, preset)"] = (s.value, s.signature)
    flags = _flags(metric, settings)
    if flags is not None:
        got = _cli(capsys, "score", "--metric", metric, *argv, *flags)
        out["gecscope score (preset)"] = (got["score"], got["signature"])
    doc = meta_run(data, "gjg15", [preset], "base", "gec-metrics")["metrics"][preset]
    out["meta_run"] = (doc["system_scores"][META_SYSTEM], doc["signature"])
    doc = _cli(capsys, "meta", "run", "--data", str(data), "--metric", metric)["metrics"][preset]
    out["gecscope meta run"] = (doc["system_scores"][META_SYSTEM], doc["signature"])
    return out


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def _sans_resampling(signature: str) -> str:
    """A compare signature without its resampling fields: the scoring signature."""
    return re.sub(r"\|sigtest:.*?(?=\|version:)", "", signature)


def _evaluate_door(inputs: dict[str, Any], tok: str, metric: str) -> tuple[float, str]:
    """What the Hugging Face module computes (the module itself when ``evaluate`` is installed)."""
    from gecscope.io import read_lines

    sources = read_lines(inputs["source"])
    predictions = read_lines(inputs["hypothesis"])
    references = [list(r) for r in zip(*(read_lines(p) for p in inputs["references"]), strict=True)]
    tokenize = "whitespace" if tok == "none" else tok
    if importlib.util.find_spec("evaluate") is not None:
        from hf_module import compute

        got = compute(sources=sources, predictions=predictions, references=references, metric=metric, tokenize=tokenize)
        return float(got["score"]), str(got["signature"])
    s = gecscope.score(
        metric,
        sources=sources,
        hypotheses=predictions,
        references=references,
        references_by="sentence",
        tokenize=tokenize,
    )
    return s.value, s.signature


def _doors(
    kind: str, tok: str, metric: str, capsys: pytest.CaptureFixture[str], tmp: Path
) -> dict[str, tuple[float, str]]:
    inputs, argv = KINDS[kind]
    out: dict[str, tuple[float, str]] = {}
    ex = gecscope.load(**inputs, tokenize=tok)
    s = gecscope.score(metric, ex)
    out["gecscope.score(load)"] = (s.value, s.signature)
    if kind == "m2":
        examples = gecscope.Examples.from_m2(inputs["hyp_m2"], inputs["ref_m2"])
    else:
        examples = gecscope.Examples.from_text(
            inputs["source"], inputs["hypothesis"], inputs.get("references", ()), inputs.get("ref_m2"), tokenize=tok
        )
    s = gecscope.score(metric, examples)
    out["gecscope.score(Examples)"] = (s.value, s.signature)
    row = gecscope.compare([metric], {"a": ex, "b": ex}, bootstrap=2, trials=2).row(metric, "b")
    out["gecscope.compare"] = (row.score, _sans_resampling(row.signature))
    if tok == "none":
        files = {
            ("hypotheses" if k == "hypothesis" else k): ([v] if k in ("hypothesis", "hyp_m2") else v)
            for k, v in inputs.items()
        }
        [s] = pipeline.score_files([gecscope.get_metric(metric)], **files)
        out["pipeline.score_files"] = (s.value, s.signature)
    if kind == "text":
        out["evaluate"] = _evaluate_door(inputs, tok, metric)
    flags = ["--tokenize", tok] if tok != "none" else []
    got = _cli(capsys, "score", "--metric", metric, *argv, *flags)
    out["gecscope score"] = (got["score"], got["signature"])
    rows = _cli(capsys, "compare", "--metric", metric, *argv, *flags, "--bootstrap", "2", "--trials", "2")
    out["gecscope compare"] = (rows[0]["score"], _sans_resampling(rows[0]["signature"]))
    return out


def test_every_door_gives_one_number_and_one_signature(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, meta_data: Path
) -> None:
    seen: dict[str, tuple[float, str]] = {}  # signature -> (number, where)
    for kind, tok in CELLS:
        for metric in METRICS:
            doors = _doors(kind, tok, metric, capsys, tmp_path)
            groups = {f"{kind}/{tok}/{metric}": doors}
            if (kind, tok) == ("text", "none"):  # what meta reads: text, whitespace tokens
                meta = _meta_doors(metric, capsys, meta_data)
                preset = META_METRICS[DEFAULT_PRESET[metric]][1]
                if REGISTRY[metric].config(**preset) == REGISTRY[metric].config():
                    doors.update(meta)  # the preset is the metric's defaults: one number with the grid's
                else:
                    groups[f"meta/{metric}"] = meta
            for where, group in groups.items():
                first = next(iter(group.values()))
                for door, got in group.items():
                    assert got == first, (where, door, got, first)
                value, signature = first
                assert f"|tok:{'whitespace' if tok == 'none' else tok}|" in signature
                previous = seen.setdefault(signature, (value, where))
                assert previous[0] == value, (signature, previous, where, value)
    assert len(seen) >= 15  # the cells sign differently (tok, edits) where their numbers can differ


@pytest.mark.parametrize(("kind", "tok"), [("m2", "none"), ("text", "char")])
def test_report_signs_as_score_does(kind: str, tok: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, argv = KINDS[kind]
    flags = ["--tokenize", tok] if tok != "none" else []
    out = tmp_path / "report.md"
    assert main(["report", "--metric", *METRICS, *argv, *flags, "--format", "md", "-o", str(out), "--quiet"]) == 0
    capsys.readouterr()
    signed = re.findall(r"^- \S+: `([^`]+)`$", out.read_text(encoding="utf-8"), flags=re.M)
    for metric in METRICS:
        [mine] = [s for s in signed if s.startswith(metric + "|")]
        assert mine == _cli(capsys, "score", "--metric", metric, *argv, *flags)["signature"]


def test_a_setting_that_changes_the_number_changes_the_signature() -> None:
    """The same metric on the same input under different tokenisations: different numbers, so
    different signatures (the tokenise step signs)."""
    inputs, _ = KINDS["text"]
    by: dict[str, Callable[[], Any]] = {t: (lambda t=t: gecscope.load(**inputs, tokenize=t)) for t in ("none", "char")}
    scores = {t: gecscope.score("green", make()) for t, make in by.items()}
    assert scores["none"].value != scores["char"].value
    assert scores["none"].signature != scores["char"].signature


@pytest.mark.parametrize("metric", ["errant", "char-f"])
def test_the_corpus_convention_is_signed(metric: str) -> None:
    """ERRANT's (and char-F's) greedy reference choice ranks the running F rounded to 4 dp
    (errant_compare) or unrounded (gec-metrics, ``meta run``'s ERRANT preset): one corpus where
    the two choose different references gives two numbers, so two signatures."""
    from gecscope.metrics.counts import EditCounts

    counts = [[EditCounts(1000, 500, 500)], [EditCounts(0, 0, 3), EditCounts(1, 1, 2)]]
    # second sentence: F 0.66640 (ref 1) and 0.66636 (ref 2) round alike; errant_compare then takes more TP
    got = {c: gecscope.get_metric(metric, convention=c).score_analysis(counts) for c in ("official", "gec-metrics")}
    assert got["official"].value != got["gec-metrics"].value
    assert got["official"].signature != got["gec-metrics"].signature
    assert "convention" not in got["official"].signature  # the official convention's signature as ever
