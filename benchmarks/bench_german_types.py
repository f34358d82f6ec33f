"""German error types: tagging time (the offline tagger, HanTa) against classification time,
gecscope's classifier and Boyd's side by side on the same edits (the NELB pairs' golden spans).

    PYTHONPATH=src python benchmarks/bench_german_types.py --port ADRIANEBOYD_ERRANT_CHECKOUT \\
        --pairs PAIRS [--repeat 3]

``PAIRS`` is the folder ``tests/german_pairs.py --out`` wrote. Prints CPU time and wall time
(min / median over ``--repeat`` runs) of: tagging the source sides with HanTa; gecscope's
classifier on every edit of ``tests/golden/german/nelb_notag.json``; Boyd's classifier
(``scripts/cat_rules_de.autoTypeEdit``) on the same edits (each side its own words / spaCy Docs,
built before timing).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench_czech_types import timed
from german_oracle import Lexicon, load_port

from gecscope.align.de.classifier import GermanTypes
from gecscope.align.de.tagger import GermanTagger, doc_from_words
from gecscope.io.conllu import read_conllu

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "german" / "nelb_notag.json"


def main() -> None:
    import statistics

    import spacy
    from nltk.stem.snowball import GermanStemmer

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=Path, required=True)
    parser.add_argument("--pairs", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sources, targets = read_conllu(args.pairs / "source.conllu"), read_conllu(args.pairs / "target.conllu")
    spans = [edits for _, edits in json.loads(GOLDEN.read_text(encoding="utf-8"))["pairs"]]
    rules, tag_map = load_port(args.port)
    vocab = spacy.blank("de").vocab
    docs = [(doc_from_words(vocab, s), doc_from_words(vocab, t)) for s, t in zip(sources, targets, strict=True)]
    ours = GermanTypes()
    ours.known("a")  # load the lexicon before timing
    word_list, stemmer = Lexicon(ours.known), GermanStemmer()
    tagger = GermanTagger()
    tagger.loaded()
    tokens = [[w.form for w in s] for s in sources]
    count = sum(map(len, spans))

    def classify_ours() -> None:
        for (s, t), edits in zip(zip(sources, targets, strict=True), spans, strict=True):
            for a, b, c, d, _ in edits:
                ours.classify(s[a:b], t[c:d])

    def classify_port() -> None:
        for (o, c), edits in zip(docs, spans, strict=True):
            for a, b, x, y, _ in edits:
                rules.autoTypeEdit([a, b, "", "", x, y], o, c, word_list, tag_map, None, stemmer)

    rows = [
        (f"tag {len(tokens)} sentences (HanTa)", lambda: tagger.tag(tokens)),
        (f"gecscope classifier, {count} edits", classify_ours),
        (f"Boyd's classifier, {count} edits", classify_port),
    ]
    print("| what | CPU s min / median | wall s min / median |\n|---|---|---|")
    for name, work in rows:
        cpu, wall = timed(work, args.repeat)
        cpu_cell = f"{min(cpu):.3f} / {statistics.median(cpu):.3f}"
        print(f"| {name} | {cpu_cell} | {min(wall):.3f} / {statistics.median(wall):.3f} |")


if __name__ == "__main__":
    main()
