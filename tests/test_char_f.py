"""char-F (the metric added as "one module + one registry entry")."""

from __future__ import annotations

from gecscope.metrics.char_f import CharF
from gecscope.types import Example, Target


def test_the_signature_records_no_edit_scheme() -> None:
    """char-F has one kind of edit; ERRANT's --scheme is refused for it, so it is not signed."""
    ex = Example(("a", "cat"), Target(("a", "hat")), (Target(("a", "hat")),))
    assert CharF().score([ex]).signature.startswith("char-f|beta:0.5|")
