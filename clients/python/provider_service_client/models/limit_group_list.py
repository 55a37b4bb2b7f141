from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.limit_group import LimitGroup





T = TypeVar("T", bound="LimitGroupList")



@_attrs_define
class LimitGroupList:
    """ 
        Attributes:
            limit_groups (list[LimitGroup]):
            has_more (bool):
            next_cursor (str | Unset):
     """

    limit_groups: list[LimitGroup]
    has_more: bool
    next_cursor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_group import LimitGroup # noqa: PLC0415
        limit_groups = []
        for limit_groups_item_data in self.limit_groups:
            limit_groups_item = limit_groups_item_data.to_dict()
            limit_groups.append(limit_groups_item)



        has_more = self.has_more

        next_cursor = self.next_cursor


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "limitGroups": limit_groups,
            "hasMore": has_more,
        })
        if next_cursor is not UNSET:
            field_dict["nextCursor"] = next_cursor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_group import LimitGroup # noqa: PLC0415
        d = dict(src_dict)
        limit_groups = []
        _limit_groups = d.pop("limitGroups")
        for limit_groups_item_data in (_limit_groups):
            limit_groups_item = LimitGroup.from_dict(limit_groups_item_data)



            limit_groups.append(limit_groups_item)


        has_more = d.pop("hasMore")

        next_cursor = d.pop("nextCursor", UNSET)

        limit_group_list = cls(
            limit_groups=limit_groups,
            has_more=has_more,
            next_cursor=next_cursor,
        )


        limit_group_list.additional_properties = d
        return limit_group_list

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
