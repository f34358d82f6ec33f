"""SOME and IMPARA equal gec-metrics' (PyPI 0.1.1, run on CPU) on small BERT checkpoints built
here (random weights, the packaged MiniLM vocabulary), and one-line errors for bad checkpoints."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from conftest import gec_metrics_reference
from gecscope.errors import InputError
from gecscope.metrics.learned import Impara, ImparaConfig, Some, SomeConfig
from gecscope.types import Example, Target

pytestmark = pytest.mark.neural

PAIRS = [
    ("He go to school every day .", "He goes to school every day ."),
    ("She like apples .", "She likes apples ."),
    ("The cat sat on the mat .", "The cat sat on the mat ."),
    ("I have went there .", "Completely different words in this output , and long too ."),
    ("Grüße für Sie !", "Grüße an Sie !"),
]


def build(folder: Path, seed: int, labels: int = 1) -> str:
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    vocab = Path(__file__).resolve().parents[1] / "src" / "gecscope" / "data" / "minilm-vocab.txt.gz"
    folder.mkdir(parents=True)
    (folder / "vocab.txt").write_bytes(gzip.decompress(vocab.read_bytes()))
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
        max_position_embeddings=128, num_labels=labels,
    )  # fmt: skip
    BertForSequenceClassification(config).eval().save_pretrained(folder)
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt")).save_pretrained(folder)
    return str(folder)


@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    base = tmp_path_factory.mktemp("ckpt")
    return {name: build(base / name, seed) for seed, name in enumerate(["g", "f", "m", "qe", "se"])}


def examples() -> list[Example]:
    return [Example(tuple(s.split()), Target(tuple(h.split()), raw=h), (), source_raw=s) for s, h in PAIRS]


def test_some_equals_gec_metrics(checkpoints: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    monkeypatch.setattr(torch.nn.Module, "cuda", lambda self, *a, **k: self)  # SOME calls .cuda() always
    metrics = gec_metrics_reference()
    ref = metrics.SOME(  # type: ignore[attr-defined]
        metrics.SOME.Config(model_g=checkpoints["g"], model_f=checkpoints["f"], model_m=checkpoints["m"], no_cuda=True)  # type: ignore[attr-defined]
    )
    expected = ref.score_sentence([s for s, _ in PAIRS], [h for _, h in PAIRS])
    some = Some(SomeConfig(checkpoints["g"], checkpoints["f"], checkpoints["m"], cache=False))
    got = some.sentence_scores(some.analyse(examples()))
    assert got == pytest.approx(expected, abs=1e-6)
    assert len(set(round(x, 6) for x in got)) > 2


@pytest.mark.parametrize("threshold", [0.9, 0.99])
def test_impara_equals_gec_metrics(checkpoints: dict[str, str], threshold: float) -> None:
    metrics = gec_metrics_reference()
    ref = metrics.IMPARA(  # type: ignore[attr-defined]
        metrics.IMPARA.Config(model_qe=checkpoints["qe"], model_se=checkpoints["se"], no_cuda=True, threshold=threshold)  # type: ignore[attr-defined]
    )
    expected = ref.score_sentence([s for s, _ in PAIRS], [h for _, h in PAIRS])
    impara = Impara(ImparaConfig(checkpoints["qe"], checkpoints["se"], threshold=threshold, cache=False))
    got = impara.sentence_scores(impara.analyse(examples()))
    assert got == pytest.approx(expected, abs=1e-6)


def test_impara_threshold_is_exercised(checkpoints: dict[str, str]) -> None:
    analysis = Impara(ImparaConfig(checkpoints["qe"], checkpoints["se"], cache=False)).analyse(examples())
    sims = [p[1] for p in analysis.parts]
    assert min(sims) < 0.99 <= max(sims) or min(sims) < 0.9 <= max(sims)


def test_cached_values_are_reused(checkpoints: dict[str, str], tmp_path: Path) -> None:
    config = ImparaConfig(checkpoints["qe"], checkpoints["se"], cache_dir=str(tmp_path))
    first = Impara(config).score(examples())
    again = Impara(config)
    assert again.score(examples()).value == first.value
    assert again.store.cache.hit_rate == 1.0


def test_bad_checkpoints_fail_in_one_line(checkpoints: dict[str, str], tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no transformers checkpoint here") as err:
        Some(SomeConfig(str(tmp_path / "missing"), checkpoints["f"], checkpoints["m"], cache=False)).analyse(examples())
    assert "\n" not in str(err.value)
    two = build(tmp_path / "two", 9, labels=2)
    with pytest.raises(InputError, match="has 2 outputs; a regressor has 1"):
        Impara(ImparaConfig(two, checkpoints["se"], cache=False)).analyse(examples())
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "config.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match="cannot load the checkpoint"):
        Impara(ImparaConfig(str(broken), checkpoints["se"], cache=False)).analyse(examples())


def test_score_and_compare_cli(checkpoints: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from gecscope.cli import main

    src = tmp_path / "src.txt"
    src.write_text("\n".join(s for s, _ in PAIRS) + "\n", encoding="utf-8")
    a = tmp_path / "a.txt"
    a.write_text("\n".join(h for _, h in PAIRS) + "\n", encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("\n".join(s for s, _ in PAIRS) + "\n", encoding="utf-8")
    files = ["--source", str(src), "--hyp", str(a), str(b), "--ref", str(a), "--cache-dir", str(tmp_path / "c")]
    some = [
        "--grammar-model",
        checkpoints["g"],
        "--fluency-model",
        checkpoints["f"],
        "--meaning-model",
        checkpoints["m"],
    ]
    impara = ["--quality-model", checkpoints["qe"], "--similarity-model", checkpoints["se"]]
    assert main(["score", "--metric", "some", "impara", *files, *some, *impara, "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    scores = {(r["metric"], r["system"]): r["score"] for r in rows}
    direct = Some(SomeConfig(checkpoints["g"], checkpoints["f"], checkpoints["m"], cache=False)).score(examples())
    assert scores[("some", "a")] == pytest.approx(direct.value, abs=1e-9)
    cmd = [
        "compare",
        "--metric",
        "impara",
        *files,
        *impara,
        "--format",
        "json",
        "--bootstrap",
        "100",
        "--trials",
        "100",
    ]
    assert main(cmd) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {d["system"]: d["score"] for d in doc} == pytest.approx(
        {"a": scores[("impara", "a")], "b": scores[("impara", "b")]}
    )
