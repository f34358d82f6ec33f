"""Issue 16 regressions: bad values and impossible inputs stop with one line naming file and line."""

from __future__ import annotations

import math
import tracemalloc
from pathlib import Path

import pytest

from gecscope.errors import InputError
from gecscope.io import read_m2

NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"


def one_line_error(fn, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as info:
        fn(*args, **kwargs)
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def test_huge_annotator_id_is_refused_without_allocating(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("r.m2", f"S a b c\n{NOOP}\nS d e\nA 0 1|||R|||x|||REQUIRED|||-NONE-|||100000000\n")
    tracemalloc.start()
    try:
        msg = one_line_error(read_m2, p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert msg.startswith(f"{p}:5: annotator id 100000000 is beyond the file's 2 'A' line(s)")
    assert peak < 10_000_000


def test_m2_without_edit_lines_names_the_real_problem(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("plain.m2", "S a b c\n\nS d e\n")
    assert one_line_error(read_m2, p) == f"{p}:1: no 'A' (edit) lines after this 'S' line: not an M2 file"
    q = tmp_text("mac.m2", f"S a b c\r{NOOP.strip()}\r\r")
    msg = one_line_error(read_m2, q)
    assert msg.startswith(f"{q}:1: no 'A' (edit) lines") and "CR-only line endings" in msg
    assert "never appears" not in msg
