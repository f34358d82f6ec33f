"""CoNLL-U: one sentence per block of ten tab-separated columns, blank line between sentences.

The words of a sentence are its syntactic words (``ID`` an integer); multi-word token lines
(``1-2``) and empty nodes (``1.1``) are skipped, as spaCy-UDPipe and errant_czech see the words.
Comment lines (``#``) are kept only as ``# text =`` / ``# sent_id =`` (not needed). Each
:class:`Word` keeps what an error-type classifier reads: form, lemma, UPOS, features, relation
and head. A malformed line is an :class:`~gecscope.errors.InputError` naming the file and line
(a bad HEAD: the word's line). A UTF-8 byte-order mark is skipped, as in text input.

Lines are split on ``\n`` only, as CoNLL-U defines them (a ``\r`` before it is dropped); any other
line break (U+2028, NEL, a lone CR...) inside a column is refused at its line. IDs and HEADs are
ASCII digits: ``²``, full-width or Arabic-Indic digits are refused, as are a range that does not
run forward from the next word (``3-2``, ``-2``) and an empty node that does not follow its word.

>>> sentences = parse_conllu(["1\\tJá\\tjá\\tPRON\\t_\\tCase=Nom\\t2\\tnsubj\\t_\\t_",
...                           "2\\tpíšu\\tpsát\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_", ""])
>>> [(w.form, w.lemma, w.upos, w.head) for w in sentences[0]]
[('Já', 'já', 'PRON', 2), ('píšu', 'psát', 'VERB', 0)]
>>> format_conllu(sentences[0]).splitlines()[2]
'2\\tpíšu\\tpsát\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gecscope.errors import InputError, SettingError
from gecscope.types import Word as Word  # re-exported: the words this module reads

COLUMNS = 10
#: the 17 universal POS tags of UD v2 (column 4, UPOS)
UPOS_TAGS = frozenset(
    {
        *("ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM"),
        *("PART", "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X"),
    }
)


Sentence = tuple[Word, ...]

#: the line breaks ``str.splitlines`` knows besides ``\n``: refused inside a column
LINE_BREAK = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: a word id or HEAD: ASCII digits, at most 9 (a sentence is far shorter)
NUMBER = re.compile(r"[0-9]{1,9}")
#: a multi-word token (``4-5``) or an empty node (``4.1``)
RANGE = re.compile(r"([0-9]{1,9})-([0-9]{1,9})")
EMPTY_NODE = re.compile(r"([0-9]{1,9})\.([0-9]{1,9})")


def _shown(value: str) -> str:
    """``value`` quoted for a message, cut after 20 characters (with its length)."""
    if len(value) <= 20:
        return repr(value)
    return f"{value[:17]!r}"[:-1] + f"...' ({len(value)} characters)"


def _column(value: str) -> str:
    return "" if value == "_" else value


def parse_conllu(
    lines: Iterable[str],
    path: str | Path = "<input>",
    starts: list[int] | None = None,
    word_lines: list[list[int]] | None = None,
) -> list[Sentence]:
    """The sentences of CoNLL-U ``lines`` (one sentence per blank-line-separated block; a ``str``
    is the whole text, split on ``\n`` only); ``starts``, when given, receives the line number of
    each sentence's first word, and ``word_lines`` the line number of each of its words."""
    if isinstance(lines, str):
        lines = lines.split("\n")
    sentences: list[Sentence] = []
    words: list[Word] = []
    numbers: list[int] = []
    number = 0
    for number, raw in enumerate(lines, 1):
        line = raw.removesuffix("\n").removesuffix("\r")
        if number == 1:
            line = line.removeprefix("\ufeff")  # a byte-order mark, as text input skips it
        odd = LINE_BREAK.search(line)
        if odd:
            raise InputError(f"CoNLL-U line has a line break (U+{ord(odd.group()):04X}) inside a column", path, number)
        if not line.strip():
            if words:
                sentences.append(_closed(words, numbers, path, word_lines))
                words, numbers = [], []
            continue
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != COLUMNS:
            raise InputError(f"CoNLL-U line has {len(fields)} tab-separated columns, not {COLUMNS}", path, number)
        ident = fields[0]
        if "-" in ident or "." in ident:  # a multi-word token or an empty node: not a syntactic word
            _check_skipped(ident, len(words), path, number)
            continue
        if not words and starts is not None:
            starts.append(number)
        if not NUMBER.fullmatch(ident) or int(ident) != len(words) + 1:
            raise InputError(f"CoNLL-U word id {_shown(ident)} is not {len(words) + 1}", path, number)
        if not fields[1]:
            raise InputError("CoNLL-U word has an empty FORM", path, number)
        head = fields[6]
        if head not in ("_", "") and not NUMBER.fullmatch(head):
            if head.isascii() and head.isdigit():  # too many digits for any sentence
                shown = head if len(head) <= 20 else f"{head[:17]}... ({len(head)} digits)"
                raise InputError(f"CoNLL-U HEAD {shown} is past the sentence's last word", path, number)
            raise InputError(f"CoNLL-U HEAD {_shown(head)} is not a number", path, number)
        numbers.append(number)
        words.append(
            Word(
                form=fields[1],
                lemma=_column(fields[2]),
                upos=_column(fields[3]),
                feats=_column(fields[5]),
                deprel=_column(fields[7]),
                head=int(head) if NUMBER.fullmatch(head) else -1,
                xpos=_column(fields[4]),
            )
        )
    if words:
        sentences.append(_closed(words, numbers, path, word_lines))
    return sentences


