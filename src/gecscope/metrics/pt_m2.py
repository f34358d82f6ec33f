"""PT-M2 and PT-ERRANT (Gong et al., 2022): M2 / ERRANT with edits weighted by PTScore.

Per sentence and annotator: the hypothesis edits (M2's lattice path for that annotator, or the
ERRANT edits) and the annotator's gold edits are weighted, each by
``w = |F1(X', R) - F1(X, R)|`` where ``X'`` is the source with only that edit applied, ``R`` the
annotator's reference and F1 BERTScore. Then correct = the weights of matched hypothesis edits,
proposed = the weights of all hypothesis edits, gold = the weights of all gold edits; annotators
are chosen greedily on the running F (then more correct, then less proposed + beta^2 * gold), as
the official PT-M2 code does for both. At sentence level a sentence whose weights are all 0 gets
uniform weights 1/n (the official sentence-level rule) and the score is the mean of sentence F.
The official code uses bert-base-uncased layer 9 with baseline rescaling; rescaling divides every
weight by the same constant, so it cannot change a PT-M2 score.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from gecscope.extras import encoder_extra, require
from gecscope.layout import Layout, prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import ConventionChecked, MetricBase, references_chosen, signed
from gecscope.metrics.counts import M2Counts
from gecscope.metrics.errant import edit_keys
from gecscope.metrics.m2 import M2, M2Config, m2_prf
from gecscope.metrics.maxmatch import gold_matches
from gecscope.metrics.options import check_choices
from gecscope.result import Score
from gecscope.scoring import best_choice, greedy_choice, m2_key
from gecscope.signature import number
from gecscope.types import Example
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.similarity import SimilarityWeighting

#: an edit as PT-M2 weighs it: (start, end, replacement text)
Span = tuple[int, int, str]


@dataclass(frozen=True)
class AnnotatorEdits:
    reference: str
    hyp: tuple[Span, ...]
    gold: tuple[Span, ...]
    #: one entry per match (an M2 hypothesis edit may match several gold edits)
    correct: tuple[Span, ...]


@dataclass(frozen=True)
class PTAnalysis:
    """The cached statistics: per sentence, its source text and one entry per annotator."""

    sources: tuple[tuple[str, ...], ...]
    annotators: tuple[tuple[AnnotatorEdits, ...], ...]


@dataclass(frozen=True)
class PTConfig(ConventionChecked):
    level: str = "corpus"
    beta: float = 0.5
    max_unchanged_words: int = 2
    similarity: SimilarityConfig = field(default_factory=SimilarityConfig)

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choices(self, o.LEVEL)
        o.check_beta(self.beta)
        o.MAX_UNCHANGED.check(self.max_unchanged_words)


def apply_one(source: Sequence[str], edit: Span) -> str:
    """The source with only ``edit`` applied, tokens joined by single spaces."""
    start, end, text = edit
    return " ".join([*source[:start], *text.split(), *source[end:]])


class PTBase(MetricBase):
    name = "pt"
    layout: Layout
    needs_edits = True
    missing_annotators = "absent"

    def check_ready(self) -> None:
        """The similarity encoder's extra."""
        require(encoder_extra(self.config.similarity), f"--metric {self.name} with similarity weights")

    def __init__(self, config: PTConfig | None = None) -> None:
        self.config = config or PTConfig()

    @functools.cached_property
    def weighting(self) -> SimilarityWeighting:
        return SimilarityWeighting(self.config.similarity)

    def use_weighting(self, weighting: SimilarityWeighting) -> None:
        self.__dict__["weighting"] = weighting

    def annotators(self, ex: Example) -> tuple[AnnotatorEdits, ...]:
        raise NotImplementedError

    def analyse(self, examples: Sequence[Example]) -> PTAnalysis:
        examples = references_chosen(self, examples)
        require_references(examples)
        return PTAnalysis(tuple(ex.source for ex in examples), tuple(self.annotators(ex) for ex in examples))

    def weighted_counts(self, analysis: PTAnalysis, sentence_level: bool) -> list[tuple[M2Counts, ...]]:
        index: dict[tuple[str, str], int] = {}

        def slot(cand: str, ref: str) -> int:
            return index.setdefault((cand, ref), len(index))

        plans = []
        for source, annotators in zip(analysis.sources, analysis.annotators, strict=True):
            x = " ".join(source)
            row = []
            for a in annotators:
                edits = list(dict.fromkeys((*a.hyp, *a.gold)))
                row.append((a, slot(x, a.reference), {e: slot(apply_one(source, e), a.reference) for e in edits}))
            plans.append(row)
        pairs = list(index)
        f1 = self.weighting.scorer.f1(pairs) if pairs else np.zeros(0)

        def counts(a: AnnotatorEdits, base: int, where: dict[Span, int]) -> M2Counts:
            w = {e: abs(float(f1[i]) - float(f1[base])) for e, i in where.items()}
            if sentence_level and w and sum(w.values()) == 0:
                w = {e: 1.0 / len(w) for e in w}
            return M2Counts(*(sum(w[e] for e in edits) for edits in (a.correct, a.hyp, a.gold)))

        return [tuple(counts(*plan) for plan in row) for row in plans]

    def score_analysis(self, analysis: PTAnalysis) -> Score:
        beta = self.config.beta
        sentence = self.config.level == "sentence"
        counts = self.weighted_counts(analysis, sentence)
        if sentence:
            chosen = best_choice(counts, lambda c: (c.f(beta),))
        else:
            chosen = greedy_choice(counts, M2Counts(), lambda t, c: m2_key((t.correct, t.proposed, t.gold), c, (beta,)))
        picked = [options[j] for options, j in zip(counts, chosen, strict=True)]
        total = sum(picked, M2Counts())
        p, r, f = m2_prf(total.correct, total.proposed, total.gold, beta)
        if sentence:
            f = sum(c.f(beta) for c in picked) / len(picked) if picked else 0.0
        details: dict[str, Any] = {"f": f, "p": p, "r": r, **asdict(total)}
        rows = tuple(
            {"index": i, "reference": j, "f": c.f(beta), **asdict(c)}
            for i, (j, c) in enumerate(zip(chosen, picked, strict=True))
        )
        fields = {
            "level": self.config.level,
            "beta": number(beta),
            "weight": self.config.similarity.signature(),
        }
        return Score(self.name, f, details, signed(self, fields), rows, layout=self.layout)

    def sentence_scores(self, analysis: PTAnalysis) -> list[float]:
        beta = self.config.beta
        return [max(c.f(beta) for c in options) for options in self.weighted_counts(analysis, True)]


