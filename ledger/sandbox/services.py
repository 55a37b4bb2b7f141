"""The sandbox ledger's writes: holds, releases, captures, balances and fault settings.

Every operation runs in one transaction under row locks (the account for authorize; the hold,
then its account, for release and capture), so concurrent retries of one request cannot both
act, and the unique (provider, endpoint, idempotencyKey) row is the last line of defence.
"""

import random
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from common import request_context
from common.errors import InvalidRequest, NotFound
from common.ids import new_id
from common.money import MoneyError, get_currency
from ledger import keys
from ledger import selectors as ledger_selectors
from ledger import services as ledger_services
from ledger.sandbox import protocol
from ledger.sandbox.models import SandboxAccount, SandboxFaults, SandboxHold, SandboxOperation
from providers.models import Provider

APPROVED, DENIED, FAILED = "approved", "denied", "failed"


class KeyReused(Exception):
    """An idempotencyKey already answered for another payout."""


# --- the three callbacks ------------------------------------------------------------------


def answer(*, provider_id: str, endpoint: str, request) -> dict:
    """The `service` claims answering `request`: a new operation, or the replay of the one
    already done under its idempotencyKey on this endpoint."""
    handler = {"authorize": _authorize, "release": _release, "capture": _capture}[endpoint]
    try:
        with transaction.atomic():
            return handler(provider_id, request)
    except IntegrityError:
        # A concurrent twin of this request committed the same key first: replay its answer.
        with transaction.atomic():
            return handler(provider_id, request)


def _authorize(provider_id: str, req: protocol.AuthorizeRequest) -> dict:
    account = _locked_account(provider_id, req.funding_source, req.amount.currency)
    replay = _replay(provider_id, "authorize", req)
    if replay is not None:
        return replay
    if account.currency != req.amount.currency:
        response = _response(req, DENIED, reason="currency_mismatch")
    elif account.available_minor < req.amount.minor:
        response = _response(req, DENIED, reason="insufficient_funds")
    else:
        account.available_minor -= req.amount.minor
        account.held_minor += req.amount.minor
        account.updated_on = timezone.now()
        account.save(update_fields=["available_minor", "held_minor", "updated_on"])
        hold = SandboxHold.objects.create(
            reference=new_id("hold"),
            provider_id=provider_id,
            account=account,
            payout_id=req.payout_id,
            amount_minor=req.amount.minor,
            currency=req.amount.currency,
        )
        response = _response(req, APPROVED, holdReference=hold.reference)
    return _remember(provider_id, "authorize", req, response)


def _lift(hold: SandboxHold, *, taken_minor: int, now) -> None:
    """Take the hold off its account: `taken_minor` leaves the account (a capture), the rest
    of the held amount is available again (all of it on a release)."""
    account = SandboxAccount.objects.select_for_update().get(pk=hold.account_id)
    account.held_minor -= hold.amount_minor
    account.available_minor += hold.amount_minor - taken_minor
    account.updated_on = now
    account.save(update_fields=["available_minor", "held_minor", "updated_on"])


def _release(provider_id: str, req: protocol.ReleaseRequest) -> dict:
    hold = _locked_hold(provider_id, req)
    replay = _replay(provider_id, "release", req)
    if replay is not None:
        return replay
    if hold is None:
        response = _response(req, FAILED, reason="unknown_hold")
    elif hold.status == SandboxHold.Status.CAPTURED:
        response = _response(req, FAILED, reason="hold_captured")
    elif hold.status == SandboxHold.Status.RELEASED:
        # Releasing a released hold is a success, with the reference it got the first time.
        response = _response(req, APPROVED, releaseReference=hold.release_reference)
    else:
        now = timezone.now()
        _lift(hold, taken_minor=0, now=now)
        hold.status = SandboxHold.Status.RELEASED
        hold.release_reference = new_id("rel")
        hold.released_on = now
        hold.save(update_fields=["status", "release_reference", "released_on"])
        response = _response(req, APPROVED, releaseReference=hold.release_reference)
    return _remember(provider_id, "release", req, response)


