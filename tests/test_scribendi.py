"""Scribendi Score: the pure parts (fuzzywuzzy's token-sort ratio with its Latin-1 quirk, the
distance ratio, the sentence rule, the metric's plumbing with a stand-in for the LM scorer).
The language model half is in test_scribendi_neural.py (marker ``neural``)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.api import get_metric
from gecscope.metrics.scribendi import (
    Scribendi,
    ScribendiConfig,
    fuzzy_process,
    levenshtein_distance_ratio,
    sentence_score,
    token_sort_ratio,
)
from gecscope.types import Example, Target

#: cases that exercise the quirk: Latin-1 letters deleted, other non-ASCII letters kept
QUIRK_CASES = [
    ("Grüße für Sie", "gre fr sie"),
    ("Grüße für Sie", "Grüsse für Sie"),
    ("Grüße für Sie", "Grüße fur Sie"),
    ("Ça coûte très cher .", "Ca coute tres cher ."),
    ("Él está aquí", "El esta aqui"),
    ("über", "uber"),
    ("ÀÉÎÕÜ", "×÷"),  # every character deleted on both sides: equal (100)
    ("ÀÉÎÕÜ", "abc"),  # one side empty after processing: 0
    ("Москва — столица", "столица Москва"),  # Cyrillic is kept (outside U+0080-U+00FF)
    ("Zażółć gęślą jaźń", "Zazolc gesla jazn"),  # Latin Extended-A is kept, ó (U+00F3) is not
    ("naïve café façade", "naive cafe facade"),
    ("A\u00a0non-breaking space", "A non-breaking space"),  # U+00A0 deleted, joining two words
    ("snake_case stays", "snake case stays"),  # '_' is a word character
    ("½ ¼ ² ³ µ", "1/2 1/4 2 3 u"),
    ("a" * 39, "a" * 40),  # 100 * 78/79 ...
    ("abcdefghij" * 2, "abcdefghij" * 2 + "k"),  # round(100 * 40/41) near .5
]


def _oracle() -> object:
    return pytest.importorskip("fuzzywuzzy.fuzz", reason="fuzzywuzzy (the dev extra) is the test oracle")


@pytest.mark.parametrize(("a", "b"), QUIRK_CASES)
def test_token_sort_ratio_equals_fuzzywuzzy(a: str, b: str) -> None:
    fuzz = _oracle()
    assert token_sort_ratio(a, b) == fuzz.token_sort_ratio(a, b)  # type: ignore[attr-defined]
    assert token_sort_ratio(a, b, "unicode") == fuzz.token_sort_ratio(a, b, force_ascii=False)  # type: ignore[attr-defined]


#: letters, digits, punctuation, spaces, the Latin-1 block and some beyond it
TEXT = st.text(
    alphabet=st.sampled_from(list("abcAB Z1,._-'") + [chr(c) for c in range(0x80, 0x100, 7)] + list("żЖ中é\u00a0\t")),
    max_size=30,
)


@settings(max_examples=400, deadline=None)
@given(TEXT, TEXT)
def test_token_sort_ratio_equals_fuzzywuzzy_on_random_text(a: str, b: str) -> None:
    fuzz = _oracle()
    assert token_sort_ratio(a, b) == fuzz.token_sort_ratio(a, b)  # type: ignore[attr-defined]
    assert token_sort_ratio(a, b, "unicode") == fuzz.token_sort_ratio(a, b, force_ascii=False)  # type: ignore[attr-defined]


def _dp_ratio(a: str, b: str) -> float:
    """The distance ratio by its definition: dynamic programming, substitution cost 2."""
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j - 1] + (0 if a[i - 1] == b[j - 1] else 2), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return 1 - prev[len(b)] / (len(a) + len(b))


@settings(max_examples=300, deadline=None)
@given(TEXT.filter(bool), TEXT)
def test_distance_ratio_equals_the_definition(a: str, b: str) -> None:
    assert levenshtein_distance_ratio(a, b) == _dp_ratio(a, b)


@pytest.mark.parametrize(("a", "b"), QUIRK_CASES)
def test_distance_ratio_on_the_quirk_cases(a: str, b: str) -> None:
    assert levenshtein_distance_ratio(a, b) == _dp_ratio(a, b)


def test_the_papers_examples() -> None:
    # Islam and Magnani (2021), Table 1, as the authors' release prints them
    head = "Once the test is done , whether the results should be open to his or her relatives has caused "
    a, b = head + "social extensive controversy.", head + "extensive social controversy."
    assert token_sort_ratio(a, b) == 100
    assert round(levenshtein_distance_ratio(a, b), 5) == 0.94309
    assert token_sort_ratio("We can not let it go .", "We cannot let it go .") == 82
    assert round(levenshtein_distance_ratio("We can not let it go .", "We cannot let it go ."), 4) == 0.9767


def test_quirk_deletes_latin1_only() -> None:
    assert fuzzy_process("Grüße für Sie") == "gre fr sie"
    assert fuzzy_process("Grüße für Sie", "unicode") == "grüße für sie"
    assert fuzzy_process("Łódź ÿ") == "łdź"  # Ł, ź beyond U+00FF stay; ó, ÿ go
    assert token_sort_ratio("für", "fr") == 100
    assert token_sort_ratio("für", "fr", "unicode") == 80


def test_sentence_rule() -> None:
    nan = float("nan")
    assert sentence_score("a", "a", nan, nan, 0, 0, 0.8) == 0
    assert sentence_score("a b", "a c", 2.0, 2.0, 1, 1, 0.8) == -1  # equal perplexity
    assert sentence_score("a b", "a c", 2.0, 3.0, 1, 1, 0.8) == -1  # worse perplexity
    assert sentence_score("a b", "a c", 3.0, 2.0, 0.8, 0.1, 0.8) == 1  # TSR reaches the threshold
    assert sentence_score("a b", "a c", 3.0, 2.0, 0.1, 0.8, 0.8) == 1  # LDR reaches it
    assert sentence_score("a b", "a c", 3.0, 2.0, 0.79, 0.79, 0.8) == -1
    assert sentence_score("a b", "", 3.0, nan, 1, 1, 0.8) == -1  # no perplexity: the comparison fails


class FakeScorer:
    """Mean NLL = number of 'x' characters: fewer is better (stands in for the LM)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def nll(self, texts: Sequence[str]) -> np.ndarray:
        self.asked.extend(texts)
        return np.array([float(t.count("x")) if t else np.nan for t in texts])

    def pair_nll(self, pairs: Sequence[tuple[str, str]]) -> dict[str, float]:
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        return dict(zip(texts, self.nll(texts).tolist(), strict=True))


