"""The compact chunk analysis: vectorised labels and counts equal a plain reference
implementation (chunk objects, one label at a time); take and stack of shards equal one shot."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import require_shared, system_examples
from gecscope.chunk import partition
from gecscope.classify import Labels, classify_dependent, classify_independent
from gecscope.metrics import METRICS
from gecscope.metrics.analysis import ChunkAnalysis, analyse, kept_references, relabel
from gecscope.metrics.chunk_metric import ChunkMetric
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.stats import ChunkCounts
from gecscope.types import Chunk, Example
from gecscope.weighting.length import LengthWeighting, length_params
from test_properties import examples

ASSUMPTIONS = ("dependent", "independent")
#: how CLEME and CLEME2.0 declare their chunk statistics
CHUNKS = METRICS["cleme"].statistics


def classify(chunks: Sequence[Chunk], n_refs: int, assumption: str) -> tuple[Labels, ...]:
    """The chunk labels of the reference implementation (:mod:`gecscope.classify`) under ``assumption``."""
    return (classify_dependent if assumption == "dependent" else classify_independent)(chunks, n_refs)


def reference_counts(
    exs: list[Example], assumption: str, weighting: str, level: str, exclude: bool = False
) -> list[tuple[ChunkCounts, ...]]:
    """CLEME's counts the plain way: Chunk objects, per-chunk labels, per-chunk weights."""
    parts, kepts = [], []
    for ex in exs:
        kept = kept_references(ex, exclude)
        targets = (ex.hypothesis, *(ex.references[i] for i in kept))
        parts.append(partition(ex.source, [t.edits or () for t in targets]))
        kepts.append(kept)
    lengths = [
        max(len(c.source), len(c.outputs[k]))
        for p in parts
        for c in p
        for k in range(1, len(c.changed))
        if c.changed[k]
    ]
    bias = sum(lengths) / len(lengths) if lengths else 0.0
    weigher = LengthWeighting(length_params(level, assumption, "official"), bias)
    out = []
    for chunks, kept in zip(parts, kepts, strict=True):
        row = []
        for labels in classify(chunks, len(kept), assumption):
            sums = [0.0] * 5
            for c, lab in zip(chunks, labels, strict=True):
                # the hypothesis chunk's length, whatever the label
                sums[lab] += 1.0 if weighting == "none" else weigher.weight(lab, max(len(c.source), len(c.outputs[0])))
            row.append(ChunkCounts(*sums))
        out.append(tuple(row))
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.lists(examples(), min_size=1, max_size=6),
    st.sampled_from(ASSUMPTIONS),
    st.sampled_from(("none", "length")),
    st.sampled_from(("corpus", "sentence")),
)
def test_compact_counts_equal_the_reference_implementation(
    exs: list[Example], assumption: str, weighting: str, level: str
) -> None:
    metric = Cleme2(Cleme2Config(assumption=assumption, weighting=weighting, level=level))
    expected = reference_counts(exs, assumption, weighting, level)
    for keep in (True, False):
        analysis = metric.analyse(exs, keep_chunks=keep)
        assert metric.counts(analysis) == expected
    other = "independent" if assumption == "dependent" else "dependent"
    relabelled = relabel(analyse(exs, other, keep_chunks=False), assumption)
    assert metric.counts(relabelled) == expected


@settings(max_examples=40, deadline=None)
@given(st.lists(examples(), min_size=1, max_size=5), st.sampled_from(ASSUMPTIONS))
def test_lazy_labels_and_kept_equal_classify(exs: list[Example], assumption: str) -> None:
    analysis = analyse(exs, assumption)
    for s, ex in enumerate(exs):
        kept = kept_references(ex, False)
        assert analysis.kept[s] == kept
        assert analysis.labels[s] == classify(analysis.chunks[s], len(kept), assumption)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(examples(), min_size=2, max_size=8),
    st.data(),
    st.sampled_from(ASSUMPTIONS),
    st.sampled_from(("corpus", "sentence")),
)
def test_stack_of_shards_equals_whole(exs: list[Example], data: st.DataObject, assumption: str, level: str) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(exs)), max_size=3)))
    bounds = [0, *cuts, len(exs)]
    for metric in metrics(assumption, level):
        whole = metric.score(exs)
        shards = [metric.analyse(exs[a:b], keep_chunks=False) for a, b in itertools.pairwise(bounds)]
        assert_same_score(metric.score_analysis(CHUNKS.stack(shards)), whole)


