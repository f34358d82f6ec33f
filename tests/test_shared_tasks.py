"""Shared-task scorers and test sets (issue 31, parts 4-5): EstGEC's M2 scorer (``estgec-m2``),
JFLEG's gleu.py, UNLP-2023's evaluate.py, test sets by name with their protocols.

Goldens (``tests/golden/*.json``) hold the official scripts' outputs with the commands that made
them: EstGEC ``m2scorer_by_type/scripts/m2scorer.py`` (Python 3), JFLEG ``eval/gleu.py`` (Python 3),
UNLP-2023 ``scripts/evaluate.py --no-tokenize``. Data is read from ../shared/data/multilingual.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import threading
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, QuietHandler, require_estnltk, require_shared
from gecscope.cli import main
from gecscope.cli.preparation import prepare_inputs
from gecscope.errors import InputError
from gecscope.io.m2 import read_m2
from gecscope.meta.data.download import download
from gecscope.setup.protocols import PROTOCOLS
from gecscope.setup.shared_tasks import FILES, GATED
from gecscope.setup.testsets import TEST_SETS

pytestmark = pytest.mark.shared
GOLDENS = Path(__file__).parent / "golden"
ML = DATA / "multilingual"
EXAMPLE = ML / "estgec" / "M2_scorer_est" / "m2scorer_by_type" / "example"


def golden(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((GOLDENS / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def sources(m2: Path, out: Path) -> Path:
    out.write_text("".join(" ".join(b.source) + "\n" for b in read_m2(m2, overlaps=True)), encoding="utf-8")
    return out


def annotator_text(m2: Path, k: int, out: Path) -> Path:
    """The golden's ``derived:annotatorK`` hypothesis, as its README defines it: annotator K's
    text (its last annotator when it has fewer) with the edits that overlap no earlier one applied."""
    from gecscope.types import apply_edits

    def first_disjoint(edits: tuple[Any, ...]) -> tuple[Any, ...]:
        kept: list[Any] = []
        for e in edits:
            if all(e.end <= k.start or k.end <= e.start or (e.start == e.end == k.start) for k in kept):
                kept.append(e)
        return tuple(sorted(kept, key=lambda e: (e.start, e.end)))

    lines = []
    for b in read_m2(m2, overlaps=True):
        target = b.targets[min(k, len(b.targets) - 1)]
        lines.append(" ".join(apply_edits(b.source, first_disjoint(target.edits or ()))))
    out.write_text("".join(line + "\n" for line in lines), "utf-8")
    return out


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert main(["score", *argv]) == 0
    return capsys.readouterr().out


def estgec_case(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    [case] = [c for c in golden("estgec_m2.json")["cases"] if c["name"] == name]
    ref = ML / case["ref"]
    hyp = case["hyp"]
    hyp_path = annotator_text(ref, int(hyp[-1]), tmp_path / "hyp.txt") if hyp.startswith("derived:") else ML / hyp
    src = sources(ref, tmp_path / "src.txt")
    out = cli(capsys, "--metric", "estgec-m2", "--source", str(src), "--hyp", str(hyp_path), "--ref-m2", str(ref),
              "--format", "official", "--allow-tokenization-mismatch")  # fmt: skip
    assert out == case["stdout"], case["command"]


@pytest.mark.parametrize("name", ["example-vastus1", "example-mini1", "example-mini2"])
def test_estgec_examples_equal_the_official_script(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    estgec_case(name, tmp_path, capsys)


@pytest.mark.conformance
@pytest.mark.parametrize(
    "name",
    ["estgec-l2-source", "estgec-l2-nelb", "estgec-l2-annotator1", "tartu-l1-raw-sentences", "tartu-l1-annotator0"],
)
def test_estgec_corpora_equal_the_official_script(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    estgec_case(name, tmp_path, capsys)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_estgec_word_order_pseudo_annotators_and_per_type_recall(tmp_path: Path) -> None:
    """The README's example: the R:WO edit encloses a verb-form edit; a hypothesis making only the
    word-order edit is fully correct through the pseudo-annotator without the enclosed edit, and
    the second table counts the enclosed R:VERB:FORM as corrected."""
    from gecscope import api

    m2 = write(
        tmp_path / "g.m2",
        "S Mul ei olnud kassi mitte kunagi .\n"
        "A 2 3|||R:VERB:FORM|||ole olnud|||REQUIRED|||-NONE-|||0\n"
        "A 2 6|||R:WO|||ole mitte kunagi kassi olnud|||REQUIRED|||-NONE-|||0\n\n",
    )
    src = write(tmp_path / "s.txt", "Mul ei olnud kassi mitte kunagi .\n")
    hyp = write(tmp_path / "h.txt", "Mul ei ole mitte kunagi kassi olnud .\n")
    s = api.score("estgec-m2", api.load(source=src, hypothesis=hyp, ref_m2=m2, overlaps=True))
    assert (s.details["tp"], s.details["fp"], s.details["fn"]) == (1, 0, 0)
    assert list(s.details["types"]) == ["R:WO"]
    assert s.details["types_wo"]["R:VERB:FORM"]["tp"] == 1
    # read plainly, the annotator's corrected text and its enclosing edit (io.m2.enclosing)
    [ref] = api.load(source=src, hypothesis=hyp, ref_m2=m2)[0].references
    assert ref.text == "Mul ei ole mitte kunagi kassi olnud ." and [e.type for e in ref.edits or ()] == ["R:WO"]


def test_estgec_drops_an_edit_past_the_sentence_as_the_script(tmp_path: Path) -> None:
    m2 = write(tmp_path / "g.m2", "S a b c\nA 0 9|||R:NOM:FORM|||x|||REQUIRED|||-NONE-|||0\n\n")
    [block] = read_m2(m2, overlaps=True)
    assert block.targets[0].edits == () and not block.targets[0].absent
    with pytest.raises(InputError, match=r"g\.m2:2.*out of range"):
        read_m2(m2)


def test_estgec_is_scored_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m2 = write(tmp_path / "g.m2", "S a b\nA 0 1|||R:LEX|||x|||REQUIRED|||-NONE-|||0\n\n")
    src = write(tmp_path / "s.txt", "a b\n")
    assert main(["score", "--metric", "estgec-m2", "m2", "--source", str(src), "--hyp", str(src), "--ref-m2", str(m2)])
    assert "score it alone" in capsys.readouterr().err


# -- JFLEG and UNLP-2023 ------------------------------------------------------------------------


def gleu_case(case: dict, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[type-arg]
    j = ML / "jfleg"
    out = cli(capsys, "--protocol", "jfleg", "--source", str(j / case["src"]), "--hyp", str(j / case["hyp"]),
              "--ref", *(str(j / r) for r in case["refs"]), "--format", "json")  # fmt: skip
    result = json.loads(out)
    mean, std = result["score"], result["details"]["std"]
    assert f"{mean:f}" == case["mean"], case["command"]
    assert f"{std:f}" == case["std"], case["command"]
    lo, hi = mean - 1.959963984540054 * std, mean + 1.959963984540054 * std
    assert f"({lo:.3f},{hi:.3f})" == case["ci"], case["command"]


def test_jfleg_gleu_equals_its_script_on_dev_ref0(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    gleu_case(next(c for c in golden("jfleg_gleu.json")["cases"] if c["hyp"] == "dev/dev.ref0"), capsys)


@pytest.mark.conformance
def test_jfleg_gleu_equals_its_script_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    for case in golden("jfleg_gleu.json")["cases"]:
        gleu_case(case, capsys)


@pytest.mark.conformance
@pytest.mark.parametrize("k", range(4))
def test_unlp_2023_equals_evaluate_py(k: int, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))  # the download layout, offline; never the user's own directory
    case = golden("unlp_2023.json")["cases"][k]
    name = "unlp-2023" if case["track"] == "gec-only" else "unlp-2023-fluency"
    hyp = str(ML / "unlp-2023" / case["hyp"])
    for scheme, block in (("cs", "Span-Based Correction"), ("ds", "Span-Based Detection")):
        out = cli(capsys, "-t", name, "--hyp", hyp, "--scheme", scheme, "--format", "official")
        assert out.splitlines()[3].split("\t") == case["results"][block], case["command"]


# -- test sets by name --------------------------------------------------------------------------


def test_every_named_set_has_a_protocol_and_the_issue_names() -> None:
    names = {"ua-gec", "ua-gec-fluency", "unlp-2023", "unlp-2023-fluency", "estgec-l2", "tartu-l1", "jfleg", "cweb"}
    assert names | {"falko-merlin", "geccc", "bea19-dev", "fce", "multigec-2025"} <= set(TEST_SETS)
    for name in names:
        assert TEST_SETS[name].protocol in PROTOCOLS and TEST_SETS[name].version, name
    assert set(GATED) == {n for n, t in TEST_SETS.items() if t.gated}


def test_shared_copies_match_the_pinned_shared_task_digests() -> None:
    require_shared()
    for dest, (remote, digest) in FILES.items():
        assert len(remote.split("/")[2]) == 40, remote
        if not dest.startswith(("multilingual/cweb/", "multilingual/indicgec-2025/", "multilingual/zaebuc/")):
            assert hashlib.sha256((DATA / dest).read_bytes()).hexdigest() == digest, dest


def test_t_binds_the_protocol_and_signs_version_and_protocol(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    assert main(["score", "-t", "tartu-l1", "--echo", "src"]) == 0
    echoed = capsys.readouterr().out.splitlines()
    assert echoed == [" ".join(b.source) for b in read_m2(ML / "estgec" / "Tartu_L1_test" / "test_m2.txt", True)]
    out = json.loads(cli(capsys, "-t", "jfleg", "--hyp", str(ML / "jfleg" / "test" / "test.src"), "--format", "json"))
    assert "|test:jfleg+sha256." in out["signature"] and "+jfleg@ee06ff80|protocol:jfleg|" in out["signature"]
    assert "|sampling:py3|" in out["signature"]
    # another setting than the protocol's: the protocol's name leaves the signature
    src = str(ML / "jfleg" / "test" / "test.src")
    out = json.loads(cli(capsys, "-t", "jfleg", "--sampling", "py2", "--hyp", src, "--format", "json"))
    assert "protocol:" not in out["signature"] and "sampling:py2" in out["signature"]

    args = protocol_args("--protocol", "jfleg", "--metric", "m2")
    assert args.metric == ["m2"] and applied(args) is None  # another metric than the protocol's: unsigned by it
    args = protocol_args("--protocol", "estgec")
    assert (args.metric, args.setup.language.code, applied(args)) == (["estgec-m2"], "et", "estgec")


def test_a_tampered_or_missing_set_is_one_line(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    require_shared()
    rel = "multilingual/jfleg/test/test.ref0"
    for f in TEST_SETS["jfleg"].files:
        (tmp_path / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DATA / f, tmp_path / f)
    (tmp_path / rel).write_text("tampered\n")
    monkeypatch.setenv("GECSCOPE_DATA", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "none"))
    monkeypatch.delenv("GECSCOPE_SHARED", raising=False)
    hyp = str(DATA / "multilingual" / "jfleg" / "test" / "test.src")
    assert main(["score", "-t", "jfleg", "--hyp", hyp]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "test.ref0" in err and "gecscope download" in err
    assert main(["score", "-t", "estgec-l2", "--hyp", hyp]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "not found" in err and "gecscope download" in err


def test_a_gated_set_says_what_to_get_and_takes_the_users_copy(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    m2 = write(tmp_path / "ABCN.dev.gold.bea19.m2", "S a b .\nA 0 1|||R:DET|||The|||REQUIRED|||-NONE-|||0\n\n")
    hyp = write(tmp_path / "hyp.txt", "The b .\n")
    assert main(["score", "-t", "bea19-dev", "--hyp", str(hyp)]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "bea2019st" in err and "--test-set-file" in err
    digest = hashlib.sha256(m2.read_bytes()).hexdigest()
    argv = ["-t", "bea19-dev", "--test-set-file", str(m2), "--metric", "m2", "--hyp", str(hyp), "--format", "json"]
    out = json.loads(cli(capsys, *argv))  # M2 here: the protocol's ERRANT would load spaCy
    assert out["score"] == 1.0 and f"test:bea19-dev+user.sha256.{digest[:12]}|" in out["signature"]
    argv = ["score", "-t", "bea19-dev", "--test-set-file", str(m2), "--test-set-sha256", "0" * 64, "--hyp", str(hyp)]
    assert main(argv) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "ABCN.dev.gold.bea19.m2" in err and "sha256" in err
    assert main(["score", "-t", "fce", "--test-set-file", str(tmp_path / "nope.m2"), "--hyp", str(hyp)]) != 0
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope.m2" in err and "fce.test.gold.bea19.m2" in err


def test_download_fetches_the_public_sets_from_their_pinned_homes(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A fake server on 127.0.0.1 laid out as the pinned upstream paths (from the ../shared copies)."""
    require_shared()
    root = tmp_path / "mirror"
    present = [d for d in FILES if (DATA / d).is_file()]
    for dest in present:
        target = root / FILES[dest][0]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DATA / dest, target)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        from gecscope.meta.data import download as module

        base = f"http://127.0.0.1:{server.server_address[1]}/"
        monkeypatch.setattr(module, "MANIFEST", {})  # only the shared-task files
        monkeypatch.setattr(module, "zh_resources", dict)
        monkeypatch.setattr(module, "derive", lambda data: [])
        out = tmp_path / "data"
        assert sorted(download(out, base, shared_tasks=present)["downloaded"]) == sorted(present)
        for dest in present:
            assert (out / dest).read_bytes() == (DATA / dest).read_bytes()
        (root / FILES[present[0]][0]).write_text("tampered\n")
        (out / present[0]).unlink()
        with pytest.raises(InputError) as err:
            download(out, base, shared_tasks=present)
        assert "\n" not in str(err.value) and "sha256" in str(err.value)
        assert not (out / present[0]).exists()
    finally:
        server.shutdown()
        server.server_close()


