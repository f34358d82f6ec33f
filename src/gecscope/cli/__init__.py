"""``gecscope`` command line: a thin shell (parse -> config -> API -> render)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gecscope.cli import compare, convert, download, explain, meta, score
from gecscope.errors import InputError, MissingExtraError
from gecscope.version import __version__

COMMANDS = {"score": score, "explain": explain, "convert": convert, "meta": meta, "download": download}
COMMANDS["compare"] = compare


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gecscope", description="Evaluate grammatical error correction systems.")
    parser.add_argument("--version", action="version", version=f"gecscope {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for _name, module in COMMANDS.items():
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(COMMANDS[args.command].run(args))
    except (InputError, MissingExtraError, ValueError) as exc:
        print(f"gecscope: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
