"""Select and stack the cached per-sentence statistics of any metric (the slow, generic path)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.metrics.analysis import ChunkAnalysis
from gecscope.metrics.chunk_stack import stack_analyses, take_sentences
from gecscope.metrics.counts import CountTable
from gecscope.metrics.green import GreenAnalysis

IntArray = NDArray[np.int64]


def take(analysis: Any, idx: Sequence[int] | IntArray) -> Any:
    """The cached statistics of the sentences ``idx`` (in that order, with repeats), for any metric.

    >>> take([("a",), ("b",), ("c",)], [2, 2, 0])
    [('c',), ('c',), ('a',)]
    """
    if isinstance(analysis, ChunkAnalysis):
        return take_sentences(analysis, idx)
    if isinstance(analysis, GreenAnalysis):
        return GreenAnalysis(analysis.regions[:, idx], analysis.present[idx])
    if isinstance(analysis, CountTable):  # ERRANT, M2
        return analysis.take(idx)
    if isinstance(analysis, np.ndarray):
        return analysis[np.asarray(idx)]
    if dataclasses.is_dataclass(analysis) and not isinstance(analysis, type):
        names = _sentence_fields(analysis)
        return dataclasses.replace(analysis, **{k: tuple(getattr(analysis, k)[i] for i in idx) for k in names})
    return [analysis[i] for i in idx]


def _sentence_fields(analysis: Any) -> list[str]:
    """The tuple fields of a dataclass analysis that hold one entry per sentence."""
    tuples = {f.name: getattr(analysis, f.name) for f in dataclasses.fields(analysis)}
    tuples = {k: v for k, v in tuples.items() if isinstance(v, tuple)}
    if not tuples:
        raise TypeError(f"cannot resample a {type(analysis).__name__} (no per-sentence fields)")
    n = len(next(iter(tuples.values())))
    return [k for k, v in tuples.items() if len(v) == n]


def stack(analyses: Sequence[Any]) -> Any:
    """The sentences of several analyses of the same metric, one after another.

    >>> stack([[1, 2], [3]])
    [1, 2, 3]
    """
    first = analyses[0]
    if isinstance(first, ChunkAnalysis):
        return stack_analyses(analyses)
    if isinstance(first, GreenAnalysis):
        k = max(a.regions.shape[2] for a in analyses)
        regions = [np.pad(a.regions, ((0, 0), (0, 0), (0, k - a.regions.shape[2]), (0, 0))) for a in analyses]
        present = [np.pad(a.present, ((0, 0), (0, k - a.present.shape[1]))) for a in analyses]
        return GreenAnalysis(np.concatenate(regions, axis=1), np.concatenate(present, axis=0))
    if isinstance(first, CountTable):  # ERRANT, M2
        return first.stack(analyses)
    if isinstance(first, np.ndarray):
        return np.concatenate(analyses, axis=0)
    if dataclasses.is_dataclass(first) and not isinstance(first, type):
        names = _sentence_fields(first)
        return dataclasses.replace(first, **{k: tuple(x for a in analyses for x in getattr(a, k)) for k in names})
    return [row for a in analyses for row in a]
