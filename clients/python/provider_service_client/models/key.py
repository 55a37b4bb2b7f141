from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alg_enum import AlgEnum
from ..models.kty_enum import KtyEnum
from typing import cast
import datetime






T = TypeVar("T", bound="Key")



@_attrs_define
class Key:
    """ 
        Attributes:
            kty (KtyEnum): * `oct` - oct
            alg (AlgEnum): * `A256KW` - A256KW
            kid (str): The key's RFC 7638 thumbprint
            set_on (datetime.datetime):
     """

    kty: KtyEnum
    alg: AlgEnum
    kid: str
    set_on: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kty = self.kty.value

        alg = self.alg.value

        kid = self.kid

        set_on = self.set_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kty": kty,
            "alg": alg,
            "kid": kid,
            "setOn": set_on,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kty = KtyEnum(d.pop("kty"))




        alg = AlgEnum(d.pop("alg"))




        kid = d.pop("kid")

        set_on = datetime.datetime.fromisoformat(d.pop("setOn"))




        key = cls(
            kty=kty,
            alg=alg,
            kid=kid,
            set_on=set_on,
        )


        key.additional_properties = d
        return key

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
