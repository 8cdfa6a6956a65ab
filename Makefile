# bridgelaw: two commands do all set-up on a fresh machine.
#   make run   - create the venv, install, start the server (http://localhost:8000, SQLite)
#   make test  - create the venv with dev extras and run every test
# Both install a pinned dependency set (requirements.lock: runtime only; requirements-dev.lock:
# runtime and the development tools), then bridgelaw itself without resolving anything else.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed-run

.PHONY: run test lint api-docs check bench demo clean

$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -r requirements-dev.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(STAMP) $(RUN_STAMP)

$(RUN_STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -r requirements.lock
	$(BIN)/pip install -q --no-deps -e .
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/bridgelaw serve --host $${HOST:-127.0.0.1} --port $${PORT:-8000}

demo: $(RUN_STAMP)
	$(BIN)/bridgelaw demo

test: $(STAMP)
	.ci/services.sh
	$(BIN)/pytest -n auto -p no:cacheprovider

lint: $(STAMP) api-docs
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python benchmarks/check_complexity.py

# The API reference of the public surface, generated from the docstrings (open
# build/api/index.html): what `bridgelaw` exports (the Table with every member) and the
# record formats. The engine's internals are not part of it.
API_MODULES := bridgelaw bridgelaw.io.pbn bridgelaw.io.lin bridgelaw.io.replay bridgelaw.io.scenario \
	bridgelaw.io.endplay_interop bridgelaw.analysis.claims
api-docs: $(STAMP)
	$(BIN)/pdoc -o build/api $(API_MODULES)

# The fast tier a developer runs often (the engine, the laws, the formats, the analysis:
# under two CPU-minutes); `make test` runs everything, the server and browsers included.
FAST := tests/core tests/laws tests/io tests/i18n tests/analysis tests/test_*.py \
	--ignore=tests/io/test_corpus.py --ignore=tests/test_cli_fuzz.py --ignore=tests/analysis/test_worst_bruteforce.py
check: lint
	$(BIN)/pytest -n auto -p no:cacheprovider $(FAST)

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_table.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
