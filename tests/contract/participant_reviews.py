"""Documented responses of the participant-review operations."""

R = "/providers/{providerID}/participant-reviews"

RESPONSES: dict[tuple[str, str], set[int]] = {
    ("get", R): {200, 400, 401, 403, 422},
    ("post", R): {202, 400, 401, 403, 404, 409, 422},
    ("get", f"{R}/{{reviewID}}"): {200, 401, 403, 404},
    ("put", f"{R}/{{reviewID}}/assignment"): {202, 400, 401, 403, 404, 409, 422},
    ("post", f"{R}/{{reviewID}}/suspensions"): {201, 400, 401, 403, 404, 409, 422},
}
