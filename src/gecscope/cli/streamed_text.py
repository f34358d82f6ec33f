"""``gecscope score`` on parallel text input, shard by shard (bounded memory; see :mod:`gecscope.streaming`).

Used when every requested metric is :func:`~gecscope.streaming.streamable`, the input is
``--source`` with one or several ``--hyp`` files and references as ``--ref`` text files and/or a
``--ref-m2`` file, the language is English (``--lang en``) with the ``errant`` or ``levenshtein``
aligner, no input is standard input and no sentence texts are asked for (``--with-text``).
Anything else takes the one-shot path (:func:`gecscope.cli.inputs.load_for_metrics`).

Each shard (``GECSCOPE_SHARD_SIZE`` sentences, default 20,000) of every system is read lazily
(:func:`gecscope.io.shards.text_shards`), its pairs aligned in one call to ONE aligner made for
the whole run (inside its ``keep_workers`` block, so ``--jobs`` worker processes or the Dask
cluster start once and spaCy loads once per worker), analysed by every metric and dropped; the
statistics are stacked and reduced once, so numbers, rows and signatures are those of the
one-shot path. As there:

- a pair over the runaway-alignment guard stops the run; the aligner's ``origin`` is offset by
  the shard's first line, so the error names the file and line;
- the swap warning (:mod:`gecscope.io.sanity`, one system with text references) is computed over
  the whole input in a first reading pass, before anything is aligned, and printed once;
- the progress bar counts sentences over the whole corpus (with an ETA).

A bad input (or a runaway pair) is handed to the one-shot path, which raises the error it has
always raised (same message, file and line).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import sys
from collections.abc import Sequence
from typing import Any

from gecscope.result import Score

#: the aligners whose edits of a pair do not depend on the other pairs aligned with it
ALIGNERS = ("errant", "levenshtein")


def eligible(metrics: Sequence[Any], args: argparse.Namespace) -> bool:
    """Whether ``gecscope score`` can stream these metrics over this text input exactly."""
    from gecscope.streaming import streamable

    hyps = list(args.hyp or [])
    if not hyps or not args.source or not (args.ref or args.ref_m2):
        return False
    if args.hyp_m2 or args.jsonl or args.example or getattr(args, "ref_tsv", None):
        return False
    if "-" in (args.source, *hyps, *args.ref, args.ref_m2):
        return False
    if getattr(args, "with_text", False) or str(getattr(args, "lang", "en")) != "en":
        return False
    if getattr(args, "aligner", None) not in (None, *ALIGNERS):
        return False
    if getattr(args, "tokenize", "none") != "none":  # tokenised in memory by the one-shot reader
        return False
    return bool(metrics) and all(streamable(m) for m in metrics)


def _first_pass(args: argparse.Namespace, size: int) -> tuple[int | None, str | None]:
    """(sentences, swap warning) of the whole input, read once without aligning; the reader's
    errors are raised here, before any work. Only read when there is a warning to compute or
    a bar to draw."""
    from gecscope.io.sanity import SwapTally, swap_tally
    from gecscope.io.shards import text_shards
    from gecscope.progress import wanted

    warn = len(args.hyp) == 1 and bool(args.ref) and args.ref_m2 is None
    if not warn:
        if not wanted():
            return None, None
        with open(args.source, "rb") as fh:
            return sum(1 for _ in fh), None
    tally = SwapTally()
    for shard in text_shards(args.source, args.hyp[0], args.ref, None, size=size):
        tally += swap_tally(shard)
    return tally.lines, tally.warning()


def _refuse_chinese(source: str) -> None:
    """The one-shot path's refusal of mostly-Chinese sources read as English (streamed over the file)."""
    from gecscope.align.languages import han_counts, refuse_cjk_counts

    with open(source, encoding="utf-8", errors="replace") as fh:
        refuse_cjk_counts(han_counts(fh), source)


def score_streamed(metrics: Sequence[Any], args: argparse.Namespace) -> tuple[list[Score], list[str]]:
    """Scores in the one-shot path's order (metric by metric, system by system), and the names."""
    from gecscope.align import get_aligner
    from gecscope.cli.inputs import aligner_from_args, system_names
    from gecscope.cli.preparation import input_signature
    from gecscope.cli.streamed import shard_size
    from gecscope.extras import check_metric
    from gecscope.io.shards import text_shards
    from gecscope.pipeline import align, aligner_name, edit_fields, tokenisation_of, uses
    from gecscope.progress import bar
    from gecscope.signature import extend_signature
    from gecscope.stats import stack
    from gecscope.streaming import analyse_compactly

    names = system_names(args)
    hyps = list(args.hyp)
    named = len(names) > 1 or bool(getattr(args, "name", None))
    size = shard_size()
    _refuse_chinese(args.source)
    total, warning = _first_pass(args, size)
    if warning:
        print(f"gecscope: warning: {warning}", file=sys.stderr)
    readers = [text_shards(args.source, h, args.ref, args.ref_m2, size=size) for h in hyps]
    needs = [uses(m) for m in metrics]
    made: list[Any] = []  # the one aligner, made on the first shard that needs it (as the one-shot path)
    given = [True, True]  # every hypothesis / reference edit came with the input
    parts: dict[tuple[int, str], list[Any]] = {(k, name): [] for k in range(len(metrics)) for name in names}
    start = 0
    with contextlib.ExitStack() as stack_:
        progress = stack_.enter_context(bar(total, "scoring", unit="sent"))

        def make_aligner() -> Any:
            if not made:
                chosen = aligner_from_args(args)  # resolves --aligner from --lang first
                for m in metrics:
                    check_metric(m, aligner=args.aligner if isinstance(args.aligner, str) else None)
                made.append(get_aligner(chosen))
                stack_.enter_context(getattr(made[0], "keep_workers", contextlib.nullcontext)())
                made.append(getattr(made[0], "origin", None))
            if made[1] is not None:  # errors name the file and line: offset by the shard's first line
                made[0].origin = dataclasses.replace(made[1], hypotheses=tuple(hyps), period=n, start=start)
            return made[0]

        for shards in zip(*readers, strict=True):
            n = len(shards[0])
            given[0] = given[0] and all(e.hypothesis.edits is not None for s in shards for e in s)
            given[1] = given[1] and all(r.edits is not None for s in shards for e in s for r in e.references)
            aligned, _ = align(shards, needs, make_aligner=make_aligner)
            del shards
            for k, m in enumerate(metrics):
                for name, shard in zip(names, aligned, strict=True):
                    parts[(k, name)].append(analyse_compactly(m, shard))
            del aligned
            start += n
            progress.update(n)
    label, tok = (aligner_name(made[0]), tokenisation_of(made[0])) if made else ("none", None)
    out = []
    for k, m in enumerate(metrics):
        own = input_signature(args, edit_fields(needs[k], (given[0], given[1]), label, tok))
        for name in names:
            bucket = parts[(k, name)]
            s = m.score_analysis(bucket[0] if len(bucket) == 1 else stack(bucket))
            out.append(
                dataclasses.replace(s, signature=extend_signature(s.signature, own), system=name if named else "")
            )
    return out, names


def score_or_explain(metrics: Sequence[Any], args: argparse.Namespace) -> tuple[list[Score], list[str]]:
    """:func:`score_streamed`; on bad input, the one-shot path's error (same message as ever)."""
    from gecscope.cli.streamed import run_or_explain

    return run_or_explain(score_streamed, metrics, args)
