"""Progress reports with an ETA on standard error, for every step that can take more than ~2 s.

One function, :func:`progress`, wraps an iterable (or a manual counter) in a tqdm bar. Bars are
shown only when standard error is a terminal and the run is not quiet; ``--quiet`` sets the
quiet flag for the duration of a command through :func:`quiet` (a context variable, so nested
library calls see it without a global). Library users get bars in a terminal or notebook and
none in pipes and logs, except for long model work (``lines=True``): when standard error is not
a terminal it gets a plain line every :data:`LINE_EVERY` seconds (done, total, elapsed, time
left), nothing for work that ends sooner, and nothing when quiet.

>>> list(progress(range(3), desc="demo", enabled=False))
[0, 1, 2]
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_QUIET: ContextVar[bool] = ContextVar("gecscope_quiet", default=False)
#: (label, terminal line) of the bars drawn inside a :func:`lane`; None: unlabelled, line 0
_LANE: ContextVar[tuple[str, int] | None] = ContextVar("gecscope_lane", default=None)
#: seconds between two progress lines when standard error is not a terminal
LINE_EVERY = 5.0


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


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 05 s``, ``1 h 02 min``.

    >>> _duration(42.4), _duration(185), _duration(3720)
    ('42 s', '3 min 05 s', '1 h 02 min')
    """
    s = round(seconds)
    if s < 60:
        return f"{s} s"
    return f"{s // 60} min {s % 60:02d} s" if s < 3600 else f"{s // 3600} h {s % 3600 // 60:02d} min"


class Lines:
    """Progress as a plain line on standard error at most every ``every`` seconds (no bar: for
    logs and pipes); the first line comes after ``every`` seconds, so quick work prints nothing."""

    def __init__(self, total: int | None, desc: str, unit: str, every: float | None = None) -> None:
        self.total, self.desc, self.unit = total, desc, unit
        self.every = LINE_EVERY if every is None else every
        self.done = 0
        self.start = self.last = time.monotonic()
        self.printed = False

    def update(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if now - self.last >= self.every:
            self.last = now
            self.write(now)

    def write(self, now: float) -> None:
        elapsed = now - self.start
        label, _ = _LANE.get() or ("", 0)
        head = f"[{label}] {self.desc}" if label else self.desc
        if self.total:
            left = elapsed / self.done * (self.total - self.done) if self.done else None
            more = f", about {_duration(left)} left" if left is not None and self.done < self.total else ""
            text = f"{head}: {self.done}/{self.total} {self.unit} ({100 * self.done / self.total:.0f}%), "
            text += f"{_duration(elapsed)} elapsed{more}"
        else:
            text = f"{head}: {self.done} {self.unit}, {_duration(elapsed)} elapsed"
        print(text, file=sys.stderr, flush=True)
        self.printed = True

    def close(self) -> None:
        if self.printed and self.done != 0:
            self.write(time.monotonic())  # the last word: how far it got and how long it took
        self.printed = False


class Bar:
    """A manual progress counter (``update(n)``, ``close()``; a no-op when progress is off):
    ``with bar(n, "parsing") as b: ... b.update(k)``. With ``lines=True`` (long model work),
    standard error that is not a terminal gets a plain line every few seconds instead (not quiet)."""

    def __init__(
        self, total: int | None, desc: str, unit: str = "it", enabled: bool | None = None, lines: bool = False
    ) -> None:
        self._bar: Any = None
        if not wanted(enabled) and lines and enabled is None and not _QUIET.get():
            self._bar = Lines(total, desc, unit)
        elif wanted(enabled):
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
    items: Iterable[T],
    *,
    desc: str,
    total: int | None = None,
    unit: str = "it",
    enabled: bool | None = None,
    lines: bool = False,
) -> Iterator[T]:
    """Iterate ``items`` with a progress bar (ETA included) on stderr when progress is wanted;
    ``lines=True``: plain lines every few seconds when stderr is not a terminal (:class:`Lines`)."""
    if total is None and hasattr(items, "__len__"):
        total = len(items)  # type: ignore[arg-type]
    with bar(total, desc, unit, enabled, lines) as b:
        for item in items:
            yield item
            b.update(1)
