"""Russian error types: tagging time (the offline taggers, pymorphy3 and natasha) against
classification time, gecscope's classifier and ru-errant's side by side on the same edits (the
made pairs' golden spans).

    PYTHONPATH=src python benchmarks/bench_russian_types.py --port UNPACKED_RU_ERRANT_WHEEL \\
        --pairs PAIRS [--repeat 3]

``PAIRS`` is the folder ``tests/russian_pairs.py --out`` wrote (pymorphy3 backend). Prints CPU
time and wall time (min / median over ``--repeat`` runs) of: tagging the source sides with each
backend; gecscope's classifier on every edit of ``tests/golden/russian/pairs_notag.json``;
ru-errant's classifier (``errant.ru.classifier.classify``) on the same edits (each side its own
words / spaCy Docs and edit objects, built before timing).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path

from bench_czech_types import timed
from russian_oracle import load_port

from gecscope.align.ru.classifier import RussianTypes
from gecscope.align.ru.tagger import RussianTagger, doc_from_words
from gecscope.io.conllu import read_conllu

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "russian" / "pairs_notag.json"


def main() -> None:
    import spacy

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=Path, required=True)
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sources, targets = read_conllu(args.pairs / "source.conllu"), read_conllu(args.pairs / "target.conllu")
    spans = [edits for _, edits in json.loads(GOLDEN.read_text(encoding="utf-8"))["pairs"]]
    with tempfile.TemporaryDirectory() as scratch:
        annotator = load_port(args.port, "pymorphy3", Path(scratch))
        from errant.edit import Edit  # type: ignore[import-not-found]

        vocab = spacy.blank("ru").vocab
        docs = [(doc_from_words(vocab, s), doc_from_words(vocab, t)) for s, t in zip(sources, targets, strict=True)]
        edits = [Edit(o, c, e[:4]) for (o, c), pair in zip(docs, spans, strict=True) for e in pair]
        ours = RussianTypes()
        ours.known("а"), ours.stem("а")  # load the lexicon and the stemmer before timing
        taggers = {backend: RussianTagger(backend) for backend in ("pymorphy3", "natasha")}
        taggers["natasha"].models()
        tokens = [[w.form for w in s] for s in sources]
        count = len(edits)

        def classify_ours() -> None:
            for (s, t), pair in zip(zip(sources, targets, strict=True), spans, strict=True):
                for a, b, c, d, _ in pair:
                    ours.classify(s[a:b], t[c:d])

        def classify_port() -> None:
            for edit in edits:
                annotator.classify(edit)

        rows = [
            *((f"tag {len(tokens)} sentences ({b})", lambda t=t: t.tag(tokens)) for b, t in taggers.items()),
            (f"gecscope classifier, {count} edits", classify_ours),
            (f"ru-errant's classifier, {count} edits", classify_port),
        ]
        print("| what | CPU s min / median | wall s min / median |\n|---|---|---|")
        for name, work in rows:
            cpu, wall = timed(work, args.repeat)
            cpu_cell = f"{min(cpu):.3f} / {statistics.median(cpu):.3f}"
            print(f"| {name} | {cpu_cell} | {min(wall):.3f} / {statistics.median(wall):.3f} |")


if __name__ == "__main__":
    main()
