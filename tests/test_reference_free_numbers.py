"""The faster reference-free metrics give the numbers of the version before them (commit 236f095),
recorded by ``PYTHONPATH=src python scripts/record_reference_free.py`` into
tests/golden/reference_free.json: Scribendi with the packaged SmolLM2-135M on the first 80
sentences of three CoNLL-2014 systems and the mean NLL of 120 texts, SOME and IMPARA on small seeded
BERT checkpoints."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from conftest import CONLL, require_shared
from gecscope import api
from gecscope.metrics.learned import Impara, ImparaConfig, Some, SomeConfig
from gecscope.metrics.scribendi import Scribendi, ScribendiConfig
from gecscope.weighting.causal_lm import load_causal_lm
from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer

pytestmark = pytest.mark.neural

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = json.loads((ROOT / "tests" / "golden" / "reference_free.json").read_text(encoding="utf-8"))


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


@pytest.fixture(scope="module")
def scorer(tmp_path_factory: pytest.TempPathFactory) -> PerplexityScorer:
    folder = tmp_path_factory.mktemp("models")
    load_causal_lm("smollm2-135m", cache_dir=folder)
    return PerplexityScorer(PerplexityConfig(model=str(folder / "models" / "smollm2-135m"), cache=False))


@pytest.mark.shared
def test_mean_nll_is_unchanged(scorer: PerplexityScorer) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from record_reference_free import TEXTS, changed_texts

    expected = GOLDEN["nll_amu"]
    got = scorer.nll(changed_texts(CONLL, "AMU", TEXTS)).tolist()
    assert len(got) == len(expected) == TEXTS
    # float32 logits: the last bits may depend on torch's thread count, nothing more
    assert got == pytest.approx(expected, rel=5e-6)  # float32 sums: the last bits follow the CPU


@pytest.mark.shared
@pytest.mark.parametrize("system", ["AMU", "UFC", "INPUT"])
def test_scribendi_is_unchanged(system: str, scorer: PerplexityScorer) -> None:
    require_shared()
    gold = GOLDEN[f"scribendi_{system}"]
    metric = Scribendi(ScribendiConfig(perplexity=scorer.config))
    metric.use_scorer(scorer)
    examples = api.load(
        source=CONLL / "sources.txt", hypothesis=CONLL / "systems" / f"{system}.txt", require_references=False
    )[: len(gold["sentences"])]
    analysis = metric.analyse(examples)
    assert metric.sentence_scores(analysis) == gold["sentences"]
    assert metric.score_analysis(analysis).value == gold["corpus"]
    for got, want in zip(analysis.parts, gold["parts"], strict=True):
        assert got[2:] == tuple(want[2:]) or all(same(a, b) for a, b in zip(got[2:], want[2:], strict=True))
        assert all(same(a, b) or a == pytest.approx(b, rel=5e-6) for a, b in zip(got[:2], want[:2], strict=True))


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    from test_learned_neural import build

    base = tmp_path_factory.mktemp("ckpt")
    return {name: build(base / name, seed) for seed, name in enumerate(["g", "f", "m", "qe", "se"])}


def test_some_and_impara_are_unchanged(checkpoints: dict[str, str]) -> None:
    from test_learned_neural import examples

    some = Some(SomeConfig(checkpoints["g"], checkpoints["f"], checkpoints["m"], cache=False))
    impara = Impara(ImparaConfig(checkpoints["qe"], checkpoints["se"], cache=False))
    for name, metric in (("some", some), ("impara", impara)):
        analysis = metric.analyse(examples())
        # gec-metrics pads to 128 tokens, the batches here to their longest input: float rounding only
        assert metric.sentence_scores(analysis) == pytest.approx(GOLDEN[name]["sentences"], abs=1e-6)
        for got, want in zip(analysis.parts, GOLDEN[name]["parts"], strict=True):
            assert list(got) == pytest.approx(want, abs=1e-6)


@pytest.mark.shared
def test_prefix_sharing_keeps_the_mean_nll(scorer: PerplexityScorer) -> None:
    """A hypothesis scored from its source's shared prefix has the mean NLL of the text scored whole
    (float rounding: the attention rows are wider, as with padding)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from record_reference_free import TEXTS, changed_texts

    texts = changed_texts(CONLL, "AMU", TEXTS)
    pairs = list(zip(texts[0::2], texts[1::2], strict=True))
    whole = dict(zip(texts, scorer.nll(texts).tolist(), strict=True))
    shared = scorer.pair_nll(pairs)
    assert [shared[t] for t in texts] == pytest.approx([whole[t] for t in texts], rel=1e-6)


@pytest.mark.shared
def test_bf16_is_signed_apart_and_close(scorer: PerplexityScorer) -> None:
    """``--precision bf16``: other numbers (a per mille or so), another signature and cache key."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from record_reference_free import changed_texts

    config = PerplexityConfig(model=scorer.config.model, cache=False, precision="bf16")
    low = PerplexityScorer(config)
    texts = changed_texts(CONLL, "AMU", 20)
    got, want = low.nll(texts).tolist(), GOLDEN["nll_amu"][:20]
    assert got == pytest.approx(want, rel=2e-2) and got != pytest.approx(want, rel=1e-6)
    metric = Scribendi(ScribendiConfig(perplexity=config))
    assert "@bf16" in metric.signature() and metric.signature() != Scribendi(ScribendiConfig()).signature()


def test_some_and_impara_in_bf16_are_signed_apart(checkpoints: dict[str, str]) -> None:
    from test_learned_neural import examples

    some = Some(SomeConfig(checkpoints["g"], checkpoints["f"], checkpoints["m"], cache=False, precision="bf16"))
    impara = Impara(ImparaConfig(checkpoints["qe"], checkpoints["se"], cache=False, precision="bf16"))
    for name, metric in (("some", some), ("impara", impara)):
        assert "precision:bf16" in metric.signature()
        got = metric.sentence_scores(metric.analyse(examples()))
        assert got == pytest.approx(GOLDEN[name]["sentences"], abs=5e-2)
        assert got != pytest.approx(GOLDEN[name]["sentences"], abs=1e-6)
