# `make serve`, `make test` and `make play` set up .venv on first use, so a fresh machine
# with Python 3.11 needs nothing else.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test play lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,arena,cluster,compare,rl,train,test]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/feint serve --host 127.0.0.1 --port 8000 --database sqlite:///feint.db

test: $(STAMP)
	$(BIN)/ruff check feint tests examples benchmarks
	$(BIN)/ruff format --check feint tests examples benchmarks
	$(BIN)/mypy feint
	$(BIN)/python -m pytest -q -n 2 --dist worksteal --durations=15

# GAME=knights SEATS=human,heuristic,heuristic make play
GAME ?= guile
play: $(STAMP)
	$(BIN)/feint play $(GAME) $(if $(SEATS),--seats $(SEATS))

bench: $(STAMP)
	$(BIN)/feint bench guile

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
