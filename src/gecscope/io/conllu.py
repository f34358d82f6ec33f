"""CoNLL-U: one sentence per block of ten tab-separated columns, blank line between sentences.

The words of a sentence are its syntactic words (``ID`` an integer); multi-word token lines
(``1-2``) and empty nodes (``1.1``) are skipped, as spaCy-UDPipe and errant_czech see the words.
Comment lines (``#``) are kept only as ``# text =`` / ``# sent_id =`` (not needed). Each
:class:`Word` keeps what an error-type classifier reads: form, lemma, UPOS, features, relation
and head. A malformed line is an :class:`~gecscope.errors.InputError` naming the file and line.

>>> sentences = parse_conllu(["1\\tJá\\tjá\\tPRON\\t_\\tCase=Nom\\t2\\tnsubj\\t_\\t_",
...                           "2\\tpíšu\\tpsát\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_", ""])
>>> [(w.form, w.lemma, w.upos, w.head) for w in sentences[0]]
[('Já', 'já', 'PRON', 2), ('píšu', 'psát', 'VERB', 0)]
>>> format_conllu(sentences[0]).splitlines()[2]
'2\\tpíšu\\tpsát\\tVERB\\t_\\t_\\t0\\troot\\t_\\t_'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import InputError

COLUMNS = 10


@dataclass(frozen=True, slots=True)
class Word:
    """One syntactic word of a CoNLL-U sentence (``_`` columns are empty strings; ``head`` is the
    1-based index of its head, 0 for the root, -1 when not given)."""

    form: str
    lemma: str = ""
    upos: str = ""
    feats: str = ""
    deprel: str = ""
    head: int = -1
    xpos: str = ""


Sentence = tuple[Word, ...]


def _column(value: str) -> str:
    return "" if value == "_" else value


def parse_conllu(lines: Iterable[str], path: str | Path = "<input>") -> list[Sentence]:
    """The sentences of CoNLL-U ``lines`` (one sentence per blank-line-separated block)."""
    sentences: list[Sentence] = []
    words: list[Word] = []
    number = 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            if words:
                sentences.append(_closed(words, path, number))
                words = []
            continue
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != COLUMNS:
            raise InputError(f"CoNLL-U line has {len(fields)} tab-separated columns, not {COLUMNS}", path, number)
        ident = fields[0]
        if "-" in ident or "." in ident:  # a multi-word token or an empty node: not a syntactic word
            continue
        if not ident.isdigit() or int(ident) != len(words) + 1:
            raise InputError(f"CoNLL-U word id {ident!r} is not {len(words) + 1}", path, number)
        if not fields[1]:
            raise InputError("CoNLL-U word has an empty FORM", path, number)
        head = fields[6]
        if head not in ("_", "") and not head.isdigit():
            raise InputError(f"CoNLL-U HEAD {head!r} is not a number", path, number)
        words.append(
            Word(
                form=fields[1],
                lemma=_column(fields[2]),
                upos=_column(fields[3]),
                feats=_column(fields[5]),
                deprel=_column(fields[7]),
                head=int(head) if head.isdigit() else -1,
                xpos=_column(fields[4]),
            )
        )
    if words:
        sentences.append(_closed(words, path, number))
    return sentences


def _closed(words: list[Word], path: str | Path, line: int) -> Sentence:
    """The finished sentence; a HEAD past its last word is an error (at the line ending it)."""
    if any(w.head > len(words) for w in words):
        raise InputError("CoNLL-U sentence has a HEAD past its last word", path, line)
    return tuple(words)


def read_conllu(path: str | Path) -> list[Sentence]:
    """The sentences of the CoNLL-U file ``path`` (UTF-8)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return parse_conllu(handle, path)
    except UnicodeDecodeError as err:
        raise InputError(f"CoNLL-U file is not UTF-8 ({err.reason})", path) from None
    except OSError as err:
        raise InputError(f"cannot read CoNLL-U file: {err.strerror}", path) from None


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
