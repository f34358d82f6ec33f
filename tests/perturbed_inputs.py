"""Inputs with known error types, built from NELB's Czech and German outputs (../shared, MIT) at
test time, never stored: AKCES-GEC's and Falko-MERLIN's sources and references are licence-gated,
so each NELB output sentence (syntok-tokenised, as MultiGEC does) is the *reference*, and the
*source* is a seeded, perturbed copy of it (issue 32: inflection, word order, insertions,
deletions, spelling; case and punctuation besides). The "systems" undo some kinds of perturbation
and keep the others, so the per-type view of a report must show where each one wins and loses.

Perturbations (at most one per token, never on neighbouring tokens, so each is one edit):

* ``spell``: two inner letters of a word of 4+ letters swapped (tag-free type ``SPELL``);
* ``case``: a word's first letter in the other case (``ORTH``);
* ``morph``: a word replaced by another form of its lemma seen in the same file (simplemma;
  ``MORPH``);
* ``wo``: two neighbouring words swapped (``WO``);
* ``punct``: a punctuation token removed (``PUNCT``);
* ``missing``: a word removed from the source (the reference inserts it: ``M:OTHER``);
* ``extra``: a word doubled in the source (the reference deletes it: ``U:OTHER``).

``python tests/perturbed_inputs.py OUT [SHARED]`` writes ``OUT/{cs,de}/{source,ref,SYSTEM}.txt``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

NELB = Path("data") / "multilingual" / "estgec" / "GEC_systems" / "nelb"
#: the NELB output each language's inputs are built from
FILES = {"cs": "en-et-de-cs-nelb-1.3b-akces.txt", "de": "en-et-de-cs-nelb-1.3b-fm.txt"}
KINDS = ("spell", "case", "morph", "wo", "punct", "missing", "extra")
#: system name -> the kinds it corrects (the others stay as in the source)
SYSTEMS = {
    "fixes-all": KINDS,
    "fixes-spelling": ("spell", "case", "punct"),
    "fixes-grammar": ("morph", "wo", "missing", "extra"),
}
#: the chance that a token is perturbed
RATE = 0.12

Op = tuple[str, int, tuple[str, ...]]  # kind, first token, what the token (or the pair) becomes


def tokenise(lines: Iterable[str]) -> list[list[str]]:
    """syntok's tokens of each line, as MultiGEC's script joins them."""
    from syntok.tokenizer import Tokenizer

    tok = Tokenizer()
    return [[str(t).strip() for t in tok.tokenize(line)] for line in lines]


def word(token: str) -> bool:
    return token.isalpha()


def forms_by_lemma(sentences: Sequence[Sequence[str]], lang: str) -> dict[str, list[str]]:
    """Lower-case known words of ``sentences`` grouped by simplemma lemma (two forms or more)."""
    import simplemma

    groups: dict[str, set[str]] = {}
    for tokens in sentences:
        for t in tokens:
            w = t.lower()
            if word(w) and simplemma.is_known(w, lang=lang):
                groups.setdefault(str(simplemma.lemmatize(w, lang=lang)).lower(), set()).add(w)
    return {lemma: sorted(f) for lemma, f in groups.items() if len(f) > 1}


def op_at(kind: str, tokens: Sequence[str], i: int, rng: random.Random, lemma_of: dict[str, list[str]]) -> Op | None:
    """The perturbation ``kind`` at token ``i`` (None where it does not apply)."""
    t = tokens[i]
    if kind == "spell" and word(t) and len(t) >= 4:
        j = rng.randrange(1, len(t) - 2)
        swapped = t[:j] + t[j + 1] + t[j] + t[j + 2 :]
        return (kind, i, (swapped,)) if swapped != t else None
    if kind == "case" and word(t):
        return kind, i, (t[0].swapcase() + t[1:],)
    if kind == "morph" and word(t) and t.lower() in lemma_of:
        others = [f for f in lemma_of[t.lower()] if f != t.lower()]
        return (kind, i, (rng.choice(others),)) if others else None
    if kind == "wo" and i + 1 < len(tokens) and word(t) and word(tokens[i + 1]) and t.lower() != tokens[i + 1].lower():
        return kind, i, (tokens[i + 1], t)
    if kind == "punct" and t in {",", ";", ":", "-"}:
        return kind, i, ()
    if kind == "missing" and word(t) and len(tokens) > 3:
        return kind, i, ()
    if kind == "extra" and word(t):
        return kind, i, (t, t)
    return None


def perturbations(tokens: Sequence[str], rng: random.Random, lemma_of: dict[str, list[str]]) -> list[Op]:
    """Seeded, non-overlapping perturbations of one sentence (tokens two apart at least)."""
    ops: list[Op] = []
    taken = -3
    for i in range(len(tokens)):
        if i <= taken + 2 or rng.random() >= RATE:
            continue
        op = op_at(rng.choice(KINDS), tokens, i, rng, lemma_of)
        if op is not None:
            ops.append(op)
            taken = i + (1 if op[0] == "wo" else 0)
    return ops


def apply(tokens: Sequence[str], ops: Iterable[Op]) -> list[str]:
    """``tokens`` with ``ops`` applied (each replaces its token, or its pair for ``wo``)."""
    slots: list[tuple[str, ...]] = [(t,) for t in tokens]
    for kind, i, new in ops:
        if kind == "wo":
            slots[i], slots[i + 1] = (new[0],), (new[1],)
        else:
            slots[i] = new
    return [t for slot in slots for t in slot]


def build(lang: str, shared: Path, limit: int | None = None, seed: int = 32) -> dict[str, list[str]]:
    """``source``, ``ref`` and every system of :data:`SYSTEMS` (plus ``INPUT``, the source) as
    lines, from the first ``limit`` non-empty lines of NELB's ``lang`` output."""
    lines = [line for line in (shared / NELB / FILES[lang]).read_text(encoding="utf-8").splitlines() if line.strip()]
    sentences = tokenise(lines[:limit])
    lemma_of = forms_by_lemma(sentences, lang)
    rng = random.Random(seed)
    out: dict[str, list[str]] = {"source": [], "ref": [], **{name: [] for name in SYSTEMS}}
    for tokens in sentences:
        ops = perturbations(tokens, rng, lemma_of)
        out["source"].append(" ".join(apply(tokens, ops)))
        out["ref"].append(" ".join(tokens))
        for name, fixed in SYSTEMS.items():
            out[name].append(" ".join(apply(tokens, [op for op in ops if op[0] not in fixed])))
    out["INPUT"] = list(out["source"])
    return out


def write_inputs(shared: Path, out: Path, limit: int | None = None) -> None:
    for lang in FILES:
        (out / lang).mkdir(parents=True, exist_ok=True)
        for name, lines in build(lang, shared, limit).items():
            (out / lang / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_inputs(
        Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "shared", Path(sys.argv[1])
    )
