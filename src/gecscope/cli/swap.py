"""Inputs given to the wrong option, caught before any work in one line naming the options.

``--hyp-m2`` and ``--ref-m2`` swapped: a "hypothesis" M2 with two or more annotators is the
plain sign of it (a system output has one); ``--multi-annotator-hyp`` scores annotator 0 of such
a file anyway. An M2 file given as text (``--ref``, ``--hyp``, ``--source``) is named as such,
with the option it belongs to."""

from __future__ import annotations

import argparse

from gecscope.io.swap import annotators, looks_like_m2

__all__ = ["FLAG", "add_swap_arg", "annotators", "check_swap", "looks_like_m2"]

FLAG = "--multi-annotator-hyp"


def add_swap_arg(p: argparse.ArgumentParser) -> None:
    """The option that lets a hypothesis M2 with several annotators through."""
    p.add_argument(
        FLAG,
        action="store_true",
        help="score annotator 0 of a --hyp-m2 file that has several annotators (else refused as a likely swap)",
    )


def check_swap(args: argparse.Namespace) -> None:
    """Refuse an M2 file given to a text option (its line count would be compared instead), and a
    ``--hyp-m2`` file with several annotators unless ``--multi-annotator-hyp``: the pipeline's
    check (:func:`gecscope.reader.check_inputs`), before any work."""
    from gecscope.reader import check_inputs

    def many(name: str) -> list[str]:
        value = getattr(args, name, None)
        return [v for v in (value if isinstance(value, list) else [value]) if v]

    check_inputs(
        source=next(iter(many("source")), None),
        hypotheses=many("hyp"),
        hyp_m2=many("hyp_m2"),
        references=many("ref"),
        multi_annotator_hyp=bool(getattr(args, "multi_annotator_hyp", False)),
    )
