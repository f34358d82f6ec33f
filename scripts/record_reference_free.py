"""Record the reference-free metrics' numbers (Scribendi with the packaged SmolLM2-135M, SOME and
IMPARA on small seeded BERT checkpoints) as tests/golden/reference_free.json, so that a faster
implementation can be checked against the numbers of the version before it.

Run (from the repository root, neural tier installed, ../shared present):
    PYTHONPATH=src python scripts/record_reference_free.py [--out tests/golden/reference_free.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

#: CoNLL-2014 systems and how many of their first sentences are scored
SYSTEMS = ("AMU", "UFC", "INPUT")
SENTENCES = 80
#: distinct changed texts of AMU whose mean NLL is recorded
TEXTS = 120


def changed_texts(conll: Path, system: str, n: int) -> list[str]:
    sources = [s.rstrip() for s in (conll / "sources.txt").read_text(encoding="utf-8").splitlines()]
    hyps = [h.rstrip() for h in (conll / "systems" / f"{system}.txt").read_text(encoding="utf-8").splitlines()]
    return list(dict.fromkeys(t for s, h in zip(sources, hyps, strict=True) if s != h for t in (s, h)))[:n]


def record(conll: Path) -> dict[str, object]:
    from gecscope import api
    from gecscope.metrics.learned import Impara, ImparaConfig, Some, SomeConfig
    from gecscope.metrics.scribendi import Scribendi, ScribendiConfig
    from gecscope.weighting.causal_lm import load_causal_lm
    from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer
    from test_learned_neural import PAIRS, build, examples

    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        load_causal_lm("smollm2-135m", cache_dir=work)
        model = str(work / "models" / "smollm2-135m")
        config = PerplexityConfig(model=model, cache=False)
        scorer = PerplexityScorer(config)
        out["nll_amu"] = scorer.nll(changed_texts(conll, "AMU", TEXTS)).tolist()
        for system in SYSTEMS:
            metric = Scribendi(ScribendiConfig(perplexity=config))
            metric.use_scorer(scorer)
            exs = api.load(
                source=conll / "sources.txt", hypothesis=conll / "systems" / f"{system}.txt", require_references=False
            )[:SENTENCES]
            analysis = metric.analyse(exs)
            out[f"scribendi_{system}"] = {
                "sentences": metric.sentence_scores(analysis),
                "corpus": metric.score_analysis(analysis).value,
                "parts": [list(p) for p in analysis.parts],
            }
        ckpt = {name: build(work / name, seed) for seed, name in enumerate(["g", "f", "m", "qe", "se"])}
        some = Some(SomeConfig(ckpt["g"], ckpt["f"], ckpt["m"], cache=False))
        analysis = some.analyse(examples())
        out["some"] = {"sentences": some.sentence_scores(analysis), "parts": [list(p) for p in analysis.parts]}
        impara = Impara(ImparaConfig(ckpt["qe"], ckpt["se"], cache=False))
        analysis = impara.analyse(examples())
        out["impara"] = {"sentences": impara.sentence_scores(analysis), "parts": [list(p) for p in analysis.parts]}
        out["pairs"] = len(PAIRS)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    p.add_argument("--out", default=str(ROOT / "tests" / "golden" / "reference_free.json"))
    args = p.parse_args()
    numbers = record(Path(args.data) / "conll14")
    numbers["command"] = "PYTHONPATH=src python scripts/record_reference_free.py"
    Path(args.out).write_text(json.dumps(numbers, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
