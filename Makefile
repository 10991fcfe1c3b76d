# The two commands of the README:
#   make serve   set everything up, then build and serve the site at http://127.0.0.1:8000
#   make test    set everything up (Chromium included), then run the whole test suite
SHELL := /bin/bash
export NO_MKDOCS_2_WARNING := 1
VENV := .venv/bin

.PHONY: serve test setup build bench check clean

serve: setup
	$(VENV)/mkdocs serve -a 127.0.0.1:8000

test:
	bash scripts/setup.sh --browser
	$(VENV)/python -m pytest

setup:
	bash scripts/setup.sh

build: setup
	$(VENV)/mkdocs build --strict

check: setup
	$(VENV)/python -m engine check

bench: setup
	$(VENV)/python benchmarks/run_all.py

clean:
	rm -rf site .cache .pytest_cache
