"""The swapped --source/--hyp check (``gecscope.io.sanity``): right on good systems, silent on
weak ones, and firing on swapped copies; measured on every real system output in ../shared
(docs/inputs.md, "A swapped source and hypothesis", has the table)."""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.io.m2 import read_m2
from gecscope.io.sanity import Z_WARN, SwapTally, swap_tally
from gecscope.types import Example, Target

Lines = list[tuple[str, ...]]


def _examples(
    source: Sequence[Sequence[str]], hyp: Sequence[Sequence[str]], refs: Sequence[Sequence[Sequence[str]]]
) -> list[Example]:
    return [
        Example(tuple(s), Target(tuple(h)), tuple(Target(tuple(r)) for r in rs), str(i))
        for i, (s, h, rs) in enumerate(zip(source, hyp, refs, strict=True))
    ]


#: words a learner leaves out and the references put back
LEFT_OUT = ("the", "a", "to", "of", ",", "is", "in", "on", "for", "and", "at", "it")


def _learners(n: int, seed: int = 0) -> tuple[Lines, list[list[tuple[str, ...]]]]:
    """``n`` sentences and their references: a learner leaves out a word of :data:`LEFT_OUT`
    (seven sentences in ten), which the references put back."""
    rng = random.Random(seed)
    content = ["cat", "dog", "sat", "mat", "ran", "home", "see", "walk", "big", "red"]
    sources, refs = [], []
    for _ in range(n):
        ref = [rng.choice(content) for _ in range(4)]
        for word in rng.sample(LEFT_OUT, 3):
            ref.insert(rng.randrange(len(ref) + 1), word)
        src = list(ref)
        if rng.random() < 0.7:
            src.remove(rng.choice([w for w in ref if w in LEFT_OUT]))
        sources.append(tuple(src))
        refs.append([tuple(ref), tuple(ref)])
    return sources, refs


def _system(sources: Lines, refs: list[list[tuple[str, ...]]], hit: float, seed: int = 1) -> Lines:
    """A system that corrects a sentence fully with probability ``hit``, else leaves it."""
    rng = random.Random(seed)
    return [r[0] if rng.random() < hit else s for s, r in zip(sources, refs, strict=True)]


def test_a_good_system_is_no_swap_and_its_swap_is() -> None:
    sources, refs = _learners(300)
    hyp = _system(sources, refs, 0.8)
    assert swap_tally(_examples(sources, hyp, refs)).warning() is None  # the old check warned here
    warning = swap_tally(_examples(hyp, sources, refs)).warning()
    assert warning and "are --source and --hyp swapped?" in warning and "\n" not in warning


def test_a_weak_system_is_no_swap() -> None:
    # it corrects 20 sentences and spoils 20 correct ones (drops the words learners leave out):
    # the changes go as often against the references as with them, no evidence either way
    sources, refs = _learners(300)
    hyp = list(sources)
    correct = [i for i, (s, r) in enumerate(zip(sources, refs, strict=True)) if s == r[0]]
    right = [i for i, (s, r) in enumerate(zip(sources, refs, strict=True)) if s != r[0]][:20]
    for r in right:
        hyp[r] = refs[r][0]  # the word the learner left out, put back ...
        (word,) = Counter(refs[r][0]) - Counter(sources[r])
        w = next(i for i in correct if word in sources[i])  # ... and dropped from a correct sentence
        correct.remove(w)
        spoilt = list(sources[w])
        spoilt.remove(word)
        hyp[w] = tuple(spoilt)
    assert Counter(w for s, h in zip(sources, hyp, strict=True) for w in Counter(h) - Counter(s)) == Counter(
        w for s, h in zip(sources, hyp, strict=True) for w in Counter(s) - Counter(h)
    )  # every word added as often as removed
    assert swap_tally(_examples(sources, hyp, refs)).warning() is None
    assert swap_tally(_examples(hyp, sources, refs)).warning() is None


def test_identical_files_and_no_references_say_nothing() -> None:
    sources, refs = _learners(50)
    assert swap_tally(_examples(sources, sources, refs)).warning() is None
    assert swap_tally(_examples(sources, _system(sources, refs, 0.9), [[] for _ in sources])).warning() is None
    assert SwapTally().warning() is None and SwapTally().z() == 0.0


def test_case_alone_is_no_change() -> None:
    sources, refs = _learners(100)
    upper = [tuple(w.upper() for w in s) for s in sources]
    tally = swap_tally(_examples(sources, upper, refs))
    assert tally.changed == 0 and tally.warning() is None


def test_tallies_add_up_over_shards() -> None:
    sources, refs = _learners(200)
    hyp = _system(sources, refs, 0.7)
    whole = _examples(hyp, sources, refs)
    total = SwapTally()
    for start in range(0, len(whole), 7):
        total += swap_tally(whole[start : start + 7])
    assert total == swap_tally(whole) and total.lines == 200
    assert total.warning() == swap_tally(whole).warning() is not None


# ---- every real system output in ../shared ---------------------------------------------------


