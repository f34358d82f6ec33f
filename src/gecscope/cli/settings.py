"""The metric settings of ``score``, ``compare`` and ``report``, generated from the registry:
every option a registry entry declares, once, with each metric's help and default. The defaults
live in the metrics' config classes, so they are read (and the metrics' modules imported) only
when the help is shown: parsing a command line imports no metric."""

from __future__ import annotations

import argparse
import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import Any

from gecscope.cli.models import add_model_args, model_options
from gecscope.cli.option_names import metric_arg
from gecscope.metrics import METRICS, Option


def declared(metrics: Iterable[str] | None = None) -> dict[str, list[tuple[str, Option]]]:
    """Option name -> the (metric, option) pairs that declare it, in registry order (of ``metrics``: all)."""
    out: dict[str, list[tuple[str, Option]]] = {}
    for metric, spec in METRICS.items():
        for option in spec.options if metrics is None or metric in metrics else ():
            out.setdefault(option.name, []).append((metric, option))
    return out


def _default(metric: str, name: str) -> Any:
    field = next(f for f in dataclasses.fields(METRICS[metric].config) if f.name == name)
    return field.default if field.default is not dataclasses.MISSING else None


def _help(uses: list[tuple[str, Option]]) -> str:
    texts: dict[str, list[str]] = {}
    for metric, option in uses:
        texts.setdefault(option.help, []).append(metric)
    parts = [f"{', '.join(ms)}: {text}" if len(texts) > 1 else text for text, ms in texts.items()]
    defaults = {m: d for m, _ in uses if (d := _default(m, uses[0][1].name)) not in (None, "")}
    ranges = list(dict.fromkeys(o.range for _, o in uses if o.range))
    if ranges:
        parts.append(" or ".join(ranges))
    if uses[0][1].kind == "value" and defaults:
        values = list(map(str, defaults.values()))
        common = max(dict.fromkeys(values), key=values.count)  # ties: the first in registry order
        others = ", ".join(f"{m} {d}" for m, d in defaults.items() if str(d) != common)
        parts.append(f"default {common}" + (f" ({others})" if others else ""))
    return f"[{', '.join(dict.fromkeys(m for m, _ in uses))}] " + "; ".join(parts)


def ranged(kind: Callable[[str], Any], options: list[Option]) -> Callable[[str], Any]:
    """``kind``, refusing (in argparse's one line naming the option) a number outside the range
    the options declare (the widest, when metrics declare different ones: each metric's config
    checks its own again)."""
    ends = [(o.low, o.high) for o in options if o.low is not None and o.high is not None]
    if not ends:
        return kind
    return within(kind, min(lo for lo, _ in ends), max(hi for _, hi in ends))


def within(kind: Callable[[str], Any], low: float, high: float) -> Callable[[str], Any]:
    """An option's type: its text read by ``kind`` and refused by argparse (one line naming the
    option and the range) outside ``low`` to ``high`` (both included; NaN and infinities too)."""
    what = "a whole number" if kind is int else "a finite number"

    def value(text: str) -> Any:
        try:
            read = kind(text)
        except ValueError:
            read = None
        if read is None or not low <= read <= high:
            raise argparse.ArgumentTypeError(f"{text}: give {what} from {low:g} to {high:g}")
        return read

    return value


def add_metric_choice(p: argparse.ArgumentParser, default: list[str], help: str | None = None) -> None:
    aliases = ", ".join(f"{a} = {k}" for k, s in METRICS.items() for a in s.aliases if a.lower() != k)
    p.add_argument(
        "--metric",
        nargs="+",
        type=metric_arg,
        choices=list(METRICS),
        default=default,
        metavar="METRIC",
        action=GivenMetric,
        help=(help or "; ".join(f"{k}: {s.summary}" for k, s in METRICS.items())) + f" (aliases: {aliases})",
    )
    p.set_defaults(metric_given=False)  # a protocol (--protocol, -t) replaces only the default


