"""A provider's ledger registration: where the three callbacks go and the key their JWEs use,
created or replaced by `register_ledger` (the admin, `set_ledger`, the sandbox), each change
recorded in `LedgerRegistrationChange` with its actor and the values before and after (the key
by its thumbprint only)."""

from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from jwcrypto import jwk

from common.actors import Actor
from common.errors import InvalidRequest
from common.locking import lock_or_404
from ledger import keys
from ledger.models import LedgerRegistration, LedgerRegistrationChange
from providers.models import Provider

MAX_URL_CHARS = 2000
# What the trail keeps of a registration: where calls go and which key (never the key).
RECORDED = ("authorize_url", "release_url", "capture_url", "key_id")


@dataclass(frozen=True)
class Registered:
    registration: LedgerRegistration
    generated_key: jwk.JWK | None  # shown once to whoever asked for it, never stored in clear


def register_ledger(
    *,
    provider_id: str,
    authorize_url: str,
    release_url: str,
    capture_url: str,
    key: str | dict | None = None,
    generate_key: bool = False,
    require_https: bool | None = None,
    actor: Actor | None = None,
) -> Registered:
    """Create or replace a provider's ledger URLs, and set its key when one is given or asked
    for. A first registration needs a key; later ones keep the current key unless told. A change
    is recorded as `actor`'s (unset: the service's own, as the sandbox wires itself)."""
    if key is not None and generate_key:
        raise InvalidRequest("Give a key or ask for a new one, not both.")
    urls = {
        "authorize_url": check_url(authorize_url, "authorize", require_https),
        "release_url": check_url(release_url, "release", require_https),
        "capture_url": check_url(capture_url, "capture", require_https),
    }
    try:
        new_key = keys.generate() if generate_key else None if key is None else keys.parse(key)
    except keys.InvalidKey as exc:
        raise InvalidRequest(f"Invalid ledger key: {exc}.") from None
    with transaction.atomic():
        provider = lock_or_404(
            Provider.objects.filter(pk=provider_id), f"Provider {provider_id} does not exist."
        )
        registration = LedgerRegistration.objects.filter(provider=provider).first()
        if registration is None and new_key is None:
            raise InvalidRequest(
                "A new ledger registration needs a key (generate one or give one)."
            )
        now = timezone.now()
        before = None if registration is None else _recorded(registration)
        if registration is None:
            registration = LedgerRegistration(provider=provider, created_on=now)
        for name, value in urls.items():
            setattr(registration, name, value)
        if new_key is not None and keys.fingerprint(new_key) != registration.key_id:
            _rotate(registration, new_key, now)
        registration.updated_on = now
        registration.save()
        _record(registration, before, actor or Actor.system())
    return Registered(registration=registration, generated_key=new_key if generate_key else None)


def _rotate(registration: LedgerRegistration, new_key, now) -> None:
    """Seal calls with `new_key` from now on; the key it replaces keeps opening the provider's
    answers for LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (both sides share one key: the service seals
    calls with it and opens answers with it, and the provider the reverse)."""
    if registration.key_sealed:
        registration.previous_key_sealed = registration.key_sealed
        registration.previous_key_id = registration.key_id
        registration.previous_key_expires_on = now + timedelta(
            hours=settings.LEDGER_PREVIOUS_KEY_OVERLAP_HOURS
        )
    registration.key_sealed = keys.seal(new_key, provider_id=registration.provider_id)
    registration.key_id = keys.fingerprint(new_key)
    registration.key_set_on = now


def check_url(value: str, endpoint: str, require_https: bool | None = None) -> str:
    """An absolute http(s) URL with a host. Single-label hosts (`http://ledger-svc:8080/…`)
    are fine: a provider's ledger may sit on an internal network."""
    if require_https is None:
        require_https = settings.LEDGER_REQUIRE_HTTPS
    schemes = ("https",) if require_https else ("http", "https")
    try:
        parts = urlsplit(value) if isinstance(value, str) else None
        valid = (
            parts is not None
            and parts.scheme in schemes
            and bool(parts.hostname)
            and parts.username is None
            and not parts.fragment
            and len(value) <= MAX_URL_CHARS
            and not any(char.isspace() for char in value)
            and (parts.port is None or parts.port > 0)
        )
    except ValueError:  # a malformed port or IPv6 literal
        valid = False
    if not valid:
        allowed = " or ".join(schemes)
        raise InvalidRequest(f"The {endpoint} URL must be an absolute {allowed} URL.")
    return value


def _recorded(registration: LedgerRegistration) -> dict:
    return {name: getattr(registration, name) for name in RECORDED}


def _record(registration: LedgerRegistration, before: dict | None, actor: Actor) -> None:
    after = _recorded(registration)
    if before == after:
        return  # registered again as it was
    Action = LedgerRegistrationChange.Action
    LedgerRegistrationChange.record(
        actor,
        provider_id=registration.provider_id,
        action=Action.CREATE if before is None else Action.UPDATE,
        before=before,
        after=after,
    )
