"""Russian as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("ru")``,
or ``syntok``), tag-free ERRANT edits.

Its error types are ru-errant's (``classifier="ru-errant"``:
:class:`gecscope.align.ru.classifier.RussianTypes`), which read UD-annotated words: CoNLL-U
(:func:`gecscope.io.conllu.read_conllu`), a spaCy ``Doc``
(:func:`gecscope.align.cs.tagger.words_from_doc`) or the offline tagger of the ``ru-tagger``
extra (:class:`gecscope.align.ru.tagger.RussianTagger`, pymorphy3); without annotations a caller
falls back to the tag-free surface types."""

from gecscope.align.language import tag_free

LANGUAGE = tag_free("ru", "Russian", classifier="ru-errant")
