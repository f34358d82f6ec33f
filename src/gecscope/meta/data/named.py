"""The meta-evaluation data sets by name (``meta run --dataset NAME``)."""

from __future__ import annotations

from pathlib import Path

from gecscope.errors import InputError, SettingError
from gecscope.meta.data.datasets import MetaDataset, gjg15, seeda
from gecscope.meta.data.gmeg import GMEG_DOMAINS, dataset_name, gmeg

DATASETS = ("gjg15", "seeda", *(dataset_name(d) for d in GMEG_DOMAINS))
#: the folder under ``--data`` each data set reads
FOLDERS = {"gjg15": "conll14", "seeda": "conll14", **{dataset_name(d): "gmeg" for d in GMEG_DOMAINS}}


def open_dataset(data: str | Path, name: str, split: str | None = None, yahoo: str | Path | None = None) -> MetaDataset:
    """The data set ``name`` under ``data``; ``split`` (``test`` by default) and ``yahoo`` (the
    folder of the Yahoo texts) are GMEG's and refused for the others."""
    check_options(name, split, yahoo)
    if not name.startswith("gmeg-"):
        return gjg15(data) if name == "gjg15" else seeda(data)
    return gmeg(data, name.removeprefix("gmeg-"), split or "test", yahoo)


def check_options(name: str, split: str | None = None, yahoo: str | Path | None = None, synthetic: int = 0) -> None:
    """One line for a data set's option given to another data set (before any file is read)."""
    if synthetic and not name.startswith("gmeg-"):
        raise SettingError(f"--synthetic needs per-sentence human ratings: the GMEG data sets, not {name}")
    if name not in DATASETS:
        raise InputError(f"unknown data set {name!r}; known: {', '.join(DATASETS)}")
    if split is not None and not name.startswith("gmeg-"):
        raise InputError(f"--split is for the GMEG data sets, not {name}")
    if yahoo is not None and name != "gmeg-yahoo":
        raise InputError(f"--yahoo is for gmeg-yahoo only, not {name}")
