"""Meta-evaluation: agreement of metrics with human judgments."""

from gecscope.meta.data.human import read_human_scores
from gecscope.meta.protocols.correlate import Correlation, system_correlation

__all__ = ["Correlation", "read_human_scores", "system_correlation"]
