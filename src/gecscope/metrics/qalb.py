"""The QALB release of the M2 scorer (QALB-2014/2015 shared tasks; CAMeL-Lab/arabic-gec, which
scores the QALB-2014, QALB-2015 and ZAEBUC test sets with it): M2 (:mod:`gecscope.metrics.m2`)
with three settings of its own, nothing copied.

* Its lattice is the M2 scorer's before the April 2016 fix (``edit_lattice="v3.2"``, as the
  3.2 release): the j-th token a hypothesis inserts before the first source word gets the span
  (j-1, j-1), so a multi-token insertion there never matches a gold insertion at (0, 0).
* The annotator of each sentence is chosen on the running F with ``beta = 1`` (its default), and
  both F_beta (``f``) and F0.5 (``f05``) are printed from the same P and R: the F0.5 of the QALB
  scorer is not M2's ``--beta 0.5`` on multi-annotator data (QALB's M2 files have one annotator).
* ``punctuation="strip"`` is the no-punctuation score (``*.nopnx.m2`` gold): each hypothesis is
  stripped as the repository strips system outputs (``gec/utils/postprocess.py``: spaces put
  around every character of the class not followed by a digit, then every such character
  deleted). The class is ASCII punctuation, every code point of Unicode category P* or S* (the
  running Python's Unicode, signed) and, by the repository's bug (an intended ``&amp;`` added to
  the class), the Latin letters ``a``, ``m``, ``p``: ``camel`` becomes ``c el`` and ``3.5``
  becomes ``35``, exactly as there.

The Python-3 port the paper uses on dev sets skips a line that takes over 30 wall-clock seconds
(scoring it as the source, so the number depends on the machine's load); gecscope does not
reproduce that (see docs/multilingual.md).

>>> strip_punctuation("camel, 3.5 !")
'c el 35'
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gecscope.layout import HIGHER, Component, Layout, P, R
from gecscope.metrics.config import check_choice
from gecscope.metrics.counts import M2Counts, M2Table
from gecscope.metrics.m2 import M2, M2Config
from gecscope.result import Score
from gecscope.types import Example, Target

#: the letters the repository's class holds by mistake (``'&amp;'`` added to a character class)
QUIRK = "&amp;"
PUNCTUATION = ("keep", "strip")


@cache
def punctuation_class() -> frozenset[str]:
    """Every character ``strip`` deletes: categories P* and S* of this Python's Unicode
    (ASCII punctuation among them) and the characters of ``&amp;``."""
    found = {chr(c) for c in range(0x110000) if unicodedata.category(chr(c))[0] in "PS"}
    return frozenset(found | set(QUIRK))


def strip_punctuation(line: str) -> str:
    """``line`` as the repository's ``pnx_tokenize`` then ``remove_pnx`` leave it: a character
    of the class followed by a decimal digit is deleted in place, any other one splits the line
    there; runs of spaces become one, ends stripped."""
    chars = punctuation_class()
    text = line.strip()
    out = []
    for i, ch in enumerate(text):
        if ch not in chars:
            out.append(ch)
        elif i + 1 >= len(text) or not text[i + 1].isdecimal():
            out.append(" ")  # ``pnx_tokenize`` spaced it out; ``remove_pnx`` leaves the spaces
    return " ".join(s for s in "".join(out).strip().split(" ") if s)


@dataclass(frozen=True)
class QalbConfig(M2Config):
    #: F-beta of the annotator choice and of ``f`` (the QALB scorer's default 1); ``f05`` is always printed
    beta: float = 1.0
    #: the scorer's own lattice closure (the grouping DP, M2's ``auto`` on long lines, can pick
    #: another of the equally cheap paths on essay-length rewrites: see docs/multilingual.md)
    algorithm: str = "exact"
    #: keep: the hypothesis as given; strip: the no-punctuation score (the repository's stripping)
    punctuation: str = "keep"

    def __post_init__(self) -> None:
        super().__post_init__()
        check_choice("punctuation", self.punctuation, PUNCTUATION)


F_BETA = Component("f", "F", HIGHER, "F-beta of the annotator choice (the QALB scorer's F_1.0)")
F05 = Component("f05", "F0.5", HIGHER, "F0.5 of the same P and R (the QALB scorer's last line)")


class Qalb(M2):
    name = "qalb"
    layout = Layout(
        "QALB M2", "f", (P, R, F_BETA, F05), ("tp", "fp", "fn", "proposed", "gold"), M2.layout.count_meaning
    )
    config: QalbConfig

    def __init__(self, config: QalbConfig | None = None) -> None:
        super().__init__(config or QalbConfig())

    def stripped(self, examples: Sequence[Example]) -> Sequence[Example]:
        """``examples`` with each hypothesis stripped of punctuation (``punctuation="strip"``)."""
        if self.config.punctuation == "keep":
            return examples
        out = []
        for ex in examples:
            line = strip_punctuation(ex.hypothesis.line)
            out.append(dataclasses.replace(ex, hypothesis=Target(tuple(line.split()), raw=line)))
        return out

    def analyse(self, examples: Sequence[Example]) -> M2Table:
        return super().analyse(self.stripped(examples))

    def analyse_typed(self, examples: Sequence[Example], level: int | str) -> M2Table:
        return super().analyse_typed(self.stripped(examples), level)

    def signature_fields(self) -> dict[str, str]:
        fields = super().signature_fields()
        if self.config.punctuation == "strip":
            fields["punct"] = f"strip+amp-quirk+unicode.{unicodedata.unidata_version}"
        return fields

    def score_analysis(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> Score:
        score = super().score_analysis(counts)
        d = score.details
        return dataclasses.replace(score, details={**d, "f05": f05(d["p"], d["r"])})

    def official_text(self, score: Score) -> str:
        """The QALB scorer's four lines (``F_1.0`` named by ``beta``)."""
        d = score.details
        return (
            f"Precision   : {d['p']:.4f}\nRecall      : {d['r']:.4f}\n"
            f"F_{self.config.beta:.1f}       : {d['f']:.4f}\nF_0.5       : {d['f05']:.4f}"
        )


def f05(p: float, r: float) -> float:
    """F0.5 of ``p`` and ``r`` in the scorer's own order of operations (0 when undefined)."""
    denominator = 0.5 * 0.5 * p + r
    return (1.0 + 0.5 * 0.5) * p * r / denominator if denominator else 0.0


__all__ = ["Qalb", "QalbConfig", "strip_punctuation"]
