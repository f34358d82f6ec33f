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

from collections.abc import Iterable, Iterator

from rapidfuzz.distance import Indel

from gecscope.align.errant.kernel import DEL, INS, MATCH, SUB, TRANS, Step, TokenFeatures

Span = tuple[int, int, int, int]


def rule_edits(steps: list[Step], orig: TokenFeatures, cor: TokenFeatures) -> list[Span]:
    """The edit spans ``(o_start, o_end, c_start, c_end)`` of an alignment, left to right."""
    out: list[Span] = []
    run: list[Step] = []
    pair = _Pair(orig, cor)
    for step in (*steps, None):
        if step is not None and step[0] in (SUB, INS, DEL):
            run.append(step)
            continue
        if run:
            out.extend(s[1:] for s in _process(run, pair))
            run = []
        if step is not None and step[0] >= TRANS:
            out.append(step[1:])
    return out


def _merged(run: list[Step]) -> list[Step]:
    if not run:
        return []
    return [(-1, run[0][1], run[-1][2], run[0][3], run[-1][4])]


def _around(run: list[Step], a: int, b: int, pair: _Pair) -> list[Step]:
    """``run[a:b]`` merged into one edit, the steps before and after it processed on their own."""
    return [*_process(run[:a], pair), *_merged(run[a:b]), *_process(run[b:], pair)]


def _similarity(a: str, b: str) -> float:
    return float(1 - Indel.normalized_distance(a, b))


def _process(run: list[Step], pair: _Pair) -> list[Step]:
    if len(run) <= 1:
        return run
    ops = [s[0] for s in run]
    kinds = set(ops)
    if kinds == {DEL} or kinds == {INS}:
        return _merged(run)
    orig, cor = pair.orig, pair.cor
    facts = pair.facts() if len(run) > SMALL_RUN else pair.direct
    det = orig.symbol_ids()["DET"]
    content = False
    size = len(run)
    for start, end in sub_runs(ops):
        o0, o1 = run[start][1], run[end][2]
        c0, c1 = run[start][3], run[end][4]
        lo, lc = o1 - o0, c1 - c0
        if start == 0 and (orig.possessive[o0] or cor.possessive[c0]):
            return [run[0], *_process(run[1:], pair)]
        if orig.possessive[o1 - 1] or cor.possessive[c1 - 1]:
            return _around(run, end - 1, end + 1, pair)
        if orig.lower[o1 - 1] == cor.lower[c1 - 1]:
            if start == 0 and ((lo == 1 and cor.words[c0][:1].isupper()) or (lc == 1 and orig.words[o0][:1].isupper())):
                return _around(run, start, end + 1, pair)
            if (lo > 1 and orig.is_punct(o1 - 2)) or (lc > 1 and cor.is_punct(c1 - 2)):
                return _around(run, end - 1, end + 1, pair)
        if facts.same_stripped(o0, o1, c0, c1):
            return _around(run, start, end + 1, pair)
        if lo != lc and (facts.one_pos(o0, o1, c0, c1) or facts.all_verbal(o0, o1, c0, c1)):
            return _around(run, start, end + 1, pair)
        if end - start < 2:
            if lo == lc == 2 or (
                (ops[start] == SUB and _similarity(orig.words[o0], cor.words[c0]) > 0.75)
                or (ops[end] == SUB and _similarity(orig.words[o1 - 1], cor.words[c1 - 1]) > 0.75)
            ):
                return [*_process(run[: start + 1], pair), *_process(run[start + 1 :], pair)]
            if end == size - 1 and (
                (ops[-1] in (DEL, SUB) and orig.pos[o1 - 1] == det)
                or (ops[-1] in (INS, SUB) and cor.pos[c1 - 1] == det)
            ):
                return [*_process(run[:-1], pair), run[-1]]
        content = content or facts.any_open(o0, o1, c0, c1)
    return _merged(run) if content else run


