"""Czech: errant_czech's types from UD-annotated words (CoNLL-U or the offline tagger
``cs-core-news-sm``, the ``cs-tagger`` extra), the plug-in point for ``--cat`` with ``--lang cs``.
The work is :mod:`gecscope.align.types.annotated`'s; this module binds the port its unit declares
(``type_from_conllu(examples, source, hypothesis)``, ``type_with_tagger(examples, lexicon=)``)."""

from gecscope.align.types.annotated import Port
from gecscope.align.types.annotated import type_hypotheses as type_hypotheses  # re-exported

PORT = Port("cs")
type_from_conllu = PORT.type_from_conllu
type_with_tagger = PORT.type_with_tagger
