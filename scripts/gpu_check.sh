#!/usr/bin/env bash
# GPU check of the vllm backend (< 5 minutes on one H200 with a 1.5B model).
# Usage: scripts/gpu_check.sh [MODEL] [extra gpu_check.py args]
#   MODEL: Hub id or local directory (default Qwen/Qwen2.5-Math-1.5B-Instruct). Machines
#   without Hub access need a local directory (HF_HUB_OFFLINE is then set).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
MODEL=${1:-Qwen/Qwen2.5-Math-1.5B-Instruct}
[ $# -gt 0 ] && shift

if ! "$PY" -c "import vllm" 2>/dev/null; then
    echo "vllm missing: installing mathbeyond[vllm] ..."
    "$PY" -m pip install -q -e ".[vllm]" || {
        echo "could not install mathbeyond[vllm] (no package index?)" >&2
        exit 3
    }
fi
if ! "$PY" -c "import mathbeyond" 2>/dev/null; then
    "$PY" -m pip install -q -e . 2>/dev/null || export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
fi
if [ -d "$MODEL" ]; then
    export HF_HUB_OFFLINE=1
fi
exec timeout 290 "$PY" scripts/gpu_check.py --model "$MODEL" "$@"
