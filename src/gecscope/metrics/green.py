"""GREEN (Koyama et al., 2024): alignment-free n-gram F-score over seven Venn regions.

For source S, reference R and correction C (n-gram multisets, m = multiplicity):
TD = max(s - max(r, c), 0), TI = max(min(r, c) - s, 0), TK = min(s, r, c),
OD = max(min(s, r) - c, 0), OI = max(c - max(s, r), 0),
UD = max(min(s, c) - r, 0), UI = max(r - max(s, c), 0);
TP = TD + TI + TK, FP = OD + OI, FN = UD + UI per n. Precision and recall per n (P = 1 when
nothing is predicted, R = 0 when nothing is expected), geometric means over n = 1..N, F-beta.
Per sentence the reference with the best sentence GREEN on (F_{1..N}, F_{1..N-1}, ..., F_1)
is chosen (first reference on exact ties); the corpus score sums the chosen counts per n.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.errors import InputError, SettingError
from gecscope.layout import HIGHER, PRF, Component, Layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import ConventionChecked, MetricBase, Plan, SentenceMean, Summed, references_chosen, signed
from gecscope.metrics.ngrams import BLOCK, MAX_ORDER, encode, sentence_grams, split_spaces
from gecscope.metrics.options import check_choice, check_choices
from gecscope.result import Score
from gecscope.scoring import div, f_beta
from gecscope.signature import number
from gecscope.types import Example

REGIONS = ("td", "ti", "tk", "od", "oi", "ud", "ui")
FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class GreenConfig(ConventionChecked):
    unit: str = "word"
    n: int = 0  # 0: the paper's default, 4 for words and 6 for characters
    beta: float = 2.0
    level: str = "corpus"
    strip: bool = True
    #: official: shotakoyama/green (P = 1 if TP+FP = 0, R = 0 if TP+FN = 0; reference chosen on
    #: (F_N, F_N-1, ..., F_1)); gec-metrics: P = 1 if FP = 0, R = 1 if FN = 0, chosen on F_N alone,
    #: words split on single spaces of the stripped line (a no-break space is no separator)
    convention: str = "official"

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choices(self, o.UNIT, o.LEVEL)
        check_choice("convention", self.convention, o.IMPLEMENTATIONS)
        o.check_beta(self.beta)
        if not 0 <= self.n <= MAX_ORDER:  # memory grows with n
            raise SettingError(f"n must be from 1 to {MAX_ORDER} (0 = default); got {self.n}", "n")

    @property
    def order(self) -> int:
        return self.n or (4 if self.unit == "word" else 6)


@dataclass(frozen=True)
class GreenAnalysis:
    """Region counts ``regions[region, sentence, reference, n-1]``; ``present[sentence, ref]``."""

    regions: FloatArray
    present: NDArray[np.bool_]

    def __len__(self) -> int:
        return int(self.regions.shape[1])

    def take(self, idx: Sequence[int] | NDArray[np.int64]) -> GreenAnalysis:
        return GreenAnalysis(self.regions[:, idx], self.present[idx])

    def stack(self, parts: Sequence[GreenAnalysis]) -> GreenAnalysis:
        k = max(a.regions.shape[2] for a in parts)
        regions = [np.pad(a.regions, ((0, 0), (0, 0), (0, k - a.regions.shape[2]), (0, 0))) for a in parts]
        present = [np.pad(a.present, ((0, 0), (0, k - a.present.shape[1]))) for a in parts]
        return GreenAnalysis(np.concatenate(regions, axis=1), np.concatenate(present, axis=0))


def tp_fp_fn(regions: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """TP = TD + TI + TK, FP = OD + OI and FN = UD + UI of region counts (regions on the first axis)."""
    return regions[0:3].sum(axis=0), regions[3:5].sum(axis=0), regions[5:7].sum(axis=0)


def _units(line: str, unit: str, strip: bool, convention: str = "official") -> Sequence[str]:
    """Words (``str.split``; gec-metrics: single spaces, see :func:`split_spaces`) or characters."""
    if unit == "word" and convention == "official":
        return line.split()
    text = line.strip() if strip else line
    return split_spaces(text) if unit == "word" else text


def green_f(
    tp: FloatArray, fp: FloatArray, fn: FloatArray, beta: float, convention: str = "official"
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """(F, P, R) for every prefix order m = 1..N along the last axis (cumulative geometric means)."""
    p_n = div(tp, tp + fp, 1.0)
    r_n = div(tp, tp + fn, 0.0 if convention == "official" else 1.0)  # nothing to find: 0 officially
    orders = np.arange(1, tp.shape[-1] + 1)
    with np.errstate(divide="ignore"):
        p = np.exp(np.cumsum(np.log(p_n), axis=-1) / orders)
        r = np.exp(np.cumsum(np.log(r_n), axis=-1) / orders)
    return f_beta(p, r, beta), p, r


COMPONENTS = (
    *PRF,
    Component("corpus_f", "corpus F", HIGHER, "F of the summed counts"),
    Component("sentence_mean_f", "sentence-mean F", HIGHER, "mean of sentence F"),
)


class Green(MetricBase):
    name = "green"
    layout = Layout("GREEN", "f", COMPONENTS, ("tp", "fp", "fn"), "TP/FP/FN are n-gram counts, one per n = 1..N")
    needs_edits = False

    def __init__(self, config: GreenConfig | None = None) -> None:
        self.config = config or GreenConfig()

    def analyse(self, examples: Sequence[Example]) -> GreenAnalysis:
        """Region counts of every sentence and reference, :data:`BLOCK` sentences at a time (the
        counts of a sentence depend on it alone, so memory stays bounded and the result exact)."""
        examples = references_chosen(self, examples)
        require_references(examples)
        k_max = max((len(e.references) for e in examples), default=0)
        if k_max == 0:
            raise InputError("GREEN needs at least one sentence with a reference")
        parts = [self._analyse_block(examples[i : i + BLOCK], k_max) for i in range(0, len(examples), BLOCK)]
        return parts[0].stack(parts)

    def _analyse_block(self, examples: Sequence[Example], k_max: int) -> GreenAnalysis:
        cfg = self.config
        width = k_max + 2  # segments per sentence: source, hypothesis, references
        seqs: list[Sequence[str]] = []
        present = np.zeros((len(examples), k_max), dtype=bool)
        for i, e in enumerate(examples):
            lines = (e.source_line, e.hypothesis.line, *(r.line for r in e.references))
            seqs += [_units(line, cfg.unit, cfg.strip, cfg.convention) for line in lines]
            seqs += [()] * (k_max - len(e.references))
            present[i, : len(e.references)] = True
        d = len(examples)
        regions = np.zeros((7, d, k_max, cfg.order))
        units, lengths = encode(seqs)
        for n, (sent, counts) in enumerate(sentence_grams(units, lengths, width, cfg.order), 1):
            ms, mc = counts[:, 0], counts[:, 1]  # roles: source, hypothesis, references
            for k in range(k_max):
                mr = counts[:, k + 2]
                vals = (
                    np.maximum(ms - np.maximum(mr, mc), 0),
                    np.maximum(np.minimum(mr, mc) - ms, 0),
                    np.minimum(np.minimum(ms, mr), mc),
                    np.maximum(np.minimum(ms, mr) - mc, 0),
                    np.maximum(mc - np.maximum(ms, mr), 0),
                    np.maximum(np.minimum(ms, mc) - mr, 0),
                    np.maximum(mr - np.maximum(ms, mc), 0),
                )
                for g, v in enumerate(vals):
                    regions[g, :, k, n - 1] = np.bincount(sent, weights=v, minlength=d)
        return GreenAnalysis(regions, present)

    def choose(self, analysis: GreenAnalysis) -> tuple[list[int], FloatArray]:
        """Each sentence's best present reference (the first on ties: ``max`` keeps it) and its
        region counts (7, D, N)."""
        f, _, _ = green_f(*tp_fp_fn(analysis.regions), self.config.beta, self.config.convention)
        depth = f.shape[2] if self.config.convention == "official" else 1  # F_N, F_N-1, ... or F_N alone
        rows = zip(f[:, :, ::-1][:, :, :depth].tolist(), analysis.present.tolist(), strict=True)
        chosen = [
            max((k for k, p in enumerate(present) if p), key=keys.__getitem__, default=0) for keys, present in rows
        ]
        return chosen, analysis.regions[:, np.arange(len(chosen)), chosen, :]

    def score_analysis(self, analysis: GreenAnalysis) -> Score:
        cfg = self.config
        chosen, pick = self.choose(analysis)
        tp, fp, fn = tp_fp_fn(pick)
        sent_f = green_f(tp, fp, fn, cfg.beta, cfg.convention)[0][:, -1]
        f, p, r = (x[-1] for x in green_f(tp.sum(0), fp.sum(0), fn.sum(0), cfg.beta, cfg.convention))
        sent_mean = float(sent_f.mean()) if len(sent_f) else 0.0
        details: dict[str, Any] = {
            "f": float(f) if cfg.level == "corpus" else sent_mean,
            "p": float(p),
            "r": float(r),
            "corpus_f": float(f),
            "sentence_mean_f": sent_mean,
            "tp": tp.sum(0).tolist(),
            "fp": fp.sum(0).tolist(),
            "fn": fn.sum(0).tolist(),
            "regions": {name: pick[g].sum(0).tolist() for g, name in enumerate(REGIONS)},
            "references_chosen": np.bincount(
                np.asarray(chosen, dtype=np.int64), minlength=analysis.regions.shape[2]
            ).tolist(),
        }
        per_sentence = zip(chosen, sent_f.tolist(), pick.transpose(1, 0, 2).tolist(), strict=True)
        rows = tuple(
            {"index": i, "reference": k, "f": f_i, **dict(zip(REGIONS, regions, strict=True))}
            for i, (k, f_i, regions) in enumerate(per_sentence)
        )
        fields = {
            "unit": cfg.unit,
            "n": str(cfg.order),
            "beta": number(cfg.beta),
            "level": cfg.level,
            "strip": "yes" if cfg.strip else "no",
            "convention": cfg.convention,
        }
        return Score(self.name, details["f"], details, signed(self, fields), rows, layout=self.layout)

    def resampling(self, analysis: GreenAnalysis) -> Plan:
        """Sentence level: the mean of sentence F; corpus: the chosen references' counts summed."""
        if self.config.level == "sentence":
            return SentenceMean(np.asarray(self.sentence_scores(analysis), dtype=np.float64))
        stats = np.stack(tp_fp_fn(self.choose(analysis)[1]), axis=1)  # (D, 3, N)
        beta, convention = self.config.beta, self.config.convention

        def parts(t: FloatArray) -> dict[str, FloatArray]:
            f, p, r = green_f(t[:, 0], t[:, 1], t[:, 2], beta, convention)
            return {"p": p[:, -1], "r": r[:, -1], "f": f[:, -1], "corpus_f": f[:, -1]}

        return Summed(stats, lambda t: parts(t)["f"], parts)

    def sentence_scores(self, analysis: GreenAnalysis) -> list[float]:
        """GREEN of every sentence against its chosen reference."""
        return [float(row["f"]) for row in self.score_analysis(analysis).sentences]
