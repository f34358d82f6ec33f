"""Build the wheel and install it into a fresh virtual environment once per test session
(``scripts/check_wheel.sh``); the folder is removed when the session ends."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@cache
def built_wheel() -> tuple[Path, str]:
    """The check script's output folder (``dist/``, ``venv/``) and what it printed; fails the
    calling test with the script's output when it fails."""
    pytest.importorskip("build")
    pytest.importorskip("twine")
    out = Path(tempfile.mkdtemp(prefix="gecscope-wheel-"))
    atexit.register(shutil.rmtree, out, ignore_errors=True)
    proc = subprocess.run(
        ["bash", str(ROOT / "scripts" / "check_wheel.sh"), str(out)], capture_output=True, text=True, check=False
    )
    if proc.returncode != 0:
        pytest.fail(f"scripts/check_wheel.sh failed:\n{proc.stdout}\n{proc.stderr}")
    return out, proc.stdout


def wheel_command(*args: str) -> str:
    """Run the installed wheel's ``gecscope`` (outside the source tree) and return its stdout."""
    out, _ = built_wheel()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [str(out / "venv" / "bin" / "gecscope"), *args], capture_output=True, text=True, check=False, cwd=out, env=env
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def wheel_python(*args: str) -> str:
    """Run the fresh environment's ``python`` (outside the source tree) and return its stdout."""
    out, _ = built_wheel()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [str(out / "venv" / "bin" / "python"), *args], capture_output=True, text=True, check=False, cwd=out, env=env
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout
