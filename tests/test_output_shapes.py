"""``--per-sentence`` in the three formats: the same corpus score, signature and sentence rows."""

from __future__ import annotations

import csv
import io
import json

import pytest

from gecscope.cli import main


def run(capsys: pytest.CaptureFixture[str], *fmt: str) -> str:
    assert main(["score", "--metric", "errant", "m2", "--example", "--per-sentence", *fmt]) == 0
    return capsys.readouterr().out


def test_per_sentence_table_json_csv_agree(capsys: pytest.CaptureFixture[str]) -> None:
    docs = json.loads(run(capsys, "--format", "json"))
    rows = list(csv.DictReader(io.StringIO(run(capsys, "--format", "csv"))))
    table = run(capsys)
    for doc in docs:
        mine = [r for r in rows if r["metric"] == doc["metric"]]
        corpus, sentences = mine[0], mine[1:]
        assert (corpus["level"], corpus["line"], corpus["signature"]) == ("corpus", "", doc["signature"])
        assert float(corpus["score"]) == doc["score"]
        assert [r["level"] for r in sentences] == ["sentence"] * len(doc["sentences"])
        assert [int(r["line"]) for r in sentences] == [s["line"] for s in doc["sentences"]]
        assert [float(r["score"]) for r in sentences] == [s["score"] for s in doc["sentences"]]
        assert f"signature: {doc['signature']}" in table
    assert len(docs) == 2 and len(rows) == 2 + sum(len(d["sentences"]) for d in docs)
