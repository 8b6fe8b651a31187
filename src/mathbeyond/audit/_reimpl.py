"""Faithful re-implementations of third-party answer checkers, used where the library is absent.

Each function follows one source file of one released version, named in its docstring; the
behaviour (extraction, normalization, comparison) is kept, including quirks, because the audit
measures those libraries, not an idealised version of them. When the library is installed,
:mod:`._builtins` loads the real source file instead (see ``source`` in the audit output).
All of these work on strings only: nothing here evaluates model text.
"""

from __future__ import annotations

import re

# ---- lm-evaluation-harness 0.4.13, lm_eval/tasks/hendrycks_math/utils.py ----------------------
# (verl 0.9.1 verl/utils/reward_score/math_reward.py carries the same helpers.)


def last_boxed_only_string(string: str) -> str | None:
    """The last ``\\boxed{...}`` / ``\\boxed ...`` / ``\\fbox{...}`` span, braces balanced."""
    idx = string.rfind("\\boxed")
    if "\\boxed " in string:
        return "\\boxed " + string.rsplit("\\boxed ", maxsplit=1)[-1].split("$", maxsplit=1)[0]
    if idx < 0:
        idx = string.rfind("\\fbox")
        if idx < 0:
            return None
    depth = 0
    for i in range(idx, len(string)):
        if string[i] == "{":
            depth += 1
        elif string[i] == "}":
            depth -= 1
            if depth == 0:
                return string[idx : i + 1]
    return None


def remove_boxed(s: str) -> str:
    """Strip the box command; raises ``AssertionError`` like the original on other input."""
    if "\\boxed " in s:
        left = "\\boxed "
        assert s[: len(left)] == left
        return s[len(left) :]
    left = "\\boxed{"
    assert s[: len(left)] == left
    assert s[-1] == "}"
    return s[len(left) : -1]


def _fix_fracs(string: str) -> str:
    substrs = string.split("\\frac")
    new_str = substrs[0]
    for substr in substrs[1:]:
        new_str += "\\frac"
        if substr[:1] == "{":  # the original indexes substr[0] and raises on "" (caught by caller)
            new_str += substr
            continue
        if len(substr) < 2:
            return string
        a, b = substr[0], substr[1]
        if b != "{":
            new_str += "{" + a + "}{" + b + "}" + substr[2:]
        else:
            new_str += "{" + a + "}" + b + substr[2:]
    return new_str


def _fix_a_slash_b(string: str) -> str:
    parts = string.split("/")
    if len(parts) != 2:
        return string
    try:
        a, b = int(parts[0]), int(parts[1])
    except ValueError:
        return string
    if string != f"{a}/{b}":
        return string
    return "\\frac{" + str(a) + "}{" + str(b) + "}"


def _remove_right_units(string: str) -> str:
    if "\\text{ " in string:
        splits = string.split("\\text{ ")
        assert len(splits) == 2
        return splits[0]
    return string


def _fix_sqrt(string: str) -> str:
    if "\\sqrt" not in string:
        return string
    splits = string.split("\\sqrt")
    new_string = splits[0]
    for split in splits[1:]:
        if split[0] != "{":  # IndexError on a trailing \sqrt, as in the original
            new_string += "\\sqrt{" + split[0] + "}" + split[1:]
        else:
            new_string += "\\sqrt" + split
    return new_string


def hendrycks_strip_string(string: str) -> str:
    """``strip_string`` of hendrycks_math/utils.py."""
    string = string.replace("\n", "").replace("\\!", "").replace("\\\\", "\\")
    string = string.replace("tfrac", "frac").replace("dfrac", "frac")
    string = string.replace("\\left", "").replace("\\right", "")
    string = string.replace("^{\\circ}", "").replace("^\\circ", "")
    string = string.replace("\\$", "")
    string = _remove_right_units(string)
    string = string.replace("\\%", "")
    string = string.replace(" .", " 0.").replace("{.", "{0.")
    if len(string) == 0:
        return string
    if string[0] == ".":
        string = "0" + string
    if len(string.split("=")) == 2 and len(string.split("=")[0]) <= 2:
        string = string.split("=")[1]
    string = _fix_sqrt(string)
    string = string.replace(" ", "")
    string = _fix_fracs(string)
    if string == "0.5":
        string = "\\frac{1}{2}"
    return _fix_a_slash_b(string)


def hendrycks_is_equiv(str1: str | None, str2: str | None) -> bool:
    if str1 is None and str2 is None:
        return True
    if str1 is None or str2 is None:
        return False
    try:
        return hendrycks_strip_string(str1) == hendrycks_strip_string(str2)
    except Exception:  # noqa: BLE001 - the original falls back to raw equality on any error
        return str1 == str2


