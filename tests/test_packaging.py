"""Package metadata and the built wheel (the wheel check is marked ``packaging``: it builds and
installs into a fresh virtual environment, so it runs in .ci/run, not in the default tier)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gecscope
from gecscope.cli import main
from wheel_env import built_wheel, wheel_command

tomllib = pytest.importorskip("tomllib")
ROOT = Path(__file__).resolve().parents[1]


def test_cli_version_is_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gecscope {gecscope.__version__}"


def test_version_comes_from_the_package() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in meta["project"]["dynamic"]
    assert meta["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "gecscope.version.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc)?\d*", gecscope.__version__)


def test_changelog_has_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{gecscope.__version__}]" in changelog


def test_metadata_is_complete() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "Apache-2.0"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").lstrip().startswith("Apache License")
    assert project["readme"] == "README.md"
    assert "Programming Language :: Python :: 3" in project["classifiers"]
    assert project["urls"]
    for extra in ("pandas", "hf", "docs"):
        assert extra in project["optional-dependencies"]
    assert not any("torch" in dep for dep in project["dependencies"])


@pytest.mark.packaging
def test_wheel_installs_and_scores() -> None:
    out, printed = built_wheel()
    assert "check_wheel: OK" in printed
    assert "CLEME2.0 = 0.7060" in printed
    assert "ERRANT = 0.7463" in printed
    wheel = next((out / "dist").glob("gecscope-*.whl"))
    assert wheel.stat().st_size < 1_000_000
    assert next((out / "dist").glob("gecscope-*.tar.gz")).is_file()
    assert wheel_command("--version").strip() == f"gecscope {gecscope.__version__}"
