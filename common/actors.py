"""Who did something: a staff user, a provider's application (API key or token), or the system."""

from dataclasses import dataclass

SYSTEM_DISPLAY_NAME = "Provider Service (automated)"
APPLICATION_DISPLAY_NAME = "Provider application"


@dataclass(frozen=True)
class Actor:
    kind: str  # user | application | system
    user_id: str | None = None
    application_key_id: str | None = None
    calling_account_id: str | None = None
    display_name: str | None = None
    email: str | None = None

    @classmethod
    def system(cls) -> "Actor":
        return cls(kind="system", display_name=SYSTEM_DISPLAY_NAME)

    @classmethod
    def operator(cls, what: str) -> "Actor":
        """Someone at the server itself (a management command, a shell): a system actor named
        after what was run."""
        return cls(kind="system", display_name=f"{what} (on the server)")

    @classmethod
    def application(cls, *, key_id: str, provider_id: str) -> "Actor":
        return cls(
            kind="application",
            application_key_id=key_id,
            calling_account_id=provider_id,
            display_name=APPLICATION_DISPLAY_NAME,
        )

    @classmethod
    def user(cls, user, *, provider_id: str | None = None) -> "Actor":
        name = (user.get_full_name() or user.get_username()) if user else None
        return cls(
            kind="user",
            user_id=str(user.pk),
            calling_account_id=provider_id,
            display_name=name,
            email=user.email or None,
        )

    def as_json(self) -> dict:
        data: dict = {"kind": self.kind}
        if self.kind == "user" and self.user_id:
            data["userID"] = self.user_id
        if self.kind == "application" and self.application_key_id:
            data["applicationKeyID"] = self.application_key_id
        if self.kind in ("user", "application") and self.calling_account_id:
            data["callingAccountID"] = self.calling_account_id
        return data

    def display_json(self) -> dict | None:
        if not self.display_name:
            return None
        data = {"displayName": self.display_name}
        if self.kind == "user" and self.email:
            data["email"] = self.email
        return data

    # Flat columns for models that record an actor.
    def as_fields(self, prefix: str = "actor_") -> dict:
        return {
            f"{prefix}kind": self.kind,
            f"{prefix}user_id": self.user_id or "",
            f"{prefix}application_key_id": self.application_key_id or "",
            f"{prefix}calling_account_id": self.calling_account_id or "",
            f"{prefix}display_name": self.display_name or "",
            f"{prefix}email": self.email or "",
        }

    @classmethod
    def from_fields(cls, obj, prefix: str = "actor_") -> "Actor":
        def get(name):
            return getattr(obj, f"{prefix}{name}") or None

        return cls(
            kind=get("kind") or "system",
            user_id=get("user_id"),
            application_key_id=get("application_key_id"),
            calling_account_id=get("calling_account_id"),
            display_name=get("display_name"),
            email=get("email"),
        )

    @property
    def label(self) -> str:
        """Who did it, for a person reading a staff page."""
        if self.kind == "user":
            name = self.display_name or f"user {self.user_id}"
            return f"{name} <{self.email}>" if self.email else name
        if self.kind == "application":
            name = self.display_name or APPLICATION_DISPLAY_NAME
            return f"{name} (key {self.application_key_id})"
        return self.display_name or "System"
