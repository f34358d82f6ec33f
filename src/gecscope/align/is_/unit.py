"""Icelandic: pre-tokenised text (or ``spacy.blank("is")``, or ``syntok``) and Levenshtein edits.
The tag-free ERRANT aligner is refused: MultiGEC-2025 alone among its languages tags Icelandic
(with a web service), so its edits need the tags, which gecscope cannot read yet."""

from gecscope.align.language import TAG_FREE, TAG_FREE_FALLBACK, tag_free

LANGUAGE = tag_free(
    "is",
    "Icelandic",
    aligners=(TAG_FREE_FALLBACK,),
    refusals={
        TAG_FREE: "MultiGEC-2025 scores Icelandic with ERRANT on UDPipe 2 tags from a web service, so "
        "tag-free ERRANT is not its metric, and gecscope cannot read Icelandic tags (CoNLL-U) yet; "
        "use --aligner levenshtein"
    },
)
