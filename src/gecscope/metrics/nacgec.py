"""NaCGEC / NLPCC-2023 Shared Task 1 as its README describes it (masr2000/NaCGEC @ da54f1e; no
scoring script was released): 0.5 x F0.5 of the M2 scorer on THULAC words + 0.5 x F0.5 of
ChERRANT on characters (the leaderboard's arithmetic: 49.42 and 45.26 give 47.34, unrounded).

* characters: ChERRANT (:mod:`gecscope.metrics.cherrant`) on the examples' char edits (``--lang zh``);
* words: every line joined and segmented by THULAC (``thulac`` from PyPI, its bundled model,
  ``seg_only``: the optional extra ``thulac``), the gold word edits aligned from source and
  reference words (``word_gold="levenshtein"``: how the task built its word-level gold is not
  published), then M2 (:mod:`gecscope.metrics.m2`, scorer 3.2) on the source and hypothesis words.

Unknowns of the description are settings in the signature: the gold alignment, THULAC's mode and
version, the M2 lattice. The score is therefore a reconstruction, not an official oracle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gecscope.layout import HIGHER, Component, Layout
from gecscope.metrics.base import ConventionChecked, MetricBase, references_chosen, signed
from gecscope.metrics.cherrant import Cherrant, CherrantConfig
from gecscope.metrics.config import check_choice
from gecscope.metrics.counts import EditCounts, EditTable, M2Counts, M2Table
from gecscope.metrics.m2 import M2, M2Config
from gecscope.result import Score
from gecscope.signature import number
from gecscope.types import Example, Target, Tokens

PARTS = ("word", "char")


@cache
def thulac_cut() -> Any:
    """THULAC's segmenter (segmentation only), loaded once (about 2 s)."""
    try:
        import thulac
    except ImportError:
        from gecscope.errors import MissingExtraError

        raise MissingExtraError("nacgec's word part (THULAC)", "thulac") from None
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # it prints "Model loaded succeed" on standard output
        return thulac.thulac(seg_only=True)


def thulac_version() -> str:
    from importlib.metadata import version

    return version("thulac")


def words(tokens: Tokens) -> Tokens:
    """THULAC's words of the line the char tokens spell."""
    text = "".join(tokens)
    return tuple(thulac_cut().cut(text, text=True).split()) if text else ()


@dataclass(frozen=True)
class NacgecConfig(ConventionChecked):
    beta: float = 0.5
    #: how the word-level gold edits are built from source and reference words
    word_gold: str = "levenshtein"
    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("word_gold", self.word_gold, ("levenshtein",))
        CherrantConfig(beta=self.beta)  # its checks of beta


@dataclass(frozen=True)
class NacgecAnalysis:
    """Per sentence: ChERRANT's counts per reference and M2's per annotator (word level)."""

    chars: tuple[tuple[EditCounts, ...], ...]
    words: tuple[tuple[M2Counts, ...], ...]


def _component(key: str, label: str, meaning: str) -> Component:
    return Component(key, label, HIGHER, meaning)


class Nacgec(MetricBase):
    name = "nacgec"
    layout = Layout(
        "NaCGEC (0.5 word M2 F0.5 + 0.5 char ChERRANT F0.5)",
        "score",
        (
            _component("score", "score", "0.5 x word F0.5 + 0.5 x char F0.5"),
            _component("word_f", "word F", "M2 F-beta on THULAC words"),
            _component("char_f", "char F", "ChERRANT F-beta on characters"),
            _component("word_p", "word P", "M2 precision"),
            _component("word_r", "word R", "M2 recall"),
            _component("char_p", "char P", "ChERRANT precision"),
            _component("char_r", "char R", "ChERRANT recall"),
        ),
        ("word_tp", "word_fp", "word_fn", "char_tp", "char_fp", "char_fn"),
        "per part: TP = correct edits, FP = wrong or unnecessary edits, FN = missed edits",
    )
    needs_edits = True  # the char part reads the char edits
    missing_annotators = "absent"

    def __init__(self, config: NacgecConfig | None = None) -> None:
        self.config = config or NacgecConfig()
        self.cherrant = Cherrant(CherrantConfig(beta=self.config.beta, missing_annotators="absent"))
        self.m2 = M2(M2Config(beta=self.config.beta, algorithm="exact", missing_annotators="absent"))

    def check_ready(self) -> None:
        thulac_cut()

    def word_example(self, ex: Example) -> Example:
        """``ex`` in THULAC words, each reference with its Levenshtein word edits."""
        from gecscope.align.levenshtein import LevenshteinAligner

        source = words(ex.source)
        refs = [words(r.tokens) for r in ex.references]
        found = LevenshteinAligner().edits_batch([(source, r) for r in refs])
        targets = tuple(Target(r, edits) for r, edits in zip(refs, found, strict=True))
        return Example(source, Target(words(ex.hypothesis.tokens)), targets, ex.id)

    def analyse(self, examples: Sequence[Example]) -> NacgecAnalysis:
        examples = references_chosen(self, examples)
        chars = tuple(self.cherrant.sentence_counts(ex) for ex in examples)
        return NacgecAnalysis(chars, tuple(self.m2.sentence_counts(self.word_example(ex)) for ex in examples))

    def parts(self, analysis: NacgecAnalysis) -> tuple[Score, Score]:
        return self.m2.score_analysis(M2Table.of(analysis.words)), self.cherrant.score_analysis(
            EditTable.of(analysis.chars)
        )

    def score_analysis(self, analysis: NacgecAnalysis) -> Score:
        word, char = self.parts(analysis)
        details: dict[str, Any] = {"score": 0.5 * word.value + 0.5 * char.value}
        for part, score in zip(PARTS, (word, char), strict=True):
            details.update({f"{part}_{k}": score.details[k] for k in ("f", "p", "r", "tp", "fp", "fn")})
        fields = {
            "beta": number(self.config.beta),
            "words": f"thulac-{thulac_version()}+seg_only",
            "word_gold": self.config.word_gold,
            "word_m2": f"m2-{self.m2.config.edit_lattice}",
            "char": "cherrant+alignments:all",
        }
        rows = tuple({"index": i, "score": v} for i, v in enumerate(self.sentence_scores(analysis)))
        return Score(self.name, details["score"], details, signed(self, fields), rows, layout=self.layout)

    def sentence_scores(self, analysis: NacgecAnalysis) -> list[float]:
        """The mean of the two parts' sentence F-beta."""
        word = self.m2.sentence_scores(M2Table.of(analysis.words))
        char = self.cherrant.sentence_scores(EditTable.of(analysis.chars))
        return [0.5 * w + 0.5 * c for w, c in zip(word, char, strict=True)]


__all__ = ["Nacgec", "NacgecConfig"]