class GivenMetric(argparse._StoreAction):
    """``--metric``, stored with ``metric_given`` set: a protocol replaces the default, never a
    metric the user gave (the default's metric included). Given again, it adds to the metrics given
    (``--metric a --metric b`` is ``--metric a b``, as ``--hyp`` and ``--ref`` add)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        earlier = list(vars(namespace)[self.dest]) if namespace.metric_given else []
        super().__call__(parser, namespace, [*earlier, *values], option)
        namespace.metric_given = True


class SettingsHelp(argparse.HelpFormatter):
    """A command's help, with each metric setting's text and defaults made when it is shown."""

    def __init__(self, prog: str, settings: dict[argparse.Action, list[tuple[str, Option]]], **kwargs: Any) -> None:
        super().__init__(prog, **kwargs)
        self.settings = settings

    def _get_help_string(self, action: argparse.Action) -> str | None:
        uses = self.settings.get(action)
        return _help(uses) if uses else super()._get_help_string(action)


class FreeFlags:
    """An argument container that leaves out options whose flag the command already has."""

    def __init__(self, container: Any, taken: dict[str, Any]) -> None:
        self.container, self.taken = container, taken

    def add_argument_group(self, *args: Any, **kwargs: Any) -> FreeFlags:
        return FreeFlags(self.container.add_argument_group(*args, **kwargs), self.taken)

    def add_argument(self, *flags: str, **kwargs: Any) -> None:
        if not any(f in self.taken for f in flags):
            self.container.add_argument(*flags, **kwargs)


def add_settings(p: argparse.ArgumentParser, metrics: Iterable[str] | None = None) -> None:
    """The metric settings (of ``metrics``: all) and the model options (encoder, LLM, LM) of a command."""
    add_metric_args(p, metrics)
    add_model_args(FreeFlags(p, p._option_string_actions))  # type: ignore[arg-type]


def add_metric_args(p: argparse.ArgumentParser, metrics: Iterable[str] | None = None) -> None:
    """One option per declared metric setting. An option whose flag the command already has
    for something else (``compare --alpha``) is left out of that command."""
    g = p.add_argument_group("metric settings (each applies to the metrics that declare it; defaults are the papers')")
    taken, added, settings = p._option_string_actions, [], {}
    for name, uses in declared(metrics).items():
        option = uses[0][1]
        if option.flag in taken:
            continue
        added.append(name)
        if option.kind != "value":
            action = "store_true" if option.kind == "flag" else "store_false"
            settings[g.add_argument(option.flag, dest=name, action=action, default=None, help=option.help)] = uses
            continue
        choices = list(dict.fromkeys(c for _, u in uses for c in u.choices)) or None
        kind = ranged(option.type, [u for _, u in uses])
        settings[g.add_argument(option.flag, dest=name, type=kind, choices=choices, help=option.help)] = uses
    p.set_defaults(metric_settings=tuple(added))
    p.formatter_class = functools.partial(SettingsHelp, settings=settings)


def _unused(metric: str, given: dict[str, Any], fields: set[str]) -> set[str]:
    """The model settings ``metric``'s config holds that this run leaves unread: the similarity
    encoder where the weighting (``given``, else the config's default) names no similarity (the
    config then builds none, nor imports the model settings)."""
    if "similarity" not in fields or "weighting" not in fields:
        return set()
    return set() if "similarity" in str(given.get("weighting", _default(metric, "weighting"))) else {"similarity"}


def metric_options(args: argparse.Namespace, chosen: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Each chosen metric's settings given on the command line (``chosen``: ``--metric``, or the
    registry metrics among them). With several metrics an option applies to those that declare
    it; one that none declares is an error naming the metrics the user gave."""
    given_metrics = list(dict.fromkeys(getattr(args, "metric", None) or chosen or []))
    chosen = given_metrics if chosen is None else chosen
    shown = " ".join(given_metrics)
    given = {n: vars(args)[n] for n in args.metric_settings if vars(args)[n] is not None}
    names = {m: {o.name for o in METRICS[m].options} for m in chosen}
    unknown = sorted(k for k in given if not any(k in n for n in names.values()))
    if unknown:
        flags = ", ".join(declared()[k][0][1].flag for k in unknown)
        raise ValueError(f"{flags} does not apply to --metric {shown}")
    out, fields = {}, {}
    for m in chosen:
        fields[m] = {f.name for f in dataclasses.fields(METRICS[m].config)}
        mine = {k: v for k, v in given.items() if k in names[m]}
        out[m] = mine | model_options(args, fields[m] - _unused(m, mine, fields[m]))
    if getattr(args, "llm_model", None) and not any("llm" in f for f in fields.values()):
        raise ValueError(f"--llm-model does not apply to --metric {shown}")
    # the model options without a default: given, they must reach a chosen metric's config
    for option, reads in (
        ("--precision", {"precision", "perplexity"}),
        ("--llm-endpoint", {"llm"}),
        ("--encoder-layer", {"similarity"}),
        ("--encoder-backend", {"similarity"}),
        ("--rescale-baseline", {"similarity"}),
    ):
        if getattr(args, option[2:].replace("-", "_"), None) is not None and not any(
            reads & f for f in fields.values()
        ):
            raise ValueError(f"{option} does not apply to --metric {shown}")
    return out
