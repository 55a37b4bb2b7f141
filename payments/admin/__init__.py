"""Staff screens of payments: the list with its search (`payments`) and the read-only page of
one payment (`page` builds what it shows)."""

from payments.admin import payments  # noqa: F401
