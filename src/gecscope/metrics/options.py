"""Metric settings shared by several registry entries (each entry lists the ones it takes)."""

from __future__ import annotations

from typing import Any

from gecscope.finite import check_finite
from gecscope.metrics.base import Option
from gecscope.metrics.punctuation import SETS
from gecscope.types import CONVENTIONS

LEVEL = Option(
    "level", "corpus: the corpus rule; sentence: the mean of sentence scores", choices=("corpus", "sentence")
)
#: whose numbers a ``convention`` setting reproduces: the official scripts or gec-metrics' classes
IMPLEMENTATIONS = ("official", "gec-metrics")
#: F-beta's beta: beyond these ends beta² over- or underflows into a silent P or R (or an overflow)
BETA = Option("beta", "F-beta", float, low=0.01, high=100)


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    """A setting's value among ``allowed`` (here, not in ``metrics.config``, so that a metric
    without chunk settings imports no weighting code)."""
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")


def check_choices(config: Any, *options: Option) -> None:
    """``config``'s value of each option among the choices the option offers (:func:`check_choice`),
    so that a config accepts what its command-line option offers and nothing else."""
    for option in options:
        check_choice(option.name, getattr(config, option.name), option.choices)


def check_beta(beta: float) -> None:
    """A config's F-beta: a finite number (NaN named as such), then :data:`BETA`'s range."""
    check_finite(beta=beta)
    BETA.check(beta)


def cat_level(text: str) -> int | str:
    """A ``--cat`` value: ``gold`` as it is, else a number (an unknown word is refused by the choices)."""
    return text if not text.strip().lstrip("-").isdigit() else int(text)


CAT = Option(
    "cat",
    "per-error-type breakdown: 1 operation, 2 category, 3 full ERRANT type; gold: the reference M2's own types "
    "(recall, Hit, Under per gold type); 0: none",
    cat_level,
    choices=(0, 1, 2, 3, "gold"),
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
MAX_UNCHANGED = Option("max_unchanged_words", "unchanged words allowed inside one edit", int, low=0, high=100)
ALPHA = Option("alpha", "over-correction weight", float, low=0, high=100)
GAMMA = Option("gamma", "fluency weight (0: no language model)", float, low=0, high=1)
MAX_CHARS = Option(
    "max_chars",
    "work bound: longest pair of lines aligned by characters (source x target characters at most its square; 0: none)",
    int,
    low=0,
    high=10**9,
)
N = Option("n", "maximum n-gram order (GREEN: 0 = the unit's default)", int, low=0, high=100)
#: GLEU's n: no "unit default" (its config refuses 0)
GLEU_N = Option("n", "maximum n-gram order", int, low=1, high=100)
IGNORE_WHITESPACE_CASING = Option("ignore_whitespace_casing", "ignore case/space-only edits", bool, kind="flag")
#: the punctuation FCGEC's scorers remove first
PUNCTUATION = Option("punctuation", "characters removed first: Unicode P*, FCGEC's script list, or none", choices=SETS)
#: GLEU's and charGLEU's reference draws
SAMPLING = Option("sampling", "reference draws: Python 2 (official) or Python 3 ports", choices=("py2", "py3"))
ITERATIONS = Option("iterations", "sampling iterations", int, low=1, high=100_000)
GLEU_VARIANT = Option(
    "variant", "official: the script; corrected: GREEN's reformulation", choices=("official", "corrected")
)
#: GREEN's n-gram unit
UNIT = Option("unit", "n-gram unit", choices=("word", "char"))
MISSING = Option(
    "missing_annotators",
    "an annotator with no line in a sentence: absent (left out) or unchanged (the source); "
    "default: the metric's official convention (signed missing:X when another)",
    choices=CONVENTIONS,
)

#: the settings of every CLEME-family metric
CHUNK = (LEVEL, ASSUMPTION, WEIGHTING, MODE, EXCLUDE_UNCHANGED, CAT, MISSING)
