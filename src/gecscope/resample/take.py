"""Select and stack the cached per-sentence statistics of any metric (see :mod:`gecscope.stats`)."""

from gecscope.stats import stack, take

__all__ = ["stack", "take"]
