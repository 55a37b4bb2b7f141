from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.list_payments_status_item import ListPaymentsStatusItem
from ...models.list_payments_type import ListPaymentsType
from ...models.list_payments_x_service_version import ListPaymentsXServiceVersion
from ...models.payment_list import PaymentList
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
    on_hold: bool | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    payment_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    reference_number: str | Unset = UNSET,
    status: list[ListPaymentsStatusItem] | Unset = UNSET,
    type_: ListPaymentsType | Unset = UNSET,
    x_service_version: ListPaymentsXServiceVersion | Unset = UNSET,

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

    params["onHold"] = on_hold

    params["participantID"] = participant_id

    params["paymentID"] = payment_id

    params["q"] = q

    params["referenceNumber"] = reference_number

    json_status: list[str] | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = []
        for status_item_data in status:
            status_item = status_item_data.value
            json_status.append(status_item)


    params["status"] = json_status

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/providers/{provider_id}/payments".format(provider_id=quote(str(provider_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PaymentList | Problem | None:
    if response.status_code == 200:
        response_200 = PaymentList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PaymentList | Problem]:
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
    on_hold: bool | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    payment_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    reference_number: str | Unset = UNSET,
    status: list[ListPaymentsStatusItem] | Unset = UNSET,
    type_: ListPaymentsType | Unset = UNSET,
    x_service_version: ListPaymentsXServiceVersion | Unset = UNSET,

) -> Response[PaymentList | Problem]:
    """ List payments

     Payouts and requests the provider owns across all its participants, newest first by (createdOn,
    paymentID). Filter with q (memo and party names; an exact participantID or externalID; a phone's
    digits), type, status, onHold, createdFrom/createdTo, paymentID, referenceNumber and participantID;
    every filter applies before pagination.

    Scope: `payments.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        on_hold (bool | Unset):
        participant_id (str | Unset):
        payment_id (str | Unset):
        q (str | Unset):
        reference_number (str | Unset):
        status (list[ListPaymentsStatusItem] | Unset):
        type_ (ListPaymentsType | Unset):
        x_service_version (ListPaymentsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaymentList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
on_hold=on_hold,
participant_id=participant_id,
payment_id=payment_id,
q=q,
reference_number=reference_number,
status=status,
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
    on_hold: bool | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    payment_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    reference_number: str | Unset = UNSET,
    status: list[ListPaymentsStatusItem] | Unset = UNSET,
    type_: ListPaymentsType | Unset = UNSET,
    x_service_version: ListPaymentsXServiceVersion | Unset = UNSET,

) -> PaymentList | Problem | None:
    """ List payments

     Payouts and requests the provider owns across all its participants, newest first by (createdOn,
    paymentID). Filter with q (memo and party names; an exact participantID or externalID; a phone's
    digits), type, status, onHold, createdFrom/createdTo, paymentID, referenceNumber and participantID;
    every filter applies before pagination.

    Scope: `payments.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        on_hold (bool | Unset):
        participant_id (str | Unset):
        payment_id (str | Unset):
        q (str | Unset):
        reference_number (str | Unset):
        status (list[ListPaymentsStatusItem] | Unset):
        type_ (ListPaymentsType | Unset):
        x_service_version (ListPaymentsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaymentList | Problem
     """


    return sync_detailed(
        provider_id=provider_id,
client=client,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
on_hold=on_hold,
participant_id=participant_id,
payment_id=payment_id,
q=q,
reference_number=reference_number,
status=status,
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
    on_hold: bool | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    payment_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    reference_number: str | Unset = UNSET,
    status: list[ListPaymentsStatusItem] | Unset = UNSET,
    type_: ListPaymentsType | Unset = UNSET,
    x_service_version: ListPaymentsXServiceVersion | Unset = UNSET,

) -> Response[PaymentList | Problem]:
    """ List payments

     Payouts and requests the provider owns across all its participants, newest first by (createdOn,
    paymentID). Filter with q (memo and party names; an exact participantID or externalID; a phone's
    digits), type, status, onHold, createdFrom/createdTo, paymentID, referenceNumber and participantID;
    every filter applies before pagination.

    Scope: `payments.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        on_hold (bool | Unset):
        participant_id (str | Unset):
        payment_id (str | Unset):
        q (str | Unset):
        reference_number (str | Unset):
        status (list[ListPaymentsStatusItem] | Unset):
        type_ (ListPaymentsType | Unset):
        x_service_version (ListPaymentsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaymentList | Problem]
     """


    kwargs = _get_kwargs(
        provider_id=provider_id,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
on_hold=on_hold,
participant_id=participant_id,
payment_id=payment_id,
q=q,
reference_number=reference_number,
status=status,
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
    on_hold: bool | Unset = UNSET,
    participant_id: str | Unset = UNSET,
    payment_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
    reference_number: str | Unset = UNSET,
    status: list[ListPaymentsStatusItem] | Unset = UNSET,
    type_: ListPaymentsType | Unset = UNSET,
    x_service_version: ListPaymentsXServiceVersion | Unset = UNSET,

) -> PaymentList | Problem | None:
    """ List payments

     Payouts and requests the provider owns across all its participants, newest first by (createdOn,
    paymentID). Filter with q (memo and party names; an exact participantID or externalID; a phone's
    digits), type, status, onHold, createdFrom/createdTo, paymentID, referenceNumber and participantID;
    every filter applies before pagination.

    Scope: `payments.read`.

    Args:
        provider_id (str):
        created_from (datetime.datetime | Unset):
        created_to (datetime.datetime | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 25.
        on_hold (bool | Unset):
        participant_id (str | Unset):
        payment_id (str | Unset):
        q (str | Unset):
        reference_number (str | Unset):
        status (list[ListPaymentsStatusItem] | Unset):
        type_ (ListPaymentsType | Unset):
        x_service_version (ListPaymentsXServiceVersion | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaymentList | Problem
     """


    return (await asyncio_detailed(
        provider_id=provider_id,
client=client,
created_from=created_from,
created_to=created_to,
cursor=cursor,
limit=limit,
on_hold=on_hold,
participant_id=participant_id,
payment_id=payment_id,
q=q,
reference_number=reference_number,
status=status,
type_=type_,
x_service_version=x_service_version,

    )).parsed
