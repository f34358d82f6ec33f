"""Issue 21: the LLM client against a garbage status line, headers dripped slowly, endpoints with
a space or CR/LF, and huge timeouts or retry counts (servers on 127.0.0.1 only)."""

from __future__ import annotations

import socketserver
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gecscope.cli import main
from gecscope.errors import SettingError
from gecscope.weighting.config import LLMConfig
from gecscope.weighting.llm_client import LLMServerError
from test_llm_hardening import rater, raw_server


def test_a_garbage_status_line_is_one_line() -> None:
    def garbage(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"GARBAGE\x00\xff nonsense\r\n\r\n")

    with raw_server(garbage) as srv, pytest.raises(LLMServerError) as err:
        rater(srv["url"], retries=1).rate(["x"])
    text = str(err.value)
    assert text.endswith("BadStatusLine: GARBAGE\\x00\xff nonsense after 2 attempt(s)")
    assert text.isprintable()


def test_headers_dripped_line_by_line_hit_the_deadline() -> None:
    def drip(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(1000):
            h.wfile.write(b"X-A: b\r\n")
            h.wfile.flush()
            time.sleep(0.05)

    with raw_server(drip) as srv:
        start = time.monotonic()
        with pytest.raises(LLMServerError, match="deadline after 1 attempt"):
            rater(srv["url"], timeout=0.5, retries=0).rate(["x"])
        assert time.monotonic() - start < 2.0


@pytest.mark.parametrize("suffix", [" x", "\r\nX-Evil: 1", "\n", "\t"])
def test_an_endpoint_with_a_space_or_control_character_is_refused(suffix: str) -> None:
    with pytest.raises(SettingError, match=r"endpoint .* holds a space or a control character"):
        LLMConfig(model="m", endpoint="http://127.0.0.1:9/v1" + suffix)


@pytest.mark.parametrize(("option", "value"), [("--llm-timeout", "1e300"), ("--llm-retries", "100000000000000000000")])
def test_huge_timeout_or_retries_are_one_line_naming_the_option(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    argv = ["score", "--example", "--weighting", "llm", "--llm-model", "m", "--llm-endpoint", "http://127.0.0.1:9/v1"]
    assert main([*argv, option, value, "--no-cache", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gecscope: error: --llm-timeout is at most 86400 s, --llm-retries at most 100")
    assert err.count("\n") == 1


def test_the_cli_names_the_endpoint_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "--example", "--weighting", "llm", "--llm-model", "m", "--llm-endpoint", "http://127.0.0.1:9/v 1"]
    assert main([*argv, "--no-cache", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == "gecscope: error: --llm-endpoint 'http://127.0.0.1:9/v 1' holds a space or a control character\n"


def test_back_off_is_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    import gecscope.weighting.llm_client as client

    slept: list[float] = []
    monkeypatch.setattr(client.OpenAIRater, "pause", lambda self, seconds: slept.append(seconds))
    with raw_server(lambda h, n, hd: h.wfile.write(b"HTTP/1.1 500 X\r\nContent-Length: 0\r\n\r\n")) as srv:
        r = rater(srv["url"], retries=3, timeout=1)
        r.backoff = 1e300  # an absurd back-off still sleeps at most the Retry-After cap, never overflows
        with pytest.raises(LLMServerError, match="after 4 attempt"):
            r.rate(["x"])
    assert len(slept) == 3 and max(slept) == client.MAX_RETRY_AFTER


# Issue 34: a client that always ends and never shows the key. Each case runs the command line in
# a subprocess against tests/llm_server.py and must end in one line within 10 s, with the key in
# no output and no file, and no partial file left.

KEY = "sk-gecscope-test-0123456789abcdef"


def cli_env() -> dict[str, str]:
    import os

    src = str(Path(__file__).resolve().parents[1] / "src")
    path = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "OPENAI_API_KEY": KEY, "PYTHONPATH": src + (os.pathsep + path if path else "")}


def llm_argv(tmp_path: Path, url: str, *extra: str) -> list[str]:
    src = tmp_path / "src.txt"
    src.write_text("He go to school .\nI like cat .\n", encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("He goes to school .\nI like cats .\n", encoding="utf-8")
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", "llm-s", "--source", str(src), "--hyp", str(hyp)]
    return [*argv, "--llm-model", "m", "--llm-endpoint", url, "--cache-dir", str(tmp_path / "cache"), "--quiet", *extra]


def no_key_anywhere(tmp_path: Path, *texts: str) -> None:
    for text in texts:
        assert KEY not in text and KEY[:12] not in text
    for f in tmp_path.rglob("*"):
        if f.is_file():
            assert KEY.encode() not in f.read_bytes(), f
            assert not f.name.endswith(("-journal", "-wal", ".tmp", ".part")), f  # no partial file left


@pytest.mark.parametrize(
    ("fault", "extra", "said"),
    [
        ("hang", ["--llm-run-timeout", "3"], "the run's 3 s deadline"),
        ("hang", ["--llm-timeout", "2", "--llm-retries", "0"], "no complete answer within the 2 s deadline"),
        ("reset", [], "ConnectionResetError"),
        ("retry-after", [], "HTTP 429 asking to wait 1e+09 s, more than 30 s after 1 attempt(s)"),
        ("echo-status", [], "BadStatusLine: HTTP/1.1 abc <redacted>"),
        ("echo-header", [], "HTTP 503 after 4 attempt(s)"),
        ("echo-redirect", [], "HTTP 307 redirect to http://127.0.0.1:9/v1?key=<redacted> not followed"),
    ],
)
def test_a_misbehaving_server_ends_in_one_line_without_the_key(
    tmp_path: Path, fault: str, extra: list[str], said: str
) -> None:
    from llm_server import serve

    with serve(lambda prompt: ("4", {}), faults=[fault, "*"]) as srv:
        start = time.monotonic()
        done = subprocess.run(
            llm_argv(tmp_path, srv["url"], *extra), capture_output=True, text=True, timeout=30, env=cli_env()
        )
        took = time.monotonic() - start
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("gecscope: error: "), done.stderr
    assert said in done.stderr
    assert took < 10, took
    no_key_anywhere(tmp_path, done.stdout, done.stderr)


def test_an_answer_echoing_the_key_is_scored_and_cached_without_it(tmp_path: Path) -> None:
    from llm_server import serve

    with serve(lambda prompt: ("4", {}), faults=["echo-body", "*"]) as srv:
        done = subprocess.run(
            llm_argv(tmp_path, srv["url"], "--format", "json"),
            capture_output=True,
            text=True,
            timeout=30,
            env=cli_env(),
        )
    assert done.returncode == 0, done.stderr
    assert '"score": 4.0' in done.stdout
    assert (tmp_path / "cache" / "llm.sqlite").exists()
    no_key_anywhere(tmp_path, done.stdout, done.stderr)


def test_ctrl_c_during_a_request_exits_130_at_once(tmp_path: Path) -> None:
    import signal

    from llm_server import serve

    with serve(lambda prompt: ("4", {}), faults=["hang", "*"]) as srv:
        proc = subprocess.Popen(
            llm_argv(tmp_path, srv["url"]),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(),
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            deadline = time.monotonic() + 30
            while not srv["requests"] and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.05)
            assert srv["requests"], "the request never arrived"
            proc.send_signal(signal.SIGINT)
            start = time.monotonic()
            out, err = proc.communicate(timeout=10)
            took = time.monotonic() - start
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == 130 and err == "gecscope: interrupted\n", err
    assert took < 2, took
    no_key_anywhere(tmp_path, out, err)


def test_the_run_deadline_is_checked_and_named() -> None:
    with pytest.raises(SettingError, match="run_timeout must be from 0"):
        LLMConfig(model="m", run_timeout=1e9)