def metrics(assumption: str, level: str) -> list[ChunkMetric]:
    return [
        Cleme2(Cleme2Config(assumption=assumption, level=level, weighting="length")),
        Cleme(ClemeConfig(assumption=assumption, level=level)),
    ]


def assert_same_score(a: object, b: object) -> None:
    assert repr(a.value) == repr(b.value)  # type: ignore[attr-defined]
    assert a.details == b.details  # type: ignore[attr-defined]
    assert list(a.sentences) == list(b.sentences)  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(st.lists(examples(), min_size=1, max_size=6), st.data())
def test_take_equals_analysing_the_taken_sentences(exs: list[Example], data: st.DataObject) -> None:
    idx = data.draw(st.lists(st.integers(0, len(exs) - 1), min_size=1, max_size=8))
    analysis = analyse(exs, keep_chunks=data.draw(st.booleans()))
    taken, direct = CHUNKS.take(analysis, idx), analyse([exs[i] for i in idx], keep_chunks=False)
    for name in ("chunk_offsets", "pair_offsets", "flag_offsets", "hyp_changed", "hyp_length", "ref_index"):
        assert np.array_equal(getattr(taken, name), getattr(direct, name)), name
    for name in ("ref_changed", "ref_equal", "bias_sum", "bias_count", "label_array"):
        assert np.array_equal(getattr(taken, name), getattr(direct, name)), name


@pytest.mark.shared
@pytest.mark.parametrize("assumption", ASSUMPTIONS)
@pytest.mark.parametrize("level", ["corpus", "sentence"])
def test_conll14_shards_stacked_score_as_one_shot(assumption: str, level: str) -> None:
    """What streaming does: analyse shard by shard (no chunks), stack, score once."""
    require_shared()
    exs = system_examples("AMU")
    for metric in metrics(assumption, level):
        whole = metric.score(exs)
        shards = [metric.analyse(exs[i : i + 400], keep_chunks=False) for i in range(0, len(exs), 400)]
        stacked = CHUNKS.stack(shards)
        assert stacked.partitions is None and len(stacked) == len(exs)
        assert_same_score(metric.score_analysis(stacked), whole)
        assert metric.sentence_scores(stacked) == metric.sentence_scores(metric.analyse(exs))


def test_dropped_chunks_give_a_clear_error() -> None:
    ex = Example(("a",), *_targets())
    analysis = analyse([ex], keep_chunks=False)
    with pytest.raises(ValueError, match="keep_chunks=True"):
        analysis.chunks  # noqa: B018
    assert isinstance(analysis, ChunkAnalysis) and len(analysis) == 1
    assert Cleme2(Cleme2Config(weighting="similarity")).needs_chunks
    assert not Cleme2(Cleme2Config(weighting="length")).needs_chunks
    assert not Cleme2(Cleme2Config(cat=2)).needs_chunks  # the per-type group is counted as it is analysed
    typed = Cleme2(Cleme2Config(cat=2)).analyse_typed([ex], 2)
    assert typed.partitions is None and typed.types is not None
    assert dataclasses.replace(analysis).partitions is None


def _targets() -> tuple[object, tuple[object, ...]]:
    from gecscope.types import Edit, Target

    return Target(("b",), (Edit(0, 1, ("b",), "R:NOUN"),)), (Target(("a",), ()),)


def test_scores_with_lazy_rows_pickle() -> None:
    """Scores travel between processes (``report --jobs``): their lazy rows must pickle."""
    import pickle

    ex = Example(("a",), *_targets())  # type: ignore[arg-type]
    for metric in metrics("dependent", "corpus"):
        score = metric.score([ex])
        back = pickle.loads(pickle.dumps(score))
        assert list(back.sentences) == list(score.sentences) and back.details == score.details
