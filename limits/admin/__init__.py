"""Staff screens for send limits, one module per screen family: the platform and provider
levels (`levels`), groups and memberships (`groups`), overrides (`overrides`) and the audit
trail (`changes`). Every save goes through limits.services (the same functions the commands
call), so versions, locks and the audit trail are the same whichever door is used.
"""

from limits.admin import changes, groups, levels, overrides  # noqa: F401