def lm_eval_hendrycks(completion: str, gold: str) -> bool:
    """``process_results`` of hendrycks_math/utils.py: the text between the first and last
    ``$`` (the whole output when there are fewer than two) against the gold."""
    indices = [pos for pos, char in enumerate(completion) if char == "$"]
    answer = completion if len(indices) <= 1 else completion[indices[0] + 1 : indices[-1]]
    return hendrycks_is_equiv(answer, gold)


# ---- verl 0.9.1, verl/utils/reward_score/math_reward.py (``math``) ------------------------------


def verl_math(completion: str, gold: str) -> float:
    """``compute_score``: last box, ``remove_boxed``, hendrycks ``is_equiv``; 1.0 / 0.0."""
    try:
        boxed = last_boxed_only_string(completion)
        if boxed is not None and hendrycks_is_equiv(remove_boxed(boxed), gold):
            return 1.0
    except Exception:  # noqa: BLE001 - the original prints and returns 0.0
        return 0.0
    return 0.0


# ---- verl 0.9.1, verl/utils/reward_score/math_dapo.py ------------------------------------------

_DAPO_SUBSTITUTIONS = [
    ("an ", ""), ("a ", ""), (".$", "$"), ("\\$", ""), ("\\ ", ""), (" ", ""),
    ("mbox", "text"), (",\\text{and}", ","), ("\\text{and}", ","), ("\\text{m}", "\\text{}"),
]  # fmt: skip
_DAPO_REMOVED = [
    "square", "ways", "integers", "dollars", "mph", "inches", "hours", "km", "units", "\\ldots",
    "sue", "points", "feet", "minutes", "digits", "cents", "degrees", "cm", "gm", "pounds",
    "meters", "meals", "edges", "students", "childrentickets", "multiples", "\\text{s}",
    "\\text{.}", "\\text{\ns}", "\\text{}^2", "\\text{}^3", "\\text{\n}", "\\text{}",
    "\\mathrm{th}", "^\\circ", "^{\\circ}", "\\;", ",\\!", "{,}", '"', "\\dots",
]  # fmt: skip


def dapo_normalize_final_answer(final_answer: str) -> str:
    """``normalize_final_answer`` of math_dapo.py (Minerva appendix D, plain ``replace``)."""
    final_answer = final_answer.rsplit("=", maxsplit=1)[-1]
    for before, after in _DAPO_SUBSTITUTIONS:
        final_answer = final_answer.replace(before, after)
    for expr in _DAPO_REMOVED:
        final_answer = final_answer.replace(expr, "")
    final_answer = re.sub(r"(.*?)(\$)(.*?)(\$)(.*)", "$\\3$", final_answer)
    final_answer = re.sub(r"(\\text\{)(.*?)(\})", "\\2", final_answer)
    final_answer = re.sub(r"(\\textbf\{)(.*?)(\})", "\\2", final_answer)
    final_answer = re.sub(r"(\\overline\{)(.*?)(\})", "\\2", final_answer)
    final_answer = re.sub(r"(\\boxed\{)(.*)(\})", "\\2", final_answer)
    final_answer = re.sub(r"(frac)([^{])(.)", "frac{\\2}{\\3}", final_answer)
    final_answer = re.sub(r"(sqrt)([^{])", "sqrt{\\2}", final_answer)
    final_answer = final_answer.replace("$", "")
    if final_answer.replace(",", "").isdigit():
        final_answer = final_answer.replace(",", "")
    return final_answer.strip()


def _dapo_last_box(string: str) -> str | None:
    """math_dapo's ``last_boxed_only_string`` + ``remove_boxed``: ``\\boxed{`` only."""
    idx = string.rfind("\\boxed{")
    if idx < 0:
        return None
    depth = 0
    for i in range(idx, len(string)):
        if string[i] == "{":
            depth += 1
        elif string[i] == "}":
            depth -= 1
            if depth == 0:
                return string[idx + len("\\boxed{") : i]
    return None


def verl_dapo(completion: str, gold: str) -> float:
    """``compute_score`` with its defaults (``strict_box_verify=False``) on the last 300
    characters: the last ``Answer: ...`` line (case-insensitive) compared to the gold after
    ``normalize_final_answer``; only when there is no such line, the last ``\\boxed{}`` in the
    last 100 characters compared to the raw gold string (the 0.9 fallback). 1.0 / -1.0."""
    tail = completion[-300:]
    found = re.findall(r"(?i)Answer\s*:\s*([^\n]+)", tail)
    pred = dapo_normalize_final_answer(found[-1] if found else "[INVALID]")
    if pred != "[INVALID]":
        return 1.0 if pred == dapo_normalize_final_answer(gold) else -1.0
    boxed = _dapo_last_box(tail[-100:])
    if boxed is not None:
        return 1.0 if boxed == gold else -1.0
    return 1.0 if pred == dapo_normalize_final_answer(gold) else -1.0
