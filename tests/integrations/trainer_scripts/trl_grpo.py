"""A real TRL ``GRPOTrainer`` run on CPU with ``mathbeyond.rewards.trl_reward`` (no Hub).

Usage: ``python trl_grpo.py OUT.json WORKDIR [STEPS]``. Builds the tiny word-level tokenizer
and random Llama of ``_tiny``, trains STEPS GRPO steps (8 completions per step, 4 per prompt)
on a 4-row dataset with ``prompt``/``problem``/``answer`` columns, with two reward functions:
the mathbeyond reward and a probe that records what TRL passed. Completions come from the
trainer's own ``model.generate`` path; the vocabulary makes them hold answers and hostile
payloads (the answer words and EOS get a sampling bias). After each step a callback copies
the completions and the mathbeyond rewards TRL stored for that step. After training, the
very function object TRL called is called again on the hostile payloads. Everything is
written to OUT.json for the test to check.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from _tiny import (
    ANSWERS,
    HOSTILE,
    PROBLEMS,
    build_model,
    build_tokenizer,
    dump,
    offline_env,
    verifier_worker_pids,
    versions,
)

offline_env()

from datasets import Dataset  # noqa: E402
from transformers import TrainerCallback  # noqa: E402
from trl import GRPOConfig, GRPOTrainer  # noqa: E402

from mathbeyond.rewards import trl_reward  # noqa: E402

REWARD_NAME = "mathbeyond_accuracy"


def main(out: str, workdir: str, steps: int) -> None:
    work = Path(workdir)
    tokenizer = build_tokenizer(work / "tokenizer")
    model = build_model(work / "model", tokenizer)
    rows = [{"prompt": p["problem"] + " Answer:", **p} for p in PROBLEMS]
    dataset = Dataset.from_list(rows)

    reward = trl_reward("answer", question_column="problem")
    probe_calls: list[dict[str, Any]] = []
    workers_seen: set[int] = set()

    def probe(
        prompts: list[str],
        completions: list[str],
        completion_ids: list[list[int]],
        trainer_state: Any,
        **kwargs: Any,
    ) -> list[float]:
        workers_seen.update(verifier_worker_pids())
        probe_calls.append(
            {
                "global_step": trainer_state.global_step,
                "prompts": prompts,
                "completions": completions,
                "n_completion_ids": [len(ids) for ids in completion_ids],
                "kwarg_names": sorted(kwargs),
                "answer": kwargs["answer"],
                "problem": kwargs["problem"],
            }
        )
        return [0.0] * len(completions)

    probe.__name__ = "probe"

    # Plain sampling (temperature 1) with a sequence bias towards the answer words and EOS: a
    # generation parameter of transformers, so completions still come from model.generate.
    bias = [[[tokenizer.convert_tokens_to_ids(w)], 2.0] for w in ANSWERS]
    bias.append([[tokenizer.eos_token_id], 4.0])
    config = GRPOConfig(
        output_dir=str(work / "out"),
        use_cpu=True,
        per_device_train_batch_size=8,
        num_generations=4,
        max_completion_length=6,
        max_steps=steps,
        learning_rate=1e-3,
        beta=0.0,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        seed=0,
        bf16=False,
        dataloader_num_workers=0,
        disable_tqdm=True,
        generation_kwargs={"sequence_bias": bias},
    )
    trainer = GRPOTrainer(
        model=model,
        reward_funcs=[reward, probe],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
    )
    logged: list[dict[str, Any]] = []

    class Snapshot(TrainerCallback):  # type: ignore[misc]
        def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            # TRL keeps the last generation batch's completions and per-function rewards
            # (None returned by a reward function is stored as NaN).
            logged.append(
                {
                    "global_step": state.global_step,
                    "completions": list(trainer._logs["completion"]),
                    "rewards": list(trainer._logs["rewards"][REWARD_NAME]),
                }
            )

    trainer.add_callback(Snapshot())
    t0 = time.perf_counter()
    trainer.train()
    train_s = time.perf_counter() - t0

    # The same function object TRL called, on hostile payloads (gold 4, the problem as question).
    called = trainer.reward_funcs[0]
    t0 = time.perf_counter()
    hostile_rewards = called(
        prompts=["p"] * len(HOSTILE),
        completions=HOSTILE,
        completion_ids=[[0]] * len(HOSTILE),
        trainer_state=trainer.state,
        answer=["4"] * len(HOSTILE),
        problem=[PROBLEMS[0]["problem"]] * len(HOSTILE),
    )
    hostile_s = time.perf_counter() - t0
    dump(
        out,
        {
            "versions": versions("trl", "transformers", "torch", "accelerate", "datasets"),
            "global_step": trainer.state.global_step,
            "reward_func_names": list(trainer.reward_func_names),
            "same_object": called is reward,
            "probe_calls": probe_calls,
            "logged": logged,
            "log_history": trainer.state.log_history,
            "hostile_rewards": hostile_rewards,
            "hostile_s": hostile_s,
            "train_s": train_s,
            "workers_seen": sorted(workers_seen),
            "workers_after_train": verifier_worker_pids(),
        },
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
