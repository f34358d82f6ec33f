"""What the three port benchmarks share (``bench_czech_types.py``, ``bench_german_types.py``,
``bench_russian_types.py``): their options, the pairs and the golden's edit spans, our
classifier over every edit, and the timing table."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gecscope.io.conllu import Sentence, read_conllu
from gecscope.types import Word

Spans = list[list[list[Any]]]


def port_args(doc: str | None) -> argparse.Namespace:
    """``--port`` (the port's checkout), ``--pairs`` (the pairs' CoNLL-U folder), ``--repeat``."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--port", type=Path, required=True)
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    return parser.parse_args()


def read_pairs(pairs: Path, golden: Path) -> tuple[list[Sentence], list[Sentence], Spans]:
    """The pairs' source and target sentences, and each pair's edit spans from ``golden``."""
    sources, targets = read_conllu(pairs / "source.conllu"), read_conllu(pairs / "target.conllu")
    spans = [edits for _, edits in json.loads(golden.read_text(encoding="utf-8"))["pairs"]]
    return sources, targets, spans


def classify_all(
    classify: Callable[[Sequence[Word], Sequence[Word]], str],
    sources: Sequence[Sequence[Word]],
    targets: Sequence[Sequence[Word]],
    spans: Spans,
) -> Callable[[], None]:
    """Work that labels every edit of every pair with ``classify``."""

    def work() -> None:
        for s, t, edits in zip(sources, targets, spans, strict=True):
            for a, b, c, d, *_ in edits:
                classify(s[a:b], t[c:d])

    return work


def timed(work: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of ``repeat`` runs of ``work``."""
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        work()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return cpu, wall


def print_timings(rows: Sequence[tuple[str, Callable[[], object]]], repeat: int) -> None:
    """A Markdown table: each row's CPU and wall seconds, min / median of ``repeat`` runs."""
    print("| what | CPU s min / median | wall s min / median |\n|---|---|---|")
    for name, work in rows:
        cpu, wall = timed(work, repeat)
        cpu_cell = f"{min(cpu):.3f} / {statistics.median(cpu):.3f}"
        print(f"| {name} | {cpu_cell} | {min(wall):.3f} / {statistics.median(wall):.3f} |")
