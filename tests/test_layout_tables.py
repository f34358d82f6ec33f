"""The metrics' layouts declared from shared component tables (``gecscope.layout``): what each
shows is what it showed when every metric spelled its components out."""

from __future__ import annotations

from gecscope.layout import ACC, HIGHER, LOWER, PRF, Component, qualified
from gecscope.metrics import METRICS


def components(name: str) -> list[tuple[str, str, str, str, float | None]]:
    return [(c.key, c.label, c.better, c.meaning, c.upper) for c in METRICS[name].layout.components]


def test_qualified_prefixes_the_meaning_only() -> None:
    assert qualified((*PRF, ACC), "correction") == (
        Component("p", "P", HIGHER, "correction precision"),
        Component("r", "R", HIGHER, "correction recall"),
        Component("f", "F", HIGHER, "correction F-beta"),
        Component("acc", "Acc", HIGHER, "correction accuracy"),
    )


def test_imeasure_components() -> None:
    assert [c[:2] for c in components("i-measure")] == [
        ("wacc", "WAcc"),
        ("wacc_base", "WAcc_b"),
        ("p", "P"),
        ("r", "R"),
        ("f", "F"),
        ("acc", "Acc"),
        ("d_wacc", "WAcc (det.)"),
    ]
    assert components("i-measure")[2][3] == "correction precision"
    assert METRICS["i-measure"].layout.headline == "i"


def test_gleu_and_chargleu_differ_in_their_title_only() -> None:
    gleu, chargleu = METRICS["gleu"].layout, METRICS["chargleu"].layout
    assert (gleu.title, chargleu.title) == ("GLEU", "charGLEU")
    assert [c.meaning for c in chargleu.components] == [
        "mean corpus charGLEU over the sampled reference draws",
        "mean smoothed sentence charGLEU",
    ]
    assert [c.key for c in gleu.components] == [c.key for c in chargleu.components] == ["corpus_score", "sentence_mean"]
    assert gleu.counts == chargleu.counts == ()


def test_chunk_and_ngram_layouts() -> None:
    assert [c[0] for c in components("cleme")] == ["p", "r", "f", "acc"]
    assert [(c[0], c[2]) for c in components("cleme2")] == [
        ("hit", HIGHER),
        ("wrong", LOWER),
        ("under", LOWER),
        ("over", LOWER),
    ]
    assert [c[0] for c in components("green")] == ["p", "r", "f", "corpus_f", "sentence_mean_f"]
    assert [(c[0], c[4]) for c in components("wodafe")] == [
        ("f_g", 1.0),
        ("f_m", 1.0),
        ("ocscore", None),
        ("fluency", 1.0),
    ]
