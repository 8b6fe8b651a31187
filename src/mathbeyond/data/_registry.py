"""The dataset registry: one declarative entry per known dataset.

Each entry names its local file(s) relative to the data directory (``MATHB_DATA_DIR`` /
``--data-dir``; the layout of the shared data folder), an optional pinned Hub file, and the row
format that turns a record into a :class:`Problem`. Problem ids are ``{name}/{index}`` where
``index`` is the source's own index field when the entry names one (e.g. DAPO
``extra_info.index``, DeepScaleR ``problem_id``, OlympiadBench ``id``), else the row's 0-based
position in the pinned file.

Hub revisions: MATH-B is pinned to ``MATHB_REVISION``. For the other Hub sources no commit could
be resolved when this registry was written (no Hub access), so ``revision`` is ``None``: such a
download uses the current ``main``, logs a warning, and the loaded :class:`Dataset` records
``revision=None``. Minerva and OlympiadBench have no Hub source here (local files only). Local
files are recorded with ``revision="sha256:<hex>"`` of the file read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .._errors import ConfigError
from ._hub import HubFile
from ._mathb import MathBFormat, mathb_splits
from ._rows import (
    PLAIN,
    VERL,
    AnswerField,
    BoxedAnswer,
    FieldFormat,
    JoinedAnswer,
    RowFormat,
    TextField,
)
from ._types import Problem

SplitBuilder = Callable[[tuple[Problem, ...]], dict[str, tuple[Problem, ...]]]

MATHB_REVISION = "1a2a6294ff8d673aeb271ab3eff272e8d6b48c2d"


@dataclass(frozen=True)
class DatasetSpec:
    name: str
    description: str
    local: tuple[str, ...]
    """Candidate paths relative to the data directory; the first that exists is used."""
    format: RowFormat
    hub: HubFile | None = None
    aliases: tuple[str, ...] = ()
    default_split: str = "test"
    splits: SplitBuilder | None = None
    """Derives named views from all rows; ``None`` means one split, ``default_split``."""
    tolerated_bad_rows: frozenset[int] = field(default=frozenset())
    """Row positions known to be defective in the pinned source file: skipped (with a warning)
    when they fail to parse instead of failing the whole file. Any other bad row is an error."""


_MATH500 = FieldFormat(
    problem=TextField(("problem",)),
    answer=AnswerField(("answer",)),
    required=("problem", "answer"),
    topic_field="subject",
    difficulty_field="level",
    keep=("unique_id",),
)
_OLYMPIAD = FieldFormat(
    problem=TextField(("question", "problem"), context="context"),
    answer=JoinedAnswer("final_answer"),
    required=("final_answer",),
    index_field="id",
    topic_field="subfield",
    keep=("unit", "answer_type", "is_multiple_answer"),
)
_DS_OLYMPIAD = FieldFormat(
    problem=TextField(("problem", "question"), context="context"),
    answer=AnswerField(("answer",)),
    required=("answer",),
    index_field="id",
    topic_field="subfield",
    keep=("unit", "answer_type", "is_multiple_answer"),
)
_MINERVA = FieldFormat(
    problem=TextField(("problem",)),
    answer=BoxedAnswer("solution"),
    required=("problem", "solution"),
    index_field="idx",
    topic_field="type",
)
_DS_MINERVA = FieldFormat(
    problem=TextField(("problem",)),
    answer=AnswerField(("answer",)),
    required=("problem", "answer"),
    index_field="idx",
    topic_field="type",
)
_COMPETITION = FieldFormat(
    problem=TextField(("problem", "question")),
    answer=AnswerField(("answer",)),
    required=("answer",),
    index_field="id",
    keep=("url",),
)
_DS_AIME = FieldFormat(
    problem=TextField(("problem",)),
    answer=AnswerField(("answer",)),
    required=("problem", "answer"),
    difficulty_field="difficulty",
    keep=("year", "aime_number", "problem_number"),
)
_MATH_TRAIN = FieldFormat(
    problem=TextField(("problem",)),
    answer=AnswerField(("answer",)),
    required=("problem", "answer"),
    topic_field="type",
    difficulty_field="difficulty",
)
_DAPO = FieldFormat(
    problem=VERL.problem,
    answer=VERL.answer,
    required=("prompt", "reward_model"),
    index_field="extra_info.index",
    source_field="data_source",
)
_DEEPSCALER_VERL = FieldFormat(
    problem=VERL.problem,
    answer=VERL.answer,
    required=("prompt", "problem_id"),
    index_field="problem_id",
    source_field="data_source",
    difficulty_field="difficulty",
)


_SPECS: tuple[DatasetSpec, ...] = (
    # ---- MATH-Beyond ----------------------------------------------------------------------
    DatasetSpec(
        "math-beyond",
        "MATH-Beyond test set (181 problems) with per-model pass@1024 / unsolved columns; "
        "splits union, intersection (MATH-B-I, base models), intersection_pass0, "
        "intersection_all and one per model",
        local=("math_beyond/test.parquet", "math_beyond/test.csv"),
        format=MathBFormat(),
        hub=HubFile("brendel-group/MATH-Beyond", "test.parquet", MATHB_REVISION),
        aliases=("mathb", "math_beyond"),
        default_split="union",
        splits=mathb_splits,
    ),
    # ---- source pools ------------------------------------------------------------------------
    DatasetSpec(
        "dapo-17k",
        "DAPO-Math-17K (deduplicated verl form locally: 17,917 rows; Hub: the original layout "
        "with DAPO's prompt template, stripped on load)",
        local=("pools/dapo_math_17k.parquet",),
        format=_DAPO,
        hub=HubFile("BytedTsinghua-SIA/DAPO-Math-17k", "data/dapo-math-17k.parquet"),
        aliases=("dapo", "dapo-math-17k"),
        default_split="train",
    ),
    DatasetSpec(
        "deepscaler",
        "DeepScaleR-Preview training set (40,315 rows; Hub only unless pools/deepscaler/"
        "deepscaler.json is present)",
        local=("pools/deepscaler/deepscaler.json",),
        format=PLAIN,
        hub=HubFile("agentica-org/DeepScaleR-Preview-Dataset", "deepscaler.json"),
        default_split="train",
    ),
    DatasetSpec(
        "deepscaler-aime",
        "AIME 1983-2023 part of the DeepScaleR training mix (975 rows)",
        local=("pools/deepscaler/aime_1983_2023.json",),
        format=_DS_AIME,
        default_split="train",
    ),
    DatasetSpec(
        "deepscaler-2000",
        "2,000 DeepScaleR rows in verl format; id = problem_id (index into the 40,315 rows)",
        local=("pools/deepscaler/deepscaler_subset2000_verl.parquet",),
        format=_DEEPSCALER_VERL,
        default_split="train",
    ),
    DatasetSpec(
        "deepscaler-100",
        "100 DeepScaleR rows (verl prompt, ground_truth); id = problem_id",
        local=("pools/deepscaler/deepscaler_subset100_val.parquet",),
        format=_DEEPSCALER_VERL,
        default_split="train",
    ),
    DatasetSpec(
        "deepscaler-803",
        "803 DeepScaleR rows with solutions",
        local=("pools/deepscaler/deepscaler_subset803.json",),
        format=_MATH_TRAIN,
        default_split="train",
    ),
    DatasetSpec(
        "math-train",
        "MATH train split (7,474 rows in the file; rows 886, 1009 (null answer) and 5328, 5330 "
        "(empty answer) are skipped: 7,470 problems)",
        local=("pools/deepscaler/math_train.json",),
        format=_MATH_TRAIN,
        default_split="train",
        tolerated_bad_rows=frozenset({886, 1009, 5328, 5330}),
    ),
    # ---- dedup / evaluation benchmarks ---------------------------------------------------
    DatasetSpec(
        "math500",
        "MATH-500 (500 rows)",
        local=("benchmarks/math500_test.jsonl",),
        format=_MATH500,
        hub=HubFile("HuggingFaceH4/MATH-500", "test.jsonl"),
        aliases=("math-500",),
    ),
    DatasetSpec(
        "minerva",
        "Minerva Math / OCW (272 rows); answer = last \\boxed{} of the solution",
        local=("benchmarks/minerva_math_test.jsonl",),
        format=_MINERVA,
        aliases=("minerva-math",),
    ),
    DatasetSpec(
        "olympiadbench",
        "OlympiadBench OE_TO_maths_en_COMP (675 rows); answer = final_answer list joined by ', '",
        local=("benchmarks/olympiadbench_test.jsonl",),
        format=_OLYMPIAD,
        aliases=("olympiad-bench", "olympiad_bench"),
    ),
    DatasetSpec(
        "amc23",
        "AMC 2023 12A/12B (40 rows)",
        local=("benchmarks/amc23_test.jsonl",),
        format=_COMPETITION,
        hub=HubFile("math-ai/amc23", "test.jsonl"),
    ),
    DatasetSpec(
        "aime24",
        "AIME 2024 I+II (30 rows)",
        local=("benchmarks/aime24_test.jsonl",),
        format=_COMPETITION,
        hub=HubFile("HuggingFaceH4/aime_2024", "data/train-00000-of-00001.parquet"),
    ),
    DatasetSpec(
        "aime25",
        "AIME 2025 I+II (30 rows)",
        local=("benchmarks/aime25_test.jsonl",),
        format=_COMPETITION,
        hub=HubFile("math-ai/aime25", "test.jsonl"),
    ),
    # ---- the same benchmarks as prepared by DeepScaleR -----------------------------------
    DatasetSpec(
        "deepscaler-test-aime24",
        "AIME 2024 as prepared by DeepScaleR (30 rows)",
        local=("benchmarks/deepscaler_copies/aime.json",),
        format=_DS_AIME,
    ),
    DatasetSpec(
        "deepscaler-test-amc",
        "AMC 2022+2023 as prepared by DeepScaleR (83 rows)",
        local=("benchmarks/deepscaler_copies/amc.json",),
        format=_COMPETITION,
    ),
    DatasetSpec(
        "deepscaler-test-math500",
        "MATH-500 as prepared by DeepScaleR (500 rows)",
        local=("benchmarks/deepscaler_copies/math.json",),
        format=_MATH500,
    ),
    DatasetSpec(
        "deepscaler-test-minerva",
        "Minerva as prepared by DeepScaleR (272 rows; answer list -> first form, all forms in "
        "metadata['answers'])",
        local=("benchmarks/deepscaler_copies/minerva.json",),
        format=_DS_MINERVA,
    ),
    DatasetSpec(
        "deepscaler-test-olympiadbench",
        "OlympiadBench as prepared by DeepScaleR (675 rows)",
        local=("benchmarks/deepscaler_copies/olympiad_bench.json",),
        format=_DS_OLYMPIAD,
    ),
)

_BY_NAME: dict[str, DatasetSpec] = {}
for _spec in _SPECS:
    for _key in (_spec.name, *_spec.aliases):
        if _key in _BY_NAME:
            raise RuntimeError(f"duplicate dataset name {_key!r}")
        _BY_NAME[_key] = _spec


def dataset_names() -> tuple[str, ...]:
    """Canonical names of all registered datasets, in registry order."""
    return tuple(s.name for s in _SPECS)


def all_specs() -> tuple[DatasetSpec, ...]:
    return _SPECS


def find_spec(name: str) -> DatasetSpec | None:
    """Registry entry for a canonical name or alias (case-insensitive), else None."""
    return _BY_NAME.get(name.strip().lower())


def get_spec(name: str) -> DatasetSpec:
    spec = find_spec(name)
    if spec is None:
        raise ConfigError(
            f"unknown dataset {name!r}; known datasets: {', '.join(dataset_names())} "
            "(or a file path / file:PATH)"
        )
    return spec
