"""``gecscope score`` streams parallel text input shard by shard with the one-shot output."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from conftest import CONLL
from gecscope import api, pipeline, reader
from gecscope.align import workers
from gecscope.align.en.errant import ErrantAligner
from gecscope.align.settings import AlignSettings
from gecscope.cli import main
from gecscope.cli.inputs import score_inputs
from gecscope.errors import InputError
from gecscope.io.sanity import swap_tally
from gecscope.types import Example

pytest.importorskip("errant")
EX = api.example_dir()
SRC, HYP, REFS = EX / "source.txt", EX / "hypothesis.txt", [EX / "reference0.txt", EX / "reference1.txt"]


def text_shards(*files: Any, size: int | None = None) -> list[list[Example]]:
    src, hyp, refs = files
    return [system for [system] in pipeline.stream(source=src, hypotheses=[hyp], references=refs, size=size)]


def _cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _both(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], size: int
) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """(streamed, one-shot) results of ``argv``; fails unless the first one really streamed."""
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", str(size))
    shard = _cli(capsys, argv)
    n = sum(calls)
    assert calls == [min(size, n - i) for i in range(0, n, size)]
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", str(10**9))
    del calls[:]
    whole = _cli(capsys, argv)
    assert calls == [n]  # one shard
    return shard, whole


def _shards_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the shards read (one shard: the input scored at once)."""
    calls: list[int] = []
    real = pipeline.batches
    monkeypatch.setattr(
        reader, "batches", lambda *a: (calls.append(len(b)) or b for b in real(*a))
    )  # stream reads through it
    return calls


def _text(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["json", "csv", "table"])
@pytest.mark.parametrize("size", [1, 3, 1000])
def test_cli_streams_text_input_with_the_one_shot_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str, size: int
) -> None:
    # two systems (the example's output, and the source itself), every streamable metric
    argv = ["score", "--metric", "cleme2", "errant", "m2", "cleme", "--format", fmt, "--per-sentence", "--jobs", "1"]
    argv += ["--source", str(SRC), "--hyp", str(HYP), str(SRC), "--ref", *map(str, REFS)]
    shard, whole = _both(monkeypatch, capsys, argv, size)
    assert shard == whole and shard[0] == 0 and shard[1]


@pytest.mark.parametrize("cat", ["1", "2"])
def test_cli_streams_per_type_counts_with_the_one_shot_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cat: str
) -> None:
    """``--cat`` is a declared group of the statistics: it streams (it used to fall back)."""
    argv = ["score", "--metric", "m2", "cleme2", "--cat", cat, "--format", "json", "--jobs", "1"]
    argv += ["--source", str(SRC), "--hyp", str(HYP), "--ref", *map(str, REFS)]
    shard, whole = _both(monkeypatch, capsys, argv, 3)
    assert shard == whole and shard[0] == 0 and '"types"' in shard[1]  # _both: the first run streamed


@pytest.mark.parametrize("refs", ["m2", "both"])
def test_cli_streams_text_hypotheses_with_m2_references(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], refs: str
) -> None:
    argv = ["score", "--metric", "cleme2", "errant", "m2", "--format", "json", "--per-sentence", "--jobs", "1"]
    argv += ["--source", str(SRC), "--hyp", str(HYP), "--ref-m2", str(EX / "references.m2")]
    if refs == "both":
        argv += ["--ref", str(REFS[0])]
    shard, whole = _both(monkeypatch, capsys, argv, 4)
    assert shard == whole and shard[0] == 0
    assert "hyp=errant" in shard[1] and ("ref=m2" in shard[1]) == (refs == "m2")


