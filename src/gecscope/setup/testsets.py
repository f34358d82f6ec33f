"""Test sets by name (``gecscope score -t conll14``), as sacreBLEU's ``-t``.

Each set is files that ``gecscope download`` fetches (pinned to a commit and a sha256) or
derives from them, found in the data directory: ``$GECSCOPE_DATA``, else
``$GECSCOPE_SHARED/data``, else the download directory. Every file is checked against its
published sha256 before use, and the signature carries the set's name and a digest of its files.

- ``conll14``: the CoNLL-2014 test set, 1,312 sentences, with the official gold
  (``official-2014.combined.m2``, 2 annotators), as the M2 scorer reads it;
- ``conll14-errant``: the same sentences with the ERRANT re-annotation of the gold
  (``references.m2``, as ERRANT and the CLEME papers score it);
- ``seeda``: SEEDA's human-judged subset of CoNLL-2014: 391 sentences (the lines of
  ``outputs/subset``), the two CoNLL-2014 references as text (the full 1,312-sentence SEEDA
  outputs are the CoNLL-2014 test set: use ``conll14``);
- ``mucgec-dev``: the MuCGEC dev set (Chinese), 1,137 sentences, 1-7 references each, read
  as ChERRANT reads it (``--lang zh``).

The shared-task sets (:mod:`gecscope.setup.shared_tasks`: ``ua-gec``, ``ua-gec-fluency``,
``unlp-2023``, ``unlp-2023-fluency``, ``estgec-l2``, ``tartu-l1``, ``jfleg``, ``jfleg-dev``,
``cweb``, ``cweb-s``) carry their data version and protocol (:mod:`gecscope.setup.protocols`),
both in the signature; a set without a source file reads the reference M2's ``S`` lines. The
licence-gated ones (``bea19-dev``, ``fce``, ``falko-merlin``, ``geccc``, ``multigec-2025``) are
never fetched: the user gives their copy (``--test-set-file``, optionally ``--test-set-sha256``).

>>> TEST_SETS["conll14"].lang, TEST_SETS["mucgec-dev"].lang
('en', 'zh')
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import InputError, SettingError
from gecscope.setup.shared_tasks import FILES, GATED, PUBLIC
from gecscope.setup.tables import by_name


@dataclass(frozen=True)
class TestSet:
    """A named test set: its files, relative to the data directory (each pinned in :data:`SHA256`)."""

    name: str
    summary: str
    #: None: the reference M2's ``S`` lines, read as the source
    source: str | None = None
    #: '': the language its files' names give (MultiGEC-2025's LANG-CORPUS-...)
    lang: str = "en"
    ref_m2: str | None = None
    refs: tuple[str, ...] = ()
    ref_tsv: str | None = None
    #: the protocol its papers score it with (:data:`gecscope.setup.protocols.PROTOCOLS`)
    protocol: str = ""
    #: the data version (repository@commit)
    version: str = ""
    #: licence-gated: what the user must get by hand and where (never fetched)
    gated: str = ""

    __test__ = False  # not a pytest class

    def __post_init__(self) -> None:
        if not (self.ref_m2 or self.refs or self.ref_tsv or self.gated):
            raise ValueError(f"test set {self.name} has no references")
        if not set(self.files) <= SHA256.keys():
            raise ValueError(f"test set {self.name}: every file needs a sha256")

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(f for f in (self.source, self.ref_m2, *self.refs, self.ref_tsv) if f is not None)

    @property
    def signature(self) -> str:
        """The name, the first 12 hex digits of the sha256 over the files' sha256, and the data
        version when known."""
        joined = "".join(SHA256[f] for f in self.files)
        import hashlib  # ~3 ms (OpenSSL): only a run with -t reads it

        out = f"{self.name}+sha256.{hashlib.sha256(joined.encode()).hexdigest()[:12]}"
        return out + (f"+{self.version}" if self.version else "")


#: sha256 of every test-set file (fetched by ``gecscope download`` or derived by it)
SHA256 = {
    "conll14/sources.txt": "cd5fae28b1ca60525ee4f3c3d040b309c03faabcc7aabd20caa2515540c6e4eb",
    "conll14/official-2014.combined.m2": "07771f4653844f2732e1d93a5711181995ff2ae0828016a276ad1e7335c96085",
    "conll14/references.m2": "92fd1a992f652a30dd18519283982ed7c20068d814eff000fc25ad0a5a50c27b",
    "seeda/outputs/subset/INPUT.txt": "14ee95ca8b9f6aef08cbe7644398356a7cc142ccc131fd4041643bd903c0136e",
    "seeda/outputs/subset/REF0.txt": "e08b2cfe1a2263aac5855737c809690ccd0eeb9d62fcdf4f1797d9d0fab98c22",
    "seeda/outputs/subset/REF1.txt": "65d4672399fa21a2570a6c5e7879b05bdb3fc53ac08a487859f6d77e49fab604",
    "zh/mucgec_dev/sources.txt": "9110b397af3bbf7d3b17e39dcc9ec9df62470615c0726e4cd512aa25f7363e16",
    "zh/mucgec_dev/references.tsv": "edbe29627aa8c61b1196b0b8c85898560dd2218d5031857921e9b621e5241e18",
    **{dest: digest for dest, (_, digest) in FILES.items()},
}
TEST_SETS: dict[str, TestSet] = by_name(
    TestSet(
        "conll14",
        "CoNLL-2014 test, 1,312 sentences, official gold M2 (2 annotators)",
        "conll14/sources.txt",
        ref_m2="conll14/official-2014.combined.m2",
    ),
    TestSet(
        "conll14-errant",
        "CoNLL-2014 test with the ERRANT re-annotated gold M2",
        "conll14/sources.txt",
        ref_m2="conll14/references.m2",
    ),
    TestSet(
        "seeda",
        "SEEDA's judged subset of CoNLL-2014, 391 sentences, 2 text references",
        "seeda/outputs/subset/INPUT.txt",
        refs=("seeda/outputs/subset/REF0.txt", "seeda/outputs/subset/REF1.txt"),
    ),
    TestSet(
        "mucgec-dev",
        "MuCGEC dev (Chinese), 1,137 sentences, ChERRANT references (--lang zh)",
        "zh/mucgec_dev/sources.txt",
        lang="zh",
        ref_tsv="zh/mucgec_dev/references.tsv",
    ),
    *(TestSet(**kwargs) for kwargs in PUBLIC),
    *(TestSet(n, s, lang=lang, protocol=p, gated=how) for n, (s, p, lang, how) in GATED.items()),
)


def check_protocol(name: str, protocol: str) -> None:
    """Refuse ``--protocol protocol`` with ``-t name`` when the set is scored under a protocol of
    its own and that is another (a shared task's scorer belongs to its own test sets), in one
    line naming the sets the protocol is for; a set that names no protocol takes any protocol of
    its language (checked with the language).

    >>> check_protocol("jfleg", "multigec-2025")
    Traceback (most recent call last):
    ...
    gecscope.errors.SettingError: -t jfleg is scored under its own protocol jfleg; --protocol multigec-2025 is \
for -t multigec-2025: drop --protocol, or give the files without -t
    >>> check_protocol("jfleg", "jfleg"), check_protocol("conll14", "bea19")
    (None, None)
    """
    from gecscope.setup.protocols import get_protocol

    given = get_protocol(protocol).name
    test = TEST_SETS.get(name)
    if test is None or not test.protocol or test.protocol == given:
        return
    sets = [t.name for t in TEST_SETS.values() if t.protocol == given]
    where = f"for -t {', '.join(sets)}" if sets else "for no named test set"
    raise SettingError(
        f"-t {name} is scored under its own protocol {test.protocol}; --protocol {given} is {where}: "
        "drop --protocol, or give the files without -t"
    )


def data_dirs() -> list[Path]:
    """Where test sets are looked for, in order."""
    out = []
    if data := os.environ.get("GECSCOPE_DATA"):
        out.append(Path(data))
    if shared := os.environ.get("GECSCOPE_SHARED"):
        out.append(Path(shared) / "data")
    xdg = os.environ.get("XDG_DATA_HOME")
    out.append((Path(xdg) if xdg else Path.home() / ".local" / "share") / "gecscope" / "data")
    return out


def locate(name: str) -> dict[str, Path]:
    """The files of test set ``name`` (keys ``source``, ``ref_m2``, ``refs0``..., ``ref_tsv``) in
    the first data directory that has them all, each checked against its sha256."""
    if name not in TEST_SETS:
        raise InputError(f"unknown test set {name!r}; available: {', '.join(TEST_SETS)}", "-t")
    test = TEST_SETS[name]
    if test.gated:
        raise InputError(f"-t {name} is licence-gated, never downloaded: {test.gated} with --test-set-file PATH", "-t")
    found = next((d for d in data_dirs() if all((d / f).is_file() for f in test.files)), None)
    if found is None:
        where = ", ".join(str(d) for d in data_dirs())
        raise InputError(f"test set {name} not found in {where}: run 'gecscope download' (or set GECSCOPE_DATA)", "-t")
    from gecscope.fetch import sha256_of  # urllib/ssl: only when a test set is used, not on every run

    for rel in test.files:
        if sha256_of(found / rel) != SHA256[rel]:
            raise InputError(
                f"differs from the published test set {name} (sha256); run 'gecscope download' again", found / rel
            )
    files = {"source": test.source, "ref_m2": test.ref_m2, "ref_tsv": test.ref_tsv}
    # a set without a source file: the reference M2's S lines are read as the source (no derived file)
    named = {**files, **{f"ref{k}": r for k, r in enumerate(test.refs)}}
    return {key: found / rel for key, rel in named.items() if rel}


def user_files(name: str, path: str, digest: str | None) -> tuple[dict[str, Path], str]:
    """A licence-gated set from the user's copy ``path`` (its reference M2; for MultiGEC-2025, a
    subcorpus's ``LANG-CORPUS-orig|refN-SPLIT.md`` file, which brings the subcorpus's source and
    reference files beside it): the files, as :func:`locate` gives them, and the signature with
    the copy's sha256 (``digest``: checked against ``path``; over several files, the sha256 of
    their sha256s, as a public set signs)."""
    from gecscope.fetch import sha256_of

    test = TEST_SETS[name]
    file = Path(path)
    found = sha256_of(file) if file.is_file() else None
    if found is None:
        raise InputError(f"not found: give your copy of -t {name} ({test.gated})", file)
    if digest is not None and found != digest.lower():
        raise InputError(f"has sha256 {found}, not the --test-set-sha256 given: check your copy of -t {name}", file)
    if not file.name.endswith(ESSAY_SUFFIX):
        return {"ref_m2": file}, f"{name}+user.sha256.{found[:12]}"
    files = essay_subcorpus(file)
    import hashlib

    digests = {key: sha256_of(f) for key, f in files.items()}
    unread = next((files[key] for key, d in digests.items() if d is None), None)
    if unread is not None:
        raise InputError(f"cannot read it (a file of the subcorpus of -t {name})", unread)
    joined = "".join(d or "" for d in digests.values())
    return files, f"{name}+user.sha256.{hashlib.sha256(joined.encode()).hexdigest()[:12]}"


#: MultiGEC-2025's file names: LANG-CORPUS-orig-SPLIT.md, LANG-CORPUS-refN-SPLIT.md
ESSAY_SUFFIX = ".md"
_ESSAY_NAME = re.compile(r"(?P<corpus>.+)-(?P<kind>orig|ref\d+)-(?P<split>[A-Za-z0-9_]+)\.md")


def essay_subcorpus(file: Path) -> dict[str, Path]:
    """The source (``orig``) and reference files of the MultiGEC subcorpus of ``file`` (one of
    them), from its folder: ``source``, then ``ref0``, ``ref1``... in the order of the names.

    >>> essay_subcorpus(Path("x.md"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gecscope.errors.InputError: x.md: not a MultiGEC subcorpus file (LANG-CORPUS-orig-SPLIT.md or ...)
    """
    import glob  # (fnmatch's regexes) only where essays are read, not at every run's start

    named = _ESSAY_NAME.fullmatch(file.name)
    if named is None:
        raise InputError("not a MultiGEC subcorpus file (LANG-CORPUS-orig-SPLIT.md or LANG-CORPUS-refN-SPLIT.md)", file)
    corpus, split = named["corpus"], named["split"]
    source = file.parent / f"{corpus}-orig-{split}.md"
    if not source.is_file():
        raise InputError(f"no source file {source.name} beside it (the subcorpus's orig file)", file)
    refs = sorted(
        f for f in file.parent.glob(f"{glob.escape(corpus)}-ref*-{split}.md")
        if (m := _ESSAY_NAME.fullmatch(f.name)) and m["corpus"] == corpus and m["kind"] != "orig"
    )  # fmt: skip
    if not refs:
        raise InputError(f"no reference file {corpus}-refN-{split}.md beside it", file)
    return {"source": source, **{f"ref{k}": r for k, r in enumerate(refs)}}
