"""A per-type view changes no number (issue 39): the headline counts of ERRANT, M2, CLEME and
CLEME2.0 are the same with ``--cat 1/2/3/gold`` as without, also for gold edits that change
nothing (an empty insertion ``A 3 3|||M:PUNCT|||-NONE-``, a token replaced by itself) and for gold
edits typed ``UNK``.

The classifier of a tag-free language (Estonian here) types every edit when types are read; it
labels an edit that changes nothing ``UNK``, and ERRANT leaves ``UNK`` edits out of correction.
So the typed path used to lose such gold edits: on ``-t tartu-l1`` with the source as the
hypothesis, FN 665 without ``--cat`` and 663 with ``--cat 2`` (M2 blocks 375 and 837, each
``A k k|||M:PUNCT|||-NONE-|||REQUIRED|||-NONE-|||0``). Whether an edit counts is decided by its
type as read (errant_compare's rule on the file's types); the classifier only names it in the
per-type rows (:func:`gecscope.align.types.classifiers.type_target`).

The official ERRANT (errant 3.0.2) counts these edits with and without ``-cat``; on the two
Tartu L1 blocks alone (``two_ref.m2``, blocks 375 and 837 of ``test_m2.txt``; ``two_hyp.m2``,
their ``S`` lines with errant's noop line)::

    $ errant_compare -hyp two_hyp.m2 -ref two_ref.m2            # TP 0  FP 0  FN 2
    $ errant_compare -hyp two_hyp.m2 -ref two_ref.m2 -cat 2     # PUNCT 0 0 2; TP 0  FP 0  FN 2
    $ errant_compare -hyp two_hyp.m2 -ref two_ref.m2 -cat 3     # M:PUNCT 0 0 2; TP 0  FP 0  FN 2

and on the whole file (hypothesis: every ``S`` line with the noop line) ``TP 0 FP 0 FN 682`` with
and without ``-cat 2``/``-cat 3`` (``M:PUNCT`` FN 125, the two empty insertions among them; ours
is 665 because nested gold edits are read through their enclosing word-order edit).
On :data:`GOLD` with the hypothesis M2 :data:`HYP_M2`,
``errant_compare -hyp hyp.m2 -ref gold.m2`` (and with ``-cat 2``) prints ``TP 1 FP 1 FN 2``:
the empty insertion and the ``on`` → ``on`` replacement are FN, the ``UNK`` gold edit is left
out (so the hypothesis' ``väga`` is FP).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples as example_count
from gecscope import api
from gecscope.align.edit_types import type_examples
from gecscope.align.types.surface import SurfaceTypes
from gecscope.cli import main
from gecscope.io.m2 import read_m2
from gecscope.metrics import METRICS
from gecscope.types import Edit, Example, Target, apply_edits

METRICS_WITH_TYPES = ("errant", "m2", "cleme", "cleme2")
LEVELS = (1, 2, 3, "gold")
GOLD = (
    "S Vastupidi toimides , aga parandaksin seda .\n"
    "A 3 3|||M:PUNCT|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    "S Ma lähen koju .\n"
    "A 1 2|||R:VERB:FORM|||läksin|||REQUIRED|||-NONE-|||0\n\n"
    "S See on hea .\n"
    "A 1 2|||R:LEX|||on|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||UNK|||väga|||REQUIRED|||-NONE-|||0\n\n"
)
HYP = ["Vastupidi toimides , aga parandaksin seda .", "Ma läksin koju .", "See on väga ."]
#: the hypothesis as M2, for errant_compare (the record in the module docstring)
HYP_M2 = (
    "S Vastupidi toimides , aga parandaksin seda .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
    "S Ma lähen koju .\nA 1 2|||R:MORPH|||läksin|||REQUIRED|||-NONE-|||0\n\n"
    "S See on hea .\nA 2 3|||R:OTHER|||väga|||REQUIRED|||-NONE-|||0\n\n"
)
#: errant_compare's counts on GOLD and HYP_M2, with and without -cat
OFFICIAL_ERRANT = {"tp": 1, "fp": 1, "fn": 2}


def headline(score: Any) -> dict[str, Any]:
    """A score's value and its counts, the per-type rows left out."""
    details = {k: v for k, v in score.details.items() if k not in ("types", "categories")}
    return {"value": score.value, **details}


def files(tmp_path: Path) -> list[str]:
    (tmp_path / "g.m2").write_text(GOLD, encoding="utf-8")
    (tmp_path / "s.txt").write_text("".join(" ".join(b.source) + "\n" for b in read_m2(tmp_path / "g.m2")))
    (tmp_path / "h.txt").write_text("".join(h + "\n" for h in HYP), encoding="utf-8")
    return ["--source", str(tmp_path / "s.txt"), "--hyp", str(tmp_path / "h.txt"), "--ref-m2", str(tmp_path / "g.m2")]