def test_cli_m2_alone_aligns_nothing_from_m2_references(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["score", "--metric", "m2", "--format", "json", "--source", str(SRC), "--hyp", str(HYP)]
    argv += ["--ref-m2", str(EX / "references.m2")]
    shard, whole = _both(monkeypatch, capsys, argv, 3)
    assert shard == whole and "edits:hyp=none,ref=m2" in shard[1]


@pytest.mark.shared
def test_conll_text_in_shards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    n = 120  # the first sentences of CoNLL-2014: two systems, both text references
    cut = lambda p: _text(tmp_path / p.name, p.read_text(encoding="utf-8").splitlines()[:n])  # noqa: E731
    argv = ["score", "--metric", "cleme2", "errant", "--format", "csv", "--per-sentence", "--jobs", "1"]
    argv += ["--source", str(cut(CONLL / "sources.txt"))]
    argv += ["--hyp", str(cut(CONLL / "systems" / "AMU.txt")), str(cut(CONLL / "systems" / "CUUI.txt"))]
    argv += ["--ref", str(cut(CONLL / "REF0.txt")), str(cut(CONLL / "REF1.txt"))]
    shard, whole = _both(monkeypatch, capsys, argv, 50)
    assert shard == whole and shard[0] == 0


def test_runaway_error_names_the_file_and_line_of_a_later_shard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = HYP.read_text(encoding="utf-8").splitlines()
    sources = SRC.read_text(encoding="utf-8").splitlines()
    lines[7] = " ".join(f"x{i}" for i in range(len(sources[7].split())))  # every token changed on line 8
    hyp = _text(tmp_path / "hyp.txt", lines)
    argv = ["score", "--metric", "errant", "--max-align-tokens", "5", "--jobs", "1"]
    argv += ["--source", str(SRC), "--hyp", str(hyp), "--ref", *map(str, REFS)]
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    args = _parse(argv)
    with pytest.raises(InputError) as caught:
        score_inputs([api.get_metric("errant")], args)
    assert (str(caught.value.path), caught.value.line) == (str(hyp), 8)
    shard, whole = _both(monkeypatch, capsys, argv, 3)
    assert shard == whole and shard[0] != 0 and f"{hyp}:8" in shard[2]


def test_runaway_error_in_the_second_system(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    lines = HYP.read_text(encoding="utf-8").splitlines()
    lines[5] = " ".join(f"x{i}" for i in range(len(lines[5].split()) + 4))
    bad = _text(tmp_path / "bad.txt", lines)
    argv = ["score", "--metric", "cleme2", "--max-align-tokens", "5", "--jobs", "1"]
    argv += ["--source", str(SRC), "--hyp", str(SRC), str(bad), "--ref", *map(str, REFS)]
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "4")
    with pytest.raises(InputError) as caught:
        score_inputs([api.get_metric("cleme2")], _parse(argv))
    assert (str(caught.value.path), caught.value.line) == (str(bad), 6)


def _parse(argv: list[str]) -> Any:
    from gecscope.cli import build_parser

    return build_parser().parse_args(argv)


def test_swap_warning_once_over_the_whole_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # swapped files: the "source" is the corrected text, the "hypothesis" the learner's, which
    # lacks the words the references add on the lines both files share
    words = ["the", "a", "to", "of", ",", "is", "in", "on"]
    fixed = [f"cat {w} sat {v} mat" for w, v in zip(words, words[1:] + words[:1], strict=True)]
    learner = [f"cat sat {v} mat" for v in words[1:] + words[:1]]
    ref = _text(tmp_path / "ref.txt", [f"dog {w} ran" for w in words] * 2 + fixed * 5)
    src = _text(tmp_path / "src.txt", ["dog ran"] * 16 + fixed * 5)
    hyp = _text(tmp_path / "hyp.txt", ["dog ran"] * 16 + learner * 5)
    argv = ["score", "--metric", "cleme2", "errant", "--jobs", "1", "--source", str(src), "--hyp", str(hyp)]
    argv += ["--ref", str(ref)]
    examples = [ex for shard in text_shards(src, hyp, [ref]) for ex in shard]
    warning = swap_tally(examples).warning()
    assert warning and "on the 40 of 56 lines" in warning
    shard, whole = _both(monkeypatch, capsys, argv, 2)
    assert shard[:2] == whole[:2]
    assert shard[2].count(warning) == 1 and warning in whole[2]


def test_swap_tally_adds_up_over_shards() -> None:
    shards = list(text_shards(SRC, HYP, REFS, size=3))
    whole = [ex for shard in shards for ex in shard]
    total = swap_tally(shards[0])
    for shard in shards[1:]:
        total += swap_tally(shard)
    assert total == swap_tally(whole) and total.lines == len(whole) == 10


@pytest.mark.parametrize(
    "extra",
    [
        ["--with-text"],
        ["--tokenize", "spacy"],
        ["--metric", "errant", "gleu"],
        ["--aligner", "levenshtein", "--metric", "green"],
    ],
)
def test_falls_back_where_streaming_is_not_exact(monkeypatch: pytest.MonkeyPatch, extra: list[str]) -> None:
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    argv = ["score", "--jobs", "1", "--source", str(SRC), "--hyp", str(HYP), "--ref", *map(str, REFS), *extra]
    if "--metric" not in extra:
        argv += ["--metric", "errant"]
    assert main(argv) == 0 and calls == [10]


def test_stdin_streams_from_its_copy(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    argv = ["score", "--metric", "errant", "--jobs", "1", "--source", str(SRC), "--ref", str(REFS[0])]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HYP.read_bytes())))
    calls = _shards_read(monkeypatch)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "3")
    piped = _cli(capsys, [*argv, "--hyp", "-", "--name", "hypothesis"])
    assert calls[:4] == [3, 3, 3, 1] and piped == _cli(capsys, [*argv, "--hyp", str(HYP), "--name", "hypothesis"])


