"""English: whitespace tokens (or spaCy's, as ``errant_parallel -tok``), ERRANT 3.0.2-compatible
edits with ERRANT's error types. The default language: it adds no field to a signature, so
English signatures read as they always have."""

from gecscope.align.components import ErrorTypes
from gecscope.align.language import Language
from gecscope.io.tokenization import CLI_HINT

LANGUAGE = Language(
    "en",
    "English",
    tokenizers=("none", "spacy", "char", "syntok", "spacy-blank"),
    aligners=("errant", "errant-notag", "levenshtein"),
    error_types=ErrorTypes("errant", by_aligner=True),  # ERRANT's aligner types its edits
    tokenisation_advice=CLI_HINT,
    extra="text",
    pluggable=False,  # ERRANT is the default; another aligner by --aligner NAME
)
