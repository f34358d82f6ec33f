"""Issue 21: in ``meta report --jobs 2`` the sections' progress bars overwrote each other without
labels. Inside a lane, a bar is labelled with its section and drawn on its own terminal line."""

from __future__ import annotations

import io

import pytest

from gecscope.progress import bar, lane


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def drawn(monkeypatch: pytest.MonkeyPatch, label: str | None, position: int) -> str:
    term = Terminal()
    monkeypatch.setattr("sys.stderr", term)
    if label is None:
        with bar(10, "aligning") as b:
            b.update(3)
    else:
        with lane(label, position), bar(10, "aligning") as b:
            b.update(3)
    return term.getvalue()


def test_a_bar_in_a_lane_is_labelled_and_on_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    out = drawn(monkeypatch, "seeda", 1)
    assert "[seeda] aligning" in out
    assert out.startswith("\n") and "\x1b[A" in out  # moved down one line to draw, then back up


def test_two_lanes_draw_on_different_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = drawn(monkeypatch, "gjg15", 0), drawn(monkeypatch, "table1", 2)
    assert "[gjg15] aligning" in first and not first.startswith("\n")
    assert "[table1] aligning" in second and second.startswith("\n\n")


def test_outside_a_lane_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    out = drawn(monkeypatch, None, 0)
    assert "aligning" in out and "[" not in out.split("aligning")[0]
