"""German as the MultiGEC-2025 shared task scores it: pre-tokenised text (or ``spacy.blank("de")``,
or ``syntok``), tag-free ERRANT edits.

Its error types are Boyd's (``boyd-german``:
:class:`gecscope.align.de.classifier.GermanTypes`), which read STTS-tagged words: CoNLL-U with
XPOS (:func:`gecscope.io.conllu.read_conllu`), a spaCy ``Doc``
(:func:`gecscope.align.de.tagger.words_from_doc`) or the offline tagger of the ``de-tagger`` extra
(:class:`gecscope.align.de.tagger.GermanTagger`, HanTa); without annotations a caller falls back
to the tag-free surface types."""

from gecscope.align.components import ErrorTypes, TaggerSpec, TagSet
from gecscope.align.language import tag_free

#: Boyd's classifier reads the STTS tag in XPOS (column 5); a word that is only punctuation is
#: left to the classifier's own error (``.`` where STTS says ``$.``)
STTS = TagSet(
    "stts",
    "xpos",
    "an STTS tag Boyd's table knows (German error types read the STTS tag in XPOS, column 5)",
    known="gecscope.align.de.classifier:COARSE",
    skip_punctuation=True,
)
LANGUAGE = tag_free(
    "de",
    "German",
    error_types=ErrorTypes("boyd-german", port="gecscope.align.de.classifier:GermanTypes", tags=STTS),
    taggers=(
        TaggerSpec("hanta", "gecscope.align.de.tagger:GermanTagger", "de-tagger", ("HanTa",), "the German tagger"),
    ),
)
