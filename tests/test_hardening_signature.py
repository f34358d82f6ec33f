"""Issue 42 (7): settings are signed exactly, as the shortest text that reads back as the same
number. Before, six significant digits: ``--factors 0.4500004,...`` signed ``0.45`` (with other
numbers than the exact factors) and ``--beta 0.50000001`` signed ``beta:0.5``. Ordinary values
keep their old form (``0.5``, ``1``, ``100``), so no golden signature changes."""

from __future__ import annotations

import json

import pytest

from gecscope.cli import main
from gecscope.signature import number


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.5, "0.5"),
        (1.0, "1"),
        (100.0, "100"),
        (2, "2"),
        (0.05, "0.05"),
        (1e-7, "1e-07"),
        (0.4500004, "0.4500004"),
        (0.50000001, "0.50000001"),
        (1 / 3, "0.3333333333333333"),
        (123456789.0, "123456789"),
    ],
)
def test_numbers_are_signed_exactly(value: float, text: str) -> None:
    assert number(value) == text
    assert float(text) == value


def signature(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["score", "--example", *argv, "--format", "json", "--quiet"]) == 0, capsys.readouterr().err
    return str(json.loads(capsys.readouterr().out)["signature"])


@pytest.mark.parametrize("metric", ["m2", "errant", "cleme", "pt-m2", "green", "m2-macro"])
def test_beta_is_signed_exactly(capsys: pytest.CaptureFixture[str], metric: str) -> None:
    assert "|beta:0.50000001|" in signature(capsys, "--metric", metric, "--beta", "0.50000001")


def test_wodafe_settings_are_signed_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    sig = signature(capsys, "--metric", "wodafe", "--gamma", "0", "--beta", "0.50000001", "--alpha", "1.0000001")
    assert "|beta:0.50000001|" in sig and "|alpha:1.0000001|" in sig


def test_factors_are_signed_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    exact = signature(capsys, "--metric", "cleme2", "--factors", "0.45,0.35,0.15,0.05")
    near = signature(capsys, "--metric", "cleme2", "--factors", "0.4500004,0.3499996,0.15,0.05")
    assert "factors:0.45,0.35,0.15,0.05(0.45,0.35,0.15,0.05)" in exact
    assert "factors:0.4500004,0.3499996,0.15,0.05(0.4500004,0.3499996,0.15,0.05)" in near


def test_ordinary_values_keep_their_signature(capsys: pytest.CaptureFixture[str]) -> None:
    assert "|beta:0.5|" in signature(capsys, "--metric", "m2")
    assert "|beta:2|" in signature(capsys, "--metric", "m2", "--beta", "2")
