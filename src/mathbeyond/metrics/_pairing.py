"""Pairing a post-trained run with its base, the zero-baseline shortcut, and the paired test.

* **Pairing.** A run records the base model its model was post-trained from (manifest
  ``base_model``, else the registry's ``base`` of a registered post-trained model).
  :func:`find_base_run` looks for that model's run on the same dataset and split in a directory
  of runs.
* **Zero baseline from the dataset's flags.** On a MATH-B split ``mathb:BASE`` every problem is
  flagged unsolved by ``BASE`` (``metadata["unsolved"][BASE]``), so the base's reachable set is
  empty by construction and Expansion = pass@k of the post-trained model. :func:`compare_with_flags`
  reads the base's reachable set from the flags (the base is *not* re-measured) for any dataset
  that records such flags.
* **Why re-measuring matters.** The split was *selected* for the base's failure in one draw of
  ``k`` samples. A problem with per-sample success ``p`` fails ``k`` draws with probability
  ``(1 - p)^k`` (0.368 at ``p = 1/1024``, ``k = 1024``), so a fresh draw of the base solves some
  flagged problems by chance: that fresh-draw rate is the noise floor of Expansion.
  :func:`compare_paired` reports it next to Expansion for a fresh base run, together with an
  exact one-sided McNemar test (:func:`mcnemar_exact`) on the discordant problems.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .._errors import ConfigError
from ._compare import Comparison, R1Mode, Rate, compare
from ._uncertainty import DEFAULT_LEVEL
from ._verdicts import RunVerdicts, align

if TYPE_CHECKING:
    from ..data import Problem
    from ..store import RunManifest

_NEVER = np.iinfo(np.int64).max
"""Horizon of a flags-derived base: "solved within k" is known for every k."""


def miss_probability(p: float, k: int) -> float:
    """Probability that ``k`` independent samples with per-sample success ``p`` all fail."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"p must be in [0, 1], got {p}")
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    return (1.0 - p) ** k


def remeasure_explanation(k: int | None) -> str:
    """Why a zero baseline read from a dataset's flags is an optimistic reference."""
    kk = 1024 if k is None else k
    miss = miss_probability(1.0 / kk, kk)
    draw = f"one draw of k = {k} samples" if k is not None else "one draw of k samples"
    return (
        f"why re-measure: the split's problems were selected because the base failed them in "
        f"{draw}; a fresh draw of the base solves some of them by chance (a problem with "
        f"per-sample success p fails {kk} samples with probability (1 - p)^{kk} = {miss:.2f} "
        f"at p = 1/{kk}). That fresh-draw rate is the noise floor of Expansion: sample the "
        "base again on this split and pass --base RUN to measure it."
    )


# ---- exact paired test ----------------------------------------------------------------------


@dataclass(frozen=True)
class McNemar:
    """Exact McNemar test on the discordant problems of a paired comparison.

    ``post_only`` problems are solved by the post-trained model but not the base, ``base_only``
    the reverse. Under H0 (no difference) each discordant problem is ``post_only`` with
    probability 1/2, so ``post_only ~ Binomial(post_only + base_only, 1/2)``.
    """

    post_only: int
    base_only: int
    p_value: float
    """One-sided: P(X >= post_only); small when the post model solves more than the base."""
    p_two_sided: float
    """min(1, 2 * min(P(X >= post_only), P(X <= post_only)))."""

    @property
    def discordant(self) -> int:
        return self.post_only + self.base_only

    def as_dict(self) -> dict[str, Any]:
        return {
            "test": "exact McNemar (binomial on discordant problems, p = 1/2)",
            "post_only": self.post_only,
            "base_only": self.base_only,
            "discordant": self.discordant,
            "p_value_one_sided": self.p_value,
            "p_value_two_sided": self.p_two_sided,
            "alternative": "post solves more problems than base",
        }


def _binomial_tail(n: int, lo: int, hi: int) -> Fraction:
    """P(lo <= X <= hi) for X ~ Binomial(n, 1/2), exactly."""
    lo, hi = max(lo, 0), min(hi, n)
    if lo > hi:
        return Fraction(0)
    return Fraction(sum(math.comb(n, i) for i in range(lo, hi + 1)), 2**n)


