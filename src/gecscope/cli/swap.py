"""``--hyp-m2`` and ``--ref-m2`` swapped: a "hypothesis" M2 with two or more annotators is the
plain sign of it (a system output has one), so it is refused before any work, in one line
naming both options; ``--multi-annotator-hyp`` scores annotator 0 of such a file anyway."""

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
    """How many distinct annotator ids the ``A`` lines of ``path`` use (counting stops at 2), and
    the line of the first id other than the first one seen (None when there is one id)."""
    seen: set[str] = set()
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if line.startswith("A "):
                seen.add(line.rstrip("\r\n").rsplit("|||", 1)[-1].strip())
                if len(seen) > 1:
                    return len(seen), number
    return len(seen), None


def check_swap(args: argparse.Namespace) -> None:
    """Refuse a ``--hyp-m2`` file with several annotators unless ``--multi-annotator-hyp``."""
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
