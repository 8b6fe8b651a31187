"""Built-in verifiers the audit knows by name.

Each entry makes a *scorer*: ``(completion, gold, question) -> float | None`` (a reward; any value
> 0 counts as credit). Scorers are built inside the audit's worker process, so a library that is
slow to import, hangs or crashes costs one worker, never the audit. Where the real library is
installed its own source file is used (loaded by path, so the package's heavy ``__init__`` is not
imported); otherwise a faithful re-implementation from :mod:`._reimpl`. ``source`` says which.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType

from . import _reimpl

Scorer = Callable[[str, str, "str | None"], "float | None"]


@dataclass(frozen=True)
class Builtin:
    """A named verifier: what it follows, and the paper's Table-3 column it corresponds to."""

    name: str
    follows: str
    paper_column: str | None
    make: Callable[[], tuple[Scorer, str]]


def _dist_version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def _load_file(package: str, relative: str) -> ModuleType | None:
    """Execute ``<package dir>/<relative>`` as a stand-alone module, without the package's
    ``__init__`` (verl's and lm-eval's pull in torch/ray/transformers). None when absent."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / relative
    if not path.is_file():
        return None
    name = f"_mathb_audit_{package}_{path.stem}"
    file_spec = importlib.util.spec_from_file_location(name, path)
    if file_spec is None or file_spec.loader is None:
        return None
    module = importlib.util.module_from_spec(file_spec)
    sys.modules[name] = module
    try:
        file_spec.loader.exec_module(module)
    except (ImportError, AssertionError):  # e.g. a dependency pin not met: fall back
        del sys.modules[name]
        return None
    return module


def _positive(value: object) -> float:
    if isinstance(value, dict):
        value = value.get("score", 0.0)
    return float(value)  # type: ignore[arg-type]


# ---- this project --------------------------------------------------------------------------------


def _make_mathbeyond() -> tuple[Scorer, str]:
    from ..verify import VERIFIER_VERSION, verify

    def score(completion: str, gold: str, question: str | None) -> float:
        # the public API, with the verifier's own hard limits (default timeout)
        return 1.0 if verify(completion, gold, question=question).correct else 0.0

    return score, f"mathbeyond verifier {VERIFIER_VERSION} (this package)"


# ---- Math-Verify (TRL, open-r1, plain) -----------------------------------------------------------


def _make_math_verify() -> tuple[Scorer, str]:
    from .._optional import require

    mv = require("math_verify", "audit")

    def score(completion: str, gold: str, question: str | None) -> float:
        return float(mv.verify(mv.parse(f"\\boxed{{{gold}}}"), mv.parse(completion)))

    return score, f"math-verify {_dist_version('math-verify')} (installed): parse/verify defaults"


def _make_trl() -> tuple[Scorer, str]:
    from .._optional import require

    mv = require("math_verify", "audit")
    from latex2sympy2_extended import NormalizationConfig  # type: ignore[import-untyped]

    config = [
        mv.LatexExtractionConfig(
            normalization_config=NormalizationConfig(units=True),
            boxed_match_priority=0,
            try_extract_without_anchor=False,
        )
    ]

    def score(completion: str, gold: str, question: str | None) -> float | None:
        gold_parsed = mv.parse(gold, parsing_timeout=10)
        if len(gold_parsed) == 0:
            return None  # TRL skips the example
        answer = mv.parse(
            completion, extraction_config=config, extraction_mode="first_match", parsing_timeout=10
        )
        return float(mv.verify(gold_parsed, answer, timeout_seconds=5))

    version = _dist_version("trl")
    how = f"trl {version} installed; " if version else ""
    return score, (
        f"{how}re-implementation of trl/rewards/accuracy_rewards.py accuracy_reward (= open-r1 "
        f"rewards.py), on math-verify {_dist_version('math-verify')}; gold as the raw column"
    )


def _make_lighteval() -> tuple[Scorer, str]:
    from .._optional import require

    mv = require("math_verify", "audit")
    gold_cfg = [mv.LatexExtractionConfig()]
    pred_cfg = [mv.ExprExtractionConfig(), mv.LatexExtractionConfig(boxed_match_priority=0)]

    def score(completion: str, gold: str, question: str | None) -> float:
        golds = mv.parse(f"${gold}$", extraction_config=gold_cfg, fallback_mode="first_match",
                         extraction_mode="any_match")  # fmt: skip
        preds = mv.parse(completion, extraction_config=pred_cfg, fallback_mode="first_match",
                         extraction_mode="any_match")  # fmt: skip
        return float(mv.verify(golds, preds, float_rounding=5))

    return score, (
        "re-implementation of lighteval 0.13.0 metrics/dynamic_metrics.py "
        "MultilingualExtractiveMatchMetric as configured by metrics.py latex_gold_metric "
        "(extraction = math-verify's, which was split out of lighteval's extractive_match_utils); "
        f"math-verify {_dist_version('math-verify')}"
    )


# ---- lm-evaluation-harness -----------------------------------------------------------------------


def _make_hendrycks() -> tuple[Scorer, str]:
    real = _load_file("lm_eval", "tasks/hendrycks_math/utils.py")
    if real is not None:
        def score_real(completion: str, gold: str, question: str | None) -> float:
            doc = {"problem": question or "", "solution": f"\\boxed{{{gold}}}"}
            return float(real.process_results(doc, [completion])["exact_match"])

        version = _dist_version("lm_eval")
        return score_real, f"lm_eval {version} (installed): hendrycks_math/utils.py"

    def score(completion: str, gold: str, question: str | None) -> float:
        return float(_reimpl.lm_eval_hendrycks(completion, gold))

    return score, "re-implementation of lm_eval 0.4.13 tasks/hendrycks_math/utils.py"


_MINERVA_RE = re.compile(r"Final Answer: The final answer is(.*?). I hope it is correct.")


def _make_minerva() -> tuple[Scorer, str]:
    real = _load_file("lm_eval", "tasks/minerva_math/utils.py")
    if real is not None:
        def score_real(completion: str, gold: str, question: str | None) -> float:
            doc = {"answer": real.normalize_final_answer(gold), "solution": f"\\boxed{{{gold}}}"}
            return float(real.process_results(doc, [completion])["exact_match"])

        return score_real, f"lm_eval {_dist_version('lm_eval')} (installed): minerva_math/utils.py"

    def score(completion: str, gold: str, question: str | None) -> float:
        found = _MINERVA_RE.search(completion + "I hope it is correct.")
        pred = found.group(1).strip() if found else "[invalidanswer]"
        a = _reimpl.dapo_normalize_final_answer(pred)
        b = _reimpl.dapo_normalize_final_answer(gold)
        return 1.0 if a and a == b else 0.0

    return score, (
        "re-implementation of lm_eval 0.4.13 tasks/minerva_math/utils.py exact_match "
        "(get_unnormalized_answer + normalize_final_answer; the sympy parse_latex equivalence "
        "step needs antlr4 4.11 and is not reproduced: only equal normalized strings match)"
    )


# ---- verl ----------------------------------------------------------------------------------------


def _make_verl_math() -> tuple[Scorer, str]:
    real = _load_file("verl", "utils/reward_score/math_reward.py")
    if real is not None:
        def score_real(completion: str, gold: str, question: str | None) -> float:
            return _positive(real.compute_score(completion, gold))

        return score_real, f"verl {_dist_version('verl')} (installed): reward_score/math_reward.py"

    def score(completion: str, gold: str, question: str | None) -> float:
        return _reimpl.verl_math(completion, gold)

    return score, "re-implementation of verl 0.9.1 verl/utils/reward_score/math_reward.py"


def _make_verl_dapo() -> tuple[Scorer, str]:
    real = _load_file("verl", "utils/reward_score/math_dapo.py")
    if real is not None:
        def score_real(completion: str, gold: str, question: str | None) -> float:
            return _positive(real.compute_score(completion, gold))

        return score_real, f"verl {_dist_version('verl')} (installed): reward_score/math_dapo.py"

    def score(completion: str, gold: str, question: str | None) -> float:
        return _reimpl.verl_dapo(completion, gold)

    return score, "re-implementation of verl 0.9.1 verl/utils/reward_score/math_dapo.py"


# ---- simple strategies ---------------------------------------------------------------------------

_NUMBER = re.compile(r"-?\d+(?:,\d{3})*(?:\.\d+)?")


def _boxes(text: str) -> list[str]:
    found: list[str] = []
    start = 0
    while (idx := text.find("\\boxed{", start)) >= 0:
        depth, i = 0, idx + len("\\boxed")
        for i in range(idx + len("\\boxed"), len(text)):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
        if depth != 0:
            break
        found.append(text[idx + len("\\boxed{") : i])
        start = i + 1
    return found


def _clean(text: str) -> str:
    text = text.strip().rstrip(".").strip().strip("$").strip().rstrip(".")
    for junk in ("\\left", "\\right", "\\!", "\\,", " ", "\\displaystyle"):
        text = text.replace(junk, "")
    return text.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")


def _as_number(text: str) -> Fraction | None:
    m = re.fullmatch(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", text)
    try:
        if m:
            return Fraction(int(m.group(2)), int(m.group(3))) * (-1 if m.group(1) else 1)
        if re.fullmatch(r"-?\d+(?:\.\d+)?(?:/\d+)?", text.replace(",", "")):
            return Fraction(text.replace(",", ""))
    except (ValueError, ZeroDivisionError):
        return None
    return None


def simple_equal(answer: str | None, gold: str) -> bool:
    """Whitespace/``$``/``\\left``-insensitive string equality, or equal exact numbers."""
    if answer is None:
        return False
    a, b = _clean(answer), _clean(gold)
    if a == b:
        return True
    na, nb = _as_number(a), _as_number(b)
    return na is not None and na == nb


def _simple(pick: Callable[[str], str | None], what: str) -> Callable[[], tuple[Scorer, str]]:
    def make() -> tuple[Scorer, str]:
        def score(completion: str, gold: str, question: str | None) -> float:
            return 1.0 if simple_equal(pick(completion), gold) else 0.0

        return score, what

    return make


def _first(items: list[str]) -> str | None:
    return items[0] if items else None


def _last(items: list[str]) -> str | None:
    return items[-1] if items else None


BUILTINS: dict[str, Builtin] = {
    b.name: b
    for b in (
        Builtin("mathbeyond", "this package's verifier (mathbeyond.verify core)", None,
                _make_mathbeyond),
        Builtin("math-verify", "Math-Verify parse+verify, gold given as \\boxed{gold}", "Math-V",
                _make_math_verify),
        Builtin("trl", "TRL / open-r1 accuracy_reward (Math-Verify, boxed first, anchors "
                "required)", "TRL", _make_trl),
        Builtin("lighteval", "LightEval extractive match (latex_gold_metric)", "LightEval",
                _make_lighteval),
        Builtin("lm-eval-hendrycks", "lm-eval hendrycks_math process_results", "LM-Eval",
                _make_hendrycks),
        Builtin("lm-eval-minerva", "lm-eval minerva_math exact_match", "LM-Eval", _make_minerva),
        Builtin("verl-math", "verl default MATH reward (reward_score/math_reward.py)", "VERL",
                _make_verl_math),
        Builtin("verl-dapo", "verl DAPO reward (reward_score/math_dapo.py, defaults)", None,
                _make_verl_dapo),
        Builtin("first-box", "first \\boxed{}, simple equality", None,
                _simple(lambda t: _first(_boxes(t)), "first \\boxed{} (simple strategy)")),
        Builtin("last-box", "last \\boxed{}, simple equality", None,
                _simple(lambda t: _last(_boxes(t)), "last \\boxed{} (simple strategy)")),
        Builtin("first-number", "first number in the text", None,
                _simple(lambda t: _first(_NUMBER.findall(t)), "first number (simple strategy)")),
        Builtin("last-number", "last number in the text", None,
                _simple(lambda t: _last(_NUMBER.findall(t)), "last number (simple strategy)")),
    )
}  # fmt: skip
