"""``gecscope download``: fetch the public meta-evaluation data sets."""

from __future__ import annotations

import argparse
from typing import Any

from gecscope.cli import command_parser
from gecscope.errors import InputError
from gecscope.meta.data.download import DEFAULT_BASE, DEFAULT_DEADLINE, MAX_DEADLINE, download


def deadline_arg(text: str) -> float:
    """``--deadline``: seconds, more than 0 and at most a day."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_DEADLINE:
        raise argparse.ArgumentTypeError(f"{text}: give seconds, more than 0 and at most {MAX_DEADLINE:g}")
    return value


def add_parser(sub: Any) -> None:
    p = command_parser(sub, "download")
    p.add_argument(
        "directory",
        nargs="?",
        help="where to put the data (layout of shared/data; default $GECSCOPE_DATA, else "
        "~/.local/share/gecscope/data, which 'gecscope meta' finds without --data)",
    )
    p.add_argument(
        "then", nargs="?", metavar="DIR", help="after 'gmeg': where to put GMEG-Data ('gecscope download gmeg DIR')"
    )
    p.add_argument("--base-url", default=DEFAULT_BASE, help="mirror of the original repositories")
    p.add_argument(
        "--deadline",
        type=deadline_arg,
        default=DEFAULT_DEADLINE,
        metavar="SECONDS",
        help=f"seconds for the whole download, every file together (default {DEFAULT_DEADLINE:g}: the files "
        "are ~25 MB, so a link of ~28 kB/s is enough); a server that trickles its answer is cut off",
    )


def run(args: argparse.Namespace) -> int:
    import os

    from gecscope.fetch import check_url
    from gecscope.setup.shared_tasks import FILES, GATED
    from gecscope.setup.testsets import data_dirs

    check_url(args.base_url, "--base-url")  # before any folder is made
    if args.directory == "gmeg":  # 'gecscope download gmeg [DIR]': GMEG-Data only (a folder named gmeg: ./gmeg)
        from gecscope.meta.data.gmeg_manifest import download_lines

        target = args.then or os.environ.get("GECSCOPE_DATA") or str(data_dirs()[-1])
        print("\n".join(download_lines(target, args.base_url, deadline=args.deadline)))
        return 0
    if args.then is not None:
        raise InputError(f"one directory only, got {args.directory!r} and {args.then!r}")
    if args.directory is None:  # where 'gecscope meta' looks last
        args.directory = os.environ.get("GECSCOPE_DATA") or str(data_dirs()[-1])
    result = download(args.directory, args.base_url, shared_tasks=FILES, deadline=args.deadline)
    print(f"downloaded {len(result['downloaded'])} files, derived {len(result['derived'])} into {args.directory}")
    for name, (_, _, _, how) in GATED.items():  # licence-gated: never fetched
        print(f"not downloaded (licence-gated): -t {name}: {how}, then -t {name} --test-set-file PATH")
    return 0
