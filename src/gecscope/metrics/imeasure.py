"""I-measure (Felice and Briscoe 2015): the improvement of a system's weighted accuracy over the
do-nothing baseline's, from token counts of a three-way alignment (:mod:`gecscope.metrics.three_way`).

Facts carried over from the paper and its scorer (mfelice/imeasure, ``m2_to_ixml.py`` then
``ieval.py`` with its defaults; the code is ours):

- **Gold.** The edits of every annotator with lines in the sentence (``numann`` of them) are
  clustered: longest span first (file order on ties), an edit joins the first cluster holding an
  edit it overlaps, else starts one. Overlap: the same span; an insertion overlaps an edit whose
  span strictly contains its point; two other edits when the new one's end falls in ``(start, end]``
  of the other or its start in ``[start, end)``. A cluster is one error; each annotator's edits in
  it are one alternative (corrections with one span joined by a space); an error is required when
  every annotator has an alternative in it, else "no correction" is an alternative too. A
  correction is tokenised as NLTK's ``word_tokenize`` does on CoNLL-2014's corrections (a comma
  not between digits and a final full stop are tokens of their own).
- **References** (``mix``, the default): every combination of one alternative per error whose edits
  have distinct spans, applied right to left (an edit that would empty the sentence is skipped; an
  empty result is the source); ``mix=False``: one reference per annotator, plus the source when an
  annotator has no edits.
- **Counts** per reference, for detection and correction: tp, tn, fp, fn and fpn (a wrong
  correction of a gold error); the baseline's are those of the source as the hypothesis.
  ``WAcc = (w tp + tn) / (w (tp + fp) + tn + fn - (w + 1) fpn / 2)`` (``weight`` w = 2);
  ``I = floor(WAcc)`` when it equals the baseline's ``WAcc_b``, ``(WAcc - WAcc_b) / (1 - WAcc_b)``
  above it, ``WAcc / WAcc_b - 1`` below.
- **Choice** (``optimise=sent``): each sentence keeps the reference that maximises ``maximise``
  (correction WAcc by default), ties broken by the same aspect's I, WAcc and Acc, then the other
  aspect's (metric, I, WAcc, Acc); a full tie keeps the first reference generated (the scorer
  keeps the first in its dictionary's order).
- **Corpus**: the chosen counts and the chosen baseline counts are summed, and WAcc and I computed
  from the sums. The headline is correction I.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.errors import InputError
from gecscope.layout import ACC, HIGHER, PRF, Component, Layout, qualified
from gecscope.metrics.base import ConventionChecked, MetricBase, Plan, Summed, references_chosen, signed
from gecscope.metrics.config import check_choice
from gecscope.metrics.three_way import COUNTS, Tally
from gecscope.result import Score
from gecscope.types import Edit, Example, Target, Tokens

ASPECTS = ("d", "c")
#: a sentence's statistics: detection and correction counts, the baseline's, capped (0/1)
WIDTH = 21
MEASURES = (*COUNTS[:4], "p", "r", "f", "acc", "wacc", "i")
#: the ``maximise`` choices: aspect (d detection, c correction) + measure
MAXIMISE = tuple(a + m for a in ASPECTS for m in MEASURES)
#: a comma not between two digits, and a full stop ending a correction (NLTK's word_tokenize)
_COMMA = re.compile(r"(?<![0-9]),|,(?![0-9])")
_FINAL_STOP = re.compile(r"(?<=[^.\s])\.$")


@dataclass(frozen=True)
class IMeasureConfig(ConventionChecked):
    #: the weight of tp and fp in weighted accuracy
    weight: float = 2.0
    #: F's beta (a detail; it changes the choice only when ``maximise`` is an F)
    beta: float = 1.0
    #: combine the annotators' alternatives per error (the scorer's default); False: one reference per annotator
    mix: bool = True
    #: what each sentence's reference maximises (aspect d/c + tp tn fp fn p r f acc wacc i)
    maximise: str = "cwacc"
    #: the most mixed references of a sentence; a sentence with more takes one per annotator
    #: (the scorer enumerates them all: CoNLL-2014's sentence 333 has 2^34 and never finishes)
    max_references: int = 4096
    #: the largest three-way table (source x hypothesis x reference cells, 4 bytes each) a sentence may take
    max_cells: int = 50_000_000
    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("maximise", self.maximise, MAXIMISE)
        if not 1 <= self.max_cells <= 10**10:
            raise ValueError(f"max_cells must be from 1 to 1e10; got {self.max_cells!r}")
        if not 1 <= self.max_references <= 10**7:
            raise ValueError(f"max_references must be from 1 to 10000000; got {self.max_references!r}")
        if not (math.isfinite(self.weight) and self.weight > 0):
            raise ValueError(f"weight must be a positive number; got {self.weight!r}")
        if not (math.isfinite(self.beta) and self.beta > 0):
            raise ValueError(f"beta must be a positive number; got {self.beta!r}")


def correction_tokens(tokens: Tokens) -> Tokens:
    """A gold correction's tokens as the scorer's converter tokenises them."""
    text = " ".join(tokens)
    text = _FINAL_STOP.sub(" .", _COMMA.sub(" , ", text))
    return tuple(text.split())


def _overlaps(new: tuple[int, int], old: tuple[int, int]) -> bool:
    (s1, e1), (s2, e2) = new, old
    if new == old:
        return True
    if s1 == e1:
        return s2 < s1 < e2
    if s2 == e2:
        return s1 < s2 < e1
    return (s2 < e1 <= e2) or (s2 <= s1 < e2)


GoldEdit = tuple[int, int, str, int]  # start, end, correction text, annotator


def gold_edits(reference: Target) -> list[tuple[int, int, str]]:
    """An annotator's edits (nested ones included), spans and correction texts, in span order."""
    edits: list[Edit] = sorted((*(reference.edits or ()), *reference.nested), key=lambda e: (e.start, e.end))
    return [(e.start, e.end, " ".join(correction_tokens(e.correction))) for e in edits]


