"""Every operation documents itself for an integrator who has only the schema: a summary, a
description, exactly one declared tag, and an example of its request body and of each success
answer with a body, each example valid against the schema it illustrates (api/examples.py).
A failure names every offending operation."""

import copy

import jsonschema
import pytest
from django.conf import settings

from tests.schema import _strict, _strict_components, openapi

METHODS = ("get", "post", "put", "patch", "delete")


def _operations():
    for path, item in openapi()["paths"].items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path} ({item[method].get('operationId')})", item[method]


def _json(content: dict) -> dict | None:
    return content.get("application/json")


def _gaps(operation: dict, declared: set[str]) -> list[str]:
    gaps = []
    if not operation.get("summary"):
        gaps.append("no summary")
    if not operation.get("description"):
        gaps.append("no description")
    tags = operation.get("tags", [])
    if len(tags) != 1:
        gaps.append(f"{len(tags)} tags, not one: {tags}")
    elif tags[0] not in declared:
        gaps.append(f"tag {tags[0]!r} not declared in SPECTACULAR_SETTINGS['TAGS']")
    body = _json(operation.get("requestBody", {}).get("content", {}))
    if body is not None and not body.get("examples"):
        gaps.append("no request body example")
    for status, response in operation["responses"].items():
        media = _json(response.get("content", {}))
        if status.startswith("2") and media is not None and not media.get("examples"):
            gaps.append(f"no example of its {status} answer")
    return gaps


def test_every_operation_has_a_summary_description_one_tag_and_examples():
    declared = {tag["name"] for tag in settings.SPECTACULAR_SETTINGS["TAGS"]}
    offending = {
        name: gaps for name, operation in _operations() if (gaps := _gaps(operation, declared))
    }
    assert not offending, (
        "operations without their documentation (api/examples.py `operation`, a tag from "
        "config/settings/api.py):\n"
        + "\n".join(f"  {name}: {', '.join(gaps)}" for name, gaps in sorted(offending.items()))
    )


def test_every_declared_tag_is_used_and_described():
    used = {tag for _, operation in _operations() for tag in operation.get("tags", [])}
    for tag in settings.SPECTACULAR_SETTINGS["TAGS"]:
        assert tag.get("description"), tag["name"]
        assert tag["name"] in used, f"tag {tag['name']!r} names no operation"


def _examples():
    for name, operation in _operations():
        body = _json(operation.get("requestBody", {}).get("content", {}))
        if body:
            for key, example in body.get("examples", {}).items():
                yield pytest.param(body["schema"], example["value"], False, id=f"{name} {key}")
        for status, response in operation["responses"].items():
            media = _json(response.get("content", {}))
            if status.startswith("2") and media:
                for key, example in media.get("examples", {}).items():
                    yield pytest.param(
                        media["schema"], example["value"], True, id=f"{name} {status} {key}"
                    )


@pytest.mark.parametrize(("schema", "value", "strict"), list(_examples()))
def test_every_example_is_valid_against_its_schema(schema, value, strict):
    # An answer's example admits no member its schema does not name (tests/schema.py).
    root = _strict(copy.deepcopy(schema)) if strict else copy.deepcopy(schema)
    components = copy.deepcopy(openapi()["components"])
    root["components"] = _strict_components() if strict else components
    jsonschema.validate(value, root)


def test_a_description_ends_with_the_scopes_the_view_requires():
    operation = openapi()["paths"][
        "/providers/{providerID}/participant-reviews/{reviewID}/suspensions"
    ]
    assert operation["post"]["description"].endswith(
        "Scopes: `participant-reviews.write` and `relationships.write`."
    )
    participants = openapi()["paths"]["/providers/{providerID}/participants"]
    assert participants["get"]["description"].endswith("Scope: `participants.read`.")
