"""What every command that reads input does first: named test sets (``-t``, ``--echo``),
``--tokenize`` checked against ``--lang``, and the refusal of a hypothesis or text reference
tokenised differently from the source (:mod:`gecscope.io.tokenization`), before any work;
then the tokenisation of the loaded examples and the signature fields it adds."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gecscope.align.languages import load_language
from gecscope.cli.essays import refuse_icelandic, use_essays
from gecscope.cli.language import language_of
from gecscope.errors import InputError
from gecscope.types import Example


def add_tokenize_args(g: Any, *, echo: bool = True) -> None:
    """``--tokenize``, the tokenisation-mismatch override and the named test sets (``-t``; with
    ``echo``, ``--echo`` to print one)."""
    from gecscope.align.tokenizers import TOKENIZERS
    from gecscope.meta.data.testsets import TEST_SETS

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
        choices=list(TEST_SETS),
        help="a named test set as its source and references (from 'gecscope download'): "
        + "; ".join(f"{k}: {t.summary}" for k, t in TEST_SETS.items()),
    )
    if echo:
        g.add_argument("--echo", choices=["src", "ref"], help="print the test set's source or references and exit")
    g.add_argument(
        "--test-set-file",
        metavar="PATH",
        help="your copy of a licence-gated test set given with -t (its reference M2): "
        + "; ".join(f"{k}: {t.gated}" for k, t in TEST_SETS.items() if t.gated),
    )
    g.add_argument("--test-set-sha256", metavar="HEX", help="the sha256 --test-set-file must have")
    from gecscope.meta.data.protocols import PROTOCOLS

    g.add_argument(
        "--protocol",
        choices=list(PROTOCOLS),
        help="a shared task's scoring protocol (language, aligner, metric and settings; -t implies its "
        "set's): " + "; ".join(f"{k}: {p.summary}" for k, p in PROTOCOLS.items()),
    )


def prepare_inputs(args: argparse.Namespace) -> int | None:
    """Before any work, for every command that reads input: resolve ``-t`` into files (or print
    them with ``--echo`` and return 0), and check ``--tokenize`` against ``--lang`` (a hypothesis or
    reference tokenised differently from the source is refused as the input is read:
    ``gecscope.cli.inputs``)."""
    if getattr(args, "test_set", None):
        _use_test_set(args)
        if getattr(args, "echo", None):
            return _echo(args)
    elif getattr(args, "echo", None):
        raise InputError("--echo prints a test set: give it with -t")
    elif getattr(args, "test_set_file", None):
        raise InputError("--test-set-file is the file of a licence-gated test set: give the set with -t")
    if getattr(args, "protocol", None):
        _use_protocol(args)
    if any(str(p).endswith(".md") for p in _text_inputs(args)):  # MultiGEC essay files
        use_essays(args)
    language = language_of(args)
    own = language.readers is not None  # the language's readers tokenise: --tokenize is not applied
    if args.tokenize != "none" and not own and (args.hyp_m2 or args.jsonl):
        raise InputError("--tokenize applies to text input (--source/--hyp/--ref), not M2 or JSONL", "--tokenize")
    return None


def _same_language(given: Any, wanted: str) -> bool:
    """Whether ``--lang`` (None: not given) names language ``wanted``."""
    return given is None or load_language(given).code == load_language(wanted).code


def _text_inputs(args: argparse.Namespace) -> list[str]:
    hyp = getattr(args, "hyp", None)
    hyps = hyp if isinstance(hyp, list) else [hyp]
    return [str(p) for p in (getattr(args, "source", None), *hyps, *getattr(args, "ref", [])) if p]


def _use_test_set(args: argparse.Namespace) -> None:
    from gecscope.meta.data.testsets import TEST_SETS, locate, user_files

    options = {"--source": args.source, "--ref": args.ref, "--ref-m2": args.ref_m2, "--ref-tsv": args.ref_tsv}
    given = [o for o, v in options.items() if v]
    if given or args.jsonl or args.example:
        raise InputError(f"-t {args.test_set} gives the source and references; drop {' '.join(given) or '--jsonl'}")
    test = TEST_SETS[args.test_set]
    if test.gated and getattr(args, "test_set_file", None):
        files, args.test_set_signature = user_files(args.test_set, args.test_set_file, args.test_set_sha256)
    else:
        files = locate(args.test_set)
        args.test_set_signature = test.signature
    if test.protocol and not getattr(args, "protocol", None):
        args.protocol = test.protocol
    if not _same_language(getattr(args, "lang", None), test.lang):
        raise InputError(f"-t {args.test_set} is --lang {test.lang}", "--lang")
    args.lang = test.lang
    args.source = str(files["source"])
    args.ref_m2 = str(files["ref_m2"]) if "ref_m2" in files else None
    args.ref = [str(v) for k, v in files.items() if k.startswith("ref") and k[3:].isdigit()]
    args.ref_tsv = str(files["ref_tsv"]) if "ref_tsv" in files else None


def _use_protocol(args: argparse.Namespace) -> None:
    """Apply ``--protocol`` (or the one ``-t`` implies) to the options left unset: its language,
    aligner, tokenisation, metrics and their settings. A ``--metric``, ``--aligner``, ``--tokenize``
    or a setting given otherwise (given at all: equal to the option's default counts) is the
    user's, and the protocol's name then stays out of the signature."""
    import sys

    from gecscope.meta.data.protocols import get_protocol

    protocol = get_protocol(args.protocol)
    if protocol.name == "multigec-2025":
        refuse_icelandic(args)
    if hasattr(args, "lang") and protocol.lang is not None:
        if not _same_language(args.lang, protocol.lang):
            raise InputError(f"--protocol {protocol.name} is --lang {protocol.lang}", "--lang")
        args.lang = protocol.lang
    changed = []  # options given otherwise than the protocol: the user's, and the run is not the protocol's
    for option, value in (("aligner", protocol.aligner), ("tokenize", protocol.tokenize)):
        if not hasattr(args, option):
            continue
        if getattr(args, option) is None:  # not given: the protocol's
            setattr(args, option, value)
        elif not _same_option(option, getattr(args, option), value):
            changed.append(f"--{option}")
    if not protocol.tokenisation_check and hasattr(args, "allow_tokenization_mismatch"):
        args.allow_tokenization_mismatch = True  # the official scorer reads the text as given
    metrics = getattr(args, "metric", None)
    if metrics is None:
        return
    if getattr(args, "metric_given", False) and tuple(metrics) != protocol.metrics:
        print(f"gecscope: --metric given: protocol {protocol.name} not applied to it", file=sys.stderr)
        args.protocol_applied = None
        return
    args.metric = list(protocol.metrics)
    for _, name, value in protocol.settings:
        if getattr(args, name, None) is None:
            setattr(args, name, value)
        elif str(getattr(args, name)) != value:
            changed.append(name)
    if changed:
        print(f"gecscope: {', '.join(changed)} given: not protocol {protocol.name}'s setting", file=sys.stderr)
    args.protocol_applied = None if changed else protocol.name


def _same_option(option: str, given: str, wanted: str) -> bool:
    """Whether ``--aligner``/``--tokenize`` ``given`` names the protocol's ``wanted`` (a
    tokeniser's aliases resolved: ``whitespace`` is ``none``)."""
    if option != "tokenize":
        return given == wanted
    from gecscope.align.tokenizer_specs import registered

    try:
        return registered(given) == registered(wanted)
    except ValueError:  # an unknown name: refused with the language's tokenisers later
        return False


def _echo(args: argparse.Namespace) -> int:
    from gecscope.io.text import read_text

    whole = args.source if args.echo == "src" else args.ref_m2 or args.ref_tsv
    if whole:
        sys.stdout.write(read_text(whole))
    else:  # text references side by side, one column per annotator (as sacreBLEU's --echo ref)
        from gecscope.io import read_lines

        columns = [read_lines(r) for r in args.ref]
        sys.stdout.write("".join("\t".join(row) + "\n" for row in zip(*columns, strict=True)))
    return 0


def input_signature(args: argparse.Namespace, fields: dict[str, str]) -> dict[str, str]:
    """``fields`` with the tokenisation ``--tokenize`` applied and the test set ``-t`` named."""
    from gecscope.align.tokenizers import tokenizer_signature

    out = dict(fields)
    tokenize = str(getattr(args, "essays_tokenized", None) or getattr(args, "tokenize", None) or "none")
    if tokenize != "none" and language_of(args).readers is None:
        # with M2 references, hypothesis tokens written together are joined as the M2 source has them
        out["tok"] = tokenizer_signature(tokenize, m2_source=bool(args.ref_m2))
    if getattr(args, "test_set_signature", None):
        out["test"] = args.test_set_signature
    if getattr(args, "protocol_applied", None):
        out["protocol"] = args.protocol_applied
    return out


def tokenized(args: argparse.Namespace, examples: list[Example], name: str = "") -> list[Example]:
    """``examples`` tokenised as ``--tokenize`` asks; with M2 references, says on standard error
    how much of the M2's source tokens the tokenised hypothesis reproduces."""
    from gecscope.align.tokenizers import source_reproduced, tokenize_examples

    language = language_of(args)
    tokenize = getattr(args, "tokenize", None) or "none"
    if tokenize == "none" or language.readers is not None:
        return examples
    out = tokenize_examples(examples, tokenize, language.code)
    said = args.__dict__.setdefault("reproduction_said", set())
    if args.ref_m2 and name not in said:
        said.add(name)
        before, after = source_reproduced(examples), source_reproduced(out)
        print(
            f"gecscope: --tokenize {tokenize}: {name + ' ' if name else ''}reproduces {after:.1%} of the M2 source "
            f"tokens (whitespace tokens: {before:.1%})",
            file=sys.stderr,
        )
    return out
