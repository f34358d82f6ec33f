"""ChERRANT M2 reading: alternative alignments ``T{k}-A{n}`` and ``无法标注`` (NA) lines."""

from __future__ import annotations

from pathlib import Path

from gecscope.io import read_m2
from gecscope.types import Edit

CHERRANT_M2 = """S 我 是 你
T0-A0 我 是 他
A 2 3|||S|||他|||REQUIRED|||-NONE-|||0
T0-A1 我 是 他
A 2 2|||M|||他|||REQUIRED|||-NONE-|||0
A 2 3|||R|||-NONE-|||REQUIRED|||-NONE-|||0
T1 没有错误
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S 好 的
T0 无法标注
A -1 -1|||NA|||-NONE-|||REQUIRED|||-NONE-|||0
"""


def test_alternative_alignments_are_kept_apart(tmp_path: Path) -> None:
    path = tmp_path / "c.m2"
    path.write_text(CHERRANT_M2, encoding="utf-8")
    first, second = read_m2(path)
    assert first.targets[0].edits == (Edit(2, 3, ("他",), "S"),)
    assert first.targets[0].tokens == ("我", "是", "他")
    assert first.targets[0].alternatives == ((Edit(2, 2, ("他",), "M"), Edit(2, 3, (), "R")),)
    assert first.targets[1].alternatives == ()
    assert first.targets[1].tokens == first.source
    assert not first.targets[0].unannotatable and not first.targets[1].unannotatable
    assert second.targets[0].unannotatable
    assert second.targets[0].tokens == second.source
    assert second.targets[0].edits == ()
    assert [t.absent for t in second.targets] == [False, True]


def test_plain_m2_has_no_alternatives(tmp_path: Path) -> None:
    path = tmp_path / "p.m2"
    path.write_text("S a b\nA 0 1|||R:NOUN|||c|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    (block,) = read_m2(path)
    assert block.targets[0].alternatives == ()
    assert not block.targets[0].unannotatable
