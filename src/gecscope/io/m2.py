"""M2 format: ``S`` source lines followed by ``A start end|||type|||correction|||...|||annotator``.

Rules (see docs/formats.md): annotator ids of a sentence must be ascending and grouped; a
sentence without lines for some annotator leaves that annotator's target unchanged and flagged
:attr:`Target.absent` (each metric applies its own convention, :func:`gecscope.types.references_for`); ``-1 -1``
(noop) lines add no edit; ``-NONE-`` is an empty correction; corrections may contain ``|||``;
ChERRANT ``T`` lines: a target's edits are those of ``T{k}-A0`` (as the official CLEME reads
them); the edits after ``T{k}-A{n}``, n > 0, go to :attr:`Target.alternatives`; a ``T{k} 无法标注``
annotator (an ``NA`` line) is an unchanged target with ``unannotatable`` set. Out-of-range
edits are errors, except when read with ``overlaps=True``.

Nested and overlapping edits (EstGEC's M2: a word-order edit encloses the edits inside it, and
its correction already contains theirs). An annotator's corrected text applies its *enclosing*
edits (:func:`enclosing`): an edit whose span lies inside another edit's span is dropped (of two
edits with the same span, the later in the file is kept: EstGEC-L2 lists the enclosing edit after
the edits inside it); of two edits that cross (neither inside the other: five in EstGEC-L2's test,
annotation slips), the one starting first is kept. An insertion at an edit's boundary is not
inside it. These are the edits EstGEC's scorer's first pseudo-annotator keeps (the ``R:WO`` edit
without the edits it encloses). Read plainly (``overlaps=False``, every metric but ``estgec-m2``),
a target holds its enclosing edits, the dropped ones in :attr:`Target.nested` (the run signs
``ref=m2-enclosing`` in its ``edits:`` field when any sentence had them). Read with
``overlaps=True`` (``estgec-m2``, as EstGEC's scorer reads the file), each annotator's edits stay
in file order, overlaps included, and an edit ending past the sentence is dropped (its annotator
kept); the target text is the same corrected text.
"""

from __future__ import annotations

import dataclasses
import operator
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from gecscope.errors import InputError
from gecscope.io.text import STDIN, numbered_lines, raw_blocks, raw_lines
from gecscope.types import Edit, Target, Tokens, apply_edits, make_edit, make_target

NOOP_TYPES = frozenset({"noop", "NA"})
_ALIGNMENT_TAG = re.compile(r"T(\d+)-A(\d+)(?:\s|$)")
#: what follows the last ``|||`` of an ``A`` line (its annotator id): of the line a block starts
#: with, of each later line (found by its line end: a literal, so the search is fast)
_FIRST_ANNOTATOR = re.compile(rb"A .*\|\|\|(.*)")
_ANNOTATOR = re.compile(rb"\nA .*\|\|\|(.*)")


@dataclass(frozen=True, slots=True)
class M2Block:
    """One M2 sentence: its source tokens and one target per annotator (ids 0..k-1) of the file."""

    source: Tokens
    targets: tuple[Target, ...]
    line: int = 0


def _parse_edit(
    line: str, n: int, path: str | Path, lineno: int, past_end: bool = False
) -> tuple[int, str, Edit | None]:
    """(annotator, type, edit) of an ``A`` line; no edit for a noop or (``past_end``) an edit
    past the sentence."""
    parts = line[2:].split("|||")
    if len(parts) < 6:
        raise InputError("malformed edit line (expected 6 '|||' fields)", path, lineno)
    span, etype = parts[0].split(), parts[1]
    try:
        annotator = int(parts[-1])
        start, end = int(span[0]), int(span[1])
    except (ValueError, IndexError):
        raise InputError("malformed edit line (span or annotator id is not a number)", path, lineno) from None
    if len(span) != 2 or annotator < 0:
        raise InputError("malformed edit line (bad span or annotator id)", path, lineno)
    if start == -1 and end == -1:
        return annotator, etype, None
    if etype in NOOP_TYPES:
        raise InputError(f"'{etype}' edit must have span -1 -1, got {start} {end}", path, lineno)
    if past_end and start >= 0 and end >= start and end > n:
        return annotator, etype, None  # EstGEC's scorer drops an edit past the sentence, keeps its annotator
    if start < 0 or end < start or end > n:
        raise InputError(f"edit span {start} {end} is out of range for a {n}-token source", path, lineno)
    field = parts[2] if len(parts) == 6 else "|||".join(parts[2:-3])
    if "||" not in field or "|||" in field:  # one correction (nearly every line)
        correction = () if field.strip() == "-NONE-" else tuple(map(sys.intern, field.split()))
        return annotator, etype, make_edit(start, end, correction, etype)
    options = field.split("||")
    alternatives = tuple(() if alt.strip() == "-NONE-" else tuple(map(sys.intern, alt.split())) for alt in options)
    return annotator, etype, make_edit(start, end, alternatives[0], etype, alternatives)


