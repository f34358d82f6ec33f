"""The README's first two commands are exactly what CI runs, and the Python examples of the README,
docs/usage.md and docs/getting-started.md run as written (so they stay true)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import ROOT


def test_ci_runs_the_readme_quick_start() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    commands = [line.strip() for line in block.splitlines() if line.strip()]
    assert len(commands) == 2 and "gecscope score" in commands[0] and "pytest" in commands[1]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert ci.index(commands[0]) < ci.index(commands[1])


# ---- the Python examples of README.md and docs/getting-started.md run as written ----
def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def example_namespace(folder: Path) -> dict[str, Any]:
    """The files and names the examples assume (``system.m2``, ``src.txt``, ``sources``, ...),
    made from the example shipped in the package, in ``folder`` (the working directory)."""
    ex = gecscope.example_dir()
    for name, packaged in {
        "system.m2": "hypothesis.m2",
        "gold.m2": "references.m2",
        "src.txt": "source.txt",
        "out.txt": "hypothesis.txt",
        "ref0.txt": "reference0.txt",
        "ref1.txt": "reference1.txt",
    }.items():
        shutil.copyfile(ex / packaged, folder / name)
    sources, hypotheses, refs_a, refs_b = (
        (ex / f).read_text(encoding="utf-8").splitlines()
        for f in ("source.txt", "hypothesis.txt", "reference0.txt", "reference1.txt")
    )
    records = [
        {"id": str(i), "source": s, "hypothesis": h, "references": [a, b]}
        for i, (s, h, a, b) in enumerate(zip(sources, hypotheses, refs_a, refs_b, strict=True))
    ]
    (folder / "data.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    examples = gecscope.load(hyp_m2=ex / "hypothesis.m2", ref_m2=ex / "references.m2")
    r1, r2, r3 = (gecscope.score(m, examples) for m in ("cleme2", "m2", "green"))
    return {
        "sources": sources,
        "hypotheses": hypotheses,
        "predictions": hypotheses,
        "references": [refs_a, refs_b],
        "refs_a": refs_a,
        "refs_b": refs_b,
        "hf_dataset": {
            "src": sources,
            "pred": hypotheses,
            "refs": [[a, b] for a, b in zip(refs_a, refs_b, strict=True)],
        },
        "r1": r1,
        "r2": r2,
        "r3": r3,
    }


def run_blocks(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hf: bool) -> int:
    """Run the document's blocks in order in one namespace; ``hf``: only the blocks that use
    Hugging Face ``evaluate`` (the ``hf`` tier), else every other block. Returns how many ran."""
    monkeypatch.chdir(tmp_path)
    namespace = example_namespace(tmp_path)
    ran = 0
    for block in python_blocks(ROOT / doc):
        if ("import evaluate" in block) != hf:
            continue
        with contextlib.redirect_stdout(io.StringIO()):  # an exception fails the test
            exec(compile(block, f"{doc} example {ran + 1}", "exec"), namespace)
        ran += 1
    return ran


@pytest.mark.text
@pytest.mark.parametrize(("doc", "blocks"), [("README.md", 1), ("docs/usage.md", 2), ("docs/getting-started.md", 3)])
def test_python_examples_run(doc: str, blocks: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pandas")
    assert run_blocks(doc, tmp_path, monkeypatch, hf=False) == blocks


@pytest.mark.hf
@pytest.mark.parametrize("doc", ["README.md", "docs/usage.md", "docs/getting-started.md"])
def test_hugging_face_examples_run(doc: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hf_module import load_module

    load_module()  # sets the offline flags and a private cache before evaluate is imported
    assert run_blocks(doc, tmp_path, monkeypatch, hf=True) == 1
