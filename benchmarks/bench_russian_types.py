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

import tempfile
from pathlib import Path

from russian_oracle import load_port
from type_timing import classify_all, port_args, print_timings, read_pairs

from gecscope.align.ru.classifier import RussianTypes
from gecscope.align.ru.tagger import RussianTagger, doc_from_words

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "russian" / "pairs_notag.json"


def main() -> None:
    import spacy

    args = port_args(__doc__)
    sources, targets, spans = read_pairs(args.pairs, GOLDEN)
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

        def classify_port() -> None:
            for edit in edits:
                annotator.classify(edit)

        rows = [
            *((f"tag {len(tokens)} sentences ({b})", lambda t=t: t.tag(tokens)) for b, t in taggers.items()),
            (f"gecscope classifier, {count} edits", classify_all(ours.classify, sources, targets, spans)),
            (f"ru-errant's classifier, {count} edits", classify_port),
        ]
        print_timings(rows, args.repeat)


if __name__ == "__main__":
    main()
