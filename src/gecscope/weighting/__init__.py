"""Chunk weights. A weighting returns weights; it never writes them onto shared objects."""

from gecscope.weighting.length import LengthParams, LengthWeighting

__all__ = ["LengthParams", "LengthWeighting"]
