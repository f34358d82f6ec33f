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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import InputError, display_path
from gecscope.types import Example, Target

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
        raise InputError(
            f"looks {found} ({share:.0%} of lines) but the source {source_name} is {against}: "
            "add --tokenize spacy (English) or --tokenize char (Chinese) to tokenise every input the same way, "
            "or --allow-tokenization-mismatch to score as is",
            name,
        )


# --- the guard over whole inputs: line pairs, streamed ------------------------------------------

#: a character without which a line has neither split nor attached punctuation
MARKS = re.compile(r"[,;:!?.'\"]")
#: lines per block: a block where most pairs mismatch is refused even when the rest of a long
#: input matches (a file whose detokenised lines start late)
BLOCK = 1000
#: the fewest telling lines for a block to be judged alone (a smaller input is judged whole)
BLOCK_EVIDENCE = 20
#: the share of telling lines that must mismatch (tokenised CoNLL-2014/SEEDA files: at most 1%,
#: their Moses-detokenised copies: over 99%)
SHARE = 0.5


def marks(line: str) -> tuple[int, int]:
    """(split, attached) punctuation tokens of a whitespace-tokenised line.

    >>> marks("I do n't know , he said ."), marks("I don't know, he said.")
    ((3, 0), (0, 3))
    """
    if MARKS.search(line) is None:
        return 0, 0
    return token_marks(line.split())


#: the last characters of the tokens :data:`SPLIT` or :func:`_attached` may accept (with ``'``)
ENDS = frozenset(',;:!?.)"')


def token_marks(tokens: Iterable[str]) -> tuple[int, int]:
    """(split, attached) punctuation tokens among ``tokens`` (:data:`SPLIT`, :func:`_attached`)."""
    split = attached = 0
    for t in tokens:
        if t and (t[-1] in ENDS or "'" in t):
            if SPLIT.match(t):
                split += 1
            elif _attached(t):
                attached += 1
    return split, attached


DIRECTIONS = ("detokenised", "tokenised")
#: what the refusal tells the command line's user to do
CLI_HINT = (
    "add --tokenize spacy (English) or --tokenize char (Chinese) to tokenise every input the same way, "
    "or --allow-tokenization-mismatch to score as is"
)


def cli_hint(tokenizers: Sequence[str], label: str) -> str:
    """The refusal's advice for a language other than English (``label``, e.g. ``--lang et
    (Estonian)``): its own ``tokenizers`` (``none`` left out), or only the override.

    >>> cli_hint(("none", "spacy-blank", "syntok"), "--lang et (Estonian)")[:60]
    'add --tokenize syntok or --tokenize spacy-blank (the tokenis'
    """
    own = sorted((t for t in tokenizers if t not in ("none", "whitespace")), key=lambda t: t != "syntok")
    override = "or --allow-tokenization-mismatch to score as is"
    if not own:
        return f"{label} has no tokeniser: tokenise every input the same way, {override}"
    named = " or ".join(f"--tokenize {t}" for t in own)
    return f"add {named} (the tokenisers of {label}) to tokenise every input the same way, {override}"


#: ... and the Python API's
API_HINT = "pass tokenize='spacy' (English) to tokenise every input the same way, or allow_tokenization_mismatch=True"

Verdict = tuple[str, int, int, int]
Pair = tuple[int, int]


@dataclass(frozen=True)
class Counts:
    """Telling pairs, mismatching pairs and the first mismatching line (1-based; 0: none), for
    each direction (detokenised, tokenised)."""

    telling: Pair = (0, 0)
    found: Pair = (0, 0)
    first: Pair = (0, 0)

    def verdict(self, least: int) -> Verdict | None:
        """``(direction, first mismatching line, mismatches, telling pairs)`` when half the
        telling pairs (at least ``least``, and no fewer than the other direction's: the source is
        mostly of the style the other is not) of a direction mismatch, else None."""
        for d, direction in enumerate(DIRECTIONS):
            telling = self.telling[d]
            if telling >= max(least, 1, self.telling[1 - d]) and self.found[d] >= SHARE * telling:
                return direction, self.first[d], self.found[d], self.telling[d]
        return None


@dataclass(frozen=True)
class PairTally:
    """How the lines of one input (a hypothesis, a reference) punctuate against their sources,
    pair by pair, folded in order over a whole input (shard by shard: :meth:`extend`).

    A pair *tells* when the source splits punctuation or a clitic off a word (against a
    detokenised other) or glues it on (against a tokenised other), and *mismatches* when the other
    glues more and splits less than the source (``detokenised``) or the reverse (``tokenised``).
    The input is refused (:meth:`verdict`) when half of its telling pairs mismatch in some block
    of :data:`BLOCK` lines with at least :data:`BLOCK_EVIDENCE` telling pairs, or over the whole
    input.

    >>> PairTally().extend([("He go home .", "He goes home."), ("Yes .", "Yes .")]).verdict()
    ('detokenised', 1, 1, 2)
    >>> PairTally().extend([("He go home .", "He goes home .")]).verdict() is None
    True
    """

    lines: int = 0
    whole: Counts = Counts()
    #: the open block
    block: Counts = Counts()
    #: the first block refused
    tripped: Verdict | None = None

    def extend(self, pairs: Iterable[tuple[str, str]]) -> PairTally:
        """This tally with the next ``pairs`` (source line, other line) of the input."""
        return self.extend_marks((m := marks(s), marks(o) if m != (0, 0) else m) for s, o in pairs)

    def extend_marks(self, pairs: Iterable[tuple[Pair, Pair]]) -> PairTally:
        """:meth:`extend` from the :func:`marks` of each pair's lines."""
        n, tripped = self.lines, self.tripped
        w, b = self.whole, self.block
        t0, t1, f0, f1, a0, a1 = *w.telling, *w.found, *w.first
        bt0, bt1, bf0, bf1, ba0, ba1 = *b.telling, *b.found, *b.first
        for (s_split, s_att), (o_split, o_att) in pairs:
            n += 1
            if s_split:
                t0 += 1
                bt0 += 1
                if o_att > s_att and o_split < s_split:
                    f0, bf0, a0, ba0 = f0 + 1, bf0 + 1, a0 or n, ba0 or n
            if s_att:
                t1 += 1
                bt1 += 1
                if o_split > s_split and o_att < s_att:
                    f1, bf1, a1, ba1 = f1 + 1, bf1 + 1, a1 or n, ba1 or n
            if n % BLOCK == 0:
                tripped = tripped or Counts((bt0, bt1), (bf0, bf1), (ba0, ba1)).verdict(BLOCK_EVIDENCE)
                bt0 = bt1 = bf0 = bf1 = ba0 = ba1 = 0
        return PairTally(n, Counts((t0, t1), (f0, f1), (a0, a1)), Counts((bt0, bt1), (bf0, bf1), (ba0, ba1)), tripped)

    def verdict(self) -> Verdict | None:
        """``(direction, first mismatching line, mismatches, telling pairs)`` of the first refused
        block, else of the whole input when refused, else None."""
        return self.tripped or self.block.verdict(BLOCK_EVIDENCE) or self.whole.verdict(1)


