"""Issue 42 (1-2): ``gecscope download`` against hostile servers on 127.0.0.1 and hostile
``--base-url`` values. Each case ends within its time limit in one line with exit status 2: no
traceback, no raw control character, no password."""

from __future__ import annotations

import socketserver
import time
from pathlib import Path

import pytest

from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.fetch import Deadline, http_fetch
from test_llm_hardening import raw_server


def cli_line(capsys: pytest.CaptureFixture[str], argv: list[str], limit: float = 20.0) -> str:
    """The one error line of ``gecscope download ARGV``, checked to be printable and timely."""
    start = time.monotonic()
    code = main(["download", *argv])
    took = time.monotonic() - start
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("gecscope: error: ") and "Traceback" not in err
    assert err[:-1].isprintable(), repr(err)
    assert took < limit, took
    return err


def test_a_trickling_server_ends_within_the_deadline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Before: one byte every 2 s held the download indefinitely (the 60 s timeout is per read)."""

    def trickle(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        for _ in range(1000):
            h.wfile.write(b"x")
            h.wfile.flush()
            time.sleep(2)

    with raw_server(trickle) as srv:
        err = cli_line(capsys, [str(tmp_path / "d"), "--base-url", srv["url"], "--deadline", "3"], limit=6)
    assert "download failed (the download's 3 s deadline passed" in err and "--deadline" in err


def test_a_stalled_body_ends_within_the_deadline(tmp_path: Path) -> None:
    def stall(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\nxx")
        h.wfile.flush()
        time.sleep(30)

    with raw_server(stall) as srv:
        start = time.monotonic()
        with pytest.raises(InputError, match="deadline passed"):
            http_fetch(srv["url"] + "/a.m2", until=Deadline.after(1.5))
        assert time.monotonic() - start < 3


def test_a_garbage_status_line_is_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def garbage(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"GARBAGE\x1b[31m red\nsecond line\r\n\r\n")

    with raw_server(garbage) as srv:
        err = cli_line(capsys, [str(tmp_path / "d"), "--base-url", srv["url"]])
    assert "\x1b" not in err and "BadStatusLine" in err and "\\x1b[31m" in err


def test_a_redirect_loop_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def loop(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 302 Found\r\nLocation: /again\r\nContent-Length: 0\r\n\r\n")

    with raw_server(loop) as srv:
        err = cli_line(capsys, [str(tmp_path / "d"), "--base-url", srv["url"]])
    assert "download failed (HTTP 302" in err and "redirect" in err


@pytest.mark.parametrize("suffix", ["\r\nX-Evil: 1/", "\n/", "\x1b[2J/", " x/"])
def test_a_base_url_with_a_control_character_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    err = cli_line(capsys, [str(tmp_path / "d"), "--base-url", "http://127.0.0.1:9/" + suffix])
    assert "--base-url" in err and "a space or a control character" in err
    assert not (tmp_path / "d").exists()


def test_a_password_in_the_base_url_is_never_shown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    def missing(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")

    with raw_server(missing) as srv:
        url = srv["url"].replace("http://", "http://alice:s3cr3t-pw@")
        err = cli_line(capsys, [str(tmp_path / "d"), "--base-url", url])
    assert "s3cr3t-pw" not in err and "alice:<redacted>@127.0.0.1" in err


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e300", "x"])
def test_a_bad_deadline_names_its_option(capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["download", str(tmp_path / "d"), "--deadline", value])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and f"argument --deadline: {value}:" in err


def test_the_shared_escaping() -> None:
    from gecscope.fetch import one_line, redact_url

    assert one_line("GARBAGE\x1b[31m\r\nnext") == "GARBAGE\\x1b[31m\\r\\nnext"
    assert redact_url("https://u:pw@host:8/a?b") == "https://u:<redacted>@host:8/a?b"
    assert redact_url("https://host/a") == "https://host/a"
    assert redact_url("https://tok@host/a") == "https://<redacted>@host/a"
