"""Issue 42 (4): hostile CoNLL-U. IDs and HEADs of Unicode digits (``²``, full-width, Arabic-Indic),
a 5,000-digit HEAD, a ``3-2`` range, an ID ``-2``, FORMs holding U+2028 or NEL: each one
``InputError`` naming the file and the line, from the parser, the file reader, the Python API and
the command line; lines are split only on ``\\n``, as CoNLL-U defines."""

from __future__ import annotations

from pathlib import Path

import pytest

import gecscope
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io.conllu import parse_conllu, read_conllu

GOLDEN = Path(__file__).resolve().parent / "golden" / "czech"
SOURCE = GOLDEN / "handmade_source.conllu"


def row(ident: str, form: str = "a", head: str = "0") -> str:
    return "\t".join([ident, form, "a", "NOUN", "_", "_", head, "root", "_", "_"])


FIRST = row("1", head="0")

#: (name, the second line of a two-word sentence, what the message says)
HOSTILE = [
    ("superscript id", row("²", head="1"), "word id '²' is not 2"),
    ("full-width id", row("\uff12", head="1"), "word id '２' is not 2"),
    ("arabic-indic id", row("\u0662", head="1"), "word id '٢' is not 2"),
    ("superscript head", row("2", head="²"), "HEAD '²' is not a number"),
    ("full-width head", row("2", head="\uff11"), "HEAD '１' is not a number"),
    ("arabic-indic head", row("2", head="\u0661"), "HEAD '١' is not a number"),
    ("5000-digit head", row("2", head="9" * 5000), "HEAD 99999999999999999... (5000 digits) is past"),
    ("5000-digit id", row("9" * 5000, head="1"), "word id '99999999999999999...' (5000 characters) is not 2"),
    ("range 3-2", row("3-2"), "multi-word token range '3-2'"),
    ("id -2", row("-2"), "multi-word token range '-2'"),
    ("empty node .1", row(".1"), "empty node id '.1'"),
    ("form with U+2028", row("2", form="a\u2028b", head="1"), "a line break (U+2028) inside a column"),
    ("form with NEL", row("2", form="a\x85b", head="1"), "a line break (U+0085) inside a column"),
    ("form with a CR", row("2", form="a\rb", head="1"), "a line break (U+000D) inside a column"),
]


@pytest.mark.parametrize(("name", "line", "said"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_lines_are_one_input_error_at_their_line(tmp_path: Path, name: str, line: str, said: str) -> None:
    text = f"# sent_id = 1\n{FIRST}\n{line}\n\n"
    with pytest.raises(InputError) as err:
        parse_conllu(text.split("\n"), "x.conllu")
    assert str(err.value).startswith("x.conllu:3: CoNLL-U ") and said in str(err.value), str(err.value)
    assert len(str(err.value)) < 300 and str(err.value).isprintable()
    path = tmp_path / "bad.conllu"
    path.write_text(text, encoding="utf-8", newline="")
    with pytest.raises(InputError) as err:
        read_conllu(path)
    assert str(err.value).startswith(f"{path}:3: CoNLL-U ") and said in str(err.value)


def test_lines_are_split_only_on_line_feeds() -> None:
    """A FORM holding U+2028 is refused at its own line: the line is not cut in two (the
    following lines keep their numbers)."""
    broken = row("2", form="x\u2028y", head="1")
    text = f"{FIRST}\n{row('2', form='a', head='1')}\n\n{FIRST}\n{broken}\n"
    with pytest.raises(InputError, match=r"^x\.conllu:5: CoNLL-U "):
        parse_conllu(text, "x.conllu")


def test_good_multiword_tokens_and_empty_nodes_are_still_skipped() -> None:
    text = "\n".join([row("1-2", form="du"), row("1", head="0"), row("2", head="1"), row("2.1"), row("3", head="1")])
    assert [len(s) for s in parse_conllu(text.split("\n"))] == [3]


def conllu_with(tmp_path: Path, line: int, column: int, value: str) -> Path:
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    cells = lines[line - 1].split("\t")
    cells[column] = value
    lines[line - 1] = "\t".join(cells)
    path = tmp_path / "bad.conllu"
    path.write_text("\n".join(lines), encoding="utf-8", newline="")
    return path


@pytest.fixture
def texts(tmp_path: Path) -> tuple[Path, Path]:
    path = tmp_path / "source.txt"
    path.write_text("".join(" ".join(w.form for w in s) + "\n" for s in read_conllu(SOURCE)), encoding="utf-8")
    return path, path


@pytest.mark.parametrize(
    ("column", "value"),
    [(6, "²"), (6, "9" * 5000), (0, "\uff13"), (1, "Viděl\u2028x")],
    ids=["superscript head", "5000-digit head", "full-width id", "form with U+2028"],
)
def test_the_api_and_the_cli_refuse_in_one_line(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path, column: int, value: str
) -> None:
    pytest.importorskip("simplemma")
    bad = conllu_with(tmp_path, 3, column, value)
    with pytest.raises(InputError, match=rf"^{tmp_path}/bad\.conllu:3: CoNLL-U "):
        ex = gecscope.load(source=texts[0], hypothesis=texts[1], references=[texts[0]], lang="cs", source_conllu=bad)
        gecscope.score("errant", ex, cat=2)
    argv = ["score", "--lang", "cs", "--cat", "2", "--source", str(texts[0]), "--hyp", str(texts[1])]
    assert main([*argv, "--ref", str(texts[0]), "--source-conllu", str(bad), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gecscope: error: {bad}:3: CoNLL-U ") and err.count("\n") == 1 and err[:-1].isprintable()
    if "\u2028" in value:  # the line is read whole, not cut at the separator
        assert "a line break (U+2028) inside a column" in err
