"""Sharded alignment on a 2-worker Dask LocalCluster gives the serial run's edits and scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from gecscope import api
from gecscope.align import AlignSettings, get_aligner
from gecscope.align.settings import AlignSettings as Settings

pytest.importorskip("errant")
pytest.importorskip("distributed")
pytestmark = pytest.mark.text


def test_dask_matches_serial_for_every_aligning_metric(tmp_path: Path) -> None:
    d = api.example_dir()
    examples = api.load(source=d / "source.txt", hypothesis=d / "hypothesis.txt", references=[d / "reference0.txt"])
    serial = get_aligner("errant", AlignSettings(cache=False))
    sharded = get_aligner("errant", AlignSettings(cache=False, executor="dask", jobs=2, batch_size=3))
    ready_serial, _ = api.prepare(examples, serial)
    ready_dask, _ = api.prepare(examples, sharded)
    assert ready_dask == ready_serial
    assert [e.hypothesis.edits for e in ready_dask] == [e.hypothesis.edits for e in ready_serial]
    for metric in ("cleme2", "cleme", "errant", "m2"):
        assert api.score(metric, ready_dask).details == api.score(metric, ready_serial).details


def test_scheduler_needs_dask_executor() -> None:
    with pytest.raises(ValueError, match="executor"):
        Settings(scheduler="tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="executor"):
        Settings(executor="spark")
