"""How edits are extracted: the alignment cache, worker processes, and the runaway guard.

The guard decides by the work a pair needs, before any parse: its alignment table must fit in
the memory available (:func:`too_much_memory`, whatever the limit), and ERRANT's rule merger,
which visits every sub-run of a changed run that holds a *substitution*, each in constant time
(:func:`gecscope.align.errant.merge.sub_runs`), must not face more visits than it makes on a run
of ``max_tokens`` substitutions (:func:`merge_work`, from a cheap token diff; where the
substitutions fall is known only after the parse, so the most they could cost is bounded too).
A run of insertions or deletions holding a few substitutions costs it little and is aligned,
however long (a missing essay's ``!`` against a 3,000-token reference: 0.04 s). Over the
bound, the run stops with one line naming the file and line and the option that raises the
limit (``--max-align-tokens``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import MissingExtraError
from gecscope.types import Tokens

#: the longest run of substitutions aligned by default (the merger's work on it is the bound on
#: any run's). Real outputs stay far below it (longest run: 32 tokens over the 13 CoNLL-2014
#: systems, 131 over SEEDA's, aligned in 0.3 s), while a run that ERRANT's merge rules split one
#: step at a time (every sub-run visited again after each split) costs 0.35 CPU-s at 100
#: substitutions, 1.6 at 150, 14 at 300: it grows with the cube.
DEFAULT_MAX_TOKENS = 150
#: worker processes by default: the cores, at most this many
MAX_DEFAULT_JOBS = 8
#: a sentence this many times longer than ``max_tokens`` is refused without diffing it
HARD_FACTOR = 50
#: characters per token allowed on average before a sentence counts as huge (spaCy reads every one)
CHARS_PER_TOKEN = 100
#: a token longer than this many characters is "long": ERRANT's substitution cost compares its
#: characters with every token of the other side (an Indel table of la x lb cells per pair)
LONG_TOKEN = 64
#: character comparisons allowed per unit of the alignment limit for the pairs involving a long
#: token (150: 3e8, a fraction of a second compiled; one 100,000-character token against another
#: would take 1e10, minutes)
CHAR_CELLS_PER_TOKEN = 2_000_000


def default_jobs() -> int:
    """The number of cores (of this process), capped at :data:`MAX_DEFAULT_JOBS`."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_DEFAULT_JOBS))


@dataclass(frozen=True)
class AlignSettings:
    """Alignment settings; none of them changes an edit.

    ``cache``/``cache_dir``: the persistent edit cache (``<dir>/align.sqlite``; default
    ``$GECSCOPE_CACHE`` or ``~/.cache/gecscope``). ``jobs``: parser processes (1: in this
    process). ``max_tokens``: the runaway guard (0: no limit). ``batch_size``: sentence pairs
    parsed and annotated at a time (their parses are dropped after each batch). ``executor``:
    where batches run when ``jobs > 1`` or on a Dask cluster.

    >>> AlignSettings(jobs=0)
    Traceback (most recent call last):
    ...
    ValueError: jobs must be at least 1, got 0
    """

    cache: bool = True
    cache_dir: str | None = None
    jobs: int = 1
    max_tokens: int = DEFAULT_MAX_TOKENS
    batch_size: int = 500
    #: ``processes`` (local worker processes) or ``dask`` (a Dask cluster: ``scheduler`` is its
    #: address, or None for a local cluster of ``jobs`` workers)
    executor: str = "processes"
    scheduler: str | None = None

    def __post_init__(self) -> None:
        if self.executor not in ("processes", "dask"):
            raise ValueError(f"executor must be 'processes' or 'dask', got {self.executor!r}")
        if self.scheduler is not None and self.executor != "dask":
            raise ValueError("a scheduler address needs executor='dask' (--executor dask)")
        if self.jobs < 1:
            raise ValueError(f"jobs must be at least 1, got {self.jobs}")
        if self.max_tokens < 0:
            raise ValueError(f"max_tokens must be 0 (no limit) or positive, got {self.max_tokens}")
        if self.batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {self.batch_size}")


