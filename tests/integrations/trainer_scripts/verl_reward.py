"""verl's real reward path with ``mathbeyond.rewards._verl.compute_score`` on CPU (no Hub, no GPU).

Usage: ``python verl_reward.py OUT.json WORKDIR [--no-ray]``.

1. verl's own PPO config (``verl/trainer/config/ppo_trainer.yaml``, the one ``main_ppo`` uses),
   composed by Hydra with the README's overrides: ``reward.custom_reward_function.path`` = the
   output of ``mathb integrations path verl``, ``.name=compute_score`` and
   ``+reward.custom_reward_function.reward_kwargs.{timeout,workers}``.
2. ``load_reward_manager`` -> the registered reward manager (``naive``), run on a ``DataProto``
   built with verl's classes from the tiny tokenizer's ids (``run_single`` per sample, as
   verl's ``RewardLoopWorker`` does); the same with ``.name=compute_score_async``; then
   ``RewardLoopWorker.compute_score_batch`` in process; and ``.name=compute_score_batch`` in
   verl's legacy ``BatchRewardManager``.
3. Unless ``--no-ray``: ``ray.init(num_cpus=2)`` and a real ``RewardLoopManager`` with
   ``reward.num_workers=2`` actors: ``compute_rm_score`` on the batch, and per-sample
   ``compute_score.remote`` on the actor handles (what verl's agent loop calls), then
   ``ray.shutdown()``.
4. The old top-level key ``custom_reward_function.path``: what ``get_custom_reward_fn`` (the
   function every verl reward manager loader calls) makes of it, and what verl's
   ``migrate_legacy_reward_impl`` (called only by the fully-async entry point) would.
Results (texts, golds, scores, extra info, token-level rewards) go to OUT.json.
"""

from __future__ import annotations

import asyncio
import copy
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _tiny import (
    HOSTILE,
    build_model,
    build_tokenizer,
    dump,
    offline_env,
    verifier_worker_pids,
    versions,
)

offline_env()

import numpy as np  # noqa: E402
import torch  # noqa: E402
import verl  # noqa: E402
from hydra import compose, initialize_config_dir  # noqa: E402
from omegaconf import OmegaConf  # noqa: E402
from tensordict import TensorDict  # noqa: E402
from verl import DataProto  # noqa: E402
from verl.trainer.ppo.metric_utils import process_validation_metrics  # noqa: E402
from verl.trainer.ppo.reward import get_custom_reward_fn, load_reward_manager  # noqa: E402
from verl.utils.reward_score import default_compute_score  # noqa: E402

QUESTION = "What is half of 1 ?"
# (response words, gold); each response is tokenised word by word by the tiny tokenizer.
SAMPLES: list[tuple[str, str]] = [
    ("\\boxed{0.5}", "\\frac{1}{2}"),
    ("half of 1 is \\boxed{\\frac{1}{2}}", "\\frac{1}{2}"),
    ("\\boxed{5}", "\\frac{1}{2}"),
    ("What is", "\\frac{1}{2}"),  # no answer
    ("\\boxed{4}", "4"),
    ("2 + 2 \\boxed{2+2}", "4"),
    *[(h, "4") for h in HOSTILE],
    (f"\\boxed{{4}} {HOSTILE[0]}", "4"),  # a correct box, then a hostile last one
]


def mathb_verl_path() -> str:
    """``mathb integrations path verl``, run as the CLI."""
    code = "from mathbeyond.cli import main; main(['integrations', 'path', 'verl'])"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return out.stdout.strip()


def compose_config(overrides: list[str]) -> Any:
    config_dir = str(Path(verl.__file__).parent / "trainer" / "config")
    with initialize_config_dir(config_dir=config_dir, version_base=None):
        config = compose(config_name="ppo_trainer", overrides=overrides)
    OmegaConf.resolve(config)  # as verl's TaskRunner does before building the trainer
    return config