class PTM2(PTBase):
    """PT-M2: the M2 scorer's edits (lattice path per annotator), PTScore-weighted."""

    name = "pt-m2"
    layout = prf_layout("PT-M2", ("correct", "proposed", "gold"), "summed PTScore weights of edits")
    needs_edits = False
    needs_reference_edits = True

    def annotators(self, ex: Example) -> tuple[AnnotatorEdits, ...]:
        m2 = M2(M2Config(max_unchanged_words=self.config.max_unchanged_words))
        refs = ex.references or ()
        out = []
        for k, (edits, gold) in enumerate(m2.annotator_edits(ex)):
            hyp = tuple((e[0], e[1], e[3]) for e in edits)
            gold_spans = tuple((g[0], g[1], g[3][0]) for g in gold)
            matches = zip(edits, gold_matches(edits, gold), strict=True)
            correct = [(e[0], e[1], e[3]) for e, hits in matches for _ in hits]
            reference = " ".join(refs[k].tokens) if k < len(refs) else " ".join(ex.source)
            out.append(AnnotatorEdits(reference, hyp, gold_spans, tuple(correct)))
        return tuple(out)


class PTErrant(PTBase):
    """PT-ERRANT: ERRANT's span-correction edits (UNK ignored), PTScore-weighted."""

    name = "pt-errant"
    layout = prf_layout("PT-ERRANT", ("correct", "proposed", "gold"), "summed PTScore weights of edits")

    def annotators(self, ex: Example) -> tuple[AnnotatorEdits, ...]:
        def spans(keys: dict[Any, list[str]]) -> tuple[Span, ...]:
            return tuple((k[0], k[1], " ".join(k[2])) for k in keys)

        hyp = spans(edit_keys(ex.hypothesis.edits or (), "cs"))
        out = []
        for ref in ex.references or ():
            gold = spans(edit_keys(ref.edits or (), "cs"))
            gold_set = set(gold)
            out.append(AnnotatorEdits(" ".join(ref.tokens), hyp, gold, tuple(e for e in hyp if e in gold_set)))
        return tuple(out) or (AnnotatorEdits(" ".join(ex.source), hyp, (), ()),)