_Raw = tuple[Tokens, dict[int, list[Edit]], int, tuple[list[tuple[int, list[Edit]]], set[int]]]


def make_block(raw: _Raw, count: int, path: str | Path, overlaps: bool = False) -> M2Block:
    """An :class:`M2Block` from a raw sentence (:func:`parse_blocks`) of a file with ``count`` annotators
    (``overlaps``: keep each annotator's edits in file order, overlapping ones included)."""
    source, per_annotator, lineno, (alternative_alignments, unannotatable) = raw
    targets = []
    for annotator in range(count):
        if overlaps:
            kept = tuple(per_annotator.get(annotator, []))
            flags = (annotator in unannotatable, annotator not in per_annotator)
            targets.append(make_target(apply_edits(source, enclosing(kept)[0]), kept, (), *flags))
            continue
        edits = per_annotator.get(annotator, [])
        nested: tuple[Edit, ...] = ()
        if len(edits) > 1:
            edits = sorted(edits, key=_span)
            if any(map(operator.lt, map(_START, edits[1:]), map(_END, edits))):  # one starts before the last one ends
                resolved, nested = enclosing(per_annotator[annotator])
                edits = list(resolved)
        frozen = tuple(edits)
        alternatives = (
            tuple(tuple(sorted(alt, key=_span)) for k, alt in alternative_alignments if k == annotator)
            if alternative_alignments
            else ()
        )
        flags = (annotator in unannotatable, annotator not in per_annotator)  # NA line, no line here
        target = make_target(apply_edits(source, frozen), frozen, alternatives, *flags)
        targets.append(dataclasses.replace(target, nested=nested) if nested else target)
    return M2Block(source, tuple(targets), lineno)


_START, _END = operator.attrgetter("start"), operator.attrgetter("end")


def _span(edit: Edit) -> tuple[int, int]:
    return edit.start, edit.end


def _inside(inner: Edit, outer: Edit) -> bool:
    """Whether ``inner`` overlaps ``outer`` (an insertion at ``outer``'s boundary does not, nor do
    two insertions at one point)."""
    if inner.start < inner.end:
        return inner.start < outer.end and outer.start < inner.end
    return outer.start < inner.start < outer.end


def enclosing(edits: Sequence[Edit]) -> tuple[tuple[Edit, ...], tuple[Edit, ...]]:
    """(kept, dropped): an annotator's edits (in file order) split into the enclosing ones that make
    its corrected text, sorted (insertions at one point in file order), and the ones nested in
    (or crossing) a kept edit, in file order. Greedy in sentence order, the longer edit first at
    one start, the later in the file first for one span; an edit is kept unless it overlaps a
    kept one.

    >>> from gecscope.types import Edit
    >>> inner, wo = Edit(2, 3, ("ole", "olnud"), "R:VERB:FORM"), Edit(2, 6, ("ole", "mitte"), "R:WO")
    >>> enclosing([inner, wo]) == ((wo,), (inner,))
    True
    """
    order = sorted(range(len(edits)), key=lambda i: (edits[i].start, -edits[i].end, -i))
    kept: list[int] = []
    dropped: list[int] = []
    for i in order:
        e = edits[i]
        if any(_inside(e, edits[k]) or _inside(edits[k], e) for k in kept):
            dropped.append(i)
        else:
            kept.append(i)
    kept.sort(key=lambda i: (edits[i].start, edits[i].end, i))  # insertions at one point in file order
    return tuple(edits[i] for i in kept), tuple(edits[i] for i in sorted(dropped))


