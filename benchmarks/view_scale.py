"""Size and load time of ``mathb view`` for a 1024-sample run, next to a tiny run.

Builds a run directory with ``--problems`` problems x ``--k`` samples (texts of ``--chars``
characters; statuses mixed), writes the browser with the default bounds, and opens both pages in
headless Chromium (``--dump-dom``; the page sets ``data-ready`` once rendered). Prints file
size, generation time, and Chromium's wall time for the big page and for the tiny reference
page (3 problems x 8 samples) side by side, with the ratio.

    python benchmarks/view_scale.py [--problems 50] [--k 1024] [--chars 2000]
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from mathbeyond.browse import ViewConfig, write_view
from mathbeyond.store import open_run

_spec = importlib.util.spec_from_file_location(
    "browse_runs", Path(__file__).resolve().parents[1] / "tests" / "browse" / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_runs)


def chromium_load(chromium: str, page: Path, profile: Path) -> tuple[float, bool]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            f"--user-data-dir={profile}",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    return time.perf_counter() - t0, 'data-ready="1"' in proc.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", type=int, default=50)
    ap.add_argument("--k", type=int, default=1024)
    ap.add_argument("--chars", type=int, default=2000)
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        t0 = time.perf_counter()
        big = _runs.make_run(root / "big", problems=args.problems, k=args.k, text_chars=args.chars)
        small = _runs.make_run(root / "small", problems=3, k=8, text_chars=args.chars)
        t_build = time.perf_counter() - t0
        pages = {}
        for name, run in (("big", big), ("small", small)):
            t1 = time.perf_counter()
            with open_run(run) as store:
                pages[name] = write_view(store, root / f"{name}.html", ViewConfig())
            gen = time.perf_counter() - t1
            size = pages[name].stat().st_size / 2**20
            print(f"{name}: generated in {gen:.1f} s, {size:.2f} MiB")
        print(
            f"(run directories built in {t_build:.1f} s; {args.problems} x {args.k} samples of "
            f"~{args.chars} chars, 64 texts per problem embedded)"
        )
        if chromium is None:
            print("chromium not installed: load time not measured")
            return 0
        t_big, ok_big = chromium_load(chromium, pages["big"], root / "p1")
        t_small, ok_small = chromium_load(chromium, pages["small"], root / "p2")
        print(
            f"chromium headless load+render: big {t_big:.2f} s (rendered: {ok_big}), "
            f"tiny reference {t_small:.2f} s (rendered: {ok_small}); ratio {t_big / t_small:.2f}"
        )
        return 0 if ok_big and ok_small else 1


if __name__ == "__main__":
    raise SystemExit(main())