def test_kept_workers_start_once_for_many_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []

    def start_pool(make: workers.Make, model: str, jobs: int) -> ThreadPoolExecutor:  # the worker, in this process
        workers._start(make, model)
        started.append(jobs)
        return ThreadPoolExecutor(1)

    monkeypatch.setattr(workers, "start_pool", start_pool)
    aligner = ErrantAligner(settings=AlignSettings(jobs=2, batch_size=2, cache=False))
    shards = list(text_shards(SRC, HYP, REFS, size=5))
    pairs = [[(e.source, t.tokens) for e in shard for t in (e.hypothesis, *e.references)] for shard in shards]
    alone = [aligner.annotate_batch(p) for p in pairs]
    with aligner.keep_workers():
        kept = [aligner.edits_batch(p) for p in pairs]
        assert started == [2]
    assert kept == alone and len(pairs) == 2
    assert [aligner.edits_batch(p) for p in pairs] == alone and started == [2, 2, 2]  # one pool per call


def test_kept_workers_are_shut_down(monkeypatch: pytest.MonkeyPatch) -> None:
    pools: list[Any] = []

    class Pool(ThreadPoolExecutor):
        def shutdown(self, *a: Any, **k: Any) -> None:
            pools.append("closed")
            super().shutdown(*a, **k)

    def start_pool(make: workers.Make, model: str, jobs: int) -> Pool:
        workers._start(make, model)
        return Pool(1)

    monkeypatch.setattr(workers, "start_pool", start_pool)
    aligner = ErrantAligner(settings=AlignSettings(jobs=2, batch_size=1, cache=False))
    pairs = [(e.source, e.hypothesis.tokens) for shard in text_shards(SRC, HYP, REFS) for e in shard]
    with aligner.keep_workers(), aligner.keep_workers():  # nested: the outer block owns the pool
        aligner.edits_batch(pairs)
    assert pools == ["closed"]


def test_kept_dask_client_connects_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import Future

    from gecscope.align import sharded

    events: list[str] = []

    class Client:  # runs the tasks here, like a one-worker cluster
        def scheduler_info(self) -> dict[str, Any]:
            return {"workers": {"w": {}}}

        def submit(self, fn: Any, *args: Any, pure: bool = True) -> Future[Any]:
            done: Future[Any] = Future()
            done.set_result(fn(*args))
            return done

        def close(self) -> None:
            events.append("closed")

    def connect(jobs: int, scheduler: str | None) -> tuple[Client, None]:
        events.append("connected")
        return Client(), None

    monkeypatch.setattr(sharded, "connect", connect)
    aligner = ErrantAligner(settings=AlignSettings(jobs=2, batch_size=2, cache=False, executor="dask"))
    shards = list(text_shards(SRC, HYP, REFS, size=5))
    pairs = [[(e.source, t.tokens) for e in shard for t in (e.hypothesis, *e.references)] for shard in shards]
    with aligner.keep_workers():
        kept = [aligner.edits_batch(p) for p in pairs]
    assert events == ["connected", "closed"]
    assert kept == [aligner.annotate_batch(p) for p in pairs]


def test_the_api_scores_text_files_in_bounded_memory_as_in_one_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    metrics = [api.get_metric(name) for name in ("cleme2", "errant", "m2", "cleme")]
    inputs: dict[str, Any] = {"source": SRC, "hypotheses": [HYP, SRC], "references": REFS[:1]}
    inputs["ref_m2"] = EX / "references.m2"  # text and M2 references together
    calls = _shards_read(monkeypatch)
    got = pipeline.score_files(metrics, size=3, **inputs)
    assert calls == [3, 3, 3, 1]
    want = pipeline.score(metrics, dict(zip(["hypothesis", "source"], pipeline.read(**inputs), strict=True)))
    assert [(s.system, s.value, s.details, s.signature) for s in got] == [
        (s.system, s.value, s.details, s.signature) for s in want
    ]
