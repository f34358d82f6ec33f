"""Every bad input gets one clear line naming the file and line — never a silent score."""

from __future__ import annotations

from pathlib import Path

import pytest

from gecscope import api
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io import examples_from_m2, read_m2
from gecscope.io.jsonl import iter_jsonl
from gecscope.pipeline import read

M2_OK = "S a b c\nA 0 1|||R|||A|||REQUIRED|||-NONE-|||0\nA 1 2|||R|||B|||REQUIRED|||-NONE-|||1\n\n"


def error_of(fn, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as info:
        fn(*args, **kwargs)
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def test_line_count_mismatch(tmp_text) -> None:  # type: ignore[no-untyped-def]
    src = tmp_text("src.txt", "a b\nc d\n")
    hyp = tmp_text("hyp.txt", "a b\n")
    msg = error_of(read, source=src, hypotheses=[hyp], references=[src])
    assert msg.startswith(f"{hyp}:2: has 1 sentences but {src} has 2")
    ref = tmp_text("ref.txt", "a b\nc d\ne f\n")
    assert error_of(read, source=src, hypotheses=[src], references=[ref]).startswith(f"{ref}:3: has 3 sentences")


def test_m2_sentence_count_mismatch(tmp_text) -> None:  # type: ignore[no-untyped-def]
    hyp = tmp_text("h.m2", "S a b c\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
    ref = tmp_text("r.m2", M2_OK + "S d e\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
    # the longer file is named, at the line of its first sentence without a counterpart
    assert error_of(examples_from_m2, hyp, ref).startswith(f"{ref}:5: has 2 sentences but {hyp} has 1")


def test_m2_source_mismatch(tmp_text) -> None:  # type: ignore[no-untyped-def]
    hyp = tmp_text("h.m2", "S a b d\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
    ref = tmp_text("r.m2", M2_OK)
    assert error_of(examples_from_m2, hyp, ref) == f"{hyp}:1: source sentence differs from {ref}:1"


def test_overlapping_edits(tmp_text) -> None:  # type: ignore[no-untyped-def]
    """Crossing edits are read as EstGEC's nested ones (io.m2.enclosing: the first kept, the
    other in ``nested``; the run signs ``ref=m2-enclosing``), not refused."""
    p = tmp_text("o.m2", "S a b c\nA 0 2|||R|||x|||REQUIRED|||-NONE-|||0\nA 1 3|||R|||y|||REQUIRED|||-NONE-|||0\n")
    [target] = read_m2(p)[0].targets
    assert (target.text, [e.start for e in target.nested]) == ("x c", [1])


@pytest.mark.parametrize("span", ["0 4", "2 1", "-2 1"])
def test_out_of_range_edit(tmp_text, span: str) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("r.m2", f"S a b c\n\nS d e f\nA {span}|||R|||x|||REQUIRED|||-NONE-|||0\n")
    assert error_of(read_m2, p) == f"{p}:4: edit span {span} is out of range for a 3-token source"


def test_annotator_ids_not_grouped(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text(
        "r.m2",
        "S a b c\nA 0 1|||R|||x|||REQUIRED|||-NONE-|||0\nA 1 2|||R|||y|||REQUIRED|||-NONE-|||1\n"
        "A 2 3|||R|||z|||REQUIRED|||-NONE-|||0\n",
    )
    assert error_of(read_m2, p) == f"{p}:4: annotator ids must be ascending and grouped: id 0 after id 1"


def test_annotator_id_gap(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("r.m2", "S a b c\nA 0 1|||R|||x|||REQUIRED|||-NONE-|||0\nA 1 2|||R|||y|||REQUIRED|||-NONE-|||2\n")
    assert "annotator ids are not contiguous: id 1 never appears but id 2 does" in error_of(read_m2, p)


def test_malformed_edit_lines(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("r.m2", "S a b c\nA 0 1|||R|||x\n")
    assert error_of(read_m2, p).startswith(f"{p}:2: malformed edit line")
    q = tmp_text("q.m2", "S a b c\nA 0 x|||R|||x|||REQUIRED|||-NONE-|||0\n")
    assert error_of(read_m2, q).startswith(f"{q}:2: malformed edit line")
    r = tmp_text("n.m2", "S a b c\nA 0 1|||noop|||x|||REQUIRED|||-NONE-|||0\n")
    assert "'noop' edit must have span -1 -1" in error_of(read_m2, r)
    s = tmp_text("s.m2", "A 0 1|||R|||x|||REQUIRED|||-NONE-|||0\n")
    assert error_of(read_m2, s) == f"{s}:1: edit line outside a sentence block (missing 'S' line)"
    t = tmp_text("t.m2", "S a b\nX what\n")
    assert error_of(read_m2, t).startswith(f"{t}:2: unexpected line")


def test_unreadable_encoding(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("latin.txt", "caf\u00e9 ok\n".encode() + b"na\xefve line\n")
    assert error_of(api.load, source=p, hypothesis=p, references=[p]) == (
        f"{p}:2: not valid UTF-8 (byte 0xef); re-encode the file as UTF-8"
    )


def test_empty_file(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("empty.m2", "")
    assert error_of(read_m2, p) == f"{p}: empty file"
    q = tmp_text("blank.txt", "\n\n")
    assert (
        error_of(read, source=q, hypotheses=[q], references=[q])
        == f"{q}:1: empty line (a source sentence cannot be empty)"
    )
    r = tmp_text("blank.m2", "\n\n")
    assert error_of(read_m2, r) == f"{r}: no 'S' lines: empty or not an M2 file"
    j = tmp_text("blank.jsonl", "\n")
    assert error_of(lambda p: list(iter_jsonl(p)), j) == f"{j}: no records"


def test_missing_file(tmp_path: Path) -> None:
    p = tmp_path / "nope.m2"
    assert error_of(read_m2, p) == f"{p}: file not found"


def test_empty_source_line(tmp_text) -> None:  # type: ignore[no-untyped-def]
    src = tmp_text("src.txt", "a b\n\nc\n")
    msg = error_of(read, source=src, hypotheses=[src], references=[src])
    assert msg == f"{src}:2: empty line (a source sentence cannot be empty)"


def test_bad_jsonl(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("x.jsonl", '{"source": "a b", "hypothesis": "a", "references": ["a b"]}\n{oops\n')
    assert error_of(lambda p: list(iter_jsonl(p)), p).startswith(f"{p}:2: invalid JSON")
    q = tmp_text("y.jsonl", '{"source": "a b", "hypothesis": 3, "references": []}\n')
    assert error_of(lambda p: list(iter_jsonl(p)), q) == f"{q}:1: field 'hypothesis' must be a string"


def test_cli_reports_one_line_and_exit_code_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.m2"
    assert main(["score", "--hyp-m2", str(missing), "--ref-m2", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"gecscope: error: {missing}: file not found\n"


def test_bad_factors_are_rejected(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--example", "--factors", "0.5,0.5,0.5,0.5"]) == 2
    assert "factors must be non-negative and sum to 1" in capsys.readouterr().err
    assert main(["score", "--example", "--factors", "fast"]) == 2
    assert "factors must be a preset or four numbers" in capsys.readouterr().err
