"""annotate_problems with a scripted judge backend: n samples, retries of malformed replies,
`unlabelled` when the judge keeps failing, the cache (re-run costs nothing, a killed run
resumes, keyed by judge and prompt version), labels files and their use in datasets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from mathbeyond import DataError, Problem
from mathbeyond.annotate import (
    AnnotateConfig,
    JudgeCache,
    annotate_problems,
    apply_labels,
    cache_path_for,
    estimate,
    label_columns,
    prompt_version,
    read_labels,
    text_hash,
    write_labels,
)
from mathbeyond.sample import Completion, SampleRequest

FRACTIONS = "Mathematics -> Algebra -> Prealgebra -> Fractions"
COMBI = "Mathematics -> Discrete Mathematics -> Combinatorics"
Script = Callable[[str, int], str]


def good(rating: float = 3, domain: str = FRACTIONS) -> str:
    return json.dumps({"difficulty": rating, "domain": domain})


class ScriptedJudge:
    """A backend whose reply to sample ``i`` of a problem is ``script(problem_text, i)``."""

    name = "scripted"

    def __init__(self, script: Script, crash_after: int | None = None):
        self.script = script
        self.crash_after = crash_after
        self.requests: list[SampleRequest] = []
        self.calls = 0

    def generate(self, requests: Sequence[SampleRequest]) -> Iterator[Completion]:
        self.requests.extend(requests)
        for req in requests:
            assert not isinstance(req.prompt, str)
            problem = req.prompt[1]["content"]
            for j in range(req.n):
                if self.crash_after is not None and self.calls >= self.crash_after:
                    raise RuntimeError("judge crashed")
                self.calls += 1
                i = req.start_index + j
                yield Completion(req.key, i, req.seed + j, self.script(problem, i), 20, "stop",
                                 prompt_tokens=100)

    def close(self) -> None:
        pass


def problems(count: int = 3) -> list[Problem]:
    return [Problem(f"t/{i}", f"Problem {i}: compute {i} + 1.", str(i + 1), "t")
            for i in range(count)]


def run(tmp_path: Path, judge: ScriptedJudge, probs: list[Problem], name: str = "j",
        **config: object) -> list:
    cfg = AnnotateConfig(**config)  # type: ignore[arg-type]
    with JudgeCache(tmp_path / "c.sqlite", judge=name, prompt_version=cfg.version()) as cache:
        return annotate_problems(probs, backend=judge, judge=name, cache=cache,
                                 config=cfg).labels


def test_three_samples_median_and_vote(tmp_path: Path) -> None:
    ratings = {0: 2, 1: 5, 2: 3}
    judge = ScriptedJudge(lambda p, i: good(ratings[i], COMBI if i == 1 else FRACTIONS))
    labels = run(tmp_path, judge, problems(2))
    assert [lb.problem_id for lb in labels] == ["t/0", "t/1"]
    label = labels[0]
    assert (label.status, label.difficulty, label.domain) == ("labelled", 3.0, FRACTIONS)
    assert label.difficulty_votes == [2, 5, 3]
    assert label.domain_votes == [FRACTIONS, COMBI, FRACTIONS]
    assert label.replies == 3 and label.prompt_tokens == 300 and label.completion_tokens == 60
    assert label.prompt_version == prompt_version()
    # one request of n=3 per problem, seeds sample-wise distinct
    assert [(r.start_index, r.n) for r in judge.requests] == [(0, 3), (0, 3)]
    assert judge.requests[0].seed != judge.requests[1].seed


def test_malformed_replies_are_retried_then_labelled(tmp_path: Path) -> None:
    # slot 1 answers in words on its first try; its retry (sample index n + 1 = 4) is valid
    judge = ScriptedJudge(lambda p, i: '{"difficulty": "hard"}' if i == 1 else good(4))
    label = run(tmp_path, judge, problems(1))[0]
    assert label.status == "labelled" and label.difficulty == 4.0
    assert label.difficulty_votes == [4, 4, 4] and label.replies == 4
    assert [(r.start_index, r.n) for r in judge.requests] == [(0, 3), (4, 1)]
    assert "rejected reply: rating 'hard' is not a number" in label.reasons


def test_fields_from_different_replies_of_one_sample_combine(tmp_path: Path) -> None:
    # sample 0: first reply has only a rating, its retry (index 3) only a domain
    def script(p: str, i: int) -> str:
        return {0: '{"difficulty": 4}', 3: '{"domain": "Geometry"}'}.get(i, good(4, COMBI))

    judge = ScriptedJudge(script)
    label = run(tmp_path, judge, problems(1))[0]
    assert judge.calls == 4
    assert label.difficulty_votes == [4, 4, 4]
    assert label.domain_votes == ["Mathematics -> Geometry", COMBI, COMBI]
    assert label.domain == COMBI


def test_judge_that_keeps_failing_gives_unlabelled_never_a_guess(tmp_path: Path) -> None:
    judge = ScriptedJudge(lambda p, i: "This problem is about fractions and is quite hard.")
    label = run(tmp_path, judge, problems(1))[0]
    assert label.status == "unlabelled"
    assert label.difficulty is None and label.domain is None
    assert label.replies == 9  # 3 slots x 3 attempts, then it stops
    assert judge.calls == 9
    assert "0 of 3 samples gave a valid rating (need 2)" in label.reasons
    assert "rejected reply: no rating in the reply" in label.reasons


def test_unknown_domain_gives_a_partial_label(tmp_path: Path) -> None:
    judge = ScriptedJudge(lambda p, i: good(6, "Mathematics -> Topology"))
    label = run(tmp_path, judge, problems(1), attempts=2)[0]
    assert label.status == "partial"
    assert label.difficulty == 6.0 and label.domain is None
    assert "rejected reply: unknown domain 'Mathematics -> Topology'" in label.reasons


def test_rerun_costs_nothing_and_cache_is_keyed_by_judge_and_version(tmp_path: Path) -> None:
    probs = problems(3)
    first = run(tmp_path, ScriptedJudge(lambda p, i: good(2 + i)), probs)
    again = ScriptedJudge(lambda p, i: pytest.fail("the judge was called again"))
    assert run(tmp_path, again, probs) == first
    assert again.requests == []
    other = ScriptedJudge(lambda p, i: good(9))
    assert run(tmp_path, other, probs, name="another-judge")[0].difficulty == 9.0
    constrained = ScriptedJudge(lambda p, i: good(7))
    labels = run(tmp_path, constrained, probs, response_format="json_object")
    assert labels[0].difficulty == 7.0
    assert labels[0].prompt_version == prompt_version("json_object") != prompt_version()


def test_killed_run_resumes_with_only_the_missing_calls(tmp_path: Path) -> None:
    probs = problems(3)
    crashing = ScriptedJudge(lambda p, i: good(5), crash_after=4)
    with pytest.raises(RuntimeError, match="judge crashed"):
        run(tmp_path, crashing, probs)
    cfg = AnnotateConfig()
    with JudgeCache(tmp_path / "c.sqlite", judge="j", prompt_version=cfg.version()) as cache:
        assert cache.count() == 4  # every reply before the crash is kept
        est = estimate(probs, cache, cfg)
    assert (est.problems, est.cached_problems, est.calls) == (3, 1, 5)
    resumed = ScriptedJudge(lambda p, i: good(5))
    labels = run(tmp_path, resumed, probs)
    assert resumed.calls == 5
    assert sorted((r.start_index, r.n) for r in resumed.requests) == [(0, 3), (1, 2)]
    assert all(lb.status == "labelled" and lb.difficulty == 5.0 for lb in labels)


def test_same_text_shares_calls(tmp_path: Path) -> None:
    a = Problem("x/0", "Same  problem.", "1", "x")
    b = Problem("y/7", "Same problem. ", "1", "y")
    judge = ScriptedJudge(lambda p, i: good(3))
    labels = run(tmp_path, judge, [a, b])
    assert judge.calls == 3
    assert [lb.problem_id for lb in labels] == ["x/0", "y/7"]
    assert labels[0].text_hash == labels[1].text_hash == text_hash("Same problem.")


def test_labels_file_roundtrip_and_dataset_columns(tmp_path: Path) -> None:
    probs = problems(3)
    judge = ScriptedJudge(
        lambda p, i: good(4, COMBI) if "Problem 0" in p
        else good(6, "Mathematics -> Topology") if "Problem 1" in p else "no idea")
    labels = run(tmp_path, judge, probs, attempts=1)
    out = write_labels(labels, tmp_path / "labels.jsonl")
    assert read_labels(out) == labels
    assert cache_path_for(out) == tmp_path / "labels.jsonl.cache.sqlite"
    extra = Problem("t/9", "Not labelled.", "0", "t", topic="Algebra", difficulty="5")
    applied = apply_labels([*probs, extra], read_labels(out))
    assert (applied[0].topic, applied[0].difficulty) == (COMBI, "4")
    assert (applied[1].topic, applied[1].difficulty) == (None, "6")  # partial
    assert (applied[2].topic, applied[2].difficulty) == (None, None)  # unlabelled
    assert applied[3] == extra  # no label: unchanged
    assert label_columns([*probs, extra], labels) == {
        "t/0": (COMBI, 4.0), "t/1": (None, 6.0), "t/2": (None, None)}


def test_bad_labels_file_is_one_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"problem_id": "a"}\n')
    with pytest.raises(DataError, match=r"bad.jsonl, row 1: not a label line"):
        read_labels(bad)
    with pytest.raises(DataError, match="cannot read labels"):
        read_labels(tmp_path / "missing.jsonl")


def test_bad_config_is_refused(tmp_path: Path) -> None:
    from mathbeyond import ConfigError

    with pytest.raises(ConfigError):
        run(tmp_path, ScriptedJudge(lambda p, i: good()), problems(1), n=0)
    with pytest.raises(ConfigError):
        run(tmp_path, ScriptedJudge(lambda p, i: good()), problems(1), min_votes=4)
    with pytest.raises(ConfigError):
        run(tmp_path, ScriptedJudge(lambda p, i: good()), problems(1), response_format="xml")


def test_run_annotation_refuses_a_response_format_without_the_openai_backend(
        tmp_path: Path) -> None:
    from mathbeyond import ConfigError
    from mathbeyond.annotate import run_annotation

    with pytest.raises(ConfigError, match="needs the openai backend"):
        run_annotation(problems(1), judge="j", cache_path=tmp_path / "c.sqlite",
                       backend="llamacpp", config=AnnotateConfig(response_format="json_object"))
    with pytest.raises(ConfigError, match="unknown backend 'nope'"):
        run_annotation(problems(1), judge="j", cache_path=tmp_path / "c.sqlite", backend="nope")


def test_labels_fill_the_exported_mathb_columns(tmp_path: Path) -> None:
    from mathbeyond.build import mathb_table

    probs = problems(2)
    judge = ScriptedJudge(lambda p, i: good(5.5, COMBI) if "Problem 0" in p else "no idea")
    labelled = apply_labels(probs, run(tmp_path, judge, probs, attempts=1))
    table = mathb_table(labelled, ["m"], {"m": {p.id: False for p in probs}})
    assert table.column("topic").to_pylist() == [COMBI, None]
    assert table.column("difficulty").to_pylist() == ["5.5", None]
