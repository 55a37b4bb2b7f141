"""The risk screens in the Django admin (`/admin/risk/`), one module per screen family: the
configuration analysts change (`configuration`, saved through the audited services of
`audited`), the change history (`changes`) and the read-only assessments (`assessments`)."""

from risk.admin import assessments, changes, configuration  # noqa: F401
