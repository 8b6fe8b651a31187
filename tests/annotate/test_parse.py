"""Parsing and aggregation of judge replies, on recorded outputs of the formats judges really
produce: the SmolLM2-135M replies below were recorded from `mathb annotate` against
`llama_cpp.server` (unconstrained); the others are the formats of larger chat and reasoning
judges (bare JSON, fenced JSON, bold-markdown prose, a <think> block)."""

from __future__ import annotations

import json

import pytest

from mathbeyond.annotate import (
    aggregate,
    judge_schema,
    median_rating,
    parse_reply,
    taxonomy,
    vote_domain,
)
from mathbeyond.annotate._parse import MAX_REPLY_CHARS

FRACTIONS = "Mathematics -> Algebra -> Prealgebra -> Fractions"
COMBI = "Mathematics -> Discrete Mathematics -> Combinatorics"

# ---- recorded SmolLM2-135M replies (all malformed) -------------------------------------------
SMOL_WORD_RATING = '{\n  "difficulty": "hard",\n  "domain": "Maths - Pre-Calculus"\n}'
SMOL_FENCED_WORDS = ('[JSON: 2]\n```json\n{\n    "difficulty": "hard",\n    "domain": '
                     '"mathematics",\n    "type": "hardmath"\n}\n```')
SMOL_BROKEN_JSON = ('{"difficulty":<1, "domain":<"mathematics"},{"label":"point(0,3),", '
                    '"jsonObject":{"name":"point(0,3),", "type":"json"}}}')
SMOL_PROSE = "The problem can be solved using only algebraic manipulations."
SMOL_TRUNCATED = ('\\[p = \\sum_{k = 1}^\\infty \\frac{1}{k^2}\\]\n\nThe JSON object is:\n\n'
                  '{\n"difficulty')
SMOL_ECHO = '{"difficulty": "difficulty", "domain": "difficulty", "language": "json"}'


@pytest.mark.parametrize(
    ("reply", "difficulty", "domain"),
    [
        # well-formed JSON
        ('{"difficulty": 4.5, "domain": "' + FRACTIONS + '"}', 4.5, FRACTIONS),
        # JSON in a code fence, rating as a string, chain without the root
        ('Here is the label:\n```json\n{"difficulty": "3", "domain": '
         '"Number Theory -> Congruences"}\n```', 3.0,
         "Mathematics -> Number Theory -> Congruences"),
        # other key names, unicode arrows, any case, "x/10"
        ('{"Rating": "6/10", "Topic": "mathematics → geometry → plane geometry → triangles"}',
         6.0, "Mathematics -> Geometry -> Plane Geometry -> Triangles"),
        # domain as a list
        ('{"difficulty": 7, "domain": ["Mathematics", "Algebra", "Intermediate Algebra", '
         '"Functional Equations"]}', 7.0,
         "Mathematics -> Algebra -> Intermediate Algebra -> Functional Equations"),
        # prose with a rating (bold markdown)
        ("**Difficulty:** 5.5\n**Domain:** Mathematics → Geometry → Plane Geometry → Circles",
         5.5, "Mathematics -> Geometry -> Plane Geometry -> Circles"),
        # prose: "I would rate", a unique node name
        ("I would rate this problem a difficulty of 6/10. Domain: Combinatorics.", 6.0, COMBI),
        # reasoning judge: only what follows </think> counts
        ('<think>maybe difficulty 3? {"difficulty": 3, "domain": "Geometry"}</think>\n'
         '{"difficulty": 8, "domain": "Mathematics -> Number Theory -> Diophantine Equations"}',
         8.0, "Mathematics -> Number Theory -> Diophantine Equations"),
        # GCD with its parenthesis left out
        ('{"difficulty": 2, "domain": "Number Theory -> Greatest Common Divisors"}', 2.0,
         "Mathematics -> Number Theory -> Greatest Common Divisors (GCD)"),
    ],
)
def test_valid_replies(reply: str, difficulty: float, domain: str) -> None:
    reading = parse_reply(reply)
    assert (reading.difficulty, reading.domain, reading.errors) == (difficulty, domain, ())
    assert reading.complete