Alternative = frozenset[tuple[int, int, str]]


def errors(references: Sequence[Target]) -> tuple[int, list[tuple[bool, dict[int, Alternative]]]]:
    """(numann, [(required, {annotator: alternative})]): the gold's errors, each with its
    annotators' alternatives (sets of (start, end, correction)), in sentence order."""
    annotators = range(len(references))  # the convention's: an absent one is left out or unchanged
    edits: list[GoldEdit] = [(s, e, c, k) for k in annotators for s, e, c in gold_edits(references[k])]
    edits.sort(key=lambda x: x[0] - x[1])
    clusters: list[list[GoldEdit]] = []
    for edit in edits:
        for cluster in clusters:
            if any(_overlaps((edit[0], edit[1]), (x[0], x[1])) for x in cluster):
                cluster.append(edit)
                break
        else:
            clusters.append([edit])
    clusters.sort(key=lambda c: (c[0][0], c[0][1]))
    out = []
    for cluster in clusters:
        by_annotator: dict[int, dict[tuple[int, int], str]] = {}
        for s, e, c, k in sorted(cluster, key=lambda x: x[3]):
            merged = by_annotator.setdefault(k, {})
            merged[(s, e)] = f"{merged[(s, e)]} {c}" if (s, e) in merged else c
        alternatives = {k: frozenset((s, e, c) for (s, e), c in alt.items()) for k, alt in by_annotator.items()}
        out.append((len(by_annotator) == len(annotators), alternatives))
    return len(annotators), out


def corrected(source: Tokens, edits: Sequence[tuple[int, int, str]]) -> Tokens:
    """``source`` with ``edits`` applied right to left; an edit that would empty it is skipped,
    and an empty result is the source."""
    out = list(source)
    for s, e, c in sorted(edits, key=lambda x: (x[0], x[1]), reverse=True):
        before = out[:]
        out[s:e] = c.split()
        if not out:
            out = before
    return tuple(out) if " ".join(out).strip() else source


def candidates(
    source: Tokens, references: Sequence[Target], mix: bool = True, most: int = 4096
) -> tuple[list[Tokens], bool]:
    """(references, capped): the distinct references the gold allows, in the order they are first
    generated; with ``mix``, one per annotator instead when there would be more than ``most``
    mixes (``capped``)."""
    numann, found = errors(references)
    out: dict[Tokens, None] = {}
    if not found:
        return [source], False
    none: list[Alternative] = [frozenset()]
    options = [(none if not required else []) + sorted(set(alts.values()), key=sorted) for required, alts in found]
    capped = mix and math.prod(len(o) for o in options) > most
    if mix and not capped:
        for combination in itertools.product(*options):
            edits = [x for alt in combination for x in alt]
            if len({(s, e) for s, e, _ in edits}) == len(edits):
                out.setdefault(corrected(source, edits) if edits else source)
        return list(out) or [source], False
    annotators = sorted({k for _, alts in found for k in alts})
    if len(annotators) < numann:
        out.setdefault(source)
    for k in annotators:
        out.setdefault(corrected(source, [x for _, alts in found for x in alts.get(k, ())]))
    return list(out), capped


