"""Every metric that aligns gives identical numbers — corpus and every sentence row — whether
the edits come from a cold cache, a warm cache, one process, two worker processes or a
2-worker Dask ``LocalCluster`` (issue 12's acceptance)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, shared_present
from gecscope import api
from gecscope.align import AlignSettings, get_aligner
from gecscope.align.store import CachedAligner
from gecscope.types import Example

pytest.importorskip("errant")
pytestmark = pytest.mark.text

#: every aligning metric of the default tier, with the settings that change how chunks are counted
METRICS: list[tuple[str, dict[str, Any]]] = [
    ("cleme2", {}),
    ("cleme2", {"assumption": "independent", "level": "sentence", "weighting": "length"}),
    ("cleme", {}),
    ("cleme", {"assumption": "independent", "weighting": "length"}),
    ("errant", {}),
    ("m2", {}),
]


def examples(folder: Path) -> list[Example]:
    """40 CoNLL-2014 sentences with both text references (hypothesis and references aligned),
    or the bundled example without the shared data."""
    if not shared_present():
        d = api.example_dir()
        return api.load(source=d / "source.txt", hypothesis=d / "hypothesis.txt", references=[d / "reference0.txt"])
    conll = DATA / "conll14"
    files = {"source": conll / "sources.txt", "hyp": conll / "systems" / "AMU.txt"}
    files |= {"ref0": conll / "REF0.txt", "ref1": conll / "REF1.txt"}
    for name, path in files.items():
        (folder / f"{name}.txt").write_text("\n".join(path.read_text(encoding="utf-8").splitlines()[200:240]) + "\n")
    return api.load(
        source=folder / "source.txt",
        hypothesis=folder / "hyp.txt",
        references=[folder / "ref0.txt", folder / "ref1.txt"],
    )


def scores(folder: Path, aligner: Any) -> list[dict[str, Any]]:
    ready, _ = api.prepare(examples(folder), aligner)
    return [api.get_metric(name, **opts).score(ready).as_dict(with_sentences=True) for name, opts in METRICS]


def test_cold_warm_jobs_and_dask_give_identical_numbers(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    cache = str(tmp_path / "cache")
    cold = get_aligner("errant", AlignSettings(cache_dir=cache))
    expected = scores(tmp_path, cold)
    assert isinstance(cold, CachedAligner) and cold.computed > 0
    warm = get_aligner("errant", AlignSettings(cache_dir=cache))
    assert scores(tmp_path, warm) == expected
    assert isinstance(warm, CachedAligner) and warm.computed == 0
    runs = {
        "jobs 1": AlignSettings(cache=False, jobs=1),
        "jobs 2": AlignSettings(cache=False, jobs=2, batch_size=7),
        "dask": AlignSettings(cache=False, executor="dask", jobs=2, batch_size=7),
    }
    for name, settings in runs.items():
        assert scores(tmp_path, get_aligner("errant", settings)) == expected, name
