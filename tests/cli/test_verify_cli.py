"""`mathb verify`: round trip, passthrough, order, stdin/stdout, errors, no partial output."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mathbeyond.cli import main


def boxed(x: object) -> str:
    return f"so the answer is $\\boxed{{{x}}}$"


def write_jsonl(path: Path, rows: list[object], *, trailing_blank: bool = False) -> None:
    text = "\n".join(json.dumps(r) for r in rows) + "\n"
    path.write_text(text + ("\n" if trailing_blank else ""), encoding="utf-8")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def sample_rows(n: int = 30) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for i in range(n):
        rows.append(
            {
                "id": f"r{i}",
                "completion": boxed(i % 4) if i % 7 else "I give up.",
                "gold": str(i % 3) if i % 2 else i % 3,  # integer gold accepted
                "meta": {"k": [i, None], "s": "ünïcode"},
            }
        )
    rows[3]["question"] = "What is it?"
    rows[5]["question"] = None
    return rows


def test_round_trip_keeps_fields_and_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    rows = sample_rows()
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_jsonl(src, rows, trailing_blank=True)
    code, out, err = run(["verify", "--input", str(src), "--output", str(dst)], capsys)
    assert code == 0, err
    assert out == ""
    got = [json.loads(line) for line in dst.read_text(encoding="utf-8").splitlines()]
    assert len(got) == len(rows)
    for original, result in zip(rows, got, strict=True):
        assert {k: result[k] for k in original} == original  # passthrough, unchanged
        assert list(result)[: len(original)] == list(original)
        added = {"correct", "status", "extracted", "reason", "rule"}
        assert set(result) - set(original) == added
        i = int(str(original["id"])[1:])
        expected = i % 7 != 0 and i % 4 == i % 3
        assert result["correct"] is expected
        assert result["status"] == "correct" if expected else result["status"] != "correct"
        assert result["status"] != "limit_exceeded"
    assert "verified 30 cases" in err and "cases/s" in err
    # the share judged correct is the model's score, not the verifier's accuracy
    n_correct = sum(r["correct"] for r in got)
    assert f"judged correct {n_correct / 30:.4f} ({n_correct}/30)" in err
    assert "accuracy" not in err
    assert "limit_exceeded=0" in err


def test_stdin_to_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    rows = sample_rows(12)
    payload = ("\n".join(json.dumps(r) for r in rows) + "\n").encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(payload), encoding="utf-8"))
    code, out, err = run(
        ["verify", "-i", "-", "-o", "-", "--workers", "1", "--timeout", "5"], capsys
    )
    assert code == 0, err
    got = [json.loads(line) for line in out.splitlines()]
    assert [g["id"] for g in got] == [r["id"] for r in rows]
    assert all(isinstance(g["correct"], bool) for g in got)
    assert "verified 12 cases" in err


def test_small_chunks_keep_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    rows = sample_rows(50)
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_jsonl(src, rows)
    code, _, err = run(["verify", "-i", str(src), "-o", str(dst), "--chunk-size", "3"], capsys)
    assert code == 0, err
    got = [json.loads(line)["id"] for line in dst.read_text(encoding="utf-8").splitlines()]
    assert got == [r["id"] for r in rows]


@pytest.mark.parametrize(
    ("bad_line", "message"),
    [
        ("{not json", "line 3: not valid JSON"),
        ("[1, 2]", "line 3: expected a JSON object, got list"),
        ('{"completion": "x"}', "line 3: missing field 'gold'"),
        ('{"gold": "1"}', "line 3: missing field 'completion'"),
        ('{"completion": 5, "gold": "1"}', "line 3: 'completion' must be a string, got int"),
        ('{"completion": "x", "gold": 1.5}', "line 3: 'gold' must be a string (or an integer)"),
        (
            '{"completion": "x", "gold": null}',
            "line 3: 'gold' must be a string (or an integer), got null",
        ),
        (
            '{"completion": "x", "gold": "1", "question": 7}',
            "line 3: 'question' must be a string or null",
        ),
    ],
)
def test_bad_line_fails_fast_naming_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_line: str, message: str
):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    good = json.dumps({"completion": boxed(1), "gold": "1"})
    # A blank line 2 still counts for numbering.
    src.write_text(f"{good}\n\n{bad_line}\n{good}\n", encoding="utf-8")
    code, out, err = run(["verify", "-i", str(src), "-o", str(dst)], capsys)
    assert code == 2
    assert f"{src}: {message}" in err
    assert err.count("\n") == 1  # one clear line, no traceback
    assert not dst.exists()
    assert list(tmp_path.iterdir()) == [src]  # no temporary file left behind
    assert out == ""


def test_existing_output_untouched_on_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text('{"completion": "x"}\n', encoding="utf-8")
    dst.write_text("previous results\n", encoding="utf-8")
    code, _, _ = run(["verify", "-i", str(src), "-o", str(dst)], capsys)
    assert code == 2
    assert dst.read_text(encoding="utf-8") == "previous results\n"


def test_missing_input_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    missing = tmp_path / "nope.jsonl"
    code, _, err = run(["verify", "-i", str(missing), "-o", str(tmp_path / "o.jsonl")], capsys)
    assert code == 2
    assert str(missing) in err and "cannot read input" in err


def test_bad_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src = tmp_path / "in.jsonl"
    write_jsonl(src, sample_rows(8))
    for extra in (["--timeout", "0"], ["--workers", "0"]):
        code, _, err = run(["verify", "-i", str(src), "-o", "-", *extra], capsys)
        assert code == 2, err


def test_empty_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("", encoding="utf-8")
    code, _, err = run(["verify", "-i", str(src), "-o", str(dst)], capsys)
    assert code == 0, err
    assert dst.read_text(encoding="utf-8") == ""
    assert "verified 0 cases" in err


def test_hard_limit_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A case that hangs in C code (test hook standing in for the core) is cut off at the limit."""
    from mathbeyond.verify import _limits

    hooks = str(Path(__file__).resolve().parents[1] / "verify")
    pool = _limits.WorkerPool(size=2, target="_limits_hooks:behave", extra_sys_path=[hooks])
    with _limits._Shared.lock:
        saved, _limits._Shared.pool = _limits._Shared.pool, pool
    try:
        src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
        write_jsonl(
            src,
            [
                {"completion": "1", "gold": "1", "n": 0},
                {"completion": "hang", "gold": "1", "n": 1},
                {"completion": "2", "gold": "2", "n": 2},
            ],
        )
        code, _, err = run(["verify", "-i", str(src), "-o", str(dst), "--timeout", "1"], capsys)
    finally:
        with _limits._Shared.lock:
            _limits._Shared.pool = saved
        pool.close()
    assert code == 0, err
    got = [json.loads(line) for line in dst.read_text(encoding="utf-8").splitlines()]
    assert [g["n"] for g in got] == [0, 1, 2]
    assert [g["status"] for g in got] == ["correct", "limit_exceeded", "correct"]
    assert got[1]["reason"] == "time limit exceeded (1 s of CPU time)"
    assert got[1]["correct"] is False
    assert "limit_exceeded=1" in err


