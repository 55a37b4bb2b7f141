from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.redeliver_event_x_service_version import RedeliverEventXServiceVersion
from ...models.redelivery import Redelivery
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    event_id: str,
    *,
    x_idempotency_key: str,
    x_service_version: RedeliverEventXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/providers/{provider_id}/events/{event_id}/redeliveries".format(provider_id=quote(str(provider_id), safe=""),event_id=quote(str(event_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Redelivery | None:
    if response.status_code == 202:
        response_202 = Redelivery.from_dict(response.json())



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Redelivery]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    event_id: str,
    *,
    client: AuthenticatedClient,
    x_idempotency_key: str,
    x_service_version: RedeliverEventXServiceVersion | Unset = UNSET,

) -> Response[Problem | Redelivery]:
    """ Redeliver an event

     Sends the event again to every enabled endpoint subscribed to its type; answers the endpoints it is
    queued for.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        event_id (str):
        x_idempotency_key (str):
        x_service_version (RedeliverEventXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Redelivery]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
event_id=event_id,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider_id: str,
    event_id: str,
    *,
    client: AuthenticatedClient,
    x_idempotency_key: str,
    x_service_version: RedeliverEventXServiceVersion | Unset = UNSET,

) -> Problem | Redelivery | None:
    """ Redeliver an event

     Sends the event again to every enabled endpoint subscribed to its type; answers the endpoints it is
    queued for.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        event_id (str):
        x_idempotency_key (str):
        x_service_version (RedeliverEventXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Redelivery
     """


    return sync_detailed(
        provider_id=provider_id,
event_id=event_id,
client=client,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    event_id: str,
    *,
    client: AuthenticatedClient,
    x_idempotency_key: str,
    x_service_version: RedeliverEventXServiceVersion | Unset = UNSET,

) -> Response[Problem | Redelivery]:
    """ Redeliver an event

     Sends the event again to every enabled endpoint subscribed to its type; answers the endpoints it is
    queued for.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        event_id (str):
        x_idempotency_key (str):
        x_service_version (RedeliverEventXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Redelivery]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
event_id=event_id,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider_id: str,
    event_id: str,
    *,
    client: AuthenticatedClient,
    x_idempotency_key: str,
    x_service_version: RedeliverEventXServiceVersion | Unset = UNSET,

) -> Problem | Redelivery | None:
    """ Redeliver an event

     Sends the event again to every enabled endpoint subscribed to its type; answers the endpoints it is
    queued for.

    Scope: `webhooks.write`.

    Args:
        provider_id (str):
        event_id (str):
        x_idempotency_key (str):
        x_service_version (RedeliverEventXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Redelivery
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
event_id=event_id,
client=client,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
