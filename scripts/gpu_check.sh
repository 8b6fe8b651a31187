#!/usr/bin/env bash
# GPU check of the vllm backend (< 5 minutes on one H200 with a 1.5B model).
# Usage: scripts/gpu_check.sh [--model HUB_ID|CHECKPOINT_DIR] [--wheel WHEELHOUSE_DIR|vllm-*.whl]
#                             [other gpu_check.py args]
#   A first positional MODEL is accepted too (old form). Machines without internet: download
#   on a machine that has it (same Python and CUDA), copy, and pass the paths:
#     pip download 'vllm>=0.7.0' -d wheelhouse/
#     huggingface-cli download Qwen/Qwen2.5-Math-1.5B-Instruct --local-dir ckpt/
#     scripts/gpu_check.sh --model ckpt/ --wheel wheelhouse/
#   vllm is installed from --wheel with `pip --no-index` only when it is missing; a local
#   checkpoint directory sets HF_HUB_OFFLINE=1.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
args=()
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    args+=(--model "$1")
    shift
fi
if ! "$PY" -c "import mathbeyond" 2>/dev/null; then
    export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
fi
exec timeout 290 "$PY" scripts/gpu_check.py ${args[@]+"${args[@]}"} "$@"
