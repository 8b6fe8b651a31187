"""`mathb sample` progress and summary (issue 12 item 6): samples done / total, tokens/s and ETA;
plain periodic lines when not on a terminal; a consistent adaptive summary; and the report of
a ``file:`` run finds its dataset through the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathbeyond.cli import main
from mathbeyond.cli._progress import SampleProgress
from mathbeyond.sample import Progress

REPO = Path(__file__).resolve().parents[2]
FAKE = REPO / "tests" / "sample" / "fake_backend.py"


@pytest.fixture
def toy(tmp_path: Path) -> Path:
    path = tmp_path / "toy.jsonl"
    rows = [{"problem": f"Q{i} p=0.4 gold={i}", "answer": str(i)} for i in range(4)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _sample(out: Path, data: Path, *extra: str) -> list[str]:
    return ["sample", "--backend-module", str(FAKE), "--backend", "fake", "--model",
            "smollm2-135m", "--dataset", f"file:{data}", "--out", str(out), *extra]


def _snap(stored: int, target: int, new: int, tokens: int, elapsed: float,
          done: int = 0) -> Progress:
    return Progress(problems_total=4, problems_done=done, solved=1, samples_stored=stored,
                    samples_target=target, new_samples=new, tokens=tokens, elapsed=elapsed)


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_plain_progress_prints_periodic_lines_with_samples_rate_and_eta() -> None:
    lines: list[str] = []
    clock = _Clock()
    bar = SampleProgress("qwen3-4b on math500", interactive=False, every=10.0, clock=clock,
                         echo=lines.append)
    bar(_snap(0, 400, 0, 0, 0.0))
    clock.now = 4.0
    bar(_snap(40, 400, 40, 4000, 4.0))  # too soon after the last line: not printed
    clock.now = 12.0
    bar(_snap(100, 400, 100, 12000, 12.0))
    clock.now = 13.0
    bar(_snap(120, 400, 120, 13000, 13.0))
    bar.close()  # the final state is always printed
    assert len(lines) == 3
    assert "100/400 samples (25%)" in lines[1]
    assert "1,000 tok/s" in lines[1]
    assert "ETA 0:00:36" in lines[1]  # 300 left at 100 samples / 12 s
    assert "120/400 samples" in lines[2]
    assert all("…" not in line for line in lines)


def test_eta_is_an_upper_bound_in_adaptive_runs_and_unknown_before_any_sample() -> None:
    lines: list[str] = []
    bar = SampleProgress("x", interactive=False, every=0.0, clock=_Clock(), echo=lines.append,
                         adaptive=True)
    bar(_snap(0, 256, 0, 0, 1.0))
    bar(_snap(64, 256, 64, 640, 8.0))
    assert "ETA ?" in lines[0]
    assert "ETA <= 0:00:24" in lines[1]


def test_sample_without_a_terminal_prints_full_progress_lines(
        tmp_path: Path, toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(_sample(tmp_path / "run", toy, "--k", "6"))
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "samples" in line]
    assert lines, err
    assert "24/24 samples (100%)" in lines[-1]
    assert "tok/s" in lines[-1] and "ETA" in lines[-1]
    assert len(lines[-1]) > 80 and "…" not in lines[-1]  # not cut at 80 columns


def test_adaptive_summary_adds_up(tmp_path: Path, toy: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    main(_sample(tmp_path / "run", toy, "--k", "64", "--adaptive",
                 "--backend-opt", "order=shuffle", "--chunk-size", "16"))
    out = capsys.readouterr().out
    import re

    m = re.search(r"(\d+) samples stored \((\d+) new(?:, (\d+) discarded[^;]*)?;", out)
    assert m is not None, out
    stored, new, discarded = int(m[1]), int(m[2]), int(m[3] or 0)
    assert stored == new - discarded, out


def test_report_of_a_file_run_finds_its_dataset(tmp_path: Path, toy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    main(_sample(run, toy, "--k", "4"))
    main(["report", str(run), "--out", str(tmp_path / "rep"), "--resamples", "20",
          "--step", "1"])
    html = (tmp_path / "rep" / "report.html").read_text()
    assert "Dataset figures skipped" not in html
    assert "fig5_answers" in html


def test_terminal_bar_counts_samples(capsys: pytest.CaptureFixture[str]) -> None:
    bar = SampleProgress("x", interactive=True, clock=_Clock())
    bar(_snap(10, 40, 10, 100, 2.0))
    assert bar.bar is not None
    task = bar.bar.tasks[0]
    assert (task.completed, task.total) == (10, 40)
    assert "ETA 0:00:06" in task.fields["stats"]
    bar.close()
