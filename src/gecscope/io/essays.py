"""The MultiGEC-2025 shared task's Markdown essay files (``*.md``), read as its evaluation reads them.

A file is a run of blocks ``### essay_id = ID`` + newline + the essay's text (whitespace and
newlines kept; text before the first block is ignored, with a warning naming its line). The facts
carried over from the official scripts (``utils_transform_markdown_to_one_essay_per_line.py``;
the code is ours):

* the file is split on the marker ``### essay_id = ``; a block's ID is the rest of its first line,
  its text everything after that line; a later block with the same ID replaces the text, the
  essay keeping its first place (a warning names both lines);
* essays are scored in the order of the original (``orig``) file, one essay per line, each
  essay's text pre-tokenised (``syntok``: tokens joined by single spaces); gecscope reads them
  straight into examples (:mod:`gecscope.setup.essays`);
* a hypothesis essay missing from the system's file becomes ``!``;
* references: for each essay, the texts of the reference files that have it, in the order of
  the files' names; reference ``k`` of an essay is the ``k``-th of those, ``!`` when it has fewer
  (``copy_sub1=False``: an essay missing from ``ref1`` but present in ``ref2`` has ``ref2``'s text
  as its first reference).

>>> parse_essays("### essay_id = 1\\nHe go.\\n\\n### essay_id = 2\\nOk.\\n", "x.md")
{'1': 'He go.\\n\\n', '2': 'Ok.\\n'}
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gecscope.errors import InputError

MARKER = "### essay_id = "
#: what the official scripts write for a missing essay
MISSING = "!"


#: how the warnings of :func:`parse_blocks` end
AS_MULTIGEC = "(as MultiGEC reads the file)"
#: where the reader's warnings go (one line each)
Say = Callable[[str], None]


def parse_essays(text: str, path: str | Path, say: Say | None = None) -> dict[str, str]:
    """Essay ID -> raw text of a shared-task Markdown file's content (``path``: for errors)."""
    return {i: essay for i, (essay, _) in parse_blocks(text, path, say).items()}


def parse_blocks(text: str, path: str | Path, say: Say | None = None) -> dict[str, tuple[str, int]]:
    r"""Essay ID -> (raw text, line of its ``### essay_id`` marker) of a Markdown file's content.
    Read as the official scripts read it; what they pass over silently is said through ``say``
    once the file is read: text before the first block (not read) and an ID given again (its last
    text is read).

    >>> said = []
    >>> parse_blocks("Title\n### essay_id = 1\nA.\n### essay_id = 1\nB.\n", "x.md", said.append)
    {'1': ('B.\n', 4)}
    >>> print("\n".join(said))
    warning: x.md:1: text before the first '### essay_id =' line: not read (as MultiGEC reads the file)
    warning: x.md:4: essay 1 again (first at line 2): its text replaces the first (as MultiGEC reads the file)
    """
    out: dict[str, tuple[str, int]] = {}
    line = text[: text.find(MARKER)].count("\n") + 1 if MARKER in text else 0
    head = text.split(MARKER, 1)[0] if MARKER in text else ""
    notes: list[str] = []  # said once the whole file is read (a bad block: its error alone)
    if head.strip():
        first = head[: len(head) - len(head.lstrip())].count("\n") + 1
        notes.append(f"warning: {path}:{first}: text before the first '{MARKER.strip()}' line: not read {AS_MULTIGEC}")
    for block in text.split(MARKER)[1:]:
        if "\n" not in block:
            raise InputError(
                f"essay block '{MARKER}{block.strip()[:30]}' has no text (no line after its id)", path, line
            )
        essay_id, essay = block.split("\n", maxsplit=1)
        if not essay_id.strip():
            raise InputError(f"an essay block has an empty id (expected '{MARKER}N')", path, line)
        if essay_id in out:
            notes.append(
                f"warning: {path}:{line}: essay {essay_id} again (first at line {out[essay_id][1]}): "
                f"its text replaces the first {AS_MULTIGEC}"
            )
        out[essay_id] = (essay, line)
        line += block.count("\n")
    if say is not None:
        for note in notes:
            say(note)
    return out


def read_essays(path: str | Path, say: Say | None = None) -> dict[str, str]:
    """:func:`parse_essays` of a file (see :func:`read_blocks`)."""
    return {i: essay for i, (essay, _) in read_blocks(path, say).items()}


def read_blocks(path: str | Path, say: Say | None = None) -> dict[str, tuple[str, int]]:
    """:func:`parse_blocks` of a file; one line naming the file when it is missing, undecodable or
    has no essay block."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no such file", path) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", path) from None
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", path) from None
    essays = parse_blocks(text, path, say)
    if not essays:
        raise InputError(f"no essay block ('{MARKER}N' lines): not a MultiGEC essay file", path, 1)
    return essays
