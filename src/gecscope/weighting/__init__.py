"""Chunk weights. A weighting returns weights; it never writes them onto shared objects."""

from gecscope.weighting.length import LengthParams, LengthWeighting, length_bias

__all__ = ["LengthParams", "LengthWeighting", "length_bias"]