def test_explain_shows_candidates_and_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    text = "The area is $\\boxed{35}$.\n\nSide note: the perimeter would be $\\boxed{24}$."
    write_jsonl(src, [{"completion": text, "gold": "35"}, {"completion": "Answer: 7", "gold": 7}])
    code, _, err = run(["verify", "-i", str(src), "-o", str(dst), "--explain"], capsys)
    assert code == 0, err
    first, second = (json.loads(x) for x in dst.read_text().splitlines())
    assert first["correct"] is True and "rule" in first
    assert first["explain"]["answer"] == "35"
    assert [(c["text"], c["kept"], c["rule"]) for c in first["explain"]["candidates"]] == [
        ("35", True, "last-box"),
        ("24", False, "later-box-is-side-remark"),
    ]
    assert second["explain"]["rule"] == "last-anchor"


def test_finish_reason_field_reaches_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row's ``finish_reason`` is the sampler's: a cut-off sample ("length") gets no
    unanchored closing-sentence answer, in the verdict as in ``--explain``."""
    text = "We add the two parts. So we get 7."
    rows = [
        {"id": "stop", "completion": text, "gold": "7", "finish_reason": "stop"},
        {"id": "length", "completion": text, "gold": "7", "finish_reason": "length"},
        {"id": "none", "completion": text, "gold": "7"},
        {
            "id": "boxed-cut",
            "completion": boxed(7) + " Let me check",
            "gold": "7",
            "finish_reason": "length",
        },
    ]
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_jsonl(src, rows)
    code, _, err = run(["verify", "-i", str(src), "-o", str(dst), "--explain"], capsys)
    assert code == 0, err
    got = {r["id"]: r for r in map(json.loads, dst.read_text(encoding="utf-8").splitlines())}
    assert got["stop"]["status"] == "correct"
    assert got["none"]["status"] == "correct"
    assert got["length"]["status"] == "no_answer"
    assert got["boxed-cut"]["status"] == "correct"


def test_finish_reason_must_be_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_jsonl(src, [{"completion": "x", "gold": "1", "finish_reason": 3}])
    code, _, err = run(["verify", "-i", str(src), "-o", str(dst)], capsys)
    assert code != 0
    assert "line 1" in err and "finish_reason" in err
    assert not dst.exists()
