"""`GET /errors`: the page every problem `type` points into (`…/errors#<code>`). HTML for a
person, JSON when asked for `application/json`."""

from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from api.error_catalog import catalog
from api.problems import ABOUT_BLANK_STATUSES


@require_GET
def errors_page(request):
    problems = catalog()
    if "application/json" in request.headers.get("Accept", ""):
        return JsonResponse(
            {
                "problemTypes": [
                    {
                        "code": p.code,
                        "statuses": list(p.statuses),
                        "title": p.title,
                        "advice": p.advice,
                    }
                    for p in problems
                ],
                "aboutBlankStatuses": list(ABOUT_BLANK_STATUSES),
            }
        )
    blank = ", ".join(str(status) for status in ABOUT_BLANK_STATUSES)
    return render(request, "errors.html", {"problems": problems, "about_blank_statuses": blank})
