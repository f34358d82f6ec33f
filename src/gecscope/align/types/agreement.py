"""Agreement of the tag-free error types (:mod:`gecscope.align.types.surface`) with gold M2 types.

Each gold edit of an M2 file (every annotator) is classified from its strings, and its gold
label is mapped to the tag-free inventory by the corpus' map (:data:`GOLD_MAPS`); the per-type
table counts gold, predicted and agreeing edits. Only the type is compared (the operation M/U/R
follows from the span in both). A gold label a map does not name is ``OTHER``.

The maps (how a corpus' labels meet the tag-free types):

* ``estgec`` (Tartu L1, EstGEC-L2; ERRANT-like, operation prefixes): ``PUNCT`` → PUNCT; ``CASE``,
  ``WS`` and ``WS:CASE`` → ORTH; ``SPELL`` and ``SPELL:CASE`` → SPELL; ``WO`` → WO;
  ``NOM:FORM`` and ``VERB:FORM`` (inflection) → MORPH; ``LEX`` and every other combination
  (``NOM:FORM:SPELL``, ``WS:SPELL``, ``LEX:WO``, ...) → OTHER.
* ``ua-gec`` (UA-GEC's own tags): ``Punctuation`` → PUNCT; ``Spelling`` → SPELL+ORTH (UA-GEC's
  spelling includes case and word splitting, so the tag-free SPELL and ORTH are one class here);
  the grammatical inflection tags ``G/Case``, ``G/Number``, ``G/Gender``, ``G/Tense``,
  ``G/Aspect``, ``G/VerbVoice``, ``G/PartVoice``, ``G/VerbAForm``, ``G/Comparison``,
  ``G/Participle`` → MORPH; everything else (``G/UngrammaticalStructure``, ``G/Prep``, ``F/*``,
  ``Other``) → OTHER. UA-GEC has no word-order tag.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from gecscope.align.types.surface import SurfaceTypes
from gecscope.errors import InputError, SettingError

#: source tokens, correction tokens, gold label
GoldEdit = tuple[Sequence[str], Sequence[str], str]

ESTGEC = {
    "PUNCT": "PUNCT",
    "CASE": "ORTH",
    "WS": "ORTH",
    "WS:CASE": "ORTH",
    "SPELL": "SPELL",
    "SPELL:CASE": "SPELL",
    "WO": "WO",
    "NOM:FORM": "MORPH",
    "VERB:FORM": "MORPH",
}
UA_INFLECTION = ("Case", "Number", "Gender", "Tense", "Aspect", "VerbVoice", "PartVoice", "VerbAForm")
UA_GEC = {
    "Punctuation": "PUNCT",
    "Spelling": "SPELL+ORTH",
    **{f"G/{tag}": "MORPH" for tag in (*UA_INFLECTION, "Comparison", "Participle")},
}


def map_estgec(label: str) -> str:
    """An EstGEC label (``R:NOM:FORM``, ``M:PUNCT``; stray spaces removed) as a tag-free type."""
    body = label.replace(" ", "").split(":", 1)[-1]
    return ESTGEC.get(body, "OTHER")


def map_ua_gec(label: str) -> str:
    """A UA-GEC label as a tag-free type (``SPELL+ORTH`` for its ``Spelling``)."""
    return UA_GEC.get(label, "OTHER")


def merge_ua_gec(predicted: str) -> str:
    """A tag-free type in UA-GEC's granularity (SPELL and ORTH are one class there)."""
    return "SPELL+ORTH" if predicted in ("SPELL", "ORTH") else predicted


@dataclass(frozen=True)
class GoldMap:
    """How one corpus' gold labels meet the tag-free types: ``gold`` maps a gold label, ``merge``
    a predicted type to the corpus' granularity."""

    gold: Callable[[str], str]
    merge: Callable[[str], str] = str


GOLD_MAPS = {"estgec": GoldMap(map_estgec), "ua-gec": GoldMap(map_ua_gec, merge_ua_gec)}


@dataclass(frozen=True)
class TypeRow:
    """One type's counts: gold edits, predicted edits, edits where both say this type."""

    type: str
    gold: int
    predicted: int
    agree: int

    @property
    def precision(self) -> float:
        return self.agree / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.agree / self.gold if self.gold else 0.0


