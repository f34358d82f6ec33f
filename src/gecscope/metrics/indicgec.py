"""The IndicGEC-2025 score (BHASHA 2025; Pramit18142/IndicGEC2025 ``score.py``), which the task
calls "GLEU" but which is not Napoles' GLEU: the mean over n = 1..4 of min(P_n, R_n), where P_n
and R_n are the clipped n-gram matches between hypothesis and reference divided by the
hypothesis's and the reference's n-grams, each pooled over the corpus. The source plays no part;
there is no brevity penalty, geometric mean or smoothing. The official script prints it x100
(``gleu: 80.750152``); the score here is the fraction, ``--format official`` prints the line.

Tokens are those of Python ``re``'s ``\\w+|[^\\w\\s]`` on each line (:func:`indic_tokens`):
``re``'s word characters are those ``str.isalnum()`` accepts plus ``_``, so every combining
mark (Indic vowel signs, virama, anusvara, nukta) is a token of its own and splits the word
around it. The metric tokenises each line as read (``tokens="python-re"``, the official one),
whatever ``--tokenize`` did (the regex's tokens of tokens joined by spaces are the regex's tokens
of the line); ``tokens="given"`` counts the tokens as the examples have them.

Several references (the task has one): every (hypothesis, reference) pair of a sentence counts,
as if the sentence were listed once per reference; with one reference that is the official score.
The missing-annotator convention is ``unchanged`` (an annotator without a line is the source).

>>> indic_tokens("किताब x_y 3.5")
['क', 'ि', 'त', 'ा', 'ब', 'x_y', '3', '.', '5']
>>> counts = ngram_counts([["a", "b", "c", "d"]], [["a", "b", "c", "d"]], 4)
>>> counts.tolist(), indic_score(counts)
([[[4, 3, 2, 1], [4, 3, 2, 1], [4, 3, 2, 1]]], 1.0)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.errors import InputError
from gecscope.layout import HIGHER, Component, Layout
from gecscope.metrics.base import ConventionChecked, MetricBase, Plan, Summed, references_chosen, signed
from gecscope.metrics.config import check_choice
from gecscope.result import Score
from gecscope.types import Example

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
#: the official script's tokens (Python ``re``, not the ``regex`` module)
PATTERN = r"\w+|[^\w\s]"
#: the official orders
ORDERS = 4
#: rows of a sentence's statistics: hypothesis n-grams, reference n-grams, clipped matches
HYP, REF, MATCH = 0, 1, 2


@cache
def _pattern() -> re.Pattern[str]:
    return re.compile(PATTERN)


def indic_tokens(line: str) -> list[str]:
    """The official tokens of ``line`` (``re.findall(r"\\w+|[^\\w\\s]", line)``)."""
    return _pattern().findall(line)


def _grams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def pair_counts(hyp: Sequence[str], ref: Sequence[str], n_max: int) -> list[list[int]]:
    """One (hypothesis, reference) pair's [hyp n-grams, ref n-grams, clipped matches] per order."""
    out: list[list[int]] = [[0] * n_max for _ in range(3)]
    for n in range(1, n_max + 1):
        h, r = _grams(hyp, n), _grams(ref, n)
        out[HYP][n - 1] = max(0, len(hyp) - n + 1)
        out[REF][n - 1] = max(0, len(ref) - n + 1)
        out[MATCH][n - 1] = sum((h & r).values())
    return out


def ngram_counts(hyps: Sequence[Sequence[str]], refs: Sequence[Sequence[str]], n_max: int) -> IntArray:
    """Statistics ``(pairs, 3, n_max)`` of aligned hypothesis and reference token lists."""
    rows = [pair_counts(h, r, n_max) for h, r in zip(hyps, refs, strict=True)]
    return np.asarray(rows, dtype=np.int64).reshape(len(rows), 3, n_max)


