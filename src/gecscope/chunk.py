"""CLEME's chunk partition: one shared segmentation of the source for every target.

The source intervals of all edits of all targets (hypothesis first, then references) are
pooled; the connected components of their union as *closed* intervals become "corrected"
chunks (so touching edits merge, also edits of one target), an isolated insertion point is a
zero-length chunk, and the stretches in between are unchanged chunks. Each target's tokens for
a chunk are the source span with that target's edits inside it applied.
"""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.types import Chunk, Edit, Tokens


def shared_intervals(edit_lists: Sequence[Sequence[Edit]]) -> list[tuple[int, int]]:
    """Merge the closed intervals ``[start, end]`` of all edits into connected components.

    >>> shared_intervals([[Edit(1, 2, ("x",))], [Edit(2, 3, ("y",)), Edit(5, 5, ("z",))]])
    [(1, 3), (5, 5)]
    """
    spans = sorted((e.start, e.end) for edits in edit_lists for e in edits)
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def chunk_spans(n: int, intervals: Sequence[tuple[int, int]]) -> list[tuple[int, int, bool]]:
    """Cover ``[0, n]`` with chunks ``(start, end, corrected)`` in source order."""
    spans: list[tuple[int, int, bool]] = []
    cursor = 0
    for start, end in intervals:
        if start > cursor:
            spans.append((cursor, start, False))
        spans.append((start, end, True))
        cursor = end
    if cursor < n:
        spans.append((cursor, n, False))
    return spans


def partition(source: Tokens, edit_lists: Sequence[Sequence[Edit]]) -> tuple[Chunk, ...]:
    """Partition ``source`` for targets given by their (sorted, non-overlapping) edits.

    >>> chunks = partition(("a", "b", "c"), [[Edit(0, 0, ("X",))], []])
    >>> [(c.start, c.end, c.outputs, c.changed) for c in chunks]
    [(0, 0, (('X',), ()), (True, False)), (0, 3, (('a', 'b', 'c'), ('a', 'b', 'c')), (False, False))]
    """
    spans = chunk_spans(len(source), shared_intervals(edit_lists))
    cursors = [0] * len(edit_lists)
    chunks = []
    for start, end, corrected in spans:
        src = source[start:end]
        outputs: list[Tokens] = []
        changed: list[bool] = []
        for t, edits in enumerate(edit_lists):
            i = first = cursors[t]
            if corrected:
                # every edit starting inside this component lies wholly inside it
                out: list[str] = []
                pos = start
                while i < len(edits) and edits[i].start <= end:
                    out.extend(source[pos : edits[i].start])
                    out.extend(edits[i].correction)
                    pos = edits[i].end
                    i += 1
                cursors[t] = i
            if i == first:
                outputs.append(src)
                changed.append(False)
            else:
                out.extend(source[pos:end])
                outputs.append(tuple(out))
                changed.append(True)
        chunks.append(Chunk(start, end, src, tuple(outputs), tuple(changed)))
    return tuple(chunks)
