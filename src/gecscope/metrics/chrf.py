"""chrF++ (Popović 2015, 2017) as sacreBLEU 2.x computes it: character n-grams of orders 1..6 (the
line without white space) and word n-grams of orders 1..2 (words split on white space, one
leading or trailing punctuation mark split off a word longer than one character), F-beta with
beta = 2.

Per order, a sentence counts the hypothesis n-grams (0 when the reference has none of that
order), the reference n-grams and the clipped matches. With several references a sentence takes
the statistics of its reference with the highest sentence chrF (the first on ties); the corpus
score is chrF of the statistics summed over the sentences: precision and recall averaged over
the orders where both the hypothesis and the reference have n-grams (sacreBLEU's "effective
order"), then F-beta of the averages. ``eps_smoothing`` uses chrF++.py's rule instead (the mean of
per-order F, 1e-16 for an empty order). The score is a fraction (sacreBLEU prints it x100).

>>> from gecscope.types import Example, Target
>>> ex = Example(("He", "go", "home", "."), Target(("He", "goes", "home", ".")), (Target(("He", "goes", "home", ".")),))
>>> ChrF().score([ex]).value
1.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.errors import InputError, SettingError
from gecscope.layout import score_layout
from gecscope.metrics import options as o
from gecscope.metrics.base import ConventionChecked, MetricBase, Plan, Summed, references_chosen, signed
from gecscope.metrics.options import check_choices
from gecscope.result import Score
from gecscope.types import Example

FloatArray = NDArray[np.float64]
#: the characters split off the start or end of a word for word n-grams (ASCII punctuation)
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
#: rows of an order's statistics
HYP, REF, MATCH = 0, 1, 2
EPS = 1e-16


@dataclass(frozen=True)
class ChrFConfig(ConventionChecked):
    char_order: int = 6
    word_order: int = 2
    beta: float = 2.0
    lowercase: bool = False
    #: keep white space inside character n-grams (sacreBLEU's ``whitespace``)
    whitespace: bool = False
    #: chrF++.py's smoothing (mean of per-order F) instead of sacreBLEU's effective order
    eps_smoothing: bool = False
    level: str = "corpus"
    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choices(self, o.LEVEL)
        if not 0 <= self.char_order <= 20 or not 0 <= self.word_order <= 10 or self.char_order + self.word_order == 0:
            raise SettingError("char_order must be from 0 to 20 and word_order from 0 to 10, not both 0", "char_order")
        if not 0 < self.beta <= 100 or self.beta != self.beta:
            raise SettingError(f"beta must be more than 0 and at most 100; got {self.beta!r}", "beta")

    @property
    def orders(self) -> int:
        return self.char_order + self.word_order


def words(line: str) -> list[str]:
    """sacreBLEU's chrF words: white-space split, one punctuation mark split off the end (else the start).

    >>> words("(hi) there, you . x")
    ['(hi', ')', 'there', ',', 'you', '.', 'x']
    """
    out: list[str] = []
    for w in line.split():
        if len(w) > 1 and w[-1] in PUNCTUATION:
            out += [w[:-1], w[-1]]
        elif len(w) > 1 and w[0] in PUNCTUATION:
            out += [w[0], w[1:]]
        else:
            out.append(w)
    return out


def ngrams(line: str, cfg: ChrFConfig) -> list[Counter[Any]]:
    """The character n-grams of orders 1..char_order, then the word n-grams of orders 1..word_order."""
    if cfg.lowercase:
        line = line.lower()
    chars = line if cfg.whitespace else "".join(line.split())
    out: list[Counter[Any]] = [
        Counter(chars[i : i + n] for i in range(len(chars) - n + 1)) for n in range(1, cfg.char_order + 1)
    ]
    ws = words(line)
    out += [Counter(tuple(ws[i : i + n]) for i in range(len(ws) - n + 1)) for n in range(1, cfg.word_order + 1)]
    return out


def pair_stats(hyp: list[Counter[Any]], ref: list[Counter[Any]]) -> list[list[int]]:
    """Per order: [hypothesis n-grams (0 when the reference has none), reference n-grams, clipped matches]."""
    out = []
    for h, r in zip(hyp, ref, strict=True):
        matched = sum(min(c, r[g]) for g, c in h.items() if g in r)
        out.append([sum(h.values()) if r else 0, sum(r.values()), matched])
    return out


def chrf_values(stats: Any, beta: float, eps_smoothing: bool = False) -> FloatArray:
    """chrF (a fraction) of statistics ``(..., orders, 3)``, with sacreBLEU's float operations in its order."""
    t = np.asarray(stats, dtype=np.float64)
    factor = beta**2
    hyp, ref, match = t[..., HYP], t[..., REF], t[..., MATCH]
    with np.errstate(divide="ignore", invalid="ignore"):
        prec = np.where(hyp > 0, match / np.where(hyp > 0, hyp, 1), EPS)
        rec = np.where(ref > 0, match / np.where(ref > 0, ref, 1), EPS)
    shape = t.shape[:-2]
    if eps_smoothing:
        score = np.zeros(shape)
        for i in range(t.shape[-2]):
            p, r = prec[..., i], rec[..., i]
            denom = factor * p + r
            with np.errstate(divide="ignore", invalid="ignore"):
                score = score + np.where(denom > 0, (1 + factor) * p * r / np.where(denom > 0, denom, 1), EPS)
        return np.asarray(100 * score / t.shape[-2] / 100, dtype=np.float64)
    avg_p, avg_r, effective = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    for i in range(t.shape[-2]):
        both = (hyp[..., i] > 0) & (ref[..., i] > 0)
        avg_p = np.where(both, avg_p + prec[..., i], avg_p)
        avg_r = np.where(both, avg_r + rec[..., i], avg_r)
        effective = effective + both
    some = effective > 0
    avg_p = np.where(some, avg_p / np.where(some, effective, 1), 0.0)
    avg_r = np.where(some, avg_r / np.where(some, effective, 1), 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        score = (1 + factor) * avg_p * avg_r
        score = score / (factor * avg_p + avg_r)
    return np.asarray(np.where(avg_p + avg_r != 0, 100 * score, 0.0) / 100, dtype=np.float64)


class ChrF(MetricBase):
    name = "chrf"
    layout = score_layout(
        "chrF++",
        "chrF",
        "F-beta of the averaged character and word n-gram precision and recall",
        ("hyp_ngrams", "ref_ngrams", "matches"),
        "per order (characters 1..6, then words 1..2), summed over the corpus at each sentence's best reference",
    )
    needs_edits = False

    def __init__(self, config: ChrFConfig | None = None) -> None:
        self.config = config or ChrFConfig()

    def analyse(self, examples: Sequence[Example]) -> FloatArray:
        """Statistics ``(sentences, references, orders, 3)``."""
        examples = references_chosen(self, examples)
        k = {len(e.references) for e in examples}
        if len(k) > 1 or 0 in k:
            raise InputError("chrF needs the same number (>= 1) of references for every sentence")
        cfg = self.config
        out = np.zeros((len(examples), k.pop() if k else 1, cfg.orders, 3))
        for i, ex in enumerate(examples):
            hyp = ngrams(" ".join(ex.hypothesis.tokens), cfg)
            for j, ref in enumerate(ex.references):
                out[i, j] = pair_stats(hyp, ngrams(" ".join(ref.tokens), cfg))
        return out

    def chosen(self, stats: FloatArray) -> FloatArray:
        """Each sentence's statistics at its best reference (highest sentence chrF, the first on ties)."""
        values = chrf_values(stats, self.config.beta, self.config.eps_smoothing)  # (sentences, refs)
        best = np.argmax(values, axis=1) if len(values) else np.zeros(0, dtype=np.int64)
        return np.asarray(stats[np.arange(len(stats)), best], dtype=np.float64)

    def score_analysis(self, stats: FloatArray) -> Score:
        cfg = self.config
        picked = self.chosen(stats)
        totals = picked.sum(axis=0) if len(picked) else np.zeros((cfg.orders, 3))
        sentences = chrf_values(picked, cfg.beta, cfg.eps_smoothing)
        corpus = float(chrf_values(totals, cfg.beta, cfg.eps_smoothing))
        mean = float(sentences.mean()) if len(sentences) else 0.0
        details: dict[str, Any] = {
            "score": corpus if cfg.level == "corpus" else mean,
            "hyp_ngrams": [int(x) for x in totals[:, HYP]],
            "ref_ngrams": [int(x) for x in totals[:, REF]],
            "matches": [int(x) for x in totals[:, MATCH]],
        }
        rows = tuple({"index": i, "score": float(v)} for i, v in enumerate(sentences))
        fields = {
            "chars": str(cfg.char_order),
            "words": str(cfg.word_order),
            "beta": f"{cfg.beta:g}",
            "case": "lc" if cfg.lowercase else "mixed",
            "space": "yes" if cfg.whitespace else "no",
            "eps": "yes" if cfg.eps_smoothing else "no",
            "level": cfg.level,
        }
        return Score(self.name, details["score"], details, signed(self, fields), rows, layout=self.layout)

    def resampling(self, stats: FloatArray) -> Plan:
        """Each sentence's chosen statistics summed over a resample, then chrF of the totals."""
        cfg = self.config
        return Summed(self.chosen(stats), lambda t: chrf_values(t, cfg.beta, cfg.eps_smoothing))

    def sentence_scores(self, stats: FloatArray) -> list[float]:
        return [float(v) for v in chrf_values(self.chosen(stats), self.config.beta, self.config.eps_smoothing)]


__all__ = ["ChrF", "ChrFConfig", "chrf_values"]
