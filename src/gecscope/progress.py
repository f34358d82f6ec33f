"""Progress reports with an ETA on standard error, for every step that can take more than ~2 s.

One function, :func:`progress`, wraps an iterable (or a manual counter) in a tqdm bar. Bars are
shown only when standard error is a terminal and the run is not quiet; ``--quiet`` sets the
quiet flag for the duration of a command through :func:`quiet` (a context variable, so nested
library calls see it without a global). Library users get bars in a terminal or notebook and
none in pipes and logs.

>>> list(progress(range(3), desc="demo", enabled=False))
[0, 1, 2]
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_QUIET: ContextVar[bool] = ContextVar("gecscope_quiet", default=False)
#: (label, terminal line) of the bars drawn inside a :func:`lane`; None: unlabelled, line 0
_LANE: ContextVar[tuple[str, int] | None] = ContextVar("gecscope_lane", default=None)


@contextlib.contextmanager
def _setting(var: ContextVar[Any], value: Any) -> Iterator[None]:
    """``var`` holds ``value`` inside the block."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def quiet(on: bool = True) -> contextlib.AbstractContextManager[None]:
    """Silence (or, with ``on=False``, allow) progress bars inside the ``with`` block."""
    return _setting(_QUIET, on)


def lane(label: str, position: int) -> contextlib.AbstractContextManager[None]:
    """Inside the block, bars are labelled ``[label]`` and drawn on terminal line ``position``,
    so that bars of parallel workers neither overwrite each other nor go unnamed."""
    return _setting(_LANE, (label, position))


def is_quiet() -> bool:
    return _QUIET.get()


def wanted(enabled: bool | None = None) -> bool:
    """Whether a bar would be drawn: ``enabled`` forces it; else a terminal on stderr and not quiet."""
    if enabled is not None:
        return enabled
    isatty = getattr(sys.stderr, "isatty", None)
    return not _QUIET.get() and bool(isatty and isatty())


class Bar:
    """A manual progress counter (``update(n)``, ``close()``; a no-op when progress is off):
    ``with bar(n, "parsing") as b: ... b.update(k)``."""

    def __init__(self, total: int | None, desc: str, unit: str = "it", enabled: bool | None = None) -> None:
        self._bar: Any = None
        if wanted(enabled):
            import shutil

            from tqdm.auto import tqdm

            # a terminal that reports no size (some pseudo-terminals) would get an empty bar
            size = shutil.get_terminal_size((100, 24))
            label, position = _LANE.get() or ("", 0)
            self._bar = tqdm(
                total=total,
                desc=f"[{label}] {desc}" if label else desc,
                position=position,
                unit=unit,
                file=sys.stderr,
                ncols=size.columns or 100,
                nrows=size.lines or 24,
                leave=False,
            )

    def update(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


bar = Bar


def progress(
    items: Iterable[T], *, desc: str, total: int | None = None, unit: str = "it", enabled: bool | None = None
) -> Iterator[T]:
    """Iterate ``items`` with a progress bar (ETA included) on stderr when progress is wanted."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    with bar(total, desc, unit, enabled) as b:
        for item in items:
            yield item
            b.update(1)
