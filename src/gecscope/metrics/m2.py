"""M2 / MaxMatch (Dahlmeier & Ng, 2012) with the semantics of the M2 scorer 3.2.

Per sentence and annotator, the hypothesis edits are the path through the edit lattice that
matches the most gold edits (see :mod:`gecscope.metrics.maxmatch`); the annotator is chosen greedily on
the cumulative corpus F (then more correct, then fewer proposed + beta^2 * gold, then the first).
Default beta 0.5 and at most 2 unchanged words inside one edit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gecscope import scoring
from gecscope.errors import InputError, SettingError
from gecscope.finite import check_finite
from gecscope.layout import prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import ConventionChecked, Greedy, MetricBase, Plan, references_chosen
from gecscope.metrics.counts import M2Counts, M2Table, prf_score
from gecscope.metrics.m2_types import m2_type_counts_of, m2_type_rows
from gecscope.metrics.maxmatch import (
    LATTICES,
    GoldEdit,
    base_arcs,
    best_edits,
    build_lattice,
    count_correct,
    edge_weights,
    gold_matches,
)
from gecscope.metrics.maxmatch_fast import GroupingLattice
from gecscope.metrics.options import check_choice, check_choices
from gecscope.result import Score
from gecscope.signature import number
from gecscope.types import Example, Target

if TYPE_CHECKING:
    from gecscope.metrics.m2_store import LatticeStore

#: above this many base-lattice arcs the transitive closure can explode: use the grouping DP
FAST_PATH_ARCS = 1500


@dataclass(frozen=True)
class M2Search:
    """The settings of the M2 scorer's lattice search, M2's and M2-macro's (their configs' first fields)."""

    beta: float = 0.5
    #: v3.2: the scorer 3.2's lattice initialisation; d12eea2: the later m2scorer fix (see maxmatch)
    edit_lattice: str = "v3.2"
    max_unchanged_words: int = 2
    ignore_whitespace_casing: bool = False
    algorithm: str = "auto"  # exact: the scorer's closure; fast: grouping DP; auto: fast on huge lattices


@dataclass(frozen=True)
class M2Config(M2Search, ConventionChecked):
    #: corpus: the scorer's greedy corpus counts; sentence: the mean of sentence F, each sentence
    #: against its best annotator
    level: str = "corpus"
    #: 1-3: per-error-type P/R/F in details["types"]; ``gold``: the gold's own types (metrics/m2_types.py)
    cat: int | str = 0

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_finite(beta=self.beta)
        check_choice("edit_lattice", self.edit_lattice, LATTICES)
        check_choice("algorithm", self.algorithm, ("auto", "exact", "fast"))
        check_choices(self, o.LEVEL)
        o.BETA.check(self.beta)
        o.MAX_UNCHANGED.check(self.max_unchanged_words)
        if self.cat not in (0, 1, 2, 3, "gold"):
            raise SettingError(f"cat must be 0, 1, 2, 3 or gold; got {self.cat}", "cat")


def gold_edits(ex: Example) -> list[list[GoldEdit]] | None:
    """Each annotator's gold edits (one annotator without edits when there is no reference), or
    None when a reference has no edits."""
    golds: list[list[GoldEdit]] = []
    for ref in ex.references or (Target(ex.source, ()),):
        if ref.edits is None:
            return None
        golds.append([])
        for e in ref.edits:
            alts = e.alternatives or (e.correction,)
            golds[-1].append((e.start, e.end, " ".join(ex.source[e.start : e.end]), tuple(" ".join(a) for a in alts)))
    return golds


#: the M2 scorer's P, R, F (:func:`gecscope.scoring.prf` of correct, proposed, gold)
m2_prf = scoring.prf


#: the largest Levenshtein matrix the lattice search builds (its time and memory grow with it)
MAX_LATTICE_CELLS = 4_000_000


class M2(MetricBase):
    name = "m2"
    layout = prf_layout("M2", ("tp", "fp", "fn", "proposed", "gold"))
    needs_edits = False  # the hypothesis is re-aligned on the lattice; the gold needs edits
    needs_reference_edits = True
    missing_annotators = "absent"

    def __init__(self, config: M2Config | None = None) -> None:
        self.config = config or M2Config()
        #: the persistent cache of the lattice search (:mod:`gecscope.metrics.m2_store`); None: off
        self.lattice_store: LatticeStore | None = None

    def attach_store(self, store: Any) -> bool:
        self.lattice_store = store
        return True

    def annotator_edits(self, ex: Example) -> list[tuple[list[tuple[int, int, str, str]], list[GoldEdit]]]:
        """Per annotator: the hypothesis edits the lattice picks for it, and its gold edits."""
        if self.lattice_store is not None:
            return self.lattice_store.annotator_edits(self, ex)
        return self.search_edits(ex)

    def search_edits(self, ex: Example) -> list[tuple[list[tuple[int, int, str, str]], list[GoldEdit]]]:
        """:meth:`annotator_edits` without the cache: the lattice search itself."""
        cfg = self.config
        src, hyp, u = ex.source, ex.hypothesis.tokens, cfg.max_unchanged_words
        if hyp != src and (len(src) + 1) * (len(hyp) + 1) > MAX_LATTICE_CELLS:
            where = f"sentence {int(ex.id) + 1}" if ex.id.isdigit() else f"sentence {ex.id}"  # ids count from 0
            raise InputError(
                f"{where}: {len(src)} source x {len(hyp)} hypothesis tokens is too long for the M2 "
                f"edit lattice (at most {MAX_LATTICE_CELLS:,} cells, e.g. 2,000 x 2,000 tokens)"
            )
        base = None if hyp == src else base_arcs(src, hyp, cfg.edit_lattice)  # unchanged: the diagonal, no edits
        fast = base is not None and (
            cfg.algorithm == "fast" or (cfg.algorithm == "auto" and len(base[0]) > FAST_PATH_ARCS)
        )
        lat = build_lattice(u, base) if base is not None and not fast else None
        grouping = GroupingLattice(src, hyp, base, cfg.edit_lattice) if base is not None and fast else None
        golds = gold_edits(ex)
        if golds is None:
            raise InputError(f"sentence {ex.id}: M2 needs reference edits (an M2 file, or align the references)")
        out = []
        for gold in golds:
            if base is None:
                edits: list[tuple[int, int, str, str]] = []
            elif grouping is not None:
                edits = grouping.best_edits(gold, u)
            else:
                assert lat is not None
                edits = best_edits(lat, edge_weights(lat, gold))
            if cfg.ignore_whitespace_casing:
                edits = [e for e in edits if e[2].replace(" ", "").lower() != e[3].replace(" ", "").lower()]
            out.append((edits, gold))
        return out

    def sentence_counts(self, ex: Example) -> tuple[M2Counts, ...]:
        return tuple(
            M2Counts(count_correct(edits, gold), len(edits), len(gold)) for edits, gold in self.annotator_edits(ex)
        )

    def analyse(self, examples: Sequence[Example]) -> M2Table:
        """Per (sentence, annotator) correct / proposed / gold, as compact arrays."""
        examples = references_chosen(self, examples)
        require_references(examples)
        return M2Table.build([[(c.correct, c.proposed, c.gold) for c in self.sentence_counts(ex)] for ex in examples])

    @property
    def type_level(self) -> int | str:
        cat: int | str = self.config.cat
        return cat

    def analyse_typed(self, examples: Sequence[Example], level: int | str) -> M2Table:
        """:meth:`analyse` with its per-type group at ``cat`` ``level``, from the same lattice
        search (:func:`gecscope.metrics.m2_types.m2_type_counts_of`)."""
        examples = references_chosen(self, examples)
        require_references(examples)
        pairs = [self.annotator_edits(ex) for ex in examples]
        matches = [[gold_matches(e, g) for e, g in options] for options in pairs]  # count_correct's, kept
        rows = [
            [(sum(map(len, m)), len(e), len(g)) for (e, g), m in zip(o, ms, strict=True)]
            for o, ms in zip(pairs, matches, strict=True)
        ]
        return dataclasses.replace(M2Table.build(rows), types=m2_type_counts_of(examples, pairs, level, matches))

    def choose(self, table: M2Table) -> list[int]:
        """The annotator of each sentence: the scorer's greedy corpus choice (running F, then
        correct, then fewer proposed + beta^2 gold), or per sentence at the sentence level."""
        return table.choose(*scoring.M2.keys, (self.config.beta,), self.config.level)

    def score_analysis(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> Score:
        table = M2Table.of(counts)
        chosen = self.choose(table)
        result = prf_score(
            self,
            table,
            chosen,
            self.config.level,
            self.signature_fields(),
            lambda tp, fp, fn: {"proposed": tp + fp, "gold": tp + fn},
        )
        group = table.types
        if not self.config.cat or group is None or group.level != self.config.cat:
            return result
        types = m2_type_rows(group, result, self.config.beta, chosen)  # the per-type breakdown (details["types"])
        return dataclasses.replace(result, details={**result.details, "types": types})

    def signature_fields(self) -> dict[str, str]:
        """The settings the signature names (a variant of the scorer adds its own)."""
        return {
            "beta": number(self.config.beta),
            "max_unchanged": str(self.config.max_unchanged_words),
            "algorithm": self.config.algorithm,
            "lattice": self.config.edit_lattice,
            "ignore_ws_case": "yes" if self.config.ignore_whitespace_casing else "no",
        }

    def score(self, examples: Sequence[Example]) -> Score:
        if self.config.cat:
            return self.score_analysis(self.analyse_typed(examples, self.config.cat))
        return self.score_analysis(self.analyse(examples))

    def resampling(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> Plan:
        """The scorer's greedy rule; at the sentence level, the mean of the sentence F-scores."""
        mean = "mean" if self.config.level == "sentence" else ""
        return Greedy(scoring.M2.name, (self.config.beta,), M2Table.of(counts), reduction=mean)

    def sentence_scores(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> list[float]:
        """Sentence F-beta against the annotator best for that sentence alone."""
        return M2Table.of(counts).best_values(lambda c, p: m2_prf(c[0], c[1], c[2], p)[2], self.config.beta)

    def official_text(self, score: Score) -> str:
        d = score.details
        return f"Precision   : {d['p']:.4f}\nRecall      : {d['r']:.4f}\nF_{self.config.beta:.1f}       : {d['f']:.4f}"
