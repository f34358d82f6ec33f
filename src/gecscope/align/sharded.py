"""Sharded ERRANT alignment on a Dask cluster (``--executor dask``; the ``dask`` extra).

Batches of pairs are submitted as tasks; each Dask worker process loads spaCy once (on its
first batch) and keeps it; the edits come back to the client in input order, so everything
after alignment (cache, reference choice, scores) is exactly the serial run. ``scheduler`` is
the address of a running cluster (``tcp://host:8786``, e.g. from ``dask scheduler`` and
``dask worker`` on each machine, with gecscope and its 'text' extra installed everywhere); None
starts a local cluster of ``jobs`` single-threaded worker processes for the run.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from gecscope.align.workers import Batch, Make, annotate_here, in_order
from gecscope.errors import MissingExtraError
from gecscope.types import Edit


def connect(jobs: int, scheduler: str | None) -> tuple[Any, Any]:
    """A Dask client (and the local cluster it owns, or None)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise MissingExtraError("--executor dask", "dask") from None
    if scheduler:
        return Client(scheduler), None
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
    return Client(cluster), cluster


def dask_edits(
    make: Make, model: str, batches: Iterable[Batch], jobs: int, client: Any
) -> Iterator[list[tuple[Edit, ...]]]:
    """The edits of each batch, in order, computed by ``make(model)`` on ``client``'s cluster
    (:func:`connect`; left open), a few batches per worker in flight."""
    workers = max(1, len(client.scheduler_info().get("workers", {})) or jobs)
    return in_order(lambda batch: client.submit(annotate_here, make, model, batch, pure=False), batches, 2 * workers)
