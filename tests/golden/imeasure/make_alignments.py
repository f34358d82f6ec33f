# ruff: noqa  (Python 2.7, run beside the official scorer)
# Python 2.7: the oracle's three-way alignment (mfelice/imeasure align.py) of seeded random
# (source, hypothesis, reference) triples, each column counted as the paper counts it.
# Usage: PYTHONPATH=<imeasure checkout>:<numpy for py2> python2.7 make_alignments.py > alignments.json
import json
import random
import align

rng = random.Random(2015)
VOCAB = ["a", "b", "c", "d", "e"]


def mutate(tokens):
    out = list(tokens)
    for _ in range(rng.randint(0, 3)):
        op = rng.choice("sid")
        at = rng.randint(0, len(out))
        if op == "i":
            out.insert(at, rng.choice(VOCAB))
        elif out and at < len(out):
            if op == "s":
                out[at] = rng.choice(VOCAB)
            else:
                del out[at]
    return out


def count(columns):
    out = [0] * 10
    for s, h, r in zip(*columns):
        if s == h:
            k = (1, 6) if h == r else (3, 8)
        elif s == r:
            k = (2, 7)
        else:
            k = (0, 5) if h == r else (0, 7, 8, 9)
        for i in k:
            out[i] += 1
    return out


cases = []
for n in range(400):
    src = [rng.choice(VOCAB) for _ in range(rng.randint(1, 9))]
    hyp = mutate(src) if rng.random() < 0.85 else list(src)
    ref = mutate(src) if rng.random() < 0.85 else (list(hyp) if rng.random() < 0.5 else list(src))
    a = align.Alignment(src, hyp, ref)
    cases.append({"source": src, "hypothesis": hyp, "reference": ref, "counts": count(a.alignment)})
print(json.dumps({"tool": "mfelice/imeasure fc79fdfd36d338299274b8a357c3cd09cc19d8a5 align.py, Python 2.7.18, numpy 1.16.6",
                  "counts": "detection tp tn fp fn fpn, correction tp tn fp fn fpn",
                  "cases": cases}, indent=None))
