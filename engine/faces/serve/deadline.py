"""uvicorn's HTTP/1.1 protocol with a deadline on each request's line and headers.

uvicorn times a connection out only between two requests (``timeout_keep_alive``); a client that
sends a request a byte at a time, or opens a connection and sends nothing, holds it for good, and a
few hundred such clients hold every connection the server allows. Here a connection that has not
sent a whole request line and headers within ``timeout`` seconds of its first byte (or of its
opening) is answered 408 and closed. The body is the application's to time (bodies.py).

Past ``--max-connections`` uvicorn answers a request 503 by an application of its own, in plain
text, and a request h11 cannot read (a malformed line, headers past their bound) 400 in plain text;
``protocol`` puts JSON answers in their place, so every answer of the server is JSON.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http import h11_impl
from uvicorn.protocols.http.h11_impl import H11Protocol

from . import front


def _whole(status: bytes, body: bytes) -> bytes:
    """An answer that closes the connection, whole and ready to write."""
    return (b"HTTP/1.1 %s\r\ncontent-type: application/json\r\nconnection: close\r\n"
            b"content-length: %d\r\n\r\n%s" % (status, len(body), body))


#: The answer to a request too slow to send its head.
LATE = _whole(b"408 Request Timeout",
              b'{"rule":"input","message":"the request line and headers did not come in time"}')
#: The answer to a request that is not HTTP/1.1 h11 can read.
BAD = _whole(b"400 Bad Request",
             b'{"rule":"input","message":"not an HTTP/1.1 request this server can read (a '
             b'malformed line, or headers over their bound)"}')


_FULL = b'{"rule":"busy","message":"the server holds as many connections as it allows; try again"}'


async def full(_scope, _receive, send) -> None:
    """The answer past the connections' bound: 503 ``busy``, JSON."""
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(_FULL)),
               (b"retry-after", b"1"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": _FULL, "more_body": False})


def protocol(timeout: float, budget: front.Budget | None = None) -> type[H11Protocol]:
    """The protocol class to give uvicorn (``http=``), timing each request's head to ``timeout``;
    a request it cannot read spends a strike of ``budget`` (front.py), answered late past it."""
    # the name uvicorn's protocol calls past limit_concurrency; this process serves only turnlog
    h11_impl.service_unavailable = full  # type: ignore[assignment]

    class Deadlined(H11Protocol):
        _head: asyncio.TimerHandle | None = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._head = self.loop.call_later(timeout, self._late)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._watch()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop()
            super().connection_lost(exc)

        def _watch(self) -> None:
            """Time the head of a request begun; stop timing once its head is whole."""
            waiting = self.conn.their_state is h11.IDLE
            if waiting and self.conn.trailing_data[0] and self._head is None:
                self._head = self.loop.call_later(timeout, self._late)
            elif not waiting:
                self._stop()

        def send_400_response(self, msg: str) -> None:
            self.logger.debug("unreadable request: %s", msg)
            host = self.client[0] if self.client else ""
            if budget is not None and not budget.strike(host) and budget.hold(host):
                self.transport.pause_reading()  # nothing more is read from it meanwhile

                def answer() -> None:
                    budget.let_go(host)
                    self._refuse()

                self.loop.call_later(front.LATE, answer)
                return
            self._refuse()

        def _refuse(self) -> None:
            if not self.transport.is_closing():
                self.transport.write(BAD)
                self.transport.close()

        def _stop(self) -> None:
            if self._head is not None:
                self._head.cancel()
                self._head = None

        def _late(self) -> None:
            self._head = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                if self.cycle is None or self.cycle.response_complete:
                    self.transport.write(LATE)
                self.transport.close()

    return Deadlined