def gold_edits(path: str | Path, skipped: list[str] | None = None) -> Iterator[GoldEdit]:
    """(source tokens, correction, gold label) of every gold edit of every annotator of an M2
    file. Unlike :func:`gecscope.io.m2.iter_m2` it accepts overlapping edits (EstGEC has them:
    a token error inside a word-order span); ``noop`` lines are skipped. A malformed edit line or one whose
    span is out of range is an error naming the line, or, when ``skipped`` is given, appended to it
    as ``path:line`` and left out (Tartu L1 has one: ``0 11`` on a 7-token sentence)."""
    source: list[str] = []
    with open(path, encoding="utf-8") as lines:
        for lineno, line in enumerate(lines, 1):
            if line.startswith("S "):
                source = line[2:].split()
            elif line.startswith("A "):
                try:
                    edit = parse_edit(line, source, path, lineno)
                except InputError:
                    if skipped is None:
                        raise
                    skipped.append(f"{path}:{lineno}")
                    continue
                if edit is not None:
                    yield edit


def parse_edit(line: str, source: Sequence[str], path: str | Path, lineno: int) -> GoldEdit | None:
    """One ``A`` line as a gold edit (None for ``noop``)."""
    fields = line[2:].rstrip("\n").split("|||")
    span = fields[0].split()
    if len(fields) < 3 or len(span) != 2 or not all(s.lstrip("-").isdigit() for s in span):
        raise InputError("malformed edit line (expected 'A start end|||type|||correction|||...')", path, lineno)
    start, end = int(span[0]), int(span[1])
    if start == end == -1 or fields[1] in ("noop", "NA"):
        return None
    if not 0 <= start <= end <= len(source):
        raise InputError(f"edit span {start} {end} is out of range for a {len(source)}-token source", path, lineno)
    correction = [] if fields[2].strip() == "-NONE-" else fields[2].split()
    return source[start:end], correction, fields[1]


def agreement(edits: Iterable[GoldEdit], classifier: SurfaceTypes, corpus: str) -> list[TypeRow]:
    """The per-type table of ``classifier`` against the gold labels of ``edits`` (from :func:`gold_edits`;
    map ``corpus``), sorted by gold count; a last row ``ALL`` counts every edit (its precision = recall = accuracy)."""
    if corpus not in GOLD_MAPS:
        raise SettingError(f"corpus must be one of {', '.join(GOLD_MAPS)}, not {corpus!r}", "corpus")
    mapping = GOLD_MAPS[corpus]
    return type_rows(
        (mapping.gold(label), mapping.merge(classifier.classify(source, correction).split(":", 1)[-1]))
        for source, correction, label in edits
    )


def type_rows(labels: Iterable[tuple[str, str]]) -> list[TypeRow]:
    """The per-type table of ``(gold, predicted)`` label pairs, sorted by gold count; a last row
    ``ALL`` counts every pair (its precision = recall = accuracy).

    >>> [(r.type, r.gold, r.agree) for r in type_rows([("A", "A"), ("A", "B"), ("B", "B")])]
    [('A', 2, 1), ('B', 1, 1), ('ALL', 3, 2)]
    """
    gold: Counter[str] = Counter()
    predicted: Counter[str] = Counter()
    agree: Counter[str] = Counter()
    for want, got in labels:
        gold[want] += 1
        predicted[got] += 1
        agree[want] += want == got
    types = sorted(set(gold) | set(predicted), key=lambda t: (-gold[t], t))
    rows = [TypeRow(t, gold[t], predicted[t], agree[t]) for t in types]
    total = sum(gold.values())
    return [*rows, TypeRow("ALL", total, total, sum(agree.values()))]


def format_table(rows: Sequence[TypeRow]) -> str:
    """The table as Markdown (type, gold, predicted, agree, precision, recall)."""
    lines = ["| type | gold | predicted | agree | precision | recall |", "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        values = f"{row.gold} | {row.predicted} | {row.agree} | {row.precision:.3f} | {row.recall:.3f}"
        lines.append(f"| {row.type} | {values} |")
    return "\n".join(lines)
