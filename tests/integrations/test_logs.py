"""Harness logs -> runs (`mathb integrations import`), on logs laid out as lm-eval 0.4.13,
inspect-ai 0.3.285 (JSON log) and LightEval 0.13 write them (the layouts seen in the
end-to-end runs of test_harness_e2e.py), without the harnesses installed."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from mathbeyond import DataError
from mathbeyond.cli import main
from mathbeyond.integrations import read_harness_log, write_harness_run
from mathbeyond.metrics import load_run, pass_at_k

P1 = {"id": "p/1", "problem": "What is $f(4)$ for $f(x)=x^2-x$?", "answer": "12"}
P2 = {"id": "p/2", "problem": "Find $f(g(5))$.", "answer": "82"}
STAMP = "2026-12-01T10-52-56.020522"


def import_json(tool: str, log: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> Any:
    capsys.readouterr()
    main(["integrations", "import", tool, str(log), "--out", str(out), "--json"])
    return json.loads(capsys.readouterr().out)


def lm_eval_log(folder: Path, texts: dict[str, list[str]], reported: dict[str, float]) -> Path:
    rows = []
    for i, doc in enumerate((P1, P2)):
        samples = texts[doc["id"]]
        n, c = len(samples), sum("boxed{" + doc["answer"] + "}" in t for t in samples)
        rows.append({
            "doc_id": i, "doc": {**doc, "prompt": doc["problem"] + " ..."},
            "target": doc["answer"], "arguments": [], "resps": [samples],
            "filtered_resps": [samples], "filter": "all_samples",
            "metrics": ["pass@1", "pass@4"],
            **{f"pass@{k}": pass_at_k(n, c, k) for k in (1, 4) if k <= n},
        })
    model_dir = folder / "qwen"
    model_dir.mkdir(parents=True)
    (model_dir / f"samples_mathb_e2e_{STAMP}.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in rows)
    )
    results = {"mathb_e2e": {"name": "mathb_e2e", "sample_len": 2}}
    for name, value in reported.items():
        results["mathb_e2e"][f"{name},all_samples"] = value
        results["mathb_e2e"][f"{name}_stderr,all_samples"] = 0.125
    (model_dir / f"results_{STAMP}.json").write_text(json.dumps({
        "results": results, "config": {"model": "local-chat-completions",
                                       "model_args": {"model": "qwen", "base_url": "x"}},
    }))
    return folder


def test_lm_eval_log_imports_and_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    texts = {
        "p/1": ["so \\boxed{12}", "\\boxed{16}", "\\boxed{12}.", "\\boxed{0}"],
        "p/2": ["\\boxed{82}"] * 4,
    }
    folder = lm_eval_log(tmp_path / "out", texts, {"pass@1": 0.75, "pass@4": 1.0})
    log = read_harness_log("lm-eval", folder)
    assert (log.model, log.task) == ("qwen", "mathb_e2e")
    assert log.reported == {"pass@1": 0.75, "pass@4": 1.0}  # stderr keys are not pass@k
    assert [p.samples for p in log.problems] == [texts["p/1"], texts["p/2"]]
    assert log.problems[0].reported == {"pass@1": 0.5, "pass@4": 1.0}
    out = import_json("lm-eval", folder, tmp_path / "run", capsys)
    assert out["pass_at_k"] == [
        {"k": 1, "harness": 0.75, "mathbeyond": 0.75},
        {"k": 4, "harness": 1.0, "mathbeyond": 1.0},
    ]
    assert (out["problems"], out["samples"], out["solved"]) == (2, 8, 2)
    run = load_run(tmp_path / "run")
    assert run.info is not None and run.info.backend == "harness:lm-eval"


def test_a_wrong_harness_number_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command reports what each side says: a harness number that is off stays off."""
    texts = {"p/1": ["\\boxed{12}", "\\boxed{1}"], "p/2": ["\\boxed{1}", "\\boxed{1}"]}
    folder = lm_eval_log(tmp_path / "out", texts, {"pass@1": 0.5})
    out = import_json("lm-eval", folder, tmp_path / "run", capsys)
    assert out["pass_at_k"] == [{"k": 1, "harness": 0.5, "mathbeyond": 0.25}]
    main(["integrations", "import", "lm-eval", str(folder), "--out", str(tmp_path / "run2")])
    text = capsys.readouterr().out
    assert "pass@1: lm-eval reported 0.5000, mathbeyond 0.2500" in text


def inspect_sample(doc: dict[str, str], epoch: int, text: str, stop: str) -> dict[str, Any]:
    return {
        "id": doc["id"], "epoch": epoch, "input": doc["problem"] + " ...",
        "target": doc["answer"], "metadata": {"problem": doc["problem"]},
        "output": {"model": "qwen", "choices": [{
            "message": {"role": "assistant", "content": [
                {"type": "reasoning", "reasoning": "hmm \\boxed{0}"},
                {"type": "text", "text": text},
            ] if epoch == 2 else text},
            "stop_reason": stop,
        }]},
        "scores": {},
    }


