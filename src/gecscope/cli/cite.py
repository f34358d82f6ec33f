"""``gecscope cite``: the BibTeX of each metric, named test set or protocol named.

A metric's entry comes from the registry (``MetricSpec.cite``); a test set's and a protocol's
from :data:`TEST_SETS` and :data:`PROTOCOLS` here (BibTeX keys of ``metrics/citations.bib``):
the papers that made the data (or, where none is named, the data's own repository) and, for a
protocol, those of its scorer. Each entry is printed once, however many names share it.
"""

from __future__ import annotations

import argparse
import difflib
from typing import Any

from gecscope.cli import command_parser
from gecscope.cli.option_names import metric_arg

#: no progress to report: ``--quiet`` is accepted but not listed
PROGRESS = False

_CONLL = ("ng-etal-2014-conll",)
_UA = ("syvokon-etal-2023-ua",)
_UNLP = ("syvokon-romanyshyn-2023-unlp", "syvokon-etal-2023-ua")
_JFLEG = ("napoles-etal-2017-jfleg",)
_CWEB = ("flachs-etal-2020-grammatical",)
_INDIC = ("indicgec-2025",)
_QALB = ("mohit-etal-2014-first", "rozovskaya-etal-2015-second")

#: named test set (gecscope.setup.testsets.TEST_SETS) -> the BibTeX keys of its papers
TEST_SETS: dict[str, tuple[str, ...]] = {
    "conll14": _CONLL,
    "conll14-errant": (*_CONLL, "bryant-etal-2017-automatic"),
    "seeda": ("kobayashi-etal-2024-revisiting", *_CONLL),
    "mucgec-dev": ("zhang-etal-2022-mucgec",),
    "ua-gec": _UA,
    "ua-gec-fluency": _UA,
    "unlp-2023": _UNLP,
    "unlp-2023-fluency": _UNLP,
    "estgec-l2": ("estgec-l2-corpus",),
    "tartu-l1": ("tartunlp-estgec",),
    "jfleg": _JFLEG,
    "jfleg-dev": _JFLEG,
    "cweb": _CWEB,
    "cweb-s": _CWEB,
    **{f"indicgec-{code}": _INDIC for code in ("hi", "bn", "ml", "ta", "te")},
    "bea19-dev": ("bryant-etal-2019-bea",),
    "fce": ("yannakoudakis-etal-2011-new", "bryant-etal-2019-bea"),
    "falko-merlin": ("boyd-2018-using",),
    "geccc": ("naplava-etal-2022-czech",),
    "multigec-2025": ("masciolini-etal-2025-multigec", "multigec-2025-data"),
    "qalb14": _QALB[:1],
    "qalb15-l1": _QALB[1:],
    "qalb15-l2": _QALB[1:],
    **{
        name: ("habash-palfreyman-2022-zaebuc",)
        for name in ("zaebuc", "zaebuc-nopnx", "zaebuc-dev", "zaebuc-dev-nopnx")
    },
}

#: protocol (gecscope.setup.protocols.PROTOCOLS) -> the BibTeX keys of its shared task and scorer
PROTOCOLS: dict[str, tuple[str, ...]] = {
    "multigec-2025": ("masciolini-etal-2025-multigec", "bryant-etal-2017-automatic", "napoles-etal-2015-ground"),
    "estgec": ("tartunlp-estgec", "dahlmeier-ng-2012-better"),
    "unlp-2023": ("syvokon-romanyshyn-2023-unlp", "bryant-etal-2017-automatic"),
    "jfleg": (*_JFLEG, "napoles-etal-2015-ground"),
    "m2scorer": ("dahlmeier-ng-2012-better",),
    "bea19": ("bryant-etal-2019-bea", "bryant-etal-2017-automatic"),
    "indicgec-2025": _INDIC,
    "qalb": _QALB,
    "qalb-nopnx": _QALB,
    "fcgec": ("xu-etal-2022-fcgec",),
    "nacgec": ("ma-etal-2022-linguistic",),
}


def add_parser(sub: Any) -> None:
    p = command_parser(sub, "cite")
    p.add_argument(
        "name",
        nargs="+",
        type=cite_arg,
        help="metrics (cleme2 errant; aliases accepted), test sets (jfleg estgec-l2) or protocols (bea19)",
    )


def cite_arg(text: str) -> str:
    """A test set or protocol name (any case) as it is; else a metric, through ``metric_arg``;
    else a "did you mean" over all three."""
    lowered = text.strip().lower()
    if lowered in TEST_SETS or lowered in PROTOCOLS:
        return lowered
    try:
        return metric_arg(text)
    except argparse.ArgumentTypeError:
        from gecscope.metrics import METRICS

        names = [*METRICS, *TEST_SETS, *PROTOCOLS]
        near = difflib.get_close_matches(lowered, names, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else f" (metrics, test sets or protocols: {', '.join(names)})"
        raise argparse.ArgumentTypeError(f"{text!r} is no metric, test set or protocol{hint}") from None


def _entries(keys: tuple[str, ...], printed: set[str]) -> list[str]:
    from gecscope.metrics.base import citations

    found = citations()
    out = [found[k] for k in keys if k not in printed]
    printed.update(keys)
    return out


def run(args: argparse.Namespace) -> int:
    from gecscope.metrics import METRICS
    from gecscope.setup.protocols import PROTOCOLS as DECLARED_PROTOCOLS
    from gecscope.setup.testsets import TEST_SETS as DECLARED_SETS

    printed: set[str] = set()
    for name in dict.fromkeys(args.name):
        if name in TEST_SETS or name in PROTOCOLS:
            blocks = []
            if name in TEST_SETS:
                test_set = DECLARED_SETS[name]
                blocks.append(f"% test set {name}: {test_set.summary}")
                blocks += _entries(TEST_SETS[name], printed)
            if name in PROTOCOLS:
                blocks.append(f"% protocol {name}: {DECLARED_PROTOCOLS[name].summary}")
                blocks += _entries(PROTOCOLS[name], printed)
            print("\n\n".join(blocks), end="\n\n")
            continue
        spec = METRICS[name]
        print(f"% {name}: {spec.summary}\n% official tool: {spec.tool}")
        if spec.cite and spec.cite in printed:
            print(f"% (its paper: {spec.cite}, above)", end="\n\n")
            continue
        printed.add(spec.cite)
        print(spec.citation or "% (no paper: gecscope's own definition)", end="\n\n")
    return 0
