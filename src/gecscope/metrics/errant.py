"""ERRANT's scorer (errant_compare 3.0.2): edit-level P/R/F-beta with its reference selection.

Edits are compared as keys: span-based correction ``(start, end, correction)`` (default),
``cse`` adds the error type, ``ds`` is span-based detection ``(start, end)``, ``dt`` token-based
detection (each token of a span; an insertion marks the token to its right). UNK edits count
only for detection. P = 1 when FP = 0, R = 1 when FN = 0. The corpus pass picks, per sentence,
the reference maximising the running F (rounded to 4 dp), then TP, then -FP, then -FN.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gecscope.errors import SettingError
from gecscope.layout import prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import ConventionChecked, Greedy, MetricBase, Plan, references_chosen
from gecscope.metrics.counts import EditCounts, EditTable, errant_prf, prf_score
from gecscope.metrics.error_types import LEVELS, category_rows
from gecscope.metrics.options import check_choice, check_choices
from gecscope.result import Score
from gecscope.scoring import ERRANT, errant_f
from gecscope.signature import number
from gecscope.types import Edit, Example

MODES = {
    "cs": "Span-Based Correction",
    "cse": "Span-Based Correction + Classification",
    "ds": "Span-Based Detection",
    "dt": "Token-Based Detection",
}


def unrounded_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    """:func:`gecscope.scoring.errant_key` with the running F unrounded (gec-metrics' convention)."""
    return (round(errant_f(t, p[0]), 17), c[0], -c[1], -c[2])


Key = tuple[Any, ...]


def edit_keys(edits: Sequence[Edit], mode: str) -> dict[Key, list[str]]:
    out: dict[Key, list[str]] = {}
    for e in edits:
        if e.type == "UNK" and mode in ("cs", "cse"):
            continue
        if mode == "dt":
            spans = [(e.start, e.start + 1)] if e.start == e.end else [(i, i + 1) for i in range(e.start, e.end)]
            keys: list[Key] = list(spans)
        elif mode == "ds":
            keys = [(e.start, e.end)]
        elif mode == "cse":
            keys = [(e.start, e.end, e.type, e.correction)]
        else:
            keys = [(e.start, e.end, e.correction)]
        for k in keys:
            out.setdefault(k, []).append(e.type)
    return out


def compare(hyp: dict[Key, list[str]], ref: dict[Key, list[str]]) -> EditCounts:
    cats: Counter[tuple[str, int]] = Counter()
    tp = fp = fn = 0
    for key, hcats in hyp.items():
        if key in ref:
            for c in ref[key]:  # the reference's categories, as ERRANT does
                tp += 1
                cats[(c, 0)] += 1
        else:
            for c in hcats:
                fp += 1
                cats[(c, 1)] += 1
    for key, rcats in ref.items():
        if key not in hyp:
            for c in rcats:
                fn += 1
                cats[(c, 2)] += 1
    rows = tuple((c, cats[(c, 0)], cats[(c, 1)], cats[(c, 2)]) for c in sorted({c for c, _ in cats}))
    return EditCounts(tp, fp, fn, rows)


@dataclass(frozen=True)
class ErrantConfig(ConventionChecked):
    scheme: str = "cs"
    beta: float = 0.5
    #: official: errant_compare (running F rounded to 4 dp when choosing references);
    #: gec-metrics: the unrounded running F
    convention: str = "official"
    #: 1-3: ERRANT's -cat breakdown level (0: full types in JSON, no table in official text);
    #: ``gold``: the reference M2's own types, recall per gold type (metrics/error_types.py)
    cat: int | str = 0
    #: corpus: errant_compare's greedy corpus counts; sentence: the mean of sentence F, each
    #: sentence against its best reference (SentERRANT)
    level: str = "corpus"
    #: micro: the F of the summed counts (errant_compare); categories: the mean F over ERRANT's
    #: error categories (``-cat 2``, those with a TP, FP or FN; GMEG-Data's "ERRANT")
    average: str = "micro"

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("average", self.average, ("micro", "categories"))
        if self.average == "categories" and self.level == "sentence":
            raise SettingError("average=categories is a corpus score: not with level=sentence", "average", "level")
        check_choice("scheme", self.scheme, tuple(MODES))
        check_choices(self, o.LEVEL)
        check_choice("convention", self.convention, o.IMPLEMENTATIONS)
        o.check_beta(self.beta)
        if self.cat not in (0, *LEVELS):
            raise SettingError(f"cat must be 0, 1, 2, 3 or gold; got {self.cat}", "cat")


def summary_block(title: str, d: Mapping[str, Any], beta: float) -> list[str]:
    """The overall TP/FP/FN/P/R/F block errant_compare (and ChERRANT) print, rounded to 4 dp."""
    p, r, f = (round(x, 4) for x in errant_prf(d["tp"], d["fp"], d["fn"], beta))
    return [
        f"{title:=^46}",
        "\t".join(["TP", "FP", "FN", "Prec", "Rec", f"F{beta}"]),
        "\t".join(map(str, [d["tp"], d["fp"], d["fn"], p, r, f])),
        "=" * 46,
    ]


class Errant(MetricBase):
    name = "errant"
    layout = prf_layout("ERRANT")
    needs_edits = True
    missing_annotators = "absent"

    def __init__(self, config: ErrantConfig | None = None) -> None:
        self.config = config or ErrantConfig()

    @property
    def type_level(self) -> int | str:
        cat: int | str = self.config.cat
        return cat

    def analyse(self, examples: Sequence[Example]) -> EditTable:
        """Per (sentence, reference) TP/FP/FN and category counts, as compact arrays."""
        examples = references_chosen(self, examples)
        require_references(examples)
        return EditTable.of(self.sentence_counts(ex) for ex in examples)

    def sentence_counts(self, ex: Example) -> tuple[EditCounts, ...]:
        """One count per reference (one against no edits when there is none)."""
        mode = self.config.scheme
        hyp = edit_keys(ex.hypothesis.edits or (), mode)
        return tuple(compare(hyp, edit_keys(r.edits or (), mode)) for r in ex.references) or (compare(hyp, {}),)

    def choose(self, table: EditTable) -> list[int]:
        """The reference of each sentence: errant_compare's greedy corpus choice (running F
        rounded to 4 dp, then TP, -FP, -FN), or per sentence at the sentence level."""
        key = ERRANT.corpus_key if self.config.convention == "official" else unrounded_key
        return table.choose(key, ERRANT.sentence_key, (self.config.beta,), self.config.level)

    def score_analysis(self, counts: Sequence[Sequence[EditCounts]] | EditTable) -> Score:
        beta = self.config.beta
        table = EditTable.of(counts)
        chosen = self.choose(table)
        cats = category_rows(table.category_totals(chosen, self.config.cat), beta, self.config.cat)
        select = "best-per-sentence" if self.config.level == "sentence" else "greedy-corpus"
        fields = {**self.scheme_fields(), "beta": number(beta), "select": select}
        if self.config.convention != "official":  # the unrounded running F can choose other references
            fields["convention"] = self.config.convention
        if self.config.average == "categories":
            return self._category_mean(table, chosen, {**fields, "average": "categories"}, cats)
        return prf_score(self, table, chosen, self.config.level, fields, lambda *_: {"categories": cats})

    def _category_mean(
        self, table: EditTable, chosen: Sequence[int], fields: dict[str, str], cats: dict[str, Any]
    ) -> Score:
        """The mean of ERRANT's F-beta over its ``-cat 2`` categories at the chosen references
        (P = 1 when FP = 0, R = 1 when FN = 0, as errant_compare prints them)."""
        totals = table.category_totals(chosen, 2)
        f = [errant_prf(tp, fp, fn, self.config.beta)[2] for tp, fp, fn in totals.values()]
        mean = sum(f) / len(f) if f else 0.0
        score = prf_score(self, table, chosen, "corpus", fields, lambda *_: {"categories": cats})
        details = {**score.details, "category_mean_f": mean, "category_count": len(f)}
        return replace(score, value=mean, details=details)

    def scheme_fields(self) -> dict[str, str]:
        """The signature's record of the edit scheme (a metric without schemes has none)."""
        return {"scheme": self.config.scheme}

    def resampling(self, counts: Sequence[Sequence[EditCounts]] | EditTable) -> Plan:
        """errant_compare's greedy rule (the official convention; otherwise replayed); at the
        sentence level, the mean of the sentence F-scores."""
        if self.config.average == "categories":
            return None  # replayed: the mean over categories is no corpus F
        if self.config.level == "sentence":
            return Greedy(ERRANT.name, (self.config.beta,), EditTable.of(counts), reduction="mean")
        if self.config.convention != "official":
            return None
        return Greedy(ERRANT.name, (self.config.beta,), EditTable.of(counts))

    def sentence_scores(self, counts: Sequence[Sequence[EditCounts]] | EditTable) -> list[float]:
        """Sentence F-beta against the reference best for that sentence alone (SentERRANT, and
        the sentence-level meta-evaluation); ties on F do not change the value."""
        return EditTable.of(counts).best_values(errant_f, self.config.beta)

    def official_text(self, score: Score) -> str:
        """The text errant_compare prints (the overall block; with categories when cat is set)."""
        d, beta = score.details, self.config.beta
        title = f" {MODES[self.config.scheme]} "
        lines = [""]  # errant_compare starts with a blank line, with or without categories
        if self.config.cat:
            lines.append(f"{title:=^66}")
            head = ["Category".ljust(14), *(h.ljust(8) for h in ("TP", "FP", "FN", "P", "R"))]
            lines.append(" ".join([*head, f"F{beta}"]))
            for name, c in d["categories"].items():
                p, r, f = (round(x, 4) for x in errant_prf(c["tp"], c["fp"] or 0, c["fn"], beta))
                cells = [
                    name.ljust(14),
                    *(str("-" if v is None else v).ljust(8) for v in (c["tp"], c["fp"], c["fn"], p, r)),
                ]
                lines.append(" ".join([*cells, str(f)]))
            lines.append("")
        return "\n".join([*lines, *summary_block(title, d, beta), ""])
