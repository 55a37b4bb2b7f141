from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.record_sign_in_x_service_version import RecordSignInXServiceVersion
from ...models.sign_in_assessment import SignInAssessment
from ...models.sign_in_request import SignInRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    participant_id: str,
    *,
    body: SignInRequest,
    x_idempotency_key: str,
    x_service_version: RecordSignInXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/providers/{provider_id}/participants/{participant_id}/sign-ins".format(provider_id=quote(str(provider_id), safe=""),participant_id=quote(str(participant_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SignInAssessment | None:
    if response.status_code == 201:
        response_201 = SignInAssessment.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SignInAssessment]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    participant_id: str,
    *,
    client: AuthenticatedClient,
    body: SignInRequest,
    x_idempotency_key: str,
    x_service_version: RecordSignInXServiceVersion | Unset = UNSET,

) -> Response[Problem | SignInAssessment]:
    """ Record a participant's sign-in

     Records that the participant signed in to the provider's app, with the device and network the
    provider saw, and assesses it with the risk rules for sign-ins (a new device, a burst of sign-ins,
    listed signals). A review or deny decision opens a participant review, or adds to the pending one;
    the sign-in itself is never refused. The assessment is listed afterwards with the participant's risk
    assessments. `device.deviceID` is what identifies the device: the same identifier on two
    participants links them for the provider's analysts, a model and OS alone do not.

    Scopes: `participants.write` and `participant-reviews.read`.

    Args:
        provider_id (str):
        participant_id (str):
        x_idempotency_key (str):
        x_service_version (RecordSignInXServiceVersion | Unset):
        body (SignInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignInAssessment]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
participant_id=participant_id,
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
    participant_id: str,
    *,
    client: AuthenticatedClient,
    body: SignInRequest,
    x_idempotency_key: str,
    x_service_version: RecordSignInXServiceVersion | Unset = UNSET,

) -> Problem | SignInAssessment | None:
    """ Record a participant's sign-in

     Records that the participant signed in to the provider's app, with the device and network the
    provider saw, and assesses it with the risk rules for sign-ins (a new device, a burst of sign-ins,
    listed signals). A review or deny decision opens a participant review, or adds to the pending one;
    the sign-in itself is never refused. The assessment is listed afterwards with the participant's risk
    assessments. `device.deviceID` is what identifies the device: the same identifier on two
    participants links them for the provider's analysts, a model and OS alone do not.

    Scopes: `participants.write` and `participant-reviews.read`.

    Args:
        provider_id (str):
        participant_id (str):
        x_idempotency_key (str):
        x_service_version (RecordSignInXServiceVersion | Unset):
        body (SignInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignInAssessment
     """


    return sync_detailed(
        provider_id=provider_id,
participant_id=participant_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    participant_id: str,
    *,
    client: AuthenticatedClient,
    body: SignInRequest,
    x_idempotency_key: str,
    x_service_version: RecordSignInXServiceVersion | Unset = UNSET,

) -> Response[Problem | SignInAssessment]:
    """ Record a participant's sign-in

     Records that the participant signed in to the provider's app, with the device and network the
    provider saw, and assesses it with the risk rules for sign-ins (a new device, a burst of sign-ins,
    listed signals). A review or deny decision opens a participant review, or adds to the pending one;
    the sign-in itself is never refused. The assessment is listed afterwards with the participant's risk
    assessments. `device.deviceID` is what identifies the device: the same identifier on two
    participants links them for the provider's analysts, a model and OS alone do not.

    Scopes: `participants.write` and `participant-reviews.read`.

    Args:
        provider_id (str):
        participant_id (str):
        x_idempotency_key (str):
        x_service_version (RecordSignInXServiceVersion | Unset):
        body (SignInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SignInAssessment]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
participant_id=participant_id,
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
    participant_id: str,
    *,
    client: AuthenticatedClient,
    body: SignInRequest,
    x_idempotency_key: str,
    x_service_version: RecordSignInXServiceVersion | Unset = UNSET,

) -> Problem | SignInAssessment | None:
    """ Record a participant's sign-in

     Records that the participant signed in to the provider's app, with the device and network the
    provider saw, and assesses it with the risk rules for sign-ins (a new device, a burst of sign-ins,
    listed signals). A review or deny decision opens a participant review, or adds to the pending one;
    the sign-in itself is never refused. The assessment is listed afterwards with the participant's risk
    assessments. `device.deviceID` is what identifies the device: the same identifier on two
    participants links them for the provider's analysts, a model and OS alone do not.

    Scopes: `participants.write` and `participant-reviews.read`.

    Args:
        provider_id (str):
        participant_id (str):
        x_idempotency_key (str):
        x_service_version (RecordSignInXServiceVersion | Unset):
        body (SignInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SignInAssessment
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
participant_id=participant_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
