from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.claim_payout_x_service_version import ClaimPayoutXServiceVersion
from ...models.payout_claim_request import PayoutClaimRequest
from ...models.payout_envelope import PayoutEnvelope
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    payout_id: str,
    *,
    body: PayoutClaimRequest,
    x_idempotency_key: str,
    x_service_version: ClaimPayoutXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/providers/{provider_id}/payouts/{payout_id}/claims".format(provider_id=quote(str(provider_id), safe=""),payout_id=quote(str(payout_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PayoutEnvelope | Problem | None:
    if response.status_code == 201:
        response_201 = PayoutEnvelope.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PayoutEnvelope | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    payout_id: str,
    *,
    client: AuthenticatedClient,
    body: PayoutClaimRequest,
    x_idempotency_key: str,
    x_service_version: ClaimPayoutXServiceVersion | Unset = UNSET,

) -> Response[PayoutEnvelope | Problem]:
    """ Claim a payout for its recipient

     Your participant who holds the phone the payout was sent to claims it: it becomes the bound
    recipient, the service asks the sender's ledger to capture the hold, and disburses to the recipient.
    A payout can be claimed while `accepted` and before `expiresOn`, never by its sender, and not while
    a payment review holds it. A payout another provider's participant sent is yours to claim only when
    it is addressed to an active phone of the participant named; otherwise it is 404 as a missing one.
    Problems: 404 when the payout (or the participant, or the funding source named) is not yours; 409
    `state-conflict` when the status does not allow it; 422 `invalid-request` for a body that fails
    validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        payout_id (str):
        x_idempotency_key (str):
        x_service_version (ClaimPayoutXServiceVersion | Unset):
        body (PayoutClaimRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PayoutEnvelope | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
payout_id=payout_id,
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
    payout_id: str,
    *,
    client: AuthenticatedClient,
    body: PayoutClaimRequest,
    x_idempotency_key: str,
    x_service_version: ClaimPayoutXServiceVersion | Unset = UNSET,

) -> PayoutEnvelope | Problem | None:
    """ Claim a payout for its recipient

     Your participant who holds the phone the payout was sent to claims it: it becomes the bound
    recipient, the service asks the sender's ledger to capture the hold, and disburses to the recipient.
    A payout can be claimed while `accepted` and before `expiresOn`, never by its sender, and not while
    a payment review holds it. A payout another provider's participant sent is yours to claim only when
    it is addressed to an active phone of the participant named; otherwise it is 404 as a missing one.
    Problems: 404 when the payout (or the participant, or the funding source named) is not yours; 409
    `state-conflict` when the status does not allow it; 422 `invalid-request` for a body that fails
    validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        payout_id (str):
        x_idempotency_key (str):
        x_service_version (ClaimPayoutXServiceVersion | Unset):
        body (PayoutClaimRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PayoutEnvelope | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
payout_id=payout_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    payout_id: str,
    *,
    client: AuthenticatedClient,
    body: PayoutClaimRequest,
    x_idempotency_key: str,
    x_service_version: ClaimPayoutXServiceVersion | Unset = UNSET,

) -> Response[PayoutEnvelope | Problem]:
    """ Claim a payout for its recipient

     Your participant who holds the phone the payout was sent to claims it: it becomes the bound
    recipient, the service asks the sender's ledger to capture the hold, and disburses to the recipient.
    A payout can be claimed while `accepted` and before `expiresOn`, never by its sender, and not while
    a payment review holds it. A payout another provider's participant sent is yours to claim only when
    it is addressed to an active phone of the participant named; otherwise it is 404 as a missing one.
    Problems: 404 when the payout (or the participant, or the funding source named) is not yours; 409
    `state-conflict` when the status does not allow it; 422 `invalid-request` for a body that fails
    validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        payout_id (str):
        x_idempotency_key (str):
        x_service_version (ClaimPayoutXServiceVersion | Unset):
        body (PayoutClaimRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PayoutEnvelope | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
payout_id=payout_id,
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
    payout_id: str,
    *,
    client: AuthenticatedClient,
    body: PayoutClaimRequest,
    x_idempotency_key: str,
    x_service_version: ClaimPayoutXServiceVersion | Unset = UNSET,

) -> PayoutEnvelope | Problem | None:
    """ Claim a payout for its recipient

     Your participant who holds the phone the payout was sent to claims it: it becomes the bound
    recipient, the service asks the sender's ledger to capture the hold, and disburses to the recipient.
    A payout can be claimed while `accepted` and before `expiresOn`, never by its sender, and not while
    a payment review holds it. A payout another provider's participant sent is yours to claim only when
    it is addressed to an active phone of the participant named; otherwise it is 404 as a missing one.
    Problems: 404 when the payout (or the participant, or the funding source named) is not yours; 409
    `state-conflict` when the status does not allow it; 422 `invalid-request` for a body that fails
    validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        payout_id (str):
        x_idempotency_key (str):
        x_service_version (ClaimPayoutXServiceVersion | Unset):
        body (PayoutClaimRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PayoutEnvelope | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
payout_id=payout_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
