"""A run's setup as one frozen object, built in one place (:func:`build_setup`) from the command
line, the Python API's keywords or a protocol: the language, the tokeniser applied to text input,
the aligner, the annotation source (CoNLL-U files or a tagger), the protocol, the named test set,
the input files and their format. It is the only producer of the input-side signature fields
(:meth:`Setup.fields`: ``tok`` when gecscope tokenised, ``test``, ``protocol``); the pipeline adds
the language's, the aligner's and the classifier's own.

>>> s = build_setup(files=InputFiles(source="s.txt", hypotheses=("h.txt",), references=("r.txt",)))
>>> s.language.code, s.tokenize, s.aligner, s.format, s.fields()
('en', 'none', 'errant', 'text', {})
>>> build_setup(protocol="jfleg", files=InputFiles(source="s", hypotheses=("h",), references=("r",))).protocol_fields()
{'gleu': 'jfleg'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gecscope.align.language import TAG_FREE, Language
from gecscope.align.languages import LANGUAGES, aligner_known, load_language
from gecscope.errors import InputError, SettingError
from gecscope.setup.protocols import Protocol, get_protocol

#: the input formats a run reads
FORMATS = ("text", "m2", "jsonl", "tsv", "essays", "example")
#: the suffix of MultiGEC-2025's Markdown essay files
ESSAY_SUFFIX = ".md"


@dataclass(frozen=True)
class InputFiles:
    """The user's input files, under the names the user gave (``-`` is standard input, kept in a
    file by the command line before the setup is built)."""

    source: str | None = None
    hypotheses: tuple[str, ...] = ()
    hyp_m2: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    ref_m2: str | None = None
    jsonl: str | None = None
    ref_tsv: str | None = None
    #: the small example shipped inside the package
    example: bool = False

    @property
    def format(self) -> str:
        """One of :data:`FORMATS`."""
        texts = [p for p in (self.source, *self.hypotheses, *self.references) if p]
        if texts and any(str(p).endswith(ESSAY_SUFFIX) for p in texts):
            return "essays"
        if self.jsonl:
            return "jsonl"
        if self.hyp_m2:
            return "m2"
        if self.ref_tsv:
            return "tsv"
        if self.example and not self.hypotheses and self.source is None:
            return "example"
        return "text"

    @property
    def systems(self) -> tuple[str, ...]:
        """The system files (text or M2)."""
        return self.hypotheses or self.hyp_m2

    def reader_settings(self) -> dict[str, Any]:
        """The files as :func:`gecscope.reader.stream` takes them."""
        names = ("source", "hypotheses", "hyp_m2", "references", "ref_m2", "jsonl", "ref_tsv")
        return {name: getattr(self, name) for name in names}

    def check(self, multi_annotator_hyp: bool = False) -> None:
        """The file checks before any work (:func:`gecscope.reader.check_inputs`: an M2 file given
        as text, a hypothesis M2 with several annotators unless ``multi_annotator_hyp``)."""
        from gecscope.reader import check_inputs

        check_inputs(
            source=self.source,
            hypotheses=self.hypotheses,
            hyp_m2=self.hyp_m2,
            references=self.references,
            multi_annotator_hyp=multi_annotator_hyp,
        )


@dataclass(frozen=True)
class Annotations:
    """Where UD annotations for the error-type classifier come from: CoNLL-U files (one for the
    source, one per system, one per annotator) or an offline tagger; nothing by default."""

    tagger: str | None = None
    source_conllu: str | None = None
    hyp_conllu: tuple[str, ...] = ()
    ref_conllu: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        conllu = self.source_conllu or self.hyp_conllu or self.ref_conllu
        if self.tagger is not None and conllu:
            raise InputError("give either CoNLL-U files or a tagger, not both", "--tagger")
        if (self.hyp_conllu or self.ref_conllu) and not self.source_conllu:
            raise InputError("CoNLL-U annotations need the source's (--source-conllu)", "--source-conllu")

    def __bool__(self) -> bool:
        return bool(self.tagger or self.source_conllu)


@dataclass(frozen=True)
class Setup:
    """Everything about a run that is decided before its input is read (see the module docstring)."""

    language: Language
    files: InputFiles
    #: the tokeniser gecscope applies to text input (``none``: the text's own tokens)
    tokenize: str = "none"
    #: the aligner of text input (a name; a language's default resolved)
    aligner: str = "errant"
    annotations: Annotations = field(default_factory=Annotations)
    #: the protocol the run follows, and whether it is signed (nothing given otherwise)
    protocol: Protocol | None = None
    protocol_signed: bool = False
    #: the metrics to run (the user's, else the protocol's; empty: the command's default)
    metrics: tuple[str, ...] = ()
    #: metric settings the protocol fixes: (metric, option, value), for options the user left unset
    settings: tuple[tuple[str, str, str], ...] = ()
    #: the named test set and its signature (name, digest of its files, data version)
    test_set: str | None = None
    test_signature: str = ""
    #: whether a hypothesis or reference tokenised otherwise than the source is refused
    check_tokenisation: bool = True
    #: what was said about the protocol (an override of the user's), one line each
    notes: tuple[str, ...] = ()

    @property
    def format(self) -> str:
        return self.files.format

    @property
    def past_end(self) -> bool:
        """Whether a reference M2 edit ending past its sentence is dropped (the protocol's reading)."""
        return self.protocol is not None and self.protocol.past_end

    @property
    def tokenised_here(self) -> bool:
        """Whether gecscope tokenises the text (a language with its own readers tokenises itself)."""
        return self.tokenize != "none" and self.language.readers is None

    def fields(self) -> dict[str, str]:
        """The input-side signature fields of every metric of the run: ``tok`` when gecscope
        tokenised the text, ``test`` for a named test set (``protocol``:
        :meth:`protocol_fields`, per metric)."""
        from gecscope.align.tokenizers import tokenizer_signature

        out: dict[str, str] = {}
        if self.tokenised_here:
            # with M2 references, hypothesis tokens written together are joined as the M2 source has them
            m2 = self.files.ref_m2 is not None and self.format != "essays"
            out["tok"] = tokenizer_signature(self.tokenize, m2_source=m2)
        if self.test_signature:
            out["test"] = self.test_signature
        return out

    def protocol_fields(self) -> dict[str, str]:
        """Metric name -> the protocol, for each metric the protocol names, when the run is the
        protocol's (its tokeniser, aligner and settings; a metric beside them is not signed)."""
        if self.protocol is None or not self.protocol_signed:
            return {}
        return {metric: self.protocol.name for metric in self.protocol.metrics}


def _same_language(given: str | None, wanted: str) -> bool:
    return given is None or load_language(given) == load_language(wanted)


def _same_tokeniser(given: str, wanted: str) -> bool:
    from gecscope.align.tokenizer_specs import registered

    try:
        return registered(given) == registered(wanted)
    except ValueError:  # an unknown name: refused with the language's tokenisers later
        return False


def _test_set_files(
    name: str, files: InputFiles, path: str | None, digest: str | None
) -> tuple[InputFiles, str, str, str]:
    """The files of test set ``name`` (the user's copy ``path`` of a licence-gated one), its
    signature, language and protocol."""
    from gecscope.setup.testsets import TEST_SETS, locate, user_files

    given = {
        "source": files.source,
        "references": files.references,
        "ref_m2": files.ref_m2,
        "ref_tsv": files.ref_tsv,
        "jsonl": files.jsonl,
    }
    named = [o for o, v in given.items() if v]
    if named:  # named as the door names them: --source on the command line, source= in Python
        raise SettingError(
            f"test_set {name} brings its own sentences and gold; drop {' '.join(named)}", "test_set", *named
        )
    if files.example:
        raise InputError(f"-t {name} gives the source and references; drop --example")
    if name not in TEST_SETS:
        raise SettingError(f"unknown test set {name!r}; available: {', '.join(TEST_SETS)}", "test_set")
    test = TEST_SETS[name]
    if (path or digest) and not test.gated:
        raise InputError(f"-t {name} is public: its files come from 'gecscope download'; drop --test-set-file/-sha256")
    if test.gated and path:
        found, signature = user_files(name, path, digest)
    else:
        found, signature = locate(name), test.signature
    refs = tuple(str(v) for k, v in found.items() if k.startswith("ref") and k[3:].isdigit())
    made = InputFiles(
        source=str(found["source"]) if "source" in found else None,
        hypotheses=files.hypotheses,
        hyp_m2=files.hyp_m2,
        references=refs,
        ref_m2=str(found["ref_m2"]) if "ref_m2" in found else None,
        ref_tsv=str(found["ref_tsv"]) if "ref_tsv" in found else None,
    )
    return made, signature, test.lang, test.protocol


def build_setup(
    *,
    files: InputFiles,
    lang: str | Language | None = None,
    tokenize: str | None = None,
    aligner: str | None = None,
    annotations: Annotations | None = None,
    protocol: str | None = None,
    test_set: str | None = None,
    test_set_file: str | None = None,
    test_set_sha256: str | None = None,
    metrics: Sequence[str] | None = None,
    settings: Mapping[str, Any] | None = None,
    allow_tokenization_mismatch: bool = False,
) -> Setup:
    """The one builder of a :class:`Setup`, for every door. ``metrics``: the metrics the user named
    (None: not named, a protocol's are run); ``settings``: the metric options the user set (a
    protocol fixes the others). A ``tokenize``, ``aligner``, metric or setting given otherwise than
    the protocol keeps its name out of the signature (said in :attr:`Setup.notes`)."""
    signature = ""
    if isinstance(lang, str) and not lang.strip():
        raise SettingError("--lang is empty: give a language code", "lang")
    code = lang.code if isinstance(lang, Language) else lang
    if test_set is not None:
        if protocol is not None:
            from gecscope.setup.testsets import check_protocol

            check_protocol(test_set, protocol)
        files, signature, set_lang, set_protocol = _test_set_files(test_set, files, test_set_file, test_set_sha256)
        if set_lang and not _same_language(code, set_lang):
            raise SettingError(f"-t {test_set} is --lang {set_lang}", "lang")
        code, protocol = code or set_lang or None, protocol or set_protocol or None
    elif test_set_file or test_set_sha256:
        raise InputError("--test-set-file is the file of a licence-gated test set: give the set with -t")
    chosen: Protocol | None = None
    chosen_signed = False
    notes: list[str] = []
    changed: list[str] = []
    if protocol is not None:
        chosen = get_protocol(protocol)
        if chosen.lang is not None:
            if not _same_language(code, chosen.lang):
                raise SettingError(f"--protocol {chosen.name} is --lang {chosen.lang}", "lang")
            code = code or chosen.lang
        if aligner is None:
            aligner = chosen.aligner
        elif aligner != chosen.aligner:
            changed.append("--aligner")
        if tokenize is None:
            tokenize = chosen.tokenize
        elif not _same_tokeniser(tokenize, chosen.tokenize):
            changed.append("--tokenize")
    if code is None and (files.format == "essays" or (chosen is not None and chosen.aligner == TAG_FREE)):
        prefix = Path(str(files.source or "")).name.split("-")[0]  # MultiGEC: the language of the file name
        code = prefix if prefix in LANGUAGES else None
    if chosen is not None and chosen.langs and code is None:
        raise SettingError(f"--protocol {chosen.name} is for --lang {'|'.join(chosen.langs)}: give one", "lang")
    language = lang if isinstance(lang, Language) else load_language(code or "en")
    if chosen is not None and chosen.langs and language not in [load_language(c) for c in chosen.langs]:
        raise SettingError(f"--protocol {chosen.name} is for --lang {'|'.join(chosen.langs)}", "lang")
    csv = files.references and all(str(r).lower().endswith(".csv") for r in files.references)
    if files.source is None and csv and not files.ref_m2:  # a shared task's CSV: its Input sentence column
        import dataclasses

        files = dataclasses.replace(files, source=files.references[0])
    if chosen is not None and chosen.aligner in language.refusals:
        raise SettingError(f"--protocol {chosen.name} with {language.label}: {language.refusals[chosen.aligner]}")
    try:
        from gecscope.align.tokenizers import canonical

        name = canonical(language.tokenizer(tokenize), language.code)
    except ValueError as err:
        raise SettingError(str(err), "tokenize") from None
    try:
        chosen_aligner = language.aligner(aligner, aligner_known)
    except InputError as exc:
        if chosen is None or aligner != chosen.aligner:
            raise
        raise SettingError(f"--protocol {chosen.name} aligns with {aligner}: {exc.message}", "lang") from None
    run_metrics: tuple[str, ...] = tuple(metrics or ())
    fixed: tuple[tuple[str, str, str], ...] = ()
    if chosen is not None:  # its settings apply to its metrics, whatever else runs beside them
        run_metrics = tuple(metrics) if metrics is not None else chosen.metrics
        if not set(run_metrics) & set(chosen.metrics):
            notes.append(f"--metric given: protocol {chosen.name} not applied to it")
        given = dict(settings or {})
        fixed = tuple(s for s in chosen.settings if given.get(s[1]) is None)
        changed += [o for _, o, v in chosen.settings if given.get(o) is not None and str(given[o]) != v]
        chosen_signed = not changed
        if changed:
            notes.append(f"{', '.join(changed)} given: not protocol {chosen.name}'s setting")
    essays = files.format == "essays"
    own = language.readers is not None
    if name != "none" and not own and not essays and (files.hyp_m2 or files.jsonl):
        raise InputError("--tokenize applies to text input (--source/--hyp/--ref), not M2 or JSONL", "--tokenize")
    if files.example and annotations:
        raise InputError(
            "--example scores the built-in example: drop --source-conllu/--hyp-conllu/--ref-conllu/--tagger"
        )
    check = not (allow_tokenization_mismatch or name != "none" or own or essays)
    return Setup(
        language=language,
        files=files,
        tokenize=name,
        aligner=chosen_aligner,
        annotations=annotations or Annotations(),
        protocol=chosen,
        protocol_signed=chosen is not None and chosen_signed,
        metrics=run_metrics,
        settings=fixed,
        test_set=test_set,
        test_signature=signature,
        check_tokenisation=check,
        notes=tuple(notes),
    )
