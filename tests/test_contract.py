"""The metric contract, checked for every registered metric (a new registry entry is tested
here without a line of test code): its declarations, the identities hypothesis = reference ⇒
perfect and hypothesis = source ⇒ no false positives, bounds, shard invariance, resampling
table = re-score, and API = CLI on the packaged example."""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from conftest import TINY_HYP, TINY_REF
from gecscope import api
from gecscope.cli import build_parser, main
from gecscope.errors import MissingExtraError, SettingError
from gecscope.extras import check_metric
from gecscope.io import examples_from_m2
from gecscope.metrics import METRICS, Metric, canonical
from gecscope.metrics import statistics as declared
from gecscope.pipeline import streams as streamable
from gecscope.resample import stat_table
from gecscope.result import Score
from gecscope.stats import Statistics
from gecscope.types import Example, Target

EX = api.example_dir()
#: every registered metric; those whose default settings load a model are in the neural tier
NAMES = [
    pytest.param(n, marks=pytest.mark.neural) if spec.uses_model(spec.build().config) else n
    for n, spec in METRICS.items()
]
HYP, REF = EX / "hypothesis.m2", EX / "references.m2"


def _metric(name: str) -> Metric:
    metric = METRICS[name].build()
    try:
        check_metric(metric)
    except (MissingExtraError, SettingError) as exc:  # without its extra, or its model not named (LLM, checkpoints)
        pytest.skip(str(exc))
    return metric


def _examples(name: str) -> list[Example]:
    return examples_from_m2(HYP, REF)  # every metric applies its own missing-annotator convention


def _counts(score: Score) -> dict[str, Any]:
    lay = METRICS[score.metric].layout
    return {k: score.details[k] for k in (lay.counts if lay else ()) if k in score.details}


def _values(x: Any) -> list[float]:
    return [float(v) for v in np.ravel(np.asarray(x, dtype=np.float64))]


@pytest.mark.parametrize("name", NAMES)
def test_the_entry_declares_the_contract(name: str) -> None:
    spec = METRICS[name]  # a plain MetricSpec(home, summary) is valid: the rest has defaults
    assert spec.summary
    assert canonical(name) == name and all(canonical(a) == name for a in spec.aliases)
    fields = {f.name for f in dataclasses.fields(spec.config)}
    assert {o.name for o in spec.options} <= fields
    metric = spec.build()
    assert metric.name == name and isinstance(metric.config, spec.config)
    # its statistics are declared (take, stack, size and shard merging read them, not the analysis's type)
    assert spec.statistics is not None and declared(metric) is spec.statistics
    # every declared option is on score, compare and report with the same flag
    for command in ("score", "compare", "report"):
        sub = build_parser()._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
        flags = {f for a in sub._actions for f in a.option_strings}
        assert {o.flag for o in spec.options if o.name != "alpha" or command != "compare"} <= flags, command


def test_statistics_are_declared_or_refused() -> None:
    with pytest.raises(ValueError, match="holding must be one of table, array, record"):
        Statistics(("tp",), holding="list")
    with pytest.raises(ValueError, match="sentence_fields"):
        Statistics(("tp",), holding="record")
    with pytest.raises(ValueError, match="sentence_fields"):
        Statistics(("tp",), sentence_fields=("tp",))
    with pytest.raises(ValueError, match="types must be one of"):
        Statistics(("tp",), types="categories")
    stranger = METRICS["errant"].build()
    stranger.name = "stranger"  # a metric outside the registry
    with pytest.raises(SettingError, match=r"^stranger declares no statistics"):
        declared(stranger)


@pytest.mark.parametrize("name", NAMES)
def test_hypothesis_equal_to_the_reference_is_perfect(name: str) -> None:
    metric = _metric(name)
    key = METRICS[name].perfect
    if key is None:
        pytest.skip("no hypothesis = reference identity declared")
    examples = [Example(e.source, e.references[0], e.references[:1], e.id) for e in _examples(name) if e.references]
    score = metric.score(examples)
    assert (score.details[key] if key else score.value) == pytest.approx(1.0, abs=1e-12)
    counts = _counts(score)
    for key in ("fp", "fp_ne", "fp_un", "fn"):
        assert all(v == 0 for v in _values(counts.get(key, 0))), key


#: the counts that are 0 when the hypothesis is the source (no change, so no false positive)
FALSE_POSITIVES = ("fp", "fp_ne", "fp_un", "proposed", "positive", "negative")
#: metrics that count no false positive, and why: they are checked otherwise or not at all, by name
NO_FALSE_POSITIVE_COUNT = {
    "gleu": "n-gram precision against source and references: no edit is counted",
    "chargleu": "character n-gram precision against source and references: no edit is counted",
    "indicgec": "clipped n-gram matches against the reference: no edit is counted",
    "chrf": "character and word n-gram matches against the best reference: no edit is counted",
    "exact-match": "whole sentences compared with the references: no edit is counted",
    "nacgec": "its counts are per part (word_fp, char_fp): checked in tests/test_nacgec.py",
    "llm-s": "a model's rating of the sentence: no edit is counted",
    "llm-e": "a model's rating of each edit: no count of wrong edits",
    "some": "a learned sentence score",
    "impara": "a learned sentence score",
}


