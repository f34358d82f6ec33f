"""One meta-evaluation run's shared work: what every metric run needs from a data set, done once.

A :class:`MetaSession` is an explicit object (no module-level cache) that a report creates,
passes to every :func:`~gecscope.meta.protocols.evaluate.run_metric` call and drops at the end.
Per data set it keeps the examples of each system, their alignment (all systems aligned in one
call, so a reference shared by every system is looked up once), the human judgments and pairs,
and the CLEME-family analyses: presets that differ only in assumption, level or factors share
one partition, relabelled once per assumption. M2 gets the persistent lattice-search cache.
Nothing here changes a number.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.meta.data.datasets import MetaDataset
from gecscope.meta.data.judgments import HumanPair, RankingItem, human_pairs, read_judgments
from gecscope.metrics.base import Metric, edit_needs
from gecscope.metrics.m2_store import LatticeStore
from gecscope.progress import progress
from gecscope.types import Example

K = TypeVar("K")
V = TypeVar("V")
DatasetKey = tuple[str, str, tuple[str, ...], tuple[int, ...] | None]


def dataset_key(ds: MetaDataset) -> DatasetKey:
    """What identifies a data set's examples (the data set object itself is not hashable)."""
    return (ds.name, str(ds.source), tuple(str(p) for p in ds.references), ds.rows)


@dataclass
class MetaSession:
    """Per-run caches shared by every metric run of a meta-evaluation."""

    aligner: Aligner | None = None
    #: M2's persistent lattice-search cache (None: search every time)
    lattice_store: LatticeStore | None = None
    _examples: dict[tuple[DatasetKey, str], list[Example]] = field(default_factory=dict, repr=False)
    _aligned: dict[tuple[DatasetKey, bool], dict[str, list[Example]]] = field(default_factory=dict, repr=False)
    _judgments: dict[str, list[RankingItem]] = field(default_factory=dict, repr=False)
    _pairs: dict[tuple[str, tuple[str, ...]], list[HumanPair]] = field(default_factory=dict, repr=False)
    _chunks: dict[tuple[DatasetKey, bool, str], dict[str, Any]] = field(default_factory=dict, repr=False)

    def examples(self, ds: MetaDataset, system: str) -> list[Example]:
        """``ds.examples(system)``, read once."""
        return _memo(self._examples, (dataset_key(ds), system), lambda: ds.examples(system))

    def aligned(self, ds: MetaDataset, hypotheses: bool) -> dict[str, list[Example]]:
        """Every system's examples with edits (``hypotheses=False``: the references only),
        aligned in one call and kept for the run."""
        key = (dataset_key(ds), hypotheses)
        if key in self._aligned:
            return self._aligned[key]
        if self.aligner is None:
            raise ValueError("this metric needs edits: give the session an aligner")
        if not hypotheses and (dataset_key(ds), True) in self._aligned:
            full = self._aligned[(dataset_key(ds), True)]
            # the same reference edits, the hypothesis left as read
            self._aligned[key] = {
                s: [
                    Example(ex.source, raw.hypothesis, ex.references, ex.id, ex.source_raw, ex.from_file)
                    for ex, raw in zip(examples, self.examples(ds, s), strict=True)
                ]
                for s, examples in full.items()
            }
            return self._aligned[key]
        systems = [self.examples(ds, s) for s in ds.systems]
        done, _ = pipeline.align(systems, [(hypotheses, True)], self.aligner)
        self._aligned[key] = dict(zip(ds.systems, done, strict=True))
        return self._aligned[key]

    def pairs(self, path: str | Path, systems: tuple[str, ...]) -> list[HumanPair]:
        """``human_pairs(read_judgments(path), systems)``: each file parsed once, the pairs built
        once per system set."""
        items = _memo(self._judgments, str(path), lambda: read_judgments(path))
        return _memo(self._pairs, (str(path), systems), lambda: human_pairs(items, systems))

    def analyses(self, name: str, metric: Metric, ds: MetaDataset) -> dict[str, Any]:
        """Every system's analysis of ``metric`` on ``ds`` (the cached statistics)."""
        needs_hyp, needs_refs = edit_needs(metric)
        if _chunk_family(metric):
            return self._chunk_analyses(metric, ds, name)
        self._prepare(metric)
        out: dict[str, Any] = {}
        store = self.lattice_store if getattr(metric, "lattice_store", None) is not None else None
        for system in progress(ds.systems, desc=f"{name} on {ds.name}", unit="system"):
            examples = self.aligned(ds, needs_hyp)[system] if needs_refs else self.examples(ds, system)
            if store is not None:
                store.prefetch(metric.config, examples)
            out[system] = metric.analyse(examples)
        if store is not None:
            store.flush()
        return out

    def _prepare(self, metric: Metric) -> None:
        from gecscope.metrics.m2 import M2

        if type(metric) is M2 and self.lattice_store is not None:
            metric.lattice_store = self.lattice_store

    def _chunk_analyses(self, metric: Metric, ds: MetaDataset, name: str) -> dict[str, Any]:
        from gecscope.metrics.analysis import relabel

        config = metric.config
        exclude, assumption = bool(config.exclude_unchanged_refs), str(config.assumption)

        def partition() -> dict[str, Any]:
            aligned = self.aligned(ds, True)
            partitioner = type(metric)(dataclasses.replace(config, assumption="dependent"))  # type: ignore[call-arg]
            systems = progress(ds.systems, desc=f"{name} on {ds.name}", unit="system")
            return {s: partitioner.analyse(aligned[s]) for s in systems}

        dependent = _memo(self._chunks, (dataset_key(ds), exclude, "dependent"), partition)
        key = (dataset_key(ds), exclude, assumption)
        return _memo(self._chunks, key, lambda: {s: relabel(a, assumption) for s, a in dependent.items()}).copy()


def _memo(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make()`` the first time."""
    if key not in store:
        store[key] = make()
    return store[key]


def _chunk_family(metric: Metric) -> bool:
    """CLEME and CLEME2.0 without a model: their analysis is the plain partition (weights are
    applied when scoring), so presets that differ in assumption, level or factors share it."""
    from gecscope.metrics.chunk_metric import ChunkMetric

    return (
        isinstance(metric, ChunkMetric)
        and type(metric).analyse is ChunkMetric.analyse
        and metric.config.weighting in ("none", "length")
    )
