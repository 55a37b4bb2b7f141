""" Contains all the data models used in inputs/outputs """

from .action_enum import ActionEnum
from .actor import Actor
from .add_funding_source_x_service_version import AddFundingSourceXServiceVersion
from .address import Address
from .address_in_request import AddressInRequest
from .addressed_party_request import AddressedPartyRequest
from .alg_enum import AlgEnum
from .amount import Amount
from .amount_in_request import AmountInRequest
from .amount_limit import AmountLimit
from .assign_participant_review_x_service_version import AssignParticipantReviewXServiceVersion
from .assignment_request import AssignmentRequest
from .calling_code_enum import CallingCodeEnum
from .cancel_payout_x_service_version import CancelPayoutXServiceVersion
from .cancel_request_x_service_version import CancelRequestXServiceVersion
from .claim_payout_x_service_version import ClaimPayoutXServiceVersion
from .count_limit import CountLimit
from .country_enum import CountryEnum
from .create_participant_x_service_version import CreateParticipantXServiceVersion
from .create_payout_x_service_version import CreatePayoutXServiceVersion
from .create_request_x_service_version import CreateRequestXServiceVersion
from .create_webhook_endpoint_x_service_version import CreateWebhookEndpointXServiceVersion
from .currency import Currency
from .currency_in_request import CurrencyInRequest
from .customer_evidence import CustomerEvidence
from .decision_enum import DecisionEnum
from .decline_request_x_service_version import DeclineRequestXServiceVersion
from .delete_funding_source_x_service_version import DeleteFundingSourceXServiceVersion
from .delete_limit_group_x_service_version import DeleteLimitGroupXServiceVersion
from .delete_webhook_endpoint_x_service_version import DeleteWebhookEndpointXServiceVersion
from .delivery import Delivery
from .delivery_attempt import DeliveryAttempt
from .delivery_list import DeliveryList
from .delivery_status_enum import DeliveryStatusEnum
from .device_context_request import DeviceContextRequest
from .device_context_type_enum import DeviceContextTypeEnum
from .device_location_request import DeviceLocationRequest
from .device_observation import DeviceObservation
from .device_observation_list import DeviceObservationList
from .device_type_enum import DeviceTypeEnum
from .direction_enum import DirectionEnum
from .effective_limits import EffectiveLimits
from .effective_limits_envelope import EffectiveLimitsEnvelope
from .email import Email
from .endpoint import Endpoint
from .endpoint_create_request import EndpointCreateRequest
from .endpoint_list import EndpointList
from .endpoint_with_secret import EndpointWithSecret
from .event import Event
from .event_data import EventData
from .event_list import EventList
from .event_type_enum import EventTypeEnum
from .evidence_level_enum import EvidenceLevelEnum
from .fired_rule import FiredRule
from .funded_from import FundedFrom
from .funded_from_type_enum import FundedFromTypeEnum
from .funding import Funding
from .funding_source import FundingSource
from .funding_source_in_request import FundingSourceInRequest
from .funding_source_list import FundingSourceList
from .funding_type_enum import FundingTypeEnum
from .get_effective_limits_x_service_version import GetEffectiveLimitsXServiceVersion
from .get_event_x_service_version import GetEventXServiceVersion
from .get_ledger_registration_x_service_version import GetLedgerRegistrationXServiceVersion
from .get_limit_defaults_x_service_version import GetLimitDefaultsXServiceVersion
from .get_limit_group_x_service_version import GetLimitGroupXServiceVersion
from .get_participant_review_x_service_version import GetParticipantReviewXServiceVersion
from .get_participant_x_service_version import GetParticipantXServiceVersion
from .get_payout_x_service_version import GetPayoutXServiceVersion
from .get_request_x_service_version import GetRequestXServiceVersion
from .get_review_command_x_service_version import GetReviewCommandXServiceVersion
from .get_webhook_endpoint_x_service_version import GetWebhookEndpointXServiceVersion
from .hold import Hold
from .issue_token_x_service_version import IssueTokenXServiceVersion
from .key import Key
from .key_enum import KeyEnum
from .key_in_request import KeyInRequest
from .kind_enum import KindEnum
from .kty_enum import KtyEnum
from .ledger_registration import LedgerRegistration
from .ledger_registration_in_request import LedgerRegistrationInRequest
from .legacy_counterparty import LegacyCounterparty
from .legacy_participant_row import LegacyParticipantRow
from .limit_default_levels import LimitDefaultLevels
from .limit_defaults import LimitDefaults
from .limit_group import LimitGroup
from .limit_group_ceilings import LimitGroupCeilings
from .limit_group_list import LimitGroupList
from .limit_group_ref import LimitGroupRef
from .limit_provider_source_enum import LimitProviderSourceEnum
from .limit_provider_sources import LimitProviderSources
from .limit_values import LimitValues
from .limit_versions import LimitVersions
from .list_device_observations_x_service_version import ListDeviceObservationsXServiceVersion
from .list_events_type_item import ListEventsTypeItem
from .list_events_x_service_version import ListEventsXServiceVersion
from .list_funding_sources_x_service_version import ListFundingSourcesXServiceVersion
from .list_limit_groups_x_service_version import ListLimitGroupsXServiceVersion
from .list_participant_payments_status_item import ListParticipantPaymentsStatusItem
from .list_participant_payments_type import ListParticipantPaymentsType
from .list_participant_payments_x_service_version import ListParticipantPaymentsXServiceVersion
from .list_participant_reviews_status import ListParticipantReviewsStatus
from .list_participant_reviews_x_service_version import ListParticipantReviewsXServiceVersion
from .list_participants_x_service_version import ListParticipantsXServiceVersion
from .list_payments_status_item import ListPaymentsStatusItem
from .list_payments_type import ListPaymentsType
from .list_payments_x_service_version import ListPaymentsXServiceVersion
from .list_risk_assessments_x_service_version import ListRiskAssessmentsXServiceVersion
from .list_webhook_deliveries_x_service_version import ListWebhookDeliveriesXServiceVersion
from .list_webhook_endpoints_x_service_version import ListWebhookEndpointsXServiceVersion
from .location import Location
from .note import Note
from .open_participant_review_x_service_version import OpenParticipantReviewXServiceVersion
from .open_review_request import OpenReviewRequest
from .operation import Operation
from .operation_status_enum import OperationStatusEnum
from .operation_type_enum import OperationTypeEnum
from .participant import Participant
from .participant_create_request import ParticipantCreateRequest
from .participant_created import ParticipantCreated
from .participant_list import ParticipantList
from .participant_payment_list import ParticipantPaymentList
from .participant_payout_row import ParticipantPayoutRow
from .participant_request_row import ParticipantRequestRow
from .participant_review import ParticipantReview
from .participant_review_detail import ParticipantReviewDetail
from .participant_review_envelope import ParticipantReviewEnvelope
from .participant_review_list import ParticipantReviewList
from .participant_review_status_enum import ParticipantReviewStatusEnum
from .participant_status_enum import ParticipantStatusEnum
from .party import Party
from .patched_endpoint_update_request import PatchedEndpointUpdateRequest
from .patched_participant_update_request import PatchedParticipantUpdateRequest
from .pay_request_x_service_version import PayRequestXServiceVersion
from .payment_list import PaymentList
from .payment_review import PaymentReview
from .payment_review_envelope import PaymentReviewEnvelope
from .payment_review_resolution_enum import PaymentReviewResolutionEnum
from .payment_review_resolution_request import PaymentReviewResolutionRequest
from .payment_review_status_enum import PaymentReviewStatusEnum
from .payment_type_enum import PaymentTypeEnum
from .payout_cancel_request import PayoutCancelRequest
from .payout_claim_request import PayoutClaimRequest
from .payout_create_request import PayoutCreateRequest
from .payout_detail import PayoutDetail
from .payout_envelope import PayoutEnvelope
from .payout_row import PayoutRow
from .payout_status_enum import PayoutStatusEnum
from .payout_summary import PayoutSummary
from .payout_type_enum import PayoutTypeEnum
from .phone import Phone
from .phone_in_request import PhoneInRequest
from .phone_number import PhoneNumber
from .previous_key import PreviousKey
from .problem import Problem
from .problem_error import ProblemError
from .put_ledger_registration_x_service_version import PutLedgerRegistrationXServiceVersion
from .rail_enum import RailEnum
from .reactivate_participant_x_service_version import ReactivateParticipantXServiceVersion
from .reactivate_request import ReactivateRequest
from .reason_code_enum import ReasonCodeEnum
from .record_sign_in_x_service_version import RecordSignInXServiceVersion
from .redeliver_event_x_service_version import RedeliverEventXServiceVersion
from .redelivery import Redelivery
from .relationship import Relationship
from .relationship_envelope import RelationshipEnvelope
from .relationship_summary import RelationshipSummary
from .request_create_request import RequestCreateRequest
from .request_decline_request import RequestDeclineRequest
from .request_detail import RequestDetail
from .request_envelope import RequestEnvelope
from .request_pay_request import RequestPayRequest
from .request_row import RequestRow
from .request_status_enum import RequestStatusEnum
from .request_type_enum import RequestTypeEnum
from .resolution import Resolution
from .resolve_payment_review_x_service_version import ResolvePaymentReviewXServiceVersion
from .resolved_by_display import ResolvedByDisplay
from .review_command import ReviewCommand
from .review_command_envelope import ReviewCommandEnvelope
from .review_command_kind_enum import ReviewCommandKindEnum
from .review_command_status_enum import ReviewCommandStatusEnum
from .review_relationship import ReviewRelationship
from .risk_assessment import RiskAssessment
from .risk_assessment_list import RiskAssessmentList
from .risk_level_enum import RiskLevelEnum
from .rotate_webhook_secret_x_service_version import RotateWebhookSecretXServiceVersion
from .scopes_enum import ScopesEnum
from .sign_in_assessment import SignInAssessment
from .sign_in_request import SignInRequest
from .signal import Signal
from .suspend_from_participant_review_x_service_version import SuspendFromParticipantReviewXServiceVersion
from .suspend_from_review_request import SuspendFromReviewRequest
from .suspend_participant_x_service_version import SuspendParticipantXServiceVersion
from .suspend_request import SuspendRequest
from .test_sent import TestSent
from .test_webhook_endpoint_x_service_version import TestWebhookEndpointXServiceVersion
from .token import Token
from .token_request_request import TokenRequestRequest
from .transaction_evidence import TransactionEvidence
from .update_participant_x_service_version import UpdateParticipantXServiceVersion
from .update_webhook_endpoint_x_service_version import UpdateWebhookEndpointXServiceVersion
from .use_enum import UseEnum
from .webhook_endpoint_status_enum import WebhookEndpointStatusEnum

