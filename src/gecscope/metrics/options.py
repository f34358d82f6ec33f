"""Metric settings shared by several registry entries (each entry lists the ones it takes)."""

from __future__ import annotations

from gecscope.metrics.base import Option
from gecscope.types import CONVENTIONS

LEVEL = Option(
    "level", "corpus: the corpus rule; sentence: the mean of sentence scores", choices=("corpus", "sentence")
)
BETA = Option("beta", "F-beta", float)
CAT = Option(
    "cat", "per-error-type breakdown: 1 operation, 2 category, 3 full ERRANT type; 0: none", int, choices=(1, 2, 3)
)
ASSUMPTION = Option("assumption", "CLEME chunk assumption", choices=("dependent", "independent"))
#: ``length+similarity`` multiplies the two (WODAFE's "length weighting plus PTScore weights")
WEIGHTING = Option(
    "weighting",
    "chunk weights (similarity: PTScore with --encoder; llm: 1-5 ratings from --llm-model)",
    choices=("none", "length", "similarity", "llm", "length+similarity"),
)
MODE = Option(
    "mode",
    "official: reproduce the released code, bugs included; corrected: apply the intended sentence-level length weights",
    choices=("official", "corrected"),
)
EXCLUDE_UNCHANGED = Option("exclude_unchanged_refs", "drop references equal to the source", bool, kind="flag")
MAX_UNCHANGED = Option("max_unchanged_words", "unchanged words allowed inside one edit", int)
N = Option("n", "maximum n-gram order (0: GREEN's own, 4 for words and 6 for characters)", int)
MISSING = Option(
    "missing_annotators",
    "an annotator with no line in a sentence: absent (left out) or unchanged (the source); "
    "default: the metric's official convention (signed missing:X when another)",
    choices=CONVENTIONS,
)

#: the settings of every CLEME-family metric
CHUNK = (LEVEL, ASSUMPTION, WEIGHTING, MODE, EXCLUDE_UNCHANGED, CAT, MISSING)
