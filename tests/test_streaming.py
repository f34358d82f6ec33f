"""Shard-wise scoring gives the one-shot numbers: every metric, any shard size, the CLI too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONLL
from gecscope import api, pipeline, reader
from gecscope.cli import main
from gecscope.extras import missing_modules
from gecscope.io import examples_from_m2
from gecscope.metrics import METRICS
from gecscope.metrics.counts import EditTable, M2Table
from gecscope.metrics.errant import Errant, ErrantConfig
from gecscope.metrics.m2 import M2
from gecscope.pipeline import streams as streamable
from gecscope.resample.adapters import count_array
from gecscope.result import Score

EX = api.example_dir()
#: how ERRANT's and M2's count tables are declared: they take and stack themselves
TABLES = METRICS["errant"].statistics
M2_FIELDS = ("correct", "proposed", "gold")
#: the model-free settings of every registered metric (WODAFE without its language model)
OPTIONS: dict[str, dict[str, object]] = {"wodafe": {"gamma": 0.0}}


def _same(a: Score, b: Score) -> bool:
    dump = lambda s: json.dumps([s.value, s.details, list(s.sentences)], sort_keys=True, default=str)  # noqa: E731
    return a.signature == b.signature and dump(a) == dump(b)


@pytest.mark.parametrize("name", sorted(METRICS))
@pytest.mark.parametrize("size", [1, 7, 1000])
def test_every_metric_scores_the_same_in_shards(name: str, size: int) -> None:
    if name in ("scribendi", "llm-s", "llm-e", "some", "impara"):
        pytest.skip("needs a model; analyses per sentence (test_contract.py: stacked shards)")
    if name == "nacgec" and missing_modules(["thulac"]):
        pytest.skip("needs the 'thulac' extra (the taggers tier: tests/test_nacgec.py)")
    # the example: two annotators, an unchanged sentence (no edits anywhere), edits everywhere else
    metric = api.get_metric(name, **OPTIONS.get(name, {}))
    hyp, ref = EX / "hypothesis.m2", EX / "references.m2"
    examples = examples_from_m2(hyp, ref)
    assert any(not r.edits for e in examples for r in e.references) and any(not e.hypothesis.edits for e in examples)
    [want] = pipeline.score([metric], {"hypothesis": examples})
    [got] = pipeline.score_files([metric], hyp_m2=[hyp], ref_m2=ref, size=size)  # the API, in bounded memory
    assert _same(got, want)
    if streamable(metric):
        shards = pipeline.stream(hyp_m2=[hyp], ref_m2=ref, size=size)
        assert _same(pipeline.score_shards([metric], ["hypothesis"], shards)[0], want)
    elif size < len(examples):  # a metric that does not stream is never given several shards
        with pytest.raises(ValueError, match="not every metric streams: "):
            pipeline.score_shards([metric], [""], pipeline.stream(hyp_m2=[hyp], ref_m2=ref, size=size))


@pytest.mark.shared
@pytest.mark.parametrize("size", [7, 5000])
def test_conll_in_shards_every_streamable_metric(size: int) -> None:
    hyp, ref = CONLL / "systems_m2" / "CUUI.m2", CONLL / "references.m2"
    configs = {
        "errant": [{}, {"level": "sentence"}, {"cat": 2}],
        "m2": [{}, {"level": "sentence"}, {"cat": 2}],
        "cleme2": [{}, {"cat": 3, "assumption": "independent"}],
        "cleme": [{}, {"cat": 1}],  # length-weighted: the weights of the stacked corpus
    }
    for name in ("cleme2", "cleme", "errant", "m2"):
        for options in configs.get(name, [{}]):
            metric = api.get_metric(name, **options)
            assert streamable(metric)
            [got] = pipeline.score_files([metric], hyp_m2=[hyp], ref_m2=ref, size=size)
            assert _same(got, pipeline.score([metric], {"CUUI": examples_from_m2(hyp, ref)})[0]), (name, options)


def test_streamable_settings() -> None:
    """Per-type counts are a declared group of the statistics: ``cat`` streams (issue 30)."""
    assert streamable(api.get_metric("m2", cat=1))
    assert streamable(api.get_metric("cleme2", cat=1))
    assert streamable(api.get_metric("errant", cat=1))
    assert not streamable(api.get_metric("cleme2", weighting="similarity"))
    assert not streamable(api.get_metric("gleu"))


@pytest.mark.parametrize("metric", ["m2", "cleme2", "cleme"])
def test_per_type_counts_stream_with_the_one_shot_numbers(
    metric: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``score --cat`` in shards of 3 sentences: the per-type table of the input scored at once."""
    argv = ["score", "--metric", metric, "--cat", "2", "--format", "json", "--per-sentence"]
    argv += ["--hyp-m2", str(EX / "hypothesis.m2"), "--ref-m2", str(EX / "references.m2")]
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    shard = _cli(capsys, argv)
    assert calls == [3, 3, 3, 1]
    monkeypatch.delenv("GECSCOPE_SHARD_SIZE")
    whole = _cli(capsys, argv)
    assert calls == [3, 3, 3, 1, 10] and shard == whole and shard[0] == 0
    assert json.loads(whole[1])["details"]["types"]