def cli_headlines(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    assert main([*argv, "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    return {r["metric"]: {"score": r["score"], **r["counts"]} for r in out}


@pytest.mark.parametrize("level", LEVELS)
def test_cat_changes_no_count_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: int | str
) -> None:
    """``gecscope score --lang et ... --cat N`` gives every metric's plain counts; ERRANT's are
    errant_compare's (:data:`OFFICIAL_ERRANT`)."""
    argv = ["score", "--lang", "et", *files(tmp_path), "--metric", *METRICS_WITH_TYPES]
    plain = cli_headlines(argv, capsys)
    assert {k: plain["errant"][k] for k in OFFICIAL_ERRANT} == OFFICIAL_ERRANT
    assert cli_headlines([*argv, "--cat", str(level)], capsys) == plain


def test_no_change_edits_keep_counting_in_the_rows(tmp_path: Path) -> None:
    """With the classifier's types, the two gold edits that change nothing are ERRANT's FN in an
    ``UNK`` row (``M:UNK``, ``R:UNK`` at level 3), the rows add up to the headline, and the gold
    ``UNK`` edit is in no row (it is left out, as errant_compare leaves it)."""
    argv = files(tmp_path)
    examples = api.load(source=argv[1], hypothesis=argv[3], ref_m2=argv[5], lang="et")
    for level, unk in ((2, {"UNK"}), (3, {"M:UNK", "R:UNK"})):
        s = api.score(METRICS["errant"].build(cat=level), examples, lang="et")
        rows = s.details["categories"]
        assert sum(rows[name]["fn"] for name in unk) == 2, rows
        for k in ("tp", "fp", "fn"):
            assert sum(row[k] for row in rows.values()) == s.details[k], (level, k)


def test_the_classifier_never_changes_whether_an_edit_counts() -> None:
    """An edit read as ``UNK`` stays ``UNK``; one read with another type (or none) that the
    classifier labels ``UNK`` (it changes nothing) gets its operation with ``UNK``; the others
    get the classifier's type."""
    source = ("See", "on", "hea", ".")
    edits = (
        Edit(0, 0, (), "M:PUNCT"),
        Edit(1, 2, ("on",), "R:LEX"),
        Edit(2, 3, ("väga",), "UNK"),
        Edit(3, 4, (), "U:PUNCT"),
        Edit(4, 4, (), ""),
    )
    reference = Target(apply_edits(source, edits), edits)
    example = Example(source, Target(source, ()), (reference,))
    (typed,) = type_examples([example], SurfaceTypes("et"))
    assert [e.type for e in typed.references[0].edits or ()] == ["M:UNK", "R:UNK", "UNK", "U:PUNCT", "M:UNK"]


def spans(n: int) -> st.SearchStrategy[tuple[tuple[int, int], ...]]:
    """Sorted, non-overlapping spans of a sentence of ``n`` tokens (insertions included)."""
    points = st.lists(st.integers(0, n), min_size=0, max_size=6, unique=True).map(sorted)
    return points.map(lambda p: tuple(zip(p[0::2], p[1::2], strict=False)))


WORDS = ("ma", "läksin", "koju", ",", ".", "hea", "on")
TYPES = ("M:PUNCT", "R:LEX", "U:PUNCT", "R:NOM:FORM", "UNK", "R:WO")


@st.composite
def typed_examples(draw: st.DrawFn) -> list[Example]:
    """Sentences with gold edits that change nothing (empty span and empty correction, a token
    replaced by itself) beside ordinary ones, gold types ``UNK`` among them; each hypothesis
    applies a random subset of the gold edits."""
    out = []
    for _ in range(draw(st.integers(1, 4))):
        source = tuple(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)))
        edits = []
        for start, end in draw(spans(len(source))):
            kind = draw(st.sampled_from(("empty", "same", "insert", "change")))
            if kind in ("empty", "insert"):
                correction: tuple[str, ...] = (draw(st.sampled_from(WORDS)),) if kind == "insert" else ()
                end = start
            elif kind == "same":
                correction = source[start:end]
            else:
                correction = tuple(draw(st.lists(st.sampled_from(WORDS), max_size=2)))
            edits.append(Edit(start, end, correction, draw(st.sampled_from(TYPES))))
        gold = tuple(edits)
        made = tuple(e for e in gold if draw(st.booleans()))
        out.append(Example(source, Target(apply_edits(source, made)), (Target(apply_edits(source, gold), gold),)))
    return out


@pytest.mark.properties
@settings(max_examples=example_count(60), deadline=None)
@given(examples=typed_examples(), metric=st.sampled_from(METRICS_WITH_TYPES), level=st.sampled_from(LEVELS))
def test_cat_changes_no_count(examples: list[Example], metric: str, level: int | str) -> None:
    """counts(cat=N) == counts(plain) on generated sentences with no-change gold edits."""
    plain = api.score(METRICS[metric].build(), examples, lang="et")
    typed = api.score(METRICS[metric].build(cat=level), examples, lang="et")
    assert headline(typed) == headline(plain)
