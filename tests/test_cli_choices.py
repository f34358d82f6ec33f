"""``gecscope.cli.add_choice``: an option taking one of its choices, the first by default (explain's
--format and --color, the inputs' --executor)."""

from __future__ import annotations

import argparse

import pytest

from gecscope.cli import add_choice, build_parser


def test_the_first_choice_is_the_default() -> None:
    p = argparse.ArgumentParser()
    add_choice(p, "--format", ("table", "json"), "how")
    assert p.parse_args([]).format == "table"
    assert p.parse_args(["--format", "json"]).format == "json"
    with pytest.raises(SystemExit):
        p.parse_args(["--format", "csv"])


def test_explain_and_the_inputs_declare_their_choices_with_it() -> None:
    args = build_parser("explain").parse_args(["explain", "--example"])
    assert (args.format, args.color, args.executor) == ("table", "auto", "processes")
