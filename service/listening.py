"""uvicorn's server, logging `listening on URL` when its sockets accept connections (after the
application's start-up: worker processes, database), not when the port is bound."""

from __future__ import annotations

import logging
import socket

import uvicorn

log = logging.getLogger("deckforge.service")


class ListeningServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, url: str) -> None:
        super().__init__(config)
        self.url = url

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if not self.should_exit:
            log.info("listening on %s", self.url)
