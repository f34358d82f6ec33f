"""Estonian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("et")``,
or ``syntok``), tag-free ERRANT edits."""

from gecscope.align.language import tag_free

LANGUAGE = tag_free("et", "Estonian")
