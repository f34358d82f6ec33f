"""What every command that reads input does first: the options of the run's setup (``--tokenize``,
``-t``, ``--protocol``, ...), and the setup built from them by the one builder every door calls
(:func:`gecscope.setup.build_setup`), before any work."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gecscope.errors import InputError
from gecscope.setup import Setup


def _test_sets() -> Mapping[str, Any]:
    from gecscope.setup.testsets import TEST_SETS

    return TEST_SETS


class TestSetNames:
    """The names ``-t`` takes, read from :mod:`gecscope.setup.testsets` when a value is checked
    or the names are listed, not when a run's parser is built (issue 38: 8.6 M instructions)."""

    def __contains__(self, name: object) -> bool:
        return name in _test_sets()

    def __iter__(self) -> Iterator[str]:
        return iter(_test_sets())

    def __len__(self) -> int:
        return len(_test_sets())


class ShownHelp:
    """A help text made when the help is shown (argparse reads it with ``%``)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()

    def __bool__(self) -> bool:
        return True

    def strip(self) -> str:
        return self.make().strip()

    def __mod__(self, params: Any) -> str:
        return str(self.make() % params)


def add_tokenize_args(g: Any, *, echo: bool = True) -> None:
    """``--tokenize``, the tokenisation-mismatch override and the named test sets (``-t``; with
    ``echo``, ``--echo`` to print one)."""
    from gecscope.align.tokenizers import TOKENIZERS

    g.add_argument(
        "--tokenize",
        choices=[*TOKENIZERS, "whitespace"],
        help="tokenise text input (source, hypotheses, text references) the same way: "
        + "; ".join(f"{k}: {s.summary}" for k, s in TOKENIZERS.items())
        + " (default: the language's, none for every built-in one). With --ref-m2 the source keeps the M2's tokens",
    )
    g.add_argument(
        "--allow-tokenization-mismatch",
        action="store_true",
        help="score a hypothesis or reference that looks (de)tokenised differently from the source as is",
    )
    g.add_argument(
        "-t",
        "--test-set",
        choices=TestSetNames(),
        action="append",
        metavar="SET",
        help=ShownHelp(
            lambda: (
                "a named test set as its source and references (from 'gecscope download'; score takes "
                "several: -t SET -t SET, one table): " + "; ".join(f"{k}: {t.summary}" for k, t in _test_sets().items())
            )
        ),
    )
    if echo:
        g.add_argument("--echo", choices=["src", "ref"], help="print the test set's source or references and exit")
    g.add_argument(
        "--test-set-file",
        metavar="PATH",
        help=ShownHelp(
            lambda: (
                "your copy of a licence-gated test set given with -t (its reference M2): "
                + "; ".join(f"{k}: {t.gated}" for k, t in _test_sets().items() if t.gated)
            )
        ),
    )
    g.add_argument("--test-set-sha256", metavar="HEX", help="the sha256 --test-set-file must have")
    from gecscope.setup.protocols import PROTOCOLS

    g.add_argument(
        "--protocol",
        choices=list(PROTOCOLS),
        help="a shared task's scoring protocol (language, aligner, metric and settings; -t implies its "
        "set's): " + "; ".join(f"{k}: {p.summary}" for k, p in PROTOCOLS.items()),
    )


def prepare_inputs(args: argparse.Namespace) -> int | None:
    """Before any work, for every command that reads input: build the run's setup from the
    options (:func:`gecscope.setup.build_setup`, the one builder every door calls) and keep it
    as ``args.setup``; a protocol's metrics and settings go into the options the user left unset.
    With ``--echo``, print the test set's source or references and return 0."""
    if isinstance(getattr(args, "test_set", None), list):  # -t repeated (action append)
        names = list(dict.fromkeys(args.test_set))
        if len(names) > 1 and getattr(args, "command", "") != "score":
            raise InputError(f"-t: gecscope {args.command} reads one test set at a time (score takes several)")
        args.test_sets, args.test_set = names, names[0]
        if len(names) > 1:
            return None  # cli/score.py prepares each test set on a copy of these options
    if getattr(args, "echo", None) and not getattr(args, "test_set", None):
        raise InputError("--echo prints a test set: give it with -t")
    setup = setup_of(args)
    for note in setup.notes:
        print(f"gecscope: {note}", file=sys.stderr)
    if setup.protocol is not None and hasattr(args, "metric") and setup.metrics and not args.metric_given:
        args.metric = list(setup.metrics)
    for _, option, value in setup.settings:
        if getattr(args, option, None) is None:
            setattr(args, option, value)
    if getattr(args, "echo", None):
        return _echo(setup, args.echo)
    return None


def one_test_set(args: argparse.Namespace) -> str | None:
    """The one ``-t`` of a run (``-t`` appends: a list once parsed; several are score's alone)."""
    value = getattr(args, "test_set", None)
    if isinstance(value, list):
        names = list(dict.fromkeys(value))
        if len(names) > 1:
            raise InputError(f"-t: one test set at a time here, not {len(names)} (score takes several)")
        return names[0] if names else None
    return value


def setup_of(args: argparse.Namespace) -> Setup:
    """The setup the options describe (built once; ``args.setup``)."""
    if getattr(args, "setup", None) is not None:
        return args.setup  # type: ignore[no-any-return]
    from gecscope.setup import Annotations, InputFiles, build_setup

    def many(name: str) -> tuple[str, ...]:
        value = getattr(args, name, None)
        return tuple(str(v) for v in (value if isinstance(value, list) else [value] if value else []))

    aligner = getattr(args, "aligner", None)
    args.setup = build_setup(
        files=InputFiles(
            source=getattr(args, "source", None),
            hypotheses=many("hyp"),
            hyp_m2=many("hyp_m2"),
            references=many("ref"),
            ref_m2=getattr(args, "ref_m2", None),
            jsonl=getattr(args, "jsonl", None),
            ref_tsv=getattr(args, "ref_tsv", None),
            example=bool(getattr(args, "example", False)),
        ),
        lang=getattr(args, "lang", None),
        tokenize=getattr(args, "tokenize", None),
        aligner=aligner if isinstance(aligner, str) or aligner is None else None,
        annotations=Annotations(
            tagger=getattr(args, "tagger", None),
            source_conllu=getattr(args, "source_conllu", None),
            hyp_conllu=many("hyp_conllu"),
            ref_conllu=many("ref_conllu"),
        ),
        protocol=getattr(args, "protocol", None),
        test_set=one_test_set(args),
        test_set_file=getattr(args, "test_set_file", None),
        test_set_sha256=getattr(args, "test_set_sha256", None),
        metrics=list(args.metric) if getattr(args, "metric_given", False) else None,
        settings=vars(args),
        allow_tokenization_mismatch=bool(getattr(args, "allow_tokenization_mismatch", False)),
    )
    return args.setup  # type: ignore[no-any-return]


def _echo(setup: Setup, what: str) -> int:
    from gecscope.io.text import read_text

    files = setup.files
    if what == "src" and files.source is None and files.ref_m2:  # the reference M2's S lines
        from gecscope.io.m2 import iter_m2

        sys.stdout.write("".join(" ".join(block.source) + "\n" for block in iter_m2(files.ref_m2, True)))
        return 0
    whole = files.source if what == "src" else files.ref_m2 or files.ref_tsv
    if whole:
        sys.stdout.write(read_text(whole))
    else:  # text references side by side, one column per annotator (as sacreBLEU's --echo ref)
        from gecscope.io import read_lines

        columns = [read_lines(r) for r in files.references]
        sys.stdout.write("".join("\t".join(row) + "\n" for row in zip(*columns, strict=True)))
    return 0
