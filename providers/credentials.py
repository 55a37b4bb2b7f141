"""Secret generation and hashing for API keys and bearer tokens.

Secrets are 256 random bits, so a single SHA-256 is enough to store them safely (no
dictionary to slow down), and lookups stay a single indexed equality.
"""

import hashlib
import hmac
import secrets

TOKEN_PREFIX = "pst_"


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str, stored_digest: str) -> bool:
    return hmac.compare_digest(digest(secret), stored_digest)
