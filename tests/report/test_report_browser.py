"""The report in a real headless browser (Debian ``chromium``): at a 390 px phone width the page
does not scroll sideways (wide tables scroll inside their box), and there are no console
messages (the report has no scripts; a probe injected by the test is the only one)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from mathbeyond.metrics import load_run, write_verdict_run
from mathbeyond.models import mathb_models
from mathbeyond.report import ReportOptions, build_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (apt install chromium)"),
]

# Paints a 40 px bar at the top: green when nothing is wider than the window, else red.
PROBE = (
    "<div id=probe style='position:fixed;top:0;left:0;width:100%;height:40px'></div><script>"
    "function probe(){var d=document.documentElement;"
    "document.getElementById('probe').style.background="
    "d.scrollWidth<=window.innerWidth?'rgb(0,255,0)':'rgb(255,0,0)'}"
    "probe();window.addEventListener('resize',probe);setTimeout(probe,200)</script>"
)


def _shoot(html: Path, width: int, png: Path) -> str:
    assert CHROMIUM is not None
    proc = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--hide-scrollbars", "--enable-logging=stderr",
         "--v=0", "--virtual-time-budget=3000", f"--window-size={width},800",
         f"--screenshot={png}", html.as_uri()],
        capture_output=True, text=True, timeout=180, check=False,
    )
    assert png.is_file(), proc.stderr[-2000:]
    return proc.stderr


def _bar_colour(png: Path) -> tuple[int, int, int]:
    from PIL import Image

    with Image.open(png) as im:
        r, g, b = im.convert("RGB").getpixel((im.width // 2, 20))
    return int(r), int(g), int(b)


@pytest.fixture(scope="module")
def report_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    ids = [f"math-beyond/{i}" for i in range(40)]
    rng = np.random.default_rng(0)
    runs = []
    for spec in mathb_models():  # 21 runs, 10 registry pairs
        mat = rng.random((len(ids), 16)) < 0.05 * rng.random((len(ids), 1))
        path = write_verdict_run(root / f"run_{spec.name}", spec.name, ids, mat,
                                 dataset="math-beyond", split="test",
                                 preset={"temperature": 0.6, "top_p": 0.95, "max_tokens": 4096},
                                 verifier_version="1.4.0")
        runs.append(load_run(path))
    result = build_report(runs, root / "report", dataset="none",
                          options=ReportOptions(n_resamples=50, step=4))
    return result.html


@pytest.mark.parametrize("width", [390, 1280])
def test_no_sideways_scrolling_and_no_console_messages(report_html: Path, width: int,
                                                       tmp_path: Path) -> None:
    probe = tmp_path / "probe.html"
    probe.write_text(report_html.read_text().replace("<body>", "<body>" + PROBE, 1))
    log = _shoot(probe, width, tmp_path / "shot.png")
    assert _bar_colour(tmp_path / "shot.png") == (0, 255, 0)
    assert "CONSOLE" not in log and "Uncaught" not in log


def test_the_probe_sees_an_overflowing_page(tmp_path: Path) -> None:
    page = tmp_path / "wide.html"
    page.write_text("<!DOCTYPE html><html><head><meta name='viewport' "
                    "content='width=device-width'></head><body>" + PROBE
                    + "<table><tr>" + "<td>wide-cell-content</td>" * 40 + "</tr></table>"
                    "</body></html>")
    _shoot(page, 390, tmp_path / "shot.png")
    assert _bar_colour(tmp_path / "shot.png") == (255, 0, 0)
