"""EstGEC's protocol tokenises a hypothesis as its sources are tokenised (issue 39): EstNLTK's
words (``--tokenize estnltk``, the ``et-tagger`` extra). EstGEC's scorer does not tokenise; its
README asks for output "tokenized in the same way" as the sources, and the sources are EstNLTK's
words (measured here on the sets' own detokenised texts), so a detokenised output (NELB's) is
scored, signed ``tok:estnltk-<version>+snap-m2``, instead of refused."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.align.languages import load_language
from gecscope.align.tokenizers import tokenize_examples
from gecscope.cli import main
from gecscope.errors import MissingExtraError
from gecscope.io.m2 import read_m2
from gecscope.setup.protocols import PROTOCOLS
from gecscope.types import Example, Target

MULTI = DATA / "multilingual"
TARTU = MULTI / "estgec" / "Tartu_L1_test"
L2 = MULTI / "estgec-l2" / "test"
NELB = MULTI / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"


def test_the_estgec_protocol_declares_estnltk_words() -> None:
    assert PROTOCOLS["estgec"].tokenize == "estnltk"
    assert "estnltk" in load_language("et").tokenizers


def test_estnltk_words_keep_compound_tokens() -> None:
    pytest.importorskip("estnltk")
    from gecscope.align.et.tokens import estnltk_words

    split = estnltk_words()
    assert split("Kohtume kell 10.00 vana linnas.") == ("Kohtume", "kell", "10.00", "vana", "linnas", ".")
    assert split("Tere, Mari!") == ("Tere", ",", "Mari", "!")
    assert split("   ") == ()


def test_without_the_extra_the_tokeniser_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from gecscope.align.et.tokens import estnltk_words

    monkeypatch.setitem(sys.modules, "estnltk", None)
    with pytest.raises(MissingExtraError, match="et-tagger"):
        estnltk_words()


def sources(path: Path) -> list[tuple[str, ...]]:
    return [ex.source for ex in read_m2(path, overlaps=True, past_end=True)]


def tokenised(raw: list[str], m2: Path | None = None) -> list[tuple[str, ...]]:
    """The raw lines as gecscope tokenises a hypothesis with ``estnltk`` (against the M2's
    source tokens when given: :func:`gecscope.align.tokenizers.snap`)."""
    if m2 is None:
        examples = [Example(tuple(line.split()), Target(tuple(line.split()), raw=line), ()) for line in raw]
    else:
        gold = read_m2(m2, overlaps=True, past_end=True)[: len(raw)]
        examples = [
            Example(block.source, Target(tuple(line.split()), raw=line), block.targets)
            for block, line in zip(gold, raw, strict=True)
        ]
    return [ex.hypothesis.tokens for ex in tokenize_examples(examples, "estnltk", "et")]


def agreement(size: int | None) -> tuple[int, int, int, int]:
    """Of the first ``size`` sentences (None: all): Tartu L1's raw sentences whose tokens are
    its M2 source tokens (snapped to them, and plain), their number, and EstGEC-L2's detokenised
    test sentences whose plain tokens are its tokenised source's."""
    require_shared()
    pytest.importorskip("estnltk")
    raw = (TARTU / "test_laused.txt").read_text(encoding="utf-8").splitlines()[:size]
    want = sources(TARTU / "test_m2.txt")[:size]
    snapped = sum(a == b for a, b in zip(tokenised(raw, TARTU / "test_m2.txt"), want, strict=True))
    plain = sum(a == b for a, b in zip(tokenised(raw), want, strict=True))
    raw = (L2 / "source_sentences_test_detokenized.txt").read_text(encoding="utf-8").splitlines()[:size]
    tokens = (L2 / "source_sentences_test.txt").read_text(encoding="utf-8").splitlines()[:size]
    l2 = sum(a == tuple(b.split()) for a, b in zip(tokenised(raw), tokens, strict=True))
    return snapped, plain, len(want), l2


def test_estnltk_words_are_the_sources_tokens() -> None:
    """The first 300 sentences: Tartu L1's all (snapped or not), EstGEC-L2's 283."""
    assert agreement(300) == (300, 300, 300, 283)


@pytest.mark.conformance
def test_estnltk_words_are_the_sources_tokens_whole_sets() -> None:
    """Tartu L1: all 1,453 snapped to the M2's tokens, 1,451 plain; EstGEC-L2: 1,977 of 2,029
    (syntok: 1,354 and 1,925 plain, ``spacy-blank`` 1,372 and 1,956: docs/types-estonian.md)."""
    assert agreement(None) == (1453, 1451, 1453, 1977)


@pytest.mark.conformance
@pytest.mark.parametrize("name", ["estgec-l2", "tartu-l1"])
def test_a_detokenised_output_is_scored_by_every_metric(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The acceptance run: ``score -t estgec-l2 --hyp NELB --metric cleme2 errant --cat 2`` (Tartu
    L1: its raw sentences) succeeds, tokenised by EstNLTK's words and signed so."""
    require_shared()
    pytest.importorskip("estnltk")
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    hyp = NELB if name == "estgec-l2" else TARTU / "test_laused.txt"
    argv = ["score", "-t", name, "--hyp", str(hyp), "--metric", "cleme2", "errant", "--cat", "2", "--format", "json"]
    assert main(argv) == 0

    rows = json.loads(capsys.readouterr().out)
    assert [r["metric"] for r in rows] == ["cleme2", "errant"]
    assert all("|tok:estnltk-" in r["signature"] for r in rows)
    if name == "tartu-l1":  # the source itself, detokenised: not one edit proposed
        assert rows[1]["counts"]["fp"] == 0, rows[1]["counts"]
