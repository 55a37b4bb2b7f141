"""What LOCAL_HTTP may serve: plain http is allowed only where every name and address the
service answers to, and the address it binds, stays on this machine."""

import ipaddress
from urllib.parse import urlsplit

# Django's test client's host name: no request from elsewhere can reach a server under it.
_LOCAL_NAMES = {"localhost", "testserver"}


def is_loopback(host: str) -> bool:
    """A loopback name or address (127.0.0.0/8, ::1, localhost); brackets and a port allowed."""
    host = host.strip().lower()
    if host.startswith("["):  # [::1] or [::1]:8000
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    elif host.count(":") == 1:  # name:port or IPv4:port
        host = host.split(":", 1)[0]
    host = host.rstrip(".")
    if host in _LOCAL_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def outside_loopback(*, allowed_hosts, base_url: str, bind: str | None) -> list[str]:
    """Each allowed host, the base URL's host and the bind address that is not loopback."""
    found = [host for host in allowed_hosts if not is_loopback(host)]
    base_host = urlsplit(base_url).netloc.rsplit("@", 1)[-1]
    if not is_loopback(base_host):
        found.append(f"SERVICE_BASE_URL {base_url}")
    for address in (bind or "").split(","):
        local = address.strip().startswith("unix:") or is_loopback(address)
        if address.strip() and not local:
            found.append(f"GUNICORN_BIND {address.strip()}")
    return found
