"""``CherrantAligner``: ChERRANT-compatible Chinese edit extraction for gecscope's pipeline."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gecscope.align.aligner import Aligner
from gecscope.align.zh.aligner import CostModel, alignments
from gecscope.align.zh.merge import merge, to_edits
from gecscope.align.zh.resources import load_resources
from gecscope.align.zh.tokens import SIGNATURE
from gecscope.progress import progress
from gecscope.types import Edit, Tokens

#: bump when a change to the alignment, merging or typing changes any edit (invalidates the cache)
VERSION = 1


class CherrantAligner(Aligner):
    """Char tokens in, ChERRANT's edits out: ``edits_batch`` gives the first alignment (``A0``),
    ``alignments_batch`` every distinct one (``A0``, ``A1``, ... as ``parallel_to_m2 -s all``).

    Tokens must come from :func:`gecscope.align.zh.tokens.char_tokens` (targets already
    converted with ``t2s`` when ChERRANT's numbers are wanted).
    """

    name = "cherrant"
    tokenisation = SIGNATURE
    alternatives = True

    def __init__(self, resources: str | Path | None = None, *, max_cells: int = 0) -> None:
        tables = load_resources(resources)
        #: the work bound checked before aligning (:func:`gecscope.align.settings.too_large`; 0: none)
        self.max_cells = max_cells
        self.costs = CostModel(tables)
        #: names the alignment (and keys its cache): the tables' digest and our alignment version
        self._signature = f"cherrant-char+tables-{tables.digest}+gecscope-zh-align-{VERSION}"
        self._done: dict[tuple[Tokens, Tokens], list[tuple[Edit, ...]]] = {}

    @property
    def signature(self) -> str:
        return self._signature

    def alignments(self, source: Tokens, target: Tokens) -> list[tuple[Edit, ...]]:
        """Every distinct edit set of the cheapest alignments, first one first (remembered per pair)."""
        if source == target:
            return [()]
        found = self._done.get((source, target))
        if found is None:
            seen: list[list[tuple[str, int, int, int, int]]] = []
            for path in alignments(source, target, self.costs):
                steps = merge(path, source, target)
                if steps not in seen:
                    seen.append(steps)
            found = self._done[(source, target)] = [to_edits(steps, target) for steps in seen]
        return found

    def alignments_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[list[tuple[Edit, ...]]]:
        return [self.alignments(s, t) for s, t in progress(pairs, desc="aligning (zh)")]

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return [found[0] for found in self.alignments_batch(pairs)]
