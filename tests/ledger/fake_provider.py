"""A stand-in provider ledger on a real socket, whose answers each test scripts."""

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict = field(default_factory=dict)

    @classmethod
    def json(cls, data: dict, status: int = 200, **headers) -> "Reply":
        return cls(
            status, json.dumps(data).encode(), {"Content-Type": "application/json", **headers}
        )


class FakeProvider:
    """`respond(path, body_bytes) -> Reply` decides every answer; `requests` keeps what came."""

    def __init__(self):
        self.requests: list[tuple[str, bytes]] = []
        self.respond = lambda path, body: Reply(503)
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                owner.requests.append((self.path, body))
                reply = owner.respond(self.path, body)
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def urls(self) -> dict[str, str]:
        return {
            "authorize_url": f"{self.url}/ledger/authorize",
            "release_url": f"{self.url}/ledger/release",
            "capture_url": f"{self.url}/ledger/capture",
        }
