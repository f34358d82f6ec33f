"""``gecscope explain``: the chunk table of one sentence, coloured by class."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from gecscope import arguments
from gecscope.classify import Label, classify_dependent, classify_independent
from gecscope.metrics.analysis import kept_references, partition_example
from gecscope.metrics.error_types import GOLD, ChunkTypes, chunk_types
from gecscope.types import Chunk, Example

COLOURS = {Label.TP: "32", Label.FP_NE: "31", Label.FP_UN: "35", Label.FN: "34", Label.TN: "0"}
NAMES = {Label.TP: "TP", Label.FP_NE: "FP_ne", Label.FP_UN: "FP_un", Label.FN: "FN", Label.TN: "TN"}


@dataclass(frozen=True)
class Explanation:
    example: Example
    kept: tuple[int, ...]
    chunks: tuple[Chunk, ...]
    dependent: tuple[tuple[Label, ...], ...]
    independent: tuple[Label, ...]
    #: with ``cat``: per chunk, per target (hypothesis, then the kept references) its edits' types
    types: ChunkTypes | None = None

    def as_dict(self) -> dict[str, object]:
        rows = [
            {
                "start": c.start,
                "end": c.end,
                "source": " ".join(c.source),
                "hypothesis": " ".join(c.outputs[0]),
                "references": [" ".join(o) for o in c.outputs[1:]],
                "dependent": [NAMES[lab[j]] for lab in self.dependent],
                "independent": NAMES[self.independent[j]],
                **({} if self.types is None else {"types": [list(t) for t in self.types[j]]}),
            }
            for j, c in enumerate(self.chunks)
        ]
        return {"id": self.example.id, "references_used": list(self.kept), "chunks": rows}


def explain(example: Example, *, exclude_unchanged: bool = False, cat: int | str = 0) -> Explanation:
    """Partition and classify one aligned example under both assumptions; with ``cat`` (1-3, the
    ``-cat`` level), each chunk's edit types per target (:func:`gecscope.metrics.error_types.chunk_types`);
    ``gold``: the references' own (M2) types, whole, and none for the hypothesis (its edits have
    no gold type). A bad argument (a list of examples, an example without edits, a ``cat``
    outside 0-3 and ``gold``) is a :class:`~gecscope.errors.SettingError` naming it."""
    arguments.example("example", example)
    arguments.flag("exclude_unchanged", exclude_unchanged)
    if isinstance(cat, bool) or not isinstance(cat, int | str) or cat not in (0, 1, 2, 3, GOLD):
        raise arguments.refused("cat", f"must be 0, 1, 2, 3 or 'gold', not {arguments.shown(cat)}")
    kept = kept_references(example, exclude_unchanged)
    chunks = partition_example(example, kept)
    dep = classify_dependent(chunks, len(kept))
    ind = classify_independent(chunks, len(kept))[0]
    types = chunk_types(example, kept, chunks, cat) if cat else None
    if types is not None and cat == GOLD:
        types = tuple(((), *row[1:]) for row in types)
    return Explanation(example, kept, chunks, dep, ind, types)


def type_cell(types: Sequence[tuple[str, ...]]) -> str:
    """One chunk's types, hypothesis first then each kept reference (``-``: no edit there)."""
    return "; ".join(",".join(t) or "-" for t in types)


def _paint(text: str, label: Label, colour: bool) -> str:
    return f"\x1b[{COLOURS[label]}m{text}\x1b[0m" if colour and label != Label.TN else text


def render_explanation(exp: Explanation, *, colour: bool = False, line: int | None = None) -> str:
    """The chunk table; ``line`` (1-based, as given to ``explain --line``) names the sentence."""
    ex = exp.example
    head = ["#", "span", "source", "hypothesis", *(f"ref {k}" for k in exp.kept)]
    head += ["types (hyp; refs)"] if exp.types is not None else []
    head += [f"dep:ref{k}" for k in exp.kept] + ["ind"]
    rows = []
    for j, c in enumerate(exp.chunks):
        text = [str(j), f"[{c.start},{c.end})", " ".join(c.source) or "∅", *(" ".join(o) or "∅" for o in c.outputs)]
        text += [type_cell(exp.types[j])] if exp.types is not None else []
        labels = [lab[j] for lab in exp.dependent] + [exp.independent[j]]
        # the text columns are never painted (TN), the label columns in their label's colour
        rows.append((text + [NAMES[lab] for lab in labels], [Label.TN] * len(text) + labels))
    widths = [max(len(h), *(len(r[0][i]) for r in rows)) for i, h in enumerate(head)]
    out = [
        f"line {line}" if line is not None else f"sentence {ex.id}",
        f"  source:     {' '.join(ex.source)}",
        f"  hypothesis: {ex.hypothesis.text}",
        *(f"  ref {k}:      {ex.references[k].text}" for k in exp.kept),
        "",
        "  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)),
    ]
    for cells, labels in rows:
        out.append(
            "  ".join(_paint(c.ljust(w), lab, colour) for c, w, lab in zip(cells, widths, labels, strict=True)).rstrip()
        )
    out.append("")
    out.append(
        "legend: TP = correct edit, FP_ne = wrong edit where one was needed, "
        "FP_un = unnecessary edit (over-correction), FN = missed edit, TN = untouched and fine"
    )
    return "\n".join(out)


def render_explanation_json(exp: Explanation, line: int | None = None, types: str | None = None) -> str:
    """The explanation as JSON; ``types``: the classifier that typed the edits (``types`` field)."""
    doc = exp.as_dict()
    if line is not None:
        doc = {"line": line, **doc}
    if types:
        doc["types_signature"] = types
    return json.dumps(doc, indent=2, ensure_ascii=False)
