"""Outbound HTTP: one POST to a party outside the service, bounded in time and in size.

- **A total deadline** (an absolute `time.monotonic()` value) covers connecting, TLS, sending,
  the status line, the headers and the body. A watchdog shuts the socket down at the deadline,
  so a peer that trickles bytes (each socket read returning before its own timeout) cannot
  hold the caller past it; before each step the socket timeout is also cut to what is left.
- **A size cap**: at most `max_bytes` of the body are read, in small pieces; the rest is never
  read and the connection is closed. Nothing is decompressed (`Accept-Encoding: identity`).
- **No redirects** (a 3xx is returned as it came) and no connection reuse.
- **Resolved once**: the host is resolved once (or the caller passes the addresses it checked)
  and the connection goes to those addresses only, with the URL's Host header and, for https,
  its name as TLS server name and in the certificate check. A second resolution, which could
  answer something else, never happens.

Knows nothing of the project: the caller passes every limit.
"""

import contextlib
import socket
import ssl
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import certifi
from urllib3.connection import HTTPConnection, HTTPSConnection

READ_PIECE = 16 * 1024

# How a reply's body ended (`Reply.ended`).
COMPLETE = "complete"  # read to its end
OVER_CAP = "over_cap"  # more than max_bytes was on offer; the rest was not read
TIMED_OUT = "timed_out"  # the deadline (or a read timeout) passed while the body was arriving
BROKEN = "broken"  # the peer closed or broke the connection before the body's end


@dataclass(frozen=True)
class Reply:
    status: int
    headers: Mapping[str, str]
    body: bytes  # at most max_bytes
    ended: str = COMPLETE
    address: str = ""  # the address the connection went to

    def text(self) -> str:
        """The body read, decoded by its charset (UTF-8 when none), bad bytes replaced."""
        charset = "utf-8"
        for param in self.headers.get("Content-Type", "").split(";")[1:]:
            name, _, value = param.strip().partition("=")
            if name.lower() == "charset" and value:
                charset = value.strip().strip('"')
        try:
            return self.body.decode(charset, errors="replace")
        except LookupError:
            return self.body.decode("utf-8", errors="replace")


class OutboundError(Exception):
    """No status line and headers arrived; the message says why."""


class Timeout(OutboundError):
    """The deadline (or a connect or read timeout) passed before the headers arrived."""


class Unresolvable(OutboundError):
    """The host does not resolve."""


class ConnectionFailed(OutboundError):
    """No connection could be made, or it broke before the headers arrived."""


def resolve(host: str, port: int) -> list[str]:
    """Every address `host` resolves to for TCP, in the resolver's order; [] when it does not
    resolve. The one place the service resolves a host it is about to call."""
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        return []
    found: list[str] = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return found


