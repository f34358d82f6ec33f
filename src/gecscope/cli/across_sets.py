"""``gecscope score -t SET -t SET ...``: one or several systems across several named test sets,
one table (rows: systems; a column group per test set).

Each test set runs the single-set path of ``gecscope score`` on its own copy of the options
(:func:`gecscope.cli.preparation.prepare_inputs`: the set's files, its protocol's metrics and
settings where the user left them unset). ``--hyp`` gives, for one system, one file per test set
in the order of the ``-t``; for several systems, one folder per system holding ``SET.txt`` for
every test set (``--name`` names the systems; default: the folders' names).
"""

from __future__ import annotations

import argparse
import copy
import json
from pathlib import Path

from gecscope import api
from gecscope.errors import InputError
from gecscope.result import Score

#: the formats a table across test sets is printed in (``table``: the Markdown grid)
FORMATS = ("table", "markdown", "latex", "json")


def hypotheses(args: argparse.Namespace, sets: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """The system names and, per test set, each system's output file."""
    given = [str(h) for h in (args.hyp or [])]
    if getattr(args, "hyp_m2", None) or getattr(args, "jsonl", None) or not given:
        raise InputError(
            "-t SET -t SET ...: give the system outputs as text with --hyp (one file per test set, "
            "or one folder per system holding SET.txt for each)"
        )
    folders = all(Path(h).is_dir() for h in given)
    if not folders and len(given) != len(sets):
        raise InputError(
            f"--hyp: {len(given)} files for {len(sets)} test sets: give one file per -t (one system), "
            "or one folder per system holding SET.txt for each test set"
        )
    count = len(given) if folders else 1
    names = [str(n) for n in getattr(args, "name", None) or []]
    if names and len(names) != count:
        raise InputError(f"--name: {len(names)} names for {count} system(s)")
    if folders:
        names = names or [Path(h).name for h in given]
        files = {s: [str(Path(h) / f"{s}.txt") for h in given] for s in sets}
        missing = [f for fs in files.values() for f in fs if not Path(f).is_file()]
        if missing:
            raise InputError(f"--hyp: no {missing[0]} (a folder per system holds SET.txt for each -t SET)")
    else:
        names = names or ["system"]
        files = {s: [h] for s, h in zip(sets, given, strict=True)}
    return names, files


def run_sets(args: argparse.Namespace) -> int:
    """Score every test set on its own copy of ``args`` and print one table across them."""
    from gecscope.cli.inputs import score_inputs
    from gecscope.cli.preparation import prepare_inputs
    from gecscope.cli.settings import metric_options
    from gecscope.extras import check_metric
    from gecscope.report.paper import render, sets_table

    sets = list(args.test_sets)
    if args.format not in FORMATS:
        raise InputError(f"--format {args.format}: a table across test sets is {', '.join(FORMATS)}")
    if args.per_sentence or args.with_text:
        raise InputError("--per-sentence/--with-text: one test set at a time")
    names, files = hypotheses(args, sets)
    by_set: dict[str, list[Score]] = {}
    for name in sets:
        sub = copy.copy(args)
        sub.test_set, sub.test_sets, sub.setup = name, [name], None
        sub.hyp, sub.name = files[name], names
        prepare_inputs(sub)
        metrics = [api.get_metric(m, **options) for m, options in metric_options(sub).items()]
        for metric in metrics:
            check_metric(metric)
        scored, _ = score_inputs(metrics, sub)
        by_set[name] = [s if s.system else _named(s, names[0]) for s in scored]
    if args.format == "json":
        print(
            json.dumps(
                [{"test_set": k, **s.as_dict()} for k, v in by_set.items() for s in v],
                indent=2,
            )
        )
    else:
        print(
            render(
                sets_table(by_set),
                "markdown" if args.format == "table" else args.format,
            ),
            end="",
        )
    return 0


def _named(score: Score, name: str) -> Score:
    import dataclasses

    return dataclasses.replace(score, system=name)