@dataclass(frozen=True)
class Origin:
    """Where examples were read from, so that an alignment error names the file and line.

    Example ``i`` is line ``start + i + 1`` of each text file (or line ``i + 1`` of the JSONL file).

    >>> Origin("hyp.txt", ("ref.txt",), hypotheses=("a", "b"), period=10, start=100).locate(13, 1)
    ('ref.txt', 104)
    """

    hypothesis: str | None = None
    references: tuple[str | None, ...] = ()
    jsonl: str | None = None
    #: several systems aligned in one pass: their files, each ``period`` examples long, repeating
    hypotheses: tuple[str | None, ...] = ()
    period: int = 0
    #: examples before example 0 in each file (a shard read from the middle of the files)
    start: int = 0
    #: MultiGEC essays: the source essay file; example ``i`` is its ``i``-th essay, found by its ID
    #: in the other files (:meth:`essay`, read only when an error is reported)
    essays: str | None = None
    #: what an error advises instead of the default (a command without ``--aligner``)
    hint: str = ""

    def locate(self, index: int, target: int) -> tuple[str | None, int]:
        """File and line of target ``target`` (0: hypothesis, j + 1: reference j) of example ``index``."""
        if self.jsonl is not None:
            return self.jsonl, index + 1
        hypothesis, index = self._system(index)
        path = hypothesis if target == 0 else (self.references[target - 1 : target] or (None,))[0]
        return path, self.start + index + 1

    def _system(self, index: int) -> tuple[str | None, int]:
        if self.period and self.hypotheses:
            return self.hypotheses[(index // self.period) % len(self.hypotheses)], index % self.period
        return self.hypothesis, index

    def essay(self, index: int, target: int) -> tuple[str | None, int | None, str] | None:
        """For essays (:attr:`essays`): the file and the line of the block of target ``target`` of
        example ``index``, and the essay's ID (said missing where the official reading puts ``!``:
        a hypothesis file without it, or fewer reference files with it than ``target``); None
        for other inputs."""
        if self.essays is None:
            return None
        from gecscope.io.essays import MISSING, read_blocks

        hypothesis, index = self._system(index)
        essay = list(read_blocks(self.essays))[self.start + index]
        if target == 0:
            blocks = read_blocks(hypothesis) if hypothesis is not None else {}
            if essay not in blocks:
                return hypothesis, None, f"{essay} (not in the file: '{MISSING}')"
            return hypothesis, blocks[essay][1], essay
        having = [(r, found) for r in sorted(map(str, self.references), key=lambda p: Path(p).name)
                  if essay in (found := read_blocks(r))]  # fmt: skip
        if target > len(having):
            return None, None, f"{essay} (in {len(having)} reference files: reference {target} is '{MISSING}')"
        path, found = having[target - 1]
        return path, found[essay][1], essay


def _sub_runs(n: int) -> int:
    """The sub-runs of two or more steps of a run of ``n`` steps (the merger's visits when every
    step is a substitution)."""
    return n * (n - 1) // 2 if n > 1 else 0


def merge_work(steps: int, substitutions: int) -> tuple[int, int]:
    """The fewest and the most sub-runs ERRANT's merger can visit on a run of ``steps`` changed
    steps of which ``substitutions`` are substitutions (the rest insertions or deletions), before
    a rule cuts it: the sub-runs of two or more steps that hold a substitution, each visited in
    constant time. Fewest: the substitutions together at one end of the run; most: spread evenly
    through it. A run without a substitution is merged at once.

    >>> merge_work(150, 150)[0] == merge_work(150, 150)[1] == 11175
    True
    >>> merge_work(3000, 1)  # one substitution: at an end, or in the middle
    (2999, 2251499)
    """
    if substitutions <= 0 or steps <= 1:
        return 0, 0
    total = _sub_runs(steps)
    free = steps - substitutions
    least = total - _sub_runs(free)
    gaps, rest = divmod(free, substitutions + 1)
    most = total - rest * _sub_runs(gaps + 1) - (substitutions + 1 - rest) * _sub_runs(gaps)
    return least, most


#: a run whose substitutions could fall where the merger makes this many times the visits of a
#: run of ``max_tokens`` substitutions is refused even when they may as well fall where it does
#: not (at 150: 5.0e6 visits, 6 CPU-s; measured, one substitution in the middle of 3,000 insertions, 2.3e6
#: visits, takes the merger 2.4 CPU-s; at the end, where ERRANT puts a missing essay's ``!``,
#: 0.04 s). A lone substitution is aligned against up to 4,483 tokens.
SPREAD_FACTOR = 450


def changed_regions(source: Tokens, target: Tokens) -> list[tuple[int, int]]:
    """(removed, added) of every changed region of a token-level alignment (longest common
    subsequence) of the pair that both removes and adds tokens. The alignment is bit-parallel
    (rapidfuzz), so cheap even for very long or repetitive sentences.

    >>> changed_regions(("a", "b", "c"), ("a", "x", "y", "c"))
    [(1, 2)]
    """
    if source == target:
        return []
    try:
        from rapidfuzz.distance import Indel
    except ImportError:
        raise MissingExtraError("edit extraction from text (ERRANT)", "text") from None
    out = []
    start: tuple[int, int] | None = None
    for op in (*Indel.opcodes(source, target), None):
        if op is not None and op.tag != "equal":
            start = start or (op.src_start, op.dest_start)
            end = (op.src_end, op.dest_end)
        elif start is not None:
            removed, added = end[0] - start[0], end[1] - start[1]
            if removed and added:  # pure deletions or insertions merge in linear time
                out.append((removed, added))
            start = None
    return out


def changed_run(source: Tokens, target: Tokens) -> int:
    """The longest run of changed tokens (either side) in a token-level alignment (longest common
    subsequence) of the pair, counting only runs that both remove and add tokens (ERRANT merges a run of pure
    deletions or insertions at once; a run with substitutions costs it cubic time). The
    alignment is bit-parallel (rapidfuzz), so cheap even for very long or repetitive sentences.

    >>> changed_run(("a", "b", "c"), ("a", "x", "y", "c"))
    2
    """
    return max((max(region) for region in changed_regions(source, target)), default=0)


def long_token_cells(source: Tokens, target: Tokens) -> int:
    """An upper bound of the character comparisons ERRANT's substitution costs make for the pairs
    of tokens where one is longer than :data:`LONG_TOKEN` (each pair: the product of the lengths;
    the other pairs are bounded by the token limits).

    >>> long_token_cells(("a" * 100, "b"), ("c" * 10,))
    1000
    """
    long_s = sum(n for n in map(len, source) if n > LONG_TOKEN)
    long_t = sum(n for n in map(len, target) if n > LONG_TOKEN)
    if not long_s and not long_t:
        return 0
    chars_s, chars_t = sum(map(len, source)), sum(map(len, target))
    return long_s * chars_t + chars_s * long_t - long_s * long_t  # long x long counted once


#: ChERRANT's character table, per unit of the alignment limit squared: (20 x 150)² = 3,000 x
#: 3,000 characters by default (its cells are filled in Python: ~16 s on a loaded machine; a
#: 7,000-character line would take minutes and gigabytes)
CELLS_SIDE_PER_TOKEN = 20


def cell_limit(limit: int) -> int:
    """The most table cells a pair may need under the alignment limit ``limit`` (0: none).

    >>> cell_limit(150)
    9000000
    """
    return (limit * CELLS_SIDE_PER_TOKEN) ** 2 if limit > 0 else 0


def too_large(source: Tokens, target: Tokens, cells: int) -> str | None:
    """Why aligning ``(source, target)`` would fill more than ``cells`` table cells, or None (0: no bound).

    >>> too_large(("a",) * 10, ("b",) * 10, 100)
    'a table of 11 x 11 cells (more than 100 under the alignment limit)'
    """
    n, m = len(source) + 1, len(target) + 1
    if cells and n * m > cells:
        return f"a table of {n:,} x {m:,} cells (more than {cells:,} under the alignment limit)"
    return None


def too_long(source: Tokens, target: Tokens, limit: int) -> str | None:
    """Why ``(source, target)`` is over the runaway guard ``limit``, or None (0: no limit)."""
    if limit <= 0:
        return None
    longest = max(len(source), len(target))
    if longest > limit * HARD_FACTOR:
        return f"a sentence of {longest} tokens (more than {HARD_FACTOR} x the alignment limit {limit})"
    chars = max(sum(map(len, source)), sum(map(len, target)))
    if chars > limit * HARD_FACTOR * CHARS_PER_TOKEN:
        factor = HARD_FACTOR * CHARS_PER_TOKEN
        return f"a sentence of {chars} characters (more than {limit * factor}, {factor} x the alignment limit {limit})"
    work = long_token_cells(source, target)
    if work > limit * CHAR_CELLS_PER_TOKEN:
        longest_token = max(map(len, (*source, *target)))
        return (
            f"a token of {longest_token} characters ({work:.2g} character comparisons, more than "
            f"{limit * CHAR_CELLS_PER_TOKEN:.2g} for the alignment limit {limit})"
        )
    budget = _sub_runs(limit)
    for removed, added in changed_regions(source, target):
        steps, subs = max(removed, added), min(removed, added)
        least, most = merge_work(steps, subs)
        if least > budget or most > SPREAD_FACTOR * budget:
            times = "the" if least > budget else f"{SPREAD_FACTOR} x the"
            bound = f"more than {times} {budget:,} of a run of {limit} substitutions, the alignment limit"
            return (
                f"a run of {steps} changed tokens ({removed} removed, {added} added: ERRANT's merger would visit "
                f"{least:,} to {most:,} of its sub-runs, {bound})"
            )
    return None


#: bytes per cell of the alignment table each aligner fills (ERRANT's kernel: a float64 cost and a
#: one-byte op code; ChERRANT's Python lists: two pointers and a float); an aligner not named here
#: keeps no table (Levenshtein's bit-parallel columns) or declares its own bound
TABLE_BYTES = {"errant": 9, "errant-notag": 9, "cherrant": 40}


def available_memory() -> int:
    """Bytes of memory available to a new allocation (``MemAvailable``; else the physical memory)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not on a POSIX system
        return 1 << 62


def too_much_memory(source: Tokens, target: Tokens, aligner: str, available: int | None = None) -> str | None:
    """Why aligning ``(source, target)`` with ``aligner`` (its name) would need more memory than is
    ``available`` (default: :func:`available_memory`), or None; checked whatever the limit.

    >>> too_much_memory(("a",) * 10, ("b",) * 10, "errant", available=100)
    'a table of 11 x 11 cells, which needs 0.0 GiB of memory (1,089 bytes; 0.0 GiB available)'
    """
    n, m = len(source) + 1, len(target) + 1
    need = n * m * TABLE_BYTES.get(aligner, 0)
    if not need or (available is None and need <= 1 << 26):  # 64 MiB: not worth reading the memory
        return None
    free = available_memory() if available is None else available
    if need > free:
        gib = 1 << 30
        return (
            f"a table of {n:,} x {m:,} cells, which needs {need / gib:.1f} GiB of memory "
            f"({need:,} bytes; {free / gib:.1f} GiB available)"
        )
    return None