def sub_runs(ops: list[int]) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of every sub-run of two or more steps holding a substitution, longest
    first, left to right among equals: the order the merger visits them in. Sub-runs without a
    substitution are skipped without being looked at, so a run of insertions around one
    substitution costs what its sub-runs through that substitution cost.

    >>> list(sub_runs([INS, SUB, INS]))
    [(0, 2), (0, 1), (1, 2)]
    """
    size = len(ops)
    subs = [i for i, op in enumerate(ops) if op == SUB]
    for span in range(size - 1, 0, -1):
        last, first = size - span - 1, 0
        for p in subs:
            top = min(p, last)
            for start in range(max(p - span, first), top + 1):
                yield start, start + span
            first = max(first, top + 1)


#: the modulus and the base (one UTF-32 code unit) of the hash of a range of stripped forms
_MOD = (1 << 61) - 1
_BASE_BITS = 32


class _Side:
    """Prefix tables of one sentence: range questions of the merger in constant time."""

    def __init__(self, features: TokenFeatures, verbal: set[int], open_pos: set[int]) -> None:
        pos = features.pos
        n = len(pos)
        self.pos = pos
        #: end of the run of equal POS that starts at each token
        self.same_until = [n] * (n + 1)
        for i in range(n - 2, -1, -1):
            self.same_until[i] = self.same_until[i + 1] if pos[i] == pos[i + 1] else i + 1
        self.nonverbal = _prefix(p not in verbal for p in pos)
        self.open = _prefix(p in open_pos for p in pos)
        self.stripped = [w.replace("'", "").replace("-", "") for w in features.lower_]
        self.length = _prefix(len(w) for w in self.stripped)
        self.hash = [0]
        for w in self.stripped:
            code = int.from_bytes(w.encode("utf-32-be", "surrogatepass"), "big") % _MOD
            self.hash.append((self.hash[-1] * pow(2, _BASE_BITS * len(w), _MOD) + code) % _MOD)

    def range_hash(self, a: int, b: int) -> int:
        chars = self.length[b] - self.length[a]
        return (self.hash[b] - self.hash[a] * pow(2, _BASE_BITS * chars, _MOD)) % _MOD

    def uniform(self, a: int, b: int) -> bool:
        return b - a <= 1 or self.same_until[a] >= b


def _prefix(values: Iterable[int]) -> list[int]:
    out = [0]
    for v in values:
        out.append(out[-1] + v)
    return out


class _Facts:
    """The range tests of the merger over ``orig[o0:o1]`` and ``cor[c0:c1]``, each in constant time
    (what ``set(pos[o0:o1]) | set(pos[c0:c1])`` and the joined stripped forms would answer)."""

    def __init__(self, orig: TokenFeatures, cor: TokenFeatures) -> None:
        sym = orig.symbol_ids()
        verbal = {sym["AUX"], sym["PART"], sym["VERB"]}
        open_pos = {sym["ADJ"], sym["AUX"], sym["ADV"], sym["NOUN"], sym["VERB"]}
        self.orig, self.cor = _Side(orig, verbal, open_pos), _Side(cor, verbal, open_pos)
        self.words = orig.lower_, cor.lower_

    def same_stripped(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        """``_strip(orig, o0, o1) == _strip(cor, c0, c1)`` (lengths, then hashes, then the texts)."""
        o, c = self.orig, self.cor
        if o.length[o1] - o.length[o0] != c.length[c1] - c.length[c0]:
            return False
        if o.range_hash(o0, o1) != c.range_hash(c0, c1):
            return False
        return "".join(o.stripped[o0:o1]) == "".join(c.stripped[c0:c1])

    def one_pos(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        """The two ranges hold exactly one POS between them."""
        o, c = self.orig, self.cor
        if not (o.uniform(o0, o1) and c.uniform(c0, c1)) or o1 - o0 + c1 - c0 == 0:
            return False
        return o1 == o0 or c1 == c0 or o.pos[o0] == c.pos[c0]

    def all_verbal(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        """Every POS of the two ranges is AUX, PART or VERB (true of empty ranges)."""
        return self.orig.nonverbal[o1] == self.orig.nonverbal[o0] and self.cor.nonverbal[c1] == self.cor.nonverbal[c0]

    def any_open(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        """A POS of the two ranges is open-class (ADJ, AUX, ADV, NOUN or VERB)."""
        return self.orig.open[o1] > self.orig.open[o0] or self.cor.open[c1] > self.cor.open[c0]


class _Direct:
    """The range tests of :class:`_Facts`, answered from the slices (cheaper for short runs)."""

    def __init__(self, orig: TokenFeatures, cor: TokenFeatures) -> None:
        sym = orig.symbol_ids()
        self.verbal = {sym["AUX"], sym["PART"], sym["VERB"]}
        self.open_pos = {sym["ADJ"], sym["AUX"], sym["ADV"], sym["NOUN"], sym["VERB"]}
        self.orig, self.cor = orig, cor

    def same_stripped(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        strip = "".join(self.orig.lower_[o0:o1]).replace("'", "").replace("-", "")
        return strip == "".join(self.cor.lower_[c0:c1]).replace("'", "").replace("-", "")

    def pos_set(self, o0: int, o1: int, c0: int, c1: int) -> set[int]:
        return set(self.orig.pos[o0:o1]) | set(self.cor.pos[c0:c1])

    def one_pos(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        return len(self.pos_set(o0, o1, c0, c1)) == 1

    def all_verbal(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        return self.pos_set(o0, o1, c0, c1) <= self.verbal

    def any_open(self, o0: int, o1: int, c0: int, c1: int) -> bool:
        return not self.pos_set(o0, o1, c0, c1).isdisjoint(self.open_pos)


#: runs of at most this many steps answer the range tests from slices (:class:`_Direct`), longer
#: ones from prefix tables built once per pair (:class:`_Facts`); the same answers either way
SMALL_RUN = 12


class _Pair:
    """The two sentences of a pair and their range tables, built on first need (once per pair,
    shared by the runs and the recursion)."""

    def __init__(self, orig: TokenFeatures, cor: TokenFeatures) -> None:
        self.orig, self.cor = orig, cor
        self._facts: _Facts | None = None
        self._direct: _Direct | None = None

    @property
    def direct(self) -> _Direct:
        if self._direct is None:
            self._direct = _Direct(self.orig, self.cor)
        return self._direct

    def facts(self) -> _Facts:
        if self._facts is None:
            self._facts = _Facts(self.orig, self.cor)
        return self._facts


__all__ = ["MATCH", "rule_edits", "sub_runs"]
