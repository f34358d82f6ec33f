"""Russian sentence pairs for the ru-errant conformance test. No Russian GEC corpus is in
../shared (MultiGEC-2025's Russian data comes only through the organisers' form), so the
sentences are made here: templates over a small hand-written vocabulary (subject, verb, object,
prepositional phrase, adverbs, clauses), inflected to agree by pymorphy3; each sentence is the
correction, and a perturbed copy of it the source (inflection: another form of a word's lexeme;
word order; insertions; deletions; spelling; case; whitespace; punctuation). Deterministic: pair
``i`` of seed ``s`` uses ``random.Random(f"{s}:{i}")``; both sides are annotated by the offline
tagger (pymorphy3), so the pairs are rebuilt at test time and never stored.

Write the two sides as CoNLL-U (for ru-errant, ``benchmarks/russian_oracle.py``)::

    python tests/russian_pairs.py --seed 32 --pairs 4000 --out /tmp/russian
    python tests/russian_pairs.py --seed 32 --pairs 4000 --backend natasha --out /tmp/russian-natasha
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from pathlib import Path

NOUNS = [
    "мама",
    "папа",
    "брат",
    "сестра",
    "друг",
    "подруга",
    "учитель",
    "студент",
    "девочка",
    "мальчик",
    "кошка",
    "собака",
    "город",
    "дом",
    "книга",
    "письмо",
    "окно",
    "стол",
    "машина",
    "школа",
    "работа",
    "задача",
    "вопрос",
    "ответ",
    "море",
    "река",
    "лес",
    "дерево",
    "улица",
    "площадь",
    "музей",
    "театр",
    "фильм",
    "песня",
    "газета",
    "журнал",
    "компьютер",
    "телефон",
    "день",
    "год",
    "неделя",
    "история",
]
ADJECTIVES = [
    "красивый",
    "большой",
    "маленький",
    "новый",
    "старый",
    "хороший",
    "плохой",
    "интересный",
    "трудный",
    "лёгкий",
    "быстрый",
    "медленный",
    "весёлый",
    "грустный",
    "умный",
    "добрый",
    "холодный",
    "тёплый",
    "длинный",
    "короткий",
]
VERBS = [
    "читать",
    "писать",
    "видеть",
    "любить",
    "знать",
    "делать",
    "смотреть",
    "слушать",
    "покупать",
    "продавать",
    "открыть",
    "закрыть",
    "найти",
    "потерять",
    "рисовать",
    "строить",
    "искать",
    "получить",
    "прочитать",
    "написать",
]
ADVERBS = [
    "быстро",
    "медленно",
    "очень",
    "всегда",
    "часто",
    "редко",
    "вчера",
    "сегодня",
    "завтра",
    "хорошо",
    "плохо",
    "уже",
    "ещё",
]
PLACES = (("в", "loct"), ("на", "loct"), ("о", "loct"), ("из", "gent"), ("с", "ablt"), ("к", "datv"))
CONJUNCTIONS = ("и", "но", "а", "потому что", "когда", "если")
PARTICLES = ("не", "же", "ли", "бы", "только")
MAX_TOKENS = 40

Tokens = list[str]


def inflect(word: str, grammemes: set[str]) -> str:
    """``word`` (a lemma) in the form with ``grammemes`` (the lemma when there is none)."""
    from gecscope.align.ru.tagger import analyser

    parse = analyser().parse(word)[0]
    form = parse.inflect(grammemes)
    return str(form.word) if form else word


def noun_phrase(rng: random.Random, case: str) -> Tokens:
    """An adjective (sometimes) and a noun agreeing in ``case``, number and gender."""
    from gecscope.align.ru.tagger import analyser

    noun, number = rng.choice(NOUNS), rng.choice(("sing", "sing", "plur"))
    words = [inflect(noun, {case, number})]
    if rng.random() < 0.5:
        gender = analyser().parse(noun)[0].tag.gender or "masc"
        grammemes = {case, number} | ({gender} if number == "sing" else set())
        if case == "accs" and "anim" in analyser().parse(noun)[0].tag.grammemes:
            grammemes.add("anim")
        words.insert(0, inflect(rng.choice(ADJECTIVES), grammemes))
    return words


def clause(rng: random.Random) -> Tokens:
    """One clause: subject, (adverb), verb in the past or present agreeing, object, place."""
    from gecscope.align.ru.tagger import analyser

    subject = noun_phrase(rng, "nomn")
    tag = analyser().parse(subject[-1])[0].tag
    number = tag.number or "sing"
    verb = rng.choice(VERBS)
    if rng.random() < 0.5 and "impf" in analyser().parse(verb)[0].tag.grammemes:
        grammemes = {"pres", "3per", number}
    else:
        grammemes = {"past", number} | ({tag.gender} if number == "sing" and tag.gender else set())
    words = [*subject]
    if rng.random() < 0.3:
        words.append(rng.choice(ADVERBS))
    if rng.random() < 0.15:
        words.append("не")
    words.append(inflect(verb, grammemes))
    words += noun_phrase(rng, "accs")
    if rng.random() < 0.4:
        preposition, case = rng.choice(PLACES)
        words += [preposition, *noun_phrase(rng, case)]
    return words


def sentence(rng: random.Random) -> Tokens:
    """One or two clauses, capitalised, with a final mark."""
    words = clause(rng)
    if rng.random() < 0.35:
        words += [",", *rng.choice(CONJUNCTIONS).split(), *clause(rng)]
    words[0] = words[0][:1].upper() + words[0][1:]
    return [*words, rng.choice((".", ".", ".", "!", "?"))]


def respell(word: str, rng: random.Random) -> str:
    """``word`` with one spelling change (a letter dropped, doubled, swapped or changed; е/ё)."""
    i = rng.randrange(len(word))
    kind = rng.randrange(5)
    if kind == 0 and len(word) > 2:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if kind == 2 and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 3 and ("е" in word or "ё" in word):
        return word.translate(str.maketrans("её", "ёе"))
    return word[:i] + rng.choice("аеиоуыяюэбвгджзклмнпрстфхцчшщ") + word[i + 1 :]


def inflect_any(tokens: Tokens, rng: random.Random) -> Tokens:
    """Another form of a word's lexeme."""
    from gecscope.align.ru.tagger import analyser

    words = [i for i, t in enumerate(tokens) if t.isalpha()]
    if not words:
        return tokens
    i = rng.choice(words)
    lexeme = [str(p.word) for p in analyser().parse(tokens[i].lower())[0].lexeme]
    others = sorted({f for f in lexeme if f != tokens[i].lower()})
    if not others:
        return tokens
    form = rng.choice(others)
    form = form[:1].upper() + form[1:] if tokens[i][:1].isupper() else form
    return [*tokens[:i], form, *tokens[i + 1 :]]


