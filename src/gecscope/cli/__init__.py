"""``gecscope`` command line: a thin shell (parse -> config -> API -> render).

Every error is one line on stderr (``gecscope: error: ...``) with exit status 2; a mistyped
choice gets a "did you mean"; Ctrl-C exits 130 with one line; ``--quiet`` turns progress off.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from gecscope import progress
from gecscope.cli import compare, convert, download, explain, meta, option_names, report, score
from gecscope.cli.swap import add_swap_arg, check_swap
from gecscope.errors import InputError, MissingExtraError
from gecscope.version import __version__

#: errors of a write without a file name (``print`` to standard output)
WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}

COMMANDS: dict[str, Any] = {
    "score": score,
    "explain": explain,
    "convert": convert,
    "meta": meta,
    "download": download,
    "report": report,
    "compare": compare,
}


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: no usage dump, a "did you mean" for mistyped choices."""

    def error(self, message: str) -> NoReturn:
        match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if match:
            choices = [c.strip().strip("'") for c in match.group(2).split(",")]
            close = difflib.get_close_matches(match.group(1), choices, n=1, cutoff=0.5)
            hint = f"did you mean '{close[0]}'?" if close else "choose from " + ", ".join(choices)
            message = message[: match.start()] + f"invalid choice: '{match.group(1)}' ({hint})"
        self.exit(2, f"gecscope: error: {message} (see '{self.prog} --help')\n")


def add_common(p: argparse.ArgumentParser) -> None:
    """Options every sub-command has."""
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bars on stderr")


def add_cache_args(p: argparse.ArgumentParser) -> None:
    """The cache options of every command that aligns (``score`` has them among its model options)."""
    g = p.add_argument_group("caches")
    g.add_argument("--no-cache", dest="cache", action="store_false", help="do not read or write the alignment cache")
    g.add_argument("--cache-dir", help="alignment cache (default $GECSCOPE_CACHE or ~/.cache/gecscope)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="gecscope", description="Evaluate grammatical error correction systems.")
    parser.add_argument("--version", action="version", version=f"gecscope {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for module in COMMANDS.values():
        module.add_parser(sub)
    for name, p in sub.choices.items():
        if name in COMMANDS and not getattr(COMMANDS[name], "OWN_COMMON_OPTIONS", False):
            add_common(p)
        options = {o for a in p._actions for o in a.option_strings}
        if "--hyp-m2" in options:
            add_swap_arg(p)
        if "--aligner" in options and "--cache-dir" not in options:
            add_cache_args(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        check_swap(args)
        if hasattr(args, "tokenize"):  # every command that reads text input
            from gecscope.cli.preparation import prepare_inputs

            done = prepare_inputs(args)
            if done is not None:
                return done
        with progress.quiet(bool(getattr(args, "quiet", False))):
            code = int(COMMANDS[args.command].run(args))
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at interpreter exit
        return code
    except (InputError, MissingExtraError, ValueError) as exc:
        print(f"gecscope: error: {option_names.message(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gecscope: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as exc:  # reading or writing failed where no reader or writer named the file
        if exc.filename:
            line = f"{exc.filename}: {exc.strerror or exc}"
        elif exc.errno in WRITE_ERRORS:  # printing the result: a full disk, a broken device
            line = f"standard output: {exc.strerror or exc}"
        else:
            line = f"{type(exc).__name__}: {exc}"
        print(f"gecscope: error: {line}", file=sys.stderr)
        _silence_stdout()
        return 2


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit cannot fail a second time."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
