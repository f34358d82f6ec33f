"""Russian: ru-errant's types from UD-annotated words (CoNLL-U or the offline tagger, pymorphy3 or
natasha, the ``ru-tagger`` extra), the plug-in point for ``--cat`` with ``--lang ru``.
The work is :mod:`gecscope.align.types.annotated`'s; this module binds the port its unit declares
(``type_from_conllu(examples, source, hypothesis)``, ``type_with_tagger(examples, lexicon=,
backend="pymorphy3" | "natasha")``; the lexicon is pymorphy3's dictionary by default)."""

from gecscope.align.types.annotated import Port
from gecscope.align.types.annotated import type_hypotheses as type_hypotheses  # re-exported

PORT = Port("ru", lexicon="pymorphy3")
type_from_conllu = PORT.type_from_conllu
type_with_tagger = PORT.type_with_tagger