def parse_blocks(
    lines: Iterable[tuple[int, str]], path: str | Path, n_edit_lines: int, past_end: bool = False
) -> Iterator[_Raw]:
    """The raw sentences of numbered M2 lines, each once it is complete: source, edits per
    annotator present, line of its ``S`` line, (ChERRANT alternatives, ``NA`` annotators).
    ``n_edit_lines`` is the file's number of ``A`` lines; ``past_end``: an edit may end past the
    sentence (EstGEC's scorer drops it and keeps its annotator)."""
    alternative: list[Edit] | None = None  # collecting a ChERRANT T{k}-A{n>0} alignment
    current: _Raw | None = None
    last = -1  # the annotator of the sentence's last edit line
    for lineno, line in lines:
        if not line.strip():
            if current is not None:
                yield current
            current = None
            continue
        if line.startswith("S ") or line == "S":
            if current is not None:
                yield current
            source = tuple(map(sys.intern, line[2:].split()))  # one str per distinct token
            if not source:
                raise InputError("empty source sentence", path, lineno)
            current = (source, {}, lineno, ([], set()))
            last = -1
            alternative = None
        elif line.startswith("A "):
            if current is None:
                raise InputError("edit line outside a sentence block (missing 'S' line)", path, lineno)
            annotator, etype, edit = _parse_edit(line, len(current[0]), path, lineno, past_end)
            if annotator > n_edit_lines:  # ids 0..k all need a line: more than k lines
                raise InputError(
                    f"annotator id {annotator} is beyond the file's {n_edit_lines} 'A' line(s): "
                    "annotator ids must run 0, 1, 2, ...",
                    path,
                    lineno,
                )
            if annotator < last:  # ascending ids are grouped too
                raise InputError(
                    f"annotator ids must be ascending and grouped: id {annotator} after id {last}", path, lineno
                )
            last = annotator
            edits = current[1].setdefault(annotator, [])
            if alternative is not None:
                edits = alternative
            elif etype == "NA":
                current[3][1].add(annotator)
            if edit is not None:
                edits.append(edit)
        elif line.startswith("T"):
            # ChERRANT target line; T{k}-A{n>0} starts an alternative alignment of annotator k
            tagged = _ALIGNMENT_TAG.match(line)
            alternative = None
            if current is not None and tagged is not None and int(tagged[2]) > 0:
                alternative = []
                current[3][0].append((int(tagged[1]), alternative))
        else:
            raise InputError("unexpected line (expected 'S', 'A' or a blank line)", path, lineno)
    if current is not None:
        yield current


class M2Census(NamedTuple):
    """What a first pass over an M2 file's bytes finds: its ``A`` lines, its annotator ids and
    whether its line endings are CR only."""

    edit_lines: int
    ids: frozenset[int]
    cr_only: bool

    @property
    def annotators(self) -> int:
        """The number of annotators (ids 0..k-1; a gap is refused at the end of the file)."""
        return min(max(self.ids) + 1, len(self.ids)) if self.ids else 0


def census(path: str | Path, raw: Iterable[bytes] | None = None) -> M2Census:
    """The :class:`M2Census` of a file (of ``raw``, its lines, when given); reports nothing:
    the second pass (:func:`iter_m2`) raises at the line it cannot read."""
    edit_lines = blocks = 0
    tails: set[bytes] = set()
    block = b""
    for block in raw_blocks(path) if raw is None else [b"".join(raw)]:
        blocks += 1
        edit_lines += block.count(b"\nA ") + block.startswith(b"A ")
        tails.update(_ANNOTATOR.findall(block))
        first = _FIRST_ANNOTATOR.match(block)
        if first:
            tails.add(first[1])
    ids = set()
    for tail in tails:
        try:
            ids.add(int(tail.decode("utf-8", "replace")))
        except ValueError:  # the second pass names the line
            continue
    cr_only = blocks == 1 and b"\n" not in block and b"\r" in block  # one line, CR inside
    return M2Census(edit_lines, frozenset(ids), cr_only)


def iter_m2(path: str | Path, overlaps: bool = False, past_end: bool | None = None) -> Iterator[M2Block]:
    """The sentences of an M2 file, one at a time (a first pass counts the annotators: see
    :class:`M2Census`). ``past_end`` (default: ``overlaps``): an edit ending past its sentence
    is dropped, its annotator kept, as EstGEC's scorer reads its files (Tartu L1's test has one,
    ``0 11`` in a 7-token sentence); else it is an error. Every error names the file and the
    line where it is met; one about the whole file (no ``S`` or ``A`` lines, a gap in the
    annotator ids) comes after the last sentence. A sentence lacking lines for an annotator that
    appears elsewhere in the file gets an unchanged target for it, flagged
    :attr:`Target.absent`.
    """
    raw = list(raw_lines(path)) if str(path) == STDIN else None  # standard input is read once
    found = census(path, raw)
    first = 0
    past_end = overlaps if past_end is None else past_end
    for block in parse_blocks(numbered_lines(path, raw), path, found.edit_lines, past_end):
        first = first or block[2]
        if found.annotators:  # else the file is refused at its end: nothing to give
            yield make_block(block, found.annotators, path, overlaps)
    if not first:
        raise InputError("no 'S' lines: empty or not an M2 file", path)
    if not found.ids:  # the second pass met every id the census found: it read every line
        cr = " (the file has CR-only line endings: convert them to LF)" if found.cr_only else ""
        raise InputError(f"no 'A' (edit) lines after this 'S' line: not an M2 file{cr}", path, first)
    if len(found.ids) != max(found.ids) + 1:
        missing = min(set(range(max(found.ids))) - found.ids)
        raise InputError(
            f"annotator ids are not contiguous: id {missing} never appears but id {max(found.ids)} does", path
        )


