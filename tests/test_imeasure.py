"""I-measure against its official scorer (mfelice/imeasure, Python 2.7; goldens and the commands
that made them in tests/golden/imeasure/), its three-way alignment, its gold reading, and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import CONLL, examples, require_shared
from gecscope import api
from gecscope.errors import InputError, SettingError
from gecscope.metrics import MAXIMISE, METRICS
from gecscope.metrics import imeasure as im
from gecscope.metrics.three_way import Tally
from gecscope.types import Edit, Example, Target, apply_edits

GOLDEN = Path(__file__).resolve().parent / "golden" / "imeasure"
COMPILED, PLAIN = Tally(), Tally(compiled=False)


def _golden(name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    return found


def _check(system: dict, analysis: object, score: object) -> None:  # type: ignore[type-arg]
    """Every sentence's chosen counts and the corpus rows (counts exact, measures as printed)."""
    rows = [list(map(int, r[:10])) for r in analysis.tolist()]  # type: ignore[attr-defined]
    assert rows == system["sentences"]
    d = score.details  # type: ignore[attr-defined]
    for aspect, prefix in (("correction", ""), ("detection", "d_")):
        want = system["overall"][aspect]
        assert [d.get(f"{prefix}{k}", d["fpn"] if k == "fpn" else None) for k in ("tp", "tn", "fp", "fn")] == [
            want[k] for k in ("tp", "tn", "fp", "fn")
        ]
        for key, col in (("wacc", "wacc"), ("wacc_base", "wacc_b"), ("i", "i"), ("p", "p"), ("r", "r"), ("f", "f")):
            assert f"{d[prefix + key] * 100:.2f}" == f"{want[col]:.2f}", (aspect, key)


def test_the_maximise_choices_are_the_registrys() -> None:
    assert im.MAXIMISE == MAXIMISE


@pytest.mark.parametrize("tally", [COMPILED, PLAIN], ids=["compiled", "plain"])
def test_alignment_counts_equal_the_scorers(tally: Tally) -> None:
    """400 seeded random triples, many with tied alignments: the scorer's counts, column by column."""
    cases = _golden("alignments.json")["cases"]
    got = [tally.counts(tuple(c["source"]), tuple(c["hypothesis"]), tuple(c["reference"])).tolist() for c in cases]
    assert got == [c["counts"] for c in cases]


def test_the_packaged_example_equals_the_scorer() -> None:
    ex = api.load(hypothesis=api.example_dir() / "hypothesis.txt", ref_m2=api.example_dir() / "references.m2")
    metric = METRICS["i-measure"].build()
    analysis = metric.analyse(list(ex))
    _check(_golden("example.json")["systems"]["example"], analysis, metric.score_analysis(analysis))


def _conll(system: str, lines: list[int] | str) -> list[Example]:
    require_shared()
    ex = list(api.load(hypothesis=CONLL / "systems" / f"{system}.txt", ref_m2=CONLL / "official-2014.combined.m2"))
    return ex if isinstance(lines, str) else [ex[i] for i in lines]


SUBSET = _golden("conll14_subset.json") if (GOLDEN / "conll14_subset.json").exists() else {"systems": {}}
NOMIX = _golden("conll14_nomix.json") if (GOLDEN / "conll14_nomix.json").exists() else {"systems": {}}


@pytest.mark.parametrize("system", sorted(SUBSET["systems"]))
def test_conll14_equals_the_scorer_with_its_defaults(system: str) -> None:
    """The scorer's defaults (mixed references, correction WAcc chosen per sentence) on the CoNLL-14
    sentences whose mixes it can enumerate quickly (the golden names them)."""
    metric = METRICS["i-measure"].build()
    analysis = metric.analyse(_conll(system, SUBSET["lines"]))
    _check(SUBSET["systems"][system], analysis, metric.score_analysis(analysis))


@pytest.mark.parametrize("system", sorted(NOMIX["systems"]))
def test_conll14_equals_the_scorer_without_mixing(system: str) -> None:
    """``-nomix`` (one reference per annotator) on the whole CoNLL-14 test set."""
    metric = METRICS["i-measure"].build(mix=False)
    analysis = metric.analyse(_conll(system, NOMIX["lines"]))
    _check(NOMIX["systems"][system], analysis, metric.score_analysis(analysis))


def test_corrections_are_tokenised_as_the_converter_does() -> None:
    assert im.correction_tokens(("known,the",)) == ("known", ",", "the")
    assert im.correction_tokens(("a", "dilemma.")) == ("a", "dilemma", ".")
    assert im.correction_tokens(("1,000", "U.S.")) == ("1,000", "U.S", ".")
    assert im.correction_tokens(("...",)) == ("...",)


