"""Every id in ``CONFORMANCE`` (tests/conftest.py) names a test that is collected: a renamed test
or parameter would otherwise drop out of the conformance tier silently (and run, slowly, in the
default tier under its new name)."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import CONFORMANCE, ROOT, SHARED, require_shared


def test_every_conformance_id_names_a_collected_test() -> None:
    require_shared()  # some ids are parameters drawn from the shared data
    files = sorted({f"tests/{name.split('::')[0]}" for name in CONFORMANCE})
    env = {**os.environ, "GECSCOPE_SHARED": str(SHARED), "PYTHONPATH": str(ROOT / "src")}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "--collect-only",
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "conformance",
        *files,
    ]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    collected = {line.strip().removeprefix("tests/") for line in out.stdout.splitlines() if "::" in line}
    missing = sorted(set(CONFORMANCE) - collected)
    assert collected and not missing, (missing, out.stderr[-2000:])
