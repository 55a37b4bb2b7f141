"""The benchmark's own views beside the API: the read floor, the write floor, and a payout
created through the service."""

import json

from django.conf import settings
from django.db import connection, transaction
from django.http import JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

from common.actors import Actor
from common.errors import DomainError
from participants.models import Enrollment
from payments import services as payment_services


def floor(request, provider_id, external_id):
    enrollment = (
        Enrollment.objects.select_related("participant")
        .filter(provider_id=provider_id, external_id=external_id)
        .first()
    )
    return JsonResponse(
        {"participantID": enrollment.participant_id, "externalID": enrollment.external_id}
    )


@csrf_exempt
def write_floor(request):
    body = json.loads(request.body)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO bench_write_floor (body, created_on) VALUES (%s, now()) RETURNING id",
            [json.dumps(body)],
        )
        row_id = cursor.fetchone()[0]
    return JsonResponse({"id": row_id}, status=201)


@csrf_exempt
def payout(request, provider_id):
    body = json.loads(request.body)
    try:
        created = payment_services.create_payout(
            data=payment_services.NewPayout(
                provider_id=provider_id,
                sender=body["sender"],
                recipient_phone=body["recipientPhone"],
                amount_minor=int(body["amount"]),
                currency=settings.PLATFORM_CURRENCY,
            ),
            actor=Actor.system(),
        )
    except DomainError as exc:
        return JsonResponse({"detail": str(exc)}, status=exc.status)
    return JsonResponse({"payoutID": created.pk, "status": created.status}, status=201)


urlpatterns = [
    path("bench/floor/<str:provider_id>/<str:external_id>", floor),
    path("bench/write-floor", write_floor),
    path("bench/payouts/<str:provider_id>", payout),
    path("", include("config.urls")),
]
