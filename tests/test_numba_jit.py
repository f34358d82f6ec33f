"""extras.numba_jit: the one decision whether a kernel is compiled (the ERRANT kernel, the
I-measure's tally)."""

from __future__ import annotations

import sys

import pytest

from gecscope.extras import numba_jit


def add(a: int, b: int) -> int:
    return a + b


def test_never_compiled_when_told_not_to() -> None:
    assert numba_jit(False) is None


def test_without_numba_plain_python_unless_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
    assert numba_jit(None) is None
    with pytest.raises(ImportError):
        numba_jit(True)


def test_with_numba_the_kernel_compiles_and_agrees() -> None:
    pytest.importorskip("numba")
    jit = numba_jit(None)
    assert jit is not None and numba_jit(True) is not None
    fast = jit(add)
    assert fast is not add and fast(2, 3) == add(2, 3) == 5
