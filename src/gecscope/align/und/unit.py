"""Any language without a unit of its own (ISO 639 ``und``, undetermined): whitespace tokens,
Levenshtein edits, the tag-free error types (strings only) and no input check."""

from gecscope.align.components import SURFACE
from gecscope.align.language import Language

LANGUAGE = Language("und", "any language", error_types=SURFACE, max_han_share=None, signature={"lang": "und"})
