"""The static run browser: generated, self-contained, safe, and working in headless Chromium."""

from __future__ import annotations

import html.parser
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from mathbeyond.browse import ViewConfig, build_view_data, write_view
from mathbeyond.cli import main
from mathbeyond.store import open_run


class _Collect(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_data = dict(attrs).get("id") == "run-data"

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data


def test_view_is_self_contained_and_embeds_the_run(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "view.html"
    main(["view", str(run_dir), "--out", str(out)])
    page = out.read_text()
    parser = _Collect()
    parser.feed(page)
    tags = [t for t, _ in parser.tags]
    assert tags.count("script") == 2  # the JSON data and the inline code, nothing else
    assert "link" not in tags and "img" not in tags and "iframe" not in tags
    assert all("src" not in attrs and "href" not in attrs for _, attrs in parser.tags)
    assert not re.search(r"https?://", page.split('id="run-data"')[0])  # no CDN, no fetch
    data = json.loads(parser.data)  # the hostile "</script>" stayed inside the JSON element
    assert data["run"]["model"] == "smollm2-135m"
    problems = data["problems"]
    assert [p["id"] for p in problems] == ["p0000", "p0001", "p0002"]
    p0 = problems[0]
    assert p0["gold"] == "2" and p0["q"] == "What is 0 + 2?" and p0["n"] == 8
    assert p0["counts"] == {"correct": 2, "incorrect": 2, "no_answer": 2, "limit_exceeded": 2}
    s1 = next(s for s in p0["samples"] if s["i"] == 1)
    assert s1["st"] == "incorrect" and s1["x"] == "0" and "</script>" in s1["t"]


def test_text_bounds_and_priority(tmp_path: Path, run_factory: Callable[..., Path]) -> None:
    run = run_factory(tmp_path / "r", problems=1, k=12, text_chars=3000)
    with open_run(run) as store:
        data = build_view_data(store, ViewConfig(texts_per_problem=4, max_chars=500))
    samples = data["problems"][0]["samples"]
    assert len(samples) == 12  # every sample keeps its verdict
    with_text = [s for s in samples if "t" in s]
    # correct first, then no_answer / limit_exceeded
    assert sorted(s["st"] for s in with_text) == ["correct", "correct", "correct", "no_answer"]
    assert all(len(s["t"]) < 600 and s["cut"] > 2000 for s in with_text)
    assert all(s["t"].rstrip().endswith("}") for s in with_text)  # the tail (answer) is kept


def test_reverify_adds_rule_and_reason(run_dir: Path) -> None:
    with open_run(run_dir) as store:
        data = build_view_data(store, ViewConfig(reverify=True))
    s0 = data["problems"][0]["samples"][0]
    assert "why" in s0 and "rule" in s0
    assert data["run"]["reverified"] is True


def test_view_bad_run_is_one_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["view", str(tmp_path / "nope"), "--out", str(tmp_path / "x.html")])
    assert info.value.code == 2
    assert "no such run directory" in capsys.readouterr().err


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (apt-get install chromium)")
def test_view_renders_in_headless_chromium(run_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "view.html"
    with open_run(run_dir) as store:
        write_view(store, out)
    assert CHROMIUM is not None
    proc = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--enable-logging=stderr",
            "--v=0",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--virtual-time-budget=3000",
            "--dump-dom",
            out.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    dom = proc.stdout
    assert 'data-ready="1"' in dom, proc.stderr[-2000:]
    assert "3 of 3 problems" in dom
    assert "p0000" in dom and "What is 0 + 2?" in dom
    assert "PWNED" not in re.sub(r'<script id="run-data".*?</script>', "", dom, flags=re.S)
    console = [ln for ln in proc.stderr.splitlines() if "CONSOLE" in ln or "Uncaught" in ln]
    assert not console, console