def post(
    url: str,
    *,
    body: bytes,
    headers: Mapping[str, str],
    deadline: float,
    connect_timeout: float,
    read_timeout: float,
    max_bytes: int,
    addresses: Sequence[str] | None = None,
    tls_context: ssl.SSLContext | None = None,
) -> Reply:
    """POST `body` to `url` and read at most `max_bytes` of the reply before `deadline`.

    `addresses`: connect only to these (tried in order), e.g. the ones an address policy has
    just checked; None resolves the host here, once. `connect_timeout` bounds each connection
    attempt and `read_timeout` each wait for bytes, both also cut to the deadline.
    Raises OutboundError (Timeout, Unresolvable, ConnectionFailed) when no status and headers
    arrived; once they have, returns a Reply whose `ended` says how the body ended."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an absolute http(s) URL: {url!r}")
    host = parts.hostname
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if addresses is None:
        addresses = resolve(host, port)
    if not addresses:
        raise Unresolvable(f"host {host} does not resolve")
    watchdog = _Watchdog(deadline)
    try:
        return _exchange(
            parts,
            port,
            addresses,
            watchdog,
            body=body,
            headers=headers,
            connect_timeout=connect_timeout,
            read_timeout=read_timeout,
            max_bytes=max_bytes,
            tls_context=tls_context,
        )
    finally:
        watchdog.stop()


def _exchange(parts, port, addresses, watchdog, *, body, headers, max_bytes, **limits) -> Reply:
    conn, address = _connect(parts, port, addresses, watchdog, **limits)
    response = None
    try:
        send = {
            **headers,
            "Host": _host_header(parts),
            "Accept-Encoding": "identity",
            "Connection": "close",
        }
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        sock = conn.sock  # kept: http.client drops it from `conn` when the reply will close
        try:
            conn.timeout = watchdog.cut(limits["read_timeout"])
            conn.request("POST", path, body=body, headers=send, preload_content=False)
            conn.timeout = watchdog.cut(limits["read_timeout"])
            response = conn.getresponse()
        except Exception as exc:  # socket, TLS, http.client and urllib3 errors alike
            raise _failure(exc, watchdog, "no reply") from None
        if watchdog.fired:  # the headers were cut short, whatever http.client made of them
            raise Timeout("the deadline passed before the reply's headers")
        data, ended = _read(sock, response, watchdog, limits["read_timeout"], max_bytes)
        return Reply(response.status, response.headers, data, ended, address)
    finally:
        if response is not None:
            response.close()
        conn.close()


def _connect(parts, port, addresses, watchdog, *, connect_timeout, read_timeout, tls_context):
    last: Exception | None = None
    for address in addresses:
        if watchdog.left() <= 0:
            break
        if parts.scheme == "https":
            conn = _PinnedHTTPS(
                address,
                port,
                server_hostname=parts.hostname,
                ssl_context=tls_context,
                ca_certs=None if tls_context else certifi.where(),
            )
        else:
            conn = _PinnedHTTP(address, port)
        conn.watchdog = watchdog
        conn.timeout = watchdog.cut(connect_timeout)
        try:
            conn.connect()
            return conn, address
        except Exception as exc:  # a refused, unreachable or failed TLS connection: next one
            conn.close()
            last = exc
    if watchdog.fired or watchdog.left() <= 0:
        raise Timeout("the deadline passed while connecting")
    raise _failure(last, watchdog, "could not connect")


def _read(sock, response, watchdog, read_timeout: float, max_bytes: int) -> tuple[bytes, str]:
    """Small reads, each bounded by the time left, until the end, the cap or the deadline."""
    pieces, size = [], 0
    while size <= max_bytes:
        left = watchdog.left()
        if left <= 0:
            return b"".join(pieces), TIMED_OUT
        if response.isclosed():  # http.client closes it at the body's end
            return b"".join(pieces), COMPLETE
        try:
            sock.settimeout(min(read_timeout, left))
            piece = response.read1(min(READ_PIECE, max_bytes + 1 - size), decode_content=False)
        except Exception as exc:
            timed_out = watchdog.fired or watchdog.left() <= 0 or _is_timeout(exc)
            return b"".join(pieces), TIMED_OUT if timed_out else BROKEN
        if not piece:
            return b"".join(pieces), TIMED_OUT if watchdog.fired else COMPLETE
        pieces.append(piece)
        size += len(piece)
    return b"".join(pieces)[:max_bytes], OVER_CAP


def _is_timeout(exc: BaseException | None) -> bool:
    while exc is not None:
        if isinstance(exc, TimeoutError) or "timed out" in str(exc).lower():
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def _failure(exc: Exception | None, watchdog: "_Watchdog", what: str) -> OutboundError:
    if watchdog.fired or watchdog.left() <= 0:
        return Timeout("the deadline passed before the reply's headers")
    if _is_timeout(exc):
        return Timeout(f"{what}: timed out")
    return ConnectionFailed(f"{what}: {type(exc).__name__}: {exc}"[:300])


def _host_header(parts) -> str:
    host = parts.hostname
    try:
        host.encode("ascii")
    except UnicodeError:
        host = host.encode("idna").decode("ascii")
    if ":" in host:
        host = f"[{host}]"
    return f"{host}:{parts.port}" if parts.port else host


class _Watchdog:
    """Shuts the connection down at the deadline, whatever the reading code is blocked in.

    It holds its own duplicate of the socket's descriptor (shutdown acts on the socket, not
    on the descriptor), so it can never touch a descriptor number reused elsewhere."""

    def __init__(self, deadline: float):
        self.deadline = deadline
        self.fired = False
        self._lock = threading.Lock()
        self._sock: socket.socket | None = None
        self._done = False
        self._timer = threading.Timer(max(0.0, deadline - time.monotonic()), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def cut(self, timeout: float) -> float:
        return max(0.001, min(timeout, self.left()))

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            if self._done:
                return
            if self._sock is not None:
                self._sock.close()
            self._sock = sock.dup()
            if self.fired:
                self._shut()

    def _fire(self) -> None:
        with self._lock:
            if self._done:
                return
            self.fired = True
            self._shut()

    def _shut(self) -> None:
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)

    def stop(self) -> None:
        with self._lock:
            self._done = True
            self._timer.cancel()
            if self._sock is not None:
                self._sock.close()
                self._sock = None


class _Watched:
    watchdog: _Watchdog

    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        self.watchdog.watch(sock)
        return sock


class _PinnedHTTP(_Watched, HTTPConnection):
    pass


class _PinnedHTTPS(_Watched, HTTPSConnection):
    pass
