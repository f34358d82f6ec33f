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

from pathlib import Path

from czech_oracle import load_port
from type_timing import classify_all, port_args, print_timings, read_pairs

from gecscope.align.cs.classifier import CzechTypes
from gecscope.align.cs.tagger import CzechTagger, doc_from_words

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "czech" / "nelb_pairs.json"


def main() -> None:
    import spacy

    args = port_args(__doc__)
    sources, targets, spans = read_pairs(args.pairs, GOLDEN)
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

    def classify_port() -> None:
        for (o, c), edits in zip(docs, spans, strict=True):
            for a, b, x, y, _ in edits:
                annotator.classify(Edit(o, c, [a, b, x, y]), o, c)

    rows = [
        (f"tag {len(tokens)} sentences (cs-core-news-sm)", lambda: tagger.tag(tokens)),
        (f"gecscope classifier, {count} edits", classify_all(ours.classify, sources, targets, spans)),
        (f"errant_czech classifier, {count} edits", classify_port),
    ]
    print_timings(rows, args.repeat)


if __name__ == "__main__":
    main()
