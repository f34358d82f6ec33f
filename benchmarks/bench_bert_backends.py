"""One BERT-base-sized regressor forward pass (SOME's and IMPARA's models) on CPU: torch fp32
(gecscope's default), ONNX Runtime fp32 (the same graph, exported) and torch bf16, side by side
in one run, with the largest difference of the logits from torch fp32.

Run: OMP_NUM_THREADS=1 python benchmarks/bench_bert_backends.py [--batch 32] [--tokens 40] [--repeat 5]

Needs onnx and onnxruntime (export and run). Random weights: the cost does not depend on them. The
figures are CPU seconds of one batch (min / median) and sentences per CPU-second for one pass of
``--tokens`` tokens (SOME reads each sentence in three passes, about four sentence lengths in all;
IMPARA in three).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def timed(run: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    out = run()  # warm-up
    times = []
    for _ in range(repeat):
        start = time.process_time()
        out = run()
        times.append(time.process_time() - start)
    return times, out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--tokens", type=int, default=40)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    import numpy as np
    import onnxruntime as ort
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = BertForSequenceClassification(BertConfig(num_labels=1)).eval()
    ids = torch.randint(1000, 20000, (args.batch, args.tokens))
    mask, types = torch.ones_like(ids), torch.zeros_like(ids)
    names = ["input_ids", "attention_mask", "token_type_ids"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bert.onnx"
        axes = {k: {0: "batch", 1: "length"} for k in names}
        torch.onnx.export(
            model, (ids, mask, types), str(path), input_names=names, output_names=["logits"],
            dynamic_axes=axes, opset_version=17, dynamo=False,
        )  # fmt: skip
        options = ort.SessionOptions()
        options.intra_op_num_threads = options.inter_op_num_threads = 1
        session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        feed = {"input_ids": ids.numpy(), "attention_mask": mask.numpy(), "token_type_ids": types.numpy()}
        with torch.inference_mode():
            fp32, base = timed(lambda: model(ids, mask, types).logits.numpy(), args.repeat)
            onnx, got_onnx = timed(lambda: session.run(None, feed)[0], args.repeat)
            low = model.to(torch.bfloat16)
            bf16, got_bf16 = timed(lambda: low(ids, mask, types).logits.float().numpy(), args.repeat)
    print(f"BERT-base, batch {args.batch} x {args.tokens} tokens, {args.repeat} runs (CPU s min / median)")
    for name, times, got in (
        ("torch fp32", fp32, base),
        ("onnxruntime fp32", onnx, got_onnx),
        ("torch bf16", bf16, got_bf16),
    ):
        rate = args.batch / statistics.median(times)
        diff = float(np.abs(got - base).max())
        head = f"{name:17} | {min(times):.3f} / {statistics.median(times):.3f}"
        print(f"{head} | {rate:5.1f} sentence-passes / CPU-s | max diff {diff:.2g}")


if __name__ == "__main__":
    main()
