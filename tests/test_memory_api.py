"""The in-memory API: lists, Examples constructors, frames; the same numbers as the file path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gecscope
from gecscope import Examples, api
from gecscope.errors import InputError, MissingExtraError
from gecscope.io import write_jsonl
from test_golden_example import official

EX = api.example_dir()


def lines(name: str) -> list[str]:
    return (EX / name).read_text(encoding="utf-8").splitlines()


SOURCES, HYPOTHESES = lines("source.txt"), lines("hypothesis.txt")
REFERENCES = [lines("reference0.txt"), lines("reference1.txt")]


def test_from_lists_equals_text_files() -> None:
    from_files = api.load(
        source=EX / "source.txt",
        hypothesis=EX / "hypothesis.txt",
        references=[EX / "reference0.txt", EX / "reference1.txt"],
    )
    from_lists = Examples.from_lists(SOURCES, HYPOTHESES, REFERENCES)
    assert list(from_lists) == from_files
    assert [e.source_line for e in from_lists] == [e.source_line for e in from_files]
    assert [r.line for e in from_lists for r in e.references] == [r.line for e in from_files for r in e.references]


@pytest.mark.parametrize("metric", ["green", "gleu"])
def test_score_from_lists_equals_files(metric: str) -> None:
    files = api.load(
        source=EX / "source.txt",
        hypothesis=EX / "hypothesis.txt",
        references=[EX / "reference0.txt", EX / "reference1.txt"],
    )
    expected = api.score(metric, files)
    got = gecscope.score(metric, sources=SOURCES, hypotheses=HYPOTHESES, references=REFERENCES)
    assert got.value == expected.value
    assert got.details == expected.details
    assert got.signature == expected.signature


@pytest.mark.text
@pytest.mark.parametrize("metric", ["cleme2", "errant", "m2"])
def test_score_from_lists_with_alignment(metric: str) -> None:
    files = api.load(
        source=EX / "source.txt",
        hypothesis=EX / "hypothesis.txt",
        references=[EX / "reference0.txt", EX / "reference1.txt"],
    )
    expected = api.score(metric, files)
    got = gecscope.score(metric, sources=SOURCES, hypotheses=HYPOTHESES, references=REFERENCES)
    assert (got.value, got.signature) == (expected.value, expected.signature)


def test_references_by_sentence_is_the_transpose() -> None:
    per_sentence = [list(pair) for pair in zip(*REFERENCES, strict=True)]
    a = Examples.from_lists(SOURCES, HYPOTHESES, REFERENCES)
    b = Examples.from_lists(SOURCES, HYPOTHESES, per_sentence, references_by="sentence")
    assert list(a) == list(b)
    # a bare string is one reference; sentences may have different numbers of references
    c = Examples.from_lists(["a b", "c d"], ["a b", "c d"], ["a c", ["c e", "c f"]], references_by="sentence")
    assert [len(e.references) for e in c] == [1, 2]


def test_from_m2_rereads_for_m2_and_errant() -> None:
    # the M2 scorer and ERRANT leave out annotators without lines in a sentence (CLI: 0.7463)
    examples = Examples.from_m2(EX / "hypothesis.m2", EX / "references.m2")
    cli_errant = api.score("errant", api.load(hyp_m2=EX / "hypothesis.m2", ref_m2=EX / "references.m2"))
    assert gecscope.score("errant", examples).value == cli_errant.value
    # the official tools' numbers (tests/golden/example_official.json: errant_compare, official CLEME2.0)
    assert round(gecscope.score("errant", examples).value, 4) == official()["errant"]["f"]
    assert gecscope.score("cleme2", examples).value == official()["CLEME2.0-dep"]["com"]


def test_from_text_and_jsonl(tmp_path: Path) -> None:
    text = Examples.from_text(EX / "source.txt", EX / "hypothesis.txt", [EX / "reference0.txt"])
    path = tmp_path / "data.jsonl"
    write_jsonl(path, text)
    assert list(Examples.from_jsonl(path)) == list(text)
    assert len(text[2:5]) == 3
    assert isinstance(text[2:5], Examples)


def test_from_dataset_mapping() -> None:
    table = {"src": SOURCES, "out": HYPOTHESES, "r0": REFERENCES[0], "r1": REFERENCES[1]}
    by_columns = Examples.from_dataset(table, source="src", hypothesis="out", references=["r0", "r1"])
    assert list(by_columns) == list(Examples.from_lists(SOURCES, HYPOTHESES, REFERENCES))
    with pytest.raises(InputError, match="no column 'hyp'"):
        Examples.from_dataset(table, source="src", hypothesis="hyp", references=["r0"])


@pytest.mark.hf
def test_from_hf_dataset() -> None:
    datasets = pytest.importorskip("datasets")
    per_sentence = [list(pair) for pair in zip(*REFERENCES, strict=True)]
    ds = datasets.Dataset.from_dict({"source": SOURCES, "hypothesis": HYPOTHESES, "references": per_sentence})
    got = Examples.from_dataset(ds)
    assert list(got) == list(Examples.from_lists(SOURCES, HYPOTHESES, REFERENCES))


@pytest.mark.text
def test_spacy_tokenisation() -> None:
    got = gecscope.score(
        "cleme2",
        sources=["He go home."],
        hypotheses=["He goes home."],
        references=[["He goes home."]],
        tokenize="spacy",
    )
    assert got.value == 1.0
    assert "|tok:spacy|" in got.signature
    ex = Examples.from_lists(["He don't go."], ["He doesn't go."], [], tokenize="spacy")
    assert ex[0].source == ("He", "do", "n't", "go", ".")
    assert ex[0].hypothesis.tokens == ("He", "does", "n't", "go", ".")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"sources": ["a b", "c"], "hypotheses": ["a b"], "references": []},
            "hypotheses: has 1 sentences but sources has 2",
        ),
        ({"sources": [], "hypotheses": [], "references": []}, "sources: no sentences"),
        ({"sources": ["a", "  "], "hypotheses": ["a", "b"], "references": []}, "sources:2: empty source sentence"),
        (
            {"sources": ["a", "b"], "hypotheses": ["a", "b"], "references": [["a"]]},
            r"references\[0\]: has 1 sentences but sources has 2",
        ),
        (
            {"sources": ["a"], "hypotheses": ["a"], "references": ["a b"]},
            r"references\[0\]: must be a list of strings, not a single string",
        ),
        (
            {"sources": ["a"], "hypotheses": ["a"], "references": [["a"], ["a"]], "references_by": "sentence"},
            "references: has 2 sentences but sources has 1",
        ),
        ({"sources": "a b", "hypotheses": ["a"], "references": []}, "sources: must be a list of strings"),
        ({"sources": ["a"], "hypotheses": [3], "references": []}, "hypotheses:1: must be a string, got int"),
        ({"sources": ["a"]}, "give examples, or sources"),
    ],
)
def test_bad_input_is_one_line(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=message) as err:
        gecscope.score("green", **kwargs)
    assert "\n" not in str(err.value)


def test_examples_and_lists_together_is_an_error() -> None:
    examples = Examples.from_lists(["a"], ["a"], [["a"]])
    with pytest.raises(InputError, match="not both"):
        gecscope.score("green", examples, sources=["a"], hypotheses=["a"])
    with pytest.raises(ValueError, match="references_by"):
        Examples.from_lists(["a"], ["a"], [["a"]], references_by="column")
    with pytest.raises(ValueError, match="tokenize"):
        Examples.from_lists(["a"], ["a"], [["a"]], tokenize="nltk")


def test_as_dict_and_frames() -> None:
    pandas = pytest.importorskip("pandas")
    from gecscope.frames import score_frame, sentences_frame

    result = gecscope.score("green", sources=SOURCES, hypotheses=HYPOTHESES, references=REFERENCES)
    assert result.as_dict()["signature"] == result.signature
    frame = score_frame(result)
    assert frame.loc[0, "score"] == result.value and frame.loc[0, "level"] == "corpus"
    assert frame.loc[0, "tp_4"] == result.details["tp"][3]
    assert frame.loc[0, "regions.td_1"] == result.details["regions"]["td"][0]
    sentences = sentences_frame(result)
    assert len(sentences) == len(SOURCES)
    assert list(sentences["score"]) == [row["f"] for row in result.sentences]
    assert list(sentences.index) == list(range(1, len(SOURCES) + 1))
    both = score_frame([result, gecscope.score("gleu", sources=SOURCES, hypotheses=HYPOTHESES, references=REFERENCES)])
    assert isinstance(both, pandas.DataFrame)
    assert list(both["metric"]) == ["green", "gleu"]


def test_frames_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    from gecscope.frames import score_frame

    monkeypatch.setitem(sys.modules, "pandas", None)
    result = gecscope.score("green", sources=["a b"], hypotheses=["a b"], references=[["a b"]])
    with pytest.raises(
        MissingExtraError, match=r"data frames needs the 'pandas' extra: pip install 'gecscope\[pandas\]'"
    ):
        score_frame(result)


def test_an_ambiguous_reference_layout_is_refused() -> None:
    sources, hyps = ["a b", "c d"], ["a b", "c d"]
    square = [["a b", "c d"], ["a b", "c e"]]
    with pytest.raises(InputError, match="fit both layouts: pass references_by="):
        gecscope.score("cleme2", sources=sources, hypotheses=hyps, references=square)
    by_annotator = gecscope.score(
        "cleme2", sources=sources, hypotheses=hyps, references=square, references_by="annotator"
    )
    by_sentence = gecscope.score(
        "cleme2", sources=sources, hypotheses=hyps, references=square, references_by="sentence"
    )
    assert by_annotator.value != by_sentence.value