def measures(counts: Any, base: Any, weight: float, beta: float) -> dict[str, Any]:
    """P, R, F, Acc, WAcc, the baseline's WAcc and I of counts ``(..., 5)`` (tp tn fp fn fpn) and
    the baseline's (numbers or arrays)."""
    tp, tn, fp, fn, fpn = (np.asarray(counts)[..., i] for i in range(5))
    p = np.where(tp + fp > 0, tp / np.maximum(tp + fp, 1), 1.0)
    r = np.where(tp + fn > 0, tp / np.maximum(tp + fn, 1), 1.0)
    b2 = beta**2
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.nan_to_num((1 + b2) * ((p * r) / (b2 * p + r)), nan=0.0, posinf=0.0, neginf=0.0)
    seen = tp + tn + fp + fn - fpn
    acc = np.where(seen > 0, (tp + tn) / np.maximum(seen, 1), 1.0)
    wacc = weighted_accuracy(counts, weight)
    wacc_base = weighted_accuracy(base, weight)
    return {"p": p, "r": r, "f": f, "acc": acc, "wacc": wacc, "wacc_base": wacc_base, "i": improvement(wacc, wacc_base)}


def scalar_wacc(tp: int, tn: int, fp: int, fn: int, fpn: int, weight: float) -> float:
    """:func:`weighted_accuracy` of one sentence's counts."""
    denominator = weight * (tp + fp) + tn + fn - (weight + 1) * (fpn / 2)
    return (weight * tp + tn) / denominator if denominator > 0 else 1.0


def scalar_i(wacc: float, base: float) -> float:
    """:func:`improvement` of two numbers."""
    if wacc == base:
        return float(math.floor(wacc))
    return (wacc - base) / (1.0 - base) if wacc > base else wacc / base - 1.0


def weighted_accuracy(counts: Any, weight: float) -> Any:
    """``(w tp + tn) / (w (tp + fp) + tn + fn - (w + 1) fpn / 2)`` (1 when nothing was aligned)."""
    tp, tn, fp, fn, fpn = (np.asarray(counts)[..., i] for i in range(5))
    denominator = weight * (tp + fp) + tn + fn - (weight + 1) * (fpn / 2)
    return np.where(denominator > 0, (weight * tp + tn) / np.where(denominator > 0, denominator, 1.0), 1.0)


def improvement(wacc: Any, base: Any) -> Any:
    """I: floor(WAcc) at the baseline's WAcc, the share of the baseline's shortfall recovered
    above it, the relative loss below it."""
    with np.errstate(divide="ignore", invalid="ignore"):
        above = (wacc - base) / np.where(base < 1, 1.0 - base, 1.0)
        below = wacc / np.where(base > 0, base, 1.0) - 1.0
    return np.where(wacc == base, np.floor(wacc), np.where(wacc > base, above, below))


#: the components: weighted accuracy and the do-nothing baseline's, the correction's P, R, F and accuracy, and
#: the detection's weighted accuracy
COMPONENTS = (
    Component("wacc", "WAcc", HIGHER, "weighted accuracy (correction)"),
    Component("wacc_base", "WAcc_b", HIGHER, "the do-nothing baseline's weighted accuracy"),
    *qualified((*PRF, ACC), "correction"),
    Component("d_wacc", "WAcc (det.)", HIGHER, "weighted accuracy (detection)"),
)
COUNT_MEANING = (
    "token counts of the three-way alignment (correction): TP = right correction, TN = untouched and "
    "right, FP = changed wrongly, FN = error left or miscorrected, fpn = miscorrected error (FP and FN)"
)


