"""Run errant_czech (ufal/errant_czech, Náplava et al. 2022) as the oracle on CoNLL-U pairs and
write its edits and types as a golden file (tests/golden/czech/).

errant_czech is run from its own checkout (``--port``), never copied: its ``errant`` package is
imported from there. Its tagger (UDPipe through spaCy-UDPipe) is not used: each side is the spaCy
``Doc`` that :func:`gecscope.align.cs.tagger.doc_from_words` builds from the CoNLL-U, the same
annotation gecscope's classifier reads. Its dictionary (MorfFlex, ``czech-morfflex-160310.dict``
from LINDAT, in no package) is replaced by the lexicon gecscope uses (``--lexicon``): the port's
``is_valid_czech_word`` is set to the same predicate (a word or its lower case known to
simplemma's Czech data), so the comparison covers every rule; only the word list differs from
the paper's. Run::

    python tests/czech_pairs.py --shared ../shared --seed 32 --pairs 4000 --out /tmp/czech
    python benchmarks/czech_oracle.py --port /path/to/errant_czech --source /tmp/czech/source.conllu \\
        --target /tmp/czech/target.conllu --out tests/golden/czech/nelb_pairs.json
"""

from __future__ import annotations

import argparse
import json
import sys
import types
from pathlib import Path
from typing import Any

from gecscope.align.types.oracle import compare_handmade as compare_handmade  # re-exported
from gecscope.align.types.oracle import compare_labels as compare_labels
from gecscope.align.types.oracle import pair_key
from gecscope.io.conllu import Sentence, read_conllu


class Lexicon:
    """A set-like view of gecscope's lexicon predicate (``word in lexicon``): the word list a
    port reads, replaced by the one gecscope's classifier reads (German, Russian)."""

    def __init__(self, known: Any) -> None:
        self.known = known

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(self.known(word))


def read_pairs(source: Path, target: Path) -> tuple[list[Sentence], list[Sentence]]:
    """The sentences of the pairs' two CoNLL-U files (as many on each side, or exit)."""
    sources, targets = read_conllu(source), read_conllu(target)
    if len(sources) != len(targets):
        raise SystemExit(f"{len(sources)} source sentences, {len(targets)} target sentences")
    return sources, targets


def write_golden(out: Path, golden: dict[str, Any]) -> None:
    """Write a golden file (one line of JSON) and say how many pairs and edits it holds."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(golden, handle, ensure_ascii=False, separators=(",", ":"))
        handle.write("\n")
    items = golden["pairs"]
    print(f"{len(items)} pairs, {sum(len(e) for _, e in items)} edits -> {out}", file=sys.stderr)


def load_port(port: Path, lexicon: str) -> Any:
    """errant_czech's Annotator for Czech, without UDPipe, with ``lexicon`` as its dictionary."""
    sys.modules.setdefault("spacy_udpipe", types.ModuleType("spacy_udpipe"))  # only its loader uses it
    import ufal

    sys.modules.setdefault("ufal.udpipe", types.ModuleType("ufal.udpipe"))
    ufal.udpipe = sys.modules["ufal.udpipe"]  # type: ignore[attr-defined]
    sys.path.insert(0, str(port))
    for name in [m for m in sys.modules if m == "errant" or m.startswith("errant.")]:
        del sys.modules[name]  # the pip errant (English) must not shadow the port
    from errant.annotator import Annotator  # type: ignore[import-not-found]
    from errant.cs import classifier, merger  # type: ignore[import-not-found]

    from gecscope.align.cs.classifier import CzechTypes

    known = CzechTypes(lexicon=lexicon).known
    classifier.is_valid_czech_word = known
    return Annotator("cs", None, merger, classifier)


def gecscope_spans(aligner: str, sources: list[Sentence], targets: list[Sentence]) -> list[list[tuple[int, ...]]]:
    """The edit spans ``(o_start, o_end, c_start, c_end)`` of gecscope's aligner ``aligner``."""
    from gecscope.align import get_aligner

    pairs = [(tuple(w.form for w in s), tuple(w.form for w in t)) for s, t in zip(sources, targets, strict=True)]
    spans = []
    for edits in get_aligner(aligner).edits_batch(pairs):
        shift, sentence = 0, []
        for e in edits:
            sentence.append((e.start, e.end, e.start + shift, e.start + shift + len(e.correction)))
            shift += len(e.correction) - (e.end - e.start)
        spans.append(sentence)
    return spans


def main(argv: list[str] | None = None) -> int:
    import spacy

    from gecscope.align.cs.tagger import doc_from_words

    parser = argparse.ArgumentParser(description="errant_czech's edits and types on CoNLL-U pairs")
    parser.add_argument("--port", type=Path, required=True, help="a checkout of ufal/errant_czech")
    parser.add_argument("--source", type=Path, required=True)
    parser.add_argument("--target", type=Path, required=True)
    parser.add_argument("--lexicon", default="simplemma")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument(
        "--spans",
        default="errant_czech",
        help="whose edits the port's classifier types: errant_czech (its own alignment and merger) or a "
        "gecscope aligner (errant-notag, levenshtein)",
    )
    parser.add_argument("--command", default=" ".join(["python", *sys.argv]), help="recorded in the golden file")
    args = parser.parse_args(argv)
    annotator = load_port(args.port, args.lexicon)
    vocab = spacy.blank("cs").vocab
    sources, targets = read_pairs(args.source, args.target)
    spans = None if args.spans == "errant_czech" else gecscope_spans(args.spans, sources, targets)
    from errant.edit import Edit  # type: ignore[import-not-found]

    items = []
    for k, (source, target) in enumerate(zip(sources, targets, strict=True)):
        orig, cor = doc_from_words(vocab, source), doc_from_words(vocab, target)
        if spans is None:
            edits = annotator.annotate(orig, cor)
        else:
            edits = [annotator.classify(Edit(orig, cor, list(span)), orig, cor) for span in spans[k]]
        items.append([pair_key(source, target), [[e.o_start, e.o_end, e.c_start, e.c_end, e.type] for e in edits]])
    import subprocess
    from importlib.metadata import version

    commit = subprocess.run(["git", "-C", str(args.port), "rev-parse", "HEAD"], capture_output=True, text=True)
    golden = {
        "command": args.command,
        "oracle": f"ufal/errant_czech @ {commit.stdout.strip() or 'unknown'}",
        "run": "Annotator.annotate: its alignment, merger and classifier"
        if spans is None
        else f"its classifier (Annotator.classify) on the edits of gecscope's {args.spans} aligner",
        "dictionary": f"{args.lexicon}-{version('simplemma')} in place of MorfFlex",
        "tagger": f"cs-core-news-sm-{version('cs-core-news-sm')}",
        "pairs": items,
    }
    write_golden(args.out, golden)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
