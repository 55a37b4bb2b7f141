from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.endpoint import Endpoint
from ...models.patched_endpoint_update_request import PatchedEndpointUpdateRequest
from ...models.problem import Problem
from ...models.update_webhook_endpoint_x_service_version import UpdateWebhookEndpointXServiceVersion
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    endpoint_id: str,
    *,
    body: PatchedEndpointUpdateRequest | Unset = UNSET,
    x_idempotency_key: str,
    x_service_version: UpdateWebhookEndpointXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/providers/{provider_id}/webhook-endpoints/{endpoint_id}".format(provider_id=quote(str(provider_id), safe=""),endpoint_id=quote(str(endpoint_id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Endpoint | Problem | None:
    if response.status_code == 200:
        response_200 = Endpoint.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())



        return response_414

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())



        return response_431

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Endpoint | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchedEndpointUpdateRequest | Unset = UNSET,
    x_idempotency_key: str,
    x_service_version: UpdateWebhookEndpointXServiceVersion | Unset = UNSET,

) -> Response[Endpoint | Problem]:
    """ Change a webhook endpoint

     Changes the fields sent; the others stay. `url` is checked as at registration (and again before
    every send) and is where every later attempt goes, those still owed included. `eventTypes` replaces
    the list (empty: every type). `status` `enabled` turns a disabled endpoint back on and makes what it
    is still owed due now; `disabled` stops sending until it is enabled again (what is owed waits). The
    signing secret is not changed here (`secret-rotations`) and never returned.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        endpoint_id (str):
        x_idempotency_key (str):
        x_service_version (UpdateWebhookEndpointXServiceVersion | Unset):
        body (PatchedEndpointUpdateRequest | Unset): Only the fields sent change; the URL is
            checked as at registration, and `eventTypes`
            replaces the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
endpoint_id=endpoint_id,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider_id: str,
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchedEndpointUpdateRequest | Unset = UNSET,
    x_idempotency_key: str,
    x_service_version: UpdateWebhookEndpointXServiceVersion | Unset = UNSET,

) -> Endpoint | Problem | None:
    """ Change a webhook endpoint

     Changes the fields sent; the others stay. `url` is checked as at registration (and again before
    every send) and is where every later attempt goes, those still owed included. `eventTypes` replaces
    the list (empty: every type). `status` `enabled` turns a disabled endpoint back on and makes what it
    is still owed due now; `disabled` stops sending until it is enabled again (what is owed waits). The
    signing secret is not changed here (`secret-rotations`) and never returned.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        endpoint_id (str):
        x_idempotency_key (str):
        x_service_version (UpdateWebhookEndpointXServiceVersion | Unset):
        body (PatchedEndpointUpdateRequest | Unset): Only the fields sent change; the URL is
            checked as at registration, and `eventTypes`
            replaces the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
endpoint_id=endpoint_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchedEndpointUpdateRequest | Unset = UNSET,
    x_idempotency_key: str,
    x_service_version: UpdateWebhookEndpointXServiceVersion | Unset = UNSET,

) -> Response[Endpoint | Problem]:
    """ Change a webhook endpoint

     Changes the fields sent; the others stay. `url` is checked as at registration (and again before
    every send) and is where every later attempt goes, those still owed included. `eventTypes` replaces
    the list (empty: every type). `status` `enabled` turns a disabled endpoint back on and makes what it
    is still owed due now; `disabled` stops sending until it is enabled again (what is owed waits). The
    signing secret is not changed here (`secret-rotations`) and never returned.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        endpoint_id (str):
        x_idempotency_key (str):
        x_service_version (UpdateWebhookEndpointXServiceVersion | Unset):
        body (PatchedEndpointUpdateRequest | Unset): Only the fields sent change; the URL is
            checked as at registration, and `eventTypes`
            replaces the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Endpoint | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
endpoint_id=endpoint_id,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider_id: str,
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    body: PatchedEndpointUpdateRequest | Unset = UNSET,
    x_idempotency_key: str,
    x_service_version: UpdateWebhookEndpointXServiceVersion | Unset = UNSET,

) -> Endpoint | Problem | None:
    """ Change a webhook endpoint

     Changes the fields sent; the others stay. `url` is checked as at registration (and again before
    every send) and is where every later attempt goes, those still owed included. `eventTypes` replaces
    the list (empty: every type). `status` `enabled` turns a disabled endpoint back on and makes what it
    is still owed due now; `disabled` stops sending until it is enabled again (what is owed waits). The
    signing secret is not changed here (`secret-rotations`) and never returned.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        endpoint_id (str):
        x_idempotency_key (str):
        x_service_version (UpdateWebhookEndpointXServiceVersion | Unset):
        body (PatchedEndpointUpdateRequest | Unset): Only the fields sent change; the URL is
            checked as at registration, and `eventTypes`
            replaces the list.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Endpoint | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
endpoint_id=endpoint_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
