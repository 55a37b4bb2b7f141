"""Comparing problem documents: what differs by construction between two answers."""

# `instance` names the path of the request and `requestID` the request itself.
PER_OCCURRENCE = ("instance", "requestID")


def without_occurrence(body: dict) -> dict:
    """A problem document without the members that name the occurrence: two answers that
    must be indistinguishable (a foreign resource and a missing one) compare equal on this."""
    return {key: value for key, value in body.items() if key not in PER_OCCURRENCE}