def _capture(provider_id: str, req: protocol.CaptureRequest) -> dict:
    hold = _locked_hold(provider_id, req)
    replay = _replay(provider_id, "capture", req)
    if replay is not None:
        return replay
    if hold is None:
        response = _response(req, FAILED, reason="unknown_hold")
    elif hold.status == SandboxHold.Status.RELEASED:
        response = _response(req, FAILED, reason="hold_released")
    elif hold.status == SandboxHold.Status.CAPTURED:
        response = _response(req, APPROVED, captureReference=hold.capture_reference)
    elif req.amount.currency != hold.currency:
        response = _response(req, FAILED, reason="currency_mismatch")
    elif req.amount.minor > hold.amount_minor:
        response = _response(req, FAILED, reason="amount_exceeds_hold")
    else:
        now = timezone.now()
        _lift(hold, taken_minor=req.amount.minor, now=now)
        hold.status = SandboxHold.Status.CAPTURED
        hold.captured_minor = req.amount.minor
        hold.capture_reference = new_id("cap")
        hold.captured_on = now
        hold.save(update_fields=["status", "captured_minor", "capture_reference", "captured_on"])
        response = _response(req, APPROVED, captureReference=hold.capture_reference)
    return _remember(provider_id, "capture", req, response)


def _locked_account(provider_id: str, funding_source: str, currency: str) -> SandboxAccount:
    # Open the account at the configured balance the first time it is seen.
    SandboxAccount.objects.bulk_create(
        [
            SandboxAccount(
                provider_id=provider_id,
                funding_source=funding_source,
                currency=currency,
                available_minor=settings.SANDBOX_LEDGER_OPENING_BALANCE,
            )
        ],
        ignore_conflicts=True,
    )
    return SandboxAccount.objects.select_for_update().get(
        provider_id=provider_id, funding_source=funding_source
    )


def _locked_hold(provider_id: str, req) -> SandboxHold | None:
    return (
        SandboxHold.objects.select_for_update()
        .filter(provider_id=provider_id, reference=req.hold_reference, payout_id=req.payout_id)
        .first()
    )


def _replay(provider_id: str, endpoint: str, req) -> dict | None:
    operation = (
        SandboxOperation.objects.select_for_update()
        .filter(provider_id=provider_id, endpoint=endpoint, idempotency_key=req.idempotency_key)
        .first()
    )
    if operation is None:
        return None
    if operation.payout_id != req.payout_id:
        raise KeyReused(
            f"idempotencyKey {req.idempotency_key!r} was used for payout {operation.payout_id}"
        )
    operation.replays = F("replays") + 1
    operation.last_replayed_on = timezone.now()
    operation.save(update_fields=["replays", "last_replayed_on"])
    return operation.response


def _response(req, outcome: str, **fields) -> dict:
    return {"outcome": outcome, **fields, "idempotencyKey": req.idempotency_key}


def _remember(provider_id: str, endpoint: str, req, response: dict) -> dict:
    SandboxOperation.objects.create(
        provider_id=provider_id,
        endpoint=endpoint,
        idempotency_key=req.idempotency_key,
        payout_id=req.payout_id,
        outcome=response["outcome"],
        response=response,
        request_id=request_context.request_id(),
    )
    return response


# --- balances -----------------------------------------------------------------------------


def set_balance(
    *, provider_id: str, funding_source: str, amount_minor: int, currency: str = "USD"
) -> SandboxAccount:
    """Set the available balance of a funding source (held funds are not touched)."""
    currency = check_balance(
        funding_source=funding_source, amount_minor=amount_minor, currency=currency
    )
    with transaction.atomic():
        _provider(provider_id)
        account = _locked_account(provider_id, funding_source, currency)
        if account.held_minor and account.currency != currency:
            raise InvalidRequest("The account has holds in another currency.")
        account.currency = currency
        account.available_minor = amount_minor
        account.updated_on = timezone.now()
        account.save(update_fields=["currency", "available_minor", "updated_on"])
    return account


def check_balance(*, funding_source: str, amount_minor: int, currency: str) -> str:
    """The normalized currency code, or InvalidRequest."""
    if isinstance(amount_minor, bool) or not isinstance(amount_minor, int) or amount_minor < 0:
        raise InvalidRequest("amount_minor must be an integer of at least 0.")
    if not funding_source or len(funding_source) > protocol.MAX_TEXT:
        raise InvalidRequest("funding_source must be 1 to 256 characters.")
    try:
        return get_currency(currency).code
    except MoneyError as exc:
        raise InvalidRequest(f"currency {exc}.") from None


def _provider(provider_id: str) -> Provider:
    provider = Provider.objects.filter(pk=provider_id).first()
    if provider is None:
        raise NotFound(f"Provider {provider_id} does not exist.")
    return provider


# --- faults -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    status: int
    retry_after: int | None = None