def mcnemar_exact(post_only: int, base_only: int) -> McNemar:
    """Exact one-sided McNemar test (H1: post solves more than base) from discordant counts."""
    if post_only < 0 or base_only < 0:
        raise ValueError("discordant counts must be >= 0")
    n = post_only + base_only
    upper = _binomial_tail(n, post_only, n)
    lower = _binomial_tail(n, 0, post_only)
    two = min(Fraction(1), 2 * min(upper, lower))
    return McNemar(post_only, base_only, float(upper), float(two))


# ---- flags -----------------------------------------------------------------------------------


def flag_models(problems: Sequence[Problem]) -> tuple[str, ...]:
    """Models every one of ``problems`` records an unsolved flag for (``metadata["unsolved"]``)."""
    common: set[str] | None = None
    for p in problems:
        flags = p.metadata.get("unsolved")
        if not isinstance(flags, Mapping):
            return ()
        names = {str(k) for k, v in flags.items() if isinstance(v, bool)}
        common = names if common is None else common & names
    return tuple(sorted(common or ()))


def flags_k(problems: Sequence[Problem]) -> int | None:
    """The k the flags were computed at, when the dataset says (MATH-B: ``pass@1024``)."""
    if problems and all("pass@1024" in p.metadata for p in problems):
        return 1024
    values = {p.metadata.get("flags_k") for p in problems}
    if len(values) == 1:
        (value,) = values
        if isinstance(value, int) and value > 0:
            return value
    return None


def choose_flag_model(
    problems: Sequence[Problem], *, base: str | None, split: str | None
) -> str:
    """The model whose flags give the baseline: ``base`` if given, else the split's name."""
    models = flag_models(problems)
    if not models:
        raise ConfigError(
            "this dataset records no per-model unsolved flags, so the base cannot be read from "
            "it: pass --base RUN (a base run on the same problems) or --runs DIR"
        )
    for candidate in (base, split):
        if candidate is None:
            continue
        key = _match(candidate, models)
        if key is not None:
            return key
        if candidate is base:
            raise ConfigError(
                f"the dataset has no unsolved flags for base {base!r}; flags exist for: "
                f"{', '.join(models)} (pass --base RUN to measure the base instead)"
            )
    raise ConfigError(
        "which base model's flags? the run records no base model and its split "
        f"{split!r} names none; pass --base-model NAME (one of: {', '.join(models)}) or "
        "--base RUN"
    )


def _match(name: str, models: Sequence[str]) -> str | None:
    if name in models:
        return name
    from ..models import find_model

    spec = find_model(name)
    if spec is not None and spec.name in models:
        return spec.name
    return None


def flags_baseline(
    problems: Sequence[Problem], model: str, problem_ids: Sequence[str], *, label: str
) -> RunVerdicts:
    """A base "run" whose reachable set is what the dataset's flags say (no samples)."""
    by_id = {p.id: p for p in problems}
    missing = [pid for pid in problem_ids if pid not in by_id]
    if missing:
        raise ConfigError(
            f"{len(missing)} problem(s) of the run are not in the dataset (first: "
            f"{missing[0]!r}); was the dataset changed since the run?"
        )
    solved = [not by_id[pid].metadata["unsolved"][model] for pid in problem_ids]
    size = len(problem_ids)
    return RunVerdicts.from_first_success(
        list(problem_ids),
        np.where(np.array(solved, dtype=bool), 0, -1).astype(np.int64),
        np.full(size, _NEVER, dtype=np.int64),
        n=np.zeros(size, dtype=np.int64),
        c=np.zeros(size, dtype=np.int64),
        label=label,
        model=model,
        adaptive=False,
    )


# ---- results ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SolvedProblem:
    problem_id: str
    first_success: int
    """Index of the post model's first correct sample."""


