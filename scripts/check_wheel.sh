#!/usr/bin/env bash
# Build the sdist and the wheel, check their metadata, install the wheel into a fresh virtual
# environment (extras from PyPI, pip's cache reused, no torch) and score the bundled example from it.
# Usage: scripts/check_wheel.sh [OUTDIR]   (default: a temporary folder, removed at the end)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-}"
[[ -z "$out" ]] || mkdir -p "$out"
if [[ -z "$out" ]]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi
had_egg_info=$([[ -d src/gecscope.egg-info ]] && echo 1 || true)
python -m build --outdir "$out/dist" . >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
[[ -n "$had_egg_info" ]] || rm -rf src/gecscope.egg-info  # left by the sdist step
python -m twine check --strict "$out"/dist/*
wheel=$(ls "$out"/dist/gecscope-*.whl)
# the wheel ships the package only: no tests, no benchmarks, no shared data
if python -m zipfile -l "$wheel" | awk '{print $1}' | grep -E '^(tests|benchmarks|docs|integrations)/|\.m2\.gz$|conll14|seeda'; then
    echo "check_wheel: the wheel contains files it should not" >&2
    exit 1
fi
echo "wheel: $(basename "$wheel") $(stat -c %s "$wheel") bytes"
# the fresh environment must see only what it installs (PYTHONPATH would shadow the wheel)
unset PYTHONPATH
python -m venv "$out/venv"
"$out/venv/bin/python" -m pip install --quiet "$wheel[text]" >"$out/pip.log" 2>&1 || { cat "$out/pip.log"; exit 1; }
cd "$out"  # away from the source tree, so the installed package is the one imported
version=$("$out/venv/bin/gecscope" --version)
expected="gecscope $("$out/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("gecscope"))')"
[[ "$version" == "$expected" ]] || { echo "check_wheel: '$version' != '$expected'" >&2; exit 1; }
"$out/venv/bin/gecscope" score --metric cleme2 --example
ex=$("$out/venv/bin/python" -c 'import gecscope; print(gecscope.example_dir())')
# text input: edits extracted by ERRANT/spaCy from the installed 'text' extra
"$out/venv/bin/gecscope" score --metric errant --source "$ex/source.txt" --hyp "$ex/hypothesis.txt" --ref-m2 "$ex/references.m2"
echo "check_wheel: OK"
