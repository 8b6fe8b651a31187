"""Prompt construction: one problem + one model -> the prompt a backend sends.

Two templates, both asking for a ``\\boxed{}`` answer with the paper's instruction
(:data:`~mathbeyond.models.PROMPT_SUFFIX`):

* chat/instruct models (``ModelSpec.chat``): one user message ``"{problem} {suffix}"``,
  DeepScaleR's format; the backend applies the model's own chat template.
* base models: raw text in the ``"abel"`` layout of Qwen2.5-Math's evaluation harness
  (``"Question:\\n{input}\\nAnswer:\\nLet's think step by step.\\n"``), with the instruction
  appended to the question instead of the trailing "Let's think step by step." (the suffix
  already says it), so base models are asked for ``\\boxed{}`` too.

Templates use the literal placeholders ``{problem}`` and ``{suffix}``; they are substituted
with plain string replacement (no ``str.format``), so braces in problems or templates
(``\\boxed{}``) are safe. The manifest stores :attr:`PromptTemplate.id` and ``.text``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .._errors import ConfigError
from ..models import PROMPT_SUFFIX, ModelSpec
from ._backend import ChatMessage, Prompt

PROBLEM_FIELD = "{problem}"
SUFFIX_FIELD = "{suffix}"


@dataclass(frozen=True)
class PromptTemplate:
    """A prompt template: ``text`` with ``{problem}``/``{suffix}``; ``chat`` selects the kind."""

    id: str
    text: str
    chat: bool

    def render(self, problem_text: str, suffix: str = PROMPT_SUFFIX) -> Prompt:
        body = self.text.replace(SUFFIX_FIELD, suffix)
        # Substitute the problem last so a problem containing "{suffix}" stays verbatim.
        before, sep, after = body.partition(PROBLEM_FIELD)
        content = before + problem_text + after if sep else body
        if self.chat:
            return (ChatMessage(role="user", content=content.strip()),)
        return content


CHAT_TEMPLATE = PromptTemplate("deepscaler-chat-v1", "{problem} {suffix}", chat=True)
RAW_TEMPLATE = PromptTemplate(
    "question-answer-v1", "Question:\n{problem} {suffix}\nAnswer:\n", chat=False
)
PROMPT_TEMPLATE_ID = f"{CHAT_TEMPLATE.id}+{RAW_TEMPLATE.id}"
"""Id of the default prompt scheme (chat template for chat models, raw for base models)."""


def prompt_template(model: ModelSpec, template: str | None = None) -> PromptTemplate:
    """The template used for ``model``: the default one, or ``template`` text if given.

    A custom template must contain ``{problem}`` exactly once; its id is derived from its text
    (``custom-<sha256 prefix>``) so runs with different custom templates never look alike.
    """
    if template is None:
        return CHAT_TEMPLATE if model.chat else RAW_TEMPLATE
    count = template.count(PROBLEM_FIELD)
    if count != 1:
        raise ConfigError(
            f"prompt template must contain {PROBLEM_FIELD} exactly once (found {count}): "
            f"{template!r}"
        )
    digest = hashlib.sha256(template.encode()).hexdigest()[:12]
    kind = "chat" if model.chat else "raw"
    return PromptTemplate(f"custom-{kind}-{digest}", template, chat=model.chat)


def build_prompt(
    problem_text: str,
    model: ModelSpec,
    *,
    suffix: str = PROMPT_SUFFIX,
    template: str | None = None,
) -> Prompt:
    """The prompt for ``problem_text``: chat messages for chat models, raw text otherwise."""
    if not problem_text.strip():
        raise ConfigError("cannot build a prompt for an empty problem")
    return prompt_template(model, template).render(problem_text.strip(), suffix)


def prompt_text(prompt: Prompt) -> str:
    """The prompt's text without any chat template (for logging and approximate counts)."""
    if isinstance(prompt, str):
        return prompt
    return "\n".join(m["content"] for m in prompt)