def _examples(pairs: list[tuple[str, str]]) -> list[Example]:
    return [Example(tuple(s.split()), Target(tuple(h.split())), ()) for s, h in pairs]


def test_metric_scores_sum_and_mean() -> None:
    pairs = [
        ("u v w", "u v w"),  # unchanged: 0
        ("x a b c d e", "a b c d e"),  # lower perplexity, close: +1
        ("a b c", "x a b c"),  # higher perplexity: -1
        ("x q", "totally different words here"),  # lower perplexity, far: -1
        ("x a b c d e", "a b c d e"),  # repeated: scored once by the LM
    ]
    metric = Scribendi()
    fake = FakeScorer()
    metric.use_scorer(fake)  # type: ignore[arg-type]
    analysis = metric.analyse(_examples(pairs))
    assert metric.sentence_scores(analysis) == [0.0, 1.0, -1.0, -1.0, 1.0]
    result = metric.score_analysis(analysis)
    assert result.value == 0.0
    assert result.details["positive"] == 2 and result.details["negative"] == 2 and result.details["unchanged"] == 1
    assert len(fake.asked) == len(set(fake.asked)) == 6
    assert "u v w" not in fake.asked  # unchanged sentences need no LM
    assert result.sentences[1]["ppl_source"] == math.e and math.isnan(result.sentences[0]["tsr"])
    sentence = Scribendi(ScribendiConfig(level="sentence"))
    sentence.use_scorer(fake)  # type: ignore[arg-type]
    assert sentence.score_analysis(analysis).value == 0.0 / 5
    assert "level:sentence" in sentence.signature()


def test_signature_names_every_setting() -> None:
    sig = get_metric("scribendi", threshold=0.7, token_sort="unicode").signature()  # type: ignore[attr-defined]
    assert sig.startswith("scribendi|level:corpus|lm:smollm2-135m|threshold:0.7|tsr:unicode|version:")
    assert "tsr:fuzzywuzzy" in Scribendi().signature()


