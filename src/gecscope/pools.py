"""Worker process pools that Ctrl-C ends cleanly: exit 130, one line, no process left behind.

A terminal sends SIGINT to the whole foreground process group, so worker processes would each
raise ``KeyboardInterrupt`` (one traceback per worker) while the parent waited on a pool that was
never shut down. Here workers are started while the parent ignores SIGINT for the few
milliseconds their processes take to start (the ignored disposition is inherited through fork
and exec, so even a worker still importing never sees it); only the parent answers Ctrl-C. The
signal is blocked over that window too, so a Ctrl-C within it is held, not lost (on a loaded
machine the window can last seconds): it is answered as soon as the workers have started.
When the block that owns the pool ends with an exception, queued tasks are cancelled and the
workers are terminated and reaped instead of being waited for.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

#: seconds to wait for a terminated worker before killing it
REAP_SECONDS = 5.0


def _worker_start(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent alone answers Ctrl-C
    if initializer is not None:
        initializer(*initargs)


def start_pool(
    workers: int,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
    mp_context: Any = None,
) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, all started now with SIGINT ignored (see the module doc):
    an ignored signal stays ignored through fork and exec, and Python then installs no handler."""
    main = threading.current_thread() is threading.main_thread()  # signals belong to the main thread
    pool = None
    try:
        with _sigint_held(main):
            pool = ProcessPoolExecutor(
                max_workers=workers, mp_context=mp_context, initializer=_worker_start, initargs=(initializer, initargs)
            )
            for _ in range(workers):  # one submit per worker: every process is started while SIGINT is ignored
                pool.submit(int)
    except BaseException:  # a Ctrl-C held while they started: the workers go, the interrupt goes on
        if pool is not None:
            stop_pool(pool)
        raise
    return pool


@contextlib.contextmanager
def _sigint_held(main: bool) -> Iterator[None]:
    """SIGINT ignored within the block (for the processes started in it) but not lost: it is
    blocked first, and Linux keeps a blocked signal pending even while it is ignored; the
    handler is restored, then the signal unblocked, so a Ctrl-C that came meanwhile is answered
    as the block ends (``KeyboardInterrupt``). Outside the main thread: nothing to do."""
    if not main:
        yield
        return
    hold = hasattr(signal, "pthread_sigmask")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if hold else None
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued, terminate the workers and reap them (for a block ending in error)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # the executor's own records
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        with contextlib.suppress(Exception):
            proc.terminate()
    for proc in procs:
        with contextlib.suppress(Exception):
            proc.join(REAP_SECONDS)
            if proc.is_alive():
                proc.kill()
                proc.join(REAP_SECONDS)
    if manager is not None:  # it sees its workers gone and ends; joined now, not at exit
        manager.join(REAP_SECONDS)


@contextlib.contextmanager
def worker_pool(workers: int, mp_context: Any = None) -> Iterator[ProcessPoolExecutor]:
    """:func:`start_pool` for the block: shut down normally on success, :func:`stop_pool` on any
    exception (Ctrl-C included)."""
    pool = start_pool(workers, mp_context=mp_context)
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
