"""Ukrainian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("uk")``,
or ``syntok``), tag-free ERRANT edits."""

from gecscope.align.language import tag_free
from gecscope.align.uk.euphony import is_ukrainian_variant

LANGUAGE = tag_free("uk", "Ukrainian", spelling_variants=is_ukrainian_variant)
