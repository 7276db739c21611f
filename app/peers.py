"""Phones at one table with no computer: what crosses between them, and who decides.

The offline pad's phones talk over WebRTC data channels (``web/client/peer.js`` on the page,
``web/peer.py`` in the Python worker). This module is the part with no browser in it, so it
is tested with a real store and no network:

- **The host's record is the game.** One game is shared (:attr:`HostTable.game_id`). A guest's
  change (a round confirmed, a correction, an undo) is its whole record sent with the version it
  was made on; the host's engine replays it (:func:`scoring.game_from_record`), the host's store
  saves it only on that version (``expected_version``: a change made on a stale version is
  refused, "changed on another device", as two tabs or the LAN mode refuse it), and the new
  record goes to every phone.
- **Each phone keeps a full copy** (:meth:`app.store.Store.keep_copy`, the host's version as it
  is): a guest that loses the channel still shows the Block. A guest never stores a change of
  its own: it waits for the host's answer (:meth:`GuestTable.propose`).
- **Everything a guest sends is hostile until checked**: its size (the page cuts a channel over
  ``MAX_MESSAGE`` or over the rate first), its shape (:func:`parse`), the table's game only (no
  other game of the host is read or written), the same players and rules, the engine's rules.

Messages are JSON objects with an ``op``:

guest → host
    ``{"op": "hello"}``: send me the table's game;
    ``{"op": "change", "n": N, "game": ID, "base": VERSION, "record": {...}}``.
host → guest
    ``{"op": "game", "game": ID, "version": V, "record": {...}}``: the table's game as stored;
    ``{"op": "answer", "n": N, "ok": true, "version": V}`` or ``{"op": "answer", "n": N,
    "ok": false, "why": WHY, "code": CODE, "values": {...}}`` (:class:`Why`; the engine's
    ``code`` and ``values`` when it refused, worded on the guest in its own language).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring import Game, ScoringError, game_from_record, game_to_record
from scoring.errors import MESSAGES

from .store import StaleGameError, Store, StoreError

__all__ = ["MAX_MESSAGE", "GuestTable", "HostRefusedError", "HostTable", "PeerMessageError", "Why",
           "current", "install", "parse"]

MAX_MESSAGE = 256 * 1024
"""Characters of one message (the page cuts a guest off beyond it: ``peer.js``). A record of
200 rounds is about 40 kB."""
MAX_DEPTH = 12
"""Nesting of a message's JSON (a record is 4 deep): 100 000 brackets never reach the parser."""
ANSWER_S = 10.0
"""How long a guest waits for the host's answer to a change before it says the host is away."""


class Why(StrEnum):
    """Why the host refused a guest's change."""

    STALE = "stale"
    """Made on an older version: another phone changed the game first."""
    RULES = "rules"
    """The host's engine refused the record."""
    OTHER_GAME = "other-game"
    """Not the table's game (or a rename of its players, a change of its rules)."""
    SHAPE = "shape"
    """Not a message of the pad."""
    STORE = "store"
    """The host's store refused (full, damaged)."""


class PeerMessageError(ValueError):
    """A message that is not the pad's (``why``: a :class:`Why`)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.why = Why.SHAPE


class HostRefusedError(StoreError):
    """The host refused this phone's change, or did not answer (its phone away)."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(f"the host refused the change: {code} {values}", code=code, **values)


def _depth(text: str) -> int:
    deepest = depth = 0
    quoted = escaped = False
    for char in text:
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


SHAPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {},
    "change": {"n": int, "game": str, "base": int, "record": dict},
    "game": {"game": str, "version": int, "record": dict},
    "answer": {"n": int, "ok": bool},
}


def parse(text: object) -> dict[str, Any]:
    """A message of the pad from ``text``, its shape checked; raises :class:`PeerMessageError`."""
    if not isinstance(text, str):
        raise PeerMessageError("not text")
    if len(text) > MAX_MESSAGE:
        raise PeerMessageError(f"{len(text)} characters (at most {MAX_MESSAGE})")
    if _depth(text) > MAX_DEPTH:
        raise PeerMessageError(f"nested deeper than {MAX_DEPTH}")
    try:
        message = json.loads(text)
    except ValueError as error:
        raise PeerMessageError(f"not JSON: {error}") from None
    if not isinstance(message, dict) or message.get("op") not in SHAPES:
        raise PeerMessageError("no known op")
    for key, kind in SHAPES[message["op"]].items():
        value = message.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise PeerMessageError(f"{key} is not a {getattr(kind, '__name__', kind)}")
    return message


