from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.alg_enum import AlgEnum
from ..models.kty_enum import KtyEnum
from ..models.use_enum import UseEnum
from ..types import UNSET, Unset






T = TypeVar("T", bound="KeyInRequest")



@_attrs_define
class KeyInRequest:
    """ 
        Attributes:
            kty (KtyEnum): * `oct` - oct
            k (str): The 256-bit key, base64url without padding (43 characters)
            alg (AlgEnum | Unset): * `A256KW` - A256KW
            use (UseEnum | Unset): * `enc` - enc
     """

    kty: KtyEnum
    k: str
    alg: AlgEnum | Unset = UNSET
    use: UseEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kty = self.kty.value

        k = self.k

        alg: str | Unset = UNSET
        if not isinstance(self.alg, Unset):
            alg = self.alg.value


        use: str | Unset = UNSET
        if not isinstance(self.use, Unset):
            use = self.use.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kty": kty,
            "k": k,
        })
        if alg is not UNSET:
            field_dict["alg"] = alg
        if use is not UNSET:
            field_dict["use"] = use

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kty = KtyEnum(d.pop("kty"))




        k = d.pop("k")

        _alg = d.pop("alg", UNSET)
        alg: AlgEnum | Unset
        if isinstance(_alg,  Unset):
            alg = UNSET
        else:
            alg = AlgEnum(_alg)




        _use = d.pop("use", UNSET)
        use: UseEnum | Unset
        if isinstance(_use,  Unset):
            use = UNSET
        else:
            use = UseEnum(_use)




        key_in_request = cls(
            kty=kty,
            k=k,
            alg=alg,
            use=use,
        )


        key_in_request.additional_properties = d
        return key_in_request

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
