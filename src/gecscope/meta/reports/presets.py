"""Named metric configurations for meta-evaluation (the settings of the golden reference runs)."""

from __future__ import annotations

from typing import Any

from gecscope.metrics import METRICS
from gecscope.pipeline import uses

#: GLEU as gec-metrics runs it (the official variant; the presets "GLEU" and "SentGLEU" correct it)
GLEU_OFFICIAL: dict[str, Any] = {"sampling": "py3", "whitespace": "unicode", "convention": "gec-metrics"}
#: name -> (registry metric, settings, system aggregation)
META_METRICS: dict[str, tuple[str, dict[str, Any], str]] = {
    "ERRANT": ("errant", {"convention": "gec-metrics"}, "corpus"),
    "SentERRANT": ("errant", {"convention": "gec-metrics"}, "sentence"),
    "GLEUOfficial": ("gleu", GLEU_OFFICIAL, "corpus"),
    "GLEU": ("gleu", {"variant": "corrected", **GLEU_OFFICIAL}, "corpus"),
    "SentGLEU": ("gleu", {"variant": "corrected", **GLEU_OFFICIAL}, "sentence"),
    "GREEN-word": ("green", {"convention": "gec-metrics"}, "corpus"),
    "GREEN-char": ("green", {"unit": "char", "convention": "gec-metrics"}, "corpus"),
    "SentGREEN-word": ("green", {"convention": "gec-metrics"}, "sentence"),
    "SentGREEN-char": ("green", {"unit": "char", "convention": "gec-metrics"}, "sentence"),
    "M2": ("m2", {}, "corpus"),
    "M2-0.2": ("m2", {"beta": 0.2}, "corpus"),  # GMEG-Data's Table 8 reports F0.2 beside F0.5
    # the official GLEU script's own settings (Python 2 draws), as GMEG-Data's Table 8 runs it
    "GLEU-script": ("gleu", {}, "corpus"),
    # GMEG-Data's "ERRANT": the mean F0.5 / F0.2 over ERRANT's error categories (errant_compare's references)
    "ERRANT-cat": ("errant", {"average": "categories"}, "corpus"),
    "ERRANT-cat-0.2": ("errant", {"average": "categories", "beta": 0.2}, "corpus"),
    # I-measure with the scorer's defaults; GMEG-Data's Table 8 ran it with -nomix (one reference per annotator)
    "I-measure": ("i-measure", {}, "corpus"),
    "I-measure-nomix": ("i-measure", {"mix": False}, "corpus"),
    "CLEME2.0-dep": ("cleme2", {"assumption": "dependent"}, "corpus"),
    "CLEME2.0-ind": ("cleme2", {"assumption": "independent"}, "corpus"),
    "SentCLEME2.0-dep": ("cleme2", {"assumption": "dependent", "level": "sentence"}, "sentence"),
    "SentCLEME2.0-ind": ("cleme2", {"assumption": "independent", "level": "sentence"}, "sentence"),
    # model-backed (extra 'sim'; WODAFE's fluency needs 'lm'): default encoder / LM, cached
    "CLEME2.0-sim-dep": ("cleme2", {"assumption": "dependent", "weighting": "similarity"}, "corpus"),
    "CLEME2.0-sim-ind": ("cleme2", {"assumption": "independent", "weighting": "similarity"}, "corpus"),
    "SentCLEME2.0-sim-dep": (
        "cleme2",
        {"assumption": "dependent", "level": "sentence", "weighting": "similarity"},
        "sentence",
    ),
    "PT-M2": ("pt-m2", {}, "corpus"),
    "PT-ERRANT": ("pt-errant", {}, "corpus"),
    "WODAFE": ("wodafe", {}, "corpus"),
    "SentWODAFE": ("wodafe", {"level": "sentence"}, "sentence"),
    # reference-free (extra 'lm'): Scribendi with --lm-model (packaged SmolLM2 by default); the LLM
    # judges need --llm-model [--llm-endpoint], SOME and IMPARA their checkpoint folders
    "scribendi": ("scribendi", {}, "corpus"),
    "llm-s": ("llm-s", {}, "corpus"),
    "llm-e": ("llm-e", {}, "corpus"),
    "some": ("some", {}, "corpus"),
    "impara": ("impara", {}, "corpus"),
}
#: every other registered metric, meta-evaluated with its defaults under its registry name
META_METRICS.update(
    {name: (name, {}, "corpus") for name in METRICS if all(m != name for m, _, _ in META_METRICS.values())}
)
#: presets of the reference-free metrics (``meta run`` takes their settings and model options)
REFERENCE_FREE = ("scribendi", "llm-s", "llm-e", "some", "impara")
#: presets that need a model named on the command line (never in ``meta report``)
NEEDS_INPUT = frozenset({"llm-s", "llm-e", "some", "impara"})
#: GMEG-Data's Table 8 settings: ``meta run`` takes them, the GJG15/SEEDA report leaves them out
TABLE8_ONLY = frozenset({"M2-0.2", "GLEU-script", "ERRANT-cat", "ERRANT-cat-0.2", "I-measure-nomix"})

#: registry metric -> the preset ``meta run --metric NAME`` runs for it (the paper's default setting;
#: a metric without a preset above: its defaults, generated from the registry)
DEFAULT_PRESET = {
    "cleme2": "CLEME2.0-dep",
    "errant": "ERRANT",
    "m2": "M2",
    "gleu": "GLEU",
    "green": "GREEN-word",
    "pt-m2": "PT-M2",
    "pt-errant": "PT-ERRANT",
    "wodafe": "WODAFE",
    "i-measure": "I-measure",
    **{name: name for name in REFERENCE_FREE},
}
DEFAULT_PRESET.update({name: name for name in METRICS if name not in DEFAULT_PRESET})


def preset_name(name: str) -> str:
    """The preset ``name`` means: a preset name in any case, or a metric's registry or paper name
    (``cleme2``, ``CLEME2.0``: its default preset); else one line with a "did you mean".

    >>> preset_name("cleme2"), preset_name("CLEME2.0"), preset_name("sentcleme2.0-ind")
    ('CLEME2.0-dep', 'CLEME2.0-dep', 'SentCLEME2.0-ind')
    """
    from gecscope.metrics import aliases
    from gecscope.metrics.names import metric_name

    paper = aliases()
    table = {}
    for metric, preset in DEFAULT_PRESET.items():
        table[metric] = preset
        table.update({alias: preset for alias, target in paper.items() if target == metric})
    return metric_name(name, META_METRICS, table)


def uses_model(preset: str) -> bool:
    """Whether a preset loads a model (left out of the non-neural report), as its metric's
    registry entry declares."""
    metric, settings, _ = META_METRICS[preset]
    spec = METRICS[metric]
    return spec.uses_model(spec.config(**settings))


def uses_edits(preset: str) -> bool:
    """Whether a preset's metric reads edits (the system outputs must be aligned)."""
    metric, settings, _ = META_METRICS[preset]
    return uses(METRICS[metric].build(**settings))[1]