def records_array(rows: list[tuple[Any, ...]], fields: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The (sentences, references, fields) counts and mask of nested count records, built by hand."""
    k = max(len(r) for r in rows)
    arr, mask = np.zeros((len(rows), k, len(fields))), np.zeros((len(rows), k), dtype=bool)
    for i, options in enumerate(rows):
        for j, c in enumerate(options):
            arr[i, j], mask[i, j] = [getattr(c, f) for f in fields], True
    return arr, mask


def test_tables_are_the_old_lists() -> None:
    examples = examples_from_m2(EX / "hypothesis.m2", EX / "references.m2")
    table = Errant(ErrantConfig(scheme="cse")).analyse(examples)
    listed = [tuple(options) for options in table]
    assert isinstance(table, EditTable) and table == listed and len({len(o) for o in listed}) == 1
    assert EditTable.of(listed) == table and table[-1] == listed[-1] and table[2:4] == listed[2:4]
    assert any(c.categories for options in listed for c in options)
    idx, take, stack = [3, 3, 0, 9], TABLES.take, TABLES.stack
    assert take(table, idx) == [listed[i] for i in idx]
    assert stack([table, take(table, [1]), table]) == [*listed, listed[1], *listed]
    for got, want in zip(count_array(table), records_array(listed, ("tp", "fp", "fn")), strict=True):
        assert np.array_equal(got, want)
    m2 = M2().analyse(examples)
    assert isinstance(m2, M2Table) and M2Table.of([tuple(o) for o in m2]) == m2
    assert stack([m2, m2]) == [*m2, *m2]
    for got, want in zip(count_array(m2), records_array([tuple(o) for o in m2], M2_FIELDS), strict=True):
        assert np.array_equal(got, want)


def test_tables_of_different_widths_stack() -> None:
    one = M2Table.build([[(1, 1, 1)]])
    two = M2Table.build([[(0, 1, 2), (1, 1, 1)]])
    both = TABLES.stack([one, two])
    assert both.values.shape == (2, 2, 3) and both == [*one, *two]
    assert count_array(both)[1].tolist() == [[True, False], [True, True]]


def _cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _shards_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the shards read (one shard: the input scored at once)."""
    calls: list[int] = []
    real = pipeline.batches
    monkeypatch.setattr(
        reader, "batches", lambda *a: (calls.append(len(b)) or b for b in real(*a))
    )  # stream reads through it
    return calls


@pytest.mark.shared
@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
def test_cli_streams_m2_input_with_the_one_shot_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    argv = ["score", "--metric", "cleme2", "errant", "m2", "--format", fmt, "--per-sentence"]
    argv += ["--hyp-m2", str(CONLL / "systems_m2" / "AMU.m2"), str(CONLL / "systems_m2" / "UMC.m2")]
    argv += ["--ref-m2", str(CONLL / "references.m2")]
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "500")
    shard = _cli(capsys, argv)
    assert calls == [500, 500, 312]
    monkeypatch.delenv("GECSCOPE_SHARD_SIZE")
    whole = _cli(capsys, argv)
    assert calls == [500, 500, 312, 1312] and shard == whole and shard[0] == 0


