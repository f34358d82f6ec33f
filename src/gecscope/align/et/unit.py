"""Estonian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("et")``,
``syntok``, or EstNLTK's words, ``--tokenize estnltk``, as EstGEC's sources are tokenised),
tag-free ERRANT edits; the ``et-tagger`` extra's offline tagger (``--tagger estnltk``, Vabamorf)
for error types in EstGEC's own categories (the UD-POS classifier's, mapped)."""

from gecscope.align.components import ErrorTypes, TaggerSpec
from gecscope.align.language import tag_free

TAGGER = TaggerSpec(
    "estnltk", "gecscope.align.et.tagger:EstonianTagger", "et-tagger", ("estnltk",), "the Estonian tagger"
)
#: on annotated words (CoNLL-U or the tagger) the UD-POS types in EstGEC's own categories
#: (NOM:FORM, VERB:FORM, LEX, SPELL, WO, PUNCT, CASE, WS): :mod:`gecscope.align.et.estgec_types`
TYPES = ErrorTypes("estgec", port="gecscope.align.et.estgec_types:EstgecTypes")
LANGUAGE = tag_free(
    "et",
    "Estonian",
    error_types=TYPES,
    taggers=(TAGGER,),
    tokenizers=("none", "spacy-blank", "syntok", "estnltk"),
)
