"""Scribendi (packaged SmolLM2-135M), SOME and IMPARA (BERT-base-sized checkpoints): gecscope
against gec-metrics 0.1.1 (the reference implementation, on CPU) with the same models, side by
side in one run. Each run is a fresh process; the script prints its CPU seconds (user + system),
wall seconds and peak resident memory, min / median over ``--repeat`` runs.

Run: python benchmarks/bench_reference_free.py [--data ../shared/data] [--system AMU]
     [--sentences 1312] [--repeat 3] [--metrics scribendi some impara] [--tools gecscope gec-metrics]
     [--precisions fp32 bf16]

The SmolLM2 weights are converted once (outside the timing) into a folder that both tools load;
the BERT-base-sized checkpoints are built with random weights (the cost of a forward pass does not
depend on the weights). gecscope runs ``gecscope score --no-cache --quiet --per-sentence --format
json --precision P`` for each ``--precisions`` value (gec-metrics has fp32 only); after a precision
other than fp32 the script prints how many sentence scores differ from gecscope's fp32 run of the
same metric (this run's) and the largest difference.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

from bench_learned import build
from clitiming import DEFAULT_DATA


def reference() -> types.ModuleType:
    """``gec_metrics.metrics`` with the modules its unused metrics import stubbed (the models'
    transformers modules imported first: a stub in ``sys.modules`` upsets transformers' lazy imports)."""
    import transformers.models.bert.modeling_bert
    import transformers.models.llama.modeling_llama
    import transformers.tokenization_utils_tokenizers  # noqa: F401

    for _ in range(20):
        try:
            return importlib.import_module("gec_metrics.metrics")
        except ModuleNotFoundError as exc:
            if not exc.name or exc.name.startswith(("gec_metrics", "torch", "transformers", "fuzzywuzzy")):
                raise
            stub = types.ModuleType(exc.name.split(".")[0])
            stub.__getattr__ = lambda attr: object  # type: ignore[method-assign]
            sys.modules[stub.__name__] = stub
    raise RuntimeError("gec-metrics did not import")


def child(args: argparse.Namespace) -> None:
    """One gec-metrics run in this process (``--child METRIC``)."""
    import torch

    torch.nn.Module.cuda = lambda self, *a, **k: self  # type: ignore[method-assign]  # SOME calls .cuda()
    metrics = reference()
    sources = [s.rstrip() for s in Path(args.source).read_text(encoding="utf-8").splitlines()]
    hyps = [h.rstrip() for h in Path(args.hyp).read_text(encoding="utf-8").splitlines()]
    m = args.models
    if args.child == "scribendi":
        scorer = metrics.Scribendi(metrics.Scribendi.Config(model=m[0], no_cuda=True, batch_size=32))
    elif args.child == "some":
        scorer = metrics.SOME(metrics.SOME.Config(model_g=m[0], model_f=m[1], model_m=m[2], no_cuda=True))
    else:
        scorer = metrics.IMPARA(metrics.IMPARA.Config(model_qe=m[0], model_se=m[1], no_cuda=True))
    print(scorer.score_corpus(sources, hyps))


def measure(argv: list[str], out: Path) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak RSS (MiB) of one process (its standard output in ``out``)."""
    start = time.perf_counter()
    with out.open("wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(argv)}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def sentence_scores(out: Path) -> list[float]:
    """The per-sentence scores of ``gecscope score --per-sentence --format json``."""
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = data[0] if isinstance(data, list) else data
    return [float(r["score"]) for r in rows["sentences"]]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=DEFAULT_DATA)
    p.add_argument("--system", default="AMU")
    p.add_argument("--sentences", type=int, default=0, help="first N sentences (0: all)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--metrics", nargs="+", default=["scribendi", "some", "impara"])
    p.add_argument("--tools", nargs="+", default=["gecscope", "gec-metrics"])
    p.add_argument("--precisions", nargs="+", default=["fp32"], choices=["fp32", "bf16"], help="gecscope's")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--source", help=argparse.SUPPRESS)
    p.add_argument("--hyp", help=argparse.SUPPRESS)
    p.add_argument("--models", nargs="*", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args)
        return
    conll = Path(args.data) / "conll14"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        lines = (conll / "sources.txt").read_text(encoding="utf-8").splitlines(keepends=True)
        outs = (conll / "systems" / f"{args.system}.txt").read_text(encoding="utf-8").splitlines(keepends=True)
        n = args.sentences or len(lines)
        source, hyp = work / "src.txt", work / f"{args.system}.txt"
        source.write_text("".join(lines[:n]), encoding="utf-8")
        hyp.write_text("".join(outs[:n]), encoding="utf-8")
        models: dict[str, list[str]] = {}
        if "scribendi" in args.metrics:
            from gecscope.weighting.causal_lm import load_causal_lm

            load_causal_lm("smollm2-135m", cache_dir=work)
            models["scribendi"] = [str(work / "models" / "smollm2-135m")]
        if {"some", "impara"} & set(args.metrics):
            ckpt = [build(work / f"m{i}", i) for i in range(3)]
            models["some"], models["impara"] = ckpt, ckpt[:2]
        options = {
            "scribendi": ["--lm-model"],
            "some": ["--grammar-model", "--fluency-model", "--meaning-model"],
            "impara": ["--quality-model", "--similarity-model"],
        }
        print(f"CoNLL-2014 {args.system}: {n} sentences, {args.repeat} runs each (min / median)")
        print("metric    | tool             | CPU s          | wall s         | peak MiB | sentences / CPU-s")
        for metric in args.metrics:
            runs_of = [("gecscope", p) for p in args.precisions if "gecscope" in args.tools]
            runs_of += [("gec-metrics", "fp32")] if "gec-metrics" in args.tools else []
            for tool, precision in runs_of:
                out = work / f"{metric}-{tool}-{precision}.out"
                if tool == "gecscope":
                    argv = [sys.executable, "-m", "gecscope", "score", "--metric", metric, "--source", str(source),
                            "--hyp", str(hyp), "--no-cache", "--quiet", "--per-sentence", "--format", "json",
                            "--precision", precision]  # fmt: skip
                    argv += [x for opt, path in zip(options[metric], models[metric], strict=True) for x in (opt, path)]
                else:
                    argv = [sys.executable, __file__, "--child", metric, "--source", str(source), "--hyp", str(hyp),
                            "--models", *models[metric]]  # fmt: skip
                runs = [measure(argv, out) for _ in range(args.repeat)]
                cpu, wall, peak = ([r[i] for r in runs] for i in range(3))
                name = tool if tool != "gecscope" or len(args.precisions) == 1 else f"gecscope {precision}"
                print(
                    f"{metric:9} | {name:16} | {min(cpu):6.1f} / {statistics.median(cpu):6.1f} | "
                    f"{min(wall):6.1f} / {statistics.median(wall):6.1f} | {max(peak):8.0f} | "
                    f"{n / statistics.median(cpu):.1f}",
                    flush=True,
                )
                base = work / f"{metric}-gecscope-fp32.out"
                if tool == "gecscope" and precision != "fp32" and base.exists():
                    a, b = sentence_scores(base), sentence_scores(out)
                    differ = sum(x != y for x, y in zip(a, b, strict=True))
                    largest = max((abs(x - y) for x, y in zip(a, b, strict=True)), default=0.0)
                    print(f"  {precision} vs fp32: {differ} of {len(a)} sentence scores differ, largest {largest:.3g}")


if __name__ == "__main__":
    main()
