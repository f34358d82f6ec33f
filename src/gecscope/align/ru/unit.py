"""Russian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("ru")``,
or ``syntok``), tag-free ERRANT edits.

Its error types are ru-errant's (``ru-errant``:
:class:`gecscope.align.ru.classifier.RussianTypes`), which read UD-annotated words: CoNLL-U
(:func:`gecscope.io.conllu.read_conllu`), a spaCy ``Doc``
(:func:`gecscope.align.cs.tagger.words_from_doc`) or the offline tagger of the ``ru-tagger``
extra (:class:`gecscope.align.ru.tagger.RussianTagger`, pymorphy3); without annotations a caller
falls back to the tag-free surface types."""

from gecscope.align.components import ErrorTypes, TaggerSpec
from gecscope.align.language import tag_free

#: what the two taggers need (pymorphy3 gives natasha's lemmas too)
PYMORPHY = ("pymorphy3", "pymorphy3-dicts-ru")
LANGUAGE = tag_free(
    "ru",
    "Russian",
    error_types=ErrorTypes("ru-errant", port="gecscope.align.ru.classifier:RussianTypes"),
    taggers=(
        TaggerSpec("pymorphy3", "gecscope.align.ru.tagger:RussianTagger", "ru-tagger", PYMORPHY, "the Russian tagger"),
        TaggerSpec(
            "natasha", "gecscope.align.ru.tagger:NatashaTagger", "ru-tagger", ("natasha", *PYMORPHY), "a Russian tagger"
        ),
    ),
)