@dataclass(frozen=True)
class FlagComparison:
    """Post run vs the base's reachable set read from the dataset's flags (not re-measured)."""

    comparison: Comparison
    base_model: str
    dataset: str
    split: str | None
    flags_k: int | None
    flagged_unsolved: int
    """Problems of the run the flags mark unsolved by the base."""
    solved: tuple[SolvedProblem, ...]
    """Problems the post model solves within k that the flags mark unsolved (the expansions)."""
    notes: tuple[str, ...] = field(default=())

    @property
    def explanation(self) -> str:
        return remeasure_explanation(self.flags_k)

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": "zero-baseline from dataset flags",
            "base_remeasured": False,
            "base_model": self.base_model,
            "dataset": self.dataset,
            "split": self.split,
            "flags_k": self.flags_k,
            "flagged_unsolved": self.flagged_unsolved,
            "comparison": self.comparison.as_dict(),
            "solved": [
                {"problem_id": s.problem_id, "first_success": s.first_success}
                for s in self.solved
            ],
            "why_remeasure": self.explanation,
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class PairedComparison:
    """A measured base run vs a post run, with the paired test and the fresh-draw rate."""

    comparison: Comparison
    mcnemar: McNemar
    fresh_draw: Rate | None
    """Share of the problems the dataset flags unsolved by the base that the fresh base run
    solves within k (the noise floor of Expansion); None when the dataset has no such flags."""
    flag_model: str | None = None
    by_flags: FlagComparison | None = None
    """The same post run against the dataset's flags, when they exist."""
    notes: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": "paired runs",
            "base_remeasured": True,
            "comparison": self.comparison.as_dict(),
            "mcnemar": self.mcnemar.as_dict(),
            "fresh_draw": None if self.fresh_draw is None else {
                **self.fresh_draw.as_dict(),
                "flag_model": self.flag_model,
                "meaning": "share of the problems flagged unsolved by the base that a fresh "
                           "base run solves within k: the noise floor of Expansion",
            },
            "by_flags": None if self.by_flags is None else self.by_flags.as_dict(),
            "notes": list(self.notes),
        }


def compare_with_flags(
    post: RunVerdicts,
    problems: Sequence[Problem],
    k: int,
    *,
    base: str | None = None,
    r1: R1Mode = "first",
    level: float = DEFAULT_LEVEL,
) -> FlagComparison:
    """Expansion etc. of ``post`` against the base's flags in ``problems`` (the run's split)."""
    model = choose_flag_model(problems, base=base, split=post.split)
    base_run = flags_baseline(
        problems, model, post.problem_ids, label=f"{model} (dataset flags, not re-measured)"
    )
    result = compare(base_run, post, k, r1=r1, level=level)
    first = dict(zip(post.problem_ids, post.first_success.tolist(), strict=True))
    solved = tuple(SolvedProblem(pid, int(first[pid])) for pid in result.expanded_ids)
    flagged = result.n_problems - result.base_solved
    fk = flags_k(problems)
    notes: list[str] = []
    if fk is not None and k != fk:
        notes.append(f"the flags describe k = {fk} samples of the base; the post run is read at "
                     f"k = {k}")
    return FlagComparison(
        comparison=result,
        base_model=model,
        dataset=post.dataset or "?",
        split=post.split,
        flags_k=fk,
        flagged_unsolved=flagged,
        solved=solved,
        notes=tuple(notes),
    )


def compare_paired(
    base: RunVerdicts,
    post: RunVerdicts,
    k: int,
    *,
    problems: Sequence[Problem] | None = None,
    base_model: str | None = None,
    r1: R1Mode = "first",
    level: float = DEFAULT_LEVEL,
) -> PairedComparison:
    """``compare`` plus the exact McNemar test and, when ``problems`` carry flags for the base,
    the fresh-draw rate (and the flags-based comparison next to the measured one)."""
    result = compare(base, post, k, r1=r1, level=level)
    test = mcnemar_exact(len(result.expanded_ids), len(result.shrunk_ids))
    fresh: Rate | None = None
    flag_model: str | None = None
    by_flags: FlagComparison | None = None
    notes: list[str] = []
    if problems is not None and flag_models(problems):
        try:
            by_flags = compare_with_flags(post, problems, k, base=base_model or base.model,
                                          r1=r1, level=level)
        except ConfigError as exc:
            notes.append(f"no fresh-draw rate: {exc}")
        if by_flags is not None:
            flag_model = by_flags.base_model
            base_a, _ = align(base, post)
            from ._compare import reachable_mask

            reach = dict(zip(base_a.problem_ids, reachable_mask(base_a, k).tolist(), strict=True))
            by_id = {p.id: p for p in problems}
            flagged = [pid for pid in base_a.problem_ids
                       if pid in by_id and by_id[pid].metadata["unsolved"][flag_model]]
            fresh = Rate.of(sum(bool(reach[pid]) for pid in flagged), len(flagged), level)
    return PairedComparison(result, test, fresh, flag_model, by_flags, tuple(notes))


