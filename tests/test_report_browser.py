"""The HTML report in a real browser: headless Chromium (Debian package ``chromium``; nothing is
downloaded). A probe script is added to a *copy* of the page: it records console errors and
uncaught exceptions, measures every chart and chunk table, clicks a sort heading and the
heat map's Over button, and writes what it saw into the DOM that ``--dump-dom`` returns."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from browser import FLAGS
from test_report import render_three

pytestmark = pytest.mark.browser

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

PROBE_HEAD = """<script>
window.__probe = {errors: []};
window.addEventListener("error", function (e) { window.__probe.errors.push("error: " + e.message); });
(function () {
  var original = console.error;
  console.error = function () {
    window.__probe.errors.push("console.error: " + Array.prototype.join.call(arguments, " "));
    return original.apply(console, arguments);
  };
})();
</script>"""

PROBE_TAIL = """<script>
window.addEventListener("load", function () {
  var p = window.__probe;
  function size(el) { var r = el.getBoundingClientRect(); return [r.width, r.height]; }
  p.folded = Array.prototype.filter.call(document.querySelectorAll("details.system"),
    function (d) { return !d.open; }).length;
  document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  var svg = document.getElementById("type-heatmap").getBoundingClientRect();
  p.clipped = Array.prototype.filter.call(document.querySelectorAll("#type-heatmap text.type-label"), function (t) {
    var r = t.getBoundingClientRect();
    return r.right > svg.right + 0.5 || r.top < svg.top - 0.5;
  }).length;
  p.labels = document.querySelectorAll("#type-heatmap text.type-label").length;
  p.toc = !!document.getElementById("contents");
  p.charts = {};
  ["summary-table", "hwuo-chart", "type-heatmap"].forEach(function (id) {
    var el = document.getElementById(id); p.charts[id] = el ? size(el) : null;
  });
  p.chunkTables = Array.prototype.map.call(document.querySelectorAll("table.chunks"), size);
  var heads = document.querySelectorAll("#summary-table tr.sort th");
  heads[1].click(); heads[1].click();
  p.sortedAsc = Array.prototype.map.call(document.querySelectorAll("#summary-table tbody tr"),
    function (tr) { return parseFloat(tr.cells[1].getAttribute("data-value")); });
  document.querySelector('.controls button[data-measure="over"]').click();
  var cell = document.querySelector("#type-heatmap rect.cell");
  p.overFill = cell.getAttribute("fill") === cell.getAttribute("data-fill-over");
  document.body.setAttribute("data-probe", JSON.stringify(p));
});
</script>"""


def browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("headless Chromium not found (Debian: apt-get install -y chromium)")


def chromium(exe: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    flags = [
        *FLAGS,
        f"--user-data-dir={profile}",
        "--enable-logging=stderr",
        "--v=0",
    ]
    env = {**os.environ, "HOME": str(profile)}
    return subprocess.run([exe, *flags, *args], capture_output=True, text=True, timeout=180, env=env, check=False)


def screenshot(html_path: Path, png: Path, profile: Path, height: int = 1700) -> None:
    """A 1280-px-wide screenshot of the top of the page."""
    exe = browser()
    chromium(exe, profile, f"--window-size=1280,{height}", f"--screenshot={png}", html_path.as_uri())


def test_report_in_headless_chromium(tmp_path: Path) -> None:
    exe = browser()
    page = render_three(tmp_path)
    text = page.read_text(encoding="utf-8")
    probed = tmp_path / "probed.html"
    probed.write_text(text.replace("<head>", "<head>" + PROBE_HEAD, 1).replace("</body>", PROBE_TAIL + "</body>", 1))

    run = chromium(exe, tmp_path / "profile", "--window-size=1280,1000", "--dump-dom", probed.as_uri())
    match = re.search(r'data-probe="([^"]*)"', run.stdout)
    assert match, f"the probe did not report (chromium exit {run.returncode}): {run.stderr[-2000:]}"
    probe = json.loads(html.unescape(match.group(1)))

    assert probe["errors"] == []
    console = [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []
    for chart, dims in probe["charts"].items():
        assert dims is not None and dims[0] > 0 and dims[1] > 0, chart
    n_tables = text.count('<table class="chunks">')
    assert n_tables >= 3 + 5
    assert len(probe["chunkTables"]) == n_tables
    assert all(w > 0 and h > 0 for w, h in probe["chunkTables"])
    assert len(probe["sortedAsc"]) == 3 and probe["sortedAsc"] == sorted(probe["sortedAsc"])
    assert probe["overFill"] is True
    assert probe["toc"] and probe["folded"] == 3  # every system's sentences start folded
    assert probe["labels"] > 5 and probe["clipped"] == 0  # no heat-map heading runs off the chart

    png = tmp_path / "report.png"
    screenshot(page, png, tmp_path / "profile2")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 20_000


WIDTH_PROBE = """<script>
window.addEventListener("load", function () {
  var t = document.getElementById("summary-table").getBoundingClientRect();
  document.body.setAttribute("data-probe", JSON.stringify(
    {right: t.right, client: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth}));
});
</script>"""


def test_thirteen_systems_with_intervals_fit_1280_px(tmp_path: Path) -> None:
    """The summary table of 13 systems with --intervals (a confidence interval under each CLEME2.0
    value) fits a 1280-px window: no horizontal scrolling (issue 33)."""
    from gecscope import api
    from gecscope.cli import main

    exe = browser()
    example = api.example_dir()
    names = ["AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"]
    page = tmp_path / "report.html"
    argv = ["report", "--hyp-m2", *[str(example / "hypothesis.m2")] * 13, "--name", *names]
    argv += ["--ref-m2", str(example / "references.m2"), "--intervals", "--bootstrap", "50", "--trials", "50"]
    assert main([*argv, "-o", str(page), "--quiet"]) == 0
    probed = tmp_path / "probed.html"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", WIDTH_PROBE + "</body>", 1))
    run = chromium(exe, tmp_path / "profile", "--window-size=1280,1000", "--dump-dom", probed.as_uri())
    match = re.search(r'data-probe="([^"]*)"', run.stdout)
    assert match, f"the probe did not report (chromium exit {run.returncode}): {run.stderr[-2000:]}"
    probe = json.loads(html.unescape(match.group(1)))
    assert probe["right"] <= probe["client"] and probe["scroll"] <= probe["client"], probe


TYPE_PROBE = """<script>
window.addEventListener("load", function () {
  var svg = document.getElementById("type-heatmap"), r = svg.getBoundingClientRect();
  var labels = Array.prototype.map.call(svg.querySelectorAll("text.type-label"), function (t) {
    return t.firstChild.nodeValue.split(" (")[0]; });
  var cells = Array.prototype.map.call(svg.querySelectorAll("rect.cell"), function (c) {
    var b = c.getBoundingClientRect();
    var name = c.querySelector("title").textContent.split(":")[0];
    return [name, parseFloat(c.getAttribute("data-hit")), b.width * b.height];
  });
  document.body.setAttribute("data-probe", JSON.stringify({size: [r.width, r.height], labels: labels, cells: cells}));
});
</script>"""


@pytest.mark.parametrize("lang", ["cs", "de"])
def test_tag_free_report_heat_map_shows_the_classifiers_types(tmp_path: Path, lang: str) -> None:
    """A report for NELB's Czech / German output (a 150-sentence slice; the output is the reference,
    a perturbed copy the source: tests/perturbed_inputs.py) in headless Chromium: the heat map's
    type headings are the tag-free classifier's, and each system wins exactly on the types it fixes."""
    from conftest import SHARED, require_shared
    from gecscope.cli import main
    from perturbed_inputs import build

    exe = browser()
    require_shared()
    files = build(lang, SHARED, limit=150)
    for name, lines in files.items():
        (tmp_path / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    systems = ["fixes-spelling", "fixes-grammar", "INPUT"]
    page = tmp_path / "report.html"
    argv = ["report", "--lang", lang, "--source", str(tmp_path / "source.txt"), "--ref", str(tmp_path / "ref.txt")]
    argv += ["--hyp", *(str(tmp_path / f"{s}.txt") for s in systems), "--cat", "2", "-o", str(page), "--quiet"]
    assert main(argv) == 0
    probed = tmp_path / "probed.html"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", TYPE_PROBE + "</body>", 1))
    run = chromium(exe, tmp_path / "profile", "--window-size=1280,1000", "--dump-dom", probed.as_uri())
    match = re.search(r'data-probe="([^"]*)"', run.stdout)
    assert match, f"the probe did not report (chromium exit {run.returncode}): {run.stderr[-2000:]}"
    probe = json.loads(html.unescape(match.group(1)))
    assert probe["size"][0] > 0 and probe["size"][1] > 0
    assert {"ORTH", "WO", "SPELL", "PUNCT", "OTHER"} <= set(probe["labels"]), probe["labels"]
    assert "R:SPELL" not in probe["labels"]  # cat 2: no operation prefix
    hit = {}
    for title, value, area in probe["cells"]:
        system, _, kind = title.partition(" · ")
        hit[(system, kind)] = value
        assert area > 0
    assert len(hit) == len(systems) * len(probe["labels"])
    for kind in ("SPELL", "ORTH", "PUNCT"):  # what fixes-spelling corrects and fixes-grammar leaves
        assert hit[("fixes-spelling", kind)] == 1.0 and hit[("fixes-grammar", kind)] == 0.0, kind
    assert hit[("fixes-grammar", "WO")] == 1.0 and hit[("fixes-spelling", "WO")] == 0.0
    assert "types:surface:1+lang:" + lang in page.read_text(encoding="utf-8")


def test_estonian_nelb_report_heat_map_has_the_tag_free_types(tmp_path: Path) -> None:
    """NELB's real Estonian output against EstGEC-L2's references (the first 150 sentences of the
    test set) in headless Chromium: every heat-map heading is a tag-free type."""
    from conftest import SHARED, require_shared
    from gecscope.align.types.surface import TYPES
    from gecscope.cli import main
    from multigec_inputs import m2_texts
    from perturbed_inputs import tokenise

    exe = browser()
    require_shared()
    multi = SHARED / "data" / "multilingual"
    sources, refs = m2_texts(multi / "estgec-l2" / "test" / "source_gold_test.txt")
    nelb = (multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt").read_text(
        encoding="utf-8"
    )
    hyp = [" ".join(t) for t in tokenise(nelb.splitlines()[:150])]
    for name, lines in {"source": sources, "NELB": hyp, **{f"REF{k}": r for k, r in enumerate(refs)}}.items():
        (tmp_path / f"{name}.txt").write_text("\n".join(lines[:150]) + "\n", encoding="utf-8")
    page = tmp_path / "report.html"
    argv = ["report", "--lang", "et", "--source", str(tmp_path / "source.txt"), "--hyp", str(tmp_path / "NELB.txt")]
    argv += ["--ref", *(str(tmp_path / f"REF{k}.txt") for k in range(len(refs))), "-o", str(page), "--quiet"]
    assert main([*argv, "--cat", "2"]) == 0
    probed = tmp_path / "probed.html"
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", TYPE_PROBE + "</body>", 1))
    run = chromium(exe, tmp_path / "profile", "--window-size=1280,1000", "--dump-dom", probed.as_uri())
    match = re.search(r'data-probe="([^"]*)"', run.stdout)
    assert match, f"the probe did not report (chromium exit {run.returncode}): {run.stderr[-2000:]}"
    probe = json.loads(html.unescape(match.group(1)))
    assert {"PUNCT", "SPELL", "OTHER"} <= set(probe["labels"]) <= set(TYPES), probe["labels"]
    assert len(probe["cells"]) == len(probe["labels"]) and all(area > 0 for *_, area in probe["cells"])


GOLD_PROBE = TYPE_PROBE.replace('getElementById("type-heatmap")', 'getElementById("gold-heatmap")').replace(
    "data-probe", "data-gold-probe"
)


def test_estonian_report_has_the_gold_types(tmp_path: Path) -> None:
    """(issue 39) NELB's Estonian output against EstGEC-L2's M2 gold (its first 150 sentences,
    nested word-order edits read as the annotators' corrected texts) in headless Chromium: beside
    the classifier's heat map, a gold-type heat map whose rows are EstGEC's own types
    (``R:NOM:FORM``, ``R:WO``, ...), every cell drawn, Hit shown, no Over."""
    from conftest import SHARED, require_shared
    from gecscope.cli import main
    from perturbed_inputs import tokenise

    exe = browser()
    require_shared()
    multi = SHARED / "data" / "multilingual"
    blocks = (multi / "estgec-l2" / "test" / "source_gold_test.txt").read_text(encoding="utf-8").split("\n\n")
    (tmp_path / "gold.m2").write_text("\n\n".join(blocks[:150]) + "\n\n", encoding="utf-8")
    nelb = (multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt").read_text(
        encoding="utf-8"
    )
    (tmp_path / "NELB.txt").write_text("\n".join(" ".join(t) for t in tokenise(nelb.splitlines()[:150])) + "\n")
    page = tmp_path / "report.html"
    argv = ["report", "--lang", "et", "--ref-m2", str(tmp_path / "gold.m2"), "--hyp", str(tmp_path / "NELB.txt")]
    assert main([*argv, "-o", str(page), "--quiet"]) == 0
    text = page.read_text(encoding="utf-8")
    assert "ref=m2-enclosing" in text and "(per type: cat gold)" in text
    probed = tmp_path / "probed.html"
    probed.write_text(text.replace("</body>", GOLD_PROBE + "</body>", 1), encoding="utf-8")
    run = chromium(exe, tmp_path / "profile", "--window-size=1280,1000", "--dump-dom", probed.as_uri())
    match = re.search(r'data-gold-probe="([^"]*)"', run.stdout)
    assert match, f"the probe did not report (chromium exit {run.returncode}): {run.stderr[-2000:]}"
    probe = json.loads(html.unescape(match.group(1)))
    assert probe["size"][0] > 0 and probe["size"][1] > 0
    assert {"R:NOM:FORM", "R:WO", "R:SPELL"} <= set(probe["labels"]), probe["labels"]
    assert len(probe["cells"]) == len(probe["labels"]) and all(area > 0 for *_, area in probe["cells"])
    assert all(0 <= value <= 1 for _, value, _ in probe["cells"])
    assert 'data-measure="over"' not in text.split('id="gold-types"')[1].split("</section>")[0]
