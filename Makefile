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

.PHONY: install lock run up-prod test test-pgbouncer replica lint format migrate seed client clean FORCE

# Every package of the tree pinned with its hashes (`make lock` writes both files from
# pyproject.toml): a fresh machine installs exactly what the tests ran against, or nothing.
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock

$(STAMP): $(DEV_LOCK)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes --no-deps -r $(DEV_LOCK)
	touch $(STAMP)

install: $(STAMP)

# Resolve pyproject.toml again into the lock files, keeping every pin still allowed (a
# dependency added or changed in pyproject.toml is all that moves); `make lock UPGRADE=1`
# moves every package to the newest release allowed. The production lock is the dev lock's
# subset (the same versions). Then `make install` installs what changed.
UV_COMPILE = $(VENV)/bin/uv pip compile pyproject.toml --quiet --universal \
	--python-version 3.11 --generate-hashes --custom-compile-command "make lock" \
	$(if $(UPGRADE),--upgrade)
lock: install
	$(UV_COMPILE) --extra dev -o $(DEV_LOCK)
	$(UV_COMPILE) --constraints $(DEV_LOCK) -o $(LOCK)

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

# Every process of the Procfile (web, a worker per queue, beat) and nginx in front of the web
# under honcho, for a production-like trial: PostgreSQL and Redis required, migrations applied
# and static files collected first, nginx on HOST:PORT (plain http, deploy/nginx/local.conf)
# and gunicorn behind it on 127.0.0.1:UPSTREAM_PORT. The settings are `make run`'s (DEBUG=1,
# sandbox ledger) unless given, e.g. `make up-prod DEBUG=0 LOCAL_HTTP=1 SECRET_KEY=…`
# (production settings, plain http on loopback). Each line runs under deploy/dev/respawn, which
# starts a process that exits again after 2 s (as its systemd unit does) where honcho alone
# would stop every process. Ctrl-C stops every process.
UP_PROD_METRICS := var/prometheus-up-prod
RESPAWN := $(CURDIR)/deploy/dev/respawn
UP_PROD_NGINX := var/nginx
UPSTREAM_PORT ?= $(shell expr $(PORT) + 1)
NGINX ?= $(shell command -v nginx || echo /usr/sbin/nginx)
up-prod: install
	@case "$(DATABASE_URL)" in postgres://*|postgresql://*) ;; *) \
		echo "make up-prod needs DATABASE_URL=postgres://… (PostgreSQL)" >&2; exit 2;; esac
	@case "$(REDIS_URL)" in redis://*|rediss://*) ;; *) \
		echo "make up-prod needs REDIS_URL=redis://… (the broker)" >&2; exit 2;; esac
	@test -x "$(NGINX)" || { echo "make up-prod needs nginx (apt-get install nginx)" >&2; exit 2; }
	$(PY) manage.py migrate --no-input
	$(PY) manage.py collectstatic --no-input -v 0
	$(PY) manage.py refresh_list_keys
	rm -rf $(UP_PROD_METRICS) $(UP_PROD_NGINX) && mkdir -p $(UP_PROD_METRICS)
	$(PY) manage.py render_nginx_conf --variant local --out $(UP_PROD_NGINX) \
		--listen $(HOST):$(PORT) --upstream 127.0.0.1:$(UPSTREAM_PORT)
	{ cat Procfile; echo "nginx: $(NGINX) -p $(CURDIR)/$(UP_PROD_NGINX) -c $(CURDIR)/$(UP_PROD_NGINX)/local.conf -e stderr"; } \
		| sed -E 's#^([A-Za-z0-9_-]+):[[:space:]]*#\1: $(RESPAWN) #' > $(UP_PROD_NGINX)/Procfile
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" DATABASE_URL="$(DATABASE_URL)" REDIS_URL="$(REDIS_URL)" \
		GUNICORN_BIND=127.0.0.1:$(UPSTREAM_PORT) STAFF_TRUSTED_PROXIES=127.0.0.1/32 \
		PROMETHEUS_MULTIPROC_DIR=$(CURDIR)/$(UP_PROD_METRICS) \
		$(VENV)/bin/honcho start -f $(UP_PROD_NGINX)/Procfile -d $(CURDIR) -p $(PORT)

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

# The typed Python client (clients/python/provider_service_client/), generated anew from the
# schema the project generates; the same schema always makes the same files
# (tests/test_client.py fails while the committed client is stale).
CLIENT_SCHEMA := var/openapi.json
CLIENT_DIR := clients/python/provider_service_client
client: install
	mkdir -p var
	$(PY) manage.py spectacular --format openapi-json --file $(CLIENT_SCHEMA)
	$(VENV)/bin/openapi-python-client generate --path $(CLIENT_SCHEMA) --meta none \
		--config clients/python/config.yaml --output-path $(CLIENT_DIR) --overwrite

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: install
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

clean:
	rm -rf $(VENV) var
