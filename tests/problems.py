"""Checking problem documents: what differs by construction between two answers, and what a
missing resource's 404 says."""

from api.problems import NO_ROUTE

PROBLEM = "application/problem+json"
# `instance` names the path of the request and `requestID` the request itself.
PER_OCCURRENCE = ("instance", "requestID")
NO_PARTICIPANT = "No participant matches within this provider."


def without_occurrence(body: dict) -> dict:
    """A problem document without the members that name the occurrence: two answers that
    must be indistinguishable (a foreign resource and a missing one) compare equal on this."""
    return {key: value for key, value in body.items() if key not in PER_OCCURRENCE}


def assert_not_found(response, detail: str | None = None) -> dict:
    """`response` is the 404 problem document of a missing resource; returns its body.

    A path no endpoint serves is a 404 problem document too, whose `detail` says so
    (api.problems.NO_ROUTE): that one fails here, so a test of a missing resource cannot
    pass once its route is gone. Given `detail`, the document must say exactly that."""
    assert response.status_code == 404, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"] == "about:blank"
    assert body["title"] == "Not Found"
    assert body["status"] == 404
    assert body["instance"] == response.wsgi_request.path
    assert body["detail"] != NO_ROUTE, f"no endpoint serves {body['instance']}"
    if detail is not None:
        assert body["detail"] == detail
    return body
