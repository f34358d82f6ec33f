"""Issue 21: the LLM client against a garbage status line, headers dripped slowly, endpoints with
a space or CR/LF, and huge timeouts or retry counts (servers on 127.0.0.1 only)."""

from __future__ import annotations

import socketserver
import time

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
