"""The README's first two commands are exactly what CI runs (so both stay true)."""

from __future__ import annotations

from conftest import ROOT


def test_ci_runs_the_readme_quick_start() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    commands = [line.strip() for line in block.splitlines() if line.strip()]
    assert len(commands) == 2 and "gecscope score" in commands[0] and "pytest" in commands[1]
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert ci.index(commands[0]) < ci.index(commands[1])
