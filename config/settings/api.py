"""The provider API: limits of requests, rate limits, idempotency, tokens, DRF, the schema."""

from config.env import env_int, env_str
from config.settings.base import SERVICE_BASE_URL, SERVICE_DEFAULT_VERSION

# Request limits (answered as problem documents before anything is read or written): a body
# over this is 413, a query string over this is 414, all header lines together over this 431.
REQUEST_MAX_BODY_BYTES = env_int("REQUEST_MAX_BODY_BYTES", 1024 * 1024)
REQUEST_MAX_QUERY_BYTES = env_int("REQUEST_MAX_QUERY_BYTES", 4096)
REQUEST_MAX_HEADER_BYTES = env_int("REQUEST_MAX_HEADER_BYTES", 16 * 1024)
# Django's own guard for bodies it reads without a Content-Length (chunked): the same limit.
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BODY_BYTES
# Per-key rate limits (docs/decisions/rate-limits.md): each API key (a token counts against
# the key it was narrowed from) may send this many reads, writes and webhook test sends per
# window of RATE_LIMIT_WINDOW_SECONDS; past that, 429. A provider's own figures (admin)
# replace these. Counted in Redis with REDIS_URL (shared by every host), else in process.
RATE_LIMIT_WINDOW_SECONDS = env_int("RATE_LIMIT_WINDOW_SECONDS", 10)
RATE_LIMIT_READS = env_int("RATE_LIMIT_READS", 10_000)
RATE_LIMIT_WRITES = env_int("RATE_LIMIT_WRITES", 5_000)
RATE_LIMIT_WEBHOOK_TESTS = env_int("RATE_LIMIT_WEBHOOK_TESTS", 500)
# Each statement of a provider API list or search (GET) is stopped after this long, answered
# 503 read-timeout (PostgreSQL: SET LOCAL in the read's transaction; 0 turns it off).
API_READ_STATEMENT_TIMEOUT_MS = env_int("API_READ_STATEMENT_TIMEOUT_MS", 2000)

IDEMPOTENCY_RETENTION_SECONDS = env_int("IDEMPOTENCY_RETENTION_SECONDS", 24 * 3600)
# An in-progress key older than this is taken to belong to a crashed request.
IDEMPOTENCY_LOCK_SECONDS = env_int("IDEMPOTENCY_LOCK_SECONDS", 300)
# Stored responses are sealed under a key derived from this (SECRET_KEY when unset).
IDEMPOTENCY_ENCRYPTION_KEY = env_str("IDEMPOTENCY_ENCRYPTION_KEY")

