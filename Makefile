# Two commands: `make run` (embedded default: SQLite, eager tasks, sandbox ledger) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export DEBUG ?= 1
export SANDBOX_LEDGER_ENABLED ?= 1
HOST ?= 127.0.0.1
PORT ?= 8000
# Problem types and Swagger UI's server follow the address `make run` serves on.
export SERVICE_BASE_URL ?= http://$(HOST):$(PORT)
DEMO_ENV := var/demo.env

.PHONY: install run test lint format migrate seed bench clean FORCE

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet ".[dev]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	mkdir -p var
	$(PY) manage.py migrate --no-input

# What `make run` sets, for the staff commands run from another terminal (manage.py reads it
# while DATABASE_URL is unset, i.e. on the embedded default).
$(DEMO_ENV): FORCE
	@mkdir -p var
	@printf 'DEBUG=%s\nSANDBOX_LEDGER_ENABLED=%s\nSERVICE_BASE_URL=%s\n' \
		"$(DEBUG)" "$(SANDBOX_LEDGER_ENABLED)" "$(SERVICE_BASE_URL)" > $(DEMO_ENV)
FORCE:

seed: migrate
	$(PY) manage.py seed_demo --base-url http://$(HOST):$(PORT)

# The server starts first: seeding sends the demo payouts' holds and captures over HTTP to
# the sandbox ledger it serves. Then the server stays in the foreground (Ctrl-C stops it).
run: migrate $(DEMO_ENV)
	@$(PY) manage.py runserver --noreload $(HOST):$(PORT) & server=$$!; \
	trap 'kill $$server 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py seed_demo --base-url http://$(HOST):$(PORT) --wait-for-server 60 \
		|| exit 1; \
	wait $$server

# tests/settings.py supplies what the tests need; DEBUG=0 overrides the 1 exported above.
test: install
	DEBUG=0 $(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: install
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

clean:
	rm -rf $(VENV) var
