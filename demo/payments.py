"""Demo payments: payouts and requests in every status, made through the payments services.

Holds, captures and releases go over HTTP to the sandbox ledger served by the running server
(`make run` starts the server first, then seeds). A second provider, Harbor Credit Union,
claims a payout and pays a request, so both providers see those payments.

A few statuses are moments in flight; the demo stops there on purpose:
- `initiated` / `claiming`: the ledger call is queued for a worker instead of run inline
  (the embedded default has no worker, so it stays queued; with workers, `make up-prod`,
  they take it on and these two move on to `accepted` and `completed`);
- `paying`, `disbursing`, `reversing`: the request's next rail step is not taken yet.

With workers each step waits for the ledger calls of the step before it (demo.waiting).
Idempotent: each scenario is recognised by its memo and skipped when it already exists.
"""

import logging
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from datetime import timedelta

from celery import current_app
from django.test import override_settings
from django.utils import timezone

from common.actors import Actor
from common.verdicts import RiskVerdict
from demo import people
from demo.waiting import settled
from ledger import selectors as ledger_selectors
from ledger.sandbox.handle import SandboxLedger
from participants import selectors as participant_selectors
from participants import services as participant_services
from payments import risk, services
from payments.models import Payment
from providers import services as provider_services
from providers.models import Provider

logger = logging.getLogger(__name__)

STAFF = Actor(kind="system", display_name="demo seed")
SECOND_PROVIDER_NAME = "Harbor Credit Union"

# Participants only the payments demo uses (so suspending one or removing a card here does
# not disturb other demos). (provider, externalID, given, family, phone)
EXTRA_PEOPLE = [
    ("demo", "demo-gwen", "Gwen", "Adler", ("1", "4155550107")),
    ("demo", "demo-hiro", "Hiro", "Tanaka", ("1", "4155550108")),
    # Requesters whose account closes while they are being paid (their card is removed).
    ("demo", "demo-ines", "Ines", "Moreau", ("33", "612345678")),
    ("demo", "demo-jules", "Jules", "Petit", ("1", "4155550109")),
    ("demo", "demo-kai", "Kai", "Larsen", ("1", "4155550110")),
    ("demo", "demo-lena", "Lena", "Vogel", ("1", "4155550113")),
    ("harbor", "harbor-jonas", "Jonas", "Berg", ("1", "2065550111")),
    ("harbor", "harbor-kemi", "Kemi", "Adeyemi", ("1", "2065550112")),
]


def second_provider() -> Provider:
    provider = Provider.objects.filter(name=SECOND_PROVIDER_NAME).order_by("created_on").first()
    if provider is None:
        provider, _ = provider_services.create_provider(name=SECOND_PROVIDER_NAME)
    return provider


def _people(demo: Provider, harbor: Provider) -> None:
    for home, external_id, given, family, phone in EXTRA_PEOPLE:
        people.enroll(
            demo if home == "demo" else harbor,
            external_id,
            given,
            family,
            phone,
            country="US" if phone[0] == "1" else "FR",
            address=people.SEATTLE if home == "harbor" else people.SAN_FRANCISCO,
            sources=(people.card(external_id, "Mastercard debit", phone[1][-4:]),),
        )


class _Demo:
    def __init__(self, demo: Provider, harbor: Provider, wait_seconds: float):
        self.demo, self.harbor = demo, harbor
        self.wait_seconds = wait_seconds

    def who(self, external_id: str):
        provider = self.harbor if external_id.startswith("harbor-") else self.demo
        return participant_selectors.get_enrollment(provider.id, external_id)

    def phone_of(self, external_id: str) -> str:
        phone = self.who(external_id).phones.order_by("id").first()
        return phone.e164

    def exists(self, memo: str) -> bool:
        return Payment.objects.filter(initiator_provider=self.demo, memo=memo).exists()

    def settled(self, payment):
        return settled(payment, within=self.wait_seconds)

    def payout(self, sender: str, to: str, amount: int, memo: str, *, settle: bool = True):
        payout = services.create_payout(
            data=services.NewPayout(
                provider_id=self.demo.id,
                sender=sender,
                recipient_phone=to,
                amount_minor=amount,
                currency="USD",
                memo=memo,
            ),
            actor=STAFF,
        )
        return self.settled(payout) if settle else payout

    def request(self, requester: str, payer_phone: str, amount: int, memo: str):
        return services.create_request(
            data=services.NewRequest(
                provider_id=self.demo.id,
                requester=requester,
                payer_phone=payer_phone,
                amount_minor=amount,
                currency="USD",
                memo=memo,
            ),
            actor=STAFF,
        )

    def claim(self, payout, recipient: str | None = None, name: str = "", *, settle=True):
        provider = self.who(recipient).provider_id if recipient else None
        claimed = services.claim_payout(
            payout_id=payout.id,
            recipient_provider_id=provider,
            recipient=recipient,
            recipient_name=name,
            actor=STAFF,
        )
        return self.settled(claimed) if settle else claimed

    def pay(self, request, payer: str, *, steps: int | None = None):
        provider = self.who(payer).provider_id
        services.start_payment(
            request_id=request.id, payer_provider_id=provider, payer=payer, actor=STAFF
        )
        if steps == 0:
            return request
        return services.advance_request(request_id=request.id, max_steps=steps)

    def remove_card(self, external_id: str) -> None:
        enrollment = self.who(external_id)
        for source in participant_selectors.active_funding_sources(enrollment):
            participant_services.disable_funding_source(
                enrollment=enrollment, funding_source_id=source.pk
            )

    def suspend(self, external_id: str) -> None:
        enrollment = self.who(external_id)
        if not enrollment.suspended:
            participant_services.suspend(
                enrollment_id=enrollment.pk,
                reason_code="compliance-review",
                note="Documents requested",
                expected_version_id=enrollment.relationship_version_id,
                actor=STAFF,
            )