@pytest.mark.parametrize(
    ("reply", "difficulty", "domain", "error"),
    [
        ("This is a nice problem about triangles.", None, None, "no rating in the reply"),
        (SMOL_PROSE, None, None, "no rating in the reply"),
        ('{"difficulty": 12, "domain": "' + FRACTIONS + '"}', None, FRACTIONS,
         "rating 12 is outside 1-10"),
        ('{"difficulty": 0, "domain": "' + FRACTIONS + '"}', None, FRACTIONS,
         "rating 0 is outside 1-10"),
        ('{"difficulty": 4.3, "domain": "Geometry"}', None, "Mathematics -> Geometry",
         "rating 4.3 is not on the half-step scale"),
        ('{"difficulty": 5, "domain": "Mathematics -> Topology"}', 5.0, None,
         "unknown domain 'Mathematics -> Topology'"),
        ('{"difficulty": 5, "domain": "Mathematics -> Algebra -> Prealgebra -> Unicorns"}', 5.0,
         None, "unknown domain"),
        ('{"difficulty": 5, "domain": "Mathematics"}', 5.0, None, "only the root"),
        ('{"difficulty": 5}', 5.0, None, "domain is missing"),
        ('{"difficulty": 1, "domain": [1]}', 1.0, None, "domain [1] is not text"),  # SmolLM2
        ('{"difficulty": true, "domain": "Geometry"}', None, "Mathematics -> Geometry",
         "is not a number"),
        ('{"difficulty": NaN, "domain": "Geometry"}', None, "Mathematics -> Geometry",
         "is not a number"),
        ("Difficulty: 3. Actually, difficulty: 5.\nDomain: Geometry", None,
         "Mathematics -> Geometry", "several ratings"),
        (SMOL_WORD_RATING, None, None, "rating 'hard' is not a number"),
        (SMOL_FENCED_WORDS, None, None, "rating 'hard' is not a number"),
        (SMOL_BROKEN_JSON, None, None, "no rating in the reply"),
        (SMOL_TRUNCATED, None, None, "no rating in the reply"),
        (SMOL_ECHO, None, None, "rating 'difficulty' is not a number"),
    ],
)
def test_malformed_replies_give_no_guess(reply: str, difficulty: float | None,
                                         domain: str | None, error: str) -> None:
    reading = parse_reply(reply)
    assert reading.difficulty == difficulty
    assert reading.domain == domain
    assert not reading.complete
    assert any(error in e for e in reading.errors), reading.errors


def test_unknown_domain_in_recorded_smollm2_reply_is_named() -> None:
    reading = parse_reply(SMOL_WORD_RATING)
    assert "unknown domain 'Maths - Pre-Calculus'" in reading.errors


def test_huge_and_deeply_nested_replies_are_bounded() -> None:
    flood = "{" * 100_000 + '"difficulty": 3' + "}" * 100_000
    assert parse_reply(flood).difficulty is None
    late = "x" * MAX_REPLY_CHARS + '{"difficulty": 3, "domain": "Geometry"}'
    assert parse_reply(late).difficulty is None  # past the bound: not read
    long_domain = '{"difficulty": 3, "domain": "' + " -> ".join(["Algebra"] * 50) + '"}'
    assert parse_reply(long_domain).domain is None


def test_every_taxonomy_chain_resolves_to_itself_and_schema_matches() -> None:
    tax = taxonomy()
    assert len(tax.chains) > 60 and len(set(tax.chains)) == len(tax.chains)
    for chain in tax.chains:
        assert tax.resolve(chain) == chain
        assert tax.resolve(chain.lower().replace(" -> ", " → ")) == chain
    schema = judge_schema()
    assert schema["properties"]["domain"]["enum"] == [c for c in tax.chains if c != "Mathematics"]
    assert schema["properties"]["difficulty"]["enum"][0] == 1.0
    assert schema["properties"]["difficulty"]["enum"][-1] == 10.0
    for d in schema["properties"]["difficulty"]["enum"]:
        reply = json.dumps({"difficulty": d, "domain": COMBI})
        assert parse_reply(reply).complete


def test_ambiguous_node_name_is_not_resolved() -> None:
    # "Sequences and Series" is both under Algebra and Intermediate Algebra
    assert taxonomy().resolve("Sequences and Series") is None
    assert taxonomy().resolve("Other") is None


# ---- aggregation ----------------------------------------------------------------------------


def test_median_rating_stays_on_the_half_step_grid() -> None:
    assert median_rating([3, 4, 8]) == 4
    assert median_rating([4, 5]) == 4.5
    assert median_rating([4.5, 5]) == 4.5  # 4.75 goes down
    assert median_rating([2, 2.5, 9, 9.5]) == 5.5  # 5.75 goes down
    assert median_rating([7]) == 7


def test_vote_domain_plurality_and_ties() -> None:
    alg = "Mathematics -> Algebra -> Algebra"
    pre = "Mathematics -> Algebra -> Prealgebra"
    assert vote_domain([FRACTIONS, FRACTIONS, COMBI]) == FRACTIONS
    assert vote_domain([alg, pre]) == "Mathematics -> Algebra"  # tie: common ancestor
    assert vote_domain([FRACTIONS, COMBI]) is None  # tie sharing only the root
    assert vote_domain([]) is None


def test_aggregate_needs_a_majority_of_valid_values() -> None:
    agg = aggregate([4.0, 5.0], [COMBI], samples=3, min_votes=2)
    assert agg.difficulty == 4.5
    assert agg.domain is None
    assert agg.reasons == ("1 of 3 samples gave a known domain (need 2)",)
    none = aggregate([], [], samples=3, min_votes=2)
    assert (none.difficulty, none.domain) == (None, None) and len(none.reasons) == 2
    tie = aggregate([3.0, 3.0], [FRACTIONS, COMBI], samples=3, min_votes=2)
    assert tie.domain is None
    assert "agree on no domain" in tie.reasons[0]
