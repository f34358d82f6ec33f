"""Metric registry."""

from gecscope.metrics.analysis import ChunkAnalysis, analyse
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import FACTOR_PRESETS, Cleme2, Cleme2Config, Factors

METRICS = {"cleme": Cleme, "cleme2": Cleme2}

__all__ = [
    "FACTOR_PRESETS",
    "METRICS",
    "ChunkAnalysis",
    "Cleme",
    "Cleme2",
    "Cleme2Config",
    "ClemeConfig",
    "Factors",
    "analyse",
]
