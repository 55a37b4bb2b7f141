"""Endpoints/Limits and effective-limits: statuses the contract lists per operation."""

RESPONSES: dict[tuple[str, str], set[int]] = {
    ("get", "/providers/{providerID}/participants/{participantID}/effective-limits"): {
        200,
        401,
        403,
        404,
    },
    # Never 404; a malformed providerID is 400 here.
    ("get", "/providers/{providerID}/limits/defaults"): {200, 400, 401, 403},
    ("delete", "/providers/{providerID}/limit-groups/{groupID}"): {204, 401, 403, 404},
}
