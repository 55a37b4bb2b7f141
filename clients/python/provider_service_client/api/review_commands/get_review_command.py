from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_review_command_x_service_version import GetReviewCommandXServiceVersion
from ...models.problem import Problem
from ...models.review_command_envelope import ReviewCommandEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    command_id: str,
    *,
    x_service_version: GetReviewCommandXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/review-commands/{command_id}".format(provider_id=quote(str(provider_id), safe=""),command_id=quote(str(command_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ReviewCommandEnvelope | None:
    if response.status_code == 200:
        response_200 = ReviewCommandEnvelope.from_dict(response.json())



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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ReviewCommandEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    command_id: str,
    *,
    client: AuthenticatedClient,
    x_service_version: GetReviewCommandXServiceVersion | Unset = UNSET,

) -> Response[Problem | ReviewCommandEnvelope]:
    """ Get a review command

     The state of a command a 202 accepted (its Location): pending until applied, then applied or
    rejected with the problem. The command.applied and command.rejected events report the same outcome.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        command_id (str):
        x_service_version (GetReviewCommandXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReviewCommandEnvelope]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
command_id=command_id,
x_service_version=x_service_version,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider_id: str,
    command_id: str,
    *,
    client: AuthenticatedClient,
    x_service_version: GetReviewCommandXServiceVersion | Unset = UNSET,

) -> Problem | ReviewCommandEnvelope | None:
    """ Get a review command

     The state of a command a 202 accepted (its Location): pending until applied, then applied or
    rejected with the problem. The command.applied and command.rejected events report the same outcome.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        command_id (str):
        x_service_version (GetReviewCommandXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReviewCommandEnvelope
     """


    return sync_detailed(
        provider_id=provider_id,
command_id=command_id,
client=client,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    command_id: str,
    *,
    client: AuthenticatedClient,
    x_service_version: GetReviewCommandXServiceVersion | Unset = UNSET,

) -> Response[Problem | ReviewCommandEnvelope]:
    """ Get a review command

     The state of a command a 202 accepted (its Location): pending until applied, then applied or
    rejected with the problem. The command.applied and command.rejected events report the same outcome.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        command_id (str):
        x_service_version (GetReviewCommandXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ReviewCommandEnvelope]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
command_id=command_id,
x_service_version=x_service_version,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider_id: str,
    command_id: str,
    *,
    client: AuthenticatedClient,
    x_service_version: GetReviewCommandXServiceVersion | Unset = UNSET,

) -> Problem | ReviewCommandEnvelope | None:
    """ Get a review command

     The state of a command a 202 accepted (its Location): pending until applied, then applied or
    rejected with the problem. The command.applied and command.rejected events report the same outcome.

    Scope: `participant-reviews.read`.

    Args:
        provider_id (str):
        command_id (str):
        x_service_version (GetReviewCommandXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ReviewCommandEnvelope
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
command_id=command_id,
client=client,
x_service_version=x_service_version,

    )).parsed
