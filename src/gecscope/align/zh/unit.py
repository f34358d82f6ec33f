"""Chinese as ChERRANT reads it: its own readers (text, ChERRANT's TSV, char-level M2) remove
whitespace, convert targets with OpenCC ``t2s``, read ``没有错误`` / ``无法标注`` and split into
char tokens (``[缺失成分]`` one token); ChERRANT-compatible alignment with S/M/R/W types."""

from gecscope.align.components import ErrorTypes
from gecscope.align.language import Language, Readers
from gecscope.align.zh.text import zh_example, zh_examples_from_m2, zh_examples_from_text
from gecscope.align.zh.tokens import SIGNATURE

LANGUAGE = Language(
    "zh",
    "Chinese",
    tokenizers=("none", "char"),
    aligners=("cherrant", "levenshtein"),
    readers=Readers(zh_examples_from_text, zh_examples_from_m2, zh_example),
    inputs=("ref_tsv",),
    preparation="whitespace removed; targets OpenCC t2s; 没有错误 unchanged, 无法标注 unannotatable",
    tokens=SIGNATURE,
    error_types=ErrorTypes("cherrant", by_aligner=True),  # ChERRANT's aligner types its edits
    m2_format="cherrant",
    max_han_share=None,
    extra="zh",
    resources=("zh/resources",),
    signature={"lang": "zh"},
    pluggable=False,  # ChERRANT is the default; another aligner by --aligner NAME
)
