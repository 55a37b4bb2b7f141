from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_payout_x_service_version import CreatePayoutXServiceVersion
from ...models.payout_create_request import PayoutCreateRequest
from ...models.payout_envelope import PayoutEnvelope
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    *,
    body: PayoutCreateRequest,
    x_idempotency_key: str,
    x_service_version: CreatePayoutXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/providers/{provider_id}/payouts".format(provider_id=quote(str(provider_id), safe=""),),
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
    *,
    client: AuthenticatedClient,
    body: PayoutCreateRequest,
    x_idempotency_key: str,
    x_service_version: CreatePayoutXServiceVersion | Unset = UNSET,

) -> Response[PayoutEnvelope | Problem]:
    """ Send a payout

     One of your participants sends money to a phone number. The service checks the relationship (a
    suspended sender cannot send) and the sender's send limits, screens the payout for risk, and asks
    your ledger to hold the amount on the funding source named (the sender's newest active one when none
    is). The answer is the payout as committed: `initiated`, the hold being asked of your ledger once
    the payout is recorded (read the payout, or follow its events, for `accepted` or `denied`), or
    `denied` at once when the risk engine refused it. Problems: 404 when the payout (or the participant,
    or the funding source named) is not yours; 409 `state-conflict` when the status does not allow it;
    422 `invalid-request` for a body that fails validation. 409 `state-conflict` also when the sender is
    suspended or not active; 422 `send-limit-exceeded` when a send limit would be passed.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (CreatePayoutXServiceVersion | Unset):
        body (PayoutCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PayoutEnvelope | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
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
    *,
    client: AuthenticatedClient,
    body: PayoutCreateRequest,
    x_idempotency_key: str,
    x_service_version: CreatePayoutXServiceVersion | Unset = UNSET,

) -> PayoutEnvelope | Problem | None:
    """ Send a payout

     One of your participants sends money to a phone number. The service checks the relationship (a
    suspended sender cannot send) and the sender's send limits, screens the payout for risk, and asks
    your ledger to hold the amount on the funding source named (the sender's newest active one when none
    is). The answer is the payout as committed: `initiated`, the hold being asked of your ledger once
    the payout is recorded (read the payout, or follow its events, for `accepted` or `denied`), or
    `denied` at once when the risk engine refused it. Problems: 404 when the payout (or the participant,
    or the funding source named) is not yours; 409 `state-conflict` when the status does not allow it;
    422 `invalid-request` for a body that fails validation. 409 `state-conflict` also when the sender is
    suspended or not active; 422 `send-limit-exceeded` when a send limit would be passed.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (CreatePayoutXServiceVersion | Unset):
        body (PayoutCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PayoutEnvelope | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: PayoutCreateRequest,
    x_idempotency_key: str,
    x_service_version: CreatePayoutXServiceVersion | Unset = UNSET,

) -> Response[PayoutEnvelope | Problem]:
    """ Send a payout

     One of your participants sends money to a phone number. The service checks the relationship (a
    suspended sender cannot send) and the sender's send limits, screens the payout for risk, and asks
    your ledger to hold the amount on the funding source named (the sender's newest active one when none
    is). The answer is the payout as committed: `initiated`, the hold being asked of your ledger once
    the payout is recorded (read the payout, or follow its events, for `accepted` or `denied`), or
    `denied` at once when the risk engine refused it. Problems: 404 when the payout (or the participant,
    or the funding source named) is not yours; 409 `state-conflict` when the status does not allow it;
    422 `invalid-request` for a body that fails validation. 409 `state-conflict` also when the sender is
    suspended or not active; 422 `send-limit-exceeded` when a send limit would be passed.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (CreatePayoutXServiceVersion | Unset):
        body (PayoutCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PayoutEnvelope | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
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
    *,
    client: AuthenticatedClient,
    body: PayoutCreateRequest,
    x_idempotency_key: str,
    x_service_version: CreatePayoutXServiceVersion | Unset = UNSET,

) -> PayoutEnvelope | Problem | None:
    """ Send a payout

     One of your participants sends money to a phone number. The service checks the relationship (a
    suspended sender cannot send) and the sender's send limits, screens the payout for risk, and asks
    your ledger to hold the amount on the funding source named (the sender's newest active one when none
    is). The answer is the payout as committed: `initiated`, the hold being asked of your ledger once
    the payout is recorded (read the payout, or follow its events, for `accepted` or `denied`), or
    `denied` at once when the risk engine refused it. Problems: 404 when the payout (or the participant,
    or the funding source named) is not yours; 409 `state-conflict` when the status does not allow it;
    422 `invalid-request` for a body that fails validation. 409 `state-conflict` also when the sender is
    suspended or not active; 422 `send-limit-exceeded` when a send limit would be passed.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (CreatePayoutXServiceVersion | Unset):
        body (PayoutCreateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PayoutEnvelope | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
