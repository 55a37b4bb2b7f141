from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.ledger_registration import LedgerRegistration
from ...models.ledger_registration_in_request import LedgerRegistrationInRequest
from ...models.problem import Problem
from ...models.put_ledger_registration_x_service_version import PutLedgerRegistrationXServiceVersion
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    *,
    body: LedgerRegistrationInRequest,
    x_idempotency_key: str,
    x_service_version: PutLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Idempotency-Key"] = x_idempotency_key

    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/providers/{provider_id}/ledger".format(provider_id=quote(str(provider_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LedgerRegistration | Problem | None:
    if response.status_code == 200:
        response_200 = LedgerRegistration.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = LedgerRegistration.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LedgerRegistration | Problem]:
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
    body: LedgerRegistrationInRequest,
    x_idempotency_key: str,
    x_service_version: PutLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> Response[LedgerRegistration | Problem]:
    """ Register or replace the provider's ledger

     Replaces the three callback URLs (checked as staff registrations are, and refused when a host is or
    resolves to a loopback, private, link-local or other special-purpose address) and, when `key` is
    sent, the shared A256KW key: one 256-bit secret both sides hold (the service seals each call with it
    and opens the ledger's answer with it; the ledger does the reverse). A new key seals every call from
    this response on; the key it replaces keeps opening the ledger's answers for
    LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (24 by default, `previousKey.expiresOn`), so the ledger can move
    its instances over. Make the ledger accept calls under both keys before sending the new one. Sending
    the current key again changes nothing. 201 on the first registration, 200 after; every change is
    audited.

    Scope: `ledger.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (PutLedgerRegistrationXServiceVersion | Unset):
        body (LedgerRegistrationInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerRegistration | Problem]
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
    body: LedgerRegistrationInRequest,
    x_idempotency_key: str,
    x_service_version: PutLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> LedgerRegistration | Problem | None:
    """ Register or replace the provider's ledger

     Replaces the three callback URLs (checked as staff registrations are, and refused when a host is or
    resolves to a loopback, private, link-local or other special-purpose address) and, when `key` is
    sent, the shared A256KW key: one 256-bit secret both sides hold (the service seals each call with it
    and opens the ledger's answer with it; the ledger does the reverse). A new key seals every call from
    this response on; the key it replaces keeps opening the ledger's answers for
    LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (24 by default, `previousKey.expiresOn`), so the ledger can move
    its instances over. Make the ledger accept calls under both keys before sending the new one. Sending
    the current key again changes nothing. 201 on the first registration, 200 after; every change is
    audited.

    Scope: `ledger.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (PutLedgerRegistrationXServiceVersion | Unset):
        body (LedgerRegistrationInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerRegistration | Problem
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
    body: LedgerRegistrationInRequest,
    x_idempotency_key: str,
    x_service_version: PutLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> Response[LedgerRegistration | Problem]:
    """ Register or replace the provider's ledger

     Replaces the three callback URLs (checked as staff registrations are, and refused when a host is or
    resolves to a loopback, private, link-local or other special-purpose address) and, when `key` is
    sent, the shared A256KW key: one 256-bit secret both sides hold (the service seals each call with it
    and opens the ledger's answer with it; the ledger does the reverse). A new key seals every call from
    this response on; the key it replaces keeps opening the ledger's answers for
    LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (24 by default, `previousKey.expiresOn`), so the ledger can move
    its instances over. Make the ledger accept calls under both keys before sending the new one. Sending
    the current key again changes nothing. 201 on the first registration, 200 after; every change is
    audited.

    Scope: `ledger.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (PutLedgerRegistrationXServiceVersion | Unset):
        body (LedgerRegistrationInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerRegistration | Problem]
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
    body: LedgerRegistrationInRequest,
    x_idempotency_key: str,
    x_service_version: PutLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> LedgerRegistration | Problem | None:
    """ Register or replace the provider's ledger

     Replaces the three callback URLs (checked as staff registrations are, and refused when a host is or
    resolves to a loopback, private, link-local or other special-purpose address) and, when `key` is
    sent, the shared A256KW key: one 256-bit secret both sides hold (the service seals each call with it
    and opens the ledger's answer with it; the ledger does the reverse). A new key seals every call from
    this response on; the key it replaces keeps opening the ledger's answers for
    LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (24 by default, `previousKey.expiresOn`), so the ledger can move
    its instances over. Make the ledger accept calls under both keys before sending the new one. Sending
    the current key again changes nothing. 201 on the first registration, 200 after; every change is
    audited.

    Scope: `ledger.write`.

    Args:
        provider_id (str):
        x_idempotency_key (str):
        x_service_version (PutLedgerRegistrationXServiceVersion | Unset):
        body (LedgerRegistrationInRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerRegistration | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
body=body,
x_idempotency_key=x_idempotency_key,
x_service_version=x_service_version,

    )).parsed
