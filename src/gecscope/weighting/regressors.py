"""Fine-tuned BERT-style models behind SOME and IMPARA: sequence regressors and a mean-pooled
encoder, loaded from user-supplied checkpoint folders, run in batches and cached by content.

Inputs are truncated at ``max_length`` as gec-metrics does; gec-metrics also pads every input to
``max_length``, here inputs are batched by length and padded to the longest of their batch (the
padding is masked: the same values to float rounding, a fraction of the work on sentences much
shorter than ``max_length``). The cache key holds the checkpoint's folder,
the size and modification time of its weight files, ``max_length`` and the text(s).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gecscope.errors import InputError
from gecscope.extras import require
from gecscope.progress import progress
from gecscope.weighting.cache import ValueCache, cache_key, open_cache, read_through
from gecscope.weighting.causal_lm import checkpoint_folder, first_line, library_output


@dataclass
class Checkpoint:
    model: Any
    tokenizer: Any
    torch: Any
    identity: str


def _identity(folder: Path) -> str:
    files = sorted(p for p in folder.iterdir() if p.suffix in (".safetensors", ".bin", ".json"))
    return str(folder.resolve()) + "|" + ";".join(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in files)


def load_checkpoint(path: str, what: str, *, regressor: bool, device: str = "cpu") -> Checkpoint:
    """A sequence regressor (one output) or a bare encoder from ``path``; one-line errors."""
    require("lm", "a causal language model", ("torch", "transformers"))
    import torch
    from transformers import AutoModel, AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    folder = checkpoint_folder(path, what)
    try:
        loader = AutoModelForSequenceClassification if regressor else AutoModel
        with library_output():
            model = loader.from_pretrained(folder)
            tokenizer = AutoTokenizer.from_pretrained(folder)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise InputError(f"{what}: cannot load the checkpoint ({first_line(exc)})", path) from None
    if regressor and int(getattr(model.config, "num_labels", 1)) != 1:
        raise InputError(f"{what}: the checkpoint has {model.config.num_labels} outputs; a regressor has 1", path)
    return Checkpoint(model.to(device).eval(), tokenizer, torch, _identity(folder))


class ModelScores:
    """Cached per-text (or per-pair) values of one checkpoint."""

    def __init__(self, kind: str, cache_dir: str | None, enabled: bool) -> None:
        self.kind = kind
        self.cache: ValueCache = open_cache("regressor", cache_dir, enabled)

    def cached(self, ckpt: Checkpoint, texts: Sequence[tuple[str, ...]], max_length: int, compute: Any) -> np.ndarray:
        keys = [cache_key(self.kind, ckpt.identity, str(max_length), *t) for t in texts]
        known = read_through(self.cache, dict(zip(keys, texts, strict=True)), compute)
        return np.array([known[k] for k in keys], dtype=np.float64)


def length_batches(ckpt: Checkpoint, items: Sequence[tuple[str, ...]], max_length: int, size: int) -> list[list[int]]:
    """The items' indices in batches of ``size``, by token length (longest text of an item; cut
    at ``max_length``), so that a batch is padded only to its own longest input."""
    texts = sorted({t for item in items for t in item})
    lengths = dict(
        zip(
            texts,
            (len(ids) for ids in ckpt.tokenizer(texts, truncation=True, max_length=max_length)["input_ids"]),
            strict=True,
        )
    )
    order = sorted(range(len(items)), key=lambda i: sum(lengths[t] for t in items[i]))
    return [order[b : b + size] for b in range(0, len(order), size)]


def regress(ckpt: Checkpoint, items: Sequence[tuple[str, ...]], max_length: int, batch_size: int) -> list[float]:
    """The single logit of a sequence regressor for each text or (text, pair) item.

    gec-metrics pads every input to ``max_length``; here a batch of inputs of similar length is
    padded to its longest (the padding is masked out of attention: the same logits, to float
    rounding), which saves most of the work on sentences far shorter than ``max_length``."""
    torch, out = ckpt.torch, [0.0] * len(items)
    batches = length_batches(ckpt, items, max_length, batch_size)
    for chosen in progress(batches, desc="regressor", unit="batch", lines=True):
        rows = [items[i] for i in chosen]
        args = ([r[0] for r in rows],) if len(rows[0]) == 1 else ([r[0] for r in rows], [r[1] for r in rows])
        enc = ckpt.tokenizer(*args, max_length=max_length, padding=True, truncation=True, return_tensors="pt")
        enc = {k: v.to(ckpt.model.device) for k, v in enc.items()}
        with torch.inference_mode():
            for i, x in zip(chosen, ckpt.model(**enc).logits.float().view(-1).tolist(), strict=True):
                out[i] = float(x)
    return out


def similarity(ckpt: Checkpoint, pairs: Sequence[tuple[str, ...]], max_length: int, batch_size: int) -> list[float]:
    """Cosine similarity of the masked mean last hidden states of (source, hypothesis) pairs
    (batches by length, padded to their longest input, as :func:`regress`)."""
    torch, out = ckpt.torch, [0.0] * len(pairs)

    def pooled(texts: list[str]) -> Any:
        enc = ckpt.tokenizer(texts, max_length=max_length, padding=True, truncation=True, return_tensors="pt")
        ids, mask = enc["input_ids"].to(ckpt.model.device), enc["attention_mask"].to(ckpt.model.device)
        states = ckpt.model(ids, mask).last_hidden_state.float() * mask.unsqueeze(-1)
        return states.sum(dim=1) / mask.sum(dim=-1, keepdim=True)

    batches = length_batches(ckpt, pairs, max_length, batch_size)
    for chosen in progress(batches, desc="similarity encoder", unit="batch", lines=True):
        rows = [pairs[i] for i in chosen]
        with torch.inference_mode():
            sim = torch.nn.functional.cosine_similarity(pooled([r[0] for r in rows]), pooled([r[1] for r in rows]))
        for i, x in zip(chosen, sim.view(-1).tolist(), strict=True):
            out[i] = float(x)
    return out
