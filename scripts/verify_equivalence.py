"""Record the verifier's outputs on every case we have, or compare them with a recording.

Guards changes meant to leave every verdict unchanged (speed work): record on the old code,
compare on the new one. The cases: every row of ``tests/verify/tables`` and
``tests/verify/heldout``, every case of the blind sets in ``benchmarks/blind``, every real
completion in ``$MATHB_DATA_DIR/model_outputs`` (with and without its question, and as a
cut-off sample), the benchmark's short integer answers, and a
seeded fuzz set (real completions and templates with lexicon phrases, chat tokens, boxes and
anchors inserted near their answers). For each case it keeps the public verdict (the
in-caller one of ``_plain`` where that decides, else ``verify_unbounded``), ``extract_answer``
and ``explain_extraction`` (every candidate decision).

    python scripts/verify_equivalence.py record OUT.jsonl
    python scripts/verify_equivalence.py compare OUT.jsonl      # exit 1 on any difference
    python scripts/verify_equivalence.py flags                  # fast paths on vs off, in-process
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from mathbeyond.verify import _core, _lexicon, _plain  # noqa: E402
from mathbeyond.verify._extract import explain_extraction  # noqa: E402

try:  # Python 3.11+
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse  # type: ignore[no-redef]

Case = tuple[str, str, str | None, str | None]  # completion, gold, question, finish_reason


# ------------------------------------------------------------------------------------ cases


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def table_cases() -> Iterator[tuple[str, Case]]:
    for folder in ("tables", "heldout"):
        for path in sorted((ROOT / "tests" / "verify" / folder).glob("*.jsonl")):
            for n, row in enumerate(_jsonl(path)):
                if "completion" not in row or "gold" not in row:
                    continue
                c, g, q = str(row["completion"]), str(row["gold"]), row.get("question")
                fr = row.get("finish_reason")
                yield f"{path.stem}:{n}", (c, g, q, fr)
                if fr is None:
                    yield f"{path.stem}:{n}:len", (c, g, q, "length")


def real_rows(data: Path) -> Iterator[tuple[str, str, str, str | None]]:
    out = data / "model_outputs"
    with (out / "qwen25math_math_cot_100.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            for k, c in enumerate(r["code"]):
                yield f"qw{r['idx']}-{k}", c, str(r["gt"]), r.get("question")
    with (data / "benchmarks" / "math500_test.jsonl").open(encoding="utf-8") as fh:
        bench = [json.loads(x) for x in fh]
    for f in sorted(glob.glob(str(out / "cs6493_math500_run_e0b959d8" / "*.json"))):
        r = json.loads(Path(f).read_text(encoding="utf-8"))
        p = bench[int(str(r["problem_id"]).split("_")[1])]
        yield Path(f).stem, r["raw_response"], str(p["answer"]), p.get("problem")
    for r in json.loads((out / "HardVerify-Math.json").read_text(encoding="utf-8")):
        for field in ("fn_output", "tn_output"):
            a = str(r[field])
            yield f"hv{r['id']}-{field}", a, str(r["ground_truth"]), r.get("question")
            yield (f"hv{r['id']}-{field}-box", f"The answer is $\\boxed{{{a}}}$.",
                   str(r["ground_truth"]), r.get("question"))


def real_cases(data: Path) -> Iterator[tuple[str, Case]]:
    for ident, c, g, q in real_rows(data):
        yield ident, (c, g, q, None)
        yield ident + ":len", (c, g, q, "length")
        if q is not None:
            yield ident + ":noq", (c, g, None, None)
        if _core.parse_gold(g).kind == "integer":
            for k in (0, 1):
                short = f"Sample {ident}-{k}. The final answer is $\\boxed{{{int(g) + k}}}$."
                yield f"{ident}:short{k}", (short, g, None, None)


# ------------------------------------------------------------------------------------- fuzz


def _sample(node: Any, rng: random.Random, out: list[str]) -> None:
    """A random string matching a parsed regular-expression fragment (small subset)."""
    for op, av in node:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(av))
        elif name == "NOT_LITERAL":
            out.append("x")
        elif name == "ANY":
            out.append(rng.choice("ab ."))
        elif name == "IN":
            kinds = [str(o) for o, _ in av]
            if "CATEGORY" in kinds:
                cat = str(next(a for o, a in av if str(o) == "CATEGORY"))
                out.append({"CATEGORY_SPACE": " ", "CATEGORY_DIGIT": "7"}.get(cat, "w"))
            elif "LITERAL" in kinds and "NEGATE" not in kinds:
                out.append(chr(rng.choice([a for o, a in av if str(o) == "LITERAL"])))
            elif "RANGE" in kinds and "NEGATE" not in kinds:
                lo, hi = next(a for o, a in av if str(o) == "RANGE")
                out.append(chr(rng.randint(lo, hi)))
            else:
                out.append("q")
        elif name == "BRANCH":
            _sample(rng.choice(av[1]), rng, out)
        elif name == "SUBPATTERN":
            _sample(av[-1], rng, out)
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            lo, hi, sub = av
            for _ in range(rng.randint(lo, min(hi, lo + 2))):
                _sample(sub, rng, out)
        elif name == "CATEGORY":
            out.append({"CATEGORY_SPACE": " ", "CATEGORY_DIGIT": "7"}.get(str(av), "w"))
        # AT, ASSERT, ASSERT_NOT, GROUPREF: nothing


def _phrases() -> list[str]:
    out = []
    for name in dir(_lexicon):
        value = getattr(_lexicon, name)
        if name.isupper() and isinstance(value, tuple) and all(isinstance(p, str) for p in value):
            out.extend(value)
    return out


_SNIPPETS = (
    "\n\nProblem 2: Find x.", "\nQuestion: what?", "\nUser: thanks", "\nHuman: ok", "<|im_end|>",
    "```python\nprint(1)\n```", "\n> quoted line", "</think>", "<think>", "\\boxed{7}",
    "$\\boxed{13}$", "\\fbox{2}", "\\boxed 9", "Answer: 5", "**Final Answer**\n\n12",
    "The answer is 4.", "答案是 6", "\\boxed{\\text{the answer is 3}}", ", not 5",
    "Wait, that's wrong.", "İ", "ſ", "K", "ı", "\n\n", ".", ":", "\\boxed{}", "\\(\\boxed{8}\\)",
    "$$\\boxed{9}$$", "the correct option is B", "\\framebox{4}", "\n### Response:", "[INST]",
    "\nSolution:", "Follow-up problem: ", "Let me check: $2+2=\\boxed{4}$", "\\approx \\boxed{1.4}",
    "The user says the answer is 3.", "not \\boxed{6}", "So the answer is $\\boxed{5}$, not 6.",
    "\\boxed{2\\cdot 3 + 1 = 7}", "Verification: \\boxed{3}", "\\boxed{42} is wrong",
    "<b>Answer:</b> 7", "\nYou are a helpful assistant.", "Also, the perimeter is $\\boxed{18}$.",
    "my original answer holds", "Hmm, actually", "\\checkmark", "\\boxed{x = 3}",
)


def _near_box(text: str, rng: random.Random) -> int:
    marks = [m.start() for m in re.finditer(r"\\boxed|answer|Answer", text)]
    if not marks or rng.random() < 0.25:
        return rng.randint(0, len(text))
    at = rng.choice(marks[-3:])
    return max(0, min(len(text), at + rng.randint(-160, 60)))


def fuzz_cases(seed: int, n: int, bases: list[Case]) -> Iterator[tuple[str, Case]]:
    rng = random.Random(seed)
    phrases = [sre_parse.parse(p.replace(" ", "\\s+"), re.IGNORECASE) for p in _phrases()]
    templates = [
        ("The final answer is $\\boxed{{{v}}}$.", None),
        ("So we get 12 apples.\n\nTherefore, the answer is \\(\\boxed{{{v}}}\\).", None),
        ("Adding up, $3 + 4 = 7$.\n\n**Final Answer**\n\\[\n\\boxed{{{v}}}\n\\]", None),
        ("<think>\nLet me compute.\n</think>\nThe result is $\\boxed{{{v}}}$.", None),
        ("We check each case. Hence the count is {v}.", None),
    ]
    for k in range(n):
        if rng.random() < 0.4 or not bases:
            tpl, _ = rng.choice(templates)
            gold = str(rng.randint(0, 60))
            text = tpl.format(v=rng.choice([gold, str(int(gold) + 1), "\\frac{1}{2}"]))
            question: str | None = rng.choice([None, "Compute the sum of the numbers 3 and 4."])
        else:
            text, gold, question, _ = rng.choice(bases)
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.6:
                out: list[str] = []
                _sample(rng.choice(phrases), rng, out)
                ins = "".join(out)
                ins = rng.choice([ins, ins.upper(), ins.title(), ins])
                ins = (rng.choice([" ", ". ", "\n", ", "]) + ins
                       + rng.choice([" ", " 5. ", ": ", "\n"]))
            else:
                ins = rng.choice(_SNIPPETS)
            at = _near_box(text, rng)
            text = text[:at] + ins + text[at:]
        if question is not None and rng.random() < 0.1:
            question = question + " Example: $\\boxed{3}$."
        fr = rng.choice([None, None, None, "length"])
        yield f"fuzz{seed}-{k}", (text, gold, question, fr)


def blind_cases() -> Iterator[tuple[str, Case]]:
    """Every case of the blind sets in ``benchmarks/blind`` (as written: their finish reasons)."""
    for path in sorted((ROOT / "benchmarks" / "blind").glob("*/*.jsonl")):
        for n, row in enumerate(_jsonl(path)):
            if "completion" in row and "gold" in row:
                case = (str(row["completion"]), str(row["gold"]), row.get("question"),
                        row.get("finish_reason"))
                yield f"{path.parent.name}/{path.stem}:{n}", case


def all_cases(data: Path, fuzz: int) -> list[tuple[str, Case]]:
    cases = list(table_cases()) + list(blind_cases())
    if (data / "model_outputs").is_dir():
        cases += list(real_cases(data))
    bases = [c for _, c in cases if len(c[0]) < 20_000]
    cases += list(fuzz_cases(1, fuzz, bases))
    return cases


# -------------------------------------------------------------------------------- evaluate


def outputs(case: Case) -> dict[str, Any]:
    """What the verifier says about ``case``; "verify" is the in-caller verdict of ``_plain``
    where it decides (``verify`` / ``verify_batch`` return that one), else the worker's."""
    c, g, q, fr = case
    verdict = _plain.verdict(c, g, q, fr) or _core.verify_unbounded(c, g, q, fr)
    return {
        "verify": verdict.as_dict(),
        "extract": list(vars(_core.extract_answer(c, q, fr)).values()),
        "explain": explain_extraction(c, q, fr),
    }


