# Steward: `make run` sets up and serves the demo; `make test` sets up and runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOME_DIR ?= .steward-demo
PORT ?=
# test workers (pytest-xdist): one per core; `make test WORKERS=0` runs every test in this one process
WORKERS ?= auto

.PHONY: run test check lint typecheck bench fuzz setup system-deps clean

$(STAMP): pyproject.toml scripts/install-extras.sh
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	sh scripts/install-extras.sh $(BIN)
	touch $(STAMP)

setup: $(STAMP)

# the real-model smoke test's server (tests/test_llm_smoke.py); only `make test` needs it
LLAMA_STAMP := $(VENV)/.llama-installed
$(LLAMA_STAMP): $(STAMP) scripts/install-llama.sh
	sh scripts/install-llama.sh $(BIN)
	touch $(LLAMA_STAMP)

system-deps:
	sh scripts/system-deps.sh

run: $(STAMP)
	$(BIN)/steward --home $(HOME_DIR) demo $(if $(PORT),--port $(PORT))

test: $(STAMP) $(LLAMA_STAMP) system-deps
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -n $(WORKERS)

# the layers and the other import contracts in pyproject.toml ([tool.importlinter])
imports: $(STAMP)
	$(BIN)/lint-imports --no-cache

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck test

# the fuzz targets of tests/test_fuzz.py with many more examples than `make test` runs (100 each)
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-20000} $(BIN)/python -m pytest tests/test_fuzz.py -q

bench: $(STAMP)
	$(BIN)/pip install -q -e '.[bench]'
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .steward-demo .pytest_cache .mypy_cache .ruff_cache
