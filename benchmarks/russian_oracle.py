"""Run ru-errant (PyPI ``ru-errant`` 2.3.0) as the oracle on CoNLL-U pairs and write its edits
and types as a golden file (tests/golden/russian/).

ru-errant is run from its own unpacked wheel (``--port``: ``pip download ru-errant --no-deps``
and unzip it), never copied into gecscope: its ``errant`` package is imported from a temporary
copy of that folder. Its package installs as ``errant`` (over English ERRANT), so it is not
installed. Its tagger (spaCy's ``ru_core_news_lg``, in no registry) is not used: each side is
the spaCy ``Doc`` that :func:`gecscope.align.ru.tagger.doc_from_words` builds from the CoNLL-U,
the same annotation gecscope's classifier reads. Its word lists (``errant/ru/resources/
Russian.dic`` and ``freq_dict.json``, which it loads at import) are missing from the published
wheel and sdist: the copy gets empty ones, and the classifier's ``spell`` is set to the lexicon
gecscope uses (``--lexicon``, a word or its lower case known to it), so the comparison covers
every rule; only the word list differs from the authors'. Run::

    python tests/russian_pairs.py --seed 32 --pairs 4000 --out /tmp/russian
    python benchmarks/russian_oracle.py --port /path/to/ru_errant-2.3.0-wheel \\
        --source /tmp/russian/source.conllu --target /tmp/russian/target.conllu \\
        --out tests/golden/russian/pairs.json
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from czech_oracle import Lexicon, gecscope_spans, pair_key, read_pairs, write_golden


def load_port(port: Path, lexicon: str, scratch: Path) -> Any:
    """ru-errant's Annotator for Russian, without its spaCy model, with ``lexicon`` as its word list."""
    copy = scratch / "port"
    shutil.copytree(port / "errant", copy / "errant")
    resources = copy / "errant" / "ru" / "resources"
    resources.mkdir(exist_ok=True)
    (resources / "Russian.dic").write_text("", encoding="utf-8")
    (resources / "freq_dict.json").write_text("{}", encoding="utf-8")
    sys.path.insert(0, str(copy))
    for name in [m for m in sys.modules if m == "errant" or m.startswith("errant.")]:
        del sys.modules[name]  # the pip errant (English) must not shadow the port
    from errant.annotator import Annotator  # type: ignore[import-not-found]
    from errant.ru import classifier, merger  # type: ignore[import-not-found]

    from gecscope.align.ru.classifier import RussianTypes

    classifier.spell = Lexicon(RussianTypes(lexicon=lexicon).known)
    return Annotator("ru", None, merger, classifier)


def main(argv: list[str] | None = None) -> int:
    import spacy

    from gecscope.align.ru.tagger import RussianTagger, doc_from_words

    parser = argparse.ArgumentParser(description="ru-errant's edits and types on CoNLL-U pairs")
    parser.add_argument("--port", type=Path, required=True, help="the unpacked ru-errant wheel")
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--target", type=Path, required=True)
    parser.add_argument("--lexicon", default="pymorphy3")
    parser.add_argument("--backend", default="pymorphy3", help="the tagger that annotated the CoNLL-U (recorded)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--spans",
        default="ru-errant",
        help="whose edits the port's classifier types: ru-errant (its own alignment and merger) or a "
        "gecscope aligner (errant-notag, levenshtein)",
    )
    parser.add_argument("--command", default=" ".join(["python", *sys.argv]), help="recorded in the golden file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        annotator = load_port(args.port, args.lexicon, Path(scratch))
        vocab = spacy.blank("ru").vocab
        sources, targets = read_pairs(args.source, args.target)
        spans = None if args.spans == "ru-errant" else gecscope_spans(args.spans, sources, targets)
        from errant.edit import Edit  # type: ignore[import-not-found]

        items = []
        for k, (source, target) in enumerate(zip(sources, targets, strict=True)):
            orig, cor = doc_from_words(vocab, source), doc_from_words(vocab, target)
            if spans is None:
                edits = annotator.annotate(orig, cor)
            else:
                edits = [annotator.classify(Edit(orig, cor, list(span))) for span in spans[k]]
            row = [[e.o_start, e.o_end, e.c_start, e.c_end, e.type] for e in edits]
            items.append([pair_key(source, target), row])
    from importlib.metadata import version

    golden = {
        "command": args.command,
        "oracle": "ru-errant 2.3.0 (PyPI wheel, unpacked)",
        "run": "Annotator.annotate: its alignment, merger and classifier"
        if spans is None
        else f"its classifier (Annotator.classify) on the edits of gecscope's {args.spans} aligner",
        "dictionary": f"{args.lexicon} in place of Russian.dic/freq_dict.json (missing from the package)",
        "stemmer": f"nltk-{version('nltk')}",
        "tagger": RussianTagger(args.backend).name,
        "pairs": items,
    }
    write_golden(args.out, golden)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
