"""Other phones in the offline pad: the Python worker's side of the phone-to-phone table.

``RTCPeerConnection`` exists only on the page, so the page's ``table.js`` holds the connections
and this module talks to it over the worker's messages (``flet_js.peer`` out, ``flet_js.on_peer``
in; ``python-worker.js`` carries them). What crosses between phones and who decides is
:mod:`app.peers`; what the table sees is :class:`app.state.phones.Phones`.

Every store write here is wrapped by the persistence hooks (IndexedDB), and a game is sent to
the other phones only once it is kept: a host that reloads has every round it confirmed.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from app import peers, persistence
from app.state.phones import Phones, Role

logger = logging.getLogger("block24.peer")


class Bridge:
    """One tab's link between the app's state and the page's peer layer."""

    def __init__(self) -> None:
        self.page = None
        self.state = None
        self.phones: Phones | None = None
        self.host: peers.HostTable | None = None
        self.guest: peers.GuestTable | None = None

    # -- the page ---------------------------------------------------------------------------

    def listen(self) -> None:
        """Hear the page (what it said before is waiting in the worker's inbox)."""
        import flet_js
        from pyodide.ffi import create_proxy

        flet_js.on_peer = create_proxy(self.heard)
        for text in flet_js.peer_inbox():
            self.heard(text)

    def post(self, message: dict[str, Any]) -> None:
        import flet_js

        if message.get("do") == "host" and self.state is not None:
            self.host = peers.HostTable(self.state.store, message["game"])
        flet_js.peer(json.dumps(message, ensure_ascii=False))

    def heard(self, text: object) -> None:
        try:
            event = json.loads(str(text))
        except ValueError:
            return
        if self.page is not None and isinstance(event, dict):
            self.page.run_task(self.handle, event)

    # -- the app ----------------------------------------------------------------------------

    def attach(self, page, state) -> None:
        """A session started (``app.main``): the table's panel, and the page asked what it knows.

        Only in the browser's worker (``python-worker.js`` gives ``flet_js.peer``): elsewhere
        there is no page to ask, and the pad stays as it was."""
        try:
            import flet_js
            import pyodide.ffi  # noqa: F401
        except ImportError:
            return
        if not callable(getattr(flet_js, "peer", None)):
            return
        self.page, self.state = page, state
        self.phones = Phones(state.prefs, self.post)
        state.phones = self.phones
        # The screens are drawn from the app's state (app.main renders it): a change of the
        # panel is a change of the app. (Kept here: an observable holds its listeners weakly.)
        self._relay = lambda sender, field: state.notify()
        self.phones.subscribe(self._relay)
        announce = state.table.announce

        def saved(game_id: str, version: int) -> None:
            if announce is not None:
                announce(game_id, version)
            if self.host is not None and game_id == self.host.game_id:  # the host's own taps
                self.post({"do": "send", "to": "*", "text": self.host.welcome()})

        state.table.announce = saved
        self.listen()
        self.post({"do": "hello"})

    async def handle(self, event: dict[str, Any]) -> None:
        phones, what = self.phones, event.get("event")
        if phones is None:
            return
        text = lambda key: event.get(key) if isinstance(event.get(key), str) else ""  # noqa: E731
        if what == "unsupported":
            phones.on_unsupported(text("why"))
        elif what == "link":
            phones.join(text("code"))
        elif what == "code":
            phones.on_code(text("code"))
        elif what == "guest-code":
            self._become_guest()
            phones.on_guest_code(text("code"))
        elif what == "rejoining":
            self._become_guest()
            phones.role, phones.step = Role.GUEST, phones.t("Joining the table…")
        elif what == "joined":
            phones.on_joined(text("id"))
            if self.host is not None:
                self.post({"do": "send", "to": text("id"), "text": self.host.welcome()})
        elif what == "left":
            phones.on_left(text("id"), text("why"))
        elif what == "failed":
            phones.on_failed(text("why"))
        elif what == "connected":
            phones.on_connected()
            self.post({"do": "send", "text": json.dumps({"op": "hello"})})
        elif what == "lost":
            phones.on_lost()
            if self.guest is not None:
                self.guest.lost()
        elif what == "message":
            await self._message(text("from"), text("text"))

    def _become_guest(self) -> None:
        if self.guest is None:
            self.guest = peers.GuestTable(self.state.store,
                                          lambda out: self.post({"do": "send", "text": out}))
            peers.install(self.guest)

    async def _message(self, sender: str, text: str) -> None:
        hook = persistence.current()
        if self.host is not None and sender:
            await hook.load()
            out = self.host.receive(text)
            await hook.save()  # kept before any phone hears of it
            for to, message in out:
                self.post({"do": "send", "to": "*" if to == "all" else sender, "text": message})
                if to == "all":
                    stored = self.state.store.load_game(self.host.game_id)
                    self.state.game_changed(self.host.game_id, stored.version)
        elif self.guest is not None:
            first = self.guest.game_id is None
            await hook.load()
            changed = self.guest.receive(text)
            await hook.save()
            if changed is None:
                return
            self.post({"do": "keep", "game": changed})
            self.phones.role = Role.GUEST
            if first or self.state.table.game_id != changed:
                await self.state.go(f"/game/{changed}")
            else:
                self.state.game_changed(changed, self.guest.version or 0)


bridge = Bridge()
