"""English: whitespace tokens (or spaCy's, as ``errant_parallel -tok``), ERRANT 3.0.2-compatible
edits with ERRANT's error types. The default language: it adds no field to a signature, so
English signatures read as they always have."""

from gecscope.align.language import Language

LANGUAGE = Language(
    "en",
    "English",
    tokenizers=("none", "spacy", "char", "syntok", "spacy-blank"),
    aligners=("errant", "errant-notag", "levenshtein"),
    classifier="errant",
    extra="text",
    pluggable=False,  # ERRANT is the default; another aligner by --aligner NAME
)
