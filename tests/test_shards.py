"""The readers, shard by shard (:func:`gecscope.pipeline.stream`): the examples and errors of the
whole-file readers (which collect them), and errors raised at the line where they are met."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import CONLL
from gecscope.errors import InputError
from gecscope.io import examples_from_m2
from gecscope.pipeline import batches, stream
from gecscope.types import Example, references_for

HYP_M2 = (
    "S a b c .\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\n\nS d e .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
)
REF_M2 = (
    "S a b c .\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\nA 0 1|||U:X|||-NONE-|||REQUIRED|||-NONE-|||1\n\n"
    "S d e .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
)


def m2_shards(hyp: Path, ref: Path, size: int = 1) -> Iterator[list[Example]]:
    return (system for [system] in stream(hyp_m2=[hyp], ref_m2=ref, size=size))


def text_shards(
    src: Path, hyp: Path, refs: Sequence[Path] = (), ref_m2: Path | None = None, size: int | None = 1
) -> Any:
    return (system for [system] in stream(source=src, hypotheses=[hyp], references=refs, ref_m2=ref_m2, size=size))


def _flat(shards: object) -> list[Example]:
    return [e for s in shards for e in s]  # type: ignore[attr-defined]


def _same(a: list[Example], b: list[Example]) -> bool:
    return a == b and [(e.id, e.source_raw, e.hypothesis.raw) for e in a] == [
        (e.id, e.source_raw, e.hypothesis.raw) for e in b
    ]


def test_batches_sizes() -> None:
    assert [len(b) for b in batches(range(15), 7)] == [7, 7, 1]
    assert [len(b) for b in batches(range(15), None)] == [15]
    with pytest.raises(ValueError, match="at least 1"):
        list(batches([1], 0))


@pytest.mark.shared
@pytest.mark.parametrize("size", [1, 7, 100_000])
def test_m2_shards_equal_the_eager_reader(size: int) -> None:
    hyp, ref = CONLL / "systems_m2" / "CUUI.m2", CONLL / "references.m2"
    shards = list(m2_shards(hyp, ref, size=size))
    assert all(len(s) == size for s in shards[:-1]) and 0 < len(shards[-1]) <= size
    assert _same(_flat(shards), examples_from_m2(hyp, ref))


@pytest.mark.shared
@pytest.mark.parametrize("size", [1, 500])
def test_text_shards_equal_the_eager_reader(size: int) -> None:
    args = (CONLL / "sources.txt", CONLL / "systems" / "AMU.txt", [CONLL / "REF0.txt", CONLL / "REF1.txt"])
    assert _same(_flat(text_shards(*args, size=size)), _flat(text_shards(*args, size=None)))
    with_m2 = (*args[:2], [CONLL / "REF0.txt"], CONLL / "references.m2")
    assert _same(_flat(text_shards(*with_m2, size=size)), _flat(text_shards(*with_m2, size=None)))


def test_small_m2_pair_and_crlf_bom(tmp_path: Path) -> None:
    hyp, ref = tmp_path / "h.m2", tmp_path / "r.m2"
    hyp.write_bytes(b"\xef\xbb\xbf" + HYP_M2.replace("\n", "\r\n").encode())
    ref.write_text(REF_M2, encoding="utf-8")
    got = _flat(m2_shards(hyp, ref, size=1))
    assert _same(got, examples_from_m2(hyp, ref))
    assert len(references_for(got[1], "absent")) == 1 and len(got[1].references) == 2
    assert [r.absent for r in got[1].references] == [r.absent for r in examples_from_m2(hyp, ref)[1].references]


def _eager_error(call: Callable[[], object]) -> str:
    with pytest.raises(InputError) as info:
        call()
    return str(info.value)


M2_BAD = {
    "malformed edit line late": REF_M2 + "\nS f g .\nA 0 1|||R:X|||h\n",
    "span out of range": REF_M2 + "\nS f g .\nA 0 9|||R:X|||h|||REQUIRED|||-NONE-|||0\n",
    "unexpected line": REF_M2 + "\nS f g .\nX what\n",
    "edit outside a sentence": REF_M2 + "\nA 0 1|||R:X|||h|||REQUIRED|||-NONE-|||0\n",
    "ids not ascending": REF_M2 + "\nS f g .\nA 0 1|||R:X|||h|||REQUIRED|||-NONE-|||1\n"
    "A 0 1|||R:X|||h|||REQUIRED|||-NONE-|||0\n",
    "ids not contiguous": REF_M2 + "\nS f g .\nA 0 1|||R:X|||h|||REQUIRED|||-NONE-|||3\n",
    "id beyond the lines": "S a .\nA 0 1|||R:X|||h|||REQUIRED|||-NONE-|||7\n",
    "no A lines": "S a b .\n\nS c .\n",
    "no S lines": "\n\n",
    "empty source": REF_M2 + "\nS \nA 0 1|||R:X|||h|||REQUIRED|||-NONE-|||0\n",
    "CR only": REF_M2.replace("\n", "\r"),
}


@pytest.mark.parametrize("case", sorted(M2_BAD))
@pytest.mark.parametrize("which", ["hyp", "ref"])
def test_m2_shards_raise_the_eager_errors(tmp_path: Path, case: str, which: str) -> None:
    good, bad = tmp_path / "good.m2", tmp_path / "bad.m2"
    good.write_text(REF_M2 + "\nS f g .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    bad.write_bytes(M2_BAD[case].encode())
    hyp, ref = (bad, good) if which == "hyp" else (good, bad)
    expected = _eager_error(lambda: examples_from_m2(hyp, ref))
    assert _eager_error(lambda: _flat(m2_shards(hyp, ref, size=1))) == expected


@pytest.mark.parametrize(
    "name,content",
    [
        ("bad UTF-8 late", REF_M2.encode() + b"\nS f \xff .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"),
        ("empty", b""),
        ("BOM only", b"\xef\xbb\xbf"),
    ],
)
def test_m2_shards_encoding_and_empty_files(tmp_path: Path, name: str, content: bytes) -> None:
    good, bad = tmp_path / "good.m2", tmp_path / "bad.m2"
    good.write_text(REF_M2, encoding="utf-8")
    bad.write_bytes(content)
    expected = _eager_error(lambda: examples_from_m2(good, bad))
    assert _eager_error(lambda: _flat(m2_shards(good, bad, size=1))) == expected


def test_m2_shards_mismatches_found_in_the_last_shard(tmp_path: Path) -> None:
    hyp, ref = tmp_path / "h.m2", tmp_path / "r.m2"
    three = REF_M2 + "\nS f g .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
    hyp.write_text(three, encoding="utf-8")
    ref.write_text(REF_M2, encoding="utf-8")
    msg = _eager_error(lambda: _flat(m2_shards(hyp, ref, size=1)))
    assert msg == _eager_error(lambda: examples_from_m2(hyp, ref)) and "has 3 sentences" in msg
    ref.write_text(three.replace("S f g .", "S f x ."), encoding="utf-8")  # the last source differs
    shards = m2_shards(hyp, ref, size=1)
    assert len(next(shards)) == 1  # the first shard comes (the second once the third sentence is read), then the error
    with pytest.raises(InputError, match="source sentence differs") as info:
        next(shards)
    assert str(info.value) == _eager_error(lambda: examples_from_m2(hyp, ref))
    with pytest.raises(InputError, match="file not found"):
        _flat(m2_shards(tmp_path / "nope.m2", ref))


def _text(tmp_path: Path, files: dict[str, bytes]) -> dict[str, Path]:
    out = {}
    for name, data in files.items():
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_bytes(data)
    return out


TEXT_BAD = {
    "hypothesis shorter": {"hyp": b"a b\nc d\n"},
    "hypothesis longer": {"hyp": b"a b\nc d\ne f\ng\n"},
    "reference shorter (last shard)": {"ref": b"a b\nc d\n"},
    "empty source line late": {"src": b"a b\nc d\n \n"},
    "bad UTF-8 late in the reference": {"ref": b"a b\nc d\ne \xfe\n"},
    "empty hypothesis file": {"hyp": b""},
    "missing reference": {"ref": None},
}


@pytest.mark.parametrize("case", sorted(TEXT_BAD))
def test_text_shards_raise_the_eager_errors(tmp_path: Path, case: str) -> None:
    files = {"src": b"a b\nc d\ne f\n", "hyp": b"a b\nc d\ne f\n", "ref": b"a b\nc d\ne f\n"}
    files.update(TEXT_BAD[case])  # type: ignore[arg-type]
    paths = _text(tmp_path, {k: v for k, v in files.items() if v is not None})
    ref = paths.get("ref", tmp_path / "missing.txt")
    expected = _eager_error(lambda: _flat(text_shards(paths["src"], paths["hyp"], [ref], size=None)))
    assert _eager_error(lambda: _flat(text_shards(paths["src"], paths["hyp"], [ref], size=1))) == expected


def test_text_shards_with_a_reference_m2_that_differs(tmp_path: Path) -> None:
    paths = _text(tmp_path, {"src": b"a b c .\nd e .\n", "hyp": b"a B c .\nd e .\n"})
    ref = tmp_path / "r.m2"
    ref.write_text(REF_M2.replace("S d e .", "S d x ."), encoding="utf-8")
    expected = _eager_error(lambda: _flat(text_shards(paths["src"], paths["hyp"], (), ref, size=None)))
    assert "source sentence differs" in expected
    assert _eager_error(lambda: _flat(text_shards(paths["src"], paths["hyp"], (), ref, size=1))) == expected
    ref.write_text(REF_M2, encoding="utf-8")
    got = _flat(text_shards(paths["src"], paths["hyp"], (), ref, size=1))
    assert _same(got, _flat(text_shards(paths["src"], paths["hyp"], (), ref, size=None)))


def _counting_opens(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    opened: dict[str, int] = {}
    real = Path.open

    def counted(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened[self.name] = opened.get(self.name, 0) + 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", counted)
    return opened


def test_a_bad_line_deep_in_a_text_file_is_reported_by_the_reader_that_met_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 5000
    good = "".join(f"w{i} x .\n" for i in range(n)).encode()
    paths = _text(tmp_path, {"src": good, "hyp": good, "ref": good.replace(b"w4321 ", b"w4321 \xff ")})
    opened = _counting_opens(monkeypatch)
    shards = text_shards(paths["src"], paths["hyp"], [paths["ref"]], size=1000)
    assert [len(next(shards)) for _ in range(4)] == [1000] * 4  # the shards before the bad line come
    with pytest.raises(InputError) as info:
        next(shards)
    assert str(info.value).startswith(f"{paths['ref']}:4322: not valid UTF-8 (byte 0xff)")
    assert opened == {"src.txt": 1, "hyp.txt": 1, "ref.txt": 1}  # read once, never re-read for the message


def test_a_bad_line_deep_in_an_m2_file_is_reported_by_the_reader_that_met_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    block = "S a b c .\nA 1 2|||R:X|||B|||REQUIRED|||-NONE-|||0\n\n"
    hyp, ref = tmp_path / "h.m2", tmp_path / "r.m2"
    ref.write_text(block * 3000, encoding="utf-8")
    hyp.write_text(
        block * 2000 + "S a b c .\nA 1 9|||R:X|||B|||REQUIRED|||-NONE-|||0\n\n" + block * 999, encoding="utf-8"
    )
    opened = _counting_opens(monkeypatch)
    with pytest.raises(InputError) as info:
        _flat(m2_shards(hyp, ref, size=500))
    assert str(info.value).startswith(f"{hyp}:6002: edit span 1 9 is out of range for a 4-token source")
    assert opened == {"h.m2": 2, "r.m2": 2}  # the annotator census, then the sentences: no third reading


def test_a_hypothesis_m2_without_edit_lines_is_refused_not_indexed(tmp_path: Path) -> None:
    hyp, ref = tmp_path / "h.m2", tmp_path / "r.m2"
    hyp.write_text("S a b c .\n\nS d e .\n\n", encoding="utf-8")  # found by test_fuzz: no annotator 0 to read
    ref.write_text(REF_M2, encoding="utf-8")
    for size in (1, 100):
        assert _eager_error(lambda size=size: _flat(m2_shards(hyp, ref, size))) == (
            f"{hyp}:1: no 'A' (edit) lines after this 'S' line: not an M2 file"
        )
