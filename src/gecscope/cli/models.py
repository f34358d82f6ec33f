"""Command-line options of the model-backed weightings (similarity encoder, LLM)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the model code (and its configs) are imported where configs are built: parsing needs none
    from gecscope.align.settings import AlignSettings
    from gecscope.weighting.config import LLMConfig, SimilarityConfig
    from gecscope.weighting.fluency import FluencyConfig
    from gecscope.weighting.perplexity import PerplexityConfig

#: the names of ``weighting.config.PRESETS``, written out so that parsing imports no weighting code
#: (a test compares)
ENCODER_PRESETS = ("minilm-int8", "minilm", "bert-base-uncased", "roberta-large")
#: ``weighting.fluency.SCALINGS``, written out so that parsing imports no model code (a test compares)
SCALINGS = ("none", "x4-clip")
#: ``weighting.perplexity.PRECISIONS``, written out likewise
PRECISIONS = ("fp32", "bf16")
#: the settings of :class:`LLMConfig` given as ``--llm-<name>`` (:func:`add_llm_args`)
LLM_OPTIONS = ("model", "endpoint", "expected", "fallback", "timeout", "retries", "run_timeout", "concurrency")


def add_model_args(p: argparse.ArgumentParser) -> None:
    """Encoder and LLM options (``gecscope score``)."""
    g = add_encoder_args(p)
    add_llm_args(g)
    add_lm_args(g)


def add_encoder_args(p: argparse.ArgumentParser) -> Any:
    g = p.add_argument_group("models (similarity and LLM weighting, PT-M2, WODAFE, the reference-free metrics)")
    g.add_argument(
        "--encoder",
        default="minilm-int8",
        help=f"BERTScore encoder: a preset ({', '.join(ENCODER_PRESETS)}) or a Hugging Face name/path (torch backend)",
    )
    g.add_argument("--encoder-layer", type=int, help="hidden layer to use (presets: 6 for MiniLM, 9 for bert-base)")
    g.add_argument("--encoder-backend", choices=["onnx", "torch"], help="default: onnx for minilm-int8, else torch")
    g.add_argument("--device", default="cpu", help="torch device for encoders and language models (cpu, cuda)")
    g.add_argument("--batch-size", type=int, default=16, help="encoder batch size")
    g.add_argument(
        "--precision",
        choices=PRECISIONS,
        help="Scribendi's LM, SOME's and IMPARA's models: fp32 (default: the reference numbers) or bf16 (faster, "
        "other numbers; signed); refused for a metric without such a model",
    )
    g.add_argument("--rescale-baseline", type=float, help="BERTScore baseline b: F -> (F - b) / (1 - b)")
    g.add_argument(
        "--no-cache", dest="cache", action="store_false", help="do not read or write the model and alignment caches"
    )
    g.add_argument(
        "--cache-dir", help="model-output and alignment cache (default $GECSCOPE_CACHE or ~/.cache/gecscope)"
    )
    return g


def add_lm_args(g: Any) -> None:
    g.add_argument(
        "--lm-model", default="smollm2-135m", help="WODAFE fluency / Scribendi LM: smollm2-135m, gpt2 or a HF causal LM"
    )
    g.add_argument("--fluency-scaling", choices=SCALINGS, default="none", help="x4-clip: WODAFE App. C min(1, 4f)")


def lm_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The settings the language-model configs (WODAFE's fluency, Scribendi's perplexity) share."""
    return {"model": args.lm_model, "device": args.device, "cache": args.cache, "cache_dir": args.cache_dir}


def fluency_config(args: argparse.Namespace) -> FluencyConfig:
    from gecscope.weighting.fluency import FluencyConfig

    return FluencyConfig(**lm_settings(args), scaling=args.fluency_scaling, sharding=model_sharding(args))


def perplexity_config(args: argparse.Namespace) -> PerplexityConfig:
    from gecscope.weighting.perplexity import PerplexityConfig

    return PerplexityConfig(**lm_settings(args), precision=getattr(args, "precision", None) or "fp32")


def add_llm_args(g: Any) -> None:
    g.add_argument("--llm-model", help="LLM weighting: model name (server) or Hugging Face name/path (local)")
    g.add_argument("--llm-endpoint", help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1")
    g.add_argument("--llm-expected", action="store_true", help="expected score from the digits' log-probabilities")
    g.add_argument("--llm-fallback", type=float, default=3.0, help="weight of an answer with no score (default 3)")
    g.add_argument("--llm-concurrency", type=int, default=4, help="parallel requests")
    g.add_argument("--llm-timeout", type=float, default=60.0, help="total seconds per request (deadline)")
    g.add_argument("--llm-retries", type=int, default=3, help="retries per request")
    g.add_argument(
        "--llm-run-timeout",
        type=float,
        default=1800.0,
        help="total seconds for all the requests of a run, retries and waits included (deadline; at most 86400)",
    )
    g.add_argument("--seed", type=int, default=0, help="LLM sampling seed")


def similarity_config(args: argparse.Namespace) -> SimilarityConfig:
    from gecscope.weighting.config import EncoderConfig, SimilarityConfig

    encoder = EncoderConfig(
        model=args.encoder,
        layer=args.encoder_layer,
        backend=args.encoder_backend,
        device=args.device,
        batch_size=args.batch_size,
    )
    return SimilarityConfig(
        encoder,
        cache=args.cache,
        cache_dir=args.cache_dir,
        rescale_baseline=args.rescale_baseline,
        sharding=model_sharding(args),
    )


def model_sharding(args: argparse.Namespace) -> AlignSettings | None:
    """The aligner's settings when the models run on Dask too (``--executor dask``), else None."""
    if getattr(args, "executor", "processes") != "dask":
        return None
    from gecscope.cli.inputs import align_settings

    return align_settings(args)


def llm_config(args: argparse.Namespace) -> LLMConfig | None:
    if not args.llm_model:
        return None
    from gecscope.weighting.config import LLMConfig

    return LLMConfig(
        **{name: getattr(args, f"llm_{name}") for name in LLM_OPTIONS},
        seed=0 if getattr(args, "seed", None) is None else args.seed,  # compare, meta run: --seed is retired
        cache=args.cache,
        cache_dir=args.cache_dir,
    )


def model_options(args: argparse.Namespace, names: set[str]) -> dict[str, Any]:
    """The model settings (similarity, fluency, perplexity, LLM; SOME's and IMPARA's device and
    caches) for the metric configs that have them (``names``: the config's fields)."""
    made = {"similarity": similarity_config, "fluency": fluency_config, "perplexity": perplexity_config}
    out = {k: make(args) for k, make in {**made, "llm": llm_config}.items() if k in names}
    out.update({k: getattr(args, k) for k in ("device", "cache", "cache_dir") if k in names})
    if "zh_resources" in names:  # FCGEC aligns again with ChERRANT's tables
        out["zh_resources"] = getattr(args, "zh_resources", None)
    if "precision" in names:
        out["precision"] = getattr(args, "precision", None) or "fp32"
    return out
