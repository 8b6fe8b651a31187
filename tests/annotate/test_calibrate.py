"""Calibration arithmetic: Spearman with ties, seeded bootstrap intervals, subject mapping,
anchored AMC/AIME levels."""

from __future__ import annotations

import math

import numpy as np
import pytest

from mathbeyond import ConfigError, Problem
from mathbeyond.annotate import (
    SUBJECTS,
    Label,
    calibrate,
    choose,
    format_calibration,
    known_labels,
    spearman,
    taxonomy,
)
from mathbeyond.annotate._calibrate import _anchored


def test_spearman_known_values() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ties share ranks: x ranks [1.5, 1.5, 3, 4], y ranks [1, 2, 3, 4] -> r = 0.9486833
    assert spearman([1, 1, 2, 3], [1, 2, 3, 4]) == pytest.approx(3 / math.sqrt(10), abs=1e-6)
    # hand-checked: d = ranks differ by (0, 2, -1, -1, 0) -> 1 - 6*6/(5*24) = 0.7
    assert spearman([1, 2, 3, 4, 5], [1, 4, 2, 3, 5]) == pytest.approx(0.7)
    assert math.isnan(spearman([2, 2, 2], [1, 2, 3]))


def test_every_mapped_subject_points_into_the_taxonomy() -> None:
    tax = taxonomy()
    for tops, prefixes in SUBJECTS.values():
        assert set(tops) <= set(tax.tops)
        assert all(p in tax.chains for p in prefixes)


def test_anchored_competition_levels() -> None:
    base = "https://artofproblemsolving.com/wiki/index.php/"
    assert _anchored(base + "2023_AMC_12A_Problems/Problem_1") == 2.0
    assert _anchored(base + "2023_AMC_12B_Problems/Problem_17") == 4.0
    assert _anchored(base + "2022_AMC_10A_Problems/Problem_3") == 1.0
    assert _anchored(base + "2024_AIME_I_Problems/Problem_10") == 5.0
    assert _anchored(base + "2024_AIME_II_Problems/Problem_15") == 6.0
    assert _anchored("") is None


def _math(i: int, subject: str, level: int) -> Problem:
    return Problem(f"math500/{i}", f"p{i}", "1", "math500", topic=subject, difficulty=str(level))


def _label(pid: str, difficulty: float | None, domain: str | None) -> Label:
    return Label(problem_id=pid, text_hash=pid, status="labelled", difficulty=difficulty,
                 domain=domain, difficulty_votes=[], domain_votes=[], samples=3, replies=3,
                 reasons=[], judge="j", prompt_version="v", prompt_tokens=0,
                 completion_tokens=0)


def test_calibrate_arithmetic() -> None:
    subjects = ["Algebra", "Prealgebra", "Counting & Probability", "Geometry", "Precalculus",
                "Number Theory"]
    probs = [_math(i, subjects[i % 6], 1 + i % 5) for i in range(30)]
    known = known_labels(probs, "math500")
    labels = []
    for i, p in enumerate(probs):
        level = 1 + i % 5
        domain = {
            "Algebra": "Mathematics -> Algebra -> Intermediate Algebra -> Polynomials",
            "Prealgebra": "Mathematics -> Algebra -> Algebra",  # right top level, wrong sub
            "Counting & Probability": "Mathematics -> Applied Mathematics -> Probability",
            "Geometry": "Mathematics -> Number Theory",  # wrong
            "Precalculus": "Mathematics -> Precalculus -> Vectors",
            "Number Theory": None,  # unlabelled domain
        }[p.topic or ""]
        labels.append(_label(p.id, 2.0 * level if i < 25 else None, domain))
    cal = calibrate(known, labels, dataset="math500", n_resamples=200, seed=3)
    assert cal.problems == 30 and cal.labelled_difficulty == 25 and cal.labelled_domain == 25
    assert cal.spearman is not None and cal.spearman.value == pytest.approx(1.0)
    assert cal.spearman.n == 25
    assert cal.top_accuracy is not None and cal.sub_accuracy is not None
    assert cal.top_accuracy.value == pytest.approx(20 / 25)  # all but Geometry
    assert cal.sub_accuracy.value == pytest.approx(15 / 25)  # Prealgebra sub is wrong too
    assert cal.top_accuracy.low <= cal.top_accuracy.value <= cal.top_accuracy.high
    assert cal.top_accuracy.high - cal.top_accuracy.low > 0.05  # real resampling
    assert [lvl for lvl, _, _ in cal.mean_by_level] == [1, 2, 3, 4, 5]
    assert ("Geometry", 0, 5) in cal.domain_by_subject
    # subjects: Algebra, Prealgebra (Algebra) 10 of 25 with a domain -> constant 'Algebra'
    assert cal.baseline == ("Algebra", 10 / 25)
    assert cal.common_domain == ("Mathematics -> Algebra -> Intermediate Algebra -> Polynomials",
                                 5)
    assert cal.ratings == ((2.0, 5), (4.0, 5), (6.0, 5), (8.0, 5), (10.0, 5))
    again = calibrate(known, labels, dataset="math500", n_resamples=200, seed=3)
    assert again == cal  # seeded
    text = "\n".join(format_calibration(cal, "j"))
    assert "Spearman(difficulty, known level): +1.000" in text
    assert "domain accuracy, top level:        80.0%" in text
    assert "constant-answer baseline, top level: 40.0% (always 'Algebra')" in text


def test_calibrate_reports_noise_as_noise() -> None:
    rng = np.random.default_rng(0)
    probs = [_math(i, "Algebra", 1 + i % 5) for i in range(200)]
    labels = [_label(p.id, float(rng.integers(1, 11)), None) for p in probs]
    cal = calibrate(known_labels(probs, "math500"), labels, dataset="math500", n_resamples=300)
    assert cal.spearman is not None
    assert cal.spearman.low < 0 < cal.spearman.high
    assert cal.top_accuracy is None
    assert "n/a" in "\n".join(format_calibration(cal, "j"))


def test_unknown_calibration_dataset_and_seeded_choice() -> None:
    with pytest.raises(ConfigError, match="no known labels for 'dapo-17k'"):
        known_labels([], "dapo-17k")
    probs = [_math(i, "Algebra", 1) for i in range(500)]
    ten, fifty = choose(probs, 10, 0), choose(probs, 50, 0)
    assert ten == fifty[:10]  # a longer calibration run extends a shorter one
    assert choose(probs, 10, 1) != ten
    assert choose(probs, None, 0) == probs


def test_known_labels_of_each_source() -> None:
    olympiad = Problem("olympiadbench/1", "q", "1", "olympiadbench", topic="Combinatorics")
    amc = Problem("amc23/0", "q", "1", "amc23", metadata={
        "url": "https://artofproblemsolving.com/wiki/index.php/2023_AMC_12A_Problems/Problem_24"})
    aime = Problem("aime24/60", "q", "1", "aime24", metadata={"url": ""})
    [ko] = known_labels([olympiad], "olympiadbench")
    assert (ko.level, ko.subject) == (None, "Combinatorics")
    [ka] = known_labels([amc], "amc23")
    assert (ka.level, ka.subject) == (4.0, None)
    [ki] = known_labels([aime], "aime24")
    assert ki.level is None  # no problem number: no anchored level
    labels = [_label("olympiadbench/1", 7.0, "Mathematics -> Applied Mathematics -> Probability")]
    cal = calibrate([ko], labels, dataset="olympiadbench", n_resamples=20)
    assert cal.spearman is None and cal.top_accuracy is not None
    assert cal.top_accuracy.value == 1.0 and cal.domain_by_subject == (("Combinatorics", 1, 1),)
