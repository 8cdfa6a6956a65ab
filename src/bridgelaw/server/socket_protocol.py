"""The server's websocket connections: uvicorn's sans-I/O websockets protocol with a
synchronous write for the messages of the tables.

A change reaches each connection of its table as one text frame. Through ASGI a send is
a coroutine handed down Starlette's wrappers to uvicorn's protocol, which builds the
frame with the websockets library, and each connection needed a task of its own to await
it: under load those wrappers, frames and task wake-ups cost more CPU than rendering the
change. ``write_text`` writes the frame at once instead, while the connection is open and
its transport takes data; otherwise it returns False and the message takes the ASGI path,
which waits for a slow reader or reports the disconnection, as before.

``bridgelaw serve`` runs uvicorn with this protocol; the connection finds it in its scope
(``SCOPE_KEY``). Under any other server (a test client) the key is absent and every
message takes the ASGI path.
"""

from __future__ import annotations

import struct

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

SCOPE_KEY = "bridgelaw.socket"  # the connection's ``TableSocketProtocol`` in its ASGI scope
_TEXT_FIN = 0x81  # FIN and the text opcode (RFC 6455 5.2)
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


class TableSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets protocol that lets the application write a text frame itself."""

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # set only for a handshake that is going ahead
        if scope is not None:
            scope[SCOPE_KEY] = self

    def write_text(self, data: str) -> bool:
        """Write ``data`` as one text frame now; False (nothing written) unless the
        connection is open and its transport is not asking writers to wait. A server's
        frame is not masked: a header of 2, 4 or 10 bytes, then the UTF-8 text."""
        if (
            self.close_sent or self.disconnected or not self.handshake_complete or self.initial_response is not None
            or not self.writable.is_set() or self.conn.state is not State.OPEN or self.transport.is_closing()
        ):
            return False
        payload = data.encode()
        n = len(payload)
        if n < 126:
            head = bytes((_TEXT_FIN, n))
        elif n < 1 << 16:
            head = _MEDIUM.pack(_TEXT_FIN, 126, n)
        else:
            head = _LONG.pack(_TEXT_FIN, 127, n)
        self.transport.write(head + payload)
        return True