def read_m2(path: str | Path, overlaps: bool = False, past_end: bool | None = None) -> list[M2Block]:
    """Read an M2 file: :func:`iter_m2`, collected. Every error names the file and line."""
    return list(iter_m2(path, overlaps, past_end))


def format_m2(blocks: Iterable[tuple[Tokens, Iterable[Target]]]) -> str:
    """Render sentences as M2 text (each target becomes one annotator).

    A deletion has an empty correction field, as errant and the CoNLL-2014 gold write it:
    errant_compare compares corrections literally (a ``-NONE-`` deletion never matches an
    errant-made gold), the M2 scorer reads both. A sentence without edits gets errant's noop line.

    >>> from gecscope.types import Edit
    >>> print(format_m2([(("a", "b"), [Target(("a",), (Edit(1, 2, (), "U:DET"),))])]), end="")
    S a b
    A 1 2|||U:DET||||||REQUIRED|||-NONE-|||0
    <BLANKLINE>
    """
    out: list[str] = []
    for source, targets in blocks:
        out.append("S " + " ".join(source))
        for annotator, target in enumerate(targets):
            edits = target.edits or ()
            if not edits:
                out.append(f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{annotator}")
            for e in edits:
                corr = " ".join(e.correction)
                out.append(f"A {e.start} {e.end}|||{e.type or 'EDIT'}|||{corr}|||REQUIRED|||-NONE-|||{annotator}")
        out.append("")
    return "\n".join(out) + ("\n" if out else "")


def format_cherrant_m2(blocks: Iterable[tuple[Tokens, Iterable[Target]]]) -> str:
    """Render sentences as ChERRANT's ``parallel_to_m2.py`` writes them (each target one
    annotator): a ``T{k}-A{n}`` line with the target before the edits of each of its equally
    cheap alignments (the first, then :attr:`Target.alternatives`), a deletion as ``-NONE-`` (its
    compare reads corrections as strings: an empty one never matches a ChERRANT gold), and an
    unchanged target as ``T{k} 没有错误`` with a noop (``T{k} 无法标注`` with ``NA`` when it is
    unannotatable).

    >>> from gecscope.types import Edit
    >>> print(format_cherrant_m2([(("我", "的", "书"), [Target(("我", "书"), (Edit(1, 2, (), "R"),))])]), end="")
    S 我 的 书
    T0-A0 我 书
    A 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0
    <BLANKLINE>
    """
    out: list[str] = []
    for source, targets in blocks:
        out.append("S " + " ".join(source))
        for k, target in enumerate(targets):
            if target.unannotatable or not target.edits:
                flag, op = ("无法标注", "NA") if target.unannotatable else ("没有错误", "noop")
                out += [f"T{k} {flag}", f"A -1 -1|||{op}|||-NONE-|||REQUIRED|||-NONE-|||{k}"]
                continue
            for n, edits in enumerate((target.edits, *target.alternatives)):
                out.append(f"T{k}-A{n} {target.text}")
                for e in edits:
                    corr = " ".join(e.correction) or "-NONE-"
                    out.append(f"A {e.start} {e.end}|||{e.type or 'EDIT'}|||{corr}|||REQUIRED|||-NONE-|||{k}")
        out.append("")
    return "\n".join(out) + ("\n" if out else "")


def write_m2(path: str | Path, blocks: Iterable[tuple[Tokens, Iterable[Target]]], *, cherrant: bool = False) -> None:
    """Write :func:`format_m2` (``cherrant``: :func:`format_cherrant_m2`) to ``path``."""
    text = (format_cherrant_m2 if cherrant else format_m2)(blocks)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the file ({exc.strerror or exc})", path) from None
