"""The metric contract: the protocol every metric implements and the registry entry
(:class:`MetricSpec`) that declares everything else about it — names, settings and their
command-line options, display layout, citation, official tool, statistics and corpus rule.
The CLI, the docs headers and the ``evaluate`` module's citation are generated from it."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from importlib import import_module, resources
from typing import TYPE_CHECKING, Any, Protocol

from gecscope.errors import SettingError
from gecscope.layout import Layout
from gecscope.result import Score
from gecscope.signature import make_signature
from gecscope.stats import Statistics
from gecscope.types import CONVENTIONS, Example, with_convention

#: a corpus rule declared in a metric module: ``module:NAME`` (a description never has this shape)
RULE_REFERENCE = re.compile(r"[a-z_][a-z0-9_]*:[A-Za-z_][A-Za-z0-9_]*")

if TYPE_CHECKING:
    from gecscope.scoring import CorpusRule


class Metric(Protocol):
    name: str
    #: how its Scores are shown (headline, components, counts); each Score carries it
    layout: Layout
    #: whether hypotheses must carry edits (alignment) before ``analyse``
    needs_edits: bool
    #: whether references must carry edits although hypotheses need not (M2 re-aligns the hypothesis)
    needs_reference_edits: bool
    #: whether the metric reads no reference (Scribendi, the LLM judges, SOME, IMPARA)
    reference_free: bool
    #: the official missing-annotator convention (``absent`` or ``unchanged``)
    missing_annotators: str
    #: whether the metric reads reference M2 edits that overlap, in file order (EstGEC's M2)
    reads_overlapping_edits: bool
    config: Any

    #: the checkpoint settings a learned metric needs (empty: none)
    checkpoints: tuple[str, ...]

    #: the ``cat`` level of the per-type breakdown its Score shows (0: none; ``gold``: the gold's types)
    @property
    def type_level(self) -> int | str: ...

    @property
    def uses_types(self) -> bool: ...

    def check_ready(self) -> None: ...

    def analyse(self, examples: Sequence[Example]) -> Any: ...

    def analyse_compactly(self, examples: Sequence[Example]) -> Any: ...

    def analyse_typed(self, examples: Sequence[Example], level: int | str) -> Any: ...

    def with_types(self, analysis: Any, examples: Sequence[Example], level: int | str) -> Any: ...

    def analysis_key(self) -> Hashable | None: ...

    def shared_analysis(self, examples: Sequence[Example]) -> Any: ...

    def adopt(self, shared: Any) -> Any: ...

    def attach_store(self, store: Any) -> bool: ...

    def score_analysis(self, analysis: Any) -> Score: ...

    def score(self, examples: Sequence[Example]) -> Score: ...

    def sentence_scores(self, analysis: Any) -> list[float]: ...


class MetricBase:
    """Every member of the metric contract the pipeline reads, declared once with its default;
    each metric class inherits it and overrides what differs, so nothing is probed at run time."""

    name = "metric"
    needs_edits = False
    needs_reference_edits = False
    reference_free = False
    missing_annotators = "unchanged"
    #: whether the metric reads reference M2 edits that overlap, in file order (EstGEC's M2)
    reads_overlapping_edits = False
    #: the settings naming the checkpoints a learned metric needs (SOME, IMPARA; empty: none)
    checkpoints: tuple[str, ...] = ()
    config: Any

    @property
    def type_level(self) -> int | str:
        """The ``cat`` level of the per-type breakdown the metric's Score shows (0: none; a
        metric whose statistics declare a per-type group reads its ``cat`` setting)."""
        return 0

    @property
    def uses_types(self) -> bool:
        """Whether the metric reads its edits' error types with its settings (a per-type breakdown,
        :attr:`type_level`: the run then types them with the language's classifier and signs it;
        not for ``gold``, the reference M2's own types)."""
        return bool(self.type_level) and self.type_level != "gold"

    def check_ready(self) -> None:
        """Every extra and model the metric needs with its settings, checked before any work
        (raises ``MissingExtraError`` or ``SettingError``); nothing by default."""

    def analyse(self, examples: Sequence[Example]) -> Any:
        raise NotImplementedError

    def analyse_compactly(self, examples: Sequence[Example]) -> Any:
        """:meth:`analyse`, keeping only what :meth:`score_analysis` reads (the CLEME family
        drops its chunk objects unless a breakdown needs them)."""
        return self.analyse(examples)

    def analyse_typed(self, examples: Sequence[Example], level: int | str) -> Any:
        """:meth:`analyse_compactly` with the per-type group at ``cat`` ``level`` in the analysis's
        ``types`` (for a metric whose statistics declare an attached group, ``stats.ATTACHED``;
        another metric's analysis holds its types itself, or has none)."""
        return self.analyse_compactly(examples)

    def with_types(self, analysis: Any, examples: Sequence[Example], level: int | str) -> Any:
        """``analysis`` (of ``examples``; a shared one adopted) with its per-type group at ``level``."""
        return analysis

    def analysis_key(self) -> Hashable | None:
        """Metrics whose keys are equal (and not ``None``) share one analysis of the same examples,
        :meth:`shared_analysis`, each reading it through :meth:`adopt` (the CLEME family: one
        partition per reference filter and convention, relabelled per assumption)."""
        return None

    def shared_analysis(self, examples: Sequence[Example]) -> Any:
        """The analysis metrics with this :meth:`analysis_key` share."""
        return self.analyse(examples)

    def adopt(self, shared: Any) -> Any:
        """This metric's analysis, from the shared one."""
        return shared

    def score_analysis(self, analysis: Any) -> Score:
        raise NotImplementedError

    def score(self, examples: Sequence[Example]) -> Score:
        """The Score of ``examples``: :meth:`score_analysis` of :meth:`analyse` (the CLEME family and
        M2 analyse with their per-type group when ``cat`` asks for one)."""
        return self.score_analysis(self.analyse(examples))

    def attach_store(self, store: Any) -> bool:
        """Use a persistent cache of the metric's search (M2's lattice store); whether it does."""
        return False


