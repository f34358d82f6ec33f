"""Build the lattice oracle cases (``ties.json``): short synthetic sentences (Latin letters and
punctuation written here; no QALB or ZAEBUC data) on which the M2 scorer's path depends on the
order of its edge list, and what the scorer makes of each::

    python tests/golden/qalb/make_ties.py ARABIC_GEC

``ARABIC_GEC``: a checkout of CAMeL-Lab/arabic-gec @ 8c7fb84. Python 2.7 runs the QALB scorer
(``data/gec/QALB-0.9.1-Dec03-2021-SharedTasks/m2Scripts``): ``m2scorer.py`` on all the cases
(its four lines) and, per sentence, the functions ``m2scorer.py`` calls (``levenshtein_matrix``
twice, ``edit_graph``, ``merge_graph``, ``transitive_arcs``, ``set_weights``,
``best_edit_seq_bf``, ``matchSeq``), printing the length of its edge list, its edit sequence and
its count of correct edits.

A case is kept when the scorer's path is not the one a search keeping the first of equally cheap
predecessors in sorted order finds (``tie``), or when its edge list keeps a noop merge, which a
list removed while walked leaves in place (``noop-kept``).
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
SCRIPTS = "data/gec/QALB-0.9.1-Dec03-2021-SharedTasks/m2Scripts"
VOCAB = ["a", "b", "c", ",", "."]
SEEDS = range(1, 9)
PER_SEED = 1000
WANT = {"tie": 12, "noop-kept": 4}

#: runs the scorer's own functions on each (source, hypothesis, gold) of standard input
PROBE = r"""
import sys, json
sys.path.insert(0, sys.argv[1])
import levenshtein as L
out = []
for src, hyp, gold in json.load(sys.stdin):
    gold = [(s, e, o, c) for s, e, o, c in gold]
    st, ct = src.split(), hyp.split()
    l1, b1 = L.levenshtein_matrix(st, ct, 1, 1, 1)
    l2, b2 = L.levenshtein_matrix(st, ct, 1, 1, 2)
    g1, g2 = L.edit_graph(l1, b1), L.edit_graph(l2, b2)
    V, E, dist, edits = L.merge_graph(g1[0], g2[0], g1[1], g2[1], g1[2], g2[2], g1[3], g2[3])
    V, E, dist, edits = L.transitive_arcs(V, E, dist, edits, 2)
    seq = L.best_edit_seq_bf(V, E, L.set_weights(E, dist, edits, gold), edits)
    kept = len([x for x in E if x in edits and edits[x][0] == 'noop' and dist[x] > 1])
    out.append({"edges": len(E), "noop_kept": kept, "path": [list(x) for x in reversed(seq)],
                "correct": len(L.matchSeq(seq, gold))})
print(json.dumps(out))
"""


def apply(src: list[str], edits: list[tuple[int, int, list[str]]]) -> list[str]:
    out, at = [], 0
    for s, e, c in edits:
        out += src[at:s] + c
        at = e
    return out + src[at:]


def case(rng: random.Random) -> tuple[list[str], list[str], list[tuple[int, int, list[str]]]]:
    """A source, a hypothesis making most of the gold edits (and maybe one token more), the gold."""
    src = [rng.choice(VOCAB) for _ in range(rng.randint(3, 12))]
    gold, i = [], 0
    while i < len(src):
        r = rng.random()
        if r < 0.2:
            gold.append((i, i + 1, [rng.choice(VOCAB)]))
            i += 1
        elif r < 0.3:
            gold.append((i, i + 1, []))
            i += 1
        elif r < 0.5 and i > 0:
            gold.append((i, i, [rng.choice(VOCAB) for _ in range(rng.randint(1, 2))]))
            i += 1
        elif r < 0.55 and i + 2 <= len(src):
            gold.append((i, i + 2, [rng.choice(VOCAB) for _ in range(rng.randint(1, 3))]))
            i += 2
        else:
            i += 1
    gold = [g for g in gold if src[g[0] : g[1]] != g[2]]
    hyp = apply(src, [g for g in gold if rng.random() < 0.7])
    if rng.random() < 0.5:
        j = rng.randint(0, len(hyp))
        hyp = [*hyp[:j], rng.choice(VOCAB), *hyp[j:]]
    return src, hyp or ["a"], gold


def m2_block(src: list[str], gold: list[tuple[int, int, list[str]]]) -> str:
    lines = ["S " + " ".join(src)]
    lines += [f"A {s} {e}|||Edit|||{' '.join(c) or '-NONE-'}|||REQUIRED|||-NONE-|||0" for s, e, c in gold]
    return "\n".join(lines) + "\n"


def sorted_tie_break(src: list[str], hyp: list[str], gold: list) -> list[list]:  # type: ignore[type-arg]
    """The path when the first of equally cheap predecessors in sorted order is kept."""
    from gecscope.metrics.maxmatch import base_arcs, best_edits, build_lattice, edge_weights

    lat = build_lattice(2, base_arcs(src, hyp, "v3.2"))
    weight = edge_weights(lat, gold)
    lat.positions = {}  # a lattice without the scorer's edge list
    return [list(e) for e in best_edits(lat, weight)]


def probe(checkout: Path, items: list) -> list[dict]:  # type: ignore[type-arg]
    done = subprocess.run(
        [PY27, "-c", PROBE, str(checkout / SCRIPTS)],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main() -> None:
    checkout = Path(sys.argv[1]).resolve()
    chosen: list[dict] = []  # type: ignore[type-arg]
    count = dict.fromkeys(WANT, 0)
    for seed in SEEDS:
        rng = random.Random(f"ties-{seed}")
        drawn = [case(rng) for _ in range(PER_SEED)]
        drawn = [(s, h, g) for s, h, g in drawn if s != h]
        golds = [[(a, b, " ".join(s[a:b]), [" ".join(c)]) for a, b, c in g] for s, h, g in drawn]
        found = probe(
            checkout, [(" ".join(s), " ".join(h), gold) for (s, h, _), gold in zip(drawn, golds, strict=True)]
        )
        for (src, hyp, gold), gold4, got in zip(drawn, golds, found, strict=True):
            kind = None
            if got["path"] != sorted_tie_break(src, hyp, [(a, b, o, tuple(c)) for a, b, o, c in gold4]):
                kind = "tie"
            elif got["noop_kept"]:
                kind = "noop-kept"
            if kind and count[kind] < WANT[kind]:
                count[kind] += 1
                chosen.append({"kind": kind, "m2": m2_block(src, gold), "hyp": " ".join(hyp), **got})
        if count == WANT:
            break
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hyp").write_text("".join(c["hyp"] + "\n" for c in chosen), encoding="utf-8")
        (Path(tmp) / "gold").write_text("\n".join(c["m2"] for c in chosen), encoding="utf-8")
        stdout = subprocess.run(
            [PY27, str(checkout / SCRIPTS / "m2scorer.py"), f"{tmp}/hyp", f"{tmp}/gold"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    out = {
        "command": "python tests/golden/qalb/make_ties.py arabic-gec  # CAMeL-Lab/arabic-gec @ 8c7fb84; "
        "Python 2.7.18 runs the QALB scorer's m2Scripts",
        "stdout": stdout,
        "cases": chosen,
    }
    (HERE / "ties.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(count, stdout)


if __name__ == "__main__":
    main()
