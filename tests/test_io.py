"""M2, text and JSONL readers: formats the field actually produces."""

from __future__ import annotations

from gecscope.io import read_m2, write_jsonl
from gecscope.io.jsonl import iter_jsonl
from gecscope.pipeline import read
from gecscope.types import Edit


def test_m2_features(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text(
        "r.m2",
        "S a b c d\r\n"
        "T0-A0 a b c d\r\n"
        "A 0 1|||R:X|||x ||| y|||REQUIRED|||-NONE-|||0\r\n"
        "A 2 3|||U:DET|||-NONE-|||REQUIRED|||-NONE-|||0\r\n"
        "A 4 4|||M:PUNCT|||.|||REQUIRED|||-NONE-|||0\r\n"
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1\r\n"
        "\r\n"
        "S e f\r\n"
        "A 1 2|||R|||g|||REQUIRED|||-NONE-|||0\r\n",
    )
    first, second = read_m2(p)
    ref0, ref1 = first.targets
    assert ref0.edits == (Edit(0, 1, ("x", "|||", "y"), "R:X"), Edit(2, 3, (), "U:DET"), Edit(4, 4, (".",), "M:PUNCT"))
    assert ref0.tokens == ("x", "|||", "y", "b", "d", ".")
    assert ref1.tokens == ("a", "b", "c", "d") and ref1.edits == ()
    # annotator 1 has no lines in the second sentence: an unchanged target
    assert second.targets[1].tokens == ("e", "f") and second.targets[1].edits == ()


def test_text_trailing_spaces_crlf_and_bom(tmp_text) -> None:  # type: ignore[no-untyped-def]
    src = tmp_text("s.txt", "\ufeffa  b \r\nc d\r\n")
    hyp = tmp_text("h.txt", "a b\n\n")
    [(e1, e2)] = read(source=src, hypotheses=[hyp], references=[src])
    assert e1.source == ("a", "b") and e2.hypothesis.tokens == ()
    assert e1.hypothesis.edits is None


def test_jsonl_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gecscope.types import Example, Target

    exs = [Example(("a", "b"), Target(("a",)), (Target(("a", "b")), Target(("b",))), "s1")]
    write_jsonl(tmp_path / "x.jsonl", exs)
    back = list(iter_jsonl(tmp_path / "x.jsonl"))
    assert back == exs
