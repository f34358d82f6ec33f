"""Ukrainian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("uk")``,
or ``syntok``), tag-free ERRANT edits; the
``uk-tagger`` extra's offline tagger (``--tagger pymorphy3``) for the UD-POS error types."""

from gecscope.align.components import TaggerSpec
from gecscope.align.language import tag_free
from gecscope.align.uk.euphony import is_ukrainian_variant

#: the offline tagger of the ``uk-tagger`` extra (pymorphy3 with its Ukrainian dictionary): with
#: ``--tagger pymorphy3`` the UD-POS classifier types the edits
TAGGER = TaggerSpec(
    "pymorphy3",
    "gecscope.align.uk.tagger:UkrainianTagger",
    "uk-tagger",
    ("pymorphy3", "pymorphy3-dicts-uk"),
    "the Ukrainian tagger",
)
LANGUAGE = tag_free("uk", "Ukrainian", spelling_variants=is_ukrainian_variant, taggers=(TAGGER,))