def test_corrections_of_conll14_are_tokenised_as_nltk_does() -> None:
    """NLTK's word_tokenize (the converter's) on every CoNLL-14 gold correction."""
    nltk = pytest.importorskip("nltk")
    require_shared()
    for line in (CONLL / "official-2014.combined.m2").read_text(encoding="utf-8").splitlines():
        if line.startswith("A "):
            text = line.split("|||")[2].split("||")[0]
            want = tuple(nltk.word_tokenize(text, preserve_line=True))
            assert im.correction_tokens(tuple(text.split())) == want, text


def _example(src: str, hyp: str, refs: list[list[Edit]]) -> Example:
    s = tuple(src.split())
    return Example(s, Target(tuple(hyp.split())), tuple(Target(apply_edits(s, tuple(r)), tuple(r)) for r in refs))


def test_a_sentence_with_too_many_mixes_takes_one_reference_per_annotator() -> None:
    src = " ".join(f"w{i}" for i in range(13))
    refs = [[Edit(i, i + 1, (f"a{i}",)) for i in range(13)], [Edit(i, i + 1, (f"b{i}",)) for i in range(13)]]
    ex = [_example(src, " ".join(f"a{i}" if i % 2 else f"b{i}" for i in range(13)), refs)]
    capped = api.score("i-measure", ex)
    assert capped.details["capped"] == 1 and "mix:4096" in capped.signature
    assert capped.value == api.score("i-measure", ex, mix=False).value
    full = api.score("i-measure", ex, max_references=10_000)  # 2^13 mixes: the hypothesis is one of them
    assert full.details["capped"] == 0 and full.value == 1.0 and capped.value < 1.0


def test_a_sentence_too_long_to_align_is_refused_naming_its_line() -> None:
    ex = [_example("a b", "a c", [[Edit(1, 2, ("d",))]]), _example("a " * 30, "b " * 30, [[Edit(0, 1, ("c",))]])]
    with pytest.raises(InputError, match=r"^<input>:2: the I-measure's three-way alignment .* max_cells 1,000$"):
        api.score("i-measure", ex, max_cells=1000)


@pytest.mark.parametrize("setting", [{"maximise": "cfoo"}, {"weight": 0.0}, {"max_references": 0}, {"beta": -1.0}])
def test_bad_settings_are_refused(setting: dict) -> None:  # type: ignore[type-arg]
    ex = [_example("a b", "a c", [[Edit(1, 2, ("d",))]])]
    with pytest.raises(SettingError):
        api.score("i-measure", ex, **setting)


def test_empty_hypothesis_and_unchanged_gold() -> None:
    """The scorer on these two lines (an empty output line; a sentence without edits): correction
    TP 0, TN 2, FP 3, FN 1, FPN 1, I -66.67; detection TP 1, FP 2, FN 0, I -37.50."""
    ex = [_example("a b c", "", [[Edit(0, 1, ("x",))]]), _example("d e", "d e", [[]])]
    d = api.score("i-measure", ex).details
    assert [d[k] for k in ("tp", "tn", "fp", "fn", "fpn", "d_tp", "d_fp", "d_fn")] == [0, 2, 3, 1, 1, 1, 2, 0]
    assert (round(d["i"] * 100, 2), round(d["d_i"] * 100, 2)) == (-66.67, -37.5)


WORDS = st.lists(st.sampled_from("abcde"), min_size=1, max_size=7)


@settings(max_examples=examples(300), deadline=None)
@given(WORDS, WORDS, WORDS)
def test_compiled_and_plain_alignments_agree(src: list[str], hyp: list[str], ref: list[str]) -> None:
    s, h, r = tuple(src), tuple(hyp), tuple(ref)
    got = COMPILED.counts(s, h, r)
    assert got.tolist() == PLAIN.counts(s, h, r).tolist()
    assert got[1] + got[3] + got[2] + got[0] >= max(len(s), len(h), len(r))  # every token is in a column


@settings(max_examples=examples(200), deadline=None)
@given(WORDS, st.lists(st.tuples(st.integers(0, 6), st.sampled_from(["", "x", "y z"])), max_size=3))
def test_the_reference_and_the_source_as_hypotheses(src: list[str], raw: list[tuple[int, str]]) -> None:
    """Hypothesis = the reference: I = 1, no FP/FN; hypothesis = source: no TP/FP, I = 0 (1 when nothing to do)."""
    s = tuple(src)
    edits, end = [], -1
    for at, text in sorted(raw):
        if at > end and at < len(s):
            edits.append(Edit(at, at + 1, tuple(text.split())))
            end = at
    assume(apply_edits(s, tuple(edits)))  # the scorer keeps the source for a reference that deletes everything
    ref = Target(apply_edits(s, tuple(edits)), tuple(edits))
    perfect = api.score("i-measure", [Example(s, Target(ref.tokens), (ref,))])
    assert perfect.value == 1.0 and perfect.details["fp"] == 0 and perfect.details["fn"] == 0
    nothing = api.score("i-measure", [Example(s, Target(s), (ref,))])
    assert nothing.details["tp"] == 0 and nothing.details["fp"] == 0
    assert nothing.value == (1.0 if ref.tokens == s else 0.0)
