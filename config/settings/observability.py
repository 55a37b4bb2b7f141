"""Observability: logging and the /metrics endpoint."""

from django.core.exceptions import ImproperlyConfigured

from config.env import env_list, env_str
from config.settings.base import DEBUG

# Logs: readable text by default; LOG_FORMAT=json writes one JSON object a line. Every line
# carries the request ID; the access logger writes one line per request.
LOG_FORMAT = env_str("LOG_FORMAT", "text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured("LOG_FORMAT must be text or json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "text": {"()": "ops.logging.TextFormatter"},
        "json": {"()": "ops.logging.JsonLineFormatter"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # The access logger says what happened to each request; Django's adds the 5xx.
        "django.request": {"level": "ERROR"},
        "access": {"level": env_str("ACCESS_LOG_LEVEL", "INFO")},
        # runserver's own request lines (the access logger has them, with the request ID).
        "django.server": {"level": "CRITICAL"},
        # A line per successful task is noise; failures are logged at ERROR.
        "celery.app.trace": {"level": "WARNING"},
    },
}

# /metrics: with METRICS_TOKEN set, only `Authorization: Bearer <token>` may read it;
# otherwise only direct (unproxied) clients in METRICS_ALLOWED_NETWORKS, an opt-in that is
# empty unless DEBUG: with DEBUG off and neither set, every scrape is refused.
METRICS_TOKEN = env_str("METRICS_TOKEN")
METRICS_ALLOWED_NETWORKS = env_list(
    "METRICS_ALLOWED_NETWORKS", ["127.0.0.1/32", "::1/128"] if DEBUG else []
)
