"""Estonian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("et")``,
or ``syntok``), tag-free ERRANT edits; the ``et-tagger`` extra's offline tagger (``--tagger
estnltk``, Vabamorf) for the UD-POS error types."""

from gecscope.align.components import TaggerSpec
from gecscope.align.language import tag_free

TAGGER = TaggerSpec(
    "estnltk", "gecscope.align.et.tagger:EstonianTagger", "et-tagger", ("estnltk",), "the Estonian tagger"
)
LANGUAGE = tag_free("et", "Estonian", taggers=(TAGGER,))
