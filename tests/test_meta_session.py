"""The meta-evaluation's shared work (MetaSession, M2 lattice cache) changes no number."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.align import LevenshteinAligner, align_examples
from gecscope.api import get_metric
from gecscope.meta.data.datasets import SEEDA_SETTINGS, MetaDataset, seeda
from gecscope.meta.protocols.evaluate import MetricRun, run_metric, sentence_level, system_level
from gecscope.meta.protocols.session import MetaSession
from gecscope.meta.reports.presets import META_METRICS
from gecscope.metrics.m2 import M2, M2Config
from gecscope.metrics.m2_store import KIND, lattice_signature, open_store
from gecscope.types import Example, Target


@cache
def seeda_set() -> MetaDataset:
    require_shared()
    return seeda(DATA)


def plain_run(name: str, ds: MetaDataset) -> MetricRun:
    """Every system analysed on its own: its own alignment, no relabelling, memo or cache."""
    registry, options, _ = META_METRICS[name]
    metric = get_metric(registry, **options)
    hypotheses = bool(metric.needs_edits)
    edits = hypotheses or bool(getattr(metric, "needs_reference_edits", False))
    analyses = {
        s: metric.analyse(align_examples(ds.examples(s), LevenshteinAligner(), hypotheses=hypotheses))
        if edits
        else metric.analyse(ds.examples(s))
        for s in ds.systems
    }
    return MetricRun(name, metric, ds, analyses, MetaSession())


@pytest.mark.shared
def test_session_runs_equal_plain_runs(tmp_path: Path) -> None:
    """Every kind of shared work (alignment, CLEME relabelling, GLEU memo, M2 cache) on SEEDA."""
    ds = seeda_set()
    names = ["ERRANT", "M2", "GLEUOfficial", "GLEU", "CLEME2.0-dep", "CLEME2.0-ind", "SentCLEME2.0-ind"]
    for cold in (True, False):  # the second session reads the M2 searches the first one stored
        session = MetaSession(LevenshteinAligner(), open_store(str(tmp_path)))
        for name in names:
            registry, options, aggregation = META_METRICS[name]
            plain = plain_run(name, ds)
            shared = run_metric(name, get_metric(registry, **options), ds, session=session)
            assert shared.system_scores(aggregation) == plain.system_scores(aggregation)
            assert shared.sentence_scores() == plain.sentence_scores()
            for setting in ("base", "all"):
                assert system_level(shared, setting, aggregation) == system_level(plain, setting, aggregation)
                assert sentence_level(shared, setting) == sentence_level(plain, setting)
        assert session.lattice_store is not None
        assert (session.lattice_store.computed > 0) == cold
    assert set(SEEDA_SETTINGS) >= {"base", "all"}


def _examples() -> list[Example]:
    raw = [
        ("the cat sat on mat", "the cat sits on the mat", ["the cat sat on the mat", "a cat sat on the mat"]),
        ("he go to school yesterday", "he went school yesterday", ["he went to school yesterday"] * 2),
        ("the cat sat", "Indeed , the cat sat", ["Indeed , the cat sat", "In fact , the cat sat"]),
        ("no change here", "no change here", ["no change here .", "no changes here"]),
    ]
    bare = [
        Example(tuple(s.split()), Target(tuple(h.split())), tuple(Target(tuple(r.split())) for r in refs), str(i))
        for i, (s, h, refs) in enumerate(raw)
    ]
    return align_examples(bare, LevenshteinAligner(), hypotheses=False)


def _m2(config: M2Config, cache_dir: Path | None) -> M2:
    metric = M2(config)
    if cache_dir is not None:
        metric.lattice_store = open_store(str(cache_dir))
    return metric


def _edits(metric: M2, examples: list[Example]) -> list[object]:
    """The lattice search's output (plain lists, whatever type ``analyse`` returns)."""
    return [metric.annotator_edits(ex) for ex in examples]


def test_m2_cache_cold_and_warm_give_identical_results(tmp_path: Path) -> None:
    examples = _examples()
    want = M2().score(examples)
    cold = _m2(M2Config(), tmp_path)
    assert cold.score(examples).details == want.details
    assert cold.lattice_store is not None
    assert cold.lattice_store.computed == 3  # the unchanged sentence needs no search
    cold.lattice_store.flush()
    warm = _m2(M2Config(), tmp_path)
    result = warm.score(examples)
    assert result.details == want.details and result.sentences == want.sentences
    assert warm.lattice_store is not None and warm.lattice_store.computed == 0
    assert [warm.annotator_edits(ex) for ex in examples] == [M2().annotator_edits(ex) for ex in examples]


def test_m2_cache_of_other_lattice_settings_is_not_used(tmp_path: Path) -> None:
    examples = _examples()
    first = _m2(M2Config(edit_lattice="v3.2"), tmp_path)
    first.analyse(examples)
    assert first.lattice_store is not None
    first.lattice_store.flush()
    for config in (M2Config(edit_lattice="d12eea2"), M2Config(max_unchanged_words=0), M2Config(algorithm="fast")):
        assert lattice_signature(config) != lattice_signature(M2Config())
        other = _m2(config, tmp_path)
        assert _edits(other, examples) == _edits(M2(config), examples)
        assert other.lattice_store is not None and other.lattice_store.computed == 3
        # the scorer 3.2's initialisation and the fix choose differently on the sentence-initial insertion
    v32, fixed = M2(M2Config(edit_lattice="v3.2")), M2(M2Config(edit_lattice="d12eea2"))
    assert v32.annotator_edits(examples[2]) != fixed.annotator_edits(examples[2])


def test_m2_cache_damaged_values_are_recomputed(tmp_path: Path) -> None:
    examples = _examples()
    first = _m2(M2Config(), tmp_path)
    first.analyse(examples)
    assert first.lattice_store is not None
    first.lattice_store.flush()
    db = sqlite3.connect(tmp_path / f"{KIND}.sqlite")
    with db:
        db.execute("UPDATE kv SET v = ?", ('[[[0, "x", 1, 2]], []]',))
    db.close()
    again = _m2(M2Config(), tmp_path)
    assert _edits(again, examples) == _edits(M2(), examples)
    assert again.lattice_store is not None and again.lattice_store.computed == 3
