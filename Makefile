# Vivant: everything a fresh machine needs goes through these targets.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: all setup test lint typecheck pytest play bench clean

all: test

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip setuptools wheel

$(STAMP): $(BIN)/python pyproject.toml $(wildcard setup.py src/vivant/solver/*.c src/vivant/solver/*.h)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

LINTED := src tests $(wildcard benchmarks)

lint: setup
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

typecheck: setup
	$(BIN)/mypy --strict src/vivant

pytest: setup
	$(BIN)/python -m pytest -q

test: lint typecheck pytest

play: setup
	$(BIN)/vivant play mort

bench: setup
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) build src/*.egg-info