class IMeasure(MetricBase):
    name = "i-measure"
    needs_reference_edits = True
    missing_annotators = "absent"
    layout = Layout("I-measure", "i", COMPONENTS, COUNTS, COUNT_MEANING)

    def __init__(self, config: IMeasureConfig | None = None) -> None:
        self.config = config or IMeasureConfig()
        self._tally: Tally | None = None

    def tally(self) -> Tally:
        if self._tally is None:
            self._tally = Tally()
        return self._tally

    def _key(self, counts: NDArray[np.int64], base: NDArray[np.int64]) -> tuple[float, ...]:
        """What the choice maximises, then its tie-breaks (Python floats, as the scorer's)."""
        cfg = self.config
        aspect, measure = cfg.maximise[0], cfg.maximise[1:]
        key: list[float] = []
        for a in (aspect, "c" if aspect == "d" else "d"):
            at = 0 if a == "d" else 5
            tp, tn, fp, fn, fpn = counts[at : at + 5].tolist()
            wacc = scalar_wacc(tp, tn, fp, fn, fpn, cfg.weight)
            btp, btn, bfp, bfn, bfpn = base[at : at + 5].tolist()
            wacc_b = scalar_wacc(btp, btn, bfp, bfn, bfpn, cfg.weight)
            i = scalar_i(wacc, wacc_b)
            seen = tp + tn + fp + fn - fpn
            acc = (tp + tn) / seen if seen > 0 else 1.0
            if measure in ("p", "r", "f"):
                p = tp / (tp + fp) if tp + fp > 0 else 1.0
                r = tp / (tp + fn) if tp + fn > 0 else 1.0
                b2 = cfg.beta**2
                f = (1 + b2) * ((p * r) / (b2 * p + r)) if b2 * p + r else 0.0
                own = {"p": p, "r": r, "f": f}[measure]
            else:
                own = {"tp": tp, "tn": tn, "fp": fp, "fn": fn, "acc": acc, "wacc": wacc, "i": i}[measure]
            key += [float(own), i, wacc, acc]
        return tuple(key)

    def choose(self, example: Example, line: int = 1) -> NDArray[np.int64]:
        """The sentence's statistics at its chosen reference: the system's counts (detection,
        correction), the baseline's, and 1 when its mixes were capped. ``line``: its line, for
        the message refusing a sentence whose alignment would take more than ``max_cells``."""
        tally = self.tally()
        best: tuple[float, ...] | None = None
        chosen = np.zeros(WIDTH, dtype=np.int64)
        src, hyp = example.source, example.hypothesis.tokens
        found, capped = candidates(src, example.references, self.config.mix, self.config.max_references)
        longest = max(len(r) for r in found)
        cells = (len(src) + 1) * (len(hyp) + 1) * (longest + 1)
        if cells > self.config.max_cells:
            raise InputError(
                f"the I-measure's three-way alignment of this sentence needs {cells:,} cells ({len(src)} source, "
                f"{len(hyp)} hypothesis, {longest} reference tokens), more than max_cells {self.config.max_cells:,}",
                None,
                line,
            )
        for ref in found:
            counts, base = tally.counts(src, hyp, ref), tally.counts(src, src, ref)
            key = self._key(counts, base)
            if best is None or key > best:
                best = key
                chosen = np.concatenate([counts, base, [int(capped)]])
        return chosen

    def analyse(self, examples: Sequence[Example]) -> NDArray[np.int64]:
        """Per sentence: the counts (detection, correction) at its chosen reference and the baseline's."""
        chosen = [self.choose(ex, i + 1) for i, ex in enumerate(references_chosen(self, examples))]
        return np.asarray(chosen, dtype=np.int64).reshape(-1, WIDTH)

    def parts(self, totals: Any) -> dict[str, Any]:
        """Every measure of summed statistics ``(..., WIDTH)``."""
        t = np.asarray(totals)
        cfg = self.config
        c = measures(t[..., 5:10], t[..., 15:20], cfg.weight, cfg.beta)
        d = measures(t[..., 0:5], t[..., 10:15], cfg.weight, cfg.beta)
        return {**c, **{f"d_{k}": v for k, v in d.items()}}

    def score_analysis(self, stats: NDArray[np.int64]) -> Score:
        cfg = self.config
        totals = np.asarray(stats, dtype=np.int64).reshape(-1, WIDTH).sum(axis=0)
        parts = {k: float(v) for k, v in self.parts(totals).items()}
        counts = {k: int(totals[5 + i]) for i, k in enumerate(COUNTS)}
        counts.update({f"d_{k}": int(totals[i]) for i, k in enumerate(COUNTS[:4])})
        counts["capped"] = int(totals[20])
        rows = tuple({"index": i, "score": v} for i, v in enumerate(self.sentence_scores(stats)))
        fields = {"w": f"{cfg.weight:g}", "max": cfg.maximise, "mix": f"{cfg.max_references}" if cfg.mix else "no"}
        if cfg.maximise.endswith("f"):
            fields["beta"] = f"{cfg.beta:g}"
        return Score(self.name, parts["i"], {**parts, **counts}, signed(self, fields), rows, layout=self.layout)

    def resampling(self, stats: NDArray[np.int64]) -> Plan:
        return Summed(np.asarray(stats, dtype=np.float64), lambda t: self.parts(t)["i"], self.parts)

    def sentence_scores(self, stats: NDArray[np.int64]) -> list[float]:
        """Each sentence's correction I at its chosen reference (the scorer's ``-per-sent``)."""
        return [float(v) for v in self.parts(np.asarray(stats).reshape(-1, WIDTH))["i"]]


__all__ = ["IMeasure", "IMeasureConfig", "candidates", "correction_tokens"]