def _text(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def game_message(store: Store, game_id: str) -> str:
    """The table's game as the host stores it, for every phone."""
    stored = store.load_game(game_id)
    return _text({"op": "game", "game": game_id, "version": stored.version,
                  "record": game_to_record(stored.game)})


@dataclass
class HostTable:
    """The host's side: one shared game, every guest's change through the engine and the store."""

    store: Store
    game_id: str

    def welcome(self) -> str:
        """What a guest gets when it joins (or says hello): the table's game."""
        return game_message(self.store, self.game_id)

    def receive(self, text: object) -> list[tuple[str, str]]:
        """A guest's message: what to send, each to ``"sender"`` or to ``"all"`` phones.

        An accepted change: the new game to all, then the answer (so the sender's copy holds the
        new version when the answer arrives). A refused one: the answer only, after the game as
        stored when the change was made on an older version.
        """
        try:
            message = parse(text)
        except PeerMessageError:
            return [("sender", _text({"op": "answer", "n": -1, "ok": False, "why": Why.SHAPE}))]
        if message["op"] == "hello":
            return [("sender", self.welcome())]
        if message["op"] != "change":
            return [("sender", _text({"op": "answer", "n": -1, "ok": False, "why": Why.SHAPE}))]
        n = message["n"]

        def refused(why: Why, error: BaseException | None = None) -> list[tuple[str, str]]:
            answer: dict[str, Any] = {"op": "answer", "n": n, "ok": False, "why": why}
            if error is not None:
                answer.update(code=getattr(error, "code", "store"),
                              values={k: v for k, v in (getattr(error, "values", None) or {}).items()
                                      if isinstance(v, str | int | float)})
            fresh = [("sender", self.welcome())] if why is Why.STALE else []
            return [*fresh, ("sender", _text(answer))]

        if message["game"] != self.game_id:
            return refused(Why.OTHER_GAME)  # nothing of another game is read or written
        try:
            game = game_from_record(message["record"], new=False)
        except ScoringError as error:
            return refused(Why.RULES, error)
        except (RecursionError, OverflowError, ValueError, TypeError) as error:
            return refused(Why.SHAPE, error)
        try:
            stored = self.store.load_game(self.game_id)
            if game.players != stored.game.players or game.settings != stored.game.settings:
                return refused(Why.OTHER_GAME)  # a guest plays rounds; the table is the host's
            version = self.store.save_game(self.game_id, game, expected_version=message["base"])
        except StaleGameError:
            return refused(Why.STALE)
        except (StoreError, OSError) as error:
            return refused(Why.STORE, error)
        accepted = _text({"op": "answer", "n": n, "ok": True, "version": version})
        return [("all", self.welcome()), ("sender", accepted)]


@dataclass
class GuestTable:
    """A guest's side: a full copy of the table's game, its own changes sent to the host."""

    store: Store
    send: Callable[[str], None]
    game_id: str | None = None
    version: int | None = None

    def __post_init__(self) -> None:
        self._waiting: dict[int, asyncio.Future] = {}
        self._next = 0

    def relays(self, store: Store, game_id: str | None) -> bool:
        """Whether a change of ``game_id`` in ``store`` goes to the host (the table's game)."""
        return store is self.store and game_id is not None and game_id == self.game_id

    def receive(self, text: object) -> str | None:
        """The host's message: the game id whose copy changed (to redraw), else ``None``.

        The host is trusted with its own game, not with the guest's phone: its record is replayed
        by this phone's engine too, and only the table's game is written.
        """
        try:
            message = parse(text)
        except PeerMessageError:
            return None
        if message["op"] == "answer":
            waiting = self._waiting.pop(message["n"], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
            return None
        if message["op"] != "game" or (self.game_id is not None and message["game"] != self.game_id):
            return None
        try:
            game = game_from_record(message["record"], new=False)
            kept = self.store.keep_copy(message["game"], game, message["version"])
        except (ScoringError, StoreError, RecursionError, ValueError, TypeError):
            return None
        self.game_id = message["game"]
        if kept:
            self.version = message["version"]
            return self.game_id
        return None

    async def propose(self, game_id: str, game: Game, base: int | None) -> int:
        """Send a change of the table's game to the host; return the version the host stored.

        The host's copy comes before the answer (``receive`` stores it), so the caller finds
        it in its own store. Raises :class:`StaleGameError` when the host had a newer version,
        :class:`ScoringError` when the host's engine refused, :class:`HostRefusedError` when
        the host refused otherwise or did not answer within :data:`ANSWER_S`.
        """
        self._next += 1
        n = self._next
        future = asyncio.get_event_loop().create_future()
        self._waiting[n] = future
        self.send(_text({"op": "change", "n": n, "game": game_id, "base": -1 if base is None else base,
                         "record": game_to_record(game)}))
        try:
            answer = await asyncio.wait_for(future, ANSWER_S)
        except TimeoutError:
            raise HostRefusedError("host_away") from None
        finally:
            self._waiting.pop(n, None)
        if answer.get("ok") is True and isinstance(answer.get("version"), int):
            return answer["version"]
        why = answer.get("why")
        if why == Why.STALE:
            raise StaleGameError(game_id, -1, -1 if base is None else base)
        code, values = answer.get("code"), answer.get("values")
        if why == Why.RULES and code in MESSAGES and isinstance(values, dict):
            values = dict(values)
            number = values.pop("round", None)
            try:
                error = ScoringError(code, round_number=number if isinstance(number, int) else None, **values)
            except (KeyError, TypeError):  # the host's engine names a blank this one does not know
                raise HostRefusedError("host_refused") from None
            raise error
        raise HostRefusedError("host_refused")

    def lost(self) -> None:
        """The channel to the host closed: every change waiting for an answer is told so."""
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(HostRefusedError("host_away"))
        self._waiting.clear()


_current: GuestTable | None = None

on_start: Callable[[Any, Any], None] | None = None
"""Called with each session's page and state as it starts (the web build's bridge, ``web/peer.py``);
``None`` on a server or the phone app, where the LAN mode shares the game."""


def current() -> GuestTable | None:
    """This phone's place as a guest at a table, if it is one."""
    return _current


def install(guest: GuestTable | None) -> None:
    global _current
    _current = guest
