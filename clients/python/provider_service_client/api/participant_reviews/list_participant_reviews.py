from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_participant_reviews_status import ListParticipantReviewsStatus
from ...models.list_participant_reviews_x_service_version import ListParticipantReviewsXServiceVersion
from ...models.participant_review_list import ParticipantReviewList
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    limit_group_id: str | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: ListParticipantReviewsStatus | Unset = UNSET,
    x_service_version: ListParticipantReviewsXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params["limitGroupID"] = limit_group_id

    params["participantID"] = participant_id

    params["q"] = q

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/participant-reviews".format(provider_id=quote(str(provider_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ParticipantReviewList | Problem | None:
    if response.status_code == 200:
        response_200 = ParticipantReviewList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ParticipantReviewList | Problem]:
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    limit_group_id: str | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: ListParticipantReviewsStatus | Unset = UNSET,
    x_service_version: ListParticipantReviewsXServiceVersion | Unset = UNSET,

) -> Response[ParticipantReviewList | Problem]:
    """ List participant reviews

     The provider's participant reviews, newest first.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        limit_group_id (str | Unset):
        participant_id (str | Unset):
        q (str | Unset):
        status (ListParticipantReviewsStatus | Unset):
        x_service_version (ListParticipantReviewsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ParticipantReviewList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
cursor=cursor,
limit=limit,
limit_group_id=limit_group_id,
participant_id=participant_id,
q=q,
status=status,
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    limit_group_id: str | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: ListParticipantReviewsStatus | Unset = UNSET,
    x_service_version: ListParticipantReviewsXServiceVersion | Unset = UNSET,

) -> ParticipantReviewList | Problem | None:
    """ List participant reviews

     The provider's participant reviews, newest first.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        limit_group_id (str | Unset):
        participant_id (str | Unset):
        q (str | Unset):
        status (ListParticipantReviewsStatus | Unset):
        x_service_version (ListParticipantReviewsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ParticipantReviewList | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
client=client,
cursor=cursor,
limit=limit,
limit_group_id=limit_group_id,
participant_id=participant_id,
q=q,
status=status,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    limit_group_id: str | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: ListParticipantReviewsStatus | Unset = UNSET,
    x_service_version: ListParticipantReviewsXServiceVersion | Unset = UNSET,

) -> Response[ParticipantReviewList | Problem]:
    """ List participant reviews

     The provider's participant reviews, newest first.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        limit_group_id (str | Unset):
        participant_id (str | Unset):
        q (str | Unset):
        status (ListParticipantReviewsStatus | Unset):
        x_service_version (ListParticipantReviewsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ParticipantReviewList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
cursor=cursor,
limit=limit,
limit_group_id=limit_group_id,
participant_id=participant_id,
q=q,
status=status,
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 25,
    limit_group_id: str | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: ListParticipantReviewsStatus | Unset = UNSET,
    x_service_version: ListParticipantReviewsXServiceVersion | Unset = UNSET,

) -> ParticipantReviewList | Problem | None:
    """ List participant reviews

     The provider's participant reviews, newest first.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        limit_group_id (str | Unset):
        participant_id (str | Unset):
        q (str | Unset):
        status (ListParticipantReviewsStatus | Unset):
        x_service_version (ListParticipantReviewsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ParticipantReviewList | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
cursor=cursor,
limit=limit,
limit_group_id=limit_group_id,
participant_id=participant_id,
q=q,
status=status,
x_service_version=x_service_version,

    )).parsed
