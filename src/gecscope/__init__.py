"""gecscope: fast, faithful and interpretable evaluation of grammatical error correction.

>>> import gecscope
>>> d = gecscope.example_dir()
>>> examples = gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
>>> result = gecscope.score("cleme2", examples, level="sentence")
>>> sorted(result.details)[:4]
['fn', 'fp', 'fp_ne', 'fp_un']

The names below load on first use (PEP 562), so ``import gecscope`` and ``gecscope --help`` do not
import the metrics, numpy or the report code.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from gecscope.version import __version__

if TYPE_CHECKING:
    from gecscope.align.cs.tagger import words_from_doc
    from gecscope.align.language import Language
    from gecscope.align.languages import load_language
    from gecscope.api import evaluate_module_path, example_dir, get_metric, load, prepare, score
    from gecscope.comparison import compare as compare
    from gecscope.examples import Examples
    from gecscope.metrics import METRICS
    from gecscope.metrics.cleme2 import FACTOR_PRESETS, Factors
    from gecscope.report.explain import explain
    from gecscope.result import Score
    from gecscope.types import Chunk, Edit, Example, Target

#: public name -> the module that defines it
_HOMES = {
    **dict.fromkeys(("evaluate_module_path", "example_dir", "get_metric", "load", "prepare", "score"), "api"),
    "compare": "comparison",
    "Examples": "examples",
    "Language": "align.language",
    "load_language": "align.languages",
    "words_from_doc": "align.cs.tagger",
    "METRICS": "metrics",
    **dict.fromkeys(("FACTOR_PRESETS", "Factors"), "metrics.cleme2"),
    "explain": "report.explain",
    "Score": "result",
    **dict.fromkeys(("Chunk", "Edit", "Example", "Target"), "types"),
}

__all__ = [
    "FACTOR_PRESETS",
    "METRICS",
    "Chunk",
    "Edit",
    "Example",
    "Examples",
    "Factors",
    "Language",
    "Score",
    "Target",
    "__version__",
    "compare",
    "evaluate_module_path",
    "example_dir",
    "explain",
    "get_metric",
    "load",
    "load_language",
    "prepare",
    "score",
    "words_from_doc",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'gecscope' has no attribute {name!r}")
    value = getattr(import_module(f"gecscope.{_HOMES[name]}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
