"""The inputs of the MultiGEC golden tests, built from ../shared at test time (never stored): essays
of 100-800 tokens joined from consecutive CoNLL-14 sentences, and EstGEC-L2 test texts derived
from its M2 gold. The goldens (tests/golden/multigec/) were recorded by running the fork on the
files these functions write (``python tests/multigec_inputs.py OUT``; commands in the JSON)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

#: essay lengths (source tokens, at least), cycled
ESSAY_SIZES = (100, 250, 400, 550, 800)
#: essays built for the golden (from the first CoNLL-14 sentences)
GOLDEN_ESSAYS = 20
#: the CoNLL-14 targets joined into essays beside the source
ESSAY_TARGETS = ("REF0", "REF1", "AMU", "CAMB")


def essay_spans(source_lines: Sequence[str], count: int, sizes: Sequence[int] = ESSAY_SIZES) -> list[range]:
    """Ranges of consecutive lines making ``count`` essays of at least ``sizes[i % len(sizes)]``
    source tokens each (sentences wrap around when the file runs out)."""
    out: list[range] = []
    start = 0
    n = len(source_lines)
    while len(out) < count:
        want, tokens, end = sizes[len(out) % len(sizes)], 0, start
        while tokens < want:
            tokens += len(source_lines[end % n].split())
            end += 1
        out.append(range(start, end))
        start = end
    return out


def join_essays(lines: Sequence[str], spans: Sequence[range]) -> list[str]:
    """Each span's non-empty lines (stripped) joined by one space: one essay per line. (An empty
    line would leave two spaces, which the fork reads as a one-space token: see docs/multilingual.md.)"""
    n = len(lines)
    return [" ".join(line for i in span if (line := lines[i % n].strip())) for span in spans]


def conll_essays(
    conll: Path, count: int = GOLDEN_ESSAYS, targets: Sequence[str] = ESSAY_TARGETS
) -> dict[str, list[str]]:
    """``source`` and each target of CoNLL-14 as ``count`` essays."""
    read = lambda p: p.read_text(encoding="utf-8").splitlines()  # noqa: E731
    source = read(conll / "sources.txt")
    spans = essay_spans(source, count)
    out = {"source": join_essays(source, spans)}
    for t in targets:
        path = conll / f"{t}.txt" if t.startswith("REF") else conll / "systems" / f"{t}.txt"
        out[t] = join_essays(read(path), spans)
    return out


def m2_texts(path: Path) -> tuple[list[str], list[list[str]]]:
    """Sources and per-annotator target texts of an M2 file whose annotators may have overlapping
    edits (EstGEC): each annotator's edits applied in file order, an edit overlapping one already
    applied skipped; an annotator without lines keeps the source."""
    blocks = [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    sources: list[str] = []
    edits: list[dict[int, list[tuple[int, int, str]]]] = []
    annotators: set[int] = set()
    for block in blocks:
        lines = block.strip("\n").split("\n")
        sources.append(lines[0][2:])
        mine: dict[int, list[tuple[int, int, str]]] = {}
        for line in lines[1:]:
            span, kind, corr, *_rest, who = line[2:].split("|||")
            a, b = map(int, span.split())
            annotators.add(int(who))
            if kind == "noop" or a < 0:
                mine.setdefault(int(who), [])
                continue
            mine.setdefault(int(who), []).append((a, b, "" if corr == "-NONE-" else corr))
        edits.append(mine)
    refs: list[list[str]] = [[] for _ in sorted(annotators)]
    for source, mine in zip(sources, edits, strict=True):
        tokens = source.split()
        for k, who in enumerate(sorted(annotators)):
            applied: list[tuple[int, int, str]] = []
            for a, b, corr in mine.get(who, []):
                if not any(a < y and x < b for x, y, _ in applied):
                    applied.append((a, b, corr))
            out, cursor = [], 0
            for a, b, corr in sorted(applied, key=lambda e: (e[0], e[1])):
                out += tokens[cursor:a] + corr.split()
                cursor = max(cursor, b)
            refs[k].append(" ".join(out + tokens[cursor:]))
    return sources, refs


def write_inputs(shared: Path, out: Path) -> None:
    """Write every golden input under ``out``: ``essays/*.txt`` and ``et/*.txt``."""
    (out / "essays").mkdir(parents=True, exist_ok=True)
    for name, lines in conll_essays(shared / "data" / "conll14").items():
        (out / "essays" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out / "et").mkdir(parents=True, exist_ok=True)
    multi = shared / "data" / "multilingual"
    sources, refs = m2_texts(multi / "estgec-l2" / "test" / "source_gold_test.txt")
    (out / "et" / "source.txt").write_text("\n".join(sources) + "\n", encoding="utf-8")
    for k, ref in enumerate(refs):
        (out / "et" / f"REF{k}.txt").write_text("\n".join(ref) + "\n", encoding="utf-8")
    from syntok.tokenizer import Tokenizer  # the hypothesis: NELB's detokenised output, syntok-tokenised

    tok = Tokenizer()
    hyp = (multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt").read_text(
        encoding="utf-8"
    )
    lines = [" ".join(str(t).strip() for t in tok.tokenize(line)) for line in hyp.splitlines()]
    (out / "et" / "nelb.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_inputs(
        Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "shared", Path(sys.argv[1])
    )
