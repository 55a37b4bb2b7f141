"""Security: staff logins (lockout, second factor, sessions), https, CSP, cookies."""

from csp.constants import NONCE, NONE, SELF

from config.env import env_bool, env_int, env_list, env_str
from config.settings.base import DEBUG, INSTALLED_APPS, LOCAL_HTTP, MIDDLEWARE, TEMPLATES
from config.settings.observability import LOGGING

STAFF_OTP_ENCRYPTION_KEY = env_str("STAFF_OTP_ENCRYPTION_KEY")

# --- Staff security (docs/decisions/staff-*.md) ---------------------------------------------
# `security` after django-otp's plugins: its admin replaces theirs (security.admin).
INSTALLED_APPS += ["axes", "django_otp", "django_otp.plugins.otp_totp"]
INSTALLED_APPS += ["django_otp.plugins.otp_static", "security"]
# One backend: axes' lockout check before the password, then Django's ModelBackend.
AUTHENTICATION_BACKENDS = ["security.backends.LockoutModelBackend"]
# Last, as axes asks: it turns a refused login into the lockout page.
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]
# Admin login lockout: STAFF_LOGIN_FAILURE_LIMIT failures of one username from one address
# within STAFF_LOGIN_COOLOFF_SECONDS lock that pair (only) for that long from the last
# failure; each further limit's worth of the pair's failures doubles it, up to
# STAFF_LOGIN_MAX_COOLOFF_SECONDS (security.lockout.cool_off, from axes' failure log).
AXES_FAILURE_LIMIT = env_int("STAFF_LOGIN_FAILURE_LIMIT", 10)
STAFF_LOGIN_COOLOFF_SECONDS = env_int("STAFF_LOGIN_COOLOFF_SECONDS", 15 * 60)
STAFF_LOGIN_MAX_COOLOFF_SECONDS = env_int("STAFF_LOGIN_MAX_COOLOFF_SECONDS", 24 * 3600)
AXES_COOLOFF_TIME = "security.lockout.cool_off"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Each attempt record expires by its own cool-off (not the current request's).
AXES_USE_ATTEMPT_EXPIRATION = True
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "security.lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "security.lockout.client_address"
# Proxies whose X-Forwarded-For is believed for the login's client address (none by default:
# the peer address counts). List the reverse proxy's address when there is one.
STAFF_TRUSTED_PROXIES = env_list("STAFF_TRUSTED_PROXIES", [])
# axes' own lines name the username in clear: security.lockout logs each event instead.
LOGGING["loggers"]["axes"] = {"level": "ERROR"}

# Second factor (django-otp): every staff account needs a TOTP code (or a backup code) before
# any admin page, while STAFF_OTP_REQUIRED is on (the default unless DEBUG; `make run` keeps
# it off; `check --deploy` refuses it off). An administrator allows a user's enrolment, valid for
# STAFF_OTP_ENROLMENT_SECONDS. A staff session idle for STAFF_SESSION_IDLE_SECONDS ends.
# The authenticator device is `security.models.SealedTOTPDevice` (its key sealed at rest);
# django-otp's TOTP plugin stays installed for its migrations and the verification that
# model reuses, and its own device table stays empty.
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
    "django_otp.middleware.OTPMiddleware",
)
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.contrib.messages.middleware.MessageMiddleware") + 1,
    "security.middleware.StaffSessionMiddleware",
)
# Staff privileges (flags, groups, permissions) change only by a superuser's hand, each change
# recorded with its actor (security.privileges); this names the request's user as the actor.
MIDDLEWARE.insert(
    MIDDLEWARE.index("security.middleware.StaffSessionMiddleware") + 1,
    "security.middleware.StaffActorMiddleware",
)
STAFF_OTP_REQUIRED = env_bool("STAFF_OTP_REQUIRED", not DEBUG)
STAFF_OTP_ENROLMENT_SECONDS = env_int("STAFF_OTP_ENROLMENT_SECONDS", 24 * 3600)
OTP_TOTP_ISSUER = "Provider service"
STAFF_SESSION_IDLE_SECONDS = env_int("STAFF_SESSION_IDLE_SECONDS", 30 * 60)

# Transport: HSTS and the https redirect outside DEBUG. Behind a proxy that ends TLS, the
# redirect trusts its X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER below); health checks and
# metrics scrapes from the host itself stay on plain http.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not (DEBUG or LOCAL_HTTP))
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)

# Content-Security-Policy (django-csp) on every response: scripts only from the service's
# own origin or with the response's nonce, never inline otherwise; <style> elements the
# same; style attributes allowed (the admin's bars and Swagger UI set them), nothing framed,
# no plugins, forms post only here.
INSTALLED_APPS += ["csp"]
# After WhiteNoise, which answers the static files before any later middleware runs.
MIDDLEWARE.insert(
    MIDDLEWARE.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1,
    "csp.middleware.CSPMiddleware",
)
TEMPLATES[0]["OPTIONS"]["context_processors"].append("csp.context_processors.nonce")
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "style-src-elem": [SELF, NONCE],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not LOCAL_HTTP)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not LOCAL_HTTP)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if LOCAL_HTTP:
    # What `check --deploy` says of plain http is true and intended here: nothing outside
    # this machine can reach it (refused otherwise: base.py).
    SILENCED_SYSTEM_CHECKS = ["security.W008", "security.W012", "security.W016"]
