"""German: Boyd's types from STTS-tagged words (CoNLL-U with the STTS tag in XPOS, or the offline
tagger HanTa, the ``de-tagger`` extra), the plug-in point for ``--cat`` with ``--lang de``.
The work is :mod:`gecscope.align.annotated_types`'s; this module binds the classifier and tagger."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gecscope.align import annotated_types
from gecscope.align.annotated_types import type_hypotheses as type_hypotheses  # re-exported
from gecscope.align.de.classifier import GermanTypes
from gecscope.types import Example


def type_from_conllu(
    examples: Sequence[Example], source: str | Path, hypothesis: str | Path, types: GermanTypes | None = None
) -> list[Example]:
    """The examples typed on the CoNLL-U files ``source`` and ``hypothesis`` (``types``: the
    default lexicon, ``tags="conllu"``)."""
    return annotated_types.type_from_conllu(examples, source, hypothesis, types or GermanTypes(tags="conllu"))


def type_with_tagger(examples: Sequence[Example], lexicon: str = "simplemma") -> list[Example]:
    """The examples typed on the offline tagger's annotations of their own tokens; the tagger and
    its version are the classifier's ``tags`` (in its signature)."""
    from gecscope.align.de.tagger import GermanTagger

    tagger = GermanTagger()
    return annotated_types.type_with_tagger(examples, tagger, GermanTypes(lexicon=lexicon, tags=tagger.name))
