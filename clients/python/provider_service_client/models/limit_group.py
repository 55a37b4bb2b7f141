from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.limit_group_ceilings import LimitGroupCeilings





T = TypeVar("T", bound="LimitGroup")



@_attrs_define
class LimitGroup:
    """ 
        Attributes:
            group_id (str):
            name (str):
            ceilings (LimitGroupCeilings): Only the dimensions the group sets; the others fall through to the provider
                level.
            member_count (int): Participants with an active membership
            created_on (datetime.datetime):
            updated_on (datetime.datetime):
     """

    group_id: str
    name: str
    ceilings: LimitGroupCeilings
    member_count: int
    created_on: datetime.datetime
    updated_on: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_group_ceilings import LimitGroupCeilings # noqa: PLC0415
        group_id = self.group_id

        name = self.name

        ceilings = self.ceilings.to_dict()

        member_count = self.member_count

        created_on = self.created_on.isoformat()

        updated_on = self.updated_on.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "groupID": group_id,
            "name": name,
            "ceilings": ceilings,
            "memberCount": member_count,
            "createdOn": created_on,
            "updatedOn": updated_on,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_group_ceilings import LimitGroupCeilings # noqa: PLC0415
        d = dict(src_dict)
        group_id = d.pop("groupID")

        name = d.pop("name")

        ceilings = LimitGroupCeilings.from_dict(d.pop("ceilings"))




        member_count = d.pop("memberCount")

        created_on = datetime.datetime.fromisoformat(d.pop("createdOn"))




        updated_on = datetime.datetime.fromisoformat(d.pop("updatedOn"))




        limit_group = cls(
            group_id=group_id,
            name=name,
            ceilings=ceilings,
            member_count=member_count,
            created_on=created_on,
            updated_on=updated_on,
        )


        limit_group.additional_properties = d
        return limit_group

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
