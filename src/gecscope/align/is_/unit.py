"""Icelandic: pre-tokenised text (or ``spacy.blank("is")``, or ``syntok``) and Levenshtein edits.
The tag-free ERRANT aligner is refused: MultiGEC-2025 alone among its languages tags Icelandic
(with a web service), so its edits need the tags, which gecscope cannot read yet."""

from gecscope.align.language import TAG_FREE, TAG_FREE_FALLBACK, tag_free

LANGUAGE = tag_free(
    "is",
    "Icelandic",
    aligners=(TAG_FREE_FALLBACK,),
    refusals={
        TAG_FREE: "MultiGEC-2025 tags Icelandic (a web service, not blank attributes), and CoNLL-U tags "
        "cannot be given yet; use --aligner levenshtein"
    },
)
