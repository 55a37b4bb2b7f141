"""Loopback servers that misbehave on purpose, written on raw sockets so a test controls every
byte and its timing: a body that trickles, headers that trickle, a reply that streams for ever.
Each keeps the requests it received."""

import contextlib
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

GIB = 1024**3


@dataclass
class Request:
    head: str
    body: bytes

    def header(self, name: str) -> str | None:
        for line in self.head.split("\r\n")[1:]:
            key, _, value = line.partition(":")
            if key.strip().lower() == name.lower():
                return value.strip()
        return None


class RawServer:
    """Accepts on `host:port` (0: a free port), reads each request, then `answer(conn)`."""

    def __init__(
        self,
        answer: Callable[[socket.socket], None],
        host: str = "127.0.0.1",
        port: int = 0,
        tls: ssl.SSLContext | None = None,
    ):
        self.answer = answer
        self.tls = tls
        self.requests: list[Request] = []
        self.sock = socket.create_server((host, port))
        self.host, self.port = self.sock.getsockname()[:2]
        threading.Thread(target=self._serve, daemon=True).start()

    def url(self, path: str = "/hooks", host: str | None = None, scheme: str = "http") -> str:
        return f"{scheme}://{host or self.host}:{self.port}{path}"

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        try:
            if self.tls is not None:
                conn = self.tls.wrap_socket(conn, server_side=True)
            data = b""
            while b"\r\n\r\n" not in data:
                piece = conn.recv(65536)
                if not piece:
                    return
                data += piece
            head, _, body = data.partition(b"\r\n\r\n")
            request = Request(head.decode("latin-1"), body)
            length = int(request.header("Content-Length") or 0)
            while len(request.body) < length:
                piece = conn.recv(65536)
                if not piece:
                    return
                request.body += piece
            self.requests.append(request)
            self.answer(conn)
        except (OSError, ssl.SSLError):
            pass
        finally:
            conn.close()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


@contextmanager
def started() -> Iterator[Callable[..., RawServer]]:
    """`start(answer, **kwargs)` starts a RawServer; every one is closed on the way out."""
    servers: list[RawServer] = []

    def start(answer, **kwargs) -> RawServer:
        servers.append(RawServer(answer, **kwargs))
        return servers[-1]

    try:
        yield start
    finally:
        for server in servers:
            server.close()


def plain(status: int = 200, body: bytes = b"ok", headers: str = "") -> Callable:
    def answer(conn):
        conn.sendall(
            f"HTTP/1.1 {status} X\r\nContent-Length: {len(body)}\r\n{headers}"
            "Connection: close\r\n\r\n".encode()
            + body
        )

    return answer


def trickle(status: int = 200, length: int = 1_000_000, every: float = 1.0) -> Callable:
    """Announces `length` bytes, then sends one byte every `every` seconds."""

    def answer(conn):
        conn.sendall(f"HTTP/1.1 {status} X\r\nContent-Length: {length}\r\n\r\n".encode())
        for _ in range(length):
            conn.sendall(b"x")
            time.sleep(every)

    return answer


def trickle_headers(every: float = 1.0) -> Callable:
    """A status line, then a header that never ends, one byte every `every` seconds."""

    def answer(conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
        while True:
            conn.sendall(b"a")
            time.sleep(every)

    return answer


def stream(status: int = 200, total: int = 2 * GIB, fill: bytes = b"a") -> Callable:
    """Announces `total` bytes and sends them as fast as the reader takes them."""
    block = fill * (1024 * 1024 // len(fill))

    def answer(conn):
        conn.sendall(f"HTTP/1.1 {status} X\r\nContent-Length: {total}\r\n\r\n".encode())
        sent = 0
        while sent < total:
            conn.sendall(block)
            sent += len(block)

    return answer


def rss_kb(field: str = "VmRSS") -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise LookupError(field)


def reset_peak_rss() -> bool:
    """Reset VmHWM to the current RSS (Linux: `5` in clear_refs); False where refused."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False
