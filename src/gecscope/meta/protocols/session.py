"""One meta-evaluation run's shared work: what every metric run needs from a data set, done once.

A :class:`MetaSession` is an explicit object (no module-level cache) that a report creates,
passes to every :func:`~gecscope.meta.protocols.evaluate.run_metric` call and drops at the end.
Per data set it keeps the examples of each system, their alignment (all systems aligned in one
call, so a reference shared by every system is looked up once), the human judgments and pairs,
and the analyses metrics share by their declared ``analysis_key`` (the CLEME family: presets
that differ only in assumption, level or factors share one partition, relabelled per
assumption). A metric that takes a persistent search cache (M2's lattice store) gets it.
Nothing here changes a number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.meta.data.datasets import MetaDataset
from gecscope.meta.data.judgments import HumanPair, RankingItem, human_pairs, read_judgments
from gecscope.metrics.base import Metric
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
    #: analyses shared between metrics (:func:`gecscope.pipeline.analyse`)
    _shared: dict[Any, Any] = field(default_factory=dict, repr=False)
    _inputs: dict[tuple[DatasetKey, bool], pipeline.Inputs] = field(default_factory=dict, repr=False)

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
            self._inputs[key] = self._inputs[(dataset_key(ds), True)]
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
        done, self._inputs[key] = pipeline.align(systems, [(hypotheses, True)], self.aligner)
        self._aligned[key] = dict(zip(ds.systems, done, strict=True))
        return self._aligned[key]

    def pairs(self, path: str | Path, systems: tuple[str, ...]) -> list[HumanPair]:
        """``human_pairs(read_judgments(path), systems)``: each file parsed once, the pairs built
        once per system set."""
        items = _memo(self._judgments, str(path), lambda: read_judgments(path))
        return _memo(self._pairs, (str(path), systems), lambda: human_pairs(items, systems))

    def analyses(self, name: str, metric: Metric, ds: MetaDataset) -> dict[str, Any]:
        """Every system's analysis of ``metric`` on ``ds`` (the cached statistics), through
        :func:`gecscope.pipeline.analyse`: the metric's convention applied, and one analysis
        shared by the metrics that declare the same key (the CLEME family without a model)."""
        examples = self.prepared(ds, metric)
        stored = self.lattice_store is not None and metric.attach_store(self.lattice_store)
        out: dict[str, Any] = {}
        for system in progress(ds.systems, desc=f"{name} on {ds.name}", unit="system"):
            if stored and self.lattice_store is not None:
                self.lattice_store.prefetch(metric.config, examples[system])
            out[system] = pipeline.analyse(metric, examples[system], self._shared)
        if stored and self.lattice_store is not None:
            self.lattice_store.flush()
        return out

    def prepared(self, ds: MetaDataset, metric: Metric) -> dict[str, list[Example]]:
        """Every system's examples with the edits ``metric`` reads."""
        hypotheses, references = pipeline.uses(metric)
        if references:
            return self.aligned(ds, hypotheses)
        return {s: self.examples(ds, s) for s in ds.systems}

    def inputs(self, ds: MetaDataset, metric: Metric) -> pipeline.Inputs:
        """The inputs that sign ``metric`` on ``ds`` (:class:`gecscope.pipeline.Inputs`)."""
        hypotheses, references = pipeline.uses(metric)
        if references:
            self.aligned(ds, hypotheses)
            return self._inputs[(dataset_key(ds), hypotheses)]
        return pipeline.prepare([self.examples(ds, s) for s in ds.systems], [])[1]


def _memo(store: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``store[key]``, made by ``make()`` the first time."""
    if key not in store:
        store[key] = make()
    return store[key]
