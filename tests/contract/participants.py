"""Endpoints/Participants: statuses the contract lists per operation."""

# (method, path) -> statuses the contract lists for the operation (success and errors).
RESPONSES: dict[tuple[str, str], set[int]] = {
    ("post", "/providers/{providerID}/participants"): {201, 400, 401, 403, 409, 422},
    ("get", "/providers/{providerID}/participants"): {200, 400, 401},
    ("get", "/providers/{providerID}/participants/{participantID}"): {200, 401, 403, 404},
    ("get", "/providers/{providerID}/participants/{participantID}/funding-sources"): {
        200,
        400,
        401,
        403,
        404,
    },
    (
        "delete",
        "/providers/{providerID}/participants/{participantID}/funding-sources/{fundingSourceID}",
    ): {204, 401, 403, 404},
    ("post", "/providers/{providerID}/participants/{participantID}/suspensions"): {
        201,
        400,
        401,
        403,
        404,
        409,
        422,
    },
    ("post", "/providers/{providerID}/participants/{participantID}/reactivations"): {
        201,
        400,
        401,
        403,
        404,
        409,
        422,
    },
}
