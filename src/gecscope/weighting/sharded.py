"""Neural weighting sharded on a Dask cluster (``--executor dask``; the ``dask`` extra).

The model work of a weighting (BERTScore's encoder for similarity weights and PT-M2, the causal
LM for WODAFE's fluency) runs as tasks on Dask workers; each worker loads a model once (on its
first task, kept in :data:`_MODELS` keyed by the model's frozen config) and keeps it. Everything
else (the cache, F1 matching, weights, reference choice, scores) stays on the client.

The numbers are the serial run's, bit for bit: a torch encoder's output for a text depends (in
the last bits) on the other texts of its padded batch, so the client sorts the texts exactly as
the serial encoder does and cuts the sorted list into shards of whole batches; a worker then runs
the very batches the serial run would have run, and the results are put back in input order.

Where the cluster is comes from the aligner's settings (:class:`~gecscope.align.AlignSettings`:
``executor='dask'``, ``scheduler`` address or a local cluster of ``jobs`` workers).
"""

from __future__ import annotations

import atexit
import os
import weakref
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.causal_lm import CausalLM, batch_nll, length_order, load_causal_lm, token_ids
from gecscope.weighting.encoders import EncoderConfig, batch_order, load_encoder, put_back

if TYPE_CHECKING:
    from gecscope.align.settings import AlignSettings
    from gecscope.weighting.fluency import FluencyConfig

#: encoder (or LM) batches per task: small enough to spread a window over the workers, large
#: enough that a task's overhead (a few ms) is negligible against its model work
SHARD_BATCHES = 8

#: the models loaded in this (worker) process, by config
_MODELS: dict[object, Any] = {}


def _model(key: object, load: Callable[[], Any]) -> Any:
    """This process's model for ``key`` (loaded on first use and kept)."""
    if key not in _MODELS:
        _MODELS[key] = load()
    return _MODELS[key]


def embed_here(config: EncoderConfig, texts: Sequence[str]) -> list[np.ndarray]:
    """Token vectors of ``texts`` by this process's encoder for ``config`` (loaded on first use).
    ``texts`` come in batch order, so ``embed`` keeps their order and batches them as given."""
    vectors: list[np.ndarray] = _model(config, lambda: load_encoder(config)).embed(texts)
    return vectors


def worker_threads(settings: AlignSettings) -> int | None:
    """Compute threads per worker: the cores shared by a local cluster's workers, else None (the
    model's default: every core of the worker's machine, one worker per machine)."""
    if settings.scheduler:
        return None
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores // settings.jobs)


class DaskSession:
    """A Dask client (connected on first use; closed by :meth:`close`, when garbage-collected, or
    at exit). Get one with :func:`session_for`, so that the weightings of one run share it."""

    def __init__(self, settings: AlignSettings) -> None:
        self.settings = settings
        self._client: Any = None

    @property
    def client(self) -> Any:
        if self._client is None:
            from gecscope.align.sharded import connect

            self._client, cluster = connect(self.settings.jobs, self.settings.scheduler)
            # closed with the session; at exit before distributed's own handlers (atexit runs the
            # last registered first), so a local cluster shuts down quietly, as the aligner's does
            self._finalizer = weakref.finalize(self, _shut, self._client, cluster)
            self._finalizer.atexit = False
            atexit.register(self._finalizer)
        return self._client

    def close(self) -> None:
        """Disconnect (and stop the local cluster); a later task connects again."""
        if self._client is not None:
            atexit.unregister(self._finalizer)
            self._finalizer()
            self._client = None

    def map_ordered(self, function: Any, config: object, shards: Sequence[Any], desc: str = "") -> list[Any]:
        """``function(config, shard)`` for every shard on the cluster, results in shard order
        (a progress bar named ``desc``, if given)."""
        futures = [self.client.submit(function, config, shard, pure=False) for shard in shards]
        return [f.result() for f in progress(futures, desc=desc, unit="shard", enabled=None if desc else False)]


@cache
def session_for(settings: AlignSettings) -> DaskSession:
    """The session of ``settings`` in this process (created, not yet connected, on first use): every
    weighting of a run (CLEME2.0's and PT-M2's similarity, WODAFE's fluency) uses the same cluster."""
    return DaskSession(settings)


def _shut(client: Any, cluster: Any) -> None:
    client.close()
    if cluster is not None:
        cluster.close()


class DaskEncoder:
    """An :class:`~gecscope.weighting.encoders.Encoder` whose batches run on Dask workers.

    ``embed`` returns exactly what the serial encoder returns (same batches, see the module
    docstring). The client never loads the model.
    """

    def __init__(self, config: EncoderConfig, settings: AlignSettings) -> None:
        self.config = config
        self.session = session_for(settings)
        self.worker_config = replace(config, threads=config.threads or worker_threads(settings))

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        order = batch_order(self.config, texts)
        step = self.config.batch_size * SHARD_BATCHES
        shards = [[texts[i] for i in order[b : b + step]] for b in range(0, len(order), step)]
        results = self.session.map_ordered(embed_here, self.worker_config, shards)
        return put_back(order, (v for part in results for v in part), len(texts), np.empty((0, 0), np.float32))

    def close(self) -> None:
        self.session.close()


def _lm_here(config: FluencyConfig) -> CausalLM:
    key = ("causal-lm", config.model, config.device, config.cache_dir)
    lm: CausalLM = _model(key, lambda: load_causal_lm(config.model, device=config.device, cache_dir=config.cache_dir))
    return lm


def ids_here(config: FluencyConfig, texts: Sequence[str]) -> list[list[int]]:
    """Token ids of ``texts`` by this process's LM for ``config`` (loaded on first use)."""
    return token_ids(_lm_here(config), texts)


def nll_here(config: FluencyConfig, batches: Sequence[Sequence[Sequence[int]]]) -> list[list[float]]:
    """Mean token NLL of the rows of each batch, by this process's LM for ``config``."""
    lm = _lm_here(config)
    return [batch_nll(lm, rows) for rows in batches]


def dask_nll(config: FluencyConfig, texts: Sequence[str]) -> list[float | None]:
    """What ``FluencyScorer`` computes serially (mean NLL per text, None for a blank one), on the
    cluster of ``config.sharding``: texts are tokenised in shards, sorted into the serial batches
    on the client, and whole batches go to the workers."""
    assert config.sharding is not None
    session = session_for(config.sharding)
    size = config.batch_size * SHARD_BATCHES
    chunks = [list(texts[b : b + size]) for b in range(0, len(texts), size)]
    # the first shard alone: a worker may dequantise a preset and write its copy to the cache
    parts = session.map_ordered(ids_here, config, chunks[:1]) + session.map_ordered(ids_here, config, chunks[1:])
    ids = [row for part in parts for row in part]
    order = length_order(ids)
    batches = [[ids[i] for i in order[b : b + config.batch_size]] for b in range(0, len(order), config.batch_size)]
    shards = [batches[b : b + SHARD_BATCHES] for b in range(0, len(batches), SHARD_BATCHES)]
    results = session.map_ordered(nll_here, config, shards, "LM fluency")
    return put_back(order, (v for shard in results for batch in shard for v in batch), len(texts), None)
