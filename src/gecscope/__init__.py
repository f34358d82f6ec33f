"""gecscope: fast, faithful and interpretable evaluation of grammatical error correction.

>>> import gecscope
>>> d = gecscope.example_dir()
>>> examples = gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
>>> result = gecscope.score("cleme2", examples, level="sentence")
>>> sorted(result.details)[:4]
['fn', 'fp', 'fp_ne', 'fp_un']
"""

from gecscope.api import evaluate_module_path, example_dir, get_metric, load, prepare, score
from gecscope.comparison import compare as compare
from gecscope.examples import Examples
from gecscope.metrics import FACTOR_PRESETS, METRICS, Factors
from gecscope.report.explain import explain
from gecscope.result import Score
from gecscope.types import Chunk, Edit, Example, Target
from gecscope.version import __version__

__all__ = [
    "FACTOR_PRESETS",
    "METRICS",
    "Chunk",
    "Edit",
    "Example",
    "Examples",
    "Factors",
    "Score",
    "Target",
    "__version__",
    "evaluate_module_path",
    "example_dir",
    "explain",
    "get_metric",
    "load",
    "prepare",
    "score",
]
