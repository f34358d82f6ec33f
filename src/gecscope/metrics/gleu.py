"""GLEU (Napoles et al., 2015; 2016 revision with the 2017 brevity-penalty fix).

Per sentence and reference, for n = 1..4: numerator max(|H ∩ R| - |H ∩ (S \\ R)|, 0) and
denominator max(|H| + 1 - n, 0), plus the lengths |H| and |R|. For each of 500 iterations one
reference per sentence is drawn, the statistics are summed, and
GLEU = exp(min(0, 1 - |R|/|H|) + mean_n log(num_n / den_n)) (0 when any statistic is 0).
The corpus score is the mean over iterations.

``variant="official"`` keeps the official script's S \\ R, which drops every n-gram that occurs
in R at all (count-insensitive); ``"corrected"`` uses GREEN's reformulation (Koyama et al. 2024,
§3.3): numerator TI + TK - UD with the multiset regions of GREEN, summed without the official
per-sentence clip at 0 (as gec-metrics' ``GLEU``).
``convention="gec-metrics"`` copies gec-metrics 0.1.1 (``GLEU``/``GLEUOfficial``): lines read
from files are ``rstrip()``-ped (as its meta-evaluation reads them; strings given in memory are
not, as its classes take them) and split on single spaces
(:func:`gecscope.metrics.ngrams.split_spaces`; ``whitespace`` does not apply), an empty line has
length 1, and an order without false positives has precision 1 (also when the corpus has no
n-gram of that order: a 3-token corpus gets P_4 = 1, not GLEU 0).
``sampling="py2"`` reproduces the official Python 2 draws (``random.seed(j*101)`` then
``int(random() * k)`` per sentence); ``"py3"`` the draws of Python 3 ports (``randint``).
Both use a local :class:`random.Random`, never the global generator. ``whitespace="ascii"``
tokenises as the Python 2 script does (non-breaking spaces stay inside tokens); ``"unicode"`` as
Python 3's ``str.split``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.errors import InputError, SettingError
from gecscope.layout import HIGHER, Component, Layout
from gecscope.metrics import options as o
from gecscope.metrics.base import ConventionChecked, MetricBase, references_chosen, signed
from gecscope.metrics.ngrams import BLOCK as COUNTED
from gecscope.metrics.ngrams import MAX_ORDER, encode, sentence_grams, split_spaces
from gecscope.metrics.options import check_choice, check_choices
from gecscope.result import Score
from gecscope.types import Example, Tokens

FloatArray = NDArray[np.float64]


#: the 0.975 quantile of the standard normal as scipy gives it (``scipy.stats.norm.interval(0.95)`` in
#: JFLEG's gleu.py; ``statistics.NormalDist`` differs in the last bit)
Z95 = 1.959963984540054
#: the most sampling iterations (the official script draws 500)
MAX_ITERATIONS = 100_000


@dataclass(frozen=True)
class GleuConfig(ConventionChecked):
    n: int = 4
    iterations: int = 500
    seed_step: int = 101
    variant: str = "official"
    sampling: str = "py2"
    whitespace: str = "ascii"
    level: str = "corpus"
    #: official: the scripts; gec-metrics: its GLEU/GLEUOfficial classes (split on single spaces
    #: after ``rstrip``, an empty line has length 1, P_n = 1 without false positives, a
    #: sentence scored as the mean over references)
    convention: str = "official"

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choices(self, o.GLEU_VARIANT, o.SAMPLING, o.LEVEL)
        check_choice("whitespace", self.whitespace, ("ascii", "unicode"))
        check_choice("convention", self.convention, o.IMPLEMENTATIONS)
        if not 1 <= self.n <= MAX_ORDER or not 1 <= self.iterations <= MAX_ITERATIONS:
            raise SettingError(
                f"n must be from 1 to {MAX_ORDER} and iterations from 1 to {MAX_ITERATIONS}", "n", "iterations"
            )


#: the ASCII characters Python 3's ``str.split`` counts as white space and ``bytes.split`` does not
_SEPARATORS = re.compile("[\x1c-\x1f]")


def ascii_split(line: str) -> Tokens:
    r"""Split on ASCII whitespace only, as Python 2 ``str.split`` does on UTF-8 bytes (so a
    non-breaking space stays inside its token, and so do the separators U+001C-U+001F, which
    Python 3's ``str.split`` splits on).

    >>> ascii_split("a\xa0b c"), ascii_split("a\x1cb c\td")
    (('a\xa0b', 'c'), ('a\x1cb', 'c', 'd'))
    """
    if line.isascii() and _SEPARATORS.search(line) is None:  # str.split splits the same
        return tuple(line.split())
    return tuple(t.decode("utf-8") for t in line.encode("utf-8").split())


def gleu_stats(segments: Sequence[Tokens], width: int, n_max: int, variant: str) -> FloatArray:
    """Statistics (sentence, reference, 2 + 2N): [|H|, |R|, num_1, den_1, ..., num_N, den_N] of
    segments ``width`` to a sentence (source, hypothesis, references), the n-grams counted by
    :func:`gecscope.metrics.ngrams.sentence_grams` (integer sums, exact in float64)."""
    units, lengths = encode(segments)
    sizes = lengths.reshape(-1, width).astype(np.float64)
    d, k = len(sizes), width - 2
    stats = np.zeros((d, k, 2 + 2 * n_max))
    stats[:, :, 0], stats[:, :, 1] = sizes[:, 1:2], sizes[:, 2:]
    for n, (sent, counts) in enumerate(sentence_grams(units, lengths, width, n_max), 1):
        ms, mc = counts[:, 0], counts[:, 1]
        for j in range(k):
            mr = counts[:, j + 2]
            if variant == "official":  # |H & R| - |H & (S - R)|, S - R: the source n-grams not in R
                num = np.maximum(np.bincount(sent, np.where(mr > 0, np.minimum(mc, mr), -np.minimum(mc, ms)), d), 0)
            else:  # GREEN's reformulation TI + TK - UD, UD = max(min(s, c) - r, 0), not clipped per sentence
                num = np.bincount(sent, np.minimum(mc, mr) - np.maximum(np.minimum(mc, ms) - mr, 0), d)
            stats[:, j, 2 * n] = num
        stats[:, :, 2 * n + 1] = np.maximum(sizes[:, 1:2] + 1 - n, 0)
    return stats


def _draw_rows(start: int, stop: int, sentences: int, refs: int, seed_step: int, sampling: str) -> NDArray[np.int64]:
    out = np.empty((stop - start, sentences), dtype=np.int64)
    for row, j in enumerate(range(start, stop)):
        rng = random.Random(j * seed_step)
        if sampling == "py2":
            out[row] = [int(rng.random() * refs) for _ in range(sentences)]
        else:
            out[row] = [rng.randint(0, refs - 1) for _ in range(sentences)]
    return out


@lru_cache(maxsize=32)
def draws(iterations: int, sentences: int, refs: int, seed_step: int, sampling: str) -> NDArray[np.int64]:
    """Reference index per (iteration, sentence), as the official script draws them."""
    return _draw_rows(0, iterations, sentences, refs, seed_step, sampling)


#: draws are cached whole (per shape) up to this many entries (16 MB: CoNLL-2014 x 500 iterations,
#: reused by the bootstrap); larger runs draw them BLOCK entries at a time, so memory stays
#: bounded (131k sentences x 500 iterations: blocks of 3 iterations)
CACHED = 2_000_000
BLOCK = 500_000


def draw_blocks(
    iterations: int, sentences: int, refs: int, seed_step: int, sampling: str
) -> Iterator[NDArray[np.int64]]:
    """The rows of :func:`draws`, in order, a bounded block at a time."""
    if iterations * sentences <= CACHED:
        yield draws(iterations, sentences, refs, seed_step, sampling)
        return
    step = max(1, BLOCK // max(sentences, 1))
    for start in range(0, iterations, step):
        yield _draw_rows(start, min(iterations, start + step), sentences, refs, seed_step, sampling)


@lru_cache(maxsize=2)  # at most 2 x refs x 16 MB (CACHED entries of float64 each)
def draw_masks(iterations: int, sentences: int, refs: int, seed_step: int, sampling: str) -> tuple[FloatArray, ...]:
    """Per reference, the 0/1 matrix of the :func:`draws` that picked it (cached like the draws)."""
    idx = draws(iterations, sentences, refs, seed_step, sampling)
    return tuple((idx == j).astype(np.float64) for j in range(refs))


def gleu_from_stats(stats: FloatArray, n_max: int, smooth: bool = False, convention: str = "official") -> FloatArray:
    """GLEU of each row of summed statistics (shape (..., 2 + 2N)), 0 when any statistic is 0.
    ``convention="gec-metrics"``: P_n = 1 when there is no false positive (FP = den - num: also
    when there are no n-grams of order n), else num/den; 0 when some P_n <= 0. Lengths are >= 1
    per sentence (``split(' ')``), so the brevity penalty is defined."""
    if smooth:
        stats = np.where(stats == 0, 1.0, stats)
    c, r = stats[..., 0], stats[..., 1]
    num, den = stats[..., 2::2], stats[..., 3::2]
    with np.errstate(divide="ignore", invalid="ignore"):
        if convention == "official":
            p, zero = num / den, (stats <= 0).any(axis=-1)
        else:
            p = np.where(den == num, 1.0, num / np.where(den > 0, den, 1))
            zero = (p <= 0).any(axis=-1)
        log_p = np.log(np.where(p > 0, p, 1)).sum(axis=-1) / n_max  # a row with some P_n <= 0 is 0 anyway
        val = np.exp(np.minimum(0.0, 1.0 - r / np.where(c > 0, c, 1)) + log_p)
    return np.asarray(np.where(zero, 0.0, val), dtype=np.float64)


def sentence_rows(stats: FloatArray, scores: FloatArray) -> tuple[dict[str, Any], ...]:
    """One row per sentence: its score and its statistics, which sum over any set of sentences
    to that set's corpus GLEU (draw a reference per sentence, add the rows' ``ref_len`` and
    ``matches`` of the drawn reference, ``hyp_len`` and ``ngrams``): ``hyp_len`` |H|, ``ref_len``
    |R| per reference, ``matches`` the numerators num_1..num_N per reference, ``ngrams`` the
    denominators den_1..den_N (the hypothesis' n-grams, the same for every reference)."""
    counts = stats.astype(np.int64)  # integer counts (exact in float64)
    columns = (
        counts[:, 0, 0].tolist(),
        counts[:, :, 1].tolist(),
        counts[:, :, 2::2].tolist(),
        counts[:, 0, 3::2].tolist(),
    )
    return tuple(
        {"index": i, "score": v, "hyp_len": h, "ref_len": r, "matches": m, "ngrams": g}
        for i, (v, h, r, m, g) in enumerate(zip(scores.tolist(), *columns, strict=True))
    )


def gleu_layout(title: str) -> Layout:
    """GLEU's layout (charGLEU's, under its title): the corpus score and the sentence mean, no counts."""
    corpus = Component("corpus_score", "corpus", HIGHER, f"mean corpus {title} over the sampled reference draws")
    sentences = Component("sentence_mean", "sentence mean", HIGHER, f"mean smoothed sentence {title}")
    return Layout(title, "score", (corpus, sentences), ())


class Gleu(MetricBase):
    name = "gleu"
    layout = gleu_layout("GLEU")
    needs_edits = False

    def __init__(self, config: GleuConfig | None = None) -> None:
        self.config = config or GleuConfig()

    def analyse(self, examples: Sequence[Example]) -> FloatArray:
        """Statistics array (sentence, reference, 2 + 2N)."""
        examples = references_chosen(self, examples)
        cfg = self.config
        k = {len(e.references) for e in examples}
        if len(k) != 1 or 0 in k:
            raise InputError("GLEU needs the same number (>= 1) of references for every sentence")
        width = k.pop() + 2
        split = self._tokens
        parts = []
        for i in range(0, len(examples), COUNTED):  # tokens and n-grams of COUNTED sentences at a time: bounded memory
            segments: list[Tokens] = []
            for e in examples[i : i + COUNTED]:
                read = e.from_file
                segments += [split(e.source_line, e.source, read), split(e.hypothesis.line, e.hypothesis.tokens, read)]
                segments += [split(r.line, r.tokens, read) for r in e.references]
            parts.append(gleu_stats(segments, width, cfg.n, cfg.variant))
        stats = np.concatenate(parts)
        if cfg.convention == "gec-metrics":  # split(' '): an empty line has length 1
            stats[:, :, :2] += stats[:, :, :2] == 0
        return stats

    def _tokens(self, line: str, tokens: Tokens, from_file: bool = False) -> Tokens:
        """The tokens GLEU counts: gec-metrics' split (of the line ``rstrip``-ped when read from
        a file, as its reader does; as given in memory, as its classes do), Python 2's ASCII
        split, or the tokens."""
        if self.config.convention == "gec-metrics":
            return split_spaces(line.rstrip() if from_file else line)
        return ascii_split(line) if self.config.whitespace == "ascii" else tokens

    def score_analysis(self, stats: FloatArray) -> Score:
        cfg = self.config
        d, k, _ = stats.shape
        # one block of iterations at a time: the sums are the same, the memory bounded
        smoothed = gleu_from_stats(stats, cfg.n, smooth=True)  # (D, k): a sentence's value per reference
        ids = np.arange(d)
        totals = []
        sent_sum = np.zeros(d)
        shape = (cfg.iterations, d, k, cfg.seed_step, cfg.sampling)
        for idx in draw_blocks(*shape):
            # integer counts sum exactly in any order: per reference, a product with the draws' 0/1 mask
            block = np.zeros((len(idx), stats.shape[2]))
            cached = cfg.iterations * d <= CACHED  # one block: the whole cached draws
            masks = draw_masks(*shape) if cached else [(idx == j).astype(np.float64) for j in range(k)]
            for j, mask in enumerate(masks):
                block += mask @ stats[:, j, :]
            totals.append(block)
            # the smoothed values in draw order, row after row (as adding one draw at a time)
            sent_sum = np.add.reduce(np.vstack([sent_sum[None, :], smoothed[ids[None, :], idx]]), axis=0)
        per_iter = gleu_from_stats(np.concatenate(totals), cfg.n, convention=cfg.convention)
        sent = sent_sum / cfg.iterations
        if cfg.convention == "gec-metrics":  # gec-metrics: a sentence's GLEU is the mean over its references
            sent = gleu_from_stats(stats, cfg.n, convention=cfg.convention).mean(axis=1)
        corpus = float(per_iter.mean())
        details: dict[str, Any] = {
            "score": corpus if cfg.level == "corpus" else float(sent.mean()),
            "corpus_score": corpus,
            "sentence_mean": float(sent.mean()),
            "std": float(per_iter.std()),
        }
        # the normal 95% interval of the iterations' GLEU, as JFLEG's gleu.py prints it
        details["ci95_low"], details["ci95_high"] = (corpus - Z95 * details["std"], corpus + Z95 * details["std"])
        rows = sentence_rows(stats, sent)
        return Score(
            self.name, details["score"], details, signed(self, self.signed_settings()), rows, layout=self.layout
        )

    def signed_settings(self) -> dict[str, str]:
        """The settings the signature names, in order (a variant over other units adds its own)."""
        cfg = self.config
        return {
            "n": str(cfg.n),
            "iter": str(cfg.iterations),
            "seed": f"j*{cfg.seed_step}",
            "sampling": cfg.sampling,
            "variant": cfg.variant,
            "ws": "space" if cfg.convention == "gec-metrics" else cfg.whitespace,
            "convention": cfg.convention,
            "level": cfg.level,
        }

    def official_text(self, score: Score) -> str:
        """What JFLEG's ``eval/gleu.py`` prints for one hypothesis file (after its path line):
        ``[['mean', 'std', '(low,high)']]``, or with one reference its note and the mean alone."""
        d = score.details
        if score.sentences and len(score.sentences[0].get("ref_len", ())) == 1:
            note = "There is one reference. NOTE: GLEU is not computing the confidence interval."
            return f"{note}\n{d['corpus_score']:f}"
        return f"[['{d['corpus_score']:f}', '{d['std']:f}', '({d['ci95_low']:.3f},{d['ci95_high']:.3f})']]"

    def sentence_scores(self, stats: FloatArray) -> list[float]:
        """Per-sentence GLEU: gec-metrics' mean over references (``convention="gec-metrics"``),
        else the smoothed mean over the sampled iterations."""
        return [float(row["score"]) for row in self.score_analysis(stats).sentences]


__all__ = ["Gleu", "GleuConfig"]
