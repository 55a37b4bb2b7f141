from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.delivery_list import DeliveryList
from ...models.list_webhook_deliveries_x_service_version import ListWebhookDeliveriesXServiceVersion
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    endpoint_id: str,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    x_service_version: ListWebhookDeliveriesXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/webhook-endpoints/{endpoint_id}/deliveries".format(provider_id=quote(str(provider_id), safe=""),endpoint_id=quote(str(endpoint_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeliveryList | Problem | None:
    if response.status_code == 200:
        response_200 = DeliveryList.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DeliveryList | Problem]:
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    x_service_version: ListWebhookDeliveriesXServiceVersion | Unset = UNSET,

) -> Response[DeliveryList | Problem]:
    """ List a webhook endpoint's deliveries

     Every event owed to this endpoint, newest first by (createdOn, deliveryID), each with its attempts
    oldest first: the receiver's status code, latency, error and the start of its answer. Within the
    events' retention period.

    Scope: `webhooks.read`.

    Args:
        provider_id (str):
        endpoint_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        x_service_version (ListWebhookDeliveriesXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
endpoint_id=endpoint_id,
cursor=cursor,
limit=limit,
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    x_service_version: ListWebhookDeliveriesXServiceVersion | Unset = UNSET,

) -> DeliveryList | Problem | None:
    """ List a webhook endpoint's deliveries

     Every event owed to this endpoint, newest first by (createdOn, deliveryID), each with its attempts
    oldest first: the receiver's status code, latency, error and the start of its answer. Within the
    events' retention period.

    Scope: `webhooks.read`.

    Args:
        provider_id (str):
        endpoint_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        x_service_version (ListWebhookDeliveriesXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
endpoint_id=endpoint_id,
client=client,
cursor=cursor,
limit=limit,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    endpoint_id: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    x_service_version: ListWebhookDeliveriesXServiceVersion | Unset = UNSET,

) -> Response[DeliveryList | Problem]:
    """ List a webhook endpoint's deliveries

     Every event owed to this endpoint, newest first by (createdOn, deliveryID), each with its attempts
    oldest first: the receiver's status code, latency, error and the start of its answer. Within the
    events' retention period.

    Scope: `webhooks.read`.

    Args:
        provider_id (str):
        endpoint_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        x_service_version (ListWebhookDeliveriesXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
endpoint_id=endpoint_id,
cursor=cursor,
limit=limit,
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    x_service_version: ListWebhookDeliveriesXServiceVersion | Unset = UNSET,

) -> DeliveryList | Problem | None:
    """ List a webhook endpoint's deliveries

     Every event owed to this endpoint, newest first by (createdOn, deliveryID), each with its attempts
    oldest first: the receiver's status code, latency, error and the start of its answer. Within the
    events' retention period.

    Scope: `webhooks.read`.

    Args:
        provider_id (str):
        endpoint_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        x_service_version (ListWebhookDeliveriesXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryList | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
endpoint_id=endpoint_id,
client=client,
cursor=cursor,
limit=limit,
x_service_version=x_service_version,

    )).parsed
