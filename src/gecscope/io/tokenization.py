"""Is a file tokenised or detokenised? Refuse a hypothesis (or reference) whose tokenisation
differs from the source's before any work: a detokenised output scored against tokenised
sources turns every ``word,`` into a substitution and gives a silently wrong score.

A line *looks detokenised* when a word carries punctuation or a clitic (``home.``, ``word,``,
``don't``, ``John's``) and *looks tokenised* when punctuation or a clitic stands alone (``.``,
``,``, ``n't``, ``'s``). Tokenised English text (CoNLL-2014, BEA) has the first on under 4% of
its lines and the second on over 99%; the same text through a detokeniser (Moses) the reverse.
A file is refused when it and the source differ by at least :data:`GAP` on both shares.

>>> tok = ["He go home .", "I do n't know , he said ."]
>>> detok = ["He goes home.", "I don't know, he said."]
>>> style_of(tok).detokenised, style_of(detok).detokenised
(0.0, 1.0)
>>> mismatch(style_of(tok), style_of(detok))
'detokenised'
>>> mismatch(style_of(tok), style_of(tok)) is None
True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import SettingError

#: punctuation or a clitic glued to a word of at least two letters (not an abbreviation: no inner dot)
ATTACHED = re.compile(r"^[^\W\d_]*[^\W\d_]{2}[,;:!?.)\"]+$|^[^\W\d_]+n't$|^[^\W\d_]+'(?:s|re|ve|ll|d|m)$", re.I)
#: punctuation or a clitic standing alone
SPLIT = re.compile(r"^(?:[,;:!?.]|n't|'s|'re|'ve|'ll|'d|'m)$", re.I)
#: the least difference, on both shares, between two files called differently tokenised
GAP = 0.3


@dataclass(frozen=True)
class TokenStyle:
    """Shares of a file's lines that look detokenised / tokenised."""

    lines: int
    detokenised: float
    tokenised: float

    def __post_init__(self) -> None:
        if self.lines < 0 or not (0 <= self.detokenised <= 1 and 0 <= self.tokenised <= 1):
            raise ValueError(f"bad token style {self}")


def _attached(token: str) -> bool:
    return bool(ATTACHED.match(token)) and "." not in token[:-1]


#: a letter glued to punctuation or an apostrophe: in every token :func:`_attached` accepts
GLUED = re.compile(r"[,;:!?.)\"'](?<=[^\W\d_].)")
#: a whitespace-separated token that :data:`SPLIT` matches, anywhere in a line
SPLIT_IN_LINE = re.compile(r"(?<!\S)(?:[,;:!?.]|n't|'s|'re|'ve|'ll|'d|'m)(?!\S)", re.I)


def style_of(lines: Iterable[str]) -> TokenStyle:
    """The :class:`TokenStyle` of some lines."""
    n = detok = tok = 0
    for line in lines:
        n += 1
        detok += GLUED.search(line) is not None and any(map(_attached, line.split()))
        tok += SPLIT_IN_LINE.search(line) is not None
    return TokenStyle(n, detok / n if n else 0.0, tok / n if n else 0.0)


def mismatch(source: TokenStyle, other: TokenStyle) -> str | None:
    """``"detokenised"`` when ``other`` looks detokenised against a tokenised source,
    ``"tokenised"`` for the reverse, else None."""
    more_detok = other.detokenised - source.detokenised
    more_tok = other.tokenised - source.tokenised
    if more_detok >= GAP and -more_tok >= GAP:
        return "detokenised"
    if more_tok >= GAP and -more_detok >= GAP:
        return "tokenised"
    return None


#: lines of each file looked at (a mismatch shows on the first lines; huge corpora stay cheap)
HEAD = 20_000


def head_lines(path: str | Path, n: int = HEAD) -> Iterator[str]:
    """The first ``n`` lines of a file, decoding errors replaced (the readers report them later)."""
    with open(path, encoding="utf-8-sig", errors="replace") as fh:
        yield from itertools.islice(fh, n)


def check_tokenization(
    source: Iterable[str], source_name: str | Path, others: Iterable[tuple[str | Path, Iterable[str]]]
) -> None:
    """Raise one :class:`InputError` naming the first file of ``others`` (name, lines) whose
    tokenisation differs from ``source``'s lines (read from ``source_name``)."""
    src = style_of(source)
    for name, lines in others:
        other = style_of(lines)
        found = mismatch(src, other)
        if found is None:
            continue
        share = other.detokenised if found == "detokenised" else other.tokenised
        against = "tokenised" if found == "detokenised" else "detokenised"
        raise SettingError(
            f"looks {found} ({share:.0%} of lines) but the source {source_name} is {against}: "
            "add tokenize spacy (English) or tokenize char (Chinese) to tokenise every input the same way, "
            "or allow_tokenization_mismatch to score as is",
            "tokenize",
            "allow_tokenization_mismatch",
            path=name,
        )