def _text(path: Path) -> Lines:
    return [tuple(line.split()) for line in path.read_text(encoding="utf-8").splitlines()]


def _chars(line: str) -> tuple[str, ...]:
    return tuple(c for c in line if not c.isspace())


def _systems() -> Iterator[tuple[str, Lines, Lines, list[list[tuple[str, ...]]]]]:
    """(name, source, system output, references) for every system output in ../shared that has
    references there (the NELB outputs on AKCES, Falko-MERLIN, GECCC and W&I have none)."""
    conll = DATA / "conll14"
    source = _text(conll / "sources.txt")
    refs = [list(r) for r in zip(_text(conll / "REF0.txt"), _text(conll / "REF1.txt"), strict=True)]
    for path in sorted((conll / "systems").glob("*.txt")):
        yield f"CoNLL-14 {path.stem}", source, _text(path), refs
    for path in sorted((DATA / "seeda" / "outputs" / "all").glob("*.txt")):
        yield f"SEEDA {path.stem}", source, _text(path), refs
    for split in ("dev", "test"):
        folder = DATA / "multilingual" / "jfleg" / split
        src = _text(folder / f"{split}.src")
        jrefs = [_text(folder / f"{split}.ref{k}") for k in range(4)]
        yield (
            f"JFLEG {split} spellchecked",
            src,
            _text(folder / f"{split}.spellchecked.src"),
            [list(r) for r in zip(*jrefs, strict=True)],
        )
        for k in range(4):  # each reference as a system, against the other three
            others = [list(r) for r in zip(*(jrefs[:k] + jrefs[k + 1 :]), strict=True)]
            yield f"JFLEG {split} ref{k}", src, jrefs[k], others
    for folder in ("cherrant_demo", "mucgec_dev"):  # --lang zh: one token per character
        rows = [line.split("\t") for line in (DATA / "zh" / folder / "references.tsv").read_text("utf-8").splitlines()]
        src = [_chars(r[1]) for r in rows]
        zrefs = [[_chars(r[1] if x == "没有错误" else x) for x in r[2:] if x != "无法标注"] for r in rows]
        for path in sorted((DATA / "zh" / folder / "systems").glob("*.txt")):
            yield f"zh {folder} {path.stem}", src, [_chars(x) for x in path.read_text("utf-8").splitlines()], zrefs
    if importlib.util.find_spec("syntok") is None:
        return  # NELB's output is detokenised: syntok (the multigec extra) tokenises all three
    from gecscope.align.tokenizer_specs import syntok_line

    tokens = syntok_line()

    def tok(lines: Sequence[Sequence[str]]) -> Lines:
        return [tuple(tokens(" ".join(line)).split()) for line in lines]

    nelb = DATA / "multilingual" / "estgec" / "GEC_systems" / "nelb"
    yield (
        "CoNLL-14 NELB",
        tok(source),
        tok(_text(nelb / "en-et-de-cs-nelb-1.3b-conll.txt")),
        [[*map(tuple, tok(r))] for r in refs],
    )
    blocks = read_m2(DATA / "multilingual" / "estgec-l2" / "test" / "source_gold_test.txt", overlaps=True)
    yield (
        "EstGEC-L2 NELB",
        tok([b.source for b in blocks]),
        tok(_text(nelb / "en-et-de-cs-nelb-1.3b-estgec-l2.txt")),
        [list(map(tuple, tok([t.tokens for t in b.targets]))) for b in blocks],
    )


#: the systems whose swapped copy the check catches (docs/inputs.md); the others change too
#: little, or as often against the references as with them, to tell which file is the source
CAUGHT = {
    *(f"CoNLL-14 {s}" for s in ("CAMB", "CUUI", "IITB", "SJTU", "NELB")),
    "EstGEC-L2 NELB",
    *(f"SEEDA {s}" for s in ("BART", "BERT-fuse", "GECToR-BERT", "GECToR-ens", "LM-Critic", "PIE", "REF-F")),
    *(f"SEEDA {s}" for s in ("REF-M", "Riken-Tohoku", "T5", "TransGEC", "UEDIN-MS")),
    *(f"JFLEG {split} ref{k}" for split in ("dev", "test") for k in range(4)),
}
#: the systems whose output needs syntok (the multigec extra) to be tokenised as their references
SYNTOK = {"CoNLL-14 NELB", "EstGEC-L2 NELB"}


@pytest.mark.conformance
@pytest.mark.shared
def test_no_false_alarm_on_any_real_system_and_swaps_caught() -> None:
    require_shared()
    false_alarms, caught, seen = [], set(), 0
    for name, source, hyp, refs in _systems():
        seen += 1
        if swap_tally(_examples(source, hyp, refs)).warning():
            false_alarms.append(name)
        swapped = swap_tally(_examples(hyp, source, refs))
        if swapped.warning():
            caught.add(name)
            assert swapped.z() <= -Z_WARN
    assert seen >= 40
    assert false_alarms == []
    assert caught == (CAUGHT if importlib.util.find_spec("syntok") else CAUGHT - SYNTOK)