def test_cli_falls_back_where_streaming_is_not_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    m2 = ["--hyp-m2", str(EX / "hypothesis.m2"), "--ref-m2", str(EX / "references.m2")]
    assert main(["score", "--metric", "errant", "--with-text", *m2]) == 0
    assert main(["score", "--metric", "errant", "gleu", *m2]) == 0
    assert main(["score", "--metric", "m2", "gleu", "--cat", "1", *m2]) == 0  # GLEU does not stream
    assert calls == [10] * 3  # one shard each
    assert main(["score", "--metric", "errant", "--example"]) == 0 and calls[3:] == [3, 3, 3, 1]


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: t + "\nS extra sentence .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n",  # one more
        lambda t: t.rstrip("\n") + "\nA 0 99|||R:X|||y|||REQUIRED|||-NONE-|||0\n",  # bad span, last line
        lambda t: t.replace("S My brother", "S Your brother"),  # a source that differs
    ],
)
def test_cli_bad_input_in_the_last_shard_same_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], edit: object
) -> None:
    hyp = tmp_path / "hyp.m2"
    hyp.write_text(edit((EX / "hypothesis.m2").read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    argv = ["score", "--metric", "errant", "m2", "--hyp-m2", str(hyp), str(EX / "hypothesis.m2")]
    argv += ["--ref-m2", str(EX / "references.m2")]
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    shard = _cli(capsys, argv)
    monkeypatch.delenv("GECSCOPE_SHARD_SIZE")
    whole = _cli(capsys, argv)
    assert shard == whole and shard[0] == 2 and shard[1] == "" and f"{hyp}:" in shard[2]


counts = st.lists(st.lists(st.tuples(*[st.integers(0, 4)] * 3), min_size=1, max_size=3), min_size=1, max_size=25)


@settings(max_examples=60, deadline=None)
@given(counts, st.sampled_from(["corpus", "sentence"]))
def test_table_choice_is_the_generic_greedy_choice(rows: list[list[tuple[int, int, int]]], level: str) -> None:
    """The array loops choose what :mod:`gecscope.scoring` chooses on the count objects (ties too)."""
    from gecscope.metrics.counts import EditCounts, M2Counts
    from gecscope.metrics.errant import errant_prf
    from gecscope.metrics.m2 import M2Config, m2_prf
    from gecscope.scoring import best_choice, greedy_choice, m2_f

    m2_rows = [[(min(c, p), p, g) for c, p, g in options] for options in rows]
    m2_objs = [tuple(M2Counts(*c) for c in options) for options in m2_rows]
    metric = M2(M2Config(level=level))
    b2 = 0.25
    if level == "sentence":
        want = best_choice(m2_objs, lambda c: (c.f(0.5), c.correct, -(c.proposed + b2 * c.gold)))
    else:
        want = greedy_choice(
            m2_objs,
            M2Counts(),
            lambda t, c: (m2_f(t.correct, t.proposed, t.gold, 0.5), t.correct, -(t.proposed + b2 * t.gold)),
        )
    assert metric.choose(M2Table.build(m2_rows)) == want
    assert metric.sentence_scores(m2_objs) == [max(m2_prf(*c, 0.5)[2] for c in o) for o in m2_rows]
    objs = [tuple(EditCounts(*c, ((f"R:X{c[0]}", *c),)) for c in options) for options in rows]
    errant = Errant(ErrantConfig(level=level))
    if level == "sentence":
        want = best_choice(objs, lambda c: (errant_prf(c.tp, c.fp, c.fn, 0.5)[2], c.tp, -c.fp, -c.fn))
    else:
        want = greedy_choice(
            objs, EditCounts(), lambda t, c: (round(errant_prf(t.tp, t.fp, t.fn, 0.5)[2], 4), c.tp, -c.fp, -c.fn)
        )
    table = EditTable.of(objs)
    assert errant.choose(table) == want and table == objs
    assert TABLES.stack([table, TABLES.take(table, [0])]) == [*objs, objs[0]]
    cats = errant.score_analysis(objs).details["categories"]
    assert sum(v["tp"] for v in cats.values()) == sum(objs[i][j].tp for i, j in enumerate(want))


def test_score_files_names_its_systems() -> None:
    """``names=`` (documented in docs/api.md) names the systems; the default is the files' stems."""
    metric, files = api.get_metric("errant"), {"hyp_m2": [EX / "hypothesis.m2"], "ref_m2": EX / "references.m2"}
    [plain] = pipeline.score_files([metric], **files)
    [named] = pipeline.score_files([metric], names=["mine"], **files)
    assert (plain.system, named.system) == ("hypothesis", "mine") and plain.value == named.value
