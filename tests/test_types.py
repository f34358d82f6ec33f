"""The readers' fast constructors (``make_edit``, ``make_target``, ``make_example``) give the
values the frozen dataclasses' own constructors give, and name every field."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.types import (
    EDIT_FIELDS,
    EXAMPLE_FIELDS,
    TARGET_FIELDS,
    Edit,
    Example,
    Target,
    make_edit,
    make_example,
    make_target,
)

tokens = st.lists(st.sampled_from(["a", "b", ",", "n't", "the"]), max_size=4).map(tuple)


def test_every_field_is_set_in_declared_order() -> None:
    for cls, names in ((Edit, EDIT_FIELDS), (Target, TARGET_FIELDS), (Example, EXAMPLE_FIELDS)):
        assert tuple(f.name for f in dataclasses.fields(cls)) == names, cls.__name__


@settings(deadline=None)
@given(
    start=st.integers(0, 5),
    width=st.integers(0, 3),
    correction=tokens,
    etype=st.sampled_from(["", "R:NOUN", "M:DET"]),
    alternatives=st.lists(tokens, max_size=2).map(tuple),
)
def test_make_edit_equals_edit(
    start: int, width: int, correction: tuple[str, ...], etype: str, alternatives: tuple[tuple[str, ...], ...]
) -> None:
    fast = make_edit(start, start + width, correction, etype, alternatives)
    slow = Edit(start, start + width, correction, etype, alternatives)
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert fast.alternatives == slow.alternatives


@settings(deadline=None)
@given(
    words=tokens,
    has_edits=st.booleans(),
    unannotatable=st.booleans(),
    absent=st.booleans(),
    raw=st.none() | st.text(max_size=5),
)
def test_make_target_and_example_equal_theirs(
    words: tuple[str, ...], has_edits: bool, unannotatable: bool, absent: bool, raw: str | None
) -> None:
    edits = (Edit(0, 0, ("x",)),) if has_edits else None
    fast = make_target(words, edits, (), unannotatable, absent, raw)
    slow = Target(words, edits, raw, (), unannotatable, absent)
    assert fast == slow and hash(fast) == hash(slow)
    assert [getattr(fast, f) for f in TARGET_FIELDS] == [getattr(slow, f) for f in TARGET_FIELDS]
    ex_fast = make_example(words, fast, (fast, slow), "7", raw, absent)
    ex_slow = Example(words, slow, (slow, fast), "7", raw, absent)
    assert ex_fast == ex_slow and hash(ex_fast) == hash(ex_slow)
    assert [getattr(ex_fast, f) for f in EXAMPLE_FIELDS] == [getattr(ex_slow, f) for f in EXAMPLE_FIELDS]
    assert dataclasses.replace(ex_fast, id="8").id == "8"  # a normal dataclass value