def build_batch(tokenizer: Any) -> DataProto:
    """A right-padded DataProto in the layout verl's rollout produces."""
    prompt_ids = tokenizer(QUESTION + " Answer:", add_special_tokens=False)["input_ids"]
    responses = [tokenizer(text, add_special_tokens=False)["input_ids"] for text, _ in SAMPLES]
    for ids in responses:
        ids.append(tokenizer.eos_token_id)
    width = max(len(r) for r in responses)
    pad = tokenizer.pad_token_id
    n = len(SAMPLES)
    prompts = torch.tensor([prompt_ids] * n)
    resp = torch.full((n, width), pad, dtype=torch.long)
    resp_mask = torch.zeros((n, width), dtype=torch.long)
    for i, ids in enumerate(responses):
        resp[i, : len(ids)] = torch.tensor(ids)
        resp_mask[i, : len(ids)] = 1
    attention_mask = torch.cat([torch.ones_like(prompts), resp_mask], dim=1)
    batch = TensorDict(
        {
            "prompts": prompts,
            "responses": resp,
            "input_ids": torch.cat([prompts, resp], dim=1),
            "attention_mask": attention_mask,
            "position_ids": torch.clamp(attention_mask.cumsum(dim=1) - 1, min=0),
        },
        batch_size=n,
    )
    non_tensor = {
        "data_source": np.array(["math-beyond"] * n, dtype=object),
        "reward_model": np.array(
            [{"ground_truth": gold, "style": "rule"} for _, gold in SAMPLES], dtype=object
        ),
        "extra_info": np.array(
            [{"question": QUESTION, "index": i} for i in range(n)], dtype=object
        ),
        "raw_prompt": np.array(
            [[{"role": "user", "content": QUESTION}] for _ in range(n)], dtype=object
        ),
    }
    return DataProto(batch=batch, non_tensor_batch=non_tensor)


def plain(value: Any) -> Any:
    """JSON-able form of a reward extra-info value."""
    if isinstance(value, (np.generic,)):
        return value.item()
    return value


def results_of(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "reward_score": float(o["reward_score"]),
            "extra": {k: plain(v) for k, v in o["reward_extra_info"].items()},
        }
        for o in outputs
    ]


async def run_manager(manager: Any, data: DataProto) -> list[dict[str, Any]]:
    return list(
        await asyncio.gather(*(manager.run_single(data[i : i + 1]) for i in range(len(data))))
    )


