"""The declared members of aligners and metrics, each with its default: the built-in aligners
subclass :class:`gecscope.align.aligner.Aligner` and the metrics
:class:`gecscope.metrics.base.MetricBase`; a wrapper reports the wrapped aligner's members; an
aligner object from elsewhere is adopted with the defaults (callers never probe)."""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.align import AlignSettings, LevenshteinAligner, align_examples, get_aligner
from gecscope.align.aligner import WHITESPACE, Adopted, Aligner, adopt
from gecscope.align.en.errant import ErrantAligner
from gecscope.align.settings import Origin
from gecscope.align.store import CachedAligner, cached
from gecscope.types import Edit, Example, Target, Tokens


class Bare:
    """A third-party aligner that declares only a name and ``edits_batch``."""

    name = "bare"

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return [(Edit(0, len(s), t),) for s, t in pairs]


def test_every_built_in_aligner_subclasses_the_base() -> None:
    from gecscope.align.notag import NotagAligner
    from gecscope.align.zh.cherrant import CherrantAligner

    assert all(issubclass(c, Aligner) for c in (ErrantAligner, LevenshteinAligner, NotagAligner, CherrantAligner))
    assert CherrantAligner.alternatives and not NotagAligner.alternatives
    assert NotagAligner(AlignSettings(max_tokens=9)).max_tokens == 9


def test_defaults_are_declared() -> None:
    al = LevenshteinAligner()
    assert isinstance(al, Aligner) and adopt(al) is al
    assert (al.signature, al.max_tokens, al.alternatives, al.origin) == ("levenshtein", 0, False, None)
    assert dict(al.tokenisation) == dict(WHITESPACE) == {"tok": "whitespace"}
    with al.keep_workers():
        assert al.alignments_batch([(("a",), ("b",))]) == [[al.edits_batch([(("a",), ("b",))])[0]]]


def test_a_wrapper_reports_the_wrapped_aligners_members() -> None:
    inner = ErrantAligner(settings=AlignSettings(max_tokens=7, cache=False))  # spaCy is not loaded
    wrapped = cached(inner, enabled=False)
    assert isinstance(wrapped, CachedAligner) and not wrapped.alternatives
    assert (wrapped.max_tokens, wrapped.signature) == (7, inner.signature) and wrapped.signature.startswith("errant-")


def test_an_object_from_elsewhere_is_adopted_with_the_defaults() -> None:
    bare = Bare()
    assert get_aligner(bare) is bare  # the API gives back the object it was given
    al = adopt(bare)
    assert isinstance(al, Adopted) and (al.name, al.signature, al.max_tokens, al.alternatives) == (
        "bare",
        "bare",
        0,
        False,
    )
    al.origin = Origin()
    ex = Example(("a",), Target(("b",)), (Target(("a",)),))
    done = align_examples([ex], Bare())
    assert done[0].hypothesis.edits == (Edit(0, 1, ("b",)),) and done[0].references[0].edits == ()


def test_every_registered_metric_declares_the_members() -> None:
    """Each metric class subclasses :class:`MetricBase`: its members are read, never probed."""
    from gecscope.metrics import METRICS
    from gecscope.metrics.base import MetricBase
    from gecscope.types import CONVENTIONS

    for name, spec in METRICS.items():
        cls = spec.metric
        assert issubclass(cls, MetricBase), name
        assert isinstance(cls.needs_edits, bool) and isinstance(cls.needs_reference_edits, bool), name
        assert isinstance(cls.reference_free, bool) and cls.missing_annotators in CONVENTIONS, name
    assert METRICS["m2"].metric.needs_reference_edits and METRICS["scribendi"].metric.reference_free
    assert not METRICS["green"].metric.needs_reference_edits and METRICS["errant"].metric.missing_annotators == "absent"
