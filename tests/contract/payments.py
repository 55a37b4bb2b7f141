"""Endpoints/Payments (and list participant payments): statuses the contract lists."""

RESPONSES: dict[tuple[str, str], set[int]] = {
    ("get", "/providers/{providerID}/participants/{participantID}/payments"): {
        200,
        400,
        401,
        403,
        404,
        422,
    },
    ("get", "/providers/{providerID}/payments"): {200, 400, 401, 403, 422},
    ("get", "/providers/{providerID}/payouts/{payoutID}"): {200, 401, 403, 404},
    ("get", "/providers/{providerID}/requests/{requestID}"): {200, 401, 403, 404},
}
