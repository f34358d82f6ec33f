"""``gecscope`` command line: a thin shell (parse -> config -> API -> render).

Every error is one line on stderr (``gecscope: error: ...``) with exit status 2; a mistyped
choice gets a "did you mean"; Ctrl-C exits 130 with one line; ``--quiet`` turns progress off.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any, NoReturn

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
    "convert": "text to M2, M2 to text",
    "meta": "meta-evaluation against human judgments",
    "download": "download the public data sets (GJG15, SEEDA, CoNLL-2014, shared-task test sets)",
    "report": "HTML report comparing several systems",
    "compare": "compare systems: confidence intervals and paired significance tests",
    "cite": "BibTeX of the metrics', test sets' and protocols' papers",
    "multigec": "score systems on every MultiGEC-2025 subcorpus",
}


#: the description heading each sub-command's ``--help`` (built with :func:`command_parser`)
DESCRIPTION = {
    "explain": "Show CLEME chunks of sentences.",
    "download": (
        "Fetch the public meta-evaluation data and the public shared-task test sets from their "
        "original repositories (licence-gated sets: listed, never fetched)."
    ),
    "compare": (
        "Score several systems with several metrics: each one's score and difference to the "
        "baseline with their intervals, paired p-values, and which is better (docs/compare.md)."
    ),
    "cite": (
        "Print the BibTeX entry of each metric's paper (and the tool whose numbers it equals), "
        "of each named test set's paper(s) and of each protocol's shared task and scorer."
    ),
    "multigec": (
        "Score one or several systems on every MultiGEC-2025 subcorpus of a folder, as the "
        "shared task does (syntok essays, tag-free ERRANT P/R/F0.5, GLEU as gleu -f), in its results' tables."
    ),
}


def command_parser(sub: Any, name: str) -> argparse.ArgumentParser:
    """Sub-command ``name``'s parser, with its :data:`HELP` line and :data:`DESCRIPTION`."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=HELP[name], description=DESCRIPTION[name])
    return parser


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
            import difflib  # only for a mistyped choice

            close = difflib.get_close_matches(match.group(1), choices, n=1, cutoff=0.5)
            hint = f"did you mean '{close[0]}'?" if close else "choose from " + ", ".join(choices)
            message = message[: match.start()] + f"invalid choice: '{match.group(1)}' ({hint})"
        self.exit(2, f"gecscope: error: {message} (see '{self.prog} --help')\n")


#: a sub-command's ``--help`` is at most this many lines; a longer one lists only :data:`BRIEF`
HELP_LINES = 80
#: the options a short ``--help`` lists: inputs, the common metric settings, the tests, the output
#: (``--help-all`` lists every option; docs/cli.md has them all in one table)
BRIEF = frozenset(
    {
        *("--help", "--help-all", "--hyp-m2", "--ref-m2", "--source", "--hyp", "--ref", "--name", "--jsonl"),
        *("--test-set", "--example", "--lang", "--metric", "--cat", "--baseline"),
        *("--test", "--bootstrap", "--trials", "--significance", "--correction", "--family", "--components"),
        *("--intervals", "--format", "--output", "--per-sentence", "--quiet", "--line", "--what"),
    }
)
#: the metric settings ``score``'s short help lists too (``compare`` and ``report``: --help-all)
BRIEF_SETTINGS = {"score": frozenset({"--level", "--beta", "--factors"})}
#: shorter texts for a short help (the full ones: --help-all)
SHORT_HELP = {
    "--test-set": "a named test set (conll14, jfleg, ...: docs/multilingual.md)",
    "--lang": "language (default en; docs/languages.md)",
}


def brief(p: argparse.ArgumentParser, command: str) -> None:
    """Shorten ``p``'s help when it runs past :data:`HELP_LINES`: only the :data:`BRIEF` options
    (``--metric`` as a list of names), then where the others are."""
    if len(p.format_help().splitlines()) <= HELP_LINES:
        return
    hidden = 0
    for action in p._actions:
        if not action.option_strings or action.help is argparse.SUPPRESS:
            continue
        flags = set(action.option_strings)
        if not (BRIEF | BRIEF_SETTINGS.get(command, frozenset())) & flags:
            action.help = argparse.SUPPRESS
            hidden += 1
        elif short := next((SHORT_HELP[f] for f in action.option_strings if f in SHORT_HELP), None):
            action.help = short
        elif "--metric" in action.option_strings and action.choices:
            default = " ".join(action.default or [])
            count = len(list(action.choices))
            action.help = f"one or several of the {count} metrics (default {default}; their names: --help-all)"
    p.epilog = (
        f"{hidden} more options (metric and model settings, alignment, caches, rarely used ones): "
        f"'gecscope {command} --help-all', or docs/cli.md"
    )


