"""Parallel alignment: batches of pairs go to worker processes, edits come back in order.

Each worker process builds one aligner (``make(model)``, a module-level function of the
aligner's module that also loads its model, e.g. spaCy) in its initializer and keeps it for its
lifetime; this module imports no aligner (the aligner's module imports this one). At most
``2 * jobs`` batches are in flight, so the parent holds no parse and only a few batches of
pairs at a time. Workers are started with ``spawn`` (no fork of a threaded parent)."""

from __future__ import annotations

import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gecscope import pools
from gecscope.types import Edit, Tokens

Batch = list[tuple[Tokens, Tokens]]
#: builds a loaded aligner for a model name (picklable: a module-level function)
Make = Callable[[str], Any]

#: the worker process's aligner (one per process, set by the pool initializer)
_WORKER: dict[str, Any] = {}


def _start(make: Make, model: str) -> None:
    _WORKER["aligner"] = make(model)  # loaded now, once per worker
    _WORKER["key"] = (make, model)


def annotate_here(make: Make, model: str, batch: Batch) -> list[tuple[Edit, ...]]:
    """Annotate ``batch`` with this process's aligner ``make(model)`` (built on first use)."""
    if _WORKER.get("key") != (make, model):
        _start(make, model)
    result: list[tuple[Edit, ...]] = _WORKER["aligner"].annotate_batch(batch)
    return result


def in_order(submit: Callable[[Batch], Any], batches: Iterable[Batch], window: int) -> Iterator[list[tuple[Edit, ...]]]:
    """The result of each batch (``submit(batch)`` returns a future), in order, with at most
    ``window`` batches in flight."""
    pending: deque[Any] = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def start_pool(make: Make, model: str, jobs: int) -> ProcessPoolExecutor:
    """``jobs`` spawned worker processes, each building ``make(model)`` once (Ctrl-C reaches
    the parent alone: :mod:`gecscope.pools`)."""
    return pools.start_pool(jobs, _start, (make, model), multiprocessing.get_context("spawn"))


def parallel_edits(
    make: Make, model: str, batches: Iterable[Batch], jobs: int, pool: ProcessPoolExecutor
) -> Iterator[list[tuple[Edit, ...]]]:
    """The edits of each batch, in the order of ``batches``, computed by the ``jobs`` processes of
    ``pool`` (:func:`start_pool`; it stays open)."""
    return in_order(lambda batch: pool.submit(annotate_here, make, model, batch), batches, 2 * jobs)