def main(out: str, workdir: str, use_ray: bool) -> None:
    work = Path(workdir)
    model_dir = work / "model"
    tokenizer = build_tokenizer(model_dir)
    build_model(model_dir, tokenizer)
    path = mathb_verl_path()
    readme_overrides = [
        f"reward.custom_reward_function.path={path}",
        "reward.custom_reward_function.name=compute_score",
        "+reward.custom_reward_function.reward_kwargs.timeout=1.0",
        "+reward.custom_reward_function.reward_kwargs.workers=2",
    ]
    common = [f"actor_rollout_ref.model.path={model_dir}", "reward.num_workers=2"]
    config = compose_config(readme_overrides + common)
    data = build_batch(tokenizer)
    result: dict[str, Any] = {
        "versions": versions("verl", "ray", "torch", "transformers", "tensordict", "hydra-core"),
        "path": path,
        "texts": [text for text, _ in SAMPLES],
        "golds": [gold for _, gold in SAMPLES],
        "question": QUESTION,
        "reward_kwargs": OmegaConf.to_container(config.reward.custom_reward_function.reward_kwargs),
        "decoded": [
            tokenizer.decode(
                data.batch["responses"][i][
                    : int(
                        data.batch["attention_mask"][i, -data.batch["responses"].shape[1] :].sum()
                    )
                ],
                skip_special_tokens=True,
            )
            for i in range(len(data))
        ],
    }

    # 2. load_reward_manager -> NaiveRewardManager.run_single per sample.
    manager = load_reward_manager(config, tokenizer)
    result["manager_class"] = f"{type(manager).__module__}.{type(manager).__qualname__}"
    fn = manager.compute_score
    # get_custom_reward_fn wraps the loaded function: partial(_call_with_kwargs, fn, reward_kwargs)
    result["manager_fn"] = {
        "wrapper": fn.func.__name__,
        "file": fn.args[0].__code__.co_filename,
        "name": fn.args[0].__name__,
        "kwargs": dict(fn.args[1]),
    }
    t0 = time.perf_counter()
    outputs = manager.loop.run_until_complete(run_manager(manager, data))  # the loop it bound to
    result["naive_s"] = time.perf_counter() - t0
    result["naive"] = results_of(outputs)
    scores = [o["reward_score"] for o in outputs]
    rm_scores = type(manager).assemble_rm_scores(data, scores)
    result["naive_token_rewards"] = rm_scores.tolist()
    result["workers_in_driver"] = verifier_worker_pids()

    # 2a. The coroutine form through the same loader (verl awaits it instead of a thread).
    async_config = compose_config(
        [o.replace("name=compute_score", "name=compute_score_async") for o in readme_overrides]
        + common
    )
    async_manager = load_reward_manager(async_config, tokenizer)
    result["async_is_coroutine"] = async_manager.is_async_reward_score
    result["async"] = results_of(
        async_manager.loop.run_until_complete(run_manager(async_manager, data))
    )

    # 2c. The list form in verl's legacy BatchRewardManager (verl.workers.reward_manager; not
    # registered in 0.9's reward loop), loaded by the same get_custom_reward_fn.
    from verl.workers.reward_manager.batch import BatchRewardManager

    batch_config = compose_config(
        [o.replace("name=compute_score", "name=compute_score_batch") for o in readme_overrides]
        + common
    )
    batch_manager = BatchRewardManager(tokenizer, 0, get_custom_reward_fn(batch_config))
    batch_out = batch_manager(copy.deepcopy(data), return_dict=True)
    result["batch_token_rewards"] = batch_out["reward_tensor"].tolist()
    result["batch_extra"] = {
        k: [plain(x) for x in v] for k, v in batch_out["reward_extra_info"].items()
    }

    # 2b. RewardLoopWorker in this process (the class verl runs as a Ray actor).
    from verl.experimental.reward_loop import RewardLoopManager, RewardLoopWorker

    worker = RewardLoopWorker(config)
    result["loop_worker"] = results_of(
        worker.loop.run_until_complete(worker.compute_score_batch(data))
    )

    # Verl's validation metrics over our extra info: which fields become metrics.
    extra_dict = {
        k: [o["reward_extra_info"][k] for o in outputs] for k in outputs[0]["reward_extra_info"]
    }
    extra_dict["reward"] = scores
    metrics = process_validation_metrics(
        ["math-beyond"] * len(data), [f"u{i}" for i in range(len(data))], extra_dict
    )
    result["metrics"] = {
        var: {name: float(v) for name, v in vals.items()}
        for var, vals in metrics["math-beyond"].items()
    }

    # 4. The old top-level key.
    from verl.experimental.reward_loop import migrate_legacy_reward_impl

    legacy_overrides = [
        f"custom_reward_function.{k}" for k in ("path=" + path, "name=compute_score")
    ]
    legacy = compose_config(legacy_overrides + common)
    legacy_manager = load_reward_manager(legacy, tokenizer)

    try:
        default_on_ours: Any = default_compute_score("math-beyond", "\\boxed{4}", "4")
    except NotImplementedError as exc:
        default_on_ours = f"NotImplementedError: {exc}"
    result["legacy"] = {
        "default_scorer_on_math_beyond_source": default_on_ours,
        "top_level_path": legacy.custom_reward_function.path,
        "reward_path": legacy.reward.custom_reward_function.path,
        "custom_fn_is_none": get_custom_reward_fn(legacy) is None,
        "uses_verl_default_scorer": legacy_manager.compute_score is default_compute_score,
    }
    # What verl's fully-async entry point (the only caller of this migration) would use.
    migrated = migrate_legacy_reward_impl(copy.deepcopy(legacy))
    result["legacy"]["migrated_reward_path"] = migrated.reward.custom_reward_function.path

    # 3. Ray: a real RewardLoopManager with 2 RewardLoopWorker actors.
    if use_ray:
        import ray

        ray_tmp = tempfile.mkdtemp(prefix="mbray")  # short: Ray's socket paths are length-limited
        t0 = time.perf_counter()
        ray.init(
            num_cpus=2,
            include_dashboard=False,
            object_store_memory=200 * 1024 * 1024,
            _temp_dir=ray_tmp,
            log_to_driver=False,
        )
        try:
            loop_manager = RewardLoopManager(config)
            handles = loop_manager.reward_loop_worker_handles
            result["ray_actors"] = len(handles)
            rm_out = loop_manager.compute_rm_score(data)
            result["ray_token_rewards"] = rm_out.batch["rm_scores"].tolist()
            result["ray_extra_keys"] = list(rm_out.meta_info["reward_extra_keys"])
            result["ray_extra"] = {
                k: [plain(v) for v in rm_out.non_tensor_batch[k].tolist()]
                for k in rm_out.meta_info["reward_extra_keys"]
            }
            # What verl's agent loop does per sample: compute_score.remote on an actor handle.
            refs = [
                handles[i % len(handles)].compute_score.remote(data[i : i + 1])
                for i in range(len(data))
            ]
            result["ray_per_sample"] = results_of(ray.get(refs))
            result["ray_actor_verifier_workers"] = verifier_worker_pids()
        finally:
            ray.shutdown()
            result["ray_s"] = time.perf_counter() - t0
            shutil.rmtree(ray_tmp, ignore_errors=True)
    dump(out, result)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--no-ray" not in sys.argv[3:])