@pytest.mark.parametrize("name", NAMES)
def test_hypothesis_equal_to_the_source_has_no_false_positive(name: str) -> None:
    """Every false-positive count the metric declares is 0 when nothing was changed, and a metric
    that declares none is named in :data:`NO_FALSE_POSITIVE_COUNT` (never a silent pass)."""
    layout = METRICS[name].layout
    declared = [k for k in FALSE_POSITIVES if k in layout.counts]
    assert bool(declared) != (name in NO_FALSE_POSITIVE_COUNT), (name, layout.counts)
    if not declared:
        pytest.skip(f"{name}: {NO_FALSE_POSITIVE_COUNT[name]}")
    metric = _metric(name)
    examples = [dataclasses.replace(e, hypothesis=Target(e.source, (), e.source_raw)) for e in _examples(name)]
    counts = _counts(metric.score(examples))
    for key in declared:
        assert key in counts and all(v == 0 for v in _values(counts[key])), key


@pytest.mark.parametrize("name", NAMES)
def test_score_and_components_are_bounded(name: str) -> None:
    metric = _metric(name)
    score = metric.score(_examples(name))
    low, high = METRICS[name].bounds
    assert math.isfinite(score.value) and low <= score.value <= high
    layout = METRICS[name].layout
    assert score.layout is layout  # the Score carries its metric's layout (shown without the registry)
    for c in layout.components:
        value = score.details[c.key]
        assert math.isfinite(value) and 0.0 <= value <= (math.inf if c.upper is None else c.upper), c.key


@pytest.mark.parametrize("name", NAMES)
def test_stacked_shards_and_taken_sentences_score_as_one_shot(name: str) -> None:
    metric = _metric(name)
    examples = _examples(name)
    whole = metric.analyse(examples)
    one_shot = metric.score_analysis(whole)
    for size in (1, 3):
        parts = [metric.analyse(examples[i : i + size]) for i in range(0, len(examples), size)]
        got = metric.score_analysis(declared(metric).stack(parts))
        assert (got.value, got.details) == (one_shot.value, one_shot.details), size
    again = metric.score_analysis(declared(metric).take(whole, list(range(len(examples)))))
    assert (again.value, again.details) == (one_shot.value, one_shot.details)
    if streamable(metric):
        assert metric.score(examples).value == one_shot.value


@pytest.mark.parametrize("name", NAMES)
def test_the_resampling_table_re_scores(name: str) -> None:
    metric = _metric(name)
    examples = _examples(name)
    analysis = metric.analyse(examples)
    table = stat_table(metric, analysis)
    # the identity and random resamples (repeats, any order): the fast replay (numpy / numba
    # greedy rules, sums, means) equals the metric's own scalar rule on the taken sentences
    rng = np.random.default_rng(7)
    n = len(examples)
    order = np.vstack([np.arange(n), rng.integers(0, n, (6, n)), rng.permutation(n)]).astype(np.int64)
    take = declared(metric).take
    want = [metric.score_analysis(take(analysis, list(o))).value for o in order]
    assert table.scores(order).tolist() == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("name", NAMES)