__all__ = (
    "ActionEnum",
    "Actor",
    "AddFundingSourceXServiceVersion",
    "Address",
    "AddressedPartyRequest",
    "AddressInRequest",
    "AlgEnum",
    "Amount",
    "AmountInRequest",
    "AmountLimit",
    "AssignmentRequest",
    "AssignParticipantReviewXServiceVersion",
    "CallingCodeEnum",
    "CancelPayoutXServiceVersion",
    "CancelRequestXServiceVersion",
    "ClaimPayoutXServiceVersion",
    "CountLimit",
    "CountryEnum",
    "CreateParticipantXServiceVersion",
    "CreatePayoutXServiceVersion",
    "CreateRequestXServiceVersion",
    "CreateWebhookEndpointXServiceVersion",
    "Currency",
    "CurrencyInRequest",
    "CustomerEvidence",
    "DecisionEnum",
    "DeclineRequestXServiceVersion",
    "DeleteFundingSourceXServiceVersion",
    "DeleteLimitGroupXServiceVersion",
    "DeleteWebhookEndpointXServiceVersion",
    "Delivery",
    "DeliveryAttempt",
    "DeliveryList",
    "DeliveryStatusEnum",
    "DeviceContextRequest",
    "DeviceContextTypeEnum",
    "DeviceLocationRequest",
    "DeviceObservation",
    "DeviceObservationList",
    "DeviceTypeEnum",
    "DirectionEnum",
    "EffectiveLimits",
    "EffectiveLimitsEnvelope",
    "Email",
    "Endpoint",
    "EndpointCreateRequest",
    "EndpointList",
    "EndpointWithSecret",
    "Event",
    "EventData",
    "EventList",
    "EventTypeEnum",
    "EvidenceLevelEnum",
    "FiredRule",
    "FundedFrom",
    "FundedFromTypeEnum",
    "Funding",
    "FundingSource",
    "FundingSourceInRequest",
    "FundingSourceList",
    "FundingTypeEnum",
    "GetEffectiveLimitsXServiceVersion",
    "GetEventXServiceVersion",
    "GetLedgerRegistrationXServiceVersion",
    "GetLimitDefaultsXServiceVersion",
    "GetLimitGroupXServiceVersion",
    "GetParticipantReviewXServiceVersion",
    "GetParticipantXServiceVersion",
    "GetPayoutXServiceVersion",
    "GetRequestXServiceVersion",
    "GetReviewCommandXServiceVersion",
    "GetWebhookEndpointXServiceVersion",
    "Hold",
    "IssueTokenXServiceVersion",
    "Key",
    "KeyEnum",
    "KeyInRequest",
    "KindEnum",
    "KtyEnum",
    "LedgerRegistration",
    "LedgerRegistrationInRequest",
    "LegacyCounterparty",
    "LegacyParticipantRow",
    "LimitDefaultLevels",
    "LimitDefaults",
    "LimitGroup",
    "LimitGroupCeilings",
    "LimitGroupList",
    "LimitGroupRef",
    "LimitProviderSourceEnum",
    "LimitProviderSources",
    "LimitValues",
    "LimitVersions",
    "ListDeviceObservationsXServiceVersion",
    "ListEventsTypeItem",
    "ListEventsXServiceVersion",
    "ListFundingSourcesXServiceVersion",
    "ListLimitGroupsXServiceVersion",
    "ListParticipantPaymentsStatusItem",
    "ListParticipantPaymentsType",
    "ListParticipantPaymentsXServiceVersion",
    "ListParticipantReviewsStatus",
    "ListParticipantReviewsXServiceVersion",
    "ListParticipantsXServiceVersion",
    "ListPaymentsStatusItem",
    "ListPaymentsType",
    "ListPaymentsXServiceVersion",
    "ListRiskAssessmentsXServiceVersion",
    "ListWebhookDeliveriesXServiceVersion",
    "ListWebhookEndpointsXServiceVersion",
    "Location",
    "Note",
    "OpenParticipantReviewXServiceVersion",
    "OpenReviewRequest",
    "Operation",
    "OperationStatusEnum",
    "OperationTypeEnum",
    "Participant",
    "ParticipantCreated",
    "ParticipantCreateRequest",
    "ParticipantList",
    "ParticipantPaymentList",
    "ParticipantPayoutRow",
    "ParticipantRequestRow",
    "ParticipantReview",
    "ParticipantReviewDetail",
    "ParticipantReviewEnvelope",
    "ParticipantReviewList",
    "ParticipantReviewStatusEnum",
    "ParticipantStatusEnum",
    "Party",
    "PatchedEndpointUpdateRequest",
    "PatchedParticipantUpdateRequest",
    "PaymentList",
    "PaymentReview",
    "PaymentReviewEnvelope",
    "PaymentReviewResolutionEnum",
    "PaymentReviewResolutionRequest",
    "PaymentReviewStatusEnum",
    "PaymentTypeEnum",
    "PayoutCancelRequest",
    "PayoutClaimRequest",
    "PayoutCreateRequest",
    "PayoutDetail",
    "PayoutEnvelope",
    "PayoutRow",
    "PayoutStatusEnum",
    "PayoutSummary",
    "PayoutTypeEnum",
    "PayRequestXServiceVersion",
    "Phone",
    "PhoneInRequest",
    "PhoneNumber",
    "PreviousKey",
    "Problem",
    "ProblemError",
    "PutLedgerRegistrationXServiceVersion",
    "RailEnum",
    "ReactivateParticipantXServiceVersion",
    "ReactivateRequest",
    "ReasonCodeEnum",
    "RecordSignInXServiceVersion",
    "RedeliverEventXServiceVersion",
    "Redelivery",
    "Relationship",
    "RelationshipEnvelope",
    "RelationshipSummary",
    "RequestCreateRequest",
    "RequestDeclineRequest",
    "RequestDetail",
    "RequestEnvelope",
    "RequestPayRequest",
    "RequestRow",
    "RequestStatusEnum",
    "RequestTypeEnum",
    "Resolution",
    "ResolvedByDisplay",
    "ResolvePaymentReviewXServiceVersion",
    "ReviewCommand",
    "ReviewCommandEnvelope",
    "ReviewCommandKindEnum",
    "ReviewCommandStatusEnum",
    "ReviewRelationship",
    "RiskAssessment",
    "RiskAssessmentList",
    "RiskLevelEnum",
    "RotateWebhookSecretXServiceVersion",
    "ScopesEnum",
    "Signal",
    "SignInAssessment",
    "SignInRequest",
    "SuspendFromParticipantReviewXServiceVersion",
    "SuspendFromReviewRequest",
    "SuspendParticipantXServiceVersion",
    "SuspendRequest",
    "TestSent",
    "TestWebhookEndpointXServiceVersion",
    "Token",
    "TokenRequestRequest",
    "TransactionEvidence",
    "UpdateParticipantXServiceVersion",
    "UpdateWebhookEndpointXServiceVersion",
    "UseEnum",
    "WebhookEndpointStatusEnum",
)
