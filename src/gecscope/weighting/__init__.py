"""Chunk weights. A weighting returns weights; it never writes them onto shared objects.

The package imports nothing itself: ``gecscope.weighting.LengthWeighting`` and ``LengthParams``
are read from :mod:`gecscope.weighting.length` when asked for (the model settings,
:mod:`gecscope.weighting.config`, need neither it nor numpy)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gecscope.weighting.length import LengthParams, LengthWeighting

__all__ = ["LengthParams", "LengthWeighting"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from gecscope.weighting import length

        return getattr(length, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
