"""Route labels (access log, metrics) read as templates for every route, the admin's
regular-expression ones included."""

import pytest
from django.test import RequestFactory
from django.urls import resolve

from ops.middleware import route_of


@pytest.mark.parametrize(
    ("path", "label"),
    [
        ("/admin/", "/admin/"),
        ("/admin/reviews/", "/admin/{app_label}/"),
        ("/admin/reviews/participantreview/rev_1/change/",
         "/admin/reviews/participantreview/{object_id}/change/"),
        ("/providers/prv_1/participants", "/providers/{providerID}/participants"),
        ("/errors", "/errors"),
    ],
)  # fmt: skip
def test_labels_are_templates(path, label):
    request = RequestFactory().get(path)
    request.resolver_match = resolve(path)
    assert route_of(request) == label
