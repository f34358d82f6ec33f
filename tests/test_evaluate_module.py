"""The Hugging Face ``evaluate`` module gives the API's numbers and signature, offline."""

from __future__ import annotations

import pytest

import gecscope
from gecscope import api
from hf_module import compute

pytestmark = pytest.mark.hf

EX = api.example_dir()


def lines(name: str) -> list[str]:
    return (EX / name).read_text(encoding="utf-8").splitlines()


SOURCES, HYPOTHESES = lines("source.txt"), lines("hypothesis.txt")
PER_SENTENCE = [list(pair) for pair in zip(lines("reference0.txt"), lines("reference1.txt"), strict=True)]


def files_score(metric: str, **settings: object) -> gecscope.Score:
    examples = api.load(
        source=EX / "source.txt",
        hypothesis=EX / "hypothesis.txt",
        references=[EX / "reference0.txt", EX / "reference1.txt"],
    )
    return api.score(metric, examples, **settings)


@pytest.mark.parametrize(("metric", "settings"), [("green", {}), ("green", {"unit": "char"}), ("gleu", {})])
def test_same_numbers_as_the_api(metric: str, settings: dict[str, object]) -> None:
    expected = files_score(metric, **settings)
    got = compute(sources=SOURCES, predictions=HYPOTHESES, references=PER_SENTENCE, metric=metric, **settings)
    assert got["metric"] == metric
    assert got["score"] == expected.value
    assert got["signature"] == expected.signature
    detail = "p" if metric == "green" else "std"
    assert got[detail] == expected.details[detail]


@pytest.mark.text
@pytest.mark.parametrize(
    ("metric", "settings"),
    [("cleme2", {}), ("cleme2", {"assumption": "independent", "level": "sentence"}), ("errant", {}), ("m2", {})],
)
def test_same_numbers_with_alignment(metric: str, settings: dict[str, object]) -> None:
    expected = files_score(metric, **settings)
    got = compute(sources=SOURCES, predictions=HYPOTHESES, references=PER_SENTENCE, metric=metric, **settings)
    assert (got["score"], got["signature"]) == (expected.value, expected.signature)
    if metric == "cleme2":
        assert [got[k] for k in ("hit", "wrong", "under", "over")] == [
            expected.details[k] for k in ("hit", "wrong", "under", "over")
        ]


def test_one_reference_per_sentence_as_strings() -> None:
    one = lines("reference0.txt")
    got = compute(sources=SOURCES, predictions=HYPOTHESES, references=one, metric="green")
    assert got["score"] == gecscope.score("green", sources=SOURCES, hypotheses=HYPOTHESES, references=[one]).value


def test_mismatched_lengths_fail() -> None:
    with pytest.raises(ValueError, match=r"sources|predictions|references|length|Mismatch"):
        compute(sources=SOURCES[:3], predictions=HYPOTHESES, references=PER_SENTENCE, metric="green")
