"""Row formats: how one source row (a mapping) becomes a :class:`Problem`.

A format is bound once per file to its column names (missing required columns are reported for
the whole file), and the bound parser is then applied row by row. Row-level problems raise
:class:`RowError`; the loader turns it into a :class:`DataError` naming the file and row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ._text import format_scalar, last_boxed, strip_prompt_template
from ._types import Problem

Row = Mapping[str, Any]
Meta = dict[str, Any]


class RowError(ValueError):
    """A problem with one row; the loader adds the file and row number."""


class BoundParser(Protocol):
    def __call__(self, row: Row, position: int) -> Problem: ...


class RowFormat(Protocol):
    """Something that can parse rows of a file with the given columns."""

    def bind(self, dataset: str, columns: Sequence[str]) -> BoundParser:
        """A row parser for a file with ``columns``; raises RowError for missing columns."""
        ...


def get_path(row: Row, dotted: str) -> Any:
    """``row["a"]["b"]`` for ``"a.b"``; ``None`` when any level is missing or null."""
    value: Any = row
    for part in dotted.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(part)
        if value is None:
            return None
    return value


def _first(row: Row, names: Sequence[str]) -> tuple[str, Any]:
    for name in names:
        value = get_path(row, name)
        if value is not None:
            return name, value
    return names[0], None


def scalar_text(name: str, value: Any, what: str) -> str:
    if value is None:
        raise RowError(f"missing {what} (field {name!r} is absent or null)")
    try:
        text = format_scalar(value)
    except TypeError:
        raise RowError(
            f"field {name!r} must be a string or number, got {type(value).__name__}"
        ) from None
    if not text:
        raise RowError(f"empty {what} (field {name!r})")
    return text


# ---- problem-text getters -------------------------------------------------------------------

ProblemGetter = Callable[[Row], tuple[str, Meta]]
AnswerGetter = Callable[[Row], tuple[str, Meta]]


@dataclass(frozen=True)
class TextField:
    """Problem text from the first present field among ``names`` (``context`` is prepended)."""

    names: tuple[str, ...]
    context: str | None = None

    def __call__(self, row: Row) -> tuple[str, Meta]:
        name, value = _first(row, self.names)
        if value is not None and not isinstance(value, str):
            raise RowError(f"field {name!r} must be a string, got {type(value).__name__}")
        text = scalar_text(name, value, "problem text")
        ctx = None if self.context is None else get_path(row, self.context)
        if isinstance(ctx, str) and ctx.strip():
            text = f"{ctx.strip()}\n\n{text}"
        return text, {}


@dataclass(frozen=True)
class ChatPrompt:
    """Problem text from a verl-style chat ``prompt`` (list of ``{role, content}``).

    The last user message is taken; DAPO's instruction template and the "Let's think step by
    step…" suffix are stripped. The untouched user message is kept as ``metadata["raw_prompt"]``.
    """

    name: str = "prompt"

    def __call__(self, row: Row) -> tuple[str, Meta]:
        messages = row.get(self.name)
        if isinstance(messages, str):
            content = messages
        elif isinstance(messages, Sequence) and messages:
            users = [m for m in messages if isinstance(m, Mapping) and m.get("role") == "user"]
            if not users:
                raise RowError(f"field {self.name!r} has no user message")
            last = users[-1].get("content")
            if not isinstance(last, str):
                raise RowError(f"user message in {self.name!r} has no string content")
            content = last
        else:
            raise RowError(
                f"field {self.name!r} must be a non-empty chat message list, "
                f"got {type(messages).__name__}"
            )
        text = strip_prompt_template(content)
        if not text:
            raise RowError(f"empty problem text in {self.name!r}")
        return text, {"raw_prompt": content}


# ---- answer getters --------------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerField:
    """Answer from the first present field among ``names``.

    A list value (several accepted forms of one answer) uses its first element; all of them are
    kept, stripped, as ``metadata["answers"]``.
    """

    names: tuple[str, ...]

    def __call__(self, row: Row) -> tuple[str, Meta]:
        name, value = _first(row, self.names)
        if isinstance(value, list):
            forms = [scalar_text(name, v, "answer") for v in value]
            if not forms:
                raise RowError(f"empty answer list (field {name!r})")
            return forms[0], {"answers": forms}
        return scalar_text(name, value, "answer"), {}


@dataclass(frozen=True)
class JoinedAnswer:
    """Answer from a list field (OlympiadBench ``final_answer``): elements joined by ``sep``.

    The list itself is kept as ``metadata[name]``. Every real row has exactly one element, in which
    case the answer is that element unchanged (``$...$`` delimiters included).
    """

    name: str
    sep: str = ", "

    def __call__(self, row: Row) -> tuple[str, Meta]:
        value = row.get(self.name)
        if not isinstance(value, list):
            if value is None:
                raise RowError(f"missing answer (field {self.name!r} is absent or null)")
            raise RowError(f"field {self.name!r} must be a list, got {type(value).__name__}")
        parts = [scalar_text(self.name, v, "answer") for v in value]
        if not parts:
            raise RowError(f"empty answer list (field {self.name!r})")
        return self.sep.join(parts), {self.name: parts}


@dataclass(frozen=True)
class BoxedAnswer:
    """Answer = content of the last ``\\boxed{}`` in a solution field (Minerva)."""

    name: str = "solution"

    def __call__(self, row: Row) -> tuple[str, Meta]:
        value = row.get(self.name)
        if not isinstance(value, str):
            raise RowError(f"field {self.name!r} must be a string, got {type(value).__name__}")
        boxed = last_boxed(value)
        if not boxed:
            raise RowError(f"no complete \\boxed{{...}} answer in field {self.name!r}")
        return boxed, {}


# ---- the generic format ----------------------------------------------------------------------


@dataclass(frozen=True)
class FieldFormat:
    """A row format described by field names.

    ``id`` is ``{dataset}/{index}``: the value of ``index_field`` when the file has that field,
    else the row's position in the file. ``keep`` fields are copied into ``metadata`` when present.
    """

    problem: ProblemGetter
    answer: AnswerGetter
    required: tuple[str, ...] = ()
    index_field: str | None = None
    source_field: str | None = None
    topic_field: str | None = None
    difficulty_field: str | None = None
    keep: tuple[str, ...] = field(default=())

    def bind(self, dataset: str, columns: Sequence[str]) -> BoundParser:
        present = set(columns)
        missing = [c for c in self.required if c.split(".", 1)[0] not in present]
        if missing:
            raise RowError(
                f"missing column(s) {', '.join(missing)}; columns present: {', '.join(columns)}"
            )
        use_index = self.index_field is not None and self.index_field.split(".", 1)[0] in present

        def parse(row: Row, position: int) -> Problem:
            text, meta = self.problem(row)
            answer, answer_meta = self.answer(row)
            meta.update(answer_meta)
            for name in self.keep:
                value = get_path(row, name)
                if value is not None:
                    meta[name] = value
            index: Any = position
            if use_index and self.index_field is not None:
                index = get_path(row, self.index_field)
                if not isinstance(index, int | str) or isinstance(index, bool):
                    raise RowError(f"index field {self.index_field!r} must be an int or string")
            return Problem(
                id=f"{dataset}/{index}",
                problem=text,
                answer=answer,
                source=label_of(row, self.source_field) or dataset,
                topic=label_of(row, self.topic_field),
                difficulty=label_of(row, self.difficulty_field),
                metadata=meta,
            )

        return parse


def label_of(row: Row, name: str | None) -> str | None:
    if name is None:
        return None
    value = get_path(row, name)
    try:
        return format_scalar(value) or None
    except TypeError:
        raise RowError(
            f"field {name!r} must be a string or number, got {type(value).__name__}"
        ) from None


PLAIN = FieldFormat(
    problem=TextField(("problem", "question")),
    answer=AnswerField(("answer",)),
    required=("answer",),
    difficulty_field="difficulty",
)
"""Any file with ``problem`` (or ``question``) and ``answer`` fields."""

VERL = FieldFormat(
    problem=ChatPrompt(),
    answer=AnswerField(("reward_model.ground_truth", "ground_truth")),
    required=("prompt",),
    source_field="data_source",
)
"""verl-style rows: chat ``prompt`` list and ``reward_model.ground_truth`` (or ``ground_truth``)."""
