"""DRF validation errors as RFC 6901 JSON Pointers over the public field names."""

from rest_framework.exceptions import ErrorDetail
from rest_framework.settings import api_settings


def _escape(token: str) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def flatten(detail, pointer: str = "") -> list[dict]:
    """Turn serializer.errors (nested dicts / lists) into [{pointer, detail}]."""
    out: list[dict] = []
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                out.extend(flatten(value, pointer))
            else:
                out.extend(flatten(value, f"{pointer}/{_escape(key)}"))
    elif isinstance(detail, list):
        if all(isinstance(item, ErrorDetail | str) for item in detail):
            out.extend({"pointer": pointer, "detail": str(item)} for item in detail)
        else:
            for index, item in enumerate(detail):
                if item:
                    out.extend(flatten(item, f"{pointer}/{index}"))
    else:
        out.append({"pointer": pointer, "detail": str(detail)})
    return out
