"""Sort hypothesis chunks into TP / FP_ne / FP_un / FN / TN against the references.

Chunk target 0 is the hypothesis, targets 1..k the references. "Changed" means the target
has an edit in the chunk; "equal" compares the chunk's tokens (types are ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from gecscope.types import Chunk


class Label(IntEnum):
    TP = 0
    FP_NE = 1
    FP_UN = 2
    FN = 3
    TN = 4


Labels = tuple[Label, ...]


def classify_dependent(chunks: Sequence[Chunk], n_refs: int) -> tuple[Labels, ...]:
    """Correction-dependent assumption: one classification per reference."""
    return tuple(tuple(_dependent(c, k) for c in chunks) for k in range(1, n_refs + 1))


def _dependent(c: Chunk, k: int) -> Label:
    same = c.outputs[0] == c.outputs[k]
    if c.changed[0]:
        return Label.TP if same else (Label.FP_NE if c.changed[k] else Label.FP_UN)
    return Label.TN if same else Label.FN


def classify_independent(chunks: Sequence[Chunk], n_refs: int) -> tuple[Labels, ...]:
    """Correction-independent assumption: one classification against all references together
    (TP if any reference agrees; FP_ne if any reference changed the chunk; FN only if every
    reference changed it), repeated once per reference."""
    return (tuple(_independent(c, range(1, n_refs + 1)) for c in chunks),) * n_refs


def _independent(c: Chunk, refs: range) -> Label:
    if not c.changed[0]:
        return Label.FN if all(c.changed[k] for k in refs) else Label.TN
    if any(c.outputs[0] == c.outputs[k] for k in refs):
        return Label.TP
    return Label.FP_NE if any(c.changed[k] for k in refs) else Label.FP_UN
