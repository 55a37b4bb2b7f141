"""Lifting a login lockout (staff, from the admin or `unlock_staff_login`): the failed
attempts recorded for a username or an address (and the failures remembered for them) are
deleted, and the unlock is logged."""

import logging

from axes.models import AccessAttempt, AccessFailureLog
from django.db import transaction

from common import request_context
from security.lockout import username_digest

log = logging.getLogger("security.login")
ATTEMPT = AccessAttempt._meta.label  # "axes.AccessAttempt", as delete() counts it


def unlock(*, username: str | None = None, address: str | None = None, by: str = "") -> int:
    """Deletes the failed attempts of `username`, of `address`, or of either when both are
    given; returns how many records went."""
    if not username and not address:
        raise ValueError("A username or an address is needed.")
    with transaction.atomic():
        count = _matching(AccessAttempt, username, address).delete()[1].get(ATTEMPT, 0)
        # The failures remembered for the growing cool-off go too (security.lockout.cool_off).
        _matching(AccessFailureLog, username, address).delete()
    log.warning(
        "staff login unlocked user=%s address=%s records=%d by=%s request_id=%s",
        username_digest(username),
        address or "-",
        count,
        by or "-",
        request_context.request_id() or "-",
    )
    return count


def _matching(model, username, address):
    rows = model.objects.none()
    if username:
        rows |= model.objects.filter(username=username)
    if address:
        rows |= model.objects.filter(ip_address=address)
    return model.objects.filter(pk__in=rows.values("pk"))


def unlock_attempts(queryset, *, by: str) -> int:
    """The admin's action: every username and address of the chosen records."""
    count = 0
    for username, address in queryset.values_list("username", "ip_address"):
        count += unlock(username=username, address=address, by=by)
    return count
