"""What the webhook commands share: the provider and endpoint arguments, and the output."""

from common.rendering import json_ready
from events.models import WebhookEndpoint
from events.rendering import render_endpoint


def add_endpoint_arguments(parser) -> None:
    parser.add_argument("--provider", required=True, help="providerID")
    parser.add_argument("--endpoint", required=True, help="endpointID (whe_…)")


def endpoint_lines(endpoint: WebhookEndpoint) -> str:
    data = render_endpoint(endpoint)
    types = ", ".join(data["eventTypes"]) or "every type"
    return f"{data['endpointID']}  {data['status']}  {data['url']}  ({types})"


def endpoint_json(endpoint: WebhookEndpoint, **extra) -> dict:
    return json_ready({"webhookEndpoint": {**render_endpoint(endpoint), **extra}})
