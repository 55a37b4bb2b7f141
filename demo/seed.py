"""Idempotent demo data: a provider, participants with funding sources, and a fresh API key.

This module sits on top of every app (it only calls their services), so nothing imports it.
"""

from dataclasses import dataclass

from django.db import transaction

from demo import limits as limits_demo
from demo import payments as payments_demo
from demo import people
from demo import risk as risk_demo
from demo.analyst import seed_analyst
from demo.ledger import seed_ledger
from demo.webhooks import seed_webhooks
from events.sandbox.services import PATH as RECEIVER_PATH
from providers import services as provider_services
from providers.models import ApiKey, Provider

DEMO_PROVIDER_NAME = "Demo Bank"
DEMO_KEY_LABEL = "demo"

PEOPLE = [
    ("demo-alice", "Alice", "Nguyen", ("1", "4155550101"), "alice@example.com"),
    ("demo-bob", "Bob", "Okafor", ("1", "4155550102"), "bob@example.com"),
    ("demo-carmen", "Carmen", "Diaz", ("1", "4155550103"), None),
    ("demo-dmitri", "Dmitri", "Ivanov", ("44", "7911123456"), "dmitri@example.com"),
    ("demo-emeka", "Emeka", "Eze", ("1", "4155550105"), None),
    ("demo-fatima", "Fatima", "Rahman", ("1", "4155550106"), "fatima@example.com"),
]


@dataclass
class DemoSeed:
    provider: Provider
    api_key_id: str
    api_key_secret: str
    participant_ids: list[str]
    ledger_urls: dict[str, str] | None = None
    second_provider: Provider | None = None
    analyst: tuple[str, str] | None = None  # username, password of the demo risk analyst
    webhook_url: str | None = None  # the sandbox receiver the demo provider's events go to


def _provider() -> Provider:
    provider = Provider.objects.filter(name=DEMO_PROVIDER_NAME).order_by("created_on").first()
    if provider is None:
        provider, _ = provider_services.create_provider(name=DEMO_PROVIDER_NAME)
    return provider


def _fresh_key(provider: Provider) -> provider_services.IssuedKey:
    # Secrets are shown once, so each run retires the previous demo key and prints a new one.
    for key in ApiKey.objects.filter(provider=provider, label=DEMO_KEY_LABEL, revoked_on=None):
        provider_services.revoke_api_key(key_id=key.id)
    return provider_services.create_api_key(provider=provider, label=DEMO_KEY_LABEL)


def _participants(provider: Provider) -> list[str]:
    ids = []
    for external_id, given, family, phone, email in PEOPLE:
        enrollment, _ = people.enroll(
            provider,
            external_id,
            given,
            family,
            phone,
            country="US" if phone[0] == "1" else "GB",
            emails=(email,) if email else (),
            sources=(
                people.bank_account(external_id, given, phone[1][-4:]),
                people.card(external_id, "Visa debit", str(4000 + len(given))[-4:]),
            ),
        )
        ids.append(enrollment.participant_id)
    return ids


def receiver_path(receiver_id: str) -> str:
    return RECEIVER_PATH.format(receiver_id=receiver_id)


def seed(*, base_url: str, wait_seconds: float = 60) -> DemoSeed:
    """`wait_seconds`: how long each payout may wait for the workers to answer its ledger
    calls (with a broker; without one they run at commit)."""
    with transaction.atomic():
        provider = _provider()
        issued = _fresh_key(provider)
        participant_ids = _participants(provider)
        limits_demo.seed(provider)
        ledger = seed_ledger(provider=provider, base_url=base_url)
        analyst = seed_analyst()
    # After the commit: payouts call the sandbox ledger over HTTP, which must see the wiring.
    second_provider = payments_demo.seed(provider, base_url, wait_seconds=wait_seconds)
    risk_demo.seed(
        provider,
        with_payouts=payments_demo.ledger_answers(provider, base_url),
        wait_seconds=wait_seconds,
    )
    # Last, so the receiver shows the walkthrough's changes rather than the seeding's.
    receiver = seed_webhooks(provider=provider, base_url=base_url)
    return DemoSeed(
        provider=provider,
        api_key_id=issued.api_key.id,
        api_key_secret=issued.secret,
        participant_ids=participant_ids,
        ledger_urls=ledger.urls if ledger else None,
        second_provider=second_provider,
        analyst=analyst,
        webhook_url=(
            base_url.rstrip("/") + receiver_path(receiver.pk) if receiver is not None else None
        ),
    )
