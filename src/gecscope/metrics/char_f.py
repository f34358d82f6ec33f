"""Character-level edit F-score: a language-agnostic ERRANT.

Each sentence is read as a string (its tokens joined by single spaces). Edits are the minimal
Levenshtein script from the source's characters to the target's, every maximal run of changed
characters one edit ``(start, end, replacement)``. A hypothesis edit is a TP if a reference has
the same edit; P, R and F-beta follow ERRANT's conventions, and the corpus reference of each
sentence is ERRANT's greedy choice (running F rounded to 4 dp, then TP, -FP, -FN). No
tokeniser, aligner or language resource is involved.

>>> from gecscope.types import Example, Target
>>> ex = Example(("He", "go", "home"), Target(("He", "goes", "home")), (Target(("He", "goes", "home")),))
>>> CharF().score([ex]).value
1.0
>>> CharF().score([Example(ex.source, Target(ex.source), ex.references)]).details["fp"]
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.align.levenshtein import levenshtein_edits
from gecscope.errors import InputError
from gecscope.layout import prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.counts import EditCounts, EditTable
from gecscope.metrics.errant import Errant, ErrantConfig, Key, compare
from gecscope.types import Example, Tokens

#: the longest lines aligned by default: a pair of lines whose characters multiply to more than
#: this squared is refused before the work (the alignment takes time in their product: two lines
#: of 60,000 characters, about 10,000 tokens each, take a few seconds; 176,000 characters 30 s)
DEFAULT_MAX_CHARS = 60_000


@dataclass(frozen=True)
class CharFConfig(ErrantConfig):
    """ERRANT's settings (beta, level, the corpus convention) over character edits.

    ``max_chars``: the work bound (it changes no number, so it is not signed): a source and a
    target whose character counts multiply to more than ``max_chars`` squared are refused with
    one line naming the sentence (0: no bound)."""

    max_chars: int = DEFAULT_MAX_CHARS

    def __post_init__(self) -> None:
        super().__post_init__()
        o.MAX_CHARS.check(self.max_chars)


def check_size(source: Tokens, target: Tokens, limit: int, where: str) -> None:
    """Refuse a pair of lines over the work bound (``limit`` characters squared; 0: none)."""
    a, b = len(" ".join(source)), len(" ".join(target))
    if limit and a * b > limit * limit:
        raise InputError(
            f"{where}: {a:,} x {b:,} characters is too long for char-F's character alignment (its time grows "
            f"with their product: at most {limit:,} x {limit:,}); raise the bound with --max-chars N (0: none)"
        )


def char_edits(source: Tokens, target: Tokens) -> dict[Key, list[str]]:
    """The character edits from ``source`` to ``target`` as ``{(start, end, text): ["char"]}``.

    >>> char_edits(("a", "cat"), ("a", "hat"))
    {(2, 3, 'h'): ['char']}
    """
    src, tgt = " ".join(source), " ".join(target)
    edits = levenshtein_edits(tuple(src), tuple(tgt))
    return {(e.start, e.end, "".join(e.correction)): ["char"] for e in edits}


class CharF(Errant):
    """ERRANT's counting and corpus rule on character edits (no alignment needed)."""

    name = "char-f"
    layout = prf_layout("char-F", meaning="TP = correct character edits, FP = wrong or unnecessary, FN = missed")
    needs_edits = False

    def __init__(self, config: CharFConfig | None = None) -> None:
        super().__init__(config or CharFConfig())

    def scheme_fields(self) -> dict[str, str]:
        return {}  # one kind of edit: ERRANT's --scheme does not apply

    def analyse(self, examples: Sequence[Example]) -> EditTable:
        require_references(examples)
        return EditTable.of(self.sentence_counts(ex) for ex in examples)

    def sentence_counts(self, ex: Example) -> tuple[EditCounts, ...]:
        where = f"sentence {int(ex.id) + 1}" if ex.id.isdigit() else f"sentence {ex.id}"  # ids count from 0
        limit = self.config.max_chars if isinstance(self.config, CharFConfig) else DEFAULT_MAX_CHARS
        for i, target in enumerate((ex.hypothesis, *ex.references)):
            if target.tokens != ex.source:
                check_size(ex.source, target.tokens, limit, where + (f", reference {i}" if i else ", hypothesis"))
        hyp = char_edits(ex.source, ex.hypothesis.tokens)
        return tuple(compare(hyp, char_edits(ex.source, r.tokens)) for r in ex.references) or (compare(hyp, {}),)
