"""``gecscope score`` on M2 input, shard by shard (bounded memory; see :mod:`gecscope.streaming`).

Used when every requested metric is :func:`~gecscope.streaming.streamable` and the input is
hypothesis M2 file(s) with a reference M2 file (English, not standard input), and no sentence
texts are asked for (``--with-text``): the numbers, rows and signatures are those of the
one-shot path. Anything else (text input, which aligns; JSONL; ``--cat`` for M2 and the CLEME
family; model weightings) takes the one-shot path. A bad input is re-read by the one-shot path,
so its error message is the one that path gives.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from gecscope.errors import InputError
from gecscope.result import Score
from gecscope.signature import extend_signature
from gecscope.types import Example

#: sentences per shard (``GECSCOPE_SHARD_SIZE`` overrides it)
DEFAULT_SHARD = 20_000


def shard_size() -> int:
    value = os.environ.get("GECSCOPE_SHARD_SIZE", "")
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_SHARD


def eligible(metrics: Sequence[Any], args: argparse.Namespace) -> bool:
    """Whether ``gecscope score`` can stream these metrics over these inputs exactly."""
    from gecscope.streaming import streamable

    hyp_m2 = args.hyp_m2 if isinstance(args.hyp_m2, list) else [args.hyp_m2] if args.hyp_m2 else []
    if not hyp_m2 or not args.ref_m2 or "-" in (*hyp_m2, args.ref_m2):
        return False
    if args.source or args.hyp or args.ref or args.jsonl or args.example or getattr(args, "ref_tsv", None):
        return False
    if getattr(args, "with_text", False) or str(getattr(args, "lang", "en")) != "en":
        return False
    return all(streamable(m) for m in metrics)


def _sentences(path: str) -> int | None:
    """The number of ``S`` lines (for the progress ETA), or ``None`` when no bar is drawn."""
    from gecscope.progress import wanted

    if not wanted():
        return None
    with open(path, "rb") as fh:
        return sum(1 for line in fh if line.startswith(b"S ") or line.rstrip(b"\r\n") == b"S")


def _counting_han(shards: Iterable[Sequence[Example]], counts: list[int]) -> Iterator[Sequence[Example]]:
    """The shards, unchanged, adding up their sources' Han and non-space characters in ``counts``."""
    from gecscope.align.languages import han_counts

    for shard in shards:
        han, total = han_counts("".join(e.source) for e in shard)
        counts[0] += han
        counts[1] += total
        yield shard


def score_streamed(metrics: Sequence[Any], args: argparse.Namespace) -> tuple[list[Score], list[str]]:
    """Scores in the one-shot path's order (metric by metric, system by system), and the names."""
    from gecscope.align.languages import refuse_cjk_counts
    from gecscope.cli.inputs import system_names
    from gecscope.cli.preparation import input_signature
    from gecscope.io.shards import m2_shards
    from gecscope.pipeline import edit_fields, uses
    from gecscope.streaming import score_shards

    names = system_names(args)
    hyp_m2 = args.hyp_m2 if isinstance(args.hyp_m2, list) else [args.hyp_m2]
    named = len(names) > 1 or bool(getattr(args, "name", None))
    found: dict[tuple[int, str], Score] = {}
    size = shard_size()
    for name, path in zip(names, hyp_m2, strict=True):
        counts = [0, 0]
        shards = _counting_han(m2_shards(path, args.ref_m2, size=size), counts)
        scores = score_shards(metrics, shards, total=_sentences(path), desc=f"scoring {name}")
        refuse_cjk_counts((counts[0], counts[1]), path)  # as the one-shot reader does
        found.update({(k, name): s for k, s in enumerate(scores)})
    out = []
    for k, m in enumerate(metrics):
        fields = input_signature(args, edit_fields(uses(m), (True, True), "none"))  # M2 input carries every edit
        for name in names:
            sig = extend_signature(found[(k, name)].signature, fields)
            out.append(dataclasses.replace(found[(k, name)], signature=sig, system=name if named else ""))
    return out, names


#: a streamed scorer: (metrics, options) -> (scores, system names)
Scorer = Callable[[Sequence[Any], argparse.Namespace], tuple[list[Score], list[str]]]


def run_or_explain(score: Scorer, metrics: Sequence[Any], args: argparse.Namespace) -> tuple[list[Score], list[str]]:
    """``score(metrics, args)``; on bad input, the one-shot reader's error (same message as ever)."""
    try:
        return score(metrics, args)
    except InputError:
        from gecscope.cli.inputs import load_for_metrics

        load_for_metrics(list(metrics), args)  # raises the error the one-shot path has always given
        raise


def score_or_explain(metrics: Sequence[Any], args: argparse.Namespace) -> tuple[list[Score], list[str]]:
    """:func:`score_streamed`; on bad input, the one-shot reader's error (same message as ever)."""
    return run_or_explain(score_streamed, metrics, args)
