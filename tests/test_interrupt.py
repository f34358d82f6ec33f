"""Ctrl-C during a ``--jobs 2`` alignment: exit 130, one line on stderr, no process left.

A terminal sends SIGINT to the whole foreground process group; the test does the same to a
``gecscope`` started in its own session, once its worker processes exist (alignment has begun).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from gecscope.pools import worker_pool

WORDS = ("the", "a", "cat", "dog", "sat", "ran", "on", "under", "mat", "house", "big", "small", "is", "was", "has")


def _group_alive(pgid: int) -> list[int]:
    """Processes of group ``pgid`` that are not zombies (read from /proc)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


def _workers(pgid: int) -> int:
    """How many of the group's live processes are spawned pool workers."""
    count = 0
    for pid in _group_alive(pgid):
        try:
            count += b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
    return count


def _corpus(tmp_path: Path, n: int) -> list[str]:
    rng = random.Random(7)
    src, hyp, ref = [], [], []
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(8, 20))]
        corrected = [rng.choice(WORDS) if rng.random() < 0.1 else w for w in words]
        src.append(" ".join(words))
        ref.append(" ".join(corrected))
        # the system makes some of the reference's corrections (no swap warning on stderr)
        hyp.append(" ".join(c if rng.random() < 0.7 else w for w, c in zip(words, corrected, strict=True)))
    for name, lines in (("src", src), ("hyp", hyp), ("ref", ref)):
        (tmp_path / f"{name}.txt").write_text("\n".join(lines) + "\n")
    src_, hyp_, ref_ = (str(tmp_path / f"{name}.txt") for name in ("src", "hyp", "ref"))
    return ["--source", src_, "--hyp", hyp_, "--ref", ref_]


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform != "linux", reason="reads /proc")
def test_ctrl_c_with_two_jobs_exits_130_one_line_no_process_left(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    env = dict(os.environ, GECSCOPE_CACHE=str(cache))
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", "errant", "--jobs", "2", "--quiet"]
    proc = subprocess.Popen(
        [*argv, "--cache-dir", str(cache), *_corpus(tmp_path, 6000)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 120
        while _workers(proc.pid) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)  # wait for the two workers: alignment has started
        assert proc.poll() is None, "finished before it could be interrupted"
        time.sleep(1.5)  # the workers are loading spaCy or aligning
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        end = time.monotonic() + 10
        while _group_alive(proc.pid) and time.monotonic() < end:
            time.sleep(0.1)
        left = _group_alive(proc.pid)
    finally:
        if proc.poll() is None or _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err.decode().splitlines() == ["gecscope: interrupted"], err.decode()
    assert left == []


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


@pytest.mark.skipif(sys.platform != "linux", reason="signals as Linux keeps them pending")
def test_ctrl_c_while_the_workers_start_is_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 42 (14): SIGINT was ignored while the workers started (so that they never see it);
    a Ctrl-C in that window was lost and the run went on aligning (the README run's 60 s after
    SIGINT on a loaded machine). Now it is held, and answered once the workers have started."""
    from concurrent.futures import ProcessPoolExecutor

    import gecscope.pools as pools

    started: list[Any] = []

    class Interrupted(ProcessPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            future = super().submit(fn, *args, **kwargs)
            started.extend(self._processes.values())
            # Ctrl-C while the workers start, to the main thread (a thread an earlier test left running
            # would otherwise take a process-directed signal while the main thread holds it)
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
            return future

    monkeypatch.setattr(pools, "ProcessPoolExecutor", Interrupted)
    # Python's own Ctrl-C, whatever an earlier test of the session left (a handler, a blocked signal)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        with pytest.raises(KeyboardInterrupt):
            pools.start_pool(2)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert started and not any(p.is_alive() for p in started)


def test_pool_block_ending_in_error_terminates_its_workers() -> None:
    with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
        pool.submit(_sleep, 30)
        workers = list(pool._processes.values())
        raise KeyboardInterrupt
    assert workers and not any(p.is_alive() for p in workers)


#: runs ``gecscope`` after wrapping the resampling's totals (numba's compiled replay, or numpy's
#: loop with ``numpy``) so that it writes READY on standard error once the bootstrap has begun
RESAMPLING_CHILD = """
import os, sys
from gecscope.cli import main
from gecscope.resample import kernel, measures
if sys.argv[1] == "numpy":
    kernel.available = lambda: False
inner = measures.totals_of
def totals_of(table, order):
    if len(order) > 1:
        os.write(2, b"READY\\n")
    return inner(table, order)
measures.totals_of = totals_of
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize("path", ["numba", "numpy"])
def test_ctrl_c_while_resampling_exits_130_one_line(tmp_path: Path, path: str) -> None:
    """Ctrl-C inside the compiled replay was a 45-line numba ``SystemError`` and exit 1 (issue 33)."""
    from conftest import CONLL, require_shared
    from gecscope.resample import kernel

    require_shared()
    if path == "numba" and not kernel.available():
        pytest.skip("needs numba")
    child = tmp_path / "child.py"
    child.write_text(RESAMPLING_CHILD)
    systems = [str(CONLL / "systems_m2" / f"{s}.m2") for s in ("AMU", "CAMB")]
    argv = [sys.executable, str(child), path, "compare", "--metric", "cleme2", "--hyp-m2", *systems]
    argv += ["--ref-m2", str(CONLL / "references.m2"), "--test", "bootstrap", "--bootstrap", "100000", "--quiet"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline() == b"READY\n", "finished before it could be interrupted"
        time.sleep(0.5)  # inside a chunk of the replay
        os.killpg(proc.pid, signal.SIGINT)
        out, rest = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    err = [line for line in rest.decode().splitlines() if line != "READY"]
    assert proc.returncode == 130 and err == ["gecscope: interrupted"], rest.decode()[-2000:]
    assert out == b""
    assert _group_alive(proc.pid) == []


def test_interrupted_finds_a_ctrl_c_among_the_causes() -> None:
    from gecscope.cli import interrupted

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise SystemError("returned a result with an exception set") from exc
    except SystemError as wrapped:
        assert interrupted(wrapped)
    assert not interrupted(SystemError("other")) and not interrupted(ValueError())


@pytest.mark.neural
@pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform != "linux", reason="reads /proc")
def test_ctrl_c_while_a_model_scores_exits_130_one_line(tmp_path: Path) -> None:
    """Scribendi with the packaged SmolLM2 on a whole CoNLL-2014 system, interrupted once the model
    has loaded and scores (30 s in): one line, exit 130, nothing left of the process group."""
    from conftest import CONLL, require_shared

    require_shared()
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", "scribendi", "--quiet"]
    argv += ["--source", str(CONLL / "sources.txt"), "--hyp", str(CONLL / "systems" / "AMU.txt")]
    env = dict(os.environ, GECSCOPE_CACHE=str(tmp_path / "cache"))
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, env=env)
    try:
        time.sleep(30)
        assert proc.poll() is None, "finished before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        end = time.monotonic() + 10
        while _group_alive(proc.pid) and time.monotonic() < end:
            time.sleep(0.1)
    finally:
        if proc.poll() is None or _group_alive(proc.pid):
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and err.decode().splitlines() == ["gecscope: interrupted"], err.decode()[-2000:]
    assert out == b"" and _group_alive(proc.pid) == []
