from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.pay_request_x_service_version import PayRequestXServiceVersion
from ...models.problem import Problem
from ...models.request_envelope import RequestEnvelope
from ...models.request_pay_request import RequestPayRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    request_id: str,
    *,
    body: RequestPayRequest,
    x_idempotency_key: str,
    x_service_version: PayRequestXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/providers/{provider_id}/requests/{request_id}/payments".format(provider_id=quote(str(provider_id), safe=""),request_id=quote(str(request_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RequestEnvelope | None:
    if response.status_code == 201:
        response_201 = RequestEnvelope.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RequestEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    request_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestPayRequest,
    x_idempotency_key: str,
    x_service_version: PayRequestXServiceVersion | Unset = UNSET,

) -> Response[Problem | RequestEnvelope]:
    """ Pay a request as its payer

     Your participant pays: it becomes the bound payer, the service collects from the funding source
    named (its newest active one when none is) and disburses to the requester, or keeps the money in
    `funded` while the requester is suspended or on hold. A failed collection leaves the request
    `authenticated`, to be paid again. A suspended payer cannot pay. The device it paid from is screened
    with the payer. A request another provider's participant made is yours to act on only when it is
    addressed to an active phone of the participant named (or that participant is already its payer);
    otherwise it is 404 as a missing one. Problems: 404 when the request (or the participant, or the
    funding source named) is not yours; 409 `state-conflict` when the status does not allow it; 422
    `invalid-request` for a body that fails validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        request_id (str):
        x_idempotency_key (str):
        x_service_version (PayRequestXServiceVersion | Unset):
        body (RequestPayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestEnvelope]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
request_id=request_id,
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
    request_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestPayRequest,
    x_idempotency_key: str,
    x_service_version: PayRequestXServiceVersion | Unset = UNSET,

) -> Problem | RequestEnvelope | None:
    """ Pay a request as its payer

     Your participant pays: it becomes the bound payer, the service collects from the funding source
    named (its newest active one when none is) and disburses to the requester, or keeps the money in
    `funded` while the requester is suspended or on hold. A failed collection leaves the request
    `authenticated`, to be paid again. A suspended payer cannot pay. The device it paid from is screened
    with the payer. A request another provider's participant made is yours to act on only when it is
    addressed to an active phone of the participant named (or that participant is already its payer);
    otherwise it is 404 as a missing one. Problems: 404 when the request (or the participant, or the
    funding source named) is not yours; 409 `state-conflict` when the status does not allow it; 422
    `invalid-request` for a body that fails validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        request_id (str):
        x_idempotency_key (str):
        x_service_version (PayRequestXServiceVersion | Unset):
        body (RequestPayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestEnvelope
     """


    return sync_detailed(
        provider_id=provider_id,
request_id=request_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    request_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestPayRequest,
    x_idempotency_key: str,
    x_service_version: PayRequestXServiceVersion | Unset = UNSET,

) -> Response[Problem | RequestEnvelope]:
    """ Pay a request as its payer

     Your participant pays: it becomes the bound payer, the service collects from the funding source
    named (its newest active one when none is) and disburses to the requester, or keeps the money in
    `funded` while the requester is suspended or on hold. A failed collection leaves the request
    `authenticated`, to be paid again. A suspended payer cannot pay. The device it paid from is screened
    with the payer. A request another provider's participant made is yours to act on only when it is
    addressed to an active phone of the participant named (or that participant is already its payer);
    otherwise it is 404 as a missing one. Problems: 404 when the request (or the participant, or the
    funding source named) is not yours; 409 `state-conflict` when the status does not allow it; 422
    `invalid-request` for a body that fails validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        request_id (str):
        x_idempotency_key (str):
        x_service_version (PayRequestXServiceVersion | Unset):
        body (RequestPayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RequestEnvelope]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
request_id=request_id,
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
    request_id: str,
    *,
    client: AuthenticatedClient,
    body: RequestPayRequest,
    x_idempotency_key: str,
    x_service_version: PayRequestXServiceVersion | Unset = UNSET,

) -> Problem | RequestEnvelope | None:
    """ Pay a request as its payer

     Your participant pays: it becomes the bound payer, the service collects from the funding source
    named (its newest active one when none is) and disburses to the requester, or keeps the money in
    `funded` while the requester is suspended or on hold. A failed collection leaves the request
    `authenticated`, to be paid again. A suspended payer cannot pay. The device it paid from is screened
    with the payer. A request another provider's participant made is yours to act on only when it is
    addressed to an active phone of the participant named (or that participant is already its payer);
    otherwise it is 404 as a missing one. Problems: 404 when the request (or the participant, or the
    funding source named) is not yours; 409 `state-conflict` when the status does not allow it; 422
    `invalid-request` for a body that fails validation.

    Scope: `payments.write`.

    Args:
        provider_id (str):
        request_id (str):
        x_idempotency_key (str):
        x_service_version (PayRequestXServiceVersion | Unset):
        body (RequestPayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RequestEnvelope
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
request_id=request_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