@dataclass(frozen=True)
class Option:
    """One metric setting on the command line: the config field ``name`` as ``--name`` (dashes).

    ``kind`` is ``"value"`` (converted by ``type``), ``"flag"`` (``--name`` sets True) or
    ``"negated"`` (``--no-name`` sets False). A number's documented range is ``low`` to ``high``
    (both included): the CLI refuses a value outside it before any work, its help shows it, and
    the metric's config checks it again (:meth:`check`), so the Python API refuses it too.

    >>> Option("beta", "F-beta", float, low=0.01, high=100).check(1e308)
    Traceback (most recent call last):
    ...
    gecscope.errors.SettingError: beta must be from 0.01 to 100; got 1e+308
    """

    name: str
    help: str
    type: Callable[[str], Any] = str
    choices: tuple[Any, ...] = ()
    kind: str = "value"
    low: float | None = None
    high: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("value", "flag", "negated"):
            raise ValueError(f"Option kind must be value, flag or negated; got {self.kind!r}")
        if (self.low is None) != (self.high is None):
            raise ValueError(f"Option {self.name}: give both ends of its range or neither")

    @property
    def range(self) -> str:
        """The documented range in words (empty when the option has none)."""
        return "" if self.low is None else f"from {self.low:g} to {self.high:g}"

    def check(self, value: float | None) -> None:
        """Refuse a number outside the documented range (None: the metric's default) with a
        :class:`~gecscope.errors.SettingError` naming the option and the range."""
        if value is None or self.low is None or self.high is None:
            return
        if not self.low <= value <= self.high:  # NaN fails too
            raise SettingError(f"{self.name} must be {self.range}; got {value:g}", self.name)

    @property
    def flag(self) -> str:
        return ("--no-" if self.kind == "negated" else "--") + self.name.replace("_", "-")


