"""The second-factor pages under /admin/second-factor/: enrol (QR code, first code, backup
codes shown once) and verify (a code from the app or a backup code). Thin: the rules are in
security.second_factor."""

from django.contrib import admin
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from security import second_factor
from security.forms import CodeForm


def _next(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/admin/"
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe else "/admin/"


def _page(request, template, status=200, **context):
    context = {**admin.site.each_context(request), "next": _next(request), **context}
    return render(request, f"admin/security/{template}", context, status=status)


def _staff_only(view):
    def wrapped(request):
        if not (request.user.is_authenticated and request.user.is_staff):
            return redirect_to_login(request.get_full_path(), "admin:login")
        return view(request)

    return wrapped


@_staff_only
def setup(request):
    user = request.user
    if second_factor.has_device(user):
        return redirect(f"/admin/second-factor/verify/?next={_next(request)}")
    device = second_factor.pending_enrolment(user)
    if device is None:
        return _page(request, "not_allowed.html", title="Second factor needed", status=403)
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        codes = second_factor.confirm(request, device, form.cleaned_data["code"])
        if codes is not None:
            return _page(request, "backup_codes.html", title="Backup codes", codes=codes)
        form.add_error("code", "That code is not right; check the app's clock and try again.")
    return _page(
        request,
        "setup.html",
        title="Set up your second factor",
        form=form,
        qr=second_factor.qr_svg_data_uri(device),
        secret=second_factor.secret_text(device),
    )


@_staff_only
def verify(request):
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if second_factor.verify(request, form.cleaned_data["code"]):
            return redirect(_next(request))
        form.add_error("code", "That code is not right (or too many tries: wait and retry).")
    return _page(request, "verify.html", title="Second factor", form=form)