def order_parts(totals: Any) -> tuple[FloatArray, FloatArray, FloatArray]:
    """P_n, R_n and min(P_n, R_n) of summed statistics ``(..., 3, N)`` (0 where nothing was counted)."""
    t = np.asarray(totals, dtype=np.float64)
    hyp, ref, match = t[..., HYP, :], t[..., REF, :], t[..., MATCH, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(hyp > 0, match / np.where(hyp > 0, hyp, 1), 0.0)
        r = np.where(ref > 0, match / np.where(ref > 0, ref, 1), 0.0)
    return p, r, np.minimum(p, r)


def indic_values(totals: Any) -> FloatArray:
    """The score (a fraction) of summed statistics ``(..., 3, N)``: the mean over the orders of
    min(P_n, R_n), summed left to right as the official ``sum`` then divided by N."""
    s = order_parts(totals)[2]
    acc = np.zeros(s.shape[:-1])
    for k in range(s.shape[-1]):
        acc = acc + s[..., k]
    return np.asarray(acc / s.shape[-1], dtype=np.float64)


def indic_score(stats: Any) -> float:
    """The corpus score of per-pair statistics ``(pairs, 3, N)``."""
    return float(indic_values(np.asarray(stats).sum(axis=0)))


@dataclass(frozen=True)
class IndicGecConfig(ConventionChecked):
    #: python-re: the official tokens of each line; given: the examples' tokens
    tokens: str = "python-re"
    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("tokens", self.tokens, ("python-re", "given"))


def _components(n_max: int) -> tuple[Component, ...]:
    out = [Component("score", "score", HIGHER, "mean over n of min(P_n, R_n)")]
    for n in range(1, n_max + 1):
        out.append(Component(f"min{n}", f"min{n}", HIGHER, f"min(P_{n}, R_{n})"))
    for n in range(1, n_max + 1):
        out += [
            Component(f"p{n}", f"P{n}", HIGHER, f"clipped {n}-gram matches / hypothesis {n}-grams"),
            Component(f"r{n}", f"R{n}", HIGHER, f"clipped {n}-gram matches / reference {n}-grams"),
        ]
    return tuple(out)


class IndicGec(MetricBase):
    name = "indicgec"
    layout = Layout(
        "IndicGEC-2025 (mean over n of min(P_n, R_n))",
        "score",
        _components(ORDERS),
        ("matches", "hyp_ngrams", "ref_ngrams"),
        "per order n = 1..4, pooled over the corpus: clipped matches, hypothesis and reference n-grams",
    )
    needs_edits = False

    def __init__(self, config: IndicGecConfig | None = None) -> None:
        self.config = config or IndicGecConfig()

    def _tokens(self, line: str, tokens: Sequence[str]) -> Sequence[str]:
        return indic_tokens(line) if self.config.tokens == "python-re" else tokens

    def analyse(self, examples: Sequence[Example]) -> IntArray:
        """Statistics ``(sentences, 3, n)``: each sentence's pairs with its references summed."""
        examples = references_chosen(self, examples)
        n_max = ORDERS
        out = np.zeros((len(examples), 3, n_max), dtype=np.int64)
        for i, ex in enumerate(examples):
            if not ex.references:
                raise InputError(f"sentence {ex.id or i + 1}: the IndicGEC score needs a reference")
            hyp = self._tokens(ex.hypothesis.line, ex.hypothesis.tokens)
            for ref in ex.references:
                out[i] += np.asarray(pair_counts(hyp, self._tokens(ref.line, ref.tokens), n_max), dtype=np.int64)
        return out

    def details(self, totals: Any) -> dict[str, Any]:
        """The score, per-order P_n, R_n, min and the pooled counts of summed statistics ``(3, n)``."""
        t = np.asarray(totals)
        p, r, s = order_parts(t)
        out: dict[str, Any] = {"score": float(indic_values(t))}
        for k in range(t.shape[-1]):
            out.update({f"min{k + 1}": float(s[k]), f"p{k + 1}": float(p[k]), f"r{k + 1}": float(r[k])})
        out.update(
            matches=[int(x) for x in t[MATCH]], hyp_ngrams=[int(x) for x in t[HYP]], ref_ngrams=[int(x) for x in t[REF]]
        )
        return out

    def score_analysis(self, stats: IntArray) -> Score:
        cfg = self.config
        details = self.details(np.asarray(stats).reshape(-1, 3, ORDERS).sum(axis=0))
        sentences = indic_values(stats)
        rows = tuple({"index": i, "score": float(v)} for i, v in enumerate(sentences))
        fields = {"n": str(ORDERS), "tokens": cfg.tokens, "refs": "pairs"}
        return Score(self.name, details["score"], details, signed(self, fields), rows, layout=self.layout)

    def resampling(self, stats: IntArray) -> Plan:
        """The statistics summed over a resample, then the score of the totals."""
        return Summed(np.asarray(stats, dtype=np.float64), indic_values, self._parts)

    @staticmethod
    def _parts(totals: FloatArray) -> dict[str, FloatArray]:
        p, r, s = order_parts(totals)
        out = {"score": indic_values(totals)}
        for k in range(s.shape[-1]):
            out.update({f"min{k + 1}": s[..., k], f"p{k + 1}": p[..., k], f"r{k + 1}": r[..., k]})
        return out

    def sentence_scores(self, stats: IntArray) -> list[float]:
        """Each sentence's score on its own counts."""
        return [float(v) for v in indic_values(stats)]

    def official_text(self, score: Score) -> str:
        """The line ``score.py`` writes to ``scores.txt`` (the score x100, 6 decimals)."""
        return f"gleu: {self.official_value(score):.6f}"

    def official_value(self, score: Score) -> float:
        """The script's JSON value: Python's ``sum`` of the per-order values / 4 x 100."""
        d = score.details
        return float(sum(d[f"min{k}"] for k in range(1, ORDERS + 1))) / ORDERS * 100.0


__all__ = ["IndicGec", "IndicGecConfig", "indic_tokens"]