@dataclass(frozen=True, eq=False)
class Greedy:
    """Resampling plan: per (sentence, reference) counts reduced by a named corpus rule
    (``gecscope.metrics.rules()``) with its parameters. ``rows`` is a count table
    (:class:`gecscope.metrics.counts.CountTable`) or a (pairs, k) array grouped by ``offsets``.
    ``reduction``: the rule's own (empty), or ``mean`` for a metric scored at the sentence level
    (each sentence against the reference its sentence key picks, the mean of the sentence scores)."""

    rule: str
    params: tuple[float, ...]
    rows: Any
    offsets: Any = None
    reduction: str = ""


@dataclass(frozen=True, eq=False)
class SentenceMean:
    """Resampling plan: the score is the mean of fixed per-sentence values."""

    values: Any
    sequential: bool = False


@dataclass(frozen=True, eq=False)
class Summed:
    """Resampling plan: per-sentence statistics ``(sentences, k, ...)`` summed, then ``corpus``."""

    stats: Any
    corpus: Callable[[Any], Any]
    #: the metric's components of the totals, by key (``compare --components``); None: none
    parts: Callable[[Any], Any] | None = None


#: how a metric's analysis is resampled; ``None``: re-score every resample (always exact)
Plan = Greedy | SentenceMean | Summed | None


def replay(metric: Any, analysis: Any) -> Plan:
    return None


def own_plan(metric: Any, analysis: Any) -> Plan:
    """The plan of the metric class's own ``resampling(analysis)`` method."""
    plan: Plan = metric.resampling(analysis)
    return plan


def never(config: Any) -> bool:
    return False


def always(config: Any) -> bool:
    return True


@dataclass(frozen=True)
class MetricSpec:
    """A registry entry. Only ``home`` and ``summary`` are required. ``home`` names the metric's
    module under ``gecscope.metrics``, its class and its config class (``"green:Green:GreenConfig"``):
    the module is imported only when the metric is built or its config read."""

    home: str
    summary: str
    #: other names accepted wherever a metric is named (paper names such as ``CLEME2.0``)
    aliases: tuple[str, ...] = ()
    #: the BibTeX key, in ``citations.bib``, of the paper that defines the metric
    cite: str = ""
    #: the official implementation the numbers match, with its version
    tool: str = ""
    #: whether ``metric.official_text(score)`` prints the official tool's output (``--format official``)
    official_text: bool = False
    #: the detail that is 1 when the hypothesis is the reference ("": the score itself; None:
    #: no such identity, e.g. a reference-free metric)
    perfect: str | None = ""
    options: tuple[Option, ...] = ()
    #: the range of the score (the contract checks it); e.g. a sum of -1/0/1 sentence scores is unbounded
    bounds: tuple[float, float] = (0.0, 1.0)
    statistics: Statistics | None = None
    #: whether the score of stacked shard statistics equals the one-shot score, per config
    streams: Callable[[Any], bool] = never
    #: whether these settings load a model (an encoder or a language model: the ``neural`` tier)
    uses_model: Callable[[Any], bool] = never
    #: the fastest exact resampling of ``(metric, analysis)``
    resampling: Callable[[Any, Any], Plan] = replay

    def __post_init__(self) -> None:
        if self.home.count(":") != 2:
            raise ValueError(f"MetricSpec home must be 'module:Metric:Config'; got {self.home!r}")

    @property
    def metric(self) -> type:
        """The metric class (its module is imported on first use)."""
        return _classes(self.home, self.options)[0]

    @property
    def config(self) -> type:
        """The config class; every declared option is one of its fields."""
        return _classes(self.home, self.options)[1]

    @property
    def citation(self) -> str:
        """The BibTeX of :attr:`cite` ("" when none)."""
        return citations()[self.cite] if self.cite else ""

    @property
    def layout(self) -> Layout:
        """The display layout, declared by the metric class (``layout``) and carried by its Scores."""
        layout: Layout = self.metric.layout  # type: ignore[attr-defined]  # Metric.layout, a class attribute
        return layout

    @property
    def rule(self) -> CorpusRule | None:
        """The corpus rule the statistics name: a built-in one (:data:`gecscope.scoring.RULES`) by
        its name, or one a metric module declares, ``module:NAME`` (imported on first use);
        None: the statistics describe a rule that is not a :class:`~gecscope.scoring.CorpusRule`."""
        return declared_rule(self.statistics.corpus_rule) if self.statistics else None

    def build(self, **options: Any) -> Metric:
        metric: Metric = self.metric(self.config(**options))
        return metric


