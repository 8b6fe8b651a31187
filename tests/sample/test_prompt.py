from __future__ import annotations

import pytest

from mathbeyond import ConfigError
from mathbeyond.models import PROMPT_SUFFIX, get_model
from mathbeyond.sample._prompt import (
    CHAT_TEMPLATE,
    PROMPT_TEMPLATE_ID,
    RAW_TEMPLATE,
    build_prompt,
    prompt_template,
    prompt_text,
)

PROBLEM = "Find $x$ such that $\\{x\\} = 2$ and $f(x)=\\frac{1}{2}$."


def test_chat_model_gets_one_user_message_in_deepscaler_format() -> None:
    prompt = build_prompt(PROBLEM, get_model("deepscaler-1.5b-preview"))
    assert isinstance(prompt, tuple)
    assert prompt == ({"role": "user", "content": f"{PROBLEM} {PROMPT_SUFFIX}"},)
    assert prompt[0]["content"].endswith("within \\boxed{}.")


def test_base_model_gets_raw_question_answer_text() -> None:
    prompt = build_prompt(PROBLEM, get_model("qwen2.5-math-7b"))
    assert prompt == f"Question:\n{PROBLEM} {PROMPT_SUFFIX}\nAnswer:\n"


def test_problem_whitespace_is_stripped_and_braces_survive() -> None:
    prompt = build_prompt(f"  {PROBLEM}\n\n", get_model("qwen2.5-7b"))
    assert isinstance(prompt, str)
    assert PROBLEM in prompt
    assert "{problem}" not in prompt


def test_problem_containing_placeholder_text_is_kept_verbatim() -> None:
    prompt = build_prompt("What is {suffix}?", get_model("qwen2.5-7b"))
    assert prompt == f"Question:\nWhat is {{suffix}}? {PROMPT_SUFFIX}\nAnswer:\n"


def test_custom_suffix_and_template() -> None:
    model = get_model("qwen3-8b")
    prompt = build_prompt(
        PROBLEM, model, suffix="Answer in \\boxed{}.", template="{suffix}\n{problem}"
    )
    assert prompt == ({"role": "user", "content": f"Answer in \\boxed{{}}.\n{PROBLEM}"},)
    t1 = prompt_template(model, "{suffix}\n{problem}")
    t2 = prompt_template(model, "{problem}\n{suffix}")
    assert t1.id.startswith("custom-chat-")
    assert t1.id != t2.id
    assert t1.chat


@pytest.mark.parametrize("bad", ["no placeholder", "{problem} and {problem}"])
def test_bad_custom_template_is_a_config_error(bad: str) -> None:
    with pytest.raises(ConfigError, match="exactly once"):
        build_prompt(PROBLEM, get_model("qwen3-8b"), template=bad)


def test_empty_problem_is_rejected() -> None:
    with pytest.raises(ConfigError, match="empty problem"):
        build_prompt("   ", get_model("qwen3-8b"))


def test_template_ids_and_selection() -> None:
    assert prompt_template(get_model("r1-1.5b")) is CHAT_TEMPLATE
    assert prompt_template(get_model("olmo-7b")) is RAW_TEMPLATE
    assert CHAT_TEMPLATE.id in PROMPT_TEMPLATE_ID
    assert RAW_TEMPLATE.id in PROMPT_TEMPLATE_ID


def test_prompt_text() -> None:
    assert prompt_text("abc") == "abc"
    assert prompt_text(({"role": "user", "content": "q"},)) == "q"
