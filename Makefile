# Two commands: `make run` (embedded default: SQLite, eager tasks, sandbox ledger) and `make test`;
# `make up-prod` runs the production layout (the Procfile) against PostgreSQL and Redis.
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

.PHONY: install run up-prod test test-pgbouncer replica lint format migrate seed bench clean FORCE

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet ".[dev]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	mkdir -p var
	$(PY) manage.py migrate --no-input
	$(PY) manage.py refresh_list_keys

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

# Every process of the Procfile (web, a worker per queue, beat) under honcho, for a
# production-like trial: PostgreSQL and Redis required, migrations applied first, the web on
# HOST:PORT. The settings are `make run`'s (DEBUG=1, sandbox ledger) unless given, e.g.
# `make up-prod DEBUG=0 SECRET_KEY=…`. Ctrl-C stops every process.
UP_PROD_METRICS := var/prometheus-up-prod
up-prod: install
	@case "$(DATABASE_URL)" in postgres://*|postgresql://*) ;; *) \
		echo "make up-prod needs DATABASE_URL=postgres://… (PostgreSQL)" >&2; exit 2;; esac
	@case "$(REDIS_URL)" in redis://*|rediss://*) ;; *) \
		echo "make up-prod needs REDIS_URL=redis://… (the broker)" >&2; exit 2;; esac
	$(PY) manage.py migrate --no-input
	$(PY) manage.py refresh_list_keys
	rm -rf $(UP_PROD_METRICS) && mkdir -p $(UP_PROD_METRICS)
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" DATABASE_URL="$(DATABASE_URL)" REDIS_URL="$(REDIS_URL)" \
		GUNICORN_BIND=$(HOST):$(PORT) PROMETHEUS_MULTIPROC_DIR=$(CURDIR)/$(UP_PROD_METRICS) \
		$(VENV)/bin/honcho start -f Procfile -p $(PORT)

# tests/settings.py supplies what the tests need; DEBUG=0 overrides the 1 exported above.
test: install
	DEBUG=0 $(PY) -m pytest $(PYTEST_ARGS)

# The concurrency and idempotency tests through PgBouncer in transaction mode (Debian's
# pgbouncer package); DATABASE_URL names the PostgreSQL primary (deploy/dev/test-pgbouncer.sh).
test-pgbouncer: install
	PYTEST_ARGS="$(PYTEST_ARGS)" deploy/dev/test-pgbouncer.sh

# A streaming read replica of the local PostgreSQL on port 5440, for
# DATABASE_REPLICA_URL=postgres://…@127.0.0.1:5440/<the primary's database> (deploy/dev/replica.sh).
replica:
	deploy/dev/replica.sh start

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: install
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

clean:
	rm -rf $(VENV) var