@functools.cache
def declared_rule(named: str) -> CorpusRule | None:
    """The :class:`~gecscope.scoring.CorpusRule` ``named`` names (see :attr:`MetricSpec.rule`)."""
    from gecscope.scoring import RULES, CorpusRule  # numpy: not imported with the registry

    if not RULE_REFERENCE.fullmatch(named):
        return RULES.get(named)
    module, attribute = named.split(":")
    found = vars(import_module(f"gecscope.metrics.{module}")).get(attribute)
    if not isinstance(found, CorpusRule):
        raise ValueError(f"corpus rule {named!r}: gecscope.metrics.{module} declares no CorpusRule {attribute}")
    return found


@functools.cache
def _classes(home: str, options: tuple[Option, ...]) -> tuple[type, type]:
    module, metric, config = home.split(":")
    found = import_module(f"gecscope.metrics.{module}")
    classes: tuple[type, type] = (getattr(found, metric), getattr(found, config))
    unknown = [o.name for o in options if o.name not in {f.name for f in dataclasses.fields(classes[1])}]
    if unknown:
        raise ValueError(f"{metric}: options {unknown} are not fields of {config}")
    return classes


@functools.cache
def citations() -> dict[str, str]:
    """BibTeX key -> entry, from the package's ``citations.bib`` (read on first use)."""
    text = resources.files("gecscope.metrics").joinpath("citations.bib").read_text(encoding="utf-8")
    entries = [e.strip() for e in text.split("\n\n") if e.strip()]
    return {e[e.index("{") + 1 : e.index(",")]: e for e in entries}


def official_convention(metric_class: type) -> str:
    """The official missing-annotator convention of a metric class (its ``missing_annotators``
    attribute; ``unchanged`` by default)."""
    return str(metric_class.missing_annotators)  # type: ignore[attr-defined]  # MetricBase.missing_annotators


def convention(metric: Any) -> str:
    """The metric's missing-annotator convention: its config's ``missing_annotators`` when set,
    else the official one."""
    return str(getattr(metric.config, "missing_annotators", None) or official_convention(type(metric)))


def signed(metric: Any, fields: dict[str, str]) -> str:
    """The metric's signature: its settings ``fields`` plus the convention when not the official one."""
    found = convention(metric)
    official = found == official_convention(type(metric))
    return make_signature(metric.name, {**fields, **({} if official else {"missing": found})})


def references_chosen(metric: Any, examples: Sequence[Example]) -> Sequence[Example]:
    """``examples`` with the references the metric's convention keeps (see :func:`convention`)."""
    return with_convention(examples, convention(metric))


def check_convention(value: str | None) -> None:
    """Validate a config's ``missing_annotators`` (``None``: the metric's official convention)."""
    if value is not None and value not in CONVENTIONS:
        raise ValueError(f"missing_annotators must be one of {', '.join(CONVENTIONS)} or None; got {value!r}")


class ConventionChecked:
    """A metric config that checks its ``missing_annotators`` (a field each config declares last)
    first, then its own settings (:meth:`check`), when it is made."""

    missing_annotators: str | None

    def __post_init__(self) -> None:
        check_convention(self.missing_annotators)
        self.check()

    def check(self) -> None:
        """The config's own settings' checks."""
