"""Arabic as QALB-2014/2015 and ZAEBUC are scored (``--protocol qalb``, :mod:`gecscope.metrics.qalb`):
pre-tokenised text (the M2 gold's tokens; or ``spacy.blank("ar")``, ``syntok``), no tagger, tag-free
edits and error types."""

from gecscope.align.language import tag_free

LANGUAGE = tag_free("ar", "Arabic")
