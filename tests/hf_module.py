"""Load the repository's Hugging Face ``evaluate`` module offline, with the network blocked."""

from __future__ import annotations

import os
import socket
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import gecscope

MODULE_DIR = gecscope.evaluate_module_path()  # installed with the package (integrations/ links to it)


def _no_network(*args: Any, **kwargs: Any) -> None:
    raise OSError("network access attempted by a test that must run offline")


@cache
def load_module(folder: Path = MODULE_DIR) -> Any:
    """``evaluate.load(folder)`` (default ``gecscope.evaluate_module_path()``) with HF offline
    flags and a private cache folder (set before ``evaluate`` is imported, which reads them once)."""
    home = tempfile.mkdtemp(prefix="gecscope-hf-")
    os.environ.update({"HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"})
    os.environ.setdefault("HF_HOME", home)
    evaluate = pytest.importorskip("evaluate")
    pytest.importorskip("datasets")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", _no_network)
        return evaluate.load(str(folder))


def compute(*, module_dir: Path = MODULE_DIR, **kwargs: Any) -> dict[str, Any]:
    """``compute`` of the module in ``module_dir`` with the network blocked."""
    module = load_module(module_dir)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", _no_network)
        result: dict[str, Any] = module.compute(**kwargs)
    return result
