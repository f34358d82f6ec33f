"""ChERRANT-compatible character alignment (gecscope's own implementation).

A weighted edit distance over char tokens (insertion and deletion cost 1; a match costs 0; a
substitution costs ``meaning + character + punctuation-class``, at most about 2; a block of k+1
tokens that is a permutation costs k), recording every operation that reaches a cell's minimum.
Every cheapest path is then enumerated (only the first operation of each cell when the lengths
differ by more than 10), in ChERRANT's order of preference: transposition, substitution,
insertion, deletion.

Costs (facts from ChERRANT's char mode):

* meaning: Cilin class of each token (major, middle, minor); unknown = 4, same class = 0,
  otherwise 2 x (3 - number of equal levels); divided by 6;
* character: 0.5 unless both tokens are all CJK (U+4E00-U+9FFF); 0 when a pinyin reading, the
  character itself or a confusion-set entry is shared, else 0.5;
* punctuation class: 0 when both are punctuation, 0.25 when neither is, 0.499 otherwise.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import cache
from string import punctuation

from gecscope.align.zh.resources import ZhResources
from gecscope.errors import MissingExtraError
from gecscope.types import Tokens

CHINESE_PUNCT = (
    "！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—‘'‛“”„‟…‧﹏"
)
#: the punctuation string of the alignment costs (membership is a substring test, as in ChERRANT)
ALIGN_PUNCT = CHINESE_PUNCT + punctuation
#: beyond this length difference only the first cheapest path is followed
ALL_PATHS_MAX_DIFF = 10

Step = tuple[str, int, int, int, int]  # (operation, src start, src end, tgt start, tgt end)


@cache
def _pinyin() -> Callable[[str], frozenset[str]]:
    try:
        from pypinyin import Style, pinyin
    except ImportError as exc:
        raise MissingExtraError("Chinese alignment (pypinyin)", "zh") from exc

    @cache
    def readings(token: str) -> frozenset[str]:
        return frozenset(pinyin(token, style=Style.NORMAL, heteronym=True)[0])

    return readings


def all_cjk(token: str) -> bool:
    return all("\u4e00" <= ch <= "\u9fff" for ch in token)


class CostModel:
    """Substitution costs between two tokens (cached per pair)."""

    def __init__(self, resources: ZhResources) -> None:
        self.resources = resources
        self.readings = _pinyin()
        #: substitution costs computed so far, by token pair
        self.known: dict[tuple[str, str], float] = {}
        self._seen: dict[str, _Features] = {}

    def character(self, a: str, b: str) -> float:
        if not (all_cjk(a) and all_cjk(b)):
            return 0.5
        if len(a) > len(b):
            a, b = b, a
        if a == b:
            return 0
        shared_reading = bool(self.readings(a) & self.readings(b))
        confusion = self.resources.confusion
        hits = 0
        for x in a:
            for y in b:
                if x == y or shared_reading or x in confusion.get(y, ()) or y in confusion.get(x, ()):
                    hits += 1
                    break
        return (len(a) - hits) / (len(a) * 2)

    def substitution(self, a: str, b: str) -> float:
        if a == b:
            return 0
        key = (a, b)
        cost = self.known.get(key)
        if cost is None:
            cost = self._compute(a, b)
            self.known[key] = cost
        return cost

    def _features(self, token: str) -> _Features:
        found = self._seen.get(token)
        if found is None:
            cjk = all_cjk(token)
            found = self._seen[token] = (
                self.resources.semantic.get(token),
                cjk,
                cjk and len(token) == 1,
                token in ALIGN_PUNCT,
                self.readings(token) if cjk else frozenset(),
                self.resources.confusion.get(token, frozenset()),
            )
        return found

    def _compute(self, a: str, b: str) -> float:
        """``meaning / 6 + character + punctuation class``, from per-token features (same floats)."""
        ca, cjk_a, single_a, punct_a, read_a, conf_a = self._features(a)
        cb, cjk_b, single_b, punct_b, read_b, conf_b = self._features(b)
        if ca is None or cb is None:
            meaning = 4
        elif ca == cb:
            meaning = 0
        else:
            meaning = 2 * (3 - ((ca[0] == cb[0]) + (ca[1] == cb[1]) + (ca[2] == cb[2])))
        if not (cjk_a and cjk_b):
            character = 0.5
        elif single_a and single_b:
            character = 0.0 if read_a & read_b or b in conf_a or a in conf_b else 0.5
        else:
            character = self.character(a, b)
        punct = 0.0 if punct_a and punct_b else 0.25 if punct_a == punct_b else 0.499
        return meaning / 6.0 + character + punct


_Features = tuple[tuple[str, str, str] | None, bool, bool, bool, frozenset[str], frozenset[str]]


def cost_table(source: Tokens, target: Tokens, costs: CostModel) -> list[list[tuple[str, ...]]]:
    """The operations reaching each cell's minimum cost (``M``, ``T{n}``, ``S``, ``I``, ``D``).

    A transposition ending at (i, j) looks back k = 1, 2, ... steps along the diagonal while the
    diagonal costs keep changing and takes the first k whose two blocks are permutations of each
    other. The search is pruned without changing its result: k stops before the last diagonal
    step of equal cost (tracked per diagonal), and starts where both blocks can hold the other's
    last token (the nearest earlier occurrence of each).
    """
    n, m = len(source), len(target)
    cost = [[float(i)] + [0.0] * m for i in range(n + 1)]
    cost[0] = [float(j) for j in range(m + 1)]
    ops: list[list[tuple[str, ...]]] = [[_DELETE] * (m + 1) for _ in range(n + 1)]
    ops[0] = [_INSERT] * (m + 1)
    in_source, in_target = _positions(source), _positions(target)
    rows = {s: [costs.substitution(s, b) for b in target] for s in in_source}
    # per diagonal (offset i - j + m): the last row x with cost[x][x-d] == cost[x-1][x-d-1]
    last_equal = [0] * (n + m + 1)
    inf = float("inf")
    for i in range(n):
        row, nxt, cell_ops = cost[i], cost[i + 1], ops[i + 1]
        s = source[i]
        s_at = in_target.get(s, ())
        subs = rows[s]
        for j in range(m):
            t = target[j]
            if s == t:
                nxt[j + 1] = row[j]
                cell_ops[j + 1] = _MATCH
                last_equal[i - j + m] = i + 1
                continue
            deletion = row[j + 1] + 1
            insertion = nxt[j] + 1
            substitution = row[j] + subs[j]
            transposition, k = inf, 0
            k_max = min(i, j, i - last_equal[i - j + m])
            if k_max >= 1 and s_at and t in in_source:
                p = bisect_left(s_at, j) - 1  # nearest earlier target position of s
                q = bisect_left(in_source[t], i) - 1  # nearest earlier source position of t
                if p >= 0 and q >= 0:
                    k = max(1, j - s_at[p], i - in_source[t][q])
                    if k <= k_max:
                        balance = _balance(source[i - k : i + 1], target[j - k : j + 1])
                        while True:
                            if not balance:
                                transposition = cost[i - k][j - k] + k
                                break
                            k += 1
                            if k > k_max:
                                break
                            _shift(balance, source[i - k], 1)
                            _shift(balance, target[j - k], -1)
            best = deletion if deletion < insertion else insertion  # min() of the four, inlined
            if substitution < best:
                best = substitution
            if transposition < best:
                best = transposition
            nxt[j + 1] = best
            if best == row[j]:
                last_equal[i - j + m] = i + 1
            found: tuple[str, ...] = (f"T{k + 1}",) if transposition == best else ()
            if substitution == best:
                found += ("S",)
            if insertion == best:
                found += ("I",)
            if deletion == best:
                found += ("D",)
            cell_ops[j + 1] = found
    return ops


_MATCH, _INSERT, _DELETE = ("M",), ("I",), ("D",)


def _positions(tokens: Tokens) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i, tok in enumerate(tokens):
        out.setdefault(tok, []).append(i)
    return out


def _balance(a: Tokens, b: Tokens) -> dict[str, int]:
    balance: dict[str, int] = {}
    for tok in a:
        _shift(balance, tok, 1)
    for tok in b:
        _shift(balance, tok, -1)
    return balance


def _shift(balance: dict[str, int], token: str, by: int) -> None:
    value = balance.get(token, 0) + by
    if value:
        balance[token] = value
    else:
        del balance[token]


#: tokens of source and target each operation takes (a transposition ``T{k}`` takes k of each)
_STEP_SIZES = {"M": (1, 1), "S": (1, 1), "D": (1, 0), "I": (0, 1)}


def alignments(source: Tokens, target: Tokens, costs: CostModel) -> Iterator[list[Step]]:
    """All cheapest alignments, in ChERRANT's depth-first order (only the first when the lengths
    differ by more than :data:`ALL_PATHS_MAX_DIFF`)."""
    ops = cost_table(source, target, costs)
    every = abs(len(source) - len(target)) <= ALL_PATHS_MAX_DIFF
    stack: list[tuple[int, int, list[Step]]] = [(len(source), len(target), [])]
    while stack:
        i, j, rev = stack.pop()
        if i + j == 0:
            yield rev[::-1]
            continue
        cell = ops[i][j] if every else ops[i][j][:1]
        for op in reversed(cell):
            di, dj = _STEP_SIZES.get(op) or (int(op[1:]),) * 2  # T{k}: k tokens on both sides
            stack.append((i - di, j - dj, [*rev, (op, i - di, i, j - dj, j)]))