def target_marks(target: Target, source: Sequence[str], marks_of_source: tuple[int, int]) -> tuple[int, int]:
    """:func:`token_marks` of ``target.tokens`` (the source's marks where it equals the source or
    the source has none). An aligned target is read through its edits: the source's marks, less
    those of each replaced span, plus those of its correction (marks add up token by token).

    >>> from gecscope.types import Edit
    >>> src = ("I", "do", "n't", "know", ",", "he", "said", ".")
    >>> edits = (Edit(1, 3, ("don't",)), Edit(3, 5, ("know,",)), Edit(6, 8, ("said.",)))
    >>> target_marks(Target(("I", "don't", "know,", "he", "said."), edits), src, (3, 0))
    (0, 3)
    """
    if marks_of_source == (0, 0) or target.tokens == source:
        return marks_of_source
    if target.edits:
        split, attached = marks_of_source
        cursor, size = 0, len(target.tokens) - len(source)
        for edit in target.edits:
            if edit.start < cursor or edit.end > len(source):
                break  # overlapping or out of range: read the tokens
            cursor, size = edit.end, size - len(edit.correction) + edit.end - edit.start
            if edit.correction:
                s, a = token_marks(edit.correction)
                split, attached = split + s, attached + a
            if edit.end > edit.start:
                s, a = token_marks(source[edit.start : edit.end])
                split, attached = split - s, attached - a
        else:
            if size == 0:
                return split, attached
    return token_marks(target.tokens)


def tally_examples(
    tallies: Sequence[PairTally], examples: Iterable[Example], *, references: bool = True
) -> tuple[PairTally, ...]:
    """``tallies`` (the hypothesis, then each reference by position; fewer: new ones) with the
    next ``examples`` of an input (any reader's: text, M2, JSONL, standard input, lists);
    ``references=False``: the hypothesis only. A target equal to its source is not re-read."""
    rows = []
    for e in examples:
        src = token_marks(e.source)
        targets = (e.hypothesis, *e.references) if references else (e.hypothesis,)
        rows.append([(src, target_marks(t, e.source, src)) for t in targets])
    width = max([len(row) for row in rows] + [len(tallies)])
    out = [*tallies, *[PairTally()] * (width - len(tallies))]
    for k in range(width):  # a sentence with fewer references leaves the tally of the missing ones as it was
        out[k] = out[k].extend_marks(row[k] for row in rows if len(row) > k)
    return tuple(out)


def refuse_mismatch(
    tallies: Sequence[PairTally], names: Sequence[str | Path], hint: str = CLI_HINT, source: str | Path = ""
) -> None:
    """Raise one :class:`InputError` naming the first input (``names``: the hypothesis, then the
    references, by position; the last name stands for any later one) whose tally is refused."""
    for k, tally in enumerate(tallies):
        found = tally.verdict()
        if found is None:
            continue
        direction, line, wrong, telling = found
        against = "tokenised" if direction == "detokenised" else "detokenised"
        share = f"{wrong} of the {telling} lines with punctuation to compare, from line {line}"
        named = f"{display_path(source)} " if source else ""
        raise InputError(
            f"looks {direction} ({share}) but the source {named}is {against}: {hint}",
            names[min(k, len(names) - 1)],
        )


def check_examples(
    examples: Iterable[Example], names: Sequence[str | Path], hint: str = API_HINT, source: str | Path = ""
) -> None:
    """:func:`refuse_mismatch` over ``examples`` at once."""
    refuse_mismatch(tally_examples((), examples), names, hint, source)


def guarded(
    shards: Iterable[Sequence[Sequence[Example]]],
    names: Sequence[Sequence[str | Path]],
    hint: str = API_HINT,
    source: str | Path = "",
) -> Iterator[Sequence[Sequence[Example]]]:
    """``shards`` (one list of examples per system, as ``gecscope.pipeline.stream`` gives them),
    unchanged, each one checked as it comes (:func:`refuse_mismatch`: ``names[i]`` names system
    ``i``'s hypothesis, then the references, checked with the first system only)."""
    tallies: list[tuple[PairTally, ...]] = [() for _ in names]
    for shard in shards:
        for i, examples in enumerate(shard):
            tallies[i] = tally_examples(tallies[i], examples, references=i == 0)
            refuse_mismatch(tallies[i], names[i], hint, source)
        yield shard
