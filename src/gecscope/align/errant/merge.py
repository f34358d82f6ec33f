"""ERRANT 3.0.2's rule-based merging of alignment steps into edits, over :class:`TokenFeatures`.

The facts carried over from ERRANT's English merger (the code is ours): matches are dropped,
every transposition is an edit of its own, and each maximal run of substitutions, insertions
and deletions between them is processed recursively: a run of only deletions or only insertions
is one edit; otherwise the sub-runs containing a substitution are visited from the longest to
the shortest (left to right among equals) and the first one a rule applies to decides how the
run is cut (possessive suffixes, case changes after punctuation or at the start, whitespace or
hyphen differences, same POS or auxiliary/verb chunks of unequal length, then -- for runs of at
most two steps -- splits of adjacent substitutions, of dissimilar boundary substitutions and
of final determiners). A run that no rule cuts is merged when any visited sub-run touches an
open-class word (ADJ, AUX, ADV, NOUN, VERB), else left split.
"""

from __future__ import annotations

from rapidfuzz.distance import Indel

from gecscope.align.errant.kernel import DEL, INS, MATCH, SUB, TRANS, Step, TokenFeatures

Span = tuple[int, int, int, int]


def rule_edits(steps: list[Step], orig: TokenFeatures, cor: TokenFeatures) -> list[Span]:
    """The edit spans ``(o_start, o_end, c_start, c_end)`` of an alignment, left to right."""
    out: list[Span] = []
    run: list[Step] = []
    for step in (*steps, None):
        if step is not None and step[0] in (SUB, INS, DEL):
            run.append(step)
            continue
        if run:
            out.extend(s[1:] for s in _process(run, orig, cor))
            run = []
        if step is not None and step[0] >= TRANS:
            out.append(step[1:])
    return out


def _merged(run: list[Step]) -> list[Step]:
    if not run:
        return []
    return [(-1, run[0][1], run[-1][2], run[0][3], run[-1][4])]


def _around(run: list[Step], a: int, b: int, orig: TokenFeatures, cor: TokenFeatures) -> list[Step]:
    """``run[a:b]`` merged into one edit, the steps before and after it processed on their own."""
    return [*_process(run[:a], orig, cor), *_merged(run[a:b]), *_process(run[b:], orig, cor)]


def _strip(words: tuple[str, ...], a: int, b: int) -> str:
    return "".join(words[a:b]).replace("'", "").replace("-", "")


def _similarity(a: str, b: str) -> float:
    return float(1 - Indel.normalized_distance(a, b))


def _process(run: list[Step], orig: TokenFeatures, cor: TokenFeatures) -> list[Step]:
    if len(run) <= 1:
        return run
    ops = [s[0] for s in run]
    kinds = set(ops)
    if kinds == {DEL} or kinds == {INS}:
        return _merged(run)
    sym = orig.symbol_ids()
    open_pos = {sym["ADJ"], sym["AUX"], sym["ADV"], sym["NOUN"], sym["VERB"]}
    verbal = {sym["AUX"], sym["PART"], sym["VERB"]}
    content = False
    size = len(run)
    for span in range(size - 1, 0, -1):
        for start in range(size - span):
            end = start + span
            if SUB not in ops[start : end + 1]:
                continue
            o0, o1 = run[start][1], run[end][2]
            c0, c1 = run[start][3], run[end][4]
            lo, lc = o1 - o0, c1 - c0
            if start == 0 and (orig.possessive[o0] or cor.possessive[c0]):
                return [run[0], *_process(run[1:], orig, cor)]
            if orig.possessive[o1 - 1] or cor.possessive[c1 - 1]:
                return _around(run, end - 1, end + 1, orig, cor)
            if orig.lower[o1 - 1] == cor.lower[c1 - 1]:
                if start == 0 and (
                    (lo == 1 and cor.words[c0][:1].isupper()) or (lc == 1 and orig.words[o0][:1].isupper())
                ):
                    return _around(run, start, end + 1, orig, cor)
                if (lo > 1 and orig.is_punct(o1 - 2)) or (lc > 1 and cor.is_punct(c1 - 2)):
                    return _around(run, end - 1, end + 1, orig, cor)
            if _strip(orig.lower_, o0, o1) == _strip(cor.lower_, c0, c1):
                return _around(run, start, end + 1, orig, cor)
            pos_set = set(orig.pos[o0:o1]) | set(cor.pos[c0:c1])
            if lo != lc and (len(pos_set) == 1 or pos_set <= verbal):
                return _around(run, start, end + 1, orig, cor)
            if end - start < 2:
                if lo == lc == 2 or (
                    (ops[start] == SUB and _similarity(orig.words[o0], cor.words[c0]) > 0.75)
                    or (ops[end] == SUB and _similarity(orig.words[o1 - 1], cor.words[c1 - 1]) > 0.75)
                ):
                    return [*_process(run[: start + 1], orig, cor), *_process(run[start + 1 :], orig, cor)]
                det = sym["DET"]
                if end == size - 1 and (
                    (ops[-1] in (DEL, SUB) and orig.pos[o1 - 1] == det)
                    or (ops[-1] in (INS, SUB) and cor.pos[c1 - 1] == det)
                ):
                    return [*_process(run[:-1], orig, cor), run[-1]]
            if not pos_set.isdisjoint(open_pos):
                content = True
    return _merged(run) if content else run


__all__ = ["MATCH", "rule_edits"]
