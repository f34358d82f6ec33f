"""SOME and IMPARA CPU throughput on one CoNLL-2014 system, with checkpoints of the published
architecture (BERT-base: 12 layers, 768 hidden, as bert-base-cased, which both papers fine-tune)
built here with random weights: the cost of the forward passes does not depend on the weights.

Run: python benchmarks/bench_learned.py [--data ../shared/data] [--system AMU] [--sentences 1312]

Each metric runs as a whole process (``gecscope score --no-cache``: model load + every sentence);
the script prints CPU seconds (the child's user + sys), wall seconds and sentences per CPU-second.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
from pathlib import Path

from clitiming import run_cpu

VOCAB = Path(__file__).resolve().parents[1] / "src" / "gecscope" / "data" / "minilm-vocab.txt.gz"


def build(folder: Path, seed: int) -> str:
    """A BERT-base-sized regressor (one output) with the packaged MiniLM WordPiece vocabulary."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    folder.mkdir(parents=True)
    (folder / "vocab.txt").write_bytes(gzip.decompress(VOCAB.read_bytes()))
    torch.manual_seed(seed)
    BertForSequenceClassification(BertConfig(num_labels=1)).eval().save_pretrained(folder)
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt")).save_pretrained(folder)
    return str(folder)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    p.add_argument("--system", default="AMU")
    p.add_argument("--sentences", type=int, default=0, help="first N sentences (0: all)")
    args = p.parse_args()
    conll = Path(args.data) / "conll14"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        source, hyp = work / "src.txt", work / f"{args.system}.txt"
        lines = (conll / "sources.txt").read_text(encoding="utf-8").splitlines(keepends=True)
        outs = (conll / "systems" / f"{args.system}.txt").read_text(encoding="utf-8").splitlines(keepends=True)
        n = args.sentences or len(lines)
        source.write_text("".join(lines[:n]), encoding="utf-8")
        hyp.write_text("".join(outs[:n]), encoding="utf-8")
        ckpt = [build(work / f"m{i}", i) for i in range(3)]
        base = [sys.executable, "-m", "gecscope", "score", "--source", str(source), "--hyp", str(hyp), "--no-cache"]
        runs = {
            "some": ["--metric", "some", "--grammar-model", ckpt[0], "--fluency-model", ckpt[1],
                     "--meaning-model", ckpt[2]],
            "impara": ["--metric", "impara", "--quality-model", ckpt[0], "--similarity-model", ckpt[1]],
        }  # fmt: skip
        print(f"CoNLL-2014 {args.system}: {n} sentences, BERT-base-sized checkpoints, CPU torch")
        print("metric  | CPU s  | wall s | sentences / CPU-s")
        for name, extra in runs.items():
            cpu, wall = run_cpu([*base, *extra])
            print(f"{name:7} | {cpu:6.1f} | {wall:6.1f} | {n / cpu:17.1f}")


if __name__ == "__main__":
    main()
