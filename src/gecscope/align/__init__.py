"""Edit extraction: fill in the edits of text-only targets.

``ErrantAligner`` is ERRANT 3.0.2-compatible (spaCy English, linguistic alignment, rule
merging); ``LevenshteinAligner`` is language-agnostic (token Levenshtein, adjacent changes
merged into one edit). ``get_aligner("errant")`` puts the ERRANT aligner behind the
persistent alignment cache (:mod:`gecscope.align.store`), so every metric and command shares
it; :class:`AlignSettings` holds the cache, worker and runaway-guard options.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from gecscope.align.aligner import Aligner, adopt
from gecscope.align.levenshtein import LevenshteinAligner
from gecscope.align.settings import AlignSettings, Origin, too_large, too_long, too_much_memory
from gecscope.errors import InputError
from gecscope.types import Edit, Example, Target, Tokens


def align_examples(examples: Sequence[Example], aligner: Aligner | Any, *, hypotheses: bool = True) -> list[Example]:
    """Return examples whose targets all carry edits (targets with edits are left untouched).
    ``hypotheses=False`` aligns the references only.

    An aligner with a ``max_tokens`` limit (ERRANT) refuses a pair over it (see
    :func:`gecscope.align.settings.too_long`), and one that fills a table refuses a pair whose table
    does not fit in the memory available (:func:`gecscope.align.settings.too_much_memory`, even
    without a limit), with one line naming the file and line, taken from the aligner's ``origin``
    when it has one."""
    aligner = adopt(aligner)
    todo: dict[tuple[Tokens, Tokens], tuple[Edit, ...]] = {}
    limit = aligner.max_tokens
    cells = aligner.max_cells
    for i, ex in enumerate(examples):
        for j, t in enumerate((ex.hypothesis, *ex.references)):
            if (j == 0 and not hypotheses) or t.edits is not None or t.tokens == ex.source:
                continue
            if (ex.source, t.tokens) not in todo:
                short = too_much_memory(ex.source, t.tokens, aligner.name)  # whatever the limit
                if short is not None:
                    raise _runaway(short, aligner, i, j, "use --aligner levenshtein (bounded memory)")
                why = too_long(ex.source, t.tokens, limit) or too_large(ex.source, t.tokens, cells)
                if why is not None:
                    raise _runaway(why, aligner, i, j)
                todo[(ex.source, t.tokens)] = ()
    pairs = list(todo)
    alternatives: dict[tuple[Tokens, Tokens], tuple[tuple[Edit, ...], ...]] = {}
    if aligner.alternatives:  # every cheapest alignment (ChERRANT's -s all)
        for pair, found in zip(pairs, aligner.alignments_batch(pairs), strict=True):
            todo[pair], alternatives[pair] = found[0], tuple(found[1:])
    else:
        for pair, edits in zip(pairs, aligner.edits_batch(pairs), strict=True):
            todo[pair] = edits

    def fill(src: Tokens, t: Target) -> Target:
        if t.edits is not None:
            return t
        found = Target(t.tokens, todo.get((src, t.tokens), ()), t.raw, alternatives.get((src, t.tokens), ()))
        return found if t.words is None else dataclasses.replace(found, words=t.words)

    return [
        dataclasses.replace(
            ex,
            hypothesis=fill(ex.source, ex.hypothesis) if hypotheses else ex.hypothesis,
            references=tuple(fill(ex.source, r) for r in ex.references),
        )
        for ex in examples
    ]


def _runaway(
    why: str,
    aligner: Aligner,
    index: int,
    target: int,
    hint: str = "raise the limit with --max-align-tokens N (0: none), or use --aligner levenshtein",
) -> InputError:
    origin = aligner.origin or Origin()
    where: tuple[str | None, int | None] = origin.locate(index, target)
    what = "hypothesis" if target == 0 else f"reference {target}"
    essay = origin.essay(index, target)
    if essay is not None:  # MultiGEC essays: the essay's block in its file
        where, what = essay[:2], f"essay {essay[2]}: {what}"
    elif where[0] is None:
        what = f"sentence {index + 1}: {what}"
    path, line = where
    return InputError(f"{what} has {why}; {origin.hint or hint}", path, line if path is not None else None)


def get_aligner(name: str | Aligner | Any, settings: AlignSettings | None = None) -> Aligner | Any:
    """``errant`` (English, needs the 'text' extra; behind the alignment cache unless
    ``settings.cache`` is off), ``errant-notag`` (tag-free ERRANT, any language, no model: the
    MultiGEC-2025 scorer's edits), ``levenshtein`` (any language), ``cherrant`` (Chinese char tokens,
    needs the 'zh' extra), or one registered in :mod:`gecscope.align.languages`
    (``register_aligner`` or the ``gecscope.aligners`` entry points). An aligner object is returned
    as it is (one that does not subclass :class:`Aligner` is adopted where its members are read:
    :func:`adopt`)."""
    if not isinstance(name, str):
        return name
    from gecscope.align.aligners import ALIGNERS

    if name in ALIGNERS:
        return ALIGNERS[name].build(settings)
    from gecscope.align.languages import find_aligner

    factory = find_aligner(name)
    if factory is not None:
        return factory()
    raise ValueError(f"unknown aligner {name!r} ({', '.join(ALIGNERS)} or a registered one)")


__all__ = ["AlignSettings", "Aligner", "LevenshteinAligner", "Origin", "adopt", "align_examples", "get_aligner"]
