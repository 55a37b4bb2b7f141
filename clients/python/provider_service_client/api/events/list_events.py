from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.event_list import EventList
from ...models.list_events_type_item import ListEventsTypeItem
from ...models.list_events_x_service_version import ListEventsXServiceVersion
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    provider_id: str,
    *,
    created_from: datetime.datetime | Unset = UNSET,
    created_to: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    type_: list[ListEventsTypeItem] | Unset = UNSET,
    x_service_version: ListEventsXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    params: dict[str, Any] = {}

    json_created_from: str | Unset = UNSET
    if not isinstance(created_from, Unset):
        json_created_from = created_from.isoformat()
    params["createdFrom"] = json_created_from

    json_created_to: str | Unset = UNSET
    if not isinstance(created_to, Unset):
        json_created_to = created_to.isoformat()
    params["createdTo"] = json_created_to

    params["cursor"] = cursor

    params["limit"] = limit

    json_type_: list[str] | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = []
        for type_item_data in type_:
            type_item = type_item_data.value
            json_type_.append(type_item)


    params["type"] = json_type_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/events".format(provider_id=quote(str(provider_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventList | Problem | None:
    if response.status_code == 200:
        response_200 = EventList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    created_from: datetime.datetime | Unset = UNSET,
    created_to: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    type_: list[ListEventsTypeItem] | Unset = UNSET,
    x_service_version: ListEventsXServiceVersion | Unset = UNSET,

) -> Response[EventList | Problem]:
    """ List events

     Oldest first by (createdOn, eventID): keep the last nextCursor to resume.

    Scope: `events.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        type_ (list[ListEventsTypeItem] | Unset):
        x_service_version (ListEventsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
type_=type_,
x_service_version=x_service_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    created_from: datetime.datetime | Unset = UNSET,
    created_to: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    type_: list[ListEventsTypeItem] | Unset = UNSET,
    x_service_version: ListEventsXServiceVersion | Unset = UNSET,

) -> EventList | Problem | None:
    """ List events

     Oldest first by (createdOn, eventID): keep the last nextCursor to resume.

    Scope: `events.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        type_ (list[ListEventsTypeItem] | Unset):
        x_service_version (ListEventsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
client=client,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
type_=type_,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    created_from: datetime.datetime | Unset = UNSET,
    created_to: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    type_: list[ListEventsTypeItem] | Unset = UNSET,
    x_service_version: ListEventsXServiceVersion | Unset = UNSET,

) -> Response[EventList | Problem]:
    """ List events

     Oldest first by (createdOn, eventID): keep the last nextCursor to resume.

    Scope: `events.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        type_ (list[ListEventsTypeItem] | Unset):
        x_service_version (ListEventsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
type_=type_,
x_service_version=x_service_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    created_from: datetime.datetime | Unset = UNSET,
    created_to: datetime.datetime | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    type_: list[ListEventsTypeItem] | Unset = UNSET,
    x_service_version: ListEventsXServiceVersion | Unset = UNSET,

) -> EventList | Problem | None:
    """ List events

     Oldest first by (createdOn, eventID): keep the last nextCursor to resume.

    Scope: `events.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        type_ (list[ListEventsTypeItem] | Unset):
        x_service_version (ListEventsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
type_=type_,
x_service_version=x_service_version,

    )).parsed
