"""Build the QALB-scorer oracle cases (synthetic Arabic and Latin text written here; no QALB or
ZAEBUC data) and run the official scorers on each (see README.md)::

    python tests/golden/qalb/make_cases.py ARABIC_GEC PYTHON39

``ARABIC_GEC``: a checkout of CAMeL-Lab/arabic-gec @ 8c7fb84; ``PYTHON39``: a Python 3.9 with
camel-tools (1.5.3, ``--no-deps``) and emoji, which runs the repository's ``pnx_tokenize`` and
``remove_pnx`` for the no-punctuation cases. Python 2.7 runs the QALB scorer
(``data/gec/QALB-0.9.1-Dec03-2021-SharedTasks/m2Scripts/m2scorer.py``) and, for comparison, the
NUS M2 scorer with the 2016 lattice fix that the repository ships (``alignment/evaluate/m2scorer``).
Writes ``cases.json``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY27 = str(Path("~/.pyenv/versions/2.7.18/bin/python").expanduser())
QALB = "data/gec/QALB-0.9.1-Dec03-2021-SharedTasks/m2Scripts/m2scorer.py"
FIXED = "alignment/evaluate/m2scorer/scripts/m2scorer.py"
WORDS = [
    "في",
    "من",
    "على",
    "إلى",
    "الكتاب",
    "كتب",
    "المدرسة",
    "ذهب",
    "الطالب",
    "جميل",
    "كبير",
    "قال",
    "هذا",
    "التي",
    "الذين",
]
LATIN = ["camel", "map", "test", "word", "hello", "pam", "sun", "road"]
PUNCT = [".", "،", ",", "؟", "!", "(", ")", "3.5", "1,000", "٣٫٥", "-", "&", ";"]
NOPNX_WORDS = [*WORDS[:12], "test", "word", "hello", "sun"]


def tokens(rng: random.Random, n: int, vocab: list[str]) -> list[str]:
    return [rng.choice(vocab) for _ in range(n)]


def annotator_edits(
    rng: random.Random, src: list[str], vocab: list[str], first: bool
) -> list[tuple[int, int, list[str]]]:
    """Non-overlapping edits (start, end, correction tokens); ``first``: may insert 2-3 tokens before word 0."""
    edits, i = [], 0
    if first and rng.random() < 0.5:
        edits.append((0, 0, tokens(rng, rng.randint(2, 3), vocab)))
    while i < len(src):
        r = rng.random()
        if r < 0.15:
            edits.append((i, i + 1, [rng.choice(vocab)]))
            i += 1
        elif r < 0.22:
            edits.append((i, i + 1, []))
            i += 1
        elif r < 0.3 and i > 0:
            edits.append((i, i, tokens(rng, rng.randint(1, 2), vocab)))
            i += 1
        elif r < 0.35 and i + 2 <= len(src):
            edits.append((i, i + 2, tokens(rng, rng.randint(1, 3), vocab)))
            i += 2
        else:
            i += 1
    return edits


def corrected(src: list[str], edits: list[tuple[int, int, list[str]]]) -> list[str]:
    out, at = [], 0
    for s, e, c in edits:
        out += src[at:s] + c
        at = e
    return out + src[at:]


def block(src: list[str], annotators: list[list[tuple[int, int, list[str]]]], rng: random.Random) -> str:
    lines = ["S " + " ".join(src)]
    for k, edits in enumerate(annotators):
        if not edits:
            lines.append(f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{k}")
        for s, e, c in edits:
            corr = " ".join(c) or "-NONE-"
            if c and rng.random() < 0.1:
                corr += "||" + rng.choice(WORDS)  # an alternative correction
            lines.append(f"A {s} {e}|||Edit|||{corr}|||REQUIRED|||-NONE-|||{k}")
    return "\n".join(lines) + "\n"


def hypothesis(rng: random.Random, src: list[str], annotators: list, vocab: list[str]) -> list[str]:
    r = rng.random()
    if r < 0.3:
        return corrected(src, annotators[0])
    if r < 0.45:
        return corrected(src, [e for e in annotators[0] if rng.random() < 0.5])
    if r < 0.55:
        return tokens(rng, rng.randint(2, 3), vocab) + src  # several tokens before the first word
    if r < 0.65:
        return list(src)
    hyp = list(src)
    for _ in range(rng.randint(1, 3)):
        k = rng.randrange(len(hyp) + 1)
        op = rng.random()
        if op < 0.4 and k < len(hyp):
            hyp[k] = rng.choice(vocab)
        elif op < 0.7 and k < len(hyp):
            del hyp[k]
        else:
            hyp.insert(k, rng.choice(vocab))
    return hyp or [rng.choice(vocab)]


def make(seed: int, nopnx: bool) -> tuple[str, list[str]]:
    rng = random.Random(f"qalb-{seed}-{nopnx}")
    gold_vocab = NOPNX_WORDS if nopnx else WORDS + LATIN + PUNCT
    hyp_vocab = gold_vocab + (PUNCT + LATIN if nopnx else [])
    m2, hyps = [], []
    for _ in range(rng.randint(1, 4)):
        src = tokens(rng, rng.randint(3, 12), gold_vocab)
        annotators = [annotator_edits(rng, src, gold_vocab, True) for _ in range(rng.choice([1, 1, 2, 3]))]
        m2.append(block(src, annotators, rng))
        hyps.append(" ".join(hypothesis(rng, src, annotators, hyp_vocab)))
    return "\n".join(m2) + "\n", hyps


#: the case of the issue: a hypothesis inserting two and three tokens before the first word
INSERTIONS = (
    "S the cat sat on the mat .\n"
    "A 0 0|||Insert|||Indeed ,|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||Edit|||sits|||REQUIRED|||-NONE-|||0\n"
    "A 5 6|||Edit|||rug|||REQUIRED|||-NONE-|||0\n\n"
    "S dogs bark loud .\n"
    "A 0 0|||Insert|||In the night|||REQUIRED|||-NONE-|||0\n"
    "A 0 1|||Edit|||the dogs|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||Edit|||loudly|||REQUIRED|||-NONE-|||0\n\n"
    "S we go home\n"
    "A 0 1|||Edit|||We|||REQUIRED|||-NONE-|||0\n"
    "A 1 2|||Edit|||went|||REQUIRED|||-NONE-|||0\n"
    "A 3 3|||Insert|||.|||REQUIRED|||-NONE-|||0\n\n"
    "S a b c d\n"
    "A 0 1|||Edit|||A|||REQUIRED|||-NONE-|||0\n"
    "A 1 2|||Edit|||B|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||Edit|||C|||REQUIRED|||-NONE-|||0\n"
    "A 3 4|||Edit|||D|||REQUIRED|||-NONE-|||0\n"
    "A 4 4|||Insert|||.|||REQUIRED|||-NONE-|||0\n",
    [
        "Indeed , the cat sits on the mat .",
        "In the night the dogs bark loudly .",
        "We went home .",
        "A B C D .",
    ],
)


#: a sentence whose annotator depends on beta: beta 1 picks annotator 0, beta 0.5 annotator 1
CHOICE = (
    "S a b c d e f\n"
    "A 0 1|||Edit|||A|||REQUIRED|||-NONE-|||0\n"
    "A 0 1|||Edit|||A|||REQUIRED|||-NONE-|||1\n"
    "A 1 2|||Edit|||B|||REQUIRED|||-NONE-|||1\n"
    "A 2 3|||Edit|||C|||REQUIRED|||-NONE-|||1\n"
    "A 3 4|||Edit|||D|||REQUIRED|||-NONE-|||1\n"
    "A 4 5|||Edit|||E|||REQUIRED|||-NONE-|||1\n",
    ["A B c d e f"],
)


def run(checkout: Path, script: str, hyp: list[str], m2: str, extra: tuple[str, ...] = ()) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hyp").write_text("".join(h + "\n" for h in hyp), encoding="utf-8")
        (Path(tmp) / "gold").write_text(m2, encoding="utf-8")
        done = subprocess.run(
            [PY27, str(checkout / script), *extra, f"{tmp}/hyp", f"{tmp}/gold"],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout


def stripped(python39: str, checkout: Path, hyp: list[str]) -> list[str]:
    code = (
        "import sys, json; sys.path.insert(0, sys.argv[1]); from postprocess import pnx_tokenize, remove_pnx; "
        "print(json.dumps(remove_pnx(pnx_tokenize(json.load(sys.stdin)))))"
    )
    done = subprocess.run(
        [python39, "-c", code, str(checkout / "gec/utils")],
        input=json.dumps(hyp),
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(done.stdout))


def main(checkout_dir: str, python39: str) -> None:
    checkout = Path(checkout_dir)
    cases = []
    m2, hyp = INSERTIONS
    cases.append(
        {
            "name": "insertions-before-the-first-word",
            "m2": m2,
            "hyp": hyp,
            "punctuation": "keep",
            "stdout": run(checkout, QALB, hyp, m2),
            "fixed_m2_beta1_stdout": run(checkout, FIXED, hyp, m2, ("--beta", "1.0")),
        }
    )
    m2, hyp = CHOICE
    cases.append(
        {
            "name": "annotator-choice",
            "m2": m2,
            "hyp": hyp,
            "punctuation": "keep",
            "stdout": run(checkout, QALB, hyp, m2),
            "fixed_m2_beta05_stdout": run(checkout, FIXED, hyp, m2, ("--beta", "0.5")),
        }
    )
    for seed in range(60):
        nopnx = seed >= 45
        m2, hyp = make(seed, nopnx)
        scored = stripped(python39, checkout, hyp) if nopnx else hyp
        case = {
            "name": f"random-{seed}",
            "m2": m2,
            "hyp": hyp,
            "punctuation": "strip" if nopnx else "keep",
            "stdout": run(checkout, QALB, scored, m2),
        }
        if nopnx:
            case["stripped_hyp"] = scored
        cases.append(case)
    command = (
        "python tests/golden/qalb/make_cases.py arabic-gec venv39/bin/python  "
        "# CAMeL-Lab/arabic-gec @ 8c7fb84; Python 2.7.18 runs the scorers, 3.9.18 + camel-tools 1.5.3 strips"
    )
    out = {"command": command, "cases": cases}
    (HERE / "cases.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
