# Vivant: everything a fresh machine needs goes through these targets.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all setup browser test lint typecheck pytest play serve bench studies strength clean

all: test

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel

$(STAMP): $(BIN)/python pyproject.toml $(wildcard setup.py src/vivant/solver/*.c src/vivant/solver/*.h src/vivant/playout/*.c)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

# The browser tests drive Debian's Chromium (Playwright never downloads a browser here).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update && apt-get install -y chromium)

LINTED := src tests $(wildcard benchmarks)

lint: setup
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

typecheck: setup
	$(BIN)/mypy --strict src/vivant tests $(wildcard benchmarks)

# The suite on both cores, a test file a worker (a file's fixtures are made once); then, alone,
# the tests that measure a speed (no other test's load counts in their figures) or that keep
# both cores busy themselves (beside another worker they take four times as long).
pytest: setup browser
	$(BIN)/python -m pytest -q -n 2 --dist loadfile -m "not alone" --durations=25
	$(BIN)/python -m pytest -q -m alone --durations=10

test: lint typecheck pytest

play: setup
	$(BIN)/vivant play mort

# The main job: the browser table at http://127.0.0.1:8000 (SQLite in ./vivant.db).
serve: setup
	$(BIN)/vivant serve --host 127.0.0.1 --port 8000

bench: setup
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/records.py

# Foster's claims put to the test: one report (Markdown, PNG, SVG) a study under docs/studies/,
# with heuristic players and, on fewer deals, with the Monte-Carlo player mc-fast.
STUDY_DEALS ?= 20000
MC_STUDY_DEALS ?= 1500
studies: setup
	$(BIN)/vivant study all --deals $(STUDY_DEALS) --out docs/studies/heuristic
	$(BIN)/vivant study all --deals $(MC_STUDY_DEALS) --players mc-fast --out docs/studies/mc-fast

# The players' strength in every game (docs/strength.md): paired deals on both cores, up to
# STRENGTH_DEALS a comparison or STRENGTH_MINUTES of wall time; every deal is kept in
# benchmarks/results/strength.jsonl (committed: a run resumes it, the report is made from it).
STRENGTH_DEALS ?= 10000
STRENGTH_MINUTES ?= 600
strength: setup
	$(BIN)/python benchmarks/strength.py --deals $(STRENGTH_DEALS) --minutes $(STRENGTH_MINUTES) \
		--workers 2 --results benchmarks/results/strength.jsonl --out docs/strength.md

clean:
	rm -rf $(VENV) build src/*.egg-info
