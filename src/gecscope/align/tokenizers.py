"""Tokenisers for raw text input (``--tokenize``), one registry for the CLI and the Python API.

- ``none`` (alias ``whitespace``): the line split on whitespace, for pre-tokenised files (the
  default, as ever);
- ``spacy`` (English): the tokens spaCy's English tokenizer gives, as ``errant_parallel -tok``
  parses its input (the same pipeline the ERRANT aligner loads; whitespace tokens dropped);
- ``char`` (Chinese and other unsegmented scripts): one token per non-space character;
- ``syntok`` (any language using spaces; the ``multigec`` extra): ``syntok`` 1.4.4's tokens joined
  by single spaces, as the MultiGEC-2025 evaluation pre-tokenises each essay, then split as its
  ERRANT fork splits a line (:func:`gecscope.align.notag.fork_tokens`);
- ``spacy-blank``: spaCy's rule-based tokenizer of the language, ``spacy.blank(code)`` (no model).

Which of them a language allows, and its default, is declared by its unit
(:class:`gecscope.align.language.Language`); ``lang`` below is its code.

:func:`tokenize_examples` applies one tokeniser the same way to the source, the hypothesis and
the text references of every example; references read from M2 keep their tokens and edits, and
so does the source when the references come from M2 (its tokens are fixed by the M2 file).

>>> split = get_tokenizer("char")
>>> split("我 是学生。")
('我', '是', '学', '生', '。')
>>> tokenizer_signature("none"), tokenizer_signature("char")
('whitespace', 'char')
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence

from gecscope.align.languages import load_language
from gecscope.align.tokenizer_specs import (
    ALIASES,
    TOKENIZERS,
    Split,
    TokenizerSpec,
    register_tokenizer,
    registered,
    syntok_line,
)
from gecscope.types import Example, Target, Tokens


def line_maker(name: str) -> Callable[[str], str]:
    """A text (an essay, newlines and all) as one line of the tokens of tokeniser ``name``, joined
    by single spaces (``syntok``: :func:`syntok_line`).

    >>> line_maker("none")("He  go\\nhome .")
    'He go home .'
    """
    if canonical(name) == "syntok":
        return syntok_line()
    split = get_tokenizer(name)
    return lambda text: " ".join(split(text))


def canonical(name: str, lang: str | None = None) -> str:
    """The registered name of ``name`` (aliases resolved); refuses an unknown name or a
    tokeniser that language ``lang``'s unit does not allow.

    >>> canonical("whitespace"), canonical("spacy", "en"), canonical("spacy-blank", "cs")
    ('none', 'spacy', 'spacy-blank')
    """
    key = registered(name)
    spec = TOKENIZERS[key]
    if spec.languages and lang is not None and lang not in spec.languages:
        raise ValueError(f"--tokenize {key} is for --lang {'/'.join(spec.languages)}, not {lang}")
    if lang is not None:
        return load_language(lang).tokenizer(key)
    return key


def get_tokenizer(name: str, lang: str | None = None) -> Split:
    """The split function of a registered tokeniser (for language ``lang``, where it depends on one)."""
    spec = TOKENIZERS[canonical(name, lang)]
    if spec.per_language is not None and lang is not None:
        return spec.per_language(lang)
    return spec.factory()


def tokenizer_signature(name: str, m2_source: bool = False) -> str:
    """The ``tok:`` signature value of a tokeniser (``whitespace`` for ``none``, as ever);
    ``m2_source``: the source tokens came from M2 references and the hypothesis was
    :func:`snap`-ped to them.

    >>> tokenizer_signature("whitespace"), tokenizer_signature("spacy", m2_source=True)
    ('whitespace', 'spacy+snap-m2')
    """
    key = canonical(name)
    if key == "none":
        return "whitespace"
    if key in ("syntok", "estnltk"):  # their tokens change with their version
        from importlib import metadata

        try:
            key = f"{key}-{metadata.version(key)}"
        except metadata.PackageNotFoundError:
            key = f"{key}-?"
    return key + ("+snap-m2" if m2_source else "")


def _retarget(target: Target, split: Split) -> Target:
    if target.edits is not None:  # from M2: tokens and edits as written
        return target
    return Target(split(target.line))


def _glued(text: str, tokens: Tokens) -> list[bool]:
    """For each token but the first, whether it follows the previous one with no space in ``text``."""
    out, cursor, prev_end = [], 0, -1
    for token in tokens:
        at = text.find(token, cursor)
        if at < 0:  # a tokeniser that rewrites text: treat as separate
            out.append(False)
            continue
        out.append(at == prev_end)
        cursor = prev_end = at + len(token)
    return out[1:] if out else []


def snap(text: str, tokens: Tokens, source: Tokens, longest: int = 8) -> Tokens:
    """``tokens`` of ``text`` with runs written without spaces (``family-related``,
    ``decades,medical``) joined back into one token where the source has that token: with M2
    references the source tokens are fixed, and the hypothesis should split words as they do.

    >>> snap("a family-related risk", ("a", "family", "-", "related", "risk"), ("a", "family-related", "risk"))
    ('a', 'family-related', 'risk')
    """
    words = set(source)
    glued = _glued(text, tokens)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i + 1
        best = i + 1
        while j < len(tokens) and j - i < longest and glued[j - 1]:
            j += 1
            if "".join(tokens[i:j]) in words:
                best = j
        out.append("".join(tokens[i:best]))
        i = best
    return tuple(out)


def tokenize_examples(examples: Sequence[Example], name: str, lang: str | None = None) -> list[Example]:
    """``examples`` with source, hypothesis and text references re-tokenised by ``name`` from
    their raw lines. With M2 references the source keeps the M2's tokens, and hypothesis tokens
    written together are joined where the source has them joined (:func:`snap`). ``none``
    changes nothing."""
    if canonical(name, lang) == "none":
        return list(examples)
    split = get_tokenizer(name, lang)
    out = []
    for ex in examples:
        fixed = any(r.edits is not None for r in ex.references)
        source = ex.source if fixed else split(ex.source_line)
        hypothesis = _retarget(ex.hypothesis, split)
        if fixed and ex.hypothesis.edits is None:
            hypothesis = Target(snap(ex.hypothesis.line, hypothesis.tokens, source))
        out.append(
            dataclasses.replace(
                ex,
                source=source,
                hypothesis=hypothesis,
                references=tuple(_retarget(r, split) for r in ex.references),
                source_raw=None,
            )
        )
    return out


def source_reproduced(examples: Sequence[Example]) -> float:
    """Share of source tokens found in the hypothesis (multiset overlap, summed over the corpus):
    how well a re-tokenised hypothesis matches sources whose tokens are fixed by an M2 file.

    >>> ex = Example(("He", "go", "."), Target(("He", "goes", ".")), ())
    >>> round(source_reproduced([ex]), 3)
    0.667
    """
    kept = total = 0
    for ex in examples:
        kept += sum((Counter(ex.source) & Counter(ex.hypothesis.tokens)).values())
        total += len(ex.source)
    return kept / total if total else 1.0


__all__ = [
    "ALIASES",
    "TOKENIZERS",
    "Split",
    "TokenizerSpec",
    "canonical",
    "get_tokenizer",
    "line_maker",
    "register_tokenizer",
    "registered",
    "snap",
    "source_reproduced",
    "syntok_line",
    "tokenize_examples",
    "tokenizer_signature",
]
