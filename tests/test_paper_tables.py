"""Tables a paper can print (issue 42, item 11): ``--format latex`` / ``markdown`` for ``score``
and ``compare``; booktabs, the marks explained under the table, the signature under it; the LaTeX
compiles (pdflatex, Debian's texlive-latex-base + texlive-latex-recommended, when installed) and
parses (pylatexenc, the dev extra); the Markdown is a well-formed table (the docs site shows one:
docs/output.md)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

import pytest

from gecscope import api
from gecscope.cli import main
from gecscope.report.paper import Marked, PaperTable, latex, markdown, render, scores_table, sets_table, tex

EXAMPLE = api.example_dir()
GIVEN = ["--source", str(EXAMPLE / "source.txt"), "--ref", str(EXAMPLE / "reference0.txt")]
GIVEN += [str(EXAMPLE / "reference1.txt")]
HYPS = ["--hyp", str(EXAMPLE / "source.txt"), str(EXAMPLE / "hypothesis.txt"), "--name", "IN_PUT", "sys&co"]
FAST = ["--bootstrap", "200", "--trials", "200", "--quiet"]


@cache
def cli(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


def compare_out(fmt: str) -> str:
    return cli("compare", "--metric", "cleme2", "errant", *GIVEN, *HYPS, *FAST, "--format", fmt)


def score_out(fmt: str) -> str:
    return cli("score", "--metric", "cleme2", "errant", "m2", *GIVEN, *HYPS, "--quiet", "--format", fmt)


DOCUMENT = "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n%s\n\\end{document}\n"


def test_compare_latex_is_booktabs_with_marks_explained_and_signatures() -> None:
    out = compare_out("latex")
    for part in ("\\toprule", "\\midrule", "\\bottomrule", "\\begin{tabular}{llrrrr}", "CLEME2.0", "ERRANT"):
        assert part in out, part
    assert "\\textsuperscript{*}" in out  # the system is significantly better than its source here
    assert "* Significant difference to IN\\_PUT" in out and "approximate randomization (200 trials)" in out
    assert out.count("Signature: \\texttt{") == 2 and "sys\\&co" in out
    assert out.index("\\end{tabular}") < out.index("Signature:")


def test_compare_markdown_rows_and_notes() -> None:
    out = compare_out("markdown")
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 4  # heading, rule, 2 metrics x 2 systems
    assert {line.count(" | ") for line in table if ":--" not in line} == {5}
    assert "\\*" in table[3] or "\\*" in table[5]  # the significant difference's mark
    assert "IN\\_PUT (baseline)" in out and "sys&co" in out
    assert "\\* Significant difference" in out and out.count("Signature: `") == 2


def test_compare_table_labels_not_significant_as_unmarked() -> None:
    out = cli(
        "compare",
        "--metric",
        "errant",
        *GIVEN,
        *HYPS,
        "--bootstrap",
        "5",
        "--trials",
        "5",
        "--quiet",
        "--format",
        "markdown",
    )
    row = next(line for line in out.splitlines() if line.startswith("|  | sys"))
    assert "\\*" not in row  # 5 trials cannot reach p < 0.05


def test_score_latex_and_markdown_columns_are_metrics() -> None:
    out = score_out("latex")
    assert "\\multicolumn{5}{c}{CLEME2.0}" in out and "\\multicolumn{3}{c}{ERRANT}" in out
    assert "\\cmidrule(lr){2-6}" in out and out.count("Signature:") == 3
    md = score_out("markdown")
    head = md.splitlines()[0]
    assert head.startswith("| System | CLEME2.0 Score | CLEME2.0 hit ↑") and "M2 F |" in head
    assert len([line for line in md.splitlines() if line.startswith("|")]) == 4


def _scores(system: str, value: float) -> list[api.Score]:
    examples = api.load(hyp_m2=EXAMPLE / "hypothesis.m2", ref_m2=EXAMPLE / "references.m2")
    score = api.score("errant", examples)
    import dataclasses

    return [dataclasses.replace(score, system=system, value=value)]


def test_sets_table_rows_systems_column_groups_test_sets() -> None:
    table = sets_table({"CoNLL-14": _scores("A", 0.5) + _scores("B", 0.25), "JFLEG": _scores("B", 0.75)})
    assert table.groups == (("CoNLL-14", 1), ("JFLEG", 1)) and table.head == ("System", "ERRANT", "ERRANT")
    assert table.rows == (("A", "0.5000", "-"), ("B", "0.2500", "0.7500"))
    tex_text = latex(table)
    assert "\\multicolumn{1}{c}{CoNLL-14} & \\multicolumn{1}{c}{JFLEG}" in tex_text
    assert "| System | CoNLL-14 ERRANT | JFLEG ERRANT |" in markdown(table)
    assert len(table.signatures) == 1  # one setting: one signature


def test_scores_table_several_metrics_in_one_group_are_named() -> None:
    both = _scores("A", 0.5)
    examples = api.load(hyp_m2=EXAMPLE / "hypothesis.m2", ref_m2=EXAMPLE / "references.m2")
    both.append(api.score("m2", examples))
    table = sets_table({"CoNLL-14": both})
    assert table.head == ("System", "ERRANT", "M2")


def test_escaping_and_marks() -> None:
    assert tex("50% & $x_1$ #{}~^\\|<>") == (
        "50\\% \\& \\$x\\_1\\$ \\#\\{\\}\\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        "\\textbar{}\\textless{}\\textgreater{}"
    )
    table = PaperTable(("a|b", "c*"), (("x_y", Marked("0.1", "*")),), notes=("n*o",), signatures=("s|t",))
    assert "\\textsuperscript{*}" in latex(table) and "s|\\allowbreak{}t" in latex(table)
    md = markdown(table)
    assert "| a\\|b | c\\* |" in md and "| x\\_y | 0.1\\* |" in md and "n\\*o" in md and "`s|t`" in md
    with pytest.raises(ValueError, match="format"):
        render(table, "html")
    assert scores_table([]).rows == ()


def _parse(text: str) -> list[str]:
    """The environments and macros pylatexenc reads in ``text`` (it raises on unbalanced groups)."""
    walker = pytest.importorskip("pylatexenc.latexwalker")
    nodes, _, _ = walker.LatexWalker(text, tolerant_parsing=False).get_latex_nodes()
    found: list[str] = []

    def visit(items: list[object]) -> None:
        for node in items or []:
            if isinstance(node, walker.LatexEnvironmentNode):
                found.append(node.environmentname)
                visit(node.nodelist)
            elif isinstance(node, walker.LatexMacroNode):
                found.append("\\" + node.macroname)
            elif isinstance(node, walker.LatexGroupNode):
                visit(node.nodelist)

    visit(nodes)
    return found


@pytest.mark.parametrize("which", ["compare", "score"])
def test_latex_parses(which: str) -> None:
    out = compare_out("latex") if which == "compare" else score_out("latex")
    found = _parse(out)
    assert {"table", "tabular", "minipage", "\\toprule", "\\midrule", "\\bottomrule"} <= set(found)


@pytest.mark.parametrize("which", ["compare", "score", "sets"])
def test_latex_compiles(which: str, tmp_path: Path) -> None:
    engine = shutil.which("pdflatex")
    if engine is None:
        pytest.skip("no TeX engine: apt-get install texlive-latex-base texlive-latex-recommended (booktabs)")
    if which == "sets":
        body = latex(sets_table({"CoNLL-14": _scores("A", 0.5), "JFLEG & co": _scores("A", 0.25)}))
    else:
        body = compare_out("latex") if which == "compare" else score_out("latex")
    (tmp_path / "t.tex").write_text(DOCUMENT % body, encoding="utf-8")
    done = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    log = (tmp_path / "t.log").read_text(encoding="utf-8", errors="replace")
    assert not re.search(r"^! ", log, re.M) and "undefined" not in log.lower()
    assert (tmp_path / "t.pdf").stat().st_size > 1000


DOC = {
    "dataset": "seeda",
    "setting": "base",
    "tie_rule": "gec-metrics",
    "metrics": {
        "GREEN_word": {
            "signature": "green|unit:word",
            "system": {"ew": {"pearson": 0.74, "spearman": 0.7}, "ts": {"pearson": 0.8, "spearman": 0.77}},
            "sentence": {"all": {"accuracy": 0.679, "kendall": 0.358, "pairs": 9}},
        },
        "M2": {"signature": "m2|beta:0.5", "system": {"ew": {"pearson": -0.1, "spearman": 0.2}}},
    },
}


def test_meta_table_rows_metrics_groups_humans() -> None:
    from gecscope.report.paper import correlations_table, meta_table

    table = meta_table(DOC)
    assert table.groups == (("EW", 2), ("TS", 2), ("sentence (all)", 2))
    assert table.rows[1] == ("M2", "-0.1000", "0.2000", "-", "-", "-", "-")
    assert "seeda (base)" in table.notes[0] and table.signatures == ("green|unit:word", "m2|beta:0.5")
    assert "GREEN\\_word" in latex(table) and "\\multicolumn{2}{c}{sentence (all)}" in latex(table)
    assert _parse(latex(table))

    class Row:
        name = "CLEME2.0"

        def values(self) -> tuple[float, ...]:
            return (0.1, 0.2, 0.3, 0.4)

    t1 = correlations_table([Row()], "GJG15")
    assert t1.rows == (("CLEME2.0", "0.1000", "0.2000", "0.3000", "0.4000"),) and "| Metric | Pearson EW |" in markdown(
        t1
    )


@pytest.mark.shared
def test_meta_run_markdown_and_latex(tmp_path: Path) -> None:
    from conftest import DATA, require_shared

    require_shared()
    base = ["meta", "run", "--data", str(DATA), "--metric", "GREEN-word", "--quiet", "--format"]
    md = cli(*base, "markdown")
    assert md.startswith("| Metric | EW r | EW ρ | TS r | TS ρ |") and "| GREEN-word | 0.7396 |" in md
    out = tmp_path / "meta.tex"
    assert main([*base, "latex", "-o", str(out)]) == 0
    assert "\\toprule" in out.read_text(encoding="utf-8") and "Signature: \\texttt{green|" in out.read_text()


ROOT = Path(__file__).resolve().parents[1]


def _block(name: str) -> list[str]:
    page = (ROOT / "docs" / "output.md").read_text(encoding="utf-8")
    return page.split(f"<!-- {name} markdown: begin -->\n")[1].split(f"\n<!-- {name} markdown: end -->")[0].splitlines()


def test_docs_output_page_shows_what_gecscope_prints_today() -> None:
    given = ["--source", str(EXAMPLE / "source.txt"), "--ref-m2", str(EXAMPLE / "references.m2")]
    given += ["--hyp", str(EXAMPLE / "source.txt"), str(EXAMPLE / "hypothesis.txt"), "--name", "INPUT", "system"]
    both = ["--metric", "cleme2", "errant", *given, "--quiet", "--format", "markdown"]
    compared = cli("compare", *both, "--bootstrap", "200", "--trials", "200")
    assert _block("compare") == [line for line in compared.splitlines() if line.startswith("|")]
    scored = cli("score", *both)
    assert _block("score") == [line for line in scored.splitlines() if line.startswith("|")]


@pytest.mark.docs
def test_markdown_table_renders_in_the_docs_site(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "output" / "index.html").read_text(encoding="utf-8")
    tables = re.findall(r"<table>.*?</table>", html, re.S)
    compare_table = next(t for t in tables if "INPUT (baseline)" in t and "95% CI" in t)
    assert compare_table.count("<tr>") == 5 and "+0.3060*" in compare_table
