"""Any language without a unit of its own (ISO 639 ``und``, undetermined): whitespace tokens,
Levenshtein edits, the tag-free error types (strings only) and no input check."""

from gecscope.align.language import Language

LANGUAGE = Language("und", "any language", classifier="surface", max_han_share=None, signature={"lang": "und"})
