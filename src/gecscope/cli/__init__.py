"""``gecscope`` command line: a thin shell (parse -> config -> API -> render).

Every error is one line on stderr (``gecscope: error: ...``) with exit status 2; a mistyped
choice gets a "did you mean"; Ctrl-C exits 130 with one line; ``--quiet`` turns progress off.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import NoReturn

from gecscope import progress
from gecscope.cli import option_names
from gecscope.cli.swap import add_swap_arg, check_swap
from gecscope.errors import InputError, MissingExtraError
from gecscope.version import __version__

#: errors of a write without a file name (``print`` to standard output)
WRITE_ERRORS = {errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}

#: each sub-command (module ``gecscope.cli.<name>``) and its line in ``gecscope --help``; the line
#: must equal the ``help=`` of the module's ``add_parser`` (tests/test_cli_startup.py checks it)
HELP = {
    "score": "score one or several system outputs",
    "explain": "chunk table of a sentence",
    "convert": "text to M2",
    "meta": "meta-evaluation against human judgments",
    "download": "download GJG15 / SEEDA / CoNLL-2014 data",
    "report": "HTML report comparing several systems",
    "compare": "compare systems: confidence intervals and paired significance tests",
    "cite": "BibTeX of the metrics' papers",
    "multigec": "score systems on every MultiGEC-2025 subcorpus",
}


class Commands(Mapping[str, ModuleType]):
    """The sub-command modules, each imported when first looked up (so a command loads only its own)."""

    def __getitem__(self, name: str) -> ModuleType:
        if name not in HELP:
            raise KeyError(name)
        return import_module(f"gecscope.cli.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(HELP)

    def __len__(self) -> int:
        return len(HELP)


COMMANDS = Commands()


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


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` that sub-command in full and the others as names
    with their help line (what ``gecscope --help`` and a mistyped command need), imported on dispatch."""
    parser = Parser(prog="gecscope", description="Evaluate grammatical error correction systems.")
    parser.add_argument("--version", action="version", version=f"gecscope {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in HELP:
        if only is None or name == only:
            _add_command(sub, name)
        else:
            sub.add_parser(name, help=HELP[name])
    return parser


def _add_command(sub: argparse._SubParsersAction, name: str) -> None:  # type: ignore[type-arg]
    module = COMMANDS[name]
    module.add_parser(sub)
    p = sub.choices[name]
    if not getattr(module, "OWN_COMMON_OPTIONS", False):
        add_common(p)
    options = {o for a in p._actions for o in a.option_strings}
    if "--hyp-m2" in options:
        add_swap_arg(p)
    if "--aligner" in options and "--cache-dir" not in options:
        add_cache_args(p)


def command_of(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names: its first word that is not an option (the top level has no
    option that takes a value)."""
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    if "numpy" not in sys.modules:  # OpenBLAS's idle threads spin 2^28 cycles each after start-up
        os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(command_of(argv) or "")
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
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
