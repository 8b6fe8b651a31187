"""Deduplication: exact after normalisation, near (MinHash-LSH, exact Jaccard scores), none."""

from __future__ import annotations

import pytest

from mathbeyond.build import exact_key, find_duplicates, jaccard, normalize, shingles
from mathbeyond.build._dedup import naive_near_pairs
from mathbeyond.data import Problem

BASE = ("Let $n$ be a positive integer. Find the number of ordered pairs $(a, b)$ of positive "
        "integers such that $a + b = n$ and $\\gcd(a, b) = 1$, for $n = 2024$.")
REWORDED = ("Let $n$ be a positive integer. Find the number of ordered pairs $(a,b)$ of positive "
            "integers with $a + b = n$ and $\\gcd(a, b) = 1$, when $n = 2024$.")
OTHER = "A bag holds 3 red and 5 blue marbles. Two are drawn. What is the chance both are red?"


def P(pid: str, text: str, answer: str = "1") -> Problem:
    return Problem(pid, text, answer, pid.split("/", 1)[0])


def test_normalisation_makes_layout_variants_exact_copies() -> None:
    a = "Find $\\dfrac{1}{2} + \\left( x \\right)$.\nLet's think step by step and output the " \
        "final answer within \\boxed{}."
    b = "find  \\(\\frac{1}{2}+(x)\\) ."
    assert exact_key(a) == exact_key(b)
    assert exact_key("Find 12.") != exact_key("Find 21.")
    assert exact_key("Solve $z^{5}=\\overline{z}$.") == exact_key("Solve $z^5=\\overline{z}$.")
    assert normalize("A\\,B  \\displaystyle C") == "a b c"


@pytest.mark.parametrize("backend", ["builtin", "auto"])
def test_exact_near_and_none_against_an_eval_set(backend: str) -> None:
    evalset = [P("math500/1", BASE)]
    pool = [
        P("pool/0", BASE.replace("$", "").upper()),  # exact after normalisation
        P("pool/1", REWORDED),  # near
        P("pool/2", OTHER),  # none
    ]
    kept, matches = find_duplicates(pool, [("math500", evalset)], threshold=0.6, backend=backend)
    assert [p.id for p in kept] == ["pool/2"]
    by_id = {m.problem.id: m for m in matches}
    assert by_id["pool/0"].kind == "exact" and by_id["pool/0"].score == 1.0
    near = by_id["pool/1"]
    assert near.kind == "near" and near.against == "math500" and near.other.id == "math500/1"
    assert near.score == pytest.approx(jaccard(shingles(REWORDED, 3), shingles(BASE, 3)))
    assert 0.6 <= near.score < 1.0


def test_near_duplicates_below_threshold_are_kept() -> None:
    score = jaccard(shingles(REWORDED, 3), shingles(BASE, 3))
    kept, matches = find_duplicates(
        [P("pool/1", REWORDED)], [("math500", [P("math500/1", BASE)])], threshold=score + 0.05
    )
    assert len(kept) == 1 and not matches


def test_within_pool_keeps_the_first_copy_and_needs_equal_golds_for_near() -> None:
    pool = [
        P("dapo/0", BASE, "5"),
        P("deepscaler/9", BASE, "5"),  # exact copy of dapo/0
        P("deepscaler/10", REWORDED, "5"),  # near copy, same gold
        P("deepscaler/11", REWORDED + " ", "7"),  # exact copy of deepscaler/10 (text) ...
        P("deepscaler/12", REWORDED.replace("2024", "2025"), "8"),  # near, different gold: kept
    ]
    kept, matches = find_duplicates(pool, [], threshold=0.6)
    assert [p.id for p in kept] == ["dapo/0", "deepscaler/12"]
    pairs = {m.problem.id: (m.other.id, m.kind) for m in matches}
    assert pairs == {
        "deepscaler/9": ("dapo/0", "exact"),
        "deepscaler/10": ("dapo/0", "near"),
        "deepscaler/11": ("deepscaler/10", "exact"),
    }
    kept, matches = find_duplicates(pool, [], within_pool=False)
    assert len(kept) == 5 and not matches


def test_switches_exact_and_near() -> None:
    evalset = [("e", [P("e/0", BASE)])]
    pool = [P("p/0", BASE), P("p/1", REWORDED)]
    kept, matches = find_duplicates(pool, evalset, exact=False, near=False)
    assert len(kept) == 2 and not matches
    kept, matches = find_duplicates(pool, evalset, exact=True, near=False)
    assert [p.id for p in kept] == ["p/1"]


def test_lsh_finds_what_all_pairs_finds_on_a_mixed_set() -> None:
    evals = [P(f"e/{i}", f"{BASE} Variant {i}: also add {i} apples and {i * 3} pears.")
             for i in range(40)]
    pool = [P(f"p/{i}", f"{REWORDED} Variant {i}: also add {i} apples and {i * 3} pears.")
            for i in range(0, 80, 2)] + [P(f"q/{i}", f"{OTHER} Case {i}.") for i in range(40)]
    _, matches = find_duplicates(pool, [("e", evals)], exact=False, within_pool=False,
                                 threshold=0.7, backend="builtin")
    reference = naive_near_pairs(pool, evals, 3, 0.7)
    found = {m.problem.id for m in matches}
    assert found and all(x.startswith("p/") for x in found)
    # every pool problem with a match in the all-pairs reference is found by LSH
    expected = {p.id for p in pool
                if any(jaccard(shingles(p.problem, 3), shingles(q.problem, 3)) >= 0.7
                       for q in evals)}
    assert found == expected and reference >= len(expected)


def test_datasketch_backend_agrees_with_builtin() -> None:
    pytest.importorskip("datasketch")
    evalset = [("math500", [P("math500/1", BASE)])]
    pool = [P("pool/1", REWORDED), P("pool/2", OTHER)]
    a = find_duplicates(pool, evalset, threshold=0.6, backend="datasketch")
    b = find_duplicates(pool, evalset, threshold=0.6, backend="builtin")
    assert [m.problem.id for m in a[1]] == [m.problem.id for m in b[1]] == ["pool/1"]


def test_datasketch_missing_is_one_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from mathbeyond import MissingExtraError

    real = builtins.__import__

    def no_datasketch(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("datasketch"):
            raise ImportError("no datasketch")
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_datasketch)
    monkeypatch.delitem(__import__("sys").modules, "datasketch", raising=False)
    with pytest.raises(MissingExtraError, match=r"install mathbeyond\[build\]"):
        find_duplicates([P("p/0", BASE)], [("e", [P("e/0", REWORDED)])], backend="datasketch")
    kept, matches = find_duplicates(
        [P("p/0", REWORDED)], [("e", [P("e/0", BASE)])], threshold=0.6, backend="auto"
    )
    assert not kept and matches[0].kind == "near"
