"""Writing the command's output file: problems are one line naming the option and the path.

``check_output`` runs before any work (a missing folder or a directory is known at once);
``write_output`` turns the errors only the write itself can show (a full disk, no permission)
into the same kind of line.
"""

from __future__ import annotations

import os
import tempfile
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
    work), or stop with one line naming ``option`` and the problem. A file's text goes to a
    temporary file beside it, renamed over it once complete: an interrupted or failed write (Ctrl-C,
    a full disk) leaves no partial file and an existing file untouched. A device or a pipe is
    written in place (never replaced)."""
    out = Path(path)
    if out.exists() and not out.is_file():  # a device or a pipe (/dev/stdout, /dev/full): written in place
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".partial", dir=out.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as a plain open() would have made it (mkstemp makes 0600)
        os.replace(tmp, out)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"{option} {path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
