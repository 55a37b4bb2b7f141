"""A provider's ledger registration as the API renders it: where calls go and which key (by
its thumbprint), never the key itself."""

from django.utils import timezone

from ledger import keys
from ledger.models import LedgerRegistration


def render_registration(registration: LedgerRegistration) -> dict:
    data = {
        "providerID": registration.provider_id,
        "authorizeURL": registration.authorize_url,
        "releaseURL": registration.release_url,
        "captureURL": registration.capture_url,
        "key": {**keys.description(registration.key_id), "setOn": registration.key_set_on},
    }
    if registration.previous_key_valid(timezone.now()):
        data["previousKey"] = {
            "kid": registration.previous_key_id,
            "expiresOn": registration.previous_key_expires_on,
        }
    data["createdOn"] = registration.created_on
    data["updatedOn"] = registration.updated_on
    return data
