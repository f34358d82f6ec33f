"""Refuse non-finite numbers (NaN, ±inf) in settings before they turn into a silent ``nan`` score."""

from __future__ import annotations

import math


def check_finite(**values: float | None) -> None:
    """Raise ``ValueError`` naming the first setting that is NaN or infinite (None is skipped).

    >>> check_finite(beta=0.5, alpha=None)
    >>> check_finite(beta=float("nan"))
    Traceback (most recent call last):
    ValueError: beta must be a finite number; got nan
    """
    for name, value in values.items():
        if value is not None and not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number; got {value}")


def check_step(step: float) -> None:
    """A grid step must be a finite number in (0, 1].

    >>> check_step(0.05)
    >>> check_step(0)
    Traceback (most recent call last):
    ValueError: grid step must be in (0, 1]; got 0
    """
    check_finite(step=step)
    if not 0 < step <= 1:
        raise ValueError(f"grid step must be in (0, 1]; got {step:g}")
