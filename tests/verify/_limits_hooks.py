"""Verification targets for the limit tests, run inside WorkerPool workers (not collected).

``behave`` reads the completion as a command, so a test can make a worker hang in C code,
exhaust memory, crash or raise; any other completion is compared with the gold literally.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import time

from mathbeyond.verify._types import Status, Verdict


def behave(completion: str, gold: str, question: str | None) -> Verdict:
    del question
    if completion == "hang":
        # Catastrophic backtracking: ~2**60 steps inside _sre's C loop, which holds the GIL and
        # never checks for signals -- uninterruptible short of killing the process.
        re.fullmatch(r"(a+)+b", "a" * 60)
    elif completion == "hang-bigint":
        pow(7, 10**8)  # a C-level big-integer computation (tens of seconds at least)
    elif completion == "mem":
        bytearray(4 * 2**30)  # far above the test pool's address-space cap
    elif completion == "crash":
        os.kill(os.getpid(), signal.SIGKILL)
    elif completion == "print":
        print("LEAKED TO STDOUT", flush=True)
    elif completion == "modules":
        heavy = sorted(m for m in ("numpy", "pyarrow", "pandas", "pydantic") if m in sys.modules)
        return Verdict(True, Status.CORRECT, " ".join(heavy), "imported heavy modules")
    elif completion.startswith("spin:"):  # burn this much CPU time, then compare literally
        until = time.process_time() + float(completion[5:])
        while time.process_time() < until:
            pass
    elif completion.startswith("nap:"):  # wait without using CPU (a stopped worker)
        time.sleep(float(completion[4:]))
    elif completion == "bug":
        raise ValueError("deliberate bug in the verification target")
    ok = completion == gold
    return Verdict(ok, Status.CORRECT if ok else Status.INCORRECT, completion, "literal")
