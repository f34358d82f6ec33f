"""Meta-evaluation: agreement of metrics with human judgments."""

from gecscope.meta.correlate import Correlation, system_correlation
from gecscope.meta.human import read_human_scores

__all__ = ["Correlation", "read_human_scores", "system_correlation"]
