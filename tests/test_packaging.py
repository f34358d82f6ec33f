"""Package metadata and the built wheel (the wheel check is marked ``packaging``: it builds and
installs into a fresh virtual environment, so it runs in .ci/run, not in the default tier)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import gecscope
from gecscope.cli import main
from wheel_env import built_wheel, wheel_command, wheel_python

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


def test_integrations_folder_points_to_the_packaged_evaluate_module() -> None:
    module = gecscope.evaluate_module_path()
    assert (module / "gecscope.py").is_file() and (module / "README.md").is_file()
    linked = ROOT / "integrations" / "evaluate" / "gecscope"
    assert linked.is_symlink() and linked.resolve() == module.resolve()  # one copy only


@pytest.mark.packaging
def test_wheel_ships_the_evaluate_module() -> None:
    import zipfile

    out, _ = built_wheel()
    wheel = next((out / "dist").glob("gecscope-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"gecscope/data/evaluate/gecscope/gecscope.py", "gecscope/data/evaluate/gecscope/README.md"} <= names
    assert "gecscope/metrics/citations.bib" in names  # the registry's BibTeX
    sdist = next((out / "dist").glob("gecscope-*.tar.gz"))
    import tarfile

    with tarfile.open(sdist) as tar:
        assert any(n.endswith("src/gecscope/data/evaluate/gecscope/gecscope.py") for n in tar.getnames())
    # the installed package names the folder, and evaluate loads it from there
    code = "import gecscope; print(gecscope.evaluate_module_path())"
    installed = Path(wheel_python("-c", code).strip())
    assert (installed / "gecscope.py").is_file() and str(out / "venv") in str(installed)
    from hf_module import compute

    right = "She goes to school every day ."
    kwargs = {"sources": ["She go to school every days ."], "predictions": [right], "references": [[right]]}
    assert compute(module_dir=installed, metric="green", **kwargs)["score"] == 1.0
