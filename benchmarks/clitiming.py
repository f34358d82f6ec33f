"""Shared helpers for the benchmark scripts: time whole CLI processes."""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", str(ROOT.parent / "shared")))
DEFAULT_DATA = os.environ.get("GECSCOPE_DATA", str(SHARED / "data"))


def time_cli(argv: list[str], repeat: int) -> dict[str, float]:
    """Median and minimum wall time of ``repeat`` fresh processes, and the peak RSS among them."""
    walls = []
    peak = 0.0
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0, before / 1024.0)
    return {"wall_s_median": statistics.median(walls), "wall_s_min": min(walls), "peak_rss_mib": peak}


def run_cpu(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """CPU (user + system of the child and its children) and wall seconds of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def seeded_folder(tmp: Path, warm: Path, seeded: bool) -> Path:
    """A fresh cache folder ``tmp/run`` for one timed run; ``seeded``: holding the lexicon cache
    of ``warm`` (its WAL with it, if any), so the run finds every word's answer kept."""
    import shutil

    folder = tmp / "run"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for seed in warm.glob("lexicon.sqlite*") if seeded else ():
        shutil.copy(seed, folder / seed.name)
    return folder


def bytecode_cached(env: dict[str, str], cache_dir: str) -> dict[str, str]:
    """``env`` with compiled bytecode kept (under ``cache_dir``, so no checkout gets a __pycache__),
    as an installed package has it: ``PYTHONDONTWRITEBYTECODE`` would recompile every module of
    every run, which charges a program by its number of modules."""
    out = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**out, "PYTHONPYCACHEPREFIX": cache_dir}


def min_median(values: list[float]) -> str:
    """``min / median`` of seconds, two decimals."""
    return f"{min(values):.2f} / {statistics.median(values):.2f}"


def parse_args(doc: str | None) -> argparse.Namespace:
    """The options every benchmark takes: the system, repetitions and the data directory."""
    ap = argparse.ArgumentParser(description=doc)
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", default=DEFAULT_DATA)
    return ap.parse_args()