def _check_skipped(ident: str, words: int, path: str | Path, number: int) -> None:
    """Refuse a multi-word token that does not run forward from the next word (``3-2``, ``-2``)
    or an empty node that does not follow the last word (``.1``), ``words`` words in."""
    span = RANGE.fullmatch(ident)
    if "-" in ident and not (span and int(span[1]) == words + 1 and int(span[2]) > int(span[1])):
        raise InputError(
            f"CoNLL-U multi-word token range {_shown(ident)} is not {words + 1}-N (N > {words + 1})", path, number
        )
    node = EMPTY_NODE.fullmatch(ident)
    if "." in ident and not (node and int(node[1]) == words and int(node[2]) > 0):
        raise InputError(f"CoNLL-U empty node id {_shown(ident)} is not {words}.N (N > 0)", path, number)


def _closed(words: list[Word], numbers: list[int], path: str | Path, word_lines: list[list[int]] | None) -> Sentence:
    """The finished sentence; a HEAD past its last word is an error (at that word's line)."""
    for word, number in zip(words, numbers, strict=True):
        if word.head > len(words):
            raise InputError(f"CoNLL-U HEAD {word.head} is past the sentence's last word ({len(words)})", path, number)
    if word_lines is not None:
        word_lines.append(numbers)
    return tuple(words)


def read_conllu(path: str | Path) -> list[Sentence]:
    """The sentences of the CoNLL-U file ``path`` (UTF-8)."""
    try:
        with open(path, encoding="utf-8-sig", newline="\n") as handle:  # lines end at \n only
            return parse_conllu(handle, path)
    except UnicodeDecodeError as err:
        raise InputError(f"CoNLL-U file is not UTF-8 ({err.reason})", path) from None
    except OSError as err:
        raise InputError(f"cannot read CoNLL-U file: {err.strerror}", path) from None


#: what ``words_from_doc`` reads of each token of a spaCy ``Doc``
TOKEN_ATTRIBUTES = ("text", "lemma_", "pos_", "morph", "dep_", "head", "i")


def spacy_tokens(doc: Any, name: str = "doc") -> list[Any]:
    """The tokens of a spaCy ``Doc`` or ``Span`` (or a list of its tokens); anything else (a
    string, None, objects without a token's attributes) is a :class:`SettingError` naming ``name``.

    >>> spacy_tokens("abc")
    Traceback (most recent call last):
    ...
    gecscope.errors.SettingError: doc: must be a spaCy Doc or Span (or a list of its tokens), not str 'abc'
    """

    def refuse(what: Any) -> SettingError:
        text = repr(what)
        shown = f"{type(what).__name__} {text}" if len(text) <= 40 and not text.startswith("<") else type(what).__name__
        return SettingError(f"must be a spaCy Doc or Span (or a list of its tokens), not {shown}", name, path=name)

    if isinstance(doc, (str, bytes)) or not hasattr(doc, "__iter__"):
        raise refuse(doc)
    tokens = list(doc)
    bad = next((t for t in tokens if not all(hasattr(t, a) for a in TOKEN_ATTRIBUTES)), None)
    if bad is not None:
        raise refuse(bad)
    return tokens


def format_conllu(sentence: Sequence[Word]) -> str:
    """``sentence`` as CoNLL-U lines (with a ``# text =`` line), ending with the blank line."""
    lines = ["# text = " + " ".join(w.form for w in sentence)]
    for i, w in enumerate(sentence, 1):
        head = str(w.head) if w.head >= 0 else "_"
        cells = (
            str(i),
            w.form,
            w.lemma or "_",
            w.upos or "_",
            w.xpos or "_",
            w.feats or "_",
            head,
            w.deprel or "_",
            "_",
            "_",
        )
        lines.append("\t".join(cells))
    return "\n".join(lines) + "\n\n"


def check_tags(
    words: Sequence[Word], lines: Sequence[int], path: str | Path, column: str, known: frozenset[str], hint: str = ""
) -> None:
    """Refuse a word of ``words`` whose ``column`` (``upos`` or ``xpos``) is not in ``known``, in
    one line naming the file and the word's line (``lines``: each word's); ``hint`` ends it."""
    for word, line in zip(words, lines, strict=True):
        tag = getattr(word, column)
        if tag not in known:
            shown = repr(tag) if tag else "'_'"
            raise InputError(f"CoNLL-U word {word.form!r} has {column.upper()} {shown}, not {hint}", path, line)


def check_tokens(
    words: Sequence[Word],
    tokens: Sequence[str],
    path: str | Path,
    sentence: int,
    line: int | None = None,
    note: str = "",
) -> None:
    """Refuse annotated ``words`` whose forms are not ``tokens`` (the sentence's tokens in the
    scored text), in one line naming the annotation file, the sentence and (``line``) its first
    line; ``note`` ends the message."""
    forms = [w.form for w in words]
    if forms != list(tokens):
        where = next(
            (i for i, (a, b) in enumerate(zip(forms, tokens, strict=False)) if a != b), min(len(forms), len(tokens))
        )
        ours = repr(forms[where]) if where < len(forms) else "none"
        theirs = repr(tokens[where]) if where < len(tokens) else "none"
        raise InputError(
            f"CoNLL-U sentence {sentence} does not match the text's tokens (word {where + 1}: {ours} vs {theirs})"
            + note,
            path,
            line,
        )
