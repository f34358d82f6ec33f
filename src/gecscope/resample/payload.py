"""Sparse statistics that ride along the reference a resample chooses (per-error-type counts)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class Payload:
    """Sparse statistics that ride along a row's chosen reference (e.g. per-error-type counts):
    pair ``(row[j], ref[j])`` holds ``val[j]`` in column ``col[j]`` of ``width`` columns."""

    row: IntArray
    ref: IntArray
    col: IntArray
    val: FloatArray
    width: int

    def csr(self, k_max: int, n_rows: int) -> tuple[IntArray, IntArray, FloatArray]:
        """``(ptr, col, val)`` indexed by pair ``row * k_max + ref`` (for the compiled replay)."""
        pair = self.row * k_max + self.ref
        order = np.argsort(pair, kind="stable")
        ptr = np.zeros(n_rows * k_max + 1, dtype=np.int64)
        np.cumsum(np.bincount(pair, minlength=n_rows * k_max), out=ptr[1:])
        return ptr, np.asarray(self.col[order], dtype=np.int64), np.asarray(self.val[order], dtype=np.float64)


__all__ = ["IntArray", "Payload"]
