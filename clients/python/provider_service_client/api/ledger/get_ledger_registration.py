from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_ledger_registration_x_service_version import GetLedgerRegistrationXServiceVersion
from ...models.ledger_registration import LedgerRegistration
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    provider_id: str,
    *,
    x_service_version: GetLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_service_version, Unset):
        headers["X-Service-Version"] = str(x_service_version)




    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/ledger".format(provider_id=quote(str(provider_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LedgerRegistration | Problem | None:
    if response.status_code == 200:
        response_200 = LedgerRegistration.from_dict(response.json())



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
    x_service_version: GetLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> Response[LedgerRegistration | Problem]:
    """ Read the provider's ledger registration

     Where the authorize, release and capture callbacks go and which key seals them, by its RFC 7638
    thumbprint (`kid`); the key itself is never returned. `previousKey` is present while a replaced key
    still opens the ledger's answers. 404 before the first registration.

    Scope: `ledger.read`.

    Args:
        provider_id (str):
        x_service_version (GetLedgerRegistrationXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerRegistration | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
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
    x_service_version: GetLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> LedgerRegistration | Problem | None:
    """ Read the provider's ledger registration

     Where the authorize, release and capture callbacks go and which key seals them, by its RFC 7638
    thumbprint (`kid`); the key itself is never returned. `previousKey` is present while a replaced key
    still opens the ledger's answers. 404 before the first registration.

    Scope: `ledger.read`.

    Args:
        provider_id (str):
        x_service_version (GetLedgerRegistrationXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerRegistration | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
client=client,
x_service_version=x_service_version,

    ).parsed

async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    x_service_version: GetLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> Response[LedgerRegistration | Problem]:
    """ Read the provider's ledger registration

     Where the authorize, release and capture callbacks go and which key seals them, by its RFC 7638
    thumbprint (`kid`); the key itself is never returned. `previousKey` is present while a replaced key
    still opens the ledger's answers. 404 before the first registration.

    Scope: `ledger.read`.

    Args:
        provider_id (str):
        x_service_version (GetLedgerRegistrationXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LedgerRegistration | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
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
    x_service_version: GetLedgerRegistrationXServiceVersion | Unset = UNSET,

) -> LedgerRegistration | Problem | None:
    """ Read the provider's ledger registration

     Where the authorize, release and capture callbacks go and which key seals them, by its RFC 7638
    thumbprint (`kid`); the key itself is never returned. `previousKey` is present while a replaced key
    still opens the ledger's answers. 404 before the first registration.

    Scope: `ledger.read`.

    Args:
        provider_id (str):
        x_service_version (GetLedgerRegistrationXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LedgerRegistration | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
x_service_version=x_service_version,

    )).parsed
