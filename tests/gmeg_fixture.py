"""A small GMEG-shaped data set with synthetic sentences (no GMEG text), written at test time.

Layout as grammarly/GMEG publishes it under ``DIR/gmeg/data/{test,dev}/``: per domain ``source``,
the six system outputs, ``ref0``..``ref3``, ``source+error``, ``DOMAIN-corpus-scores.csv`` and
``DOMAIN-segment-scores.csv``; Yahoo's texts go to a separate folder (as the user would receive them).
"""

from __future__ import annotations

import random
from pathlib import Path

from gecscope.meta.data.gmeg import GMEG_SYSTEMS

#: slots: (erroneous, corrected[, another correction]); a slot with one form is never wrong
TEMPLATES: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("She",), ("go", "goes"), ("to",), ("school", "school"), ("every",), ("days", "day"), (".",)),
    (("They",), ("has", "have"), ("a",), ("big",), ("houses", "house"), ("near",), ("the",), ("river",), (".",)),
    (("I",), ("am",), ("agree", "agree"), ("with",), ("you",), ("in", "on"), ("this",), ("point",), (".",)),
    (("He",), ("do", "does"), ("not",), ("like",), ("an", "a"), ("cold",), ("weather", "weather"), (".",)),
    (("We",), ("was", "were"), ("happy",), ("to",), ("see", "see"), ("they", "them", "our friends"), (".",)),
    (("The",), ("childs", "children"), ("plays", "play"), ("in",), ("the",), ("park",), (".",)),
    (("My",), ("sister",), ("have", "has"), ("two",), ("cat", "cats"), ("and",), ("a",), ("dog",), (".",)),
    (("It",), ("is",), ("more", "more"), ("easy", "easier", "simpler"), ("than",), ("before",), (".",)),
    (("You",), ("should",), ("to", ""), ("call",), ("you", "your"), ("mother",), ("today",), (".",)),
    (("There",), ("is", "are"), ("many",), ("peoples", "people"), ("in",), ("this",), ("city",), (".",)),
    (("Yesterday",), ("I",), ("buy", "bought"), ("some",), ("breads", "bread"), ("at",), ("the",), ("shop",), (".",)),
    (("Music",), ("make", "makes"), ("me",), ("feel",), ("more",), ("better", "good"), (".",)),
)
#: chance that each system fixes an erroneous slot (the human ratings follow it, with noise)
SKILL = {"amu": 0.3, "lstm": 0.6, "lstm-r": 0.65, "marian": 0.8, "nus": 0.45, "transformer": 0.55}


def _sentence(template: tuple[tuple[str, ...], ...], pick: list[int]) -> str:
    return " ".join(w for slot, k in zip(template, pick, strict=True) for w in [slot[min(k, len(slot) - 1)]] if w)


def write_domain(folder: Path, scores_dir: Path, domain: str, seed: int, sentences: int = 12) -> None:
    """One domain's texts under ``folder`` and its score files under ``scores_dir``."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    scores_dir.mkdir(parents=True, exist_ok=True)
    rows = [TEMPLATES[(i + seed) % len(TEMPLATES)] for i in range(sentences)]
    texts: dict[str, list[str]] = {"source": [_sentence(t, [0] * len(t)) for t in rows]}
    texts["source+error"] = [s.replace(" .", " , .") for s in texts["source"]]
    for k in range(4):  # ref2 takes the other correction where a slot has one
        texts[f"ref{k}"] = [_sentence(t, [2 if k == 2 else 1] * len(t)) for t in rows]
    ratings: dict[str, list[float]] = {}
    for system in GMEG_SYSTEMS:
        out, rate = [], []
        for t in rows:
            pick = [1 if rng.random() < SKILL[system] else 0 for _ in t]
            out.append(_sentence(t, pick))
            errors = sum(1 for slot, k in zip(t, pick, strict=True) if len(slot) > 1 and k == 0 and slot[0] != slot[1])
            rate.append(round(95 - 12 * errors + rng.uniform(-4, 4), 3))
        texts[system] = out
        ratings[system] = rate
    ratings["ref"] = [round(93 + rng.uniform(-3, 3), 3) for _ in rows]
    ratings["source"] = [round(60 + rng.uniform(-5, 5), 3) for _ in rows]
    for name, lines in texts.items():
        (folder / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    order = ["amu", "marian", "nus", "lstm", "lstm-r", "ref", "source", "transformer"]  # GMEG's column order
    unrated = {3 % len(rows)}  # a sentence nobody rated: an empty row, as in the published files
    rated = [i for i in range(len(rows)) if i not in unrated]
    corpus = ["system,score", *(f"{s},{sum(ratings[s][i] for i in rated) / len(rated)!r}" for s in order)]
    (scores_dir / f"{domain}-corpus-scores.csv").write_text("\n".join(corpus) + "\n", encoding="utf-8")
    segment = [",".join(order)]
    segment += [
        "," * (len(order) - 1) if i in unrated else ",".join(repr(ratings[s][i]) for s in order)
        for i in range(len(rows))
    ]
    (scores_dir / f"{domain}-segment-scores.csv").write_text("\n".join(segment) + "\n", encoding="utf-8")


def write_gmeg(data: Path, yahoo: Path | None = None, sentences: int = 12) -> Path:
    """The fixture under ``data/gmeg/data``; Yahoo's texts under ``yahoo/{split}/yahoo`` (scores in
    the repository's folder, as published) when ``yahoo`` is given. Returns ``data``."""
    root = data / "gmeg" / "data"
    for s, split in enumerate(("test", "dev")):
        for d, domain in enumerate(("fce", "wiki")):
            write_domain(root / split / domain, root / split, domain, 10 * s + d, sentences)
        if yahoo is not None:
            write_domain(yahoo / split / "yahoo", root / split, "yahoo", 10 * s + 7, sentences)
    return data
