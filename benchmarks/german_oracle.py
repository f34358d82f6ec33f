"""Run Boyd's German ERRANT classifier (Boyd 2018, W-NUT; ``scripts/cat_rules_de.py`` of
adrianeboyd/errant @ 92a86d07, the submodule of adrianeboyd/boyd-wnut2018) as the oracle on
CoNLL-U pairs and write its types as a golden file (tests/golden/german/).

The port is run from its own checkout (``--port``), never copied: its ``scripts`` package is
imported from there, its STTS table read by its own ``toolbox.loadTagMap``. Its annotation (spaCy 2
and TreeTagger) is not used: each side is the spaCy ``Doc`` that
:func:`gecscope.align.de.tagger.doc_from_words` builds from the CoNLL-U (``tag_`` the STTS tag,
``lemma_``, ``dep_`` where the CoNLL-U has relations), the same annotation gecscope's classifier
reads. Its word list (igerman98's Hunspell ``de_DE``, not in the repository) is replaced by the
lexicon gecscope uses (``--lexicon``): a word known to simplemma's German data. Its stemmer is
NLTK's ``GermanStemmer``, as in its ``parallel_to_m2.py``. The edits are those of a gecscope
aligner (``--spans``): the port's own alignment needs spaCy 2's lemmatiser API. Run::

    python tests/german_pairs.py --shared ../shared --seed 32 --pairs 4000 --out /tmp/german
    python benchmarks/german_oracle.py --port /path/to/adrianeboyd-errant --source /tmp/german/source.conllu \\
        --target /tmp/german/target.conllu --spans errant-notag --out tests/golden/german/nelb_notag.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from czech_oracle import Lexicon, gecscope_spans, pair_key, read_pairs, write_golden


def load_port(port: Path) -> tuple[Any, dict[str, str]]:
    """The port's classifier module and its STTS table."""
    sys.path.insert(0, str(port))
    for name in [m for m in sys.modules if m == "scripts" or m.startswith("scripts.")]:
        del sys.modules[name]
    from scripts import cat_rules_de, toolbox  # type: ignore[import-not-found]

    tag_map = toolbox.loadTagMap(str(port / "resources" / "de-stts_map"), argparse.Namespace(lang="de"))
    return cat_rules_de, tag_map


def main(argv: list[str] | None = None) -> int:
    import spacy
    from nltk.stem.snowball import GermanStemmer

    from gecscope.align.de.classifier import GermanTypes
    from gecscope.align.de.tagger import doc_from_words

    parser = argparse.ArgumentParser(description="Boyd's German types on CoNLL-U pairs")
    parser.add_argument("--port", type=Path, required=True, help="a checkout of adrianeboyd/errant @ 92a86d07")
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--target", type=Path, required=True)
    parser.add_argument("--lexicon", default="simplemma")
    parser.add_argument("--tagger", default="", help="the annotation's source, recorded in the golden file")
    parser.add_argument("--spans", default="errant-notag", help="the gecscope aligner whose edits the port types")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--command", default=" ".join(["python", *sys.argv]), help="recorded in the golden file")
    args = parser.parse_args(argv)
    rules, tag_map = load_port(args.port)
    word_list = Lexicon(GermanTypes(lexicon=args.lexicon).known)
    stemmer = GermanStemmer()
    vocab = spacy.blank("de").vocab
    sources, targets = read_pairs(args.source, args.target)
    spans = gecscope_spans(args.spans, sources, targets)
    items = []
    for k, (source, target) in enumerate(zip(sources, targets, strict=True)):
        orig, cor = doc_from_words(vocab, source), doc_from_words(vocab, target)
        edits = []
        for o_start, o_end, c_start, c_end in spans[k]:
            edit = [o_start, o_end, "", "", c_start, c_end]
            label = rules.autoTypeEdit(edit, orig, cor, word_list, tag_map, None, stemmer)
            edits.append([o_start, o_end, c_start, c_end, label])
        items.append([pair_key(source, target), edits])
    import subprocess
    from importlib.metadata import version

    commit = subprocess.run(["git", "-C", str(args.port), "rev-parse", "HEAD"], capture_output=True, text=True)
    golden = {
        "command": args.command,
        "oracle": f"adrianeboyd/errant @ {commit.stdout.strip() or '92a86d0722536f4b2c6a4a10037b64f3955ad1b5'}: "
        "scripts/cat_rules_de.autoTypeEdit",
        "run": f"its classifier on the edits of gecscope's {args.spans} aligner",
        "dictionary": f"{args.lexicon}-{version('simplemma')} in place of igerman98's de_DE word list",
        "stemmer": f"nltk-{version('nltk')} GermanStemmer",
        "tagger": args.tagger,
        "pairs": items,
    }
    write_golden(args.out, golden)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
