"""Parallel ERRANT alignment: batches of pairs go to worker processes, edits come back in order.

Each worker process loads spaCy once (in its initializer) and keeps one aligner for its
lifetime; at most ``2 * jobs`` batches are in flight, so the parent holds no parse and only a few
batches of pairs at a time. Workers are started with ``spawn`` (no fork of a threaded parent).
"""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from gecscope import pools
from gecscope.types import Edit, Tokens

Batch = list[tuple[Tokens, Tokens]]

#: the worker process's aligner (one per process, set by the pool initializer)
_WORKER: dict[str, Any] = {}


def _start(model: str) -> None:
    from gecscope.align.en.errant import ErrantAligner

    aligner = ErrantAligner(model)
    _ = aligner.nlp  # load spaCy now, once per worker
    _WORKER["aligner"] = aligner


def annotate_here(model: str, batch: Batch) -> list[tuple[Edit, ...]]:
    """Annotate ``batch`` with this process's aligner for ``model`` (loaded on first use)."""
    if "aligner" not in _WORKER or _WORKER["aligner"].model != model:
        _start(model)
    return _annotate(batch)


def _annotate(batch: Batch) -> list[tuple[Edit, ...]]:
    result: list[tuple[Edit, ...]] = _WORKER["aligner"].annotate_batch(batch)
    return result


def start_pool(model: str, jobs: int) -> ProcessPoolExecutor:
    """``jobs`` spawned worker processes, each loading spaCy for ``model`` once (Ctrl-C reaches
    the parent alone: :mod:`gecscope.pools`)."""
    return pools.start_pool(jobs, _start, (model,), multiprocessing.get_context("spawn"))


def parallel_edits(
    model: str, batches: Iterable[Batch], jobs: int, pool: ProcessPoolExecutor | None = None
) -> Iterator[list[tuple[Edit, ...]]]:
    """The edits of each batch, in the order of ``batches``, computed by ``jobs`` processes
    (those of ``pool``, which stays open, when given; else a pool started for this call)."""
    if pool is None:
        own = start_pool(model, jobs)
        try:
            yield from parallel_edits(model, batches, jobs, own)
        except BaseException:
            pools.stop_pool(own)
            raise
        own.shutdown()
        return
    pending: deque[Future[list[tuple[Edit, ...]]]] = deque()
    for batch in batches:
        pending.append(pool.submit(_annotate, batch))
        if len(pending) >= 2 * jobs:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
