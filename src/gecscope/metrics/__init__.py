"""Metric registry: name -> (metric class, config class)."""

from gecscope.metrics.analysis import ChunkAnalysis, analyse
from gecscope.metrics.base import Metric, MetricSpec
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import FACTOR_PRESETS, Cleme2, Cleme2Config, Factors
from gecscope.metrics.gleu import Gleu, GleuConfig
from gecscope.metrics.green import Green, GreenConfig

METRICS: dict[str, MetricSpec] = {
    "cleme2": MetricSpec(Cleme2, Cleme2Config, "CLEME2.0: hit / wrong / under / over and their weighted score"),
    "cleme": MetricSpec(Cleme, ClemeConfig, "CLEME: chunk-level F-beta"),
    "green": MetricSpec(Green, GreenConfig, "GREEN: alignment-free n-gram F-beta (word or char)"),
    "gleu": MetricSpec(Gleu, GleuConfig, "GLEU: the official 2016 script's score (500 sampled iterations)"),
}

__all__ = [
    "FACTOR_PRESETS",
    "METRICS",
    "ChunkAnalysis",
    "Cleme",
    "Cleme2",
    "Cleme2Config",
    "ClemeConfig",
    "Factors",
    "Gleu",
    "GleuConfig",
    "Green",
    "GreenConfig",
    "Metric",
    "MetricSpec",
    "analyse",
]
