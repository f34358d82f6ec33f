"""Metric registry: name -> (metric class, config class)."""

from gecscope.metrics.analysis import ChunkAnalysis, analyse
from gecscope.metrics.base import Metric, MetricSpec
from gecscope.metrics.cherrant import Cherrant, CherrantConfig
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import FACTOR_PRESETS, Cleme2, Cleme2Config, Factors
from gecscope.metrics.errant import Errant, ErrantConfig
from gecscope.metrics.gleu import Gleu, GleuConfig
from gecscope.metrics.green import Green, GreenConfig
from gecscope.metrics.m2 import M2, M2Config
from gecscope.metrics.pt_m2 import PTM2, PTConfig, PTErrant
from gecscope.metrics.wodafe import Wodafe, WodafeConfig

METRICS: dict[str, MetricSpec] = {
    "cleme2": MetricSpec(Cleme2, Cleme2Config, "CLEME2.0: hit / wrong / under / over and their weighted score"),
    "cleme": MetricSpec(Cleme, ClemeConfig, "CLEME: chunk-level F-beta"),
    "green": MetricSpec(Green, GreenConfig, "GREEN: alignment-free n-gram F-beta (word or char)"),
    "errant": MetricSpec(Errant, ErrantConfig, "ERRANT: edit-level F0.5 as errant_compare 3.0.2 computes it"),
    "m2": MetricSpec(M2, M2Config, "M2 (MaxMatch): the M2 scorer 3.2's F0.5, fast on pathological outputs"),
    "gleu": MetricSpec(Gleu, GleuConfig, "GLEU: the official 2016 script's score (500 sampled iterations)"),
    "pt-m2": MetricSpec(PTM2, PTConfig, "PT-M2: M2 with edits weighted by PTScore (BERTScore)"),
    "pt-errant": MetricSpec(PTErrant, PTConfig, "PT-ERRANT: ERRANT with edits weighted by PTScore"),
    "wodafe": MetricSpec(Wodafe, WodafeConfig, "WODAFE: over-correction-decoupled F-score mixed with LM fluency"),
    "cherrant": MetricSpec(Cherrant, CherrantConfig, "ChERRANT: Chinese char-level F0.5, all alignments pooled"),
}

__all__ = [
    "FACTOR_PRESETS",
    "M2",
    "METRICS",
    "PTM2",
    "ChunkAnalysis",
    "Cleme",
    "Cleme2",
    "Cleme2Config",
    "ClemeConfig",
    "Errant",
    "ErrantConfig",
    "Factors",
    "Gleu",
    "GleuConfig",
    "Green",
    "GreenConfig",
    "M2Config",
    "Metric",
    "MetricSpec",
    "PTConfig",
    "PTErrant",
    "Wodafe",
    "WodafeConfig",
    "analyse",
]
