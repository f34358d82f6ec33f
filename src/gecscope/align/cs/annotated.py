"""Czech examples typed from annotations: the hypothesis edits of aligned examples get
errant_czech's types from UD-annotated words of their source and hypothesis (CoNLL-U files, one
sentence per example, in order), the plug-in point for ``--cat`` with ``--lang cs``.

Each annotated sentence must have the example's tokens (a mismatch is one error naming the
CoNLL-U file and the sentence), so the edits' spans index the annotated words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from gecscope.align.cs.classifier import CzechTypes
from gecscope.errors import InputError
from gecscope.io.conllu import Sentence, check_tokens, read_conllu
from gecscope.types import Example


def type_hypotheses(
    examples: Sequence[Example],
    sources: Sequence[Sentence],
    hypotheses: Sequence[Sentence],
    types: CzechTypes,
    paths: tuple[str, str] = ("<source CoNLL-U>", "<hypothesis CoNLL-U>"),
) -> list[Example]:
    """``examples`` (aligned) with their hypothesis edits typed by ``types`` on the annotated
    ``sources`` and ``hypotheses`` (one sentence per example; ``paths`` name them in errors)."""
    for sentences, path in ((sources, paths[0]), (hypotheses, paths[1])):
        if len(sentences) != len(examples):
            raise InputError(f"{len(sentences)} CoNLL-U sentences for {len(examples)} examples", path)
    typed = []
    for number, (example, source, hypothesis) in enumerate(zip(examples, sources, hypotheses, strict=True), 1):
        check_tokens(source, example.source, paths[0], number)
        check_tokens(hypothesis, example.hypothesis.tokens, paths[1], number)
        edits = example.hypothesis.edits
        if edits is None:
            raise ValueError("type_hypotheses needs aligned examples (align them first)")
        target = replace(example.hypothesis, edits=types.type_edits(source, hypothesis, edits))
        typed.append(replace(example, hypothesis=target))
    return typed


def type_from_conllu(
    examples: Sequence[Example], source: str | Path, hypothesis: str | Path, types: CzechTypes | None = None
) -> list[Example]:
    """:func:`type_hypotheses` with the annotations read from the CoNLL-U files ``source`` and
    ``hypothesis`` (``types``: the default lexicon, ``tags="conllu"``)."""
    return type_hypotheses(
        examples,
        read_conllu(source),
        read_conllu(hypothesis),
        types or CzechTypes(tags="conllu"),
        (str(source), str(hypothesis)),
    )


def type_with_tagger(examples: Sequence[Example], lexicon: str = "simplemma") -> list[Example]:
    """:func:`type_hypotheses` with the annotations of the offline tagger (``cs-core-news-sm``,
    the ``cs-tagger`` extra) on the examples' own tokens; the tagger and its version are the
    classifier's ``tags`` (in its signature)."""
    from gecscope.align.cs.tagger import CzechTagger

    tagger = CzechTagger()
    sources = tagger.tag([example.source for example in examples])
    hypotheses = tagger.tag([example.hypothesis.tokens for example in examples])
    return type_hypotheses(examples, sources, hypotheses, CzechTypes(lexicon=lexicon, tags=tagger.name))
