"""Czech as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("cs")``,
or ``syntok``), tag-free ERRANT edits.

Its error types are errant_czech's (``errant-czech``:
:class:`gecscope.align.cs.classifier.CzechTypes`), which read UD-annotated words: CoNLL-U
(:func:`gecscope.io.conllu.read_conllu`), a spaCy ``Doc``
(:func:`gecscope.align.cs.tagger.words_from_doc`) or the offline tagger of the opt-in
``cs-tagger`` extra (:class:`gecscope.align.cs.tagger.CzechTagger`); without annotations a caller
falls back to the tag-free surface types."""

from gecscope.align.components import ErrorTypes, TaggerSpec
from gecscope.align.language import tag_free

LANGUAGE = tag_free(
    "cs",
    "Czech",
    error_types=ErrorTypes("errant-czech", port="gecscope.align.cs.classifier:CzechTypes"),
    taggers=(
        TaggerSpec(
            "cs-core-news-sm",
            "gecscope.align.cs.tagger:CzechTagger",
            "cs-tagger",
            ("spacy", "cs-core-news-sm"),
            "the Czech tagger (CC BY-NC-SA)",
        ),
    ),
)
"""Czech (cs): the MultiGEC-2025 language unit."""