def add_common(p: argparse.ArgumentParser, progress: bool = True) -> None:
    """Options every sub-command has (a command without ``progress`` accepts ``--quiet``, unlisted)."""
    p.add_argument(
        "--quiet", "-q", action="store_true", help="no progress bars on stderr" if progress else argparse.SUPPRESS
    )


def add_choice(p: Any, flag: str, choices: Sequence[str], help: str) -> None:
    """An option taking one of ``choices``; the first is its default."""
    p.add_argument(flag, choices=list(choices), default=choices[0], help=help)


def add_cache_args(p: argparse.ArgumentParser) -> None:
    """The cache options of every command that aligns (``score`` has them among its model options)."""
    g = p.add_argument_group("caches")
    g.add_argument("--no-cache", dest="cache", action="store_false", help="do not read or write the alignment cache")
    g.add_argument("--cache-dir", help="alignment cache (default $GECSCOPE_CACHE or ~/.cache/gecscope)")


def build_parser(only: str | None = None, *, short: bool = False) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` that sub-command in full and the others as names
    with their help line (what ``gecscope --help`` and a mistyped command need), imported on dispatch.
    ``short``: each sub-command's help within :data:`HELP_LINES` (see :func:`brief`)."""
    parser = Parser(prog="gecscope", description="Evaluate grammatical error correction systems.")
    parser.add_argument("--version", action="version", version=f"gecscope {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name in HELP:
        if only is None or name == only:
            _add_command(sub, name, short)
        else:
            sub.add_parser(name, help=HELP[name])
    return parser


def _add_command(sub: argparse._SubParsersAction, name: str, short: bool = False) -> None:  # type: ignore[type-arg]
    module = COMMANDS[name]
    module.add_parser(sub)
    p = sub.choices[name]
    p.add_argument("--help-all", action="help", help="show every option (metric settings, rarely used ones) and exit")
    if not getattr(module, "OWN_COMMON_OPTIONS", False):
        add_common(p, getattr(module, "PROGRESS", True))
    options = {o for a in p._actions for o in a.option_strings}
    if "--hyp-m2" in options:
        add_swap_arg(p)
    if "--aligner" in options and "--cache-dir" not in options:
        add_cache_args(p)
    if short:
        brief(p, name)


def command_of(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names: its first word that is not an option (the top level has no
    option that takes a value)."""
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    if "numpy" not in sys.modules:  # OpenBLAS's idle threads spin 2^28 cycles each after start-up
        os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")
    try:
        process = argv is None  # the process's own command line: gecscope, python -m gecscope
        argv = sys.argv[1:] if argv is None else list(argv)
        short = bool({"-h", "--help"} & set(argv)) and "--help-all" not in argv
        with _start_up(frozen=process):
            parser = build_parser(command_of(argv) or "", short=short)
        args = parser.parse_args(argv)
        check_swap(args)
        if hasattr(args, "tokenize"):  # every command that reads text input
            from gecscope.cli.preparation import prepare_inputs

            done = prepare_inputs(args)
            if done is not None:
                return done
        with progress.quiet(bool(getattr(args, "quiet", False))), _lexicon_cache(args):
            code = int(COMMANDS[args.command].run(args))
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at interpreter exit
        return code
    except (InputError, MissingExtraError, ValueError) as exc:
        print(f"gecscope: error: {option_names.message(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gecscope: interrupted", file=sys.stderr)
        return 130
    except SystemError as exc:  # Ctrl-C inside compiled code (numba): "returned a result with an exception set"
        if not interrupted(exc):
            raise
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


def _lexicon_cache(args: argparse.Namespace) -> contextlib.AbstractContextManager[None]:
    """The word-lexicon cache where ``--cache-dir``/``--no-cache`` put the alignment cache
    (:mod:`gecscope.align.types.lemma_cache`, imported only when one of them is given)."""
    if getattr(args, "cache_dir", None) is None and getattr(args, "cache", True):
        return contextlib.nullcontext()
    from gecscope.align.types.lemma_cache import lexicon_cache

    return lexicon_cache(getattr(args, "cache_dir", None), getattr(args, "cache", True))


@contextlib.contextmanager
def _start_up(frozen: bool) -> Iterator[None]:
    """With ``frozen`` (the CLI is the process): build the command (its modules imported)
    without the cyclic garbage collector, then move everything built so far out of its sight
    (``gc.freeze``). Start-up makes long-lived objects only (modules, classes, the parser), and
    every later collection would walk them again: ~20-40 ms of a 0.3-1 s run. The collector
    runs as usual for the command's own work. A caller's ``main([...])`` (tests, scripts)
    leaves the collector alone."""
    if not frozen:
        yield
        return
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` wraps a Ctrl-C: a ``KeyboardInterrupt`` among its causes or contexts (numba's
    dispatcher turns one raised inside its call into a ``SystemError``)."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
