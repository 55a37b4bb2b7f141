"""Staff security: the admin login's lockout (django-axes) and its log lines, the staff
second factor (django-otp), idle staff sessions, and the response headers of people's pages
(HSTS, Content-Security-Policy). An edge app like `ops`: no business rule, imports only
`common` of the project. See docs/decisions/staff-*.md."""
