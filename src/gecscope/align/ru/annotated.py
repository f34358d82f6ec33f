"""Russian: ru-errant's types from UD-annotated words (CoNLL-U or the offline tagger, pymorphy3 or
natasha, the ``ru-tagger`` extra), the plug-in point for ``--cat`` with ``--lang ru``.
The work is :mod:`gecscope.align.annotated_types`'s; this module binds the classifier and tagger."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gecscope.align import annotated_types
from gecscope.align.annotated_types import type_hypotheses as type_hypotheses  # re-exported
from gecscope.align.ru.classifier import RussianTypes
from gecscope.types import Example


def type_from_conllu(
    examples: Sequence[Example], source: str | Path, hypothesis: str | Path, types: RussianTypes | None = None
) -> list[Example]:
    """The examples typed on the CoNLL-U files ``source`` and ``hypothesis`` (``types``: the
    default lexicon, ``tags="conllu"``)."""
    return annotated_types.type_from_conllu(examples, source, hypothesis, types or RussianTypes(tags="conllu"))


def type_with_tagger(
    examples: Sequence[Example], lexicon: str = "pymorphy3", backend: str = "pymorphy3"
) -> list[Example]:
    """The examples typed on the offline tagger's annotations (``backend``: pymorphy3 or natasha);
    the tagger and its versions are the classifier's ``tags`` (in its signature)."""
    from gecscope.align.ru.tagger import RussianTagger

    tagger = RussianTagger(backend)
    return annotated_types.type_with_tagger(examples, tagger, RussianTypes(lexicon=lexicon, tags=tagger.name))
