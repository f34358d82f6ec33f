"""Czech sentence pairs for the errant_czech conformance test: each NELB Czech output sentence
(``../shared/data/multilingual/estgec/GEC_systems/nelb``, MIT) against perturbed copies of itself
(inflection by another form of a lemma, word order, insertions, deletions, spelling, case,
whitespace, punctuation and quotation marks), the perturbed copy as the source and the system's
sentence as the correction. Deterministic: pair ``i`` of seed ``s`` uses ``random.Random(f"{s}:{i}")``
on the tokens and tags of the offline tagger (``cs-core-news-sm``), so the pairs are rebuilt at
test time from ../shared and never stored.

Write the two sides as CoNLL-U (for errant_czech, ``benchmarks/czech_oracle.py``)::

    python tests/czech_pairs.py --shared ../shared --seed 32 --pairs 4000 --out /tmp/czech
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

NELB = Path("data/multilingual/estgec/GEC_systems/nelb")
FILES = ("en-et-de-cs-nelb-1.3b-akces.txt", "en-et-de-cs-nelb-1.3b-geccc.txt")
MAX_TOKENS = 40
ACCENTS = dict(zip("aeiouyrszcdnt", "áéíóúýřšžčďňť", strict=True))
BARE = {v: k for k, v in ACCENTS.items()} | {"ě": "e", "ů": "u"}
NEAR = "aeiouy"

Tokens = list[str]


def sentences(shared: Path) -> list[Tokens]:
    """The NELB Czech outputs' sentences, tokenised by the offline tagger (2..40 tokens)."""
    from gecscope.align.cs.tagger import CzechTagger

    lines = []
    for name in FILES:
        with open(shared / NELB / name, encoding="utf-8") as handle:
            lines += [line.strip() for line in handle if line.strip()]
    tokens = CzechTagger().tokenize(lines)
    return [t for t in tokens if 2 <= len(t) <= MAX_TOKENS]


def respell(word: str, rng: random.Random) -> str:
    """``word`` with one spelling change (a letter dropped, doubled, swapped, changed; i/y;
    diacritics removed or added)."""
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
    if kind == 4 and any(c in "iyíý" for c in word):
        return word.translate(str.maketrans("iyíý", "yiýí"))
    if kind == 5 and any(c in BARE for c in word):
        return "".join(BARE.get(c, c) for c in word)
    if word[i] in ACCENTS:
        return word[:i] + ACCENTS[word[i]] + word[i + 1 :]
    return word[:i] + rng.choice("abcdeěfhijklmnoprsštuvyz") + word[i + 1 :]


