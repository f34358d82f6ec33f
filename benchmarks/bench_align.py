"""ERRANT edits of already-parsed pairs: gecscope's compiled aligner vs errant 3.0.2, side by side.

Every distinct sentence of the chosen CoNLL-2014 systems (and the sources) is parsed once with
spaCy (not timed, reported); then, in the same process and on the same Docs, each repeat times
in CPU seconds (``time.process_time``):

- ``errant``: ``Annotator.annotate(orig, cor, merging="rules")`` (alignment + merge + classify);
- ``gecscope``: the token features of every distinct sentence (read once) + our alignment and
  merge + errant's classifier (:class:`gecscope.align.en.errant_edits.FastAnnotator`);
- the same two without classification (alignment + merge only), and our plain-Python kernel
  on a slice (``--python``);

and checks that both give the same edits. Pairs whose source equals the target are left out
(neither aligner sees them). ``--essays`` joins consecutive sentences into documents of about
``--doc-tokens`` tokens and times whole documents (per-document CPU ms), again checking identity.

Run on a shared machine with nice, and read CPU time, not wall time:
    nice python benchmarks/bench_align.py --systems AMU CAMB --repeats 3 [--essays] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("GECSCOPE_SHARED", str(ROOT.parent / "shared"))) / "data"
SYSTEMS = ("AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")

Tokens = tuple[str, ...]


def lines(path: Path) -> list[Tokens]:
    return [tuple(line.split()) for line in path.read_text(encoding="utf-8").splitlines()]


def sentence_pairs(systems: list[str]) -> list[tuple[Tokens, Tokens]]:
    conll = DATA / "conll14"
    sources = lines(conll / "sources.txt")
    pairs: list[tuple[Tokens, Tokens]] = []
    for system in systems:
        pairs += [(s, t) for s, t in zip(sources, lines(conll / "systems" / f"{system}.txt"), strict=False) if s != t]
    return pairs


def essay_pairs(systems: list[str], doc_tokens: int) -> list[tuple[Tokens, Tokens]]:
    """Consecutive sentences joined into documents of at least ``doc_tokens`` source tokens."""
    conll = DATA / "conll14"
    sources = lines(conll / "sources.txt")
    pairs: list[tuple[Tokens, Tokens]] = []
    for system in systems:
        src: list[str] = []
        tgt: list[str] = []
        for s, t in zip(sources, lines(conll / "systems" / f"{system}.txt"), strict=False):
            src += s
            tgt += t
            if len(src) >= doc_tokens:
                pairs.append((tuple(src), tuple(tgt)))
                src, tgt = [], []
        if src:
            pairs.append((tuple(src), tuple(tgt)))
    return [p for p in pairs if p[0] != p[1]]


def cpu(fn: Callable[[], Any], repeats: int) -> tuple[list[float], Any]:
    times = []
    result = None
    for _ in range(repeats):
        start = time.process_time()
        result = fn()
        times.append(time.process_time() - start)
    return times, result


def summary(name: str, times: list[float], count: int, unit: str = "pairs") -> dict[str, Any]:
    best, median = min(times), statistics.median(times)
    row = {"name": name, "count": count, "cpu_min_s": best, "cpu_median_s": median, f"{unit}_per_cpu_s": count / best}
    print(f"  {name:34s} CPU min {best:8.3f} s  median {median:8.3f} s  {count / best:10.1f} {unit}/CPU-s")
    return row


def run(pairs: list[tuple[Tokens, Tokens]], repeats: int, python: int, unit: str, split: bool = True) -> dict[str, Any]:
    from gecscope.align.en.errant import ErrantAligner
    from gecscope.align.en.errant_edits import FastAnnotator
    from gecscope.align.errant.kernel import features_of
    from gecscope.align.errant.merge import rule_edits

    aligner = ErrantAligner()
    annotator = aligner.annotator
    start = time.process_time()
    docs = aligner.parse([s for p in pairs for s in p])
    parse_cpu = time.process_time() - start
    words = sum(len(s) for s in docs)
    print(f"  parsed {len(docs)} distinct sentences ({words} tokens) in {parse_cpu:.1f} CPU-s (not in the timings)")
    fast = FastAnnotator(annotator)
    fast.annotate(*(docs[s] for s in pairs[0]))  # compile (or load numba's cache) outside the timings

    def ours() -> list[tuple[Any, ...]]:
        feats = {s: features_of(d, s) for s, d in docs.items()}
        return [fast.annotate(docs[s], docs[t], feats[s], feats[t]) for s, t in pairs]

    def theirs() -> list[tuple[Any, ...]]:
        out = []
        for s, t in pairs:
            found = annotator.annotate(docs[s], docs[t], merging="rules")
            out.append(tuple((e.o_start, e.o_end, tuple(x.text for x in e.c_toks), e.type) for e in found))
        return out

    def ours_unclassified() -> list[list[Any]]:
        feats = {s: features_of(d, s) for s, d in docs.items()}
        return [rule_edits(fast.kernel.align(feats[s], feats[t]), feats[s], feats[t]) for s, t in pairs]

    def theirs_unclassified() -> list[list[Any]]:
        return [
            [(e.o_start, e.o_end, e.c_start, e.c_end) for e in annotator.merge(annotator.align(docs[s], docs[t]))]
            for s, t in pairs
        ]

    rows = []
    t_ours, got = cpu(ours, repeats)
    t_theirs, want = cpu(theirs, repeats)
    same = [tuple((e.start, e.end, e.correction, e.type) for e in g) for g in got] == want
    rows.append(summary("gecscope (align+merge+classify)", t_ours, len(pairs), unit))
    rows.append(summary("errant 3.0.2 (align+merge+classify)", t_theirs, len(pairs), unit))
    same_u = True
    if split:
        t_ou, got_u = cpu(ours_unclassified, repeats)
        t_tu, want_u = cpu(theirs_unclassified, repeats)
        same_u = [list(g) for g in got_u] == want_u
        rows.append(summary("gecscope (align+merge)", t_ou, len(pairs), unit))
        rows.append(summary("errant 3.0.2 (align+merge)", t_tu, len(pairs), unit))
    if python:
        slow = FastAnnotator(annotator, compiled=False)
        part = pairs[:python]
        feats = {s: features_of(docs[s]) for p in part for s in p}
        t_py, got_py = cpu(lambda: [slow.annotate(docs[s], docs[t], feats[s], feats[t]) for s, t in part], 1)
        same = same and got_py == got[: len(part)]
        rows.append(summary("gecscope, plain-Python kernel", t_py, len(part), unit))
    speedup = min(t_theirs) / min(t_ours)
    print(f"  identical edits and types: {same} (align+merge spans: {same_u}); speed-up (CPU min): {speedup:.1f}x")
    return {
        "pairs": len(pairs),
        "parse_cpu_s": parse_cpu,
        "rows": rows,
        "identical": same and same_u,
        "speedup": speedup,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", nargs="+", default=list(SYSTEMS))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--python", type=int, default=200, help="pairs timed with the plain-Python kernel (0: none)")
    ap.add_argument("--essays", action="store_true", help="documents instead of sentences")
    ap.add_argument("--doc-tokens", type=int, default=500)
    ap.add_argument("--json")
    args = ap.parse_args()
    if args.essays:
        pairs = essay_pairs(args.systems, args.doc_tokens)
        print(f"{len(pairs)} documents of >= {args.doc_tokens} tokens from {len(args.systems)} system(s)")
        result = run(pairs, args.repeats, min(args.python, 2), "docs", split=False)
        print(
            f"  per document: gecscope {1000 * result['rows'][0]['cpu_min_s'] / len(pairs):.1f} CPU-ms, "
            f"errant {1000 * result['rows'][1]['cpu_min_s'] / len(pairs):.1f} CPU-ms"
        )
    else:
        pairs = sentence_pairs(args.systems)
        print(f"{len(pairs)} changed sentence pairs from {len(args.systems)} system(s)")
        result = run(pairs, args.repeats, args.python, "pairs")
    result["load_avg"] = os.getloadavg()
    print(f"  load average {result['load_avg'][0]:.1f} (2 cores shared: CPU time is the measure)")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