def set_faults(
    *,
    provider_id: str,
    rate_503: float = 0.0,
    rate_429: float = 0.0,
    slow_rate: float = 0.0,
    slow_ms: int = 2000,
    retry_after_seconds: int = 1,
    next_statuses=(),
) -> SandboxFaults:
    """Replace the provider's fault settings (and zero the injected-fault counters)."""
    statuses = check_faults(
        rate_503=rate_503,
        rate_429=rate_429,
        slow_rate=slow_rate,
        slow_ms=slow_ms,
        retry_after_seconds=retry_after_seconds,
        next_statuses=next_statuses,
    )
    with transaction.atomic():
        _provider(provider_id)
        faults, _ = SandboxFaults.objects.select_for_update().get_or_create(provider_id=provider_id)
        faults.rate_503 = float(rate_503)
        faults.rate_429 = float(rate_429)
        faults.slow_rate = float(slow_rate)
        faults.slow_ms = slow_ms
        faults.retry_after_seconds = retry_after_seconds
        faults.next_statuses = statuses
        faults.injected_503 = faults.injected_429 = 0
        faults.injected_slow = faults.injected_scripted = 0
        faults.updated_on = timezone.now()
        faults.save()
    return faults


def check_faults(
    *, rate_503, rate_429, slow_rate, slow_ms, retry_after_seconds, next_statuses
) -> list[int]:
    for name, rate in (("rate_503", rate_503), ("rate_429", rate_429), ("slow_rate", slow_rate)):
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
            raise InvalidRequest(f"{name} must be from 0.0 to 1.0.")
    if rate_503 + rate_429 > 1:
        raise InvalidRequest("rate_503 + rate_429 must not exceed 1.0.")
    for name, value in (("slow_ms", slow_ms), ("retry_after_seconds", retry_after_seconds)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidRequest(f"{name} must be an integer of at least 0.")
    statuses = list(next_statuses or ())
    if any(isinstance(s, bool) or not isinstance(s, int) or not 400 <= s <= 599 for s in statuses):
        raise InvalidRequest("next_statuses must be HTTP statuses from 400 to 599.")
    return statuses


def injected_fault(provider_id: str) -> Fault | None:
    """The failure to answer instead of processing this request, if any."""
    faults = SandboxFaults.objects.filter(provider_id=provider_id).first()
    if faults is None:
        return None
    if faults.next_statuses:
        with transaction.atomic():
            faults = SandboxFaults.objects.select_for_update().get(pk=provider_id)
            if faults.next_statuses:
                status = faults.next_statuses.pop(0)
                faults.injected_scripted += 1
                faults.save(update_fields=["next_statuses", "injected_scripted"])
                retry_after = faults.retry_after_seconds if status == 429 else None
                return Fault(status=status, retry_after=retry_after)
    roll = random.random()
    if roll < faults.rate_503:
        _count(provider_id, "injected_503")
        return Fault(status=503)
    if roll < faults.rate_503 + faults.rate_429:
        _count(provider_id, "injected_429")
        return Fault(status=429, retry_after=faults.retry_after_seconds)
    return None


def slow_answer_ms(provider_id: str) -> int:
    """How long to hold back an answer that is already processed (0: answer at once)."""
    faults = SandboxFaults.objects.filter(provider_id=provider_id).first()
    if faults is None or not faults.slow_rate or random.random() >= faults.slow_rate:
        return 0
    _count(provider_id, "injected_slow")
    return faults.slow_ms


def _count(provider_id: str, field: str) -> None:
    SandboxFaults.objects.filter(pk=provider_id).update(**{field: F(field) + 1})


# --- wiring -------------------------------------------------------------------------------


def sandbox_urls(provider_id: str, base_url: str) -> dict[str, str]:
    root = f"{base_url.rstrip('/')}/sandbox/ledger/{provider_id}"
    return {
        "authorize_url": f"{root}/authorize",
        "release_url": f"{root}/release",
        "capture_url": f"{root}/capture",
    }


def wire(*, provider_id: str, base_url: str, fresh_key: bool = True) -> ledger_services.Registered:
    """Register the provider's ledger at this sandbox (`{base_url}/sandbox/ledger/<id>/...`).

    With `fresh_key` off an existing key is kept (a demo re-seed leaves the wiring alone)."""
    urls = sandbox_urls(provider_id, base_url)
    existing = ledger_selectors.find_registration(provider_id)
    keep = not fresh_key and existing is not None and _readable(existing)
    return ledger_services.register_ledger(
        provider_id=provider_id, generate_key=not keep, require_https=False, **urls
    )


def _readable(registration) -> bool:
    try:
        registration.key()
    except keys.UnreadableKey:
        return False
    return True
