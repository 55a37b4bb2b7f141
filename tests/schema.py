"""Checking a response body against what the OpenAPI document says, strictly: every object
the schema describes with properties admits no other member, so a builder that renders a
field its schema serializer does not name fails as surely as one that misses a field."""

import copy
from functools import cache

import jsonschema
from drf_spectacular.generators import SchemaGenerator


@cache
def openapi() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def _strict(node):
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            _strict(value)
    elif isinstance(node, list):
        for value in node:
            _strict(value)
    return node


@cache
def _strict_components() -> dict:
    return _strict(copy.deepcopy(openapi()["components"]))


def response_schema(path: str, method: str, status: str = "200") -> dict:
    operation = openapi()["paths"][path][method]
    content = operation["responses"][status]["content"]
    return next(iter(content.values()))["schema"]


def assert_matches_response(body, path: str, method: str = "get", status: str = "200") -> None:
    """`path` is the OpenAPI path template, e.g. /providers/{providerID}/participants."""
    root = {**_strict(copy.deepcopy(response_schema(path, method, status)))}
    root["components"] = _strict_components()
    jsonschema.validate(body, root)


def assert_matches_component(body, component: str) -> None:
    root = {"$ref": f"#/components/schemas/{component}", "components": _strict_components()}
    jsonschema.validate(body, root)
