"""Writing the command's output file: problems are one line naming the option and the path.

``check_output`` runs before any work (a missing folder or a directory is known at once);
``write_output`` turns the errors only the write itself can show (a full disk, no permission)
into the same kind of line.
"""

from __future__ import annotations

from pathlib import Path

from gecscope.errors import InputError


def check_output(path: str | Path | None, option: str = "-o") -> None:
    """Refuse an output path that cannot be written, before any work is done."""
    if path is None or str(path) == "-":
        return
    out = Path(path)
    if out.is_dir():
        raise InputError(f"{option} {out} is a directory: give a file name")
    if not out.parent.is_dir():
        raise InputError(f"{option} {out}: the folder {out.parent} does not exist")


def write_output(path: str | Path, text: str, option: str = "-o") -> None:
    """Write ``text`` to ``path`` (UTF-8; :func:`check_output` has refused a bad path before any
    work), or stop with one line naming ``option`` and the problem."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None