# ---- finding the base run --------------------------------------------------------------------


def base_model_of(manifest: RunManifest) -> str | None:
    """The base model a run's model was post-trained from: the manifest's ``base_model``, else
    the registry's ``base`` of a registered post-trained model."""
    recorded = getattr(manifest, "base_model", None)
    if recorded:
        return str(recorded)
    from ..models import find_model

    spec = find_model(manifest.model)
    return None if spec is None else spec.base


def _names_of(manifest: RunManifest) -> set[str]:
    """Every name a run's model answers to (registry name, Hub id, recorded source ref)."""
    names = {manifest.model}
    if manifest.model_hub_id:
        names.add(manifest.model_hub_id)
    source = getattr(manifest, "model_source", None) or {}
    ref = source.get("ref") if isinstance(source, Mapping) else None
    if ref:
        names.add(str(ref))
    from ..models import find_model

    spec = find_model(manifest.model)
    if spec is not None:
        names.add(spec.name)
    return {n.lower() for n in names}


def _same_model(manifest: RunManifest, name: str) -> bool:
    from ..models import find_model

    wanted = {name.lower()}
    spec = find_model(name)
    if spec is not None:
        wanted |= {spec.name.lower(), spec.hub_id.lower()}
    return bool(_names_of(manifest) & wanted)


def find_base_run(post_dir: Path, runs_dir: Path, *, base_model: str | None = None) -> Path:
    """The run in ``runs_dir`` (its sub-directories) of the post run's base model on the same
    dataset and split. ``base_model`` overrides the recorded base.

    Raises ConfigError (one line) when the base is unknown, or when no run or several match.
    """
    from ..store import read_manifest

    post = read_manifest(post_dir)
    base = base_model or base_model_of(post)
    if base is None:
        raise ConfigError(
            f"{post_dir}: the run records no base model (sample with --base NAME, or pass "
            "--base-model NAME or --base RUN)"
        )
    if not runs_dir.is_dir():
        raise ConfigError(f"--runs {runs_dir}: not a directory")
    found: list[Path] = []
    elsewhere: list[str] = []
    post_key = post_dir.resolve()
    for child in sorted(p for p in runs_dir.iterdir() if (p / "manifest.json").is_file()):
        if child.resolve() == post_key:
            continue
        try:
            manifest = read_manifest(child)
        except Exception:  # noqa: BLE001 - a broken neighbour must not hide the others
            continue
        if not _same_model(manifest, base):
            continue
        if manifest.dataset == post.dataset and manifest.split == post.split:
            found.append(child)
        else:
            elsewhere.append(f"{child.name} ({manifest.dataset}:{manifest.split})")
    if len(found) == 1:
        return found[0]
    if found:
        raise ConfigError(
            f"{len(found)} runs of base {base!r} on {post.dataset}:{post.split} in {runs_dir}: "
            f"{', '.join(p.name for p in found)}; pick one with --base RUN"
        )
    hint = f" (runs of {base!r} on other data: {', '.join(elsewhere)})" if elsewhere else ""
    raise ConfigError(
        f"no run of base {base!r} on {post.dataset}:{post.split} in {runs_dir}{hint}; "
        "sample it, or pass --base RUN"
    )


def run_problems(run_dir: str | Path, *, data_dir: str | Path | None = None) -> tuple[Problem, ...]:
    """The problems of the dataset split a run sampled (local data or the local Hub cache only).

    A ``file:`` run reads the file its manifest names (``dataset_origin``) when it still exists.
    """
    from ..data import load_dataset, load_file
    from ..store import read_manifest

    manifest = read_manifest(run_dir)
    origin = Path(manifest.dataset_origin) if manifest.dataset_origin else None
    if origin is not None and origin.is_file():
        dataset = load_file(origin)
    else:
        dataset = load_dataset(manifest.dataset, data_dir=data_dir, allow_download=False)
    return dataset.split(manifest.split)
