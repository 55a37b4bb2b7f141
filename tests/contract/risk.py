"""Documented responses of the risk-assessment, device-observation and payment-review operations."""

P = "/providers/{providerID}"

RESPONSES: dict[tuple[str, str], set[int]] = {
    ("get", f"{P}/participants/{{participantID}}/risk-assessments"): {200, 400, 401, 403, 404},
    (
        "get",
        f"{P}/payments/{{paymentID}}/risk-assessments/{{assessmentID}}/device-observations",
    ): {200, 400, 401, 403, 404},
    ("post", f"{P}/reviews/{{reviewID}}/resolutions"): {201, 400, 401, 404, 409, 422},
}
