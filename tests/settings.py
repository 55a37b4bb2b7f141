"""The test suite's settings: config.settings, read with the environment a test run needs.

`pytest` on its own and `make test` run the same configuration: the variables below are
defaults, so one set in the environment still wins (CI sets DATABASE_URL and REDIS_URL; with
neither, the tests use SQLite and eager tasks). They go into the environment rather than over
the imported names because settings derive from them (the sandbox webhooks follow the sandbox
ledger, the https rules follow DEBUG) and the processes a test starts read the same ones.
"""

import os

TEST_ENVIRONMENT = {
    "SECRET_KEY": "test-only-secret-key",
    "DEBUG": "0",
    # The ledger and payment tests hold and capture funds through the sandbox ledger.
    "SANDBOX_LEDGER_ENABLED": "1",
    # The test client speaks plain http; the redirect's own tests turn it on
    # (tests/security/test_headers.py).
    "SECURE_SSL_REDIRECT": "0",
    # Admin tests log staff in as force_login does, past the password and the second factor;
    # the second factor's own tests turn it on (tests/security/test_second_factor*.py, one of
    # which walks every admin page with a password alone). Production requires it: it is on
    # unless DEBUG, and `check --deploy` refuses it off (tests/security/test_deploy_check.py).
    "STAFF_OTP_REQUIRED": "0",
    # The benchmark commands' own tests (tests/bench) run them.
    "BENCH": "1",
}
for _name, _value in TEST_ENVIRONMENT.items():
    os.environ.setdefault(_name, _value)

# DATABASE_REPLICA_URL is for this test run only, not for the servers and commands tests start
# with config.settings and an environment of their own making (one without REDIS_URL would
# refuse to start): it is moved aside under another name, where pytest's own processes
# (xdist workers load this module too) find it. Without REDIS_URL there is no replica.
_REPLICA_ASIDE = "TEST_RUN_DATABASE_REPLICA_URL"
_replica_url = os.environ.pop("DATABASE_REPLICA_URL", None) or os.environ.get(_REPLICA_ASIDE)
if _replica_url:
    os.environ[_REPLICA_ASIDE] = _replica_url
    if os.environ.get("REDIS_URL"):
        os.environ["DATABASE_REPLICA_URL"] = _replica_url

from config.settings import *  # noqa: E402, F403

os.environ.pop("DATABASE_REPLICA_URL", None)

if "replica" in DATABASES:  # noqa: F405
    # A physical replica cannot have a test database made on it: the primary's arrives by
    # streaming. As a mirror Django neither creates nor flushes one; tests/conftest.py's
    # django_db_setup then points the alias back at the replica's server, at that name.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}  # noqa: F405
    # Only the router's own tests (tests/replica) turn it on: elsewhere a test that writes
    # through a service rather than as a provider's request would read its rows back from a
    # replica that may not have replayed them yet.
    DATABASE_ROUTERS = []

# The tests render pages without a `collectstatic` first (the hashed names of
# config/settings/base.py's storage come from the manifest it writes), and nothing is collected
# for WhiteNoise to serve. tests/ops/test_static_files.py serves the production storage,
# collected, through gunicorn.
STATIC_ROOT = None
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
