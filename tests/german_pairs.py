"""German sentence pairs for the Boyd conformance test: each NELB German output sentence
(Falko-MERLIN, ``../shared/data/multilingual/estgec/GEC_systems/nelb``, MIT) against perturbed
copies of itself (inflection by another form of a lemma, word order, insertions, deletions,
spelling, case, whitespace, punctuation), the perturbed copy as the source and the system's
sentence as the correction. Deterministic: pair ``i`` of seed ``s`` uses
``random.Random(f"{s}:{i}")`` on the tokens (``spacy.blank("de")``) and the offline tagger's
(HanTa's) lemmas and tags, so the pairs are rebuilt at test time from ../shared and never stored.
The perturbations are Czech's (``tests/czech_pairs.py``) with German spelling changes.

Write the two sides as CoNLL-U (for Boyd's classifier, ``benchmarks/german_oracle.py``)::

    python tests/german_pairs.py --shared ../shared --seed 32 --pairs 4000 --out /tmp/german
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from czech_pairs import MAX_TOKENS, NELB, Perturber, Tokens, perturbed_pairs, write_pairs

FILES = ("en-et-de-cs-nelb-1.3b-fm.txt",)
UMLAUTS = {"ä": "a", "ö": "o", "ü": "u", "ß": "ss"}
NEAR = "aeiou"


def sentences(shared: Path) -> list[Tokens]:
    """The NELB German outputs' sentences, tokenised by ``spacy.blank("de")`` (2..40 tokens)."""
    import spacy

    nlp = spacy.blank("de")
    lines = []
    for name in FILES:
        with open(shared / NELB / name, encoding="utf-8") as handle:
            lines += [line.strip() for line in handle if line.strip()]
    tokens = [[t.text for t in nlp.tokenizer(line) if not t.is_space] for line in lines]
    return [t for t in tokens if 2 <= len(t) <= MAX_TOKENS]


def respell(word: str, rng: random.Random) -> str:
    """``word`` with one spelling change (a letter dropped, doubled, swapped, changed; umlauts and
    ß spelt out or added; ie/ei)."""
    i = rng.randrange(len(word))
    kind = rng.randrange(7)
    if kind == 0 and len(word) > 2:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if kind == 2 and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 3 and word[i].lower() in NEAR:
        return word[:i] + rng.choice(NEAR) + word[i + 1 :]
    if kind == 4 and ("ie" in word or "ei" in word):
        return word.replace("ie", "\0").replace("ei", "ie").replace("\0", "ei")
    if kind == 5 and any(c in UMLAUTS for c in word):
        return "".join(UMLAUTS.get(c, c) for c in word)
    if word[i] in "aou":
        return word[:i] + {"a": "ä", "o": "ö", "u": "ü"}[word[i]] + word[i + 1 :]
    return word[:i] + rng.choice("abcdefghiklmnoprstuvwz") + word[i + 1 :]


class GermanPerturber(Perturber):
    """Czech's perturbations with German spelling changes."""

    def spell(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        words = [i for i, t in enumerate(tokens) if t.isalpha() and len(t) > 2]
        if not words:
            return tokens
        i = rng.choice(words)
        return [*tokens[:i], respell(tokens[i], rng), *tokens[i + 1 :]]


def pairs(shared: Path, seed: int, count: int) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """``count`` pairs (source words, target words), both annotated by the offline tagger."""
    from gecscope.align.de.classifier import COARSE
    from gecscope.align.de.tagger import GermanTagger

    tagger = GermanTagger()
    corpus = sentences(shared)
    tagged = tagger.tag(corpus)
    tags = [[(w.form, w.lemma, COARSE.get(w.xpos, "")) for w in s] for s in tagged]
    return perturbed_pairs(corpus, tagged, tags, GermanPerturber(tags), tagger, seed, count)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=Path("../shared"))
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--pairs", type=int, default=4000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    write_pairs(pairs(args.shared, args.seed, args.pairs), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
