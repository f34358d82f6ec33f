"""Czech error types: tagging time (the offline tagger) against classification time, gecscope's
classifier and errant_czech's side by side on the same edits (the NELB pairs' golden spans).

    PYTHONPATH=src python benchmarks/bench_czech_types.py --port ERRANT_CZECH_CHECKOUT \\
        --pairs PAIRS [--repeat 3]

``PAIRS`` is the folder ``tests/czech_pairs.py --out`` wrote. Prints CPU time and wall time
(min / median over ``--repeat`` runs) of: tagging the source sides with ``cs-core-news-sm``;
gecscope's classifier on every edit of ``tests/golden/czech/nelb_pairs.json``; errant_czech's
classifier on the same edits (each side its own words / spaCy Docs, built before timing).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from czech_oracle import load_port

from gecscope.align.cs.classifier import CzechTypes
from gecscope.align.cs.tagger import CzechTagger, doc_from_words
from gecscope.io.conllu import read_conllu

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "czech" / "nelb_pairs.json"


def timed(work: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of ``repeat`` runs of ``work``."""
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        work()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return cpu, wall


def main() -> None:
    import spacy

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=Path, required=True)
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sources, targets = read_conllu(args.pairs / "source.conllu"), read_conllu(args.pairs / "target.conllu")
    spans = [edits for _, edits in json.loads(GOLDEN.read_text(encoding="utf-8"))["pairs"]]
    annotator = load_port(args.port, "simplemma")
    from errant.edit import Edit  # type: ignore[import-not-found]

    vocab = spacy.blank("cs").vocab
    docs = [(doc_from_words(vocab, s), doc_from_words(vocab, t)) for s, t in zip(sources, targets, strict=True)]
    ours = CzechTypes()
    ours.known("a")  # load the lexicon before timing
    tagger = CzechTagger()
    tagger.pipeline()
    tokens = [[w.form for w in s] for s in sources]
    count = sum(map(len, spans))

    def classify_ours() -> None:
        for (s, t), edits in zip(zip(sources, targets, strict=True), spans, strict=True):
            for a, b, c, d, _ in edits:
                ours.classify(s[a:b], t[c:d])

    def classify_port() -> None:
        for (o, c), edits in zip(docs, spans, strict=True):
            for a, b, x, y, _ in edits:
                annotator.classify(Edit(o, c, [a, b, x, y]), o, c)

    rows = [
        (f"tag {len(tokens)} sentences (cs-core-news-sm)", lambda: tagger.tag(tokens)),
        (f"gecscope classifier, {count} edits", classify_ours),
        (f"errant_czech classifier, {count} edits", classify_port),
    ]
    print("| what | CPU s min / median | wall s min / median |\n|---|---|---|")
    for name, work in rows:
        cpu, wall = timed(work, args.repeat)
        cpu_cell = f"{min(cpu):.3f} / {statistics.median(cpu):.3f}"
        print(f"| {name} | {cpu_cell} | {min(wall):.3f} / {statistics.median(wall):.3f} |")


if __name__ == "__main__":
    main()
