"""The documentation of the tokens operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import operation

TOKENS = extend_schema_view(
    create=operation(
        "Tokens",
        "Issue a bearer token",
        request={"scopes": ["participants.read", "payments.read"], "ttlSeconds": 900},
        response={
            "token": "pst_jGeErALNYjif-ClvoCVeRYfm6SkkTFz7cBh_RouvvlA",
            "scopes": ["participants.read", "payments.read"],
            "expiresOn": "2026-11-28T05:59:15.848912Z",
        },
        status=201,
    ),
)
