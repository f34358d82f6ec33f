"""Scribendi Score with the packaged SmolLM2-135M: equal to gec-metrics' ``Scribendi`` (the
reference implementation from PyPI, run on CPU) on CoNLL-2014 system outputs, and cached."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from conftest import CONLL, gec_metrics_reference, require_shared
from gecscope import api
from gecscope.metrics.scribendi import Scribendi, ScribendiConfig
from gecscope.weighting.causal_lm import CausalLM, load_causal_lm
from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer

pytestmark = pytest.mark.neural

#: sentences of each system in the comparison (the first ones of the file)
SENTENCES = 80


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("models")
    load_causal_lm("smollm2-135m", cache_dir=folder)
    return folder / "models" / "smollm2-135m"


@pytest.fixture(scope="module")
def lm(model_dir: Path) -> CausalLM:
    return load_causal_lm(str(model_dir))


def reference_scribendi(model: Path) -> object:
    """gec-metrics' Scribendi on CPU."""
    Reference = gec_metrics_reference().Scribendi
    return Reference(Reference.Config(model=str(model), no_cuda=True, batch_size=16))


def _pairs(system: str) -> tuple[list[str], list[str]]:
    require_shared()
    # read as the reference scripts read their files (line.rstrip(): the sources end with a space)
    sources = [s.rstrip() for s in (CONLL / "sources.txt").read_text(encoding="utf-8").splitlines()[:SENTENCES]]
    hyps = [h.rstrip() for h in (CONLL / "systems" / f"{system}.txt").read_text(encoding="utf-8").splitlines()]
    hyps = hyps[:SENTENCES]
    return sources, hyps


@pytest.mark.shared
@pytest.mark.parametrize("system", ["AMU", "UFC", "INPUT"])
def test_equals_gec_metrics_on_conll(system: str, model_dir: Path, lm: CausalLM) -> None:
    sources, hyps = _pairs(system)
    reference = reference_scribendi(model_dir)
    expected = reference.score_sentence(sources, hyps)  # type: ignore[attr-defined]
    metric = Scribendi(ScribendiConfig(perplexity=PerplexityConfig(model=str(model_dir), cache=False)))
    metric.use_scorer(PerplexityScorer(metric.config.perplexity, lm))
    examples = api.load(
        source=CONLL / "sources.txt", hypothesis=CONLL / "systems" / f"{system}.txt", require_references=False
    )[:SENTENCES]
    analysis = metric.analyse(examples)
    assert metric.sentence_scores(analysis) == [float(v) for v in expected]
    assert metric.score_analysis(analysis).value == reference.score_corpus(sources, hyps)  # type: ignore[attr-defined]
    assert 0 in expected and (system != "AMU" or {-1, 1} <= set(expected))  # every outcome is exercised


def test_perplexity_equals_the_reference_computation(model_dir: Path, lm: CausalLM) -> None:
    reference = reference_scribendi(model_dir)
    texts = ["He go to school every day .", "He goes to school every day .", "Grüße für Sie !", "a"]
    expected = reference.ppl(texts)  # type: ignore[attr-defined]
    ours = PerplexityScorer(PerplexityConfig(model=str(model_dir), cache=False), lm).perplexity(texts)
    assert ours.tolist() == pytest.approx(expected, rel=1e-5)  # float32 logits, batch composition
    assert ours[1] < ours[0]


def test_scores_are_cached_by_content(tmp_path: Path, lm: CausalLM) -> None:
    config = PerplexityConfig(model="smollm2-135m", cache_dir=str(tmp_path))
    first = PerplexityScorer(config, lm)
    a = first.nll(["He go to school .", "He goes to school .", ""])
    assert first.stats.scored == 3
    again = PerplexityScorer(config, lm)
    b = again.nll(["He goes to school .", "He go to school ."])
    assert again.stats.scored == 0 and again.cache.hit_rate == 1.0
    assert b.tolist() == [a[1], a[0]]
    assert a[2] != a[2]  # an empty text has no perplexity (NaN)


def test_score_cli_several_systems(tmp_path: Path, model_dir: Path) -> None:
    import json
    import subprocess

    src = tmp_path / "src.txt"
    src.write_text("He go to school every day .\nShe like apples .\nThe cat sat .\n", encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text("He goes to school every day .\nShe likes apples .\nThe cat sat .\n", encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("He go to school every day .\nShe like apple s .\nA dog ran away quickly .\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "gecscope", "score", "--metric", "scribendi", "--source", str(src),
         "--hyp", str(good), str(bad), "--ref", str(good), "--lm-model", str(model_dir),
         "--cache-dir", str(tmp_path / "cache"), "--format", "json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    rows = json.loads(out.stdout)
    rows = rows if isinstance(rows, list) else [rows]
    by_system = {r["system"]: r for r in rows}
    assert by_system["good"]["score"] == 2.0
    assert by_system["bad"]["score"] < 2.0
    assert by_system["good"]["signature"].startswith(f"scribendi|level:corpus|lm:{model_dir}|threshold:0.8")


def test_a_missing_model_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gecscope.cli import main

    (tmp_path / "s.txt").write_text("He go home .\n")
    (tmp_path / "a.txt").write_text("He goes home .\n")
    argv = ["score", "--metric", "scribendi", "--source", str(tmp_path / "s.txt"), "--hyp", str(tmp_path / "a.txt")]
    assert main([*argv, "--lm-model", str(tmp_path / "nope"), "--no-cache"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "language model: no transformers checkpoint here" in err[0]


def test_conversion_and_scoring_outside_a_terminal(tmp_path: Path) -> None:
    """Issue 33: the GGUF conversion's library bar never reaches a log (one line of ours says what
    happens instead), and --quiet leaves standard error empty."""
    import subprocess

    src, hyp = tmp_path / "src.txt", tmp_path / "hyp.txt"
    src.write_text("He go to school every day .\n", encoding="utf-8")
    hyp.write_text("He goes to school every day .\n", encoding="utf-8")
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", "scribendi", "--source", str(src),
            "--hyp", str(hyp), "--cache-dir", str(tmp_path / "cache")]  # fmt: skip
    first = subprocess.run(argv, capture_output=True, text=True, check=True)
    assert "converting the packaged smollm2-135m weights once" in first.stderr
    assert "de-quantizing" not in first.stderr and "\r" not in first.stderr
    assert not list((tmp_path / "cache" / "models").glob("*.part-*"))  # renamed into place
    again = subprocess.run([*argv, "--quiet"], capture_output=True, text=True, check=True)
    assert again.stderr == "" and again.stdout == first.stdout
