"""The admin login's brute-force guard, around django-axes: which address a login comes
from, how long a lockout lasts, how a username appears in the log, the log lines of every
failure and lockout, and the lockout page.

axes counts failures per (username, address) pair within the cool-off window, so failures
from one address never lock the same user out from another. The cool-off grows with the
pair's failures remembered in axes' failure log (`cool_off`). axes' own log lines name the
username in clear, so its logger is kept quiet (settings) and these lines say what happened
instead."""

import hashlib
import hmac
import ipaddress
import logging
import math
from datetime import timedelta

from axes.helpers import get_client_username
from axes.models import AccessAttempt, AccessFailureLog
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db.models import Max
from django.shortcuts import render
from django.utils import timezone

from common import request_context

log = logging.getLogger("security.login")


def username_digest(username: str | None) -> str:
    """A username as the log shows it: a keyed hash (stable, so one account's failures can be
    followed, but not readable: people type passwords into the username field)."""
    if not username:
        return "-"
    key = settings.SECRET_KEY.encode()
    return "u_" + hmac.new(key, username.encode(), hashlib.sha256).hexdigest()[:12]


def _trusted_proxy(address) -> bool:
    return any(address in ipaddress.ip_network(net) for net in settings.STAFF_TRUSTED_PROXIES)


def client_address(request) -> str | None:
    """The peer address; behind proxies named in STAFF_TRUSTED_PROXIES, the right-most
    X-Forwarded-For entry that is not one of them (entries left of it are the client's word)."""
    peer = request.META.get("REMOTE_ADDR") or None
    try:
        address = ipaddress.ip_address(peer or "")
    except ValueError:
        return peer
    if not settings.STAFF_TRUSTED_PROXIES or not _trusted_proxy(address):
        return peer
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed([hop for hop in hops if hop]):
        try:
            candidate = ipaddress.ip_address(hop)
        except ValueError:
            return peer
        if not _trusted_proxy(candidate):
            return str(candidate)
    return peer


def _address_of(request) -> str:
    if request is None:
        return "-"
    return getattr(request, "axes_ip_address", None) or client_address(request) or "-"


def _pair(request) -> dict | None:
    """The login's username and address as axes records them (None outside a login)."""
    address = getattr(request, "axes_ip_address", None)
    if request is None or address is None:
        return None
    return {"username": get_client_username(request), "ip_address": address}


def cool_off(request=None) -> timedelta:
    """axes' cool-off (AXES_COOLOFF_TIME) for this login's (username, address) pair: the base
    STAFF_LOGIN_COOLOFF_SECONDS, doubled for every further AXES_FAILURE_LIMIT failures of the
    pair within STAFF_LOGIN_MAX_COOLOFF_SECONDS, and never longer than that: the 10th failure
    locks for 15 minutes, the 20th for 30, the 30th for an hour... A refused try while locked
    counts too. axes asks while recording a failure, before logging it: hence the + 1."""
    base = timedelta(seconds=settings.STAFF_LOGIN_COOLOFF_SECONDS)
    longest = timedelta(seconds=settings.STAFF_LOGIN_MAX_COOLOFF_SECONDS)
    pair = _pair(request)
    if pair is None:
        return base
    since = timezone.now() - longest
    failures = AccessFailureLog.objects.filter(**pair, attempt_time__gte=since).count() + 1
    doublings = max(0, failures // settings.AXES_FAILURE_LIMIT - 1)
    return min(base * 2 ** min(doublings, 20), longest)


def _locked_for(request) -> timedelta:
    """What is left of the pair's lockout: its attempts expire when their cool-off ends."""
    pair = _pair(request)
    ends = None
    if pair is not None:
        attempts = AccessAttempt.objects.filter(**pair)
        ends = attempts.aggregate(ends=Max("expiration__expires_at"))["ends"]
    return ends - timezone.now() if ends else cool_off(request)


def lockout_response(request, credentials, *args, **kwargs):
    """The admin login page again, refusing with 429 and saying for how long."""
    minutes = max(1, math.ceil(_locked_for(request).total_seconds() / 60))
    context = {
        "title": "Too many failed logins",
        "cooloff_minutes": minutes,
        "site_header": "Provider service administration",
    }
    return render(request, "admin/locked_out.html", context, status=429)


def _on_failure(sender, credentials, request=None, **kwargs):
    username = (credentials or {}).get("username")
    log.warning(
        "staff login failed user=%s address=%s request_id=%s",
        username_digest(username),
        _address_of(request),
        request_context.request_id() or "-",
    )


def _on_locked_out(sender, request=None, username=None, ip_address=None, **kwargs):
    log.warning(
        "staff login locked out user=%s address=%s request_id=%s failure_limit=%s "
        "cooloff_seconds=%d",
        username_digest(username),
        ip_address or _address_of(request),
        request_context.request_id() or "-",
        settings.AXES_FAILURE_LIMIT,
        cool_off(request).total_seconds(),
    )


def _on_login(sender, request=None, user=None, **kwargs):
    log.info(
        "staff login user=%s address=%s request_id=%s",
        username_digest(user.get_username() if user else None),
        _address_of(request),
        request_context.request_id() or "-",
    )


def connect() -> None:
    from axes.signals import user_locked_out

    user_login_failed.connect(_on_failure, dispatch_uid="security.login.failed")
    user_locked_out.connect(_on_locked_out, dispatch_uid="security.login.locked_out")
    user_logged_in.connect(_on_login, dispatch_uid="security.login.logged_in")