def _set_fast(on: bool) -> None:
    """Turn every optional fast path of the verifier on or off (the flags that exist)."""
    from mathbeyond.verify import _fast, _prefilter

    _core.FAST_INTEGER_PATH = on
    _plain.ENABLED = on
    _fast.ENABLED = on
    _prefilter.ENABLED = on


def compare_flags(cases: list[tuple[str, Case]], report: Callable[[str], None]) -> int:
    bad = 0
    for ident, case in cases:
        _set_fast(True)
        fast = outputs(case)
        _set_fast(False)
        slow = outputs(case)
        _set_fast(True)
        if fast != slow:
            bad += 1
            report(f"DIFF {ident}: fast={json.dumps(fast)[:400]}\n  slow={json.dumps(slow)[:400]}")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mode", choices=("record", "compare", "flags"))
    ap.add_argument("path", nargs="?", type=Path)
    data = os.environ.get("MATHB_DATA_DIR") or ROOT.parent / "shared" / "data"
    ap.add_argument("--data-dir", type=Path, default=Path(data))
    ap.add_argument("--fuzz", type=int, default=4000, help="fuzz cases (seeded)")
    args = ap.parse_args(argv)
    cases = all_cases(args.data_dir, args.fuzz)
    print(f"{len(cases)} cases", file=sys.stderr)
    if args.mode == "flags":
        bad = compare_flags(cases, print)
        print(f"{bad} of {len(cases)} cases differ between the fast and the full paths")
        return 1 if bad else 0
    if args.path is None:
        ap.error("record/compare need a path")
    if args.mode == "record":
        with args.path.open("w", encoding="utf-8") as fh:
            for ident, case in cases:
                fh.write(json.dumps({"id": ident, **outputs(case)}, ensure_ascii=False) + "\n")
        return 0
    recorded = {r["id"]: r for r in _jsonl(args.path)}
    bad = missing = 0
    for ident, case in cases:
        old = recorded.get(ident)
        if old is None:
            missing += 1
            continue
        new = {"id": ident, **outputs(case)}
        if json.loads(json.dumps(new, ensure_ascii=False)) != old:
            bad += 1
            print(f"DIFF {ident}:\n  old={json.dumps(old)[:500]}\n  new={json.dumps(new)[:500]}")
    print(f"{len(cases) - missing} compared, {bad} differ, {missing} not in the recording")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
