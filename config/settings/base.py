"""The base: environment, DEBUG and secrets, hosts, API versions, domain timings, apps,
middleware, templates, passwords, locale and static files."""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from config.loopback import outside_loopback

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY is required when DEBUG is off")
    SECRET_KEY = "insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# Public base URL of the API: problem `type` URIs are `{SERVICE_BASE_URL}/errors#<code>`.
SERVICE_BASE_URL = env_str("SERVICE_BASE_URL", "http://127.0.0.1:8000").rstrip("/")

# Plain http on this machine only, for trying the production layout on a laptop
# (`make up-prod DEBUG=0 LOCAL_HTTP=1`): no https redirect, cookies without `Secure`, and
# ledger and webhook URLs on http and loopback, as with DEBUG. Refused unless every allowed
# host, the base URL and the bind address are loopback (config/loopback.py).
LOCAL_HTTP = env_bool("LOCAL_HTTP", False)
if LOCAL_HTTP and (
    _public := outside_loopback(
        allowed_hosts=ALLOWED_HOSTS,
        base_url=SERVICE_BASE_URL,
        bind=env_str("GUNICORN_BIND"),
    )
):
    raise ImproperlyConfigured(
        "LOCAL_HTTP serves plain http on loopback only; not loopback: " + ", ".join(_public)
    )

# X-Service-Version: the versions this build speaks, and the one applied when the header is absent.
SERVICE_VERSIONS = ("v2026.07.00", "v2026.10.00")
SERVICE_DEFAULT_VERSION = env_str("SERVICE_DEFAULT_VERSION", SERVICE_VERSIONS[-1])
if SERVICE_DEFAULT_VERSION not in SERVICE_VERSIONS:
    raise ImproperlyConfigured(f"SERVICE_DEFAULT_VERSION must be one of {SERVICE_VERSIONS}")

# The currency amount limits are expressed in.
PLATFORM_CURRENCY = env_str("PLATFORM_CURRENCY", "USD")

# How long a payout can be claimed and a request paid before the expiry sweep closes it.
PAYOUT_EXPIRY_SECONDS = env_int("PAYOUT_EXPIRY_SECONDS", 14 * 24 * 3600)
REQUEST_EXPIRY_SECONDS = env_int("REQUEST_EXPIRY_SECONDS", 14 * 24 * 3600)
# A payout whose authorize got no trustworthy answer is asked about again after this long.
PAYOUT_RECONCILE_AFTER_SECONDS = env_int("PAYOUT_RECONCILE_AFTER_SECONDS", 600)

# An accepted review command (open, assign) still pending this long after it was enqueued is
# enqueued again by the sweeper (the broker lost it, or its worker died before committing).
REVIEW_COMMAND_REDELIVER_AFTER_SECONDS = env_int("REVIEW_COMMAND_REDELIVER_AFTER_SECONDS", 60)
# "Test this change" replays at most this many assessments (the newest of its window), on the
# backtests queue; at about 7 s per 100,000 that stays within the task's time limit.
RISK_BACKTEST_ROW_LIMIT = env_int("RISK_BACKTEST_ROW_LIMIT", 500_000)
# A participant still pending this long after its creation (or its last re-send) has its
# onboarding handed to a worker again by the sweeper (the broker lost it, or its worker died).
ONBOARDING_REDELIVER_AFTER_SECONDS = env_int("ONBOARDING_REDELIVER_AFTER_SECONDS", 60)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "api",
    "providers",
    "participants",
    "limits",
    "ledger",
    "ledger.sandbox",
    "events",
    "events.sandbox",
    "payments",
    "risk",
    "reviews",
    "demo",
    "ops",
]
# The benchmarks and load tools (`bench/`, `manage.py bench_http` and the rest): a development
# app beside the product, installed with DEBUG or BENCH=1; no product package imports it.
BENCH = env_bool("BENCH", DEBUG)
if BENCH:
    INSTALLED_APPS += ["bench"]

MIDDLEWARE = [
    # First: every later step, log line, task and problem document sees the request ID.
    "ops.middleware.RequestIDMiddleware",
    "ops.middleware.AccessLogMiddleware",
    "api.middleware.ProblemDetailsMiddleware",
    "api.middleware.RequestLimitsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env_str("STATIC_ROOT", str(BASE_DIR / "var" / "static"))
# The web process serves what `collectstatic` gathered (WhiteNoise, after SecurityMiddleware
# above), with a content hash in each name, so a proxy in front is optional and may cache
# them for ever; gzip and Brotli copies are made at collectstatic time.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