def test_inspect_log_keeps_stop_reasons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sample cut off at max_tokens yields no unanchored answer (as in `mathb score`): the
    same text counts when it stopped by itself. Reasoning parts are not the completion."""
    unanchored = "so f(4) = 16 - 4 = 12"
    samples = [
        inspect_sample(P1, 1, unanchored, "stop"),
        inspect_sample(P1, 2, "\\boxed{12}", "stop"),
        inspect_sample(P2, 1, "so f(g(5)) = 82", "max_tokens"),
        inspect_sample(P2, 2, "\\boxed{81}", "stop"),
    ]
    scores = [
        {"name": "mathb_verifier", "reducer": reducer, "metrics": {"accuracy": {"value": v}}}
        for reducer, v in (("mean", 0.5), ("pass_at_1", 0.5), ("pass_at_2", 0.5))
    ]
    log_file = tmp_path / "logs" / "2026-12-01T10-59-28_mathb_x.json"
    log_file.parent.mkdir()
    log_file.write_text(json.dumps({
        "eval": {"task": "mathb", "model": "llama-cpp-python/qwen"},
        "results": {"scores": scores}, "samples": samples,
    }))
    log = read_harness_log("inspect", log_file.parent)
    assert log.reported == {"pass@1": 0.5, "pass@2": 0.5}
    assert {p.id: p.finish_reasons for p in log.problems} == {
        "p/1": ["stop", "stop"], "p/2": ["length", "stop"],
    }
    assert log.problems[0].samples == [unanchored, "\\boxed{12}"]
    out = import_json("inspect", log_file, tmp_path / "run", capsys)
    assert out["pass_at_k"] == [
        {"k": 1, "harness": 0.5, "mathbeyond": 0.5},
        {"k": 2, "harness": 0.5, "mathbeyond": 0.5},
    ]
    assert out["solved"] == 1  # p/2's "= 82" was cut off at the token limit


def test_inspect_eval_zip_says_how_to_convert(tmp_path: Path) -> None:
    log = tmp_path / "x.eval"
    with zipfile.ZipFile(log, "w") as archive:
        archive.writestr("header.json", "{}")
    with pytest.raises(DataError, match="inspect log convert --to json"):
        read_harness_log("inspect", log)


def test_lighteval_details_and_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = []
    for doc, texts, metric in (
        (P1, ["\\boxed{12}", "\\boxed{3}"], {"pass@1": 0.5, "pass@2": 1.0}),
        (P2, ["\\boxed{1}", "\\boxed{2}"], {"pass@1": 0.0, "pass@2": 0.0}),
    ):
        rows.append({
            "doc": {"query": doc["problem"], "specific": doc, "num_samples": 2},
            "metric": metric,
            "model_response": {"text": texts, "text_post_processed": texts},
        })
    out = tmp_path / "out"
    details = out / "details" / "openai" / "qwen" / STAMP
    details.mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), details / f"details_mathb|0_{STAMP}.parquet")
    results = out / "results" / "openai" / "qwen" / f"results_{STAMP}.json"
    results.parent.mkdir(parents=True)
    results.write_text(json.dumps({
        "config_general": {"model_name": "openai/qwen"},
        "results": {"mathb|0": {"pass@1": 0.25, "pass@1_stderr": 0.25, "pass@2": 0.5},
                    "all": {"pass@1": 0.25}},
    }))
    log = read_harness_log("lighteval", out)
    assert (log.model, log.task, log.reported) == (
        "openai/qwen", "mathb|0", {"pass@1": 0.25, "pass@2": 0.5}
    )
    got = import_json("lighteval", out, tmp_path / "run", capsys)
    assert got["pass_at_k"] == [
        {"k": 1, "harness": 0.25, "mathbeyond": 0.25},
        {"k": 2, "harness": 0.5, "mathbeyond": 0.5},
    ]


def test_refusals(tmp_path: Path) -> None:
    folder = lm_eval_log(tmp_path / "a", {"p/1": ["x"], "p/2": ["y"]}, {})
    (folder / "qwen" / "samples_other_2026.jsonl").write_text("")
    with pytest.raises(DataError, match="2 files match samples"):
        read_harness_log("lm-eval", folder)
    bad = tmp_path / "samples_t_1.jsonl"
    bad.write_text(json.dumps({"doc": {"question": "q"}, "filtered_resps": [["x"]]}) + "\n")
    with pytest.raises(DataError, match="not a mathbeyond task's log"):
        read_harness_log("lm-eval", bad)
    with pytest.raises(DataError, match="no reader"):
        read_harness_log("helm", bad)
    log = read_harness_log("lm-eval", folder / "qwen" / f"samples_mathb_e2e_{STAMP}.jsonl")
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "x").write_text("")
    with pytest.raises(DataError, match="not empty"):
        write_harness_run(log, taken)
