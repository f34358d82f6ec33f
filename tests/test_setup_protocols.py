"""A protocol that does not fit the named test set is refused in one line (brief B item 3):
``-t jfleg --protocol multigec-2025`` used to score JFLEG under MultiGEC's tokeniser and aligner
and sign it ``protocol:multigec-2025``. A set scored under a protocol of its own takes only that
one; a set that names none takes any protocol of its language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.cli import main
from gecscope.errors import InputError, SettingError
from gecscope.setup import InputFiles, build_setup
from gecscope.setup.testsets import TEST_SETS

HYP = InputFiles(hypotheses=("hyp.txt",))


@pytest.mark.parametrize(
    ("test_set", "protocol"),
    [
        ("jfleg", "multigec-2025"),
        ("jfleg", "m2scorer"),
        ("jfleg-dev", "bea19"),
        ("cweb", "jfleg"),
        ("estgec-l2", "multigec-2025"),
        ("zaebuc", "qalb-nopnx"),  # its punctuation-free reading needs the *.nopnx gold: zaebuc-nopnx
        ("unlp-2023", "bea19"),
        ("multigec-2025", "jfleg"),
        ("indicgec-hi", "multigec-2025"),
    ],
)
def test_a_protocol_of_other_test_sets_is_refused(test_set: str, protocol: str) -> None:
    with pytest.raises(SettingError) as caught:
        build_setup(files=HYP, test_set=test_set, protocol=protocol)
    message = str(caught.value)
    assert "\n" not in message
    assert f"-t {test_set} is scored under its own protocol {TEST_SETS[test_set].protocol}" in message
    assert f"--protocol {protocol} is for" in message and "drop --protocol" in message


def test_the_cli_refuses_it_in_one_line_before_reading_anything(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GECSCOPE_DATA", "/nonexistent")  # refused before the set's files are looked for
    assert main(["score", "-t", "jfleg", "--protocol", "multigec-2025", "--hyp", "/nonexistent/hyp.txt"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gecscope: error: -t jfleg is scored under its own protocol jfleg")
    assert "--protocol multigec-2025 is for -t multigec-2025" in err


@pytest.mark.parametrize(
    ("test_set", "protocol", "message"),
    [
        ("conll14", "estgec", "--protocol estgec is --lang et"),  # a set without a protocol: its language
        ("mucgec-dev", "jfleg", "--protocol jfleg is --lang en"),
        ("seeda", "indicgec-2025", "is for --lang hi|bn|ml|ta|te"),
        ("jfleg", "no-such", "unknown protocol 'no-such'"),
        ("jfleg", "", "unknown protocol ''"),
    ],
)
def test_other_misfits_are_one_line(
    test_set: str, protocol: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    with pytest.raises(InputError) as caught:
        build_setup(files=HYP, test_set=test_set, protocol=protocol)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("test_set", "protocol"),
    [("jfleg", "jfleg"), ("unlp-2023", "unlp-2023"), ("conll14", "bea19"), ("conll14", "m2scorer")],
)
def test_a_protocol_that_fits_is_applied(test_set: str, protocol: str, monkeypatch: pytest.MonkeyPatch) -> None:
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    setup = build_setup(files=HYP, test_set=test_set, protocol=protocol)
    assert setup.protocol is not None and setup.protocol.name == protocol and setup.test_set == test_set


def test_the_named_sets_own_protocol_signs_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    assert main(["score", "-t", "jfleg", "--echo", "src"]) == 0
    hyp = tmp_path / "hyp.txt"
    hyp.write_text(capsys.readouterr().out, encoding="utf-8")
    argv = ["score", "-t", "jfleg", "--hyp", str(hyp), "--format", "json"]
    assert main([*argv, "--protocol", "jfleg"]) == 0
    with_protocol = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == with_protocol and "protocol:jfleg" in with_protocol["signature"]
