"""Demo participants, made through the participants services, once per externalID."""

from participants import selectors as participant_selectors
from participants import services as participant_services
from participants.models import Enrollment
from providers.models import Provider

SAN_FRANCISCO = {
    "address_line1": "100 Market St",
    "city": "San Francisco",
    "state_or_province": "CA",
    "postal_code": "94105",
}
SEATTLE = {
    "address_line1": "1 Harbor Way",
    "city": "Seattle",
    "state_or_province": "WA",
    "postal_code": "98101",
}


def bank_account(external_id: str, given: str, last4: str) -> participant_services.NewFundingSource:
    return participant_services.NewFundingSource(
        funding_type="bank_account",
        provider_source_id=f"acct-{external_id}",
        display_name=f"{given}'s checking",
        last4=last4,
    )


def card(external_id: str, label: str, last4: str) -> participant_services.NewFundingSource:
    return participant_services.NewFundingSource(
        funding_type="card",
        provider_source_id=f"card-{external_id}",
        display_name=label,
        last4=last4,
    )


def enroll(
    provider: Provider,
    external_id: str,
    given: str,
    family: str,
    phone: tuple[str, str],
    *,
    country: str,
    sources: tuple[participant_services.NewFundingSource, ...],
    emails: tuple[str, ...] = (),
    address: dict = SAN_FRANCISCO,
    date_of_birth=None,
) -> tuple[Enrollment, bool]:
    """The participant (created when missing) after onboarding (its signup risk assessment
    runs once); and whether it was created now."""
    enrollment = participant_selectors.find_enrollment(provider.id, external_id)
    created = enrollment is None
    if created:
        enrollment = participant_services.create_participant(
            provider=provider,
            data=participant_services.NewParticipant(
                external_id=external_id,
                given_name=given,
                family_name=family,
                country=country,
                phones=(phone,),
                emails=emails,
                funding_sources=sources,
                date_of_birth=date_of_birth,
                **address,
            ),
        )
    participant_services.finish_onboarding(participant_id=enrollment.participant_id)
    return enrollment, created
