"""``convention="gec-metrics"`` equals gec-metrics 0.1.1 (GLEU, GLEUOfficial, GREEN).

gec-metrics splits on single spaces (leading, trailing and double spaces give empty tokens, a
no-break space is no separator) of the lines as its meta-evaluation reads them (``rstrip()``;
GREEN also ``strip()``s), and its GLEU gives an order without false positives precision 1 — also
when the corpus has no n-gram of that order.

Golden numbers: CoNLL-2014 NTHU (lines 37 and 39 start with a space) from
``shared/golden/metaeval.json`` (gec-metrics' GJG15 run); SEEDA REF-M (line 1256 has a no-break
space) and the edge cases from gec-metrics 0.1.1's ``GLEU``, ``GLEUOfficial`` and ``GREEN``
classes (the PyPI wheel's metrics/gleu.py, green.py and base.py, loaded without the package's
torch-dependent ``__init__``), called as ``score_corpus(srcs, hyps, [[ref] for ref in refs])``
/ ``score_sentence`` on lines read with ``open(p).read().rstrip().split('\\n')`` and ``rstrip()``
per line (its ``meta_eval.utils.read_lines``); default configs, GREEN-char ``n=6, unit='char'``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONLL, DATA, SYSTEMS, golden, require_shared
from gecscope import api
from gecscope.metrics.gleu import Gleu, GleuConfig
from gecscope.metrics.green import Green, GreenConfig
from gecscope.types import Example

METRICS = {
    "GLEU": lambda: Gleu(GleuConfig(variant="corrected", sampling="py3", convention="gec-metrics")),
    "GLEUOfficial": lambda: Gleu(GleuConfig(sampling="py3", convention="gec-metrics")),
    "SentGLEU": lambda: Gleu(
        GleuConfig(variant="corrected", sampling="py3", convention="gec-metrics", level="sentence")
    ),
    "GREEN-word": lambda: Green(GreenConfig(convention="gec-metrics")),
    "GREEN-char": lambda: Green(GreenConfig(unit="char", n=6, convention="gec-metrics")),
    "SentGREEN-word": lambda: Green(GreenConfig(convention="gec-metrics", level="sentence")),
}

#: (source, hypothesis, references) -> gec-metrics 0.1.1
EDGES = {
    "no 4-grams": (
        ("He go .", "He goes .", ("He goes .", "He went .")),
        {"GLEU": 0.454, "GLEUOfficial": 0.454, "SentGLEU": 0.5, "GREEN-word": 1.0, "GREEN-char": 1.0},
    ),
    "spaces": (
        (
            " He  go to\u00a0home every day .",
            "He  goes to\u00a0home every day .  ",
            ("He goes home every day .", " He goes to\u00a0home every day ."),
        ),
        {
            "GLEU": 0.33979380559950784,
            "GLEUOfficial": 0.33979380559950784,
            "SentGLEU": 0.3111664886442392,
            "GREEN-word": 0.8265833517436755,
            "GREEN-char": 0.9158452809467634,
        },
    ),
    "empty hypothesis": (
        ("He go home .", "", ("He goes home .", "He went home .")),
        {
            "GLEU": 0.049787068367863646,
            "GLEUOfficial": 0.049787068367863646,
            "SentGLEU": 0.049787068367863944,
            "GREEN-word": 0.522734530797185,
            "GREEN-char": 0.3946409368422967,
        },
    ),
}

#: SEEDA REF-M (whole file, 1,312 lines) against the CoNLL-2014 sources and REF0/REF1
REF_M = {
    "GLEU": 0.6622786582386379,
    "GLEUOfficial": 0.6727725268915177,
    "SentGLEU": 0.6495478413795943,
    "GREEN-word": 0.8588824601233062,
    "GREEN-char": 0.9382060701366325,
    "SentGREEN-word": 0.8747284843843235,
}


def load(tmp_path: Path, source: str, hypothesis: str, references: tuple[str, ...]) -> list[Example]:
    def write(name: str, line: str) -> Path:
        (tmp_path / name).write_text(line + "\n", encoding="utf-8")
        return tmp_path / name

    refs = [write(f"ref{k}.txt", r) for k, r in enumerate(references)]
    return api.load(source=write("src.txt", source), hypothesis=write("hyp.txt", hypothesis), references=refs)


@pytest.mark.parametrize("case", list(EDGES))
def test_edge_cases_equal_gec_metrics(tmp_path: Path, case: str) -> None:
    sentence, want = EDGES[case]
    examples = load(tmp_path, *sentence)
    for name, value in want.items():
        assert METRICS[name]().score(examples).value == pytest.approx(value, abs=1e-12), name


def test_no_ngram_of_an_order_is_precision_one_only_under_gec_metrics(tmp_path: Path) -> None:
    examples = load(tmp_path, *EDGES["no 4-grams"][0])
    assert Gleu(GleuConfig(variant="corrected", sampling="py3")).score(examples).value == 0.0  # the official rule
    assert "ws:space" in METRICS["GLEU"]().score(examples).signature


def corpus(hypothesis: Path) -> list[Example]:
    require_shared()
    return api.load(
        source=CONLL / "sources.txt", hypothesis=hypothesis, references=[CONLL / "REF0.txt", CONLL / "REF1.txt"]
    )


@pytest.mark.shared
def test_nthu_leading_spaces_equal_gec_metrics_gjg15_run() -> None:
    gold = golden("metaeval.json")["gjg15"]["system"]
    examples = corpus(CONLL / "systems" / "NTHU.txt")
    assert examples[36].hypothesis.line.startswith(" ") and examples[38].hypothesis.line.startswith(" ")
    for name, metric in METRICS.items():
        want = gold[name]["system_scores"]["NTHU"]
        assert metric().score(examples).value == pytest.approx(want, abs=1e-12), name


@pytest.mark.shared
def test_seeda_ref_m_no_break_space_equals_gec_metrics() -> None:
    examples = corpus(DATA / "seeda" / "outputs" / "all" / "REF-M.txt")
    assert "\u00a0" in examples[1255].hypothesis.line
    for name, want in REF_M.items():
        assert METRICS[name]().score(examples).value == pytest.approx(want, abs=1e-12), name


@pytest.mark.shared
@pytest.mark.conformance
@pytest.mark.parametrize("system", SYSTEMS)
def test_gjg15_every_system_equals_gec_metrics(system: str) -> None:
    gold = golden("metaeval.json")["gjg15"]["system"]
    examples = corpus(CONLL / "systems" / f"{system}.txt")
    for name, metric in METRICS.items():
        want = gold[name]["system_scores"][system]
        assert metric().score(examples).value == pytest.approx(want, abs=1e-12), (system, name)


def test_in_memory_strings_are_not_stripped_as_gec_metrics_classes() -> None:
    """Issue 34: gec-metrics strips lines only when its reader reads files; its ``GLEU`` class
    given strings scores the trailing space. Golden: gec-metrics 0.1.1 (``pip download --no-deps
    gec-metrics==0.1.1``, metrics/{base,green,gleu}.py loaded without the package ``__init__``),
    ``GLEU(GLEU.Config()).score_corpus(srcs, hyps, refs)`` on these strings: 0.6771978914286414."""
    got = api.score(
        "gleu",
        sources=["He go to school every day ."],
        hypotheses=["He goes to school every day . "],
        references=[["He goes to school every day ."], ["He went to school every day ."]],
        variant="corrected",
        sampling="py3",
        whitespace="unicode",
        convention="gec-metrics",
    )
    assert got.value == pytest.approx(0.6771978914286414, abs=1e-12)


def test_the_same_line_read_from_a_file_is_stripped(tmp_path: Path) -> None:
    sentence = ("He go to school every day .", "He goes to school every day . ", ("He goes to school every day .",))
    from_file = METRICS["GLEU"]().score(load(tmp_path, *sentence)).value
    stripped = sentence[0], sentence[1].rstrip(), sentence[2]
    in_memory = api.score(
        "gleu",
        sources=[stripped[0]],
        hypotheses=[stripped[1]],
        references=[[stripped[2][0]]],
        variant="corrected",
        sampling="py3",
        convention="gec-metrics",
    ).value
    assert from_file == in_memory
