"""Files are decoded a block of lines at a time (``gecscope.io.text.raw_blocks``): whatever the
block size, :func:`numbered_lines` and the M2 census give what a line-at-a-time reading gives,
errors (file and line) included."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gecscope.errors import InputError
from gecscope.io import m2, text

BOM = b"\xef\xbb\xbf"
PIECES = [b"a", b"b c", b"\n", b"\r", BOM, b"\xc3\xa9", b"\xff", b" ", b"\xe2\x80\xa8", b"\x85", b"\xc3"]
M2_PIECES = [b"S a b\n", b"A 0 1|||R|||x|||REQUIRED|||-NONE-|||0\n", b"A 1 1|||M|||y|||R|||-|||1", b"|||", b"2"]
M2_PIECES += [b"\n", b"\r", b"A ", b"x", BOM, b"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\r\n"]


def line_at_a_time(path: Path, data: bytes) -> list[object]:
    """What reading one line at a time gives: (number, line) pairs, then the error if any."""
    out: list[object] = []
    if data.startswith(BOM):
        data = data[len(BOM) :]
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    for n, line in enumerate(lines, start=1):
        try:
            decoded = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return [
                *out,
                str(
                    InputError(f"not valid UTF-8 (byte 0x{line[exc.start]:02x}); re-encode the file as UTF-8", path, n)
                ),
            ]
        out.append((n, decoded[:-1] if decoded.endswith("\r") else decoded))
    return out or [str(InputError("empty file", path))]


def read(path: Path) -> list[object]:
    out: list[object] = []
    try:
        out.extend(text.numbered_lines(path))
    except InputError as exc:
        out.append(str(exc))
    return out


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=300, deadline=None)
@given(data=st.lists(st.sampled_from(PIECES), max_size=20).map(b"".join), size=st.sampled_from([1, 2, 3, 7, 1 << 20]))
def test_numbered_lines_whatever_the_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, size: int
) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    monkeypatch.setattr(text, "BLOCK", size)
    assert read(path) == line_at_a_time(path, data)


def test_lines_before_a_bad_one_come_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"one\ntwo\nbad \xff here\nfour\n")
    monkeypatch.setattr(text, "BLOCK", 1 << 20)  # one block: the bad line is in it
    got = []
    with pytest.raises(InputError, match=r"f.txt:3: not valid UTF-8 \(byte 0xff\)"):
        for item in text.numbered_lines(path):
            got.append(item)
    assert got == [(1, "one"), (2, "two")]


def census_line_at_a_time(data: bytes) -> m2.M2Census:
    """The census as a line-at-a-time pass counts (a file's lines: split after each ``\\n``)."""
    parts = data.split(b"\n")
    lines = [p + b"\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    edit_lines, ids, last = 0, set(), b""
    for last in lines:
        if last.startswith(b"A "):
            edit_lines += 1
            try:
                ids.add(int(last.rsplit(b"|||", 1)[-1].decode("utf-8", "replace")))
            except ValueError:
                continue
    return m2.M2Census(edit_lines, frozenset(ids), len(lines) == 1 and b"\r" in last and not last.endswith(b"\n"))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=300, deadline=None)
@given(data=st.lists(st.sampled_from(M2_PIECES), max_size=14).map(b"".join), size=st.sampled_from([1, 5, 1 << 20]))
def test_census_whatever_the_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes, size: int) -> None:
    path = tmp_path / "f.m2"
    path.write_bytes(data)
    monkeypatch.setattr(text, "BLOCK", size)
    assert m2.census(path) == census_line_at_a_time(data)
