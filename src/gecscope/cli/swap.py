"""Inputs given to the wrong option, caught before any work in one line naming the options.

``--hyp-m2`` and ``--ref-m2`` swapped: a "hypothesis" M2 with two or more annotators is the
plain sign of it (a system output has one); ``--multi-annotator-hyp`` scores annotator 0 of such
a file anyway. An M2 file given as text (``--ref``, ``--hyp``, ``--source``) is named as such,
with the option it belongs to."""

from __future__ import annotations

import argparse

from gecscope.errors import InputError

FLAG = "--multi-annotator-hyp"


def add_swap_arg(p: argparse.ArgumentParser) -> None:
    """The option that lets a hypothesis M2 with several annotators through."""
    p.add_argument(
        FLAG,
        action="store_true",
        help="score annotator 0 of a --hyp-m2 file that has several annotators (else refused as a likely swap)",
    )


def annotators(path: str) -> tuple[int, int | None]:
    """How many distinct annotator ids the edit lines of ``path`` use (counting stops at 2), and
    the line of the first id other than the first one seen (None when there is one id). Only
    well-formed edit lines count (``A`` and six ``|||`` fields): a text file's sentence "A ..." or
    a malformed line is left to the M2 reader, which names it."""
    seen: set[str] = set()
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if line.startswith("A ") and line.count("|||") == 5:
                seen.add(line.rstrip("\r\n").rsplit("|||", 1)[-1].strip())
                if len(seen) > 1:
                    return len(seen), number
    return len(seen), None


#: text options and the M2 option an M2 file given to them belongs to
M2_OPTION = {"ref": "--ref-m2", "hyp": "--hyp-m2", "source": "--hyp-m2 with --ref-m2"}


def looks_like_m2(path: str) -> bool:
    """The file starts (after blank lines) with an ``S`` line followed by an ``A ...|||...`` line."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = [line for _, line in zip(range(50), handle, strict=False) if line.strip()][:2]
    except OSError:
        return False  # the reader names the problem
    return len(head) == 2 and head[0].startswith("S ") and head[1].startswith("A ") and "|||" in head[1]


def check_swap(args: argparse.Namespace) -> None:
    """Refuse an M2 file given to a text option (its line count would be compared instead), and a
    ``--hyp-m2`` file with several annotators unless ``--multi-annotator-hyp``."""
    for name, m2_option in M2_OPTION.items():
        value = getattr(args, name, None)
        for path in value if isinstance(value, list) else [value]:
            if path and path != "-" and looks_like_m2(path):
                raise InputError(f"looks like an M2 file, given to --{name}: use {m2_option}", path, 1)
    hyps = getattr(args, "hyp_m2", None)
    if not hyps or getattr(args, "multi_annotator_hyp", False):
        return
    for path in hyps if isinstance(hyps, list) else [hyps]:
        if path == "-":
            continue  # standard input is read once, by the loader
        try:
            count, line = annotators(path)
        except OSError:
            continue  # the reader names the problem
        if count > 1:
            raise InputError(
                "this --hyp-m2 file has several annotators, as a reference M2 has: are --hyp-m2 and --ref-m2 "
                f"swapped? (if not, give {FLAG} to score its annotator 0)",
                path,
                line,
            )
