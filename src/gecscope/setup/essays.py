"""MultiGEC-2025 essay files read straight into examples, under the names the user gave: one
example per essay of the source (``orig``) file, each essay's raw text tokenised by the setup's
tokeniser, as the official evaluation writes its one-essay-per-line files (the format's facts:
:mod:`gecscope.io.essays`). Nothing is written to disk, so two files of the same name in different
folders stay two systems, and every error names the ``.md`` file and the line of the essay's block.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.essays import MISSING, read_blocks
from gecscope.types import Example, Target, make_example, make_target

Say = Callable[[str], None]


def _target(line: str) -> Target:
    return make_target(tuple(map(sys.intern, line.split())), raw=line)


def _line(text: str, tokenize: Callable[[str], str], path: str | Path, line: int, essay: str, what: str) -> str:
    """The essay's one line; an essay with no token is refused, naming its file and block."""
    out = tokenize(text)
    if not out.split():
        raise InputError(f"essay {essay} is empty (a {what} essay needs text)", path, line)
    return out


def essay_examples(
    source: str | Path,
    hypotheses: Sequence[str | Path],
    references: Sequence[str | Path],
    tokenize: Callable[[str], str],
    say: Say,
) -> list[list[Example]]:
    """One list of examples per hypothesis file (in the order given), one example per essay of
    ``source``: a hypothesis essay missing from its file is ``!`` (said through ``say``, as are
    essays of a hypothesis file that the source lacks: not scored); reference ``k`` of an essay is
    the ``k``-th reference file (by file name) that has it, ``!`` when fewer have it. Each file is
    read as the official scripts read it, text before its first block and an essay ID given twice
    said through ``say`` (:func:`gecscope.io.essays.parse_blocks`)."""
    orig = read_blocks(source, say)
    ids = list(orig)
    sources = [_line(text, tokenize, source, line, i, "source") for i, (text, line) in orig.items()]
    given = [(r, read_blocks(r, say)) for r in sorted(references, key=lambda p: Path(p).name)]
    for i, (_, line) in orig.items():  # an essay no reference has would be scored against nothing
        if not any(i in found for _, found in given):
            raise InputError(f"essay {i} is in no reference file ({', '.join(map(str, references))})", source, line)
    for path, found in given:
        extra = [i for i in found if i not in orig]
        if extra:
            more = " ..." if len(extra) > 5 else ""
            say(f"{path}: essay {', '.join(extra[:5])}{more} not in {source}: not read (as MultiGEC does)")
    per_essay = [
        [_line(found[i][0], tokenize, path, found[i][1], i, "reference") for path, found in given if i in found]
        for i in ids
    ]
    refs = [tuple(_target(texts[k] if k < len(texts) else MISSING) for texts in per_essay) for k in range(len(given))]
    systems = []
    for path in hypotheses:
        found = read_blocks(path, say)
        extra = [i for i in found if i not in orig]
        if extra:
            more = " ..." if len(extra) > 5 else ""
            say(f"{path}: essay {', '.join(extra[:5])}{more} not in {source}: not scored (as MultiGEC does)")
        missing = sum(1 for i in ids if i not in found)
        if missing:
            say(f"{path}: {missing} of {len(ids)} essays missing, scored as '!' (as MultiGEC does)")
        lines = [
            _line(found[i][0], tokenize, path, found[i][1], i, "hypothesis") if i in found else MISSING for i in ids
        ]
        systems.append(
            [
                make_example(tuple(map(sys.intern, s.split())), _target(h), tuple(r[n] for r in refs), str(n), s, True)
                for n, (s, h) in enumerate(zip(sources, lines, strict=True))
            ]
        )
    return systems
