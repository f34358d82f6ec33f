"""Meta-evaluation: agreement of metrics with human judgments."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gecscope.meta.data.human import read_human_scores
    from gecscope.meta.protocols.correlate import Correlation, system_correlation

#: the exports, each imported when first read (a command that reads a test set's files loads no
#: meta-evaluation code)
_HOMES = {
    "read_human_scores": "gecscope.meta.data.human",
    "Correlation": "gecscope.meta.protocols.correlate",
    "system_correlation": "gecscope.meta.protocols.correlate",
}

__all__ = ["Correlation", "read_human_scores", "system_correlation"]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'gecscope.meta' has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