def test_the_api_and_the_cli_agree(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _metric(name)
    want = api.score(name, api.load(hyp_m2=HYP, ref_m2=REF))
    assert main(["score", "--metric", name, "--hyp-m2", str(HYP), "--ref-m2", str(REF), "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    got = got[0] if isinstance(got, list) else got
    assert (got["score"], got["signature"]) == (want.value, want.signature)


def test_the_metric_pages_carry_their_generated_headers() -> None:
    script = Path(__file__).resolve().parent.parent / "scripts" / "metric_docs.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


# -- text input, with each tokeniser that applies (issue 30, part 6) -----------------------------

#: every reference-based metric (a reference-free one reads no reference, so no tokenised one)
REFERENCE_BASED = [p for p in NAMES if not METRICS[p if isinstance(p, str) else p.values[0]].build().reference_free]
#: the tokenisers of text input (``--tokenize``) and the name each signs as ``tok:``
TOKENISERS = {"none": "whitespace", "spacy": "spacy", "char": "char"}
TEXT = {"source": EX / "source.txt", "references": [EX / "reference0.txt", EX / "reference1.txt"]}


def _text(tokenize: str, hypothesis: Path, references: int = 2) -> api.Examples:
    try:
        return _read_text(tokenize, hypothesis, references)
    except MissingExtraError as exc:  # spaCy's model without the text extra
        pytest.skip(str(exc))


@functools.cache
def _read_text(tokenize: str, hypothesis: Path, references: int) -> api.Examples:
    """The packaged example as text, read and tokenised once for every metric (read-only)."""
    files = TEXT["references"][:references]
    return api.load(source=TEXT["source"], hypothesis=hypothesis, references=files, tokenize=tokenize)


@pytest.mark.parametrize("tokenize", TOKENISERS)
@pytest.mark.parametrize("name", REFERENCE_BASED)
def test_text_input_with_each_tokeniser(name: str, tokenize: str) -> None:
    """The packaged example read as text (source, hypothesis, two references), tokenised by
    ``tokenize``: the score and its components are bounded, the signature names the tokeniser,
    hypothesis = its only reference is perfect (where declared) and hypothesis = source counts no false
    positive (where counted)."""
    _metric(name)
    spec = METRICS[name]
    score = api.score(name, _text(tokenize, EX / "hypothesis.txt"))
    assert f"|tok:{TOKENISERS[tokenize]}|" in score.signature
    low, high = spec.bounds
    assert math.isfinite(score.value) and low <= score.value <= high
    for c in spec.layout.components:
        value = score.details[c.key]
        assert math.isfinite(value) and 0.0 <= value <= (math.inf if c.upper is None else c.upper), c.key
    if spec.perfect is not None:
        perfect = api.score(name, _text(tokenize, EX / "reference0.txt", references=1))
        assert (perfect.details[spec.perfect] if spec.perfect else perfect.value) == pytest.approx(1.0, abs=1e-12)
    declared = [k for k in FALSE_POSITIVES if k in spec.layout.counts]
    if declared:
        counts = _counts(api.score(name, _text(tokenize, EX / "source.txt")))
        for key in declared:
            assert key in counts and all(v == 0 for v in _values(counts[key])), key


# -- the tiny missing-annotator case of tests/test_doors.py, for every metric ----------------------

#: reference annotator 1 has no line in sentence 2 (tests/test_doors.py's char-f case).
#: Each metric records its numbers in its own golden file, ``tests/golden/tiny/<metric>.json``
#: (adding a metric adds a file, not a line here): its official convention, settings, the number
#: under it (``value``), under the other one (``other_convention_value``; null: the convention
#: cannot be used) and where the number comes from (``source``, with the official ``command``).
#: Annotator 1 left out ("absent"): sentence 1 is matched by annotator 0 (TP 1), sentence 2
#: misses annotator 0's edit (FN 1): P 1, R 0.5, F0.5 0.8333. The source as annotator 1
#: ("unchanged"): nothing missed, F0.5 1.0. h.m2 = TINY_HYP, r.m2 = TINY_REF.
TINY_GOLDEN = Path(__file__).resolve().parent / "golden" / "tiny"


def _tiny(name: str) -> tuple[str, dict[str, Any], float, float | None]:
    path = TINY_GOLDEN / f"{name}.json"
    assert path.exists(), f"{name}: record its numbers on the tiny case in {path}"
    d = json.loads(path.read_text(encoding="utf-8"))
    assert d["metric"] == name and d["source"]
    return d["official_convention"], d["settings"], d["value"], d["other_convention_value"]


def test_every_tiny_golden_names_a_metric() -> None:
    assert {p.stem for p in TINY_GOLDEN.glob("*.json")} <= set(METRICS)


@pytest.mark.parametrize("name", NAMES)
def test_the_tiny_missing_annotator_case(name: str, tmp_path: Path) -> None:
    """Every metric on the tiny case gives the number of its official convention, another number
    (or a refusal) under the other convention, and signs only the other one."""
    from gecscope.errors import InputError
    from gecscope.metrics.base import official_convention
    from gecscope.types import CONVENTIONS

    spec = METRICS[name]
    if spec.build().reference_free:  # a declaration, checked without its model
        assert not (TINY_GOLDEN / f"{name}.json").exists()
        assert "missing_annotators" not in {f.name for f in dataclasses.fields(spec.config)}
        pytest.skip(f"{name} reads no reference: no missing-annotator convention")
    metric = _metric(name)
    official, settings, want, other_want = _tiny(name)
    assert official_convention(type(metric)) == official
    (tmp_path / "h.m2").write_text(TINY_HYP, encoding="utf-8")
    (tmp_path / "r.m2").write_text(TINY_REF, encoding="utf-8")
    examples = api.load(hyp_m2=tmp_path / "h.m2", ref_m2=tmp_path / "r.m2")
    got = api.score(name, examples, **settings)
    assert round(got.value, 4) == want and "missing:" not in got.signature
    same = api.score(name, examples, missing_annotators=official, **settings)
    assert (same.value, same.signature) == (got.value, got.signature)
    [other] = [c for c in CONVENTIONS if c != official]
    if other_want is None:
        with pytest.raises(InputError):
            api.score(name, examples, missing_annotators=other, **settings)
        return
    changed = api.score(name, examples, missing_annotators=other, **settings)
    assert round(changed.value, 4) == other_want and changed.value != got.value
    assert changed.signature.replace(f"|missing:{other}", "") == got.signature