@contextmanager
def _ledger_call_queued():
    """Queue the ledger call for a worker instead of running it inline: the payment stays
    where it is while its hold or capture is on the way."""
    previous = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    try:
        yield
    finally:
        current_app.conf.task_always_eager = previous


@contextmanager
def _risk_says(decision: str, reason: str):
    """Let the risk hook return `decision` for one payment (the engine's own rules decide
    every other one)."""
    with risk.assessor.replaced(lambda payment: RiskVerdict(decision, 0.93, None, reason)):
        yield


@contextmanager
def _due_now():
    """Create with no time to claim or pay, so the expiry sweep closes it at once."""
    with override_settings(PAYOUT_EXPIRY_SECONDS=0, REQUEST_EXPIRY_SECONDS=0):
        yield


Scenario = tuple[str, Callable[[str], object]]  # (memo, make)


def _scenarios(d: _Demo) -> tuple[list[Scenario], list[Scenario]]:
    """(payouts, requests)."""
    bob, jonas = d.phone_of("demo-bob"), d.phone_of("harbor-jonas")
    kemi, hiro = d.phone_of("harbor-kemi"), d.phone_of("demo-hiro")
    stranger = "+14155550177"

    def completed_in_house(memo):
        d.claim(d.payout("demo-alice", bob, 4200, memo), "demo-bob")

    def completed_across_providers(memo):
        d.claim(d.payout("demo-alice", jonas, 12500, memo), "harbor-jonas", "Jonas B.")

    def completed_to_a_stranger(memo):
        d.claim(d.payout("demo-dmitri", stranger, 3000, memo), name="Sam Walker")

    def accepted(memo):
        d.payout("demo-alice", stranger, 1800, memo)

    def authorized_on_hold(memo):
        payout = d.payout("demo-dmitri", "+447700900123", 95000, memo)
        services.set_hold(
            payment_id=payout.id, active=True, expires_on=timezone.now() + timedelta(days=3)
        )

    def initiated(memo):
        with _ledger_call_queued():
            payout = d.payout("demo-fatima", bob, 2600, memo, settle=False)
        d.settled(payout)  # with workers: before another step's fault meets its call

    def claiming(memo):
        payout = d.payout("demo-fatima", hiro, 1500, memo)
        with _ledger_call_queued():
            payout = d.claim(payout, "demo-hiro", settle=False)
        d.settled(payout)

    def denied_by_the_ledger(memo):
        d.payout("demo-carmen", bob, 8000, memo)  # her card holds 25.00

    def denied_by_risk(memo):
        with _risk_says("deny", "device linked to earlier fraud"):
            d.payout("demo-emeka", stranger, 49900, memo)

    def cancelled(memo):
        payout = d.payout("demo-alice", stranger, 2000, memo)
        services.cancel_payout(payout_id=payout.id, reason="Sent to the wrong number", actor=STAFF)
        d.settled(payout)  # its hold's release

    def expired(memo):
        with _due_now():
            payout = d.payout("demo-dmitri", stranger, 1000, memo)
        services.expire_due_payments()
        d.settled(payout)

    def failed(memo):
        # The ledger refuses the authorize (422): no answer to trust, at once. (Unavailable,
        # it would be retried with backoff for minutes before failing, with workers.)
        ledger = SandboxLedger(d.demo.id, "")
        ledger.set_faults(next_statuses=[422])
        try:
            d.payout("demo-alice", bob, 1100, memo)
        finally:
            ledger.set_faults()

    def payout_failed(memo):
        payout = d.payout("demo-fatima", stranger, 2300, memo)
        SandboxLedger(d.demo.id, "").set_faults(next_statuses=[422])  # capture rejected
        d.claim(payout, name="Lee Chan")

    def request_created(memo):
        d.request("demo-bob", kemi, 3500, memo)

    def request_authenticated(memo):
        request = d.request("demo-alice", kemi, 6000, memo)
        services.authenticate_payer(
            request_id=request.id, payer_provider_id=d.harbor.id, payer="harbor-kemi"
        )

    def request_completed(memo):
        d.pay(d.request("demo-alice", kemi, 2750, memo), "harbor-kemi")

    def request_completed_in_house(memo):
        d.pay(d.request("demo-emeka", bob, 1250, memo), "demo-bob")

    def request_declined(memo):
        request = d.request("demo-carmen", bob, 900, memo)
        services.decline_request(request_id=request.id, actor=STAFF)

    def request_cancelled(memo):
        request = d.request("demo-dmitri", hiro, 4000, memo)
        services.cancel_request(request_id=request.id, actor=STAFF)

    def request_expired(memo):
        with _due_now():
            d.request("demo-fatima", stranger, 1500, memo)
        services.expire_due_payments()

    def request_denied(memo):
        with _risk_says("deny", "requester linked to a mule account"):
            d.request("demo-emeka", stranger, 99000, memo)

    def request_paying(memo):
        d.pay(d.request("demo-bob", hiro, 1600, memo), "demo-hiro", steps=0)

    def request_disbursing(memo):
        d.pay(d.request("demo-carmen", hiro, 2100, memo), "demo-hiro", steps=2)

    def request_funded_waiting(memo):
        request = d.request("demo-gwen", bob, 5400, memo)
        d.suspend("demo-gwen")  # after asking: the money waits in funded
        d.pay(request, "demo-bob")

    def closed_requester(requester, payer_phone, amount, memo):
        request = d.request(requester, payer_phone, amount, memo)
        d.remove_card(requester)  # her account closes: there is nowhere to pay her
        return request

    def request_disbursement_failed(memo):
        request = closed_requester("demo-ines", hiro, 3300, memo)
        d.pay(request, "demo-hiro", steps=3)  # funded, disbursing, disbursement failed

    def request_reversing(memo):
        request = closed_requester("demo-jules", bob, 1700, memo)
        d.pay(request, "demo-bob", steps=4)  # ... and the refund to Bob has started

    def request_reversed(memo):
        d.pay(closed_requester("demo-kai", kemi, 2200, memo), "harbor-kemi")

    def request_reversal_failed(memo):
        request = closed_requester("demo-lena", hiro, 800, memo)
        d.pay(request, "demo-hiro", steps=3)
        d.remove_card("demo-hiro")  # the payer's card is gone too: the refund fails
        services.advance_request(request_id=request.id)

    payouts = [
        ("Dinner at Nopa", completed_in_house),
        ("Rent share, June", completed_across_providers),
        ("Thanks for the ride", completed_to_a_stranger),
        ("Concert tickets", accepted),
        ("Deposit for the flat", authorized_on_hold),
        ("Groceries", initiated),
        ("Book club", claiming),
        ("Weekend trip", denied_by_the_ledger),
        ("Laptop", denied_by_risk),
        ("Birthday gift", cancelled),
        ("Coffee beans", expired),
        ("Taxi home", failed),
        ("Babysitting", payout_failed),
    ]
    requests = [
        ("Utilities, May", request_created),
        ("Ski rental", request_authenticated),
        ("Wedding gift pool", request_completed),
        ("Lunch", request_completed_in_house),
        ("Parking", request_declined),
        ("Tuition share", request_cancelled),
        ("Movie night", request_expired),
        ("Invoice 2291", request_denied),
        ("Gym share", request_paying),
        ("Phone bill", request_disbursing),
        ("Road trip gas", request_funded_waiting),
        ("Flowers", request_disbursement_failed),
        ("Board games", request_reversing),
        ("Pottery class", request_reversed),
        ("Cinema", request_reversal_failed),
    ]
    return payouts, requests


def _answers(base_url: str) -> bool:
    try:
        urllib.request.urlopen(f"{base_url}/api/schema/", timeout=5).close()
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


def ledger_answers(provider: Provider, base_url: str) -> bool:
    """Whether the provider's ledger is wired and its sandbox answers at `base_url`."""
    return ledger_selectors.find_registration(provider.id) is not None and _answers(base_url)


def seed(provider: Provider, base_url: str, *, wait_seconds: float) -> Provider:
    """Create whatever demo payment is missing; returns the second demo provider. Payouts
    need the provider's ledger: without the sandbox ledger wired and answering at
    `base_url`, only requests are made. With workers, each payout's ledger calls are waited
    for, at most `wait_seconds` each."""
    harbor = second_provider()
    _people(provider, harbor)
    demo = _Demo(provider, harbor, wait_seconds)
    payouts, requests = _scenarios(demo)
    if not ledger_answers(provider, base_url):
        logger.warning("No sandbox ledger answers at %s: demo payouts skipped", base_url)
        payouts = []
    for memo, make in [*payouts, *requests]:
        if not demo.exists(memo):
            make(memo)
    return harbor
