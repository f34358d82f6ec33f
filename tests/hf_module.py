"""Load the repository's Hugging Face ``evaluate`` module offline, with the network blocked."""

from __future__ import annotations

import os
import socket
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest

MODULE_DIR = Path(__file__).resolve().parents[1] / "integrations" / "evaluate" / "gecscope"


def _no_network(*args: Any, **kwargs: Any) -> None:
    raise OSError("network access attempted by a test that must run offline")


@cache
def load_module() -> Any:
    """``evaluate.load(<repo>/integrations/evaluate/gecscope)`` with HF offline flags and a private
    cache folder (set before ``evaluate`` is imported, which reads them once)."""
    home = tempfile.mkdtemp(prefix="gecscope-hf-")
    os.environ.update({"HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"})
    os.environ.setdefault("HF_HOME", home)
    evaluate = pytest.importorskip("evaluate")
    pytest.importorskip("datasets")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", _no_network)
        return evaluate.load(str(MODULE_DIR))


def compute(**kwargs: Any) -> dict[str, Any]:
    """``compute`` with the network blocked."""
    module = load_module()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(socket.socket, "connect", _no_network)
        result: dict[str, Any] = module.compute(**kwargs)
    return result
