"""One error type for bad input: always names the file and, when known, the line."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

#: standard input is kept in a temporary file named like this (read once, used by every metric)
STDIN_PREFIX = "gecscope-stdin-"


def display_path(path: str | Path) -> str:
    """``<stdin>`` for standard input (``-`` or its temporary copy), else the path as given."""
    text = str(path)
    return "<stdin>" if text == "-" or Path(text).name.startswith(STDIN_PREFIX) else text


class InputError(ValueError):
    """Bad input. ``str(err)`` is one line: ``path:line: message``."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.path = display_path(path) if path is not None else None
        self.line = line
        self.message = message
        where = self.path
        if line is not None:
            where = f"{where or '<input>'}:{line}"
        super().__init__(f"{where}: {message}" if where else message)


class MissingExtraError(ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, what: str, extra: str):
        from gecscope.extras import install_hint

        self.extra = extra
        super().__init__(f"{what} needs the '{extra}' extra: {install_hint(extra)}")


class SettingError(InputError):
    """A bad setting, or a bad combination of settings. ``settings`` are the Python names the
    message uses (``hyp_m2``, ``cat``, ...): a front end shows its own names for them instead
    (the command line: its options, see ``gecscope.cli.names``).

    >>> err = SettingError("give hyp_m2 + ref_m2", "hyp_m2", "ref_m2")
    >>> err.renamed({"hyp_m2": "--hyp-m2", "ref_m2": "--ref-m2"})
    'give --hyp-m2 + --ref-m2'
    """

    def __init__(self, message: str, *settings: str, path: str | Path | None = None) -> None:
        super().__init__(message, path)
        self.settings = settings

    def renamed(self, names: Mapping[str, str]) -> str:
        """The message with every named setting (a whole word) replaced by ``names[setting]``."""
        text = str(self)
        for setting in self.settings:
            if setting in names:
                text = re.sub(rf"(?<![\w-]){re.escape(setting)}(?![\w-])", names[setting], text)
        return text
