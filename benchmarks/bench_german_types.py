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

from pathlib import Path

from czech_oracle import Lexicon
from german_oracle import load_port
from type_timing import classify_all, port_args, print_timings, read_pairs

from gecscope.align.de.classifier import GermanTypes
from gecscope.align.de.tagger import GermanTagger, doc_from_words

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "german" / "nelb_notag.json"


def main() -> None:

    import spacy
    from nltk.stem.snowball import GermanStemmer

    args = port_args(__doc__)
    sources, targets, spans = read_pairs(args.pairs, GOLDEN)
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

    def classify_port() -> None:
        for (o, c), edits in zip(docs, spans, strict=True):
            for a, b, x, y, _ in edits:
                rules.autoTypeEdit([a, b, "", "", x, y], o, c, word_list, tag_map, None, stemmer)

    rows = [
        (f"tag {len(tokens)} sentences (HanTa)", lambda: tagger.tag(tokens)),
        (f"gecscope classifier, {count} edits", classify_all(ours.classify, sources, targets, spans)),
        (f"Boyd's classifier, {count} edits", classify_port),
    ]
    print_timings(rows, args.repeat)


if __name__ == "__main__":
    main()
