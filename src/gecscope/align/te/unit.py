"""Telugu as the IndicGEC-2025 shared task scores it: no tagger, tag-free edits (whitespace tokens,
``spacy.blank("te")`` or ``syntok``); its official score (``--protocol indicgec-2025``,
:mod:`gecscope.metrics.indicgec`) re-tokenises every line itself."""

from gecscope.align.language import tag_free

LANGUAGE = tag_free("te", "Telugu")