def test_resampling_reads_the_cached_analysis() -> None:
    from gecscope.metrics import statistics as declared

    metric = Scribendi()
    metric.use_scorer(FakeScorer())  # type: ignore[arg-type]
    analysis = metric.analyse(_examples([("x a b c d e f", "a b c d e f"), ("a b c d", "x a b c d"), ("b", "b")]))
    assert metric.score_analysis(declared(metric).take(analysis, [0, 0, 2])).value == 2.0
    assert metric.score_analysis(declared(metric).stack([analysis, analysis])).value == 0.0


def test_lower_precision_is_signed_and_cached_apart() -> None:
    from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer

    fp32, bf16 = PerplexityConfig(cache=False), PerplexityConfig(cache=False, precision="bf16")
    assert "|lm:smollm2-135m|" in Scribendi(ScribendiConfig(perplexity=fp32)).signature()
    assert "|lm:smollm2-135m@bf16|" in Scribendi(ScribendiConfig(perplexity=bf16)).signature()
    assert PerplexityScorer(fp32).key("a b") != PerplexityScorer(bf16).key("a b")
    with pytest.raises(ValueError, match="precision"):
        PerplexityConfig(precision="int8")


@pytest.mark.parametrize(
    ("options", "message"),
    [({"threshold": 1.5}, "threshold"), ({"token_sort": "ascii"}, "token_sort"), ({"level": "system"}, "level")],
)
def test_bad_settings(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ScribendiConfig(**options)  # type: ignore[arg-type]


@pytest.mark.shared
def test_meta_run_on_seeda_with_a_stand_in_lm(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meta run --metric scribendi`` end to end (the LM replaced by the stand-in above)."""
    import gecscope.metrics.scribendi as module
    from conftest import DATA
    from gecscope.meta.reports.report import meta_run

    monkeypatch.setattr(module, "PerplexityScorer", lambda config: FakeScorer())
    monkeypatch.setattr(module.Scribendi, "check_ready", lambda self: None)  # no 'lm' extra needed
    doc = meta_run(DATA, "seeda", ["scribendi"], "base", "gec-metrics")
    entry = doc["metrics"]["scribendi"]
    assert entry["signature"].startswith("scribendi|level:corpus|lm:smollm2-135m|")
    assert set(entry["system"]) and all(-1 <= c["pearson"] <= 1 for c in entry["system"].values())
    assert all(float(v) == int(v) for v in entry["system_scores"].values())  # sums of -1/0/+1
    assert entry["sentence"]


@pytest.mark.shared
def test_meta_cli_takes_the_settings_and_table1_names_the_model(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meta run --metric scribendi --threshold`` and ``meta table1 --reference-free`` (stand-in LM)."""
    import gecscope.metrics.scribendi as module
    from conftest import DATA
    from gecscope.cli import main
    from gecscope.meta.reports.reference_free import reference_free_rows

    monkeypatch.setattr(module, "PerplexityScorer", lambda config: FakeScorer())
    monkeypatch.setattr(module.Scribendi, "check_ready", lambda self: None)
    argv = ["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "Scribendi Score", "--quiet"]
    assert main([*argv, "--threshold", "0.5", "--token-sort", "unicode", "--format", "json"]) == 0
    signature = json.loads(capsys.readouterr().out)["metrics"]["scribendi"]["signature"]
    assert "|threshold:0.5|tsr:unicode|" in signature
    rows, missing = reference_free_rows(DATA, {"scribendi": {"threshold": 0.5}})
    assert [r.name for r in rows] == ["Scribendi [smollm2-135m]"] and len(rows[0].system_scores) == 13
    assert all(-1 <= v <= 1 for v in rows[0].values())
    assert missing == {
        "LLM-S": "needs an LLM (--llm-model)",
        "LLM-E": "needs an LLM (--llm-model)",
        "SOME": "needs weights",
        "IMPARA": "needs weights",
    }


def test_report_without_references_says_why_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``report`` draws CLEME2.0's per-type breakdown: without --ref it stops before any work."""
    from gecscope.cli import main

    (tmp_path / "src.txt").write_text("He go home .\n")
    (tmp_path / "a.txt").write_text("He goes home .\n")
    argv = ["report", "--metric", "scribendi", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "a.txt")]
    assert main([*argv, "-o", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the report needs references (--ref or --ref-m2)" in err[0]
    assert not (tmp_path / "r.html").exists()
