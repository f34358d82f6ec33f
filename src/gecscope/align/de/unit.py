"""German as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("de")``,
or ``syntok``), tag-free ERRANT edits.

Its error types are Boyd's (``classifier="boyd-german"``:
:class:`gecscope.align.de.classifier.GermanTypes`), which read STTS-tagged words: CoNLL-U with
XPOS (:func:`gecscope.io.conllu.read_conllu`), a spaCy ``Doc``
(:func:`gecscope.align.de.tagger.words_from_doc`) or the offline tagger of the ``de-tagger`` extra
(:class:`gecscope.align.de.tagger.GermanTagger`, HanTa); without annotations a caller falls back
to the tag-free surface types."""

from gecscope.align.language import tag_free

LANGUAGE = tag_free("de", "German", classifier="boyd-german")