class Perturber:
    """The perturbations, drawing from the corpus (its forms by lemma, its words)."""

    def __init__(self, tagged: Sequence[Sequence[tuple[str, str, str]]]):
        forms: dict[tuple[str, str], set[str]] = defaultdict(set)
        vocabulary: set[str] = set()
        for sentence in tagged:
            for form, lemma, upos in sentence:
                forms[lemma, upos].add(form)
                vocabulary.add(form)
        self.forms = {key: sorted(v) for key, v in forms.items() if len(v) > 1}
        self.vocabulary = sorted(vocabulary)
        self.operations: tuple[Callable[[Tokens, Sequence[tuple[str, str, str]], random.Random], Tokens], ...] = (
            self.inflect,
            self.inflect,
            self.swap,
            self.move,
            self.insert,
            self.delete,
            self.spell,
            self.spell,
            self.case,
            self.split,
            self.join,
            self.punctuate,
        )

    def inflect(self, tokens: Tokens, tags: Sequence[tuple[str, str, str]], rng: random.Random) -> Tokens:
        candidates = [i for i, (f, lemma, upos) in enumerate(tags) if (lemma, upos) in self.forms and i < len(tokens)]
        if not candidates:
            return self.spell(tokens, tags, rng)
        i = rng.choice(candidates)
        _, lemma, upos = tags[i]
        others = [f for f in self.forms[lemma, upos] if f != tokens[i]]
        return [*tokens[:i], rng.choice(others), *tokens[i + 1 :]] if others else tokens

    def swap(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        i = rng.randrange(len(tokens) - 1)
        return [*tokens[:i], tokens[i + 1], tokens[i], *tokens[i + 2 :]]

    def move(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        i = rng.randrange(len(tokens))
        word, rest = tokens[i], tokens[:i] + tokens[i + 1 :]
        j = max(0, min(len(rest), i + rng.choice((-3, -2, 2, 3))))
        return [*rest[:j], word, *rest[j:]]

    def insert(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        i = rng.randrange(len(tokens) + 1)
        word = rng.choice(tokens) if rng.random() < 0.3 else rng.choice(self.vocabulary)
        return [*tokens[:i], word, *tokens[i:]]

    def delete(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        if len(tokens) < 3:
            return tokens
        i = rng.randrange(len(tokens))
        return tokens[:i] + tokens[i + 1 :]

    def spell(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        words = [i for i, t in enumerate(tokens) if t.isalpha() and len(t) > 2]
        if not words:
            return tokens
        i = rng.choice(words)
        return [*tokens[:i], respell(tokens[i], rng), *tokens[i + 1 :]]

    def case(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        i = rng.randrange(len(tokens))
        word = tokens[i]
        changed = word.upper() if rng.random() < 0.2 else word[:1].swapcase() + word[1:]
        return [*tokens[:i], changed, *tokens[i + 1 :]]

    def split(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        words = [i for i, t in enumerate(tokens) if len(t) > 3]
        if not words:
            return tokens
        i = rng.choice(words)
        cut = rng.randrange(1, len(tokens[i]))
        return [*tokens[:i], tokens[i][:cut], tokens[i][cut:], *tokens[i + 1 :]]

    def join(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        i = rng.randrange(len(tokens) - 1)
        return [*tokens[:i], tokens[i] + tokens[i + 1], *tokens[i + 2 :]]

    def punctuate(self, tokens: Tokens, tags: object, rng: random.Random) -> Tokens:
        quotes = [i for i, t in enumerate(tokens) if t in ("„", "“", '"')]
        if quotes and rng.random() < 0.5:
            i = rng.choice(quotes)
            return [*tokens[:i], rng.choice(('"', "„", "“", "''")), *tokens[i + 1 :]]
        marks = [i for i, t in enumerate(tokens) if t in (",", ".", "?", "!", "-", ":", ";")]
        if marks and rng.random() < 0.5:
            i = rng.choice(marks)
            return tokens[:i] + tokens[i + 1 :] if rng.random() < 0.5 else [*tokens[:i], ",", *tokens[i + 1 :]]
        i = rng.randrange(len(tokens) + 1)
        return [*tokens[:i], rng.choice((",", "-", '"', "„", "“")), *tokens[i:]]


def pairs(shared: Path, seed: int, count: int) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """``count`` pairs (source words, target words), both annotated by the offline tagger."""
    from gecscope.align.cs.tagger import CzechTagger

    tagger = CzechTagger()
    corpus = sentences(shared)
    tagged = tagger.tag(corpus)
    tags = [[(w.form, w.lemma, w.upos) for w in s] for s in tagged]
    return perturbed_pairs(corpus, tagged, tags, Perturber(tags), tagger, seed, count)


def perturbed_pairs(
    corpus: Sequence[Tokens],
    tagged: Sequence[Any],
    tags: Sequence[Any],
    perturber: Any,
    tagger: Any,
    seed: int,
    count: int,
) -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """``count`` pairs (perturbed copy, sentence) of ``corpus`` sentences, both annotated:
    sentence ``i`` is drawn and perturbed one to three times by ``Random(f"{seed}:{i}")``."""
    chosen, sources = [], []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        k = rng.randrange(len(corpus))
        tokens = list(corpus[k])
        for _ in range(rng.choice((1, 1, 2, 2, 3))):
            operation = rng.choice(perturber.operations)
            if len(tokens) > 1:  # every operation can work on two tokens
                tokens = operation(tokens, tags[k], rng) or tokens
        chosen.append(k)
        sources.append(tokens)
    annotated = tagger.tag(sources)
    return [(tuple(annotated[i]), tuple(tagged[k])) for i, k in enumerate(chosen)]


def write_pairs(built: Sequence[tuple[Sequence[Any], Sequence[Any]]], out: Path) -> None:
    """``out/source.conllu`` and ``out/target.conllu`` of ``built`` pairs."""
    from gecscope.io.conllu import format_conllu

    out.mkdir(parents=True, exist_ok=True)
    with (
        open(out / "source.conllu", "w", encoding="utf-8") as src,
        open(out / "target.conllu", "w", encoding="utf-8") as tgt,
    ):
        for source, target in built:
            src.write(format_conllu(source))
            tgt.write(format_conllu(target))
    print(f"{len(built)} pairs in {out}", file=sys.stderr)


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