BEARER_TOKEN_DEFAULT_TTL_SECONDS = env_int("BEARER_TOKEN_DEFAULT_TTL_SECONDS", 3600)
BEARER_TOKEN_MAX_TTL_SECONDS = env_int("BEARER_TOKEN_MAX_TTL_SECONDS", 30 * 24 * 3600)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "providers.authentication.ApiKeyAuthentication",
        "providers.authentication.BearerTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's JSON parser with a nesting-depth cap (api.parsers).
    "DEFAULT_PARSER_CLASSES": ["api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "api.openapi.ServiceAutoSchema",
    "EXCEPTION_HANDLER": "api.exceptions.problem_exception_handler",
    "UNAUTHENTICATED_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Provider Participant, Payment, Review and Limits Service",
    "DESCRIPTION": (
        "Provider-facing API: participants, funding sources, relationships, payments, "
        "reviews and send limits. Errors are RFC 9457 problem details."
    ),
    "VERSION": SERVICE_DEFAULT_VERSION,
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/providers/",
    "SERVERS": [{"url": SERVICE_BASE_URL}],
    "ENUM_NAME_OVERRIDES": {
        "LimitProviderSourceEnum": "limits.api.serializers.PROVIDER_SOURCES",
        "CountryEnum": "participants.validators.COUNTRY_CODES",
        "CallingCodeEnum": "participants.validators.CALLING_CODES",
        "PaymentTypeEnum": "payments.models.PaymentType",
        "PayoutTypeEnum": ["payout"],
        "RequestTypeEnum": ["request"],
        "PayoutStatusEnum": "payments.models.PayoutStatus",
        "RequestStatusEnum": "payments.models.RequestStatus",
        "OperationTypeEnum": "payments.models.Operation.Type",
        "FundedFromTypeEnum": "payments.models.FundingAttempt.FundingType",
        "FundingTypeEnum": "participants.models.FundingSource.FundingType",
        "ParticipantStatusEnum": "participants.models.Participant.Status",
        "ParticipantReviewStatusEnum": "reviews.models.ParticipantReview.Status",
        "PaymentReviewStatusEnum": "reviews.models.PaymentReview.Status",
        "ReviewCommandKindEnum": "reviews.models.ReviewCommand.Kind",
        "ReviewCommandStatusEnum": "reviews.models.ReviewCommand.Status",
        "PaymentReviewResolutionEnum": ["approved", "rejected"],
        "RiskLevelEnum": "risk.models.Level",
        "EvidenceLevelEnum": "risk.models.EvidenceLevel",
        "EventTypeEnum": "events.types.ALL_TYPES",
        "WebhookEndpointStatusEnum": "events.models.WebhookEndpoint.Status",
        # The device observation's keeps its name beside the device context's (api.devices),
        # whose set is the same.
        "DeviceTypeEnum": "risk.models.DeviceObservation.DeviceType",
        "DeviceContextTypeEnum": "common.devices.DEVICE_TYPES",
    },
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums"],
    # Every operation carries exactly one of these (api/examples.py, tests/test_openapi_docs.py).
    "TAGS": [
        {
            "name": "Participants",
            "description": "A provider's customers (`usr_…`): create one, read and list them, "
            "and suspend or reactivate the provider's relationship with one. A path "
            "participantID starting with `usr_` is the participantID, any other value the "
            "provider's externalID.",
        },
        {
            "name": "Funding sources",
            "description": "A participant's cards and bank accounts (`fs_…`) that payouts "
            "send from and requests pay into. Removing one keeps it with `disabledOn` set.",
        },
        {
            "name": "Limits",
            "description": "Send limits resolved per participant from the platform, provider, "
            "limit group (`grp_…`) and override levels.",
        },
        {
            "name": "Payments",
            "description": "Payouts and requests together, as list rows discriminated by "
            "`type`: provider-wide, or one participant's with its `direction`.",
        },
        {
            "name": "Payouts",
            "description": "Money a participant sends to a phone number (`po_…`); the "
            "recipient claims it.",
        },
        {
            "name": "Requests",
            "description": "A requester's demand that a payer pay (`rq_…`).",
        },
        {
            "name": "Risk",
            "description": "Risk assessments (`ra_…`) of a participant's signups, sign-ins "
            "and payments, and the devices observed on a payment's assessment.",
        },
        {
            "name": "Participant reviews",
            "description": "Reviews of a provider's relationship with a participant (`rev_…`): "
            "open, assign (accepted later, 202), read, and resolve by suspending.",
        },
        {
            "name": "Payment reviews",
            "description": "Reviews of a payout put on hold (`pyr_…`), resolved as approved or "
            "rejected.",
        },
        {
            "name": "Review commands",
            "description": "The state of a command a 202 accepted (`cmd_…`), where its "
            "`Location` points.",
        },
        {
            "name": "Events",
            "description": "Every change a provider may care about (`evt_…`), as a feed "
            "oldest first; docs/events.md is the catalog of types.",
        },
        {
            "name": "Webhooks",
            "description": "Endpoints (`whe_…`) the events are pushed to, signed per "
            "Standard Webhooks.",
        },
        {
            "name": "Ledger",
            "description": "The provider's own ledger: where the service sends its authorize, "
            "release and capture calls, and the key they are encrypted with (rotated with an "
            "overlap).",
        },
        {
            "name": "Tokens",
            "description": "Short-lived bearer tokens (`pst_…`) narrowed to some scopes, "
            "minted with an API key for delegated callers.",
        },
    ],
}
