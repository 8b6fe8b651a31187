"""`mathb annotate` over HTTP against a scripted OpenAI-compatible stub on loopback: labels and
token lines, re-run from the cache, unreachable server (one line, cache kept), a judge without
ratings (`unlabelled`), --response-format, and --calibrate on a small MATH-500-layout file."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from mathbeyond.annotate import read_labels
from mathbeyond.cli import main

sys.path.insert(0, str(Path(__file__).parents[1] / "sample"))
from _openai_helpers import StubServer, free_port

SUBJECTS = ["Algebra", "Geometry", "Number Theory", "Counting & Probability", "Prealgebra",
            "Intermediate Algebra"]
DOMAINS = {
    "Algebra": "Mathematics -> Algebra -> Algebra -> Linear Equations and Inequalities",
    "Geometry": "Mathematics -> Geometry -> Plane Geometry -> Triangles",
    "Number Theory": "Mathematics -> Number Theory -> Congruences",
    "Counting & Probability": "Mathematics -> Discrete Mathematics -> Combinatorics",
    "Prealgebra": "Mathematics -> Algebra -> Prealgebra -> Fractions",
    "Intermediate Algebra": "Mathematics -> Number Theory",  # the judge gets this one wrong
}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    rows = []
    for i in range(12):
        subject, level = SUBJECTS[i % 6], 1 + i % 5
        rows.append({"problem": f"[{subject}|{level}] Problem number {i}.", "solution": "",
                     "answer": str(i), "subject": subject, "level": level,
                     "unique_id": f"test/x/{i}.json"})
    root = tmp_path / "data"
    (root / "benchmarks").mkdir(parents=True)
    (root / "benchmarks" / "math500_test.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in rows))
    return root


def judge(reply_for: Any) -> Any:
    """A stub responder: the chat reply is ``reply_for(problem_text, body)``."""

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if path.endswith("/models"):
            return 200, {"object": "list", "data": [{"id": "stub", "object": "model"}]}
        problem = body["messages"][-1]["content"]
        choices = [{"index": i, "finish_reason": "stop", "logprobs": None,
                    "message": {"role": "assistant", "content": reply_for(problem, body)}}
                   for i in range(int(body.get("n") or 1))]
        return 200, {"id": "c", "object": "chat.completion", "created": 0, "model": "stub",
                     "choices": choices,
                     "usage": {"prompt_tokens": 1000, "completion_tokens": 20 * len(choices),
                               "total_tokens": 1000 + 20 * len(choices)}}

    return respond


def knows(problem: str, body: dict[str, Any]) -> str:
    match = re.search(r"\[(.+?)\|(\d)\]", problem)
    assert match is not None
    subject, level = match.group(1), int(match.group(2))
    return json.dumps({"difficulty": 1.5 * level, "domain": DOMAINS[subject]})


def mathb(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_annotate_then_rerun_from_cache(tmp_path: Path, data_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.jsonl"
    with StubServer(judge(knows)) as stub:
        args = ["--data-dir", str(data_dir), "annotate", "math500", "--limit", "4", "--judge",
                "stub", "--backend-opt", f"base_url={stub.base_url}", "--out", str(out)]
        code, _, err = mathb([*args, "--estimate-only"], capsys)
        assert code == 0 and stub.requests == [] and not out.exists()
        assert "before: 4 problems (0 fully cached); 12 judge calls, ~" in err
        code, _, err = mathb(args, capsys)
        assert code == 0, err
        assert "before: 4 problems (0 fully cached); 12 judge calls, ~" in err
        assert "wrote 4 labels" in err and "4 labelled, 0 partial, 0 unlabelled" in err
        assert "after: this run 12 judge calls, 12,000 prompt + 240 completion tokens" in err
        sent = len(stub.requests)
        code, _, err = mathb(args, capsys)
        assert code == 0
        assert "before: 4 problems (4 fully cached); 0 judge calls" in err
        assert "after: this run 0 judge calls" in err and "reused from the cache 12" in err
        assert len(stub.requests) == sent  # nothing sent the second time
    labels = read_labels(out)
    assert [lb.difficulty for lb in labels] == [1.5, 3.0, 4.5, 6.0]
    assert labels[1].domain == DOMAINS["Geometry"]
    assert out.with_name("labels.jsonl.cache.sqlite").is_file()


def test_unreachable_server_is_one_line_and_keeps_the_cache(
        tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.jsonl"
    with StubServer(judge(knows)) as stub:
        base = ["--data-dir", str(data_dir), "annotate", "math500", "--judge", "stub",
                "--out", str(out)]
        assert mathb([*base, "--limit", "2", "--backend-opt", f"base_url={stub.base_url}"],
                     capsys)[0] == 0
    dead = f"http://127.0.0.1:{free_port()}/v1"
    code, _, err = mathb([*base, "--limit", "3", "--backend-opt", f"base_url={dead}",
                          "--backend-opt", "max_retries=2", "--backend-opt", "backoff_base=0.05",
                          "--backend-opt", "backoff_max=0.1"],
                         capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert lines[-1].startswith("error: ") and "did not answer" in lines[-1]
    assert "6 judge replies are kept in" in lines[-1] and "rerun the same command" in lines[-1]
    assert "Traceback" not in err
    assert len(read_labels(out)) == 2  # the earlier labels file is untouched
    code, _, err = mathb([*base, "--limit", "3", "--backend-opt", f"base_url={dead}",
                          "--backend-opt", "no_such_option=1"], capsys)
    assert code == 2
    assert err.strip().splitlines()[-1].startswith("error: backend 'openai' has no option")
    assert "kept in" not in err


def test_judge_without_ratings_gives_unlabelled(tmp_path: Path, data_dir: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "labels.jsonl"
    with StubServer(judge(lambda p, b: "A lovely problem about fractions.")) as stub:
        code, _, err = mathb(["--data-dir", str(data_dir), "annotate", "math500", "--limit", "1",
                              "--judge", "stub", "--backend-opt", f"base_url={stub.base_url}",
                              "--attempts", "2", "--out", str(out)], capsys)
        # one request of n=3, then one retry request for samples 3-5 (n=3), then it stops
        assert [b["n"] for _, b in stub.requests] == [3, 3]
    assert code == 0
    assert "0 labelled, 0 partial, 1 unlabelled" in err
    assert "not fully labelled: 1 problems, e.g. math500/0: 0 of 3 samples gave a valid rating" \
        in err
    label = read_labels(out)[0]
    assert label.status == "unlabelled" and label.difficulty is None and label.domain is None


def test_response_format_is_sent(tmp_path: Path, data_dir: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    with StubServer(judge(knows)) as stub:
        code, _, err = mathb(["--data-dir", str(data_dir), "annotate", "math500", "--limit", "1",
                              "--judge", "stub", "--backend-opt", f"base_url={stub.base_url}",
                              "--response-format", "json_schema", "--n", "1",
                              "--out", str(tmp_path / "l.jsonl")], capsys)
        assert code == 0, err
        body = stub.requests[-1][1]
    fmt = body["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert "Mathematics -> Algebra -> Prealgebra -> Fractions" in \
        fmt["json_schema"]["schema"]["properties"]["domain"]["enum"]
    assert "+json_schema" in err  # its own prompt version, so its own cache entries


def test_calibrate_prints_agreement(tmp_path: Path, data_dir: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    with StubServer(judge(knows)) as stub:
        code, out, err = mathb(["--data-dir", str(data_dir), "annotate", "--calibrate",
                                "--judge", "stub", "--backend-opt", f"base_url={stub.base_url}",
                                "--bootstrap", "200", "--out", str(tmp_path / "c.jsonl")],
                               capsys)
    assert code == 0, err
    assert "calibration of judge stub on math500: 12 problems, 12 with a difficulty" in out
    assert "Spearman(difficulty, known level): +1.000" in out
    assert "domain accuracy, top level:        83.3%" in out  # 10 of 12
    assert "Intermediate Algebra: 0/2" in out


def test_bad_input_is_one_line(tmp_path: Path, data_dir: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = mathb(["--data-dir", str(data_dir), "annotate", "--calibrate", "dapo-17k",
                          "--judge", "x", "--out", str(tmp_path / "x.jsonl")], capsys)
    assert code == 2 and err.strip().splitlines() == [
        "error: no known labels for 'dapo-17k'; calibrate on one of math500, math-train, "
        "olympiadbench, aime24, amc23"]
    code, _, err = mathb(["annotate", "--judge", "x", "--out", str(tmp_path / "x.jsonl")],
                         capsys)
    assert code == 2 and err.strip() == "error: name a dataset (NAME[:SPLIT]) or use --calibrate"