def swap(tokens: Tokens, rng: random.Random) -> Tokens:
    i = rng.randrange(len(tokens) - 1)
    return [*tokens[:i], tokens[i + 1], tokens[i], *tokens[i + 2 :]]


def move(tokens: Tokens, rng: random.Random) -> Tokens:
    i = rng.randrange(len(tokens))
    word, rest = tokens[i], tokens[:i] + tokens[i + 1 :]
    j = max(0, min(len(rest), i + rng.choice((-3, -2, 2, 3))))
    return [*rest[:j], word, *rest[j:]]


def insert(tokens: Tokens, rng: random.Random) -> Tokens:
    i = rng.randrange(len(tokens) + 1)
    pool = (ADVERBS, PARTICLES, CONJUNCTIONS, ("был", "была", "будет", "это", "этот", "мой", ","), tokens)
    word = rng.choice(rng.choice(pool))
    return [*tokens[:i], *word.split(), *tokens[i:]]


def delete(tokens: Tokens, rng: random.Random) -> Tokens:
    if len(tokens) < 3:
        return tokens
    i = rng.randrange(len(tokens))
    return tokens[:i] + tokens[i + 1 :]


def spell(tokens: Tokens, rng: random.Random) -> Tokens:
    words = [i for i, t in enumerate(tokens) if t.isalpha() and len(t) > 2]
    if not words:
        return tokens
    i = rng.choice(words)
    return [*tokens[:i], respell(tokens[i], rng), *tokens[i + 1 :]]


def case(tokens: Tokens, rng: random.Random) -> Tokens:
    i = rng.randrange(len(tokens))
    word = tokens[i]
    changed = word.upper() if rng.random() < 0.2 else word[:1].swapcase() + word[1:]
    return [*tokens[:i], changed, *tokens[i + 1 :]]


def split(tokens: Tokens, rng: random.Random) -> Tokens:
    words = [i for i, t in enumerate(tokens) if len(t) > 3]
    if not words:
        return tokens
    i = rng.choice(words)
    cut = rng.randrange(1, len(tokens[i]))
    return [*tokens[:i], tokens[i][:cut], tokens[i][cut:], *tokens[i + 1 :]]


def join(tokens: Tokens, rng: random.Random) -> Tokens:
    i = rng.randrange(len(tokens) - 1)
    return [*tokens[:i], tokens[i] + tokens[i + 1], *tokens[i + 2 :]]


def punctuate(tokens: Tokens, rng: random.Random) -> Tokens:
    marks = [i for i, t in enumerate(tokens) if t in (",", ".", "?", "!", "-", ":", ";")]
    if marks and rng.random() < 0.5:
        i = rng.choice(marks)
        return tokens[:i] + tokens[i + 1 :] if rng.random() < 0.5 else [*tokens[:i], ",", *tokens[i + 1 :]]
    i = rng.randrange(len(tokens) + 1)
    return [*tokens[:i], rng.choice((",", "-", '"', "«", "»")), *tokens[i:]]


OPERATIONS: tuple[Callable[[Tokens, random.Random], Tokens], ...] = (
    inflect_any, inflect_any, inflect_any, swap, move, insert, delete, spell, spell, case, split, join, punctuate,
)  # fmt: skip


def pairs(seed: int, count: int, backend: str = "pymorphy3") -> list[tuple[tuple[object, ...], tuple[object, ...]]]:
    """``count`` pairs (source words, target words), both annotated by the offline tagger
    (``backend``: pymorphy3 or natasha; the tokens do not depend on it)."""
    from gecscope.align.ru.tagger import RussianTagger

    sources, targets = [], []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        target = sentence(rng)[:MAX_TOKENS]
        tokens = list(target)
        for _ in range(rng.choice((1, 1, 2, 2, 3))):
            tokens = rng.choice(OPERATIONS)(tokens, rng) or tokens
        sources.append(tokens)
        targets.append(target)
    tagger = RussianTagger(backend)
    return list(zip(tagger.tag(sources), tagger.tag(targets), strict=True))


def main(argv: Sequence[str] | None = None) -> int:
    from czech_pairs import write_pairs

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--pairs", type=int, default=4000)
    parser.add_argument("--backend", default="pymorphy3", choices=("pymorphy3", "natasha"))
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    write_pairs(pairs(args.seed, args.pairs, args.backend), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
