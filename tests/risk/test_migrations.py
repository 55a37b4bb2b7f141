"""The move of the risk models from reviews to risk keeps every row, ID, link, permission and
admin history entry: the database is taken back to before the move, rows are made with the
models as they were then, and the move is applied again."""

from decimal import Decimal

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from reviews.models import ParticipantReview, PaymentReview
from risk.models import (
    DeviceObservation,
    RiskAllowlistEntry,
    RiskAssessment,
    RiskListEntry,
    RiskPolicy,
    RiskRule,
)
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import ANALYST, AUDITOR, review_group

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("reviews", "0007_payment_review_assignee_notes")
MOVED = (
    "riskpolicy",
    "riskrule",
    "risklistentry",
    "riskallowlistentry",
    "riskassessment",
    "deviceobservation",
)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


def _latest():
    executor = MigrationExecutor(connection)
    _migrate(executor.loader.graph.leaf_nodes())


def _old_models():
    """The reviews app's models as they were before the move."""
    loader = MigrationExecutor(connection).loader
    return loader.project_state([BEFORE, ("admin", "0003_logentry_add_action_flag_choices")]).apps


def _rows_before_the_move(provider, enrollment, payout):
    apps = _old_models()
    model = lambda name: apps.get_model("reviews", name)  # noqa: E731
    policy, _ = model("RiskPolicy").objects.update_or_create(pk=1, defaults={"deny_at_score": 85})
    rule = model("RiskRule").objects.create(
        rule_id=4242, name="Large", condition="amount_at_least", threshold=Decimal(500)
    )
    entry = model("RiskListEntry").objects.create(kind="country", value="KP", level="high")
    allowed = model("RiskAllowlistEntry").objects.create(
        participant_id=enrollment.participant_id, rule_id=rule.pk, reason="payroll"
    )
    assessment = model("RiskAssessment").objects.create(
        id="ra_MOVED1",
        event="payment",
        provider_id=provider.pk,
        participant_id=enrollment.participant_id,
        payment_id=payout.pk,
        decision="review",
        score=62.0,
        rules=[{"ruleID": 4242, "name": "Large", "isLive": True, "isAllowlisted": False}],
    )
    device = model("DeviceObservation").objects.create(assessment=assessment, model="Pixel 8")
    review = model("ParticipantReview").objects.create(
        id="rev_MOVED1",
        provider_id=provider.pk,
        enrollment_id=enrollment.pk,
        participant_id=enrollment.participant_id,
    )
    model("ParticipantReviewAssessment").objects.create(review=review, assessment=assessment)
    payment_review = model("PaymentReview").objects.create(
        id="pyr_MOVED1", provider_id=provider.pk, payment_id=payout.pk, assessment=assessment
    )
    return {
        "policy": policy.pk,
        "rule": rule.pk,
        "entry": entry.pk,
        "allowed": allowed.pk,
        "assessment": assessment.pk,
        "device": device.pk,
        "review": review.pk,
        "payment_review": payment_review.pk,
    }


def _content_type_ids(app_label):
    return dict(
        ContentType.objects.filter(app_label=app_label, model__in=MOVED).values_list("model", "id")
    )


def _group_permissions(name):
    return set(
        Group.objects.get(name=name).permissions.values_list(
            "id", "content_type__app_label", "codename"
        )
    )


def _moved(permissions):
    """The same permission rows, the moved models' now under the risk app."""
    return {
        (pk, "risk" if code.split("_", 1)[1] in MOVED else app, code)
        for pk, app, code in permissions
    }


def test_the_policy_row_is_made_by_a_migration():
    RiskPolicy.objects.all().delete()
    try:
        _migrate([("risk", "0002_risk_change")])
        assert not RiskPolicy.objects.exists()
    finally:
        _latest()
    policy = RiskPolicy.objects.get()
    assert (policy.pk, policy.review_at_score, policy.deny_at_score) == (1, 50, 90)


def test_the_move_keeps_rows_ids_links_permissions_and_admin_history(provider):
    enrollment = enroll(provider.provider)
    payout = make_payment(enrollment)
    staff = User.objects.create_user("root", is_staff=True)
    review_group(ANALYST), review_group(AUDITOR)  # a flush by earlier tests removes them
    try:
        _migrate([("risk", None)])
        ContentType.objects.clear_cache()
        before = _content_type_ids("reviews")
        assert set(before) == set(MOVED)
        analyst_before = _group_permissions(ANALYST)
        auditor_before = _group_permissions(AUDITOR)
        assert ("reviews", "change_riskrule") in {(a, c) for _, a, c in analyst_before}
        ids = _rows_before_the_move(provider.provider, enrollment, payout)
        history = LogEntry.objects.create(
            user=staff,
            content_type_id=before["riskrule"],
            object_id="4242",
            object_repr="4242 Large",
            action_flag=CHANGE,
            change_message="threshold",
        )
        _latest()
    finally:
        _latest()  # whatever happened, leave the schema as the other tests expect
        ContentType.objects.clear_cache()

    # Rows and IDs, read through the models' new home, with every link between them.
    assert RiskPolicy.objects.get(pk=ids["policy"]).deny_at_score == 85
    rule = RiskRule.objects.get(pk=ids["rule"])
    assert (rule.name, rule.threshold) == ("Large", Decimal(500))
    assert RiskListEntry.objects.get(pk=ids["entry"]).value == "KP"
    allowed = RiskAllowlistEntry.objects.get(pk=ids["allowed"])
    assert (allowed.participant_id, allowed.rule_id) == (enrollment.participant_id, rule.pk)
    assessment = RiskAssessment.objects.get(pk=ids["assessment"])
    assert (assessment.payment_id, assessment.score) == (payout.pk, 62.0)
    assert list(assessment.device_observations.values_list("pk", flat=True)) == [ids["device"]]
    assert DeviceObservation.objects.get(pk=ids["device"]).assessment_id == assessment.pk
    review = ParticipantReview.objects.get(pk=ids["review"])
    assert list(review.assessments.values_list("pk", flat=True)) == [assessment.pk]
    assert PaymentReview.objects.get(pk=ids["payment_review"]).assessment == assessment
    assert set(assessment.participant_reviews.values_list("pk", flat=True)) == {review.pk}

    # The same content type rows, now the risk app's: permissions and history follow them.
    assert _content_type_ids("risk") == before
    assert not _content_type_ids("reviews")
    assert ContentType.objects.get_for_model(RiskRule).pk == before["riskrule"]
    assert _group_permissions(ANALYST) == _moved(analyst_before)
    assert _group_permissions(AUDITOR) == _moved(auditor_before)
    user = User.objects.create_user("ana", is_staff=True)
    user.groups.add(Group.objects.get(name=ANALYST))
    assert user.has_perm("risk.change_riskrule") and user.has_perm("risk.view_riskassessment")
    assert not user.has_perm("reviews.change_riskrule")
    history.refresh_from_db()
    assert history.get_edited_object() == rule
    assert not Permission.objects.filter(
        content_type__app_label="reviews", codename__endswith="riskrule"
    ).exists()
