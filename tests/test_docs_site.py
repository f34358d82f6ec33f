"""The documentation site builds strictly and works in a headless browser (marker ``docs``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browser import chromium, console_errors, serve

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("", "getting-started/", "metrics/cleme2/", "metrics/green/", "metaeval/", "api/")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return out


def test_search_index_covers_every_page(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert set(PAGES) <= locations
    api_text = " ".join(doc["text"] for doc in index["docs"] if doc["location"].startswith("api/"))
    assert "references_by" in api_text  # the reference is generated from the docstrings


def test_pages_open_without_console_errors(site: Path) -> None:
    with serve(site) as base, chromium() as driver:
        for page in PAGES:
            driver.get(f"{base}/{page}")
            assert driver.find_element("css selector", "article h1").text, page
        errors = console_errors(driver)
        assert errors == []


def test_search_finds_a_metric(site: Path) -> None:
    with serve(site) as base, chromium() as driver:
        driver.get(f"{base}/")
        driver.find_element("css selector", "label.md-search__icon, label[for='__search']").click()
        box = driver.find_element("css selector", "input.md-search__input")
        deadline = time.monotonic() + 20
        results: list[str] = []
        while time.monotonic() < deadline and not results:
            box.clear()
            box.send_keys("GREEN")
            time.sleep(0.5)
            results = [e.text for e in driver.find_elements("css selector", ".md-search-result__item")]
        assert any("GREEN" in r for r in results), results
        assert console_errors(driver) == []