def test_download_command_lists_the_gated_sets(tmp_path: Path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from gecscope.cli import download as command

    asked = {}

    def fake(data, base, shared_tasks=(), deadline=None):  # type: ignore[no-untyped-def]
        asked["shared_tasks"] = set(shared_tasks)
        return {"downloaded": [], "derived": []}

    monkeypatch.setattr(command, "download", fake)
    assert main(["download", str(tmp_path)]) == 0
    assert asked["shared_tasks"] == set(FILES)
    gated = [line for line in capsys.readouterr().out.splitlines() if "licence-gated" in line]
    assert len(gated) == len(GATED) and all("--test-set-file PATH" in line for line in gated)


@pytest.mark.parametrize(
    ("name", "hyp", "prf", "raw"),
    [
        ("estgec-l2", "estgec/GEC_systems/nelb/en-et-de-cs-nelb-1.3b-estgec-l2.txt", (0.7139, 0.5545, 0.6751),
         (0.3875, 0.4371, 0.3965)),
        ("tartu-l1", "estgec/Tartu_L1_test/test_laused.txt", (1.0, 0.0, 0.0), (0.0518, 0.1319, 0.0589)),
    ],
)  # fmt: skip
def test_t_scores_the_estonian_sets_as_the_official_script(  # type: ignore[no-untyped-def]
    name: str, hyp: str, prf: tuple[float, float, float], raw: tuple[float, float, float], capsys, monkeypatch
) -> None:
    """``-t estgec-l2`` / ``-t tartu-l1`` as the docs give them: the protocol's language (et), an
    aligner it allows and its tokens: EstGEC's scorer wants the output tokenised as its sources,
    which are EstNLTK's words (docs/types-estonian.md), so NELB's detokenised output is tokenised
    so (signed ``tok:estnltk-...``; Tartu L1's raw sentences are then its source: no edit).
    ``--tokenize none`` keeps the guard (refused in one line); with
    ``--allow-tokenization-mismatch`` too, the output is read as given, as the official
    ``m2scorer.py HYP GOLD`` reads a raw file (it splits it on spaces: tests/golden/estgec_m2.json)."""
    pytest.importorskip("estnltk")
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    out = json.loads(cli(capsys, "-t", name, "--hyp", str(ML / hyp), "--format", "json"))
    got = tuple(round(out["components"][k], 4) for k in ("p", "r", "f"))
    assert got == prf and "|protocol:estgec|" in out["signature"] and "|lang:et|" in out["signature"]
    assert "|tok:estnltk-" in out["signature"]
    assert main(["score", "-t", name, "--hyp", str(ML / hyp), "--tokenize", "none"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert "error:" in err and "--allow-tokenization-mismatch" in err
    argv = ("-t", name, "--hyp", str(ML / hyp), "--tokenize", "none", "--allow-tokenization-mismatch")
    out = json.loads(cli(capsys, *argv, "--format", "json"))
    assert tuple(round(out["components"][k], 4) for k in ("p", "r", "f")) == raw
    assert "|tok:whitespace|" in out["signature"]


def protocol_args(*argv: str) -> argparse.Namespace:
    """``score``'s options as parsed from ``argv``, with ``--protocol`` applied."""
    from gecscope.cli import build_parser

    args = build_parser("score").parse_args(["score", *argv])
    prepare_inputs(args)
    return args


def applied(args: argparse.Namespace) -> str | None:
    """The protocol that signs the first of the run's metrics it names (None: none)."""
    by = args.setup.protocol_fields()
    return next((by[m] for m in args.metric if m in by), None)


@pytest.mark.parametrize("protocol", list(PROTOCOLS))
def test_an_explicit_option_equal_to_the_default_is_not_overridden_by_a_protocol(
    protocol: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """(fresh-eyes review) ``--metric cleme2``, ``--aligner errant`` or ``--tokenize whitespace``
    given on the command line is the user's, even where it equals the option's default: the
    protocol neither replaces it nor signs the run."""
    lang = PROTOCOLS[protocol].lang or (*PROTOCOLS[protocol].langs, "en")[0]
    given = protocol_args("--protocol", protocol, "--lang", lang, "--metric", "cleme2")
    assert given.metric == ["cleme2"] and applied(given) is None
    assert f"protocol {protocol} not applied" in capsys.readouterr().err
    unset = protocol_args("--protocol", protocol, "--lang", lang)
    assert unset.metric == list(PROTOCOLS[protocol].metrics) and applied(unset) == protocol
    assert unset.setup.aligner == PROTOCOLS[protocol].aligner
    assert unset.setup.tokenize == PROTOCOLS[protocol].tokenize
    from gecscope.align.languages import load_language

    for option, value, protocols in (("aligner", "errant", "errant"), ("tokenize", "whitespace", "none")):
        if option == "aligner" and value not in load_language(lang).aligners:
            continue  # a language that does not allow ERRANT refuses it (one line), protocol or not
        args = protocol_args("--protocol", protocol, "--lang", lang, f"--{option}", value)
        assert getattr(args, option) == value
        same = getattr(PROTOCOLS[protocol], option) == protocols
        assert applied(args) == (protocol if same else None)


def test_t_estgec_with_an_explicit_cleme2_scores_cleme2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """(fresh-eyes review) ``-t estgec-l2 --metric cleme2`` printed EstGEC M2: the explicit metric
    was taken for the default. The same through ``--protocol estgec`` on a small input."""
    require_estnltk()
    src = write(tmp_path / "src.txt", "ma lahe koju .\n")
    hyp = write(tmp_path / "hyp.txt", "ma läksin koju .\n")
    ref = write(tmp_path / "ref.txt", "ma läksin koju .\n")
    argv = ["--protocol", "estgec", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--format", "json"]
    out = json.loads(cli(capsys, *argv, "--metric", "cleme2"))
    assert out["metric"] == "cleme2" and "protocol:" not in out["signature"]
    out = json.loads(cli(capsys, *argv))
    assert out["metric"] == "estgec-m2" and "|protocol:estgec|" in out["signature"]


def test_overlapping_estgec_edits_name_the_metric_that_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """(fresh-eyes review, then issue 39) EstGEC's M2 read by another metric than estgec-m2: the
    annotator's enclosing edits, signed ``ref=m2-enclosing``; estgec-m2 reads the file as ever."""
    m2 = write(
        tmp_path / "ref.m2",
        "S a b c d\nA 2 4|||R:WO|||d c|||REQUIRED|||-NONE-|||0\nA 3 4|||R:SPELL|||e|||REQUIRED|||-NONE-|||0\n\n",
    )
    hyp = write(tmp_path / "hyp.txt", "a b d c\n")
    argv = ["--lang", "et", "--source", str(write(tmp_path / "src.txt", "a b c d\n")), "--ref-m2", str(m2)]
    argv += ["--hyp", str(hyp)]
    for metric in (["cleme2"], ["errant", "cleme2"]):
        out = json.loads(cli(capsys, *argv, "--metric", *metric, "--format", "json"))
        for row in out if isinstance(out, list) else [out]:
            assert "ref=m2-enclosing" in row["signature"]
    out = cli(capsys, *argv, "--metric", "estgec-m2", "--format", "json")
    assert json.loads(out)["metric"] == "estgec-m2"
